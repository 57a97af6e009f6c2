/* pipeout.h — a closed stdout (its pipe's reader gone: clx run ... | head) is a stop the user asked
 * for, not a death by SIGPIPE: the signal is caught for the whole process, a write to any pipe
 * whose reader is gone fails with EPIPE (said where that write is checked), and only stdout's is
 * remembered, for the sweep to stop on as on ^C. */
#ifndef PIPEOUT_H
#define PIPEOUT_H

/* pipeout_catch: SIGPIPE caught from here on, with on_closed (NULL: none) called once, in the
 * signal handler (so async-signal-safe only), when stdout is found closed. main calls it for every
 * command; a forked clx child calls it again (child_fork), so that it never calls its parent's.
 * A SIGPIPE sent by another process (clx's parent passing the stop on, a user's kill -PIPE) counts
 * as stdout closed too; one from the process's own write counts only when stdout's reader is gone.
 * The handler is reset by exec: m4 and gnuplot die of SIGPIPE as they always did. */
void pipeout_catch(void (*on_closed)(void));

/* pipeout_closed: whether stdout was found closed (inherited by a forked child). */
int pipeout_closed(void);

/* pipeout_fd: stdout's descriptor while it is a pipe or socket not yet found closed, for poll
 * (with events 0: its reader gone shows as POLLERR or POLLHUP); -1 otherwise, which poll skips. */
int pipeout_fd(void);

/* pipeout_check: looks at stdout now; where its reader is gone, as SIGPIPE would be: remembered,
 * on_closed called. Returns pipeout_closed(). */
int pipeout_check(void);
#endif
