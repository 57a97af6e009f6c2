/* stopfwd.h — a stop passed on to the child processes doing a command's work (a sweep's worker, the
 * modes worker, each device's process of a run on several devices): SIGINT, SIGTERM, SIGHUP and a
 * closed stdout go on to them and are said at once; a second one stops them at once (the rows or
 * modes written so far stay). One stop is one stop however it arrives: where this process's parent
 * passes its stops on (child.h's CHILD_FOLLOWS_PARENT), the copy it passes of a stop this process
 * heard already (a terminal's ^C reaches the whole group; a batch system signals every process) is
 * not a second one; a second from the same side is. Nor is the copy of a stop that its sender sent to
 * this process and then to its process group (GNU timeout's; stopfwd.c's group_copy says when). */
#ifndef STOPFWD_H
#define STOPFWD_H
#include <sys/types.h>

/* The most children stops go to at once (a run on several devices: one per device running). */
#define STOPFWD_MAX 64

/* What is said on stderr (from the handler: static text), each a whole line or lines (a blank line
 * before it where stderr is a terminal, stopfwd.c says why), and what a second stop does. */
struct stopfwd_says {
    const char *first;           /* the first stop: what the children will do (NULL: nothing said) */
    const char *closed;          /* the same where stdout was closed (SIGPIPE; NULL: nothing said) */
    const char *again;           /* a second stop: what it does to them */
    int pass_again;              /* 0: a second stop kills the children (they are the work); 1: it is
                                  * passed on as the first was (they pass stops on to their own work,
                                  * and a second stop stops theirs at once) */
    int caller_kills;            /* with pass_again 0: the handler kills nobody, the caller does when
                                  * stopfwd_again says so (a sweep's supervisor lets a worker that is
                                  * writing the rows its stop keeps finish them first) */
};

/* stopfwd_catch: from here on, the stops are caught and passed on (says must live until
 * stopfwd_release); a stdout found closed already counts as asked. */
void stopfwd_catch(const struct stopfwd_says *says);
/* stopfwd_child: the one child to pass them on to (0: none now), in place of any before. Call it
 * with the stops held (child_hold_stops) from before its fork: a stop asked before it is sent on
 * here. */
void stopfwd_child(pid_t pid);
/* stopfwd_add: another child to pass them on to, as stopfwd_child says; stopfwd_gone: one that
 * ended (waited for), before its pid can be another's. stopfwd_add returns -1 where STOPFWD_MAX
 * are passed to already. */
int stopfwd_add(pid_t pid);
void stopfwd_gone(pid_t pid);
/* stopfwd_say: the words a first stop says from here on, in place of says' first and closed (static
 * text, as those; NULL: nothing said), for the phase the work is in (a sweep's supervisor: its set-up,
 * its builds, its launches); the one place they change, safe against a stop that lands meanwhile. */
void stopfwd_say(const char *first, const char *closed);
/* stopfwd_unsaid: on (1), a first stop is passed on but not said here: the child says what it
 * meant (a worker waiting for the device's turn: nothing was run); off (0) again once it would not. */
void stopfwd_unsaid(int on);
/* stopfwd_asked: the first stop's signal (SIGPIPE: stdout closed), 0 when none. */
int stopfwd_asked(void);
/* stopfwd_again: whether a second stop came (the children killed for it, or it passed on). */
int stopfwd_again(void);
/* stopfwd_release: the handlers as they were before stopfwd_catch. */
void stopfwd_release(void);
#endif
