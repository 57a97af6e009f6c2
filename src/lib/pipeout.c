/* pipeout.c — a closed stdout remembered instead of dying of SIGPIPE (pipeout.h): the handler, and
 * the look at stdout that tells its pipe from a child's or the worker's. */
#include "pipeout.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t closed;
static void (*volatile on_closed_fn)(void);

/* reader_gone: stdout is a pipe or socket whose reader has gone (poll says so without writing:
 * Linux reports POLLERR on a pipe's write end with no reader). Async-signal-safe. */
static int reader_gone(void)
{
    if (pipeout_fd() < 0) return 0;
    struct pollfd p = { STDOUT_FILENO, 0, 0 };
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

/* mark: stdout closed, said once to on_closed. */
static void mark(void)
{
    if (closed) return;
    closed = 1;
    void (*fn)(void) = on_closed_fn;
    if (fn) fn();
}

/* on_pipe: the SIGPIPE handler. Another process's signal is the stop passed on (a device's or a
 * worker's stdout is not the user's pipe); the process's own is stdout's only when its reader is
 * gone (a write to a child that has died fails with EPIPE, and its caller says so). */
static void on_pipe(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)ctx;
    int saved = errno;       /* poll and fstat must not change what the interrupted code reads */
    int from_other = si && si->si_code == SI_USER && si->si_pid != getpid();
    if (from_other || reader_gone()) mark();
    errno = saved;
}

void pipeout_catch(void (*on_closed)(void))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_pipe;
    /* No SA_RESTART, as for ^C: a wait for the device's or the host's turn (flock) ends with EINTR
     * instead of lasting as long as another clx holds it, the pipeline's shell waiting on it. */
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    on_closed_fn = on_closed;
    sigaction(SIGPIPE, &sa, NULL);
}

int pipeout_closed(void) { return closed; }

int pipeout_fd(void)
{
    struct stat st;
    if (closed || fstat(STDOUT_FILENO, &st)) return -1;
    return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ? STDOUT_FILENO : -1;
}

int pipeout_check(void)
{
    if (reader_gone()) mark();
    return closed;
}
