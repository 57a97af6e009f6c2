/* child.h — a forked clx process that runs a part of clx (a sweep's worker, a device's sweep, the
 * device list) and answers on a pipe: started, its answer read, waited for, its end said one way.
 * A program clx runs (m4, gnuplot) is proc.h's. */
#ifndef CHILD_H
#define CHILD_H
#include <signal.h>
#include <sys/types.h>

/* Flags of child_fork. CHILD_PARENT_DEATH: the child gets SIGTERM when the parent dies outright,
 * so that it stops cleanly and keeps its rows instead of running on alone (stopcatch.h ends it
 * where that stop cannot). CHILD_FOLLOWS_PARENT: that, and the child takes the default action on
 * SIGINT, SIGTERM and SIGHUP (the parent's handlers pass them on to it). */
enum { CHILD_PARENT_DEATH = 2, CHILD_FOLLOWS_PARENT = 1 | CHILD_PARENT_DEATH };

/* child_fork: fork() with a pipe from the child to the parent, the output buffered so far flushed
 * first (or the child would write it again); the child catches SIGPIPE as pipeout.h says, without
 * the parent's on_closed. In the child returns 0 with *fd the pipe's write end;
 * in the parent returns the child's pid with *fd the read end. Dies naming what ("the worker
 * process") when the pipe or the process cannot be made. */
pid_t child_fork(int *fd, const char *what, int flags);
/* child_hold_stops: SIGINT, SIGTERM, SIGHUP and SIGPIPE held (blocked; the mask before in *was)
 * until child_release_stops: a parent that passes stops on to its child holds them from before
 * child_fork until it has the child's pid where its handler looks, else a stop in between is said
 * and never passed on. A CHILD_FOLLOWS_PARENT child starts with them let through; another keeps
 * the hold until it has handlers of its own. */
void child_hold_stops(sigset_t *was);
void child_release_stops(const sigset_t *was);
/* child_stops_passer: where this process was forked CHILD_FOLLOWS_PARENT, the parent's pid (it
 * passes its stops on to this process: a copy of one this process heard already is the same stop,
 * stopfwd.h); 0 otherwise. */
pid_t child_stops_passer(void);

/* child_tell: the child's answer, text in one write (whole on a pipe when shorter than PIPE_BUF),
 * then fd closed; a parent that cannot read it only misses the answer. */
void child_tell(int fd, const char *text);
/* child_read_all: everything on fd until the child closes it (EINTR retried), fd closed; a new
 * string, or NULL when nothing came. */
char *child_read_all(int fd);

/* child_wait: waits for pid to end (EINTR retried); its wait status. */
int child_wait(pid_t pid);
/* child_exit_code: a wait status as a shell says it: the exit status, or 128 + the signal. */
int child_exit_code(int wait_status);
/* child_how: how a process ended, for messages: "died of signal 11 (Segmentation fault)" or "was
 * ended with exit status 3" (a new string). */
char *child_how(int wait_status);
/* child_kill_guess: who may have killed a child that died of signal sig where its parent did not,
 * to follow "died of signal 9 (Killed)" in a message: after SIGKILL ": clx sends no SIGKILL there,
 * so another process sent it: the kernel's out-of-memory killer (...), a job's hard limit or a
 * kill -9"; "" after any other signal. */
const char *child_kill_guess(int sig);
/* child_death: run.json's interrupted_by ("was stopped by ...") for who killed by signal sig: "the
 * death of the worker process by signal 9 (Killed)" (a new string). */
char *child_death(const char *who, int sig);
#endif
