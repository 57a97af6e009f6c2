/* stopfwd.h — a stop passed on to the one child process doing a command's work (a sweep's worker,
 * the modes worker): SIGINT, SIGTERM, SIGHUP and a closed stdout go on to it and are said at once;
 * a second one kills it (the rows or modes written so far stay). */
#ifndef STOPFWD_H
#define STOPFWD_H
#include <sys/types.h>

/* What is said on stderr (from the handler: static text), each a whole line or lines. */
struct stopfwd_says {
    const char *first;           /* the first stop: what the child will do */
    const char *closed;          /* the same where stdout was closed (SIGPIPE) */
    const char *again;           /* a second stop: the child killed */
};

/* stopfwd_catch: from here on, the stops are caught and passed on (says must live until
 * stopfwd_release); a stdout found closed already counts as asked. */
void stopfwd_catch(const struct stopfwd_says *says);
/* stopfwd_child: the child to pass them on to (0: none now). Call it with the stops held
 * (child_hold_stops) from before its fork: a stop asked before it is sent on here. */
void stopfwd_child(pid_t pid);
/* stopfwd_asked: the first stop's signal (SIGPIPE: stdout closed), 0 when none. */
int stopfwd_asked(void);
/* stopfwd_again: whether a second stop came, the child killed for it. */
int stopfwd_again(void);
/* stopfwd_release: the handlers as they were before stopfwd_catch. */
void stopfwd_release(void);
#endif
