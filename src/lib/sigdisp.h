/* sigdisp.h — what another process does with a signal (Linux's /proc/PID/status: SigIgn, SigCgt),
 * read from a signal handler: whether the sender of a stop ignores the signal it sent, as GNU
 * timeout does before it signals its own process group (stopfwd.c's group copy). */
#ifndef SIGDISP_H
#define SIGDISP_H
#include <sys/types.h>

/* What a process does with a signal, as bits: neither (0: its default action, or not known). */
#define SIGDISP_IGNORED 1    /* SIG_IGN: SigIgn's bit */
#define SIGDISP_CAUGHT 2     /* a handler: SigCgt's bit */

/* sigdisp_parse: what the status text (a /proc/PID/status, len bytes, not NUL-terminated) says is
 * done with sig: SIGDISP_ bits, 0 where the text lacks SigIgn and SigCgt. */
int sigdisp_parse(const char *text, size_t len, int sig);
/* sigdisp_of: what process pid does with sig now, as sigdisp_parse; 0 where /proc does not say (no
 * /proc, the process gone, pid <= 0). Async-signal-safe: open, read and close, no allocation. */
int sigdisp_of(pid_t pid, int sig);
#endif
