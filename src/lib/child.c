/* child.c — forked clx processes that answer on a pipe: the fork, the answer, the wait, the end said. */
#include "child.h"
#include "pipeout.h"
#include "util.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* stops_set: the signals that stop clx, a closed stdout's included. */
static void stops_set(sigset_t *s)
{
    sigemptyset(s);
    sigaddset(s, SIGINT);
    sigaddset(s, SIGTERM);
    sigaddset(s, SIGHUP);
    sigaddset(s, SIGPIPE);
}

/* The parent that passes this process's stops on (CHILD_FOLLOWS_PARENT), 0: none. */
static pid_t passer;

pid_t child_stops_passer(void) { return passer; }

void child_hold_stops(sigset_t *was)
{
    sigset_t stops;
    stops_set(&stops);
    sigprocmask(SIG_BLOCK, &stops, was);
}

void child_release_stops(const sigset_t *was) { sigprocmask(SIG_SETMASK, was, NULL); }

pid_t child_fork(int *fd, const char *what, int flags)
{
    int fds[2];
    char pipe_what[160];
    snprintf(pipe_what, sizeof pipe_what, "to %s", what);
    pipe_cloexec(fds, pipe_what);
    fflush(NULL);
    /* The stops are held across the fork until the child has its own dispositions: one passed on
     * the instant it is forked would otherwise run the parent's handler in the child (the parent's
     * "stopping" said twice, the child's own stop never seen). */
    sigset_t was;
    child_hold_stops(&was);
    pid_t parent = getpid(), pid = fork();
    if (pid < 0) die("cannot start %s: %s", what, strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        *fd = fds[1];
        pipeout_catch(NULL);     /* the parent's word on a closed stdout is the parent's to act on */
        passer = (flags & CHILD_FOLLOWS_PARENT) == CHILD_FOLLOWS_PARENT ? parent : 0;
        if ((flags & CHILD_FOLLOWS_PARENT) == CHILD_FOLLOWS_PARENT) {
            signal(SIGINT, SIG_DFL);
            signal(SIGTERM, SIG_DFL);
            signal(SIGHUP, SIG_DFL);
        }
#ifdef __linux__
        if (flags & CHILD_PARENT_DEATH) prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
        child_release_stops(&was);
        if ((flags & CHILD_FOLLOWS_PARENT) == CHILD_FOLLOWS_PARENT) {
            /* Let through even where the parent holds them for itself (child_hold_stops): their
             * default action is this child's stop. */
            sigset_t stops;
            stops_set(&stops);
            sigprocmask(SIG_UNBLOCK, &stops, NULL);
        }
        /* The parent died before prctl took (held, it reaches the child's own handler later). */
        if ((flags & CHILD_PARENT_DEATH) && getppid() != parent) raise(SIGTERM);
        return 0;
    }
    child_release_stops(&was);
    close(fds[1]);
    *fd = fds[0];
    return pid;
}

void child_tell(int fd, const char *text)
{
    ssize_t n = write(fd, text, strlen(text));
    (void)n;
    close(fd);
}

char *child_read_all(int fd)
{
    struct sbuf b = {0};
    char buf[4096];
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) != 0) {
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) break;
        sb_putn(&b, buf, (size_t)got);
    }
    close(fd);
    return b.s;
}

int child_wait(pid_t pid)
{
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    return st;
}

int child_exit_code(int wait_status)
{
    return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + (WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0);
}

char *child_how(int wait_status)
{
    if (WIFSIGNALED(wait_status))
        return xasprintf("died of signal %d (%s)", WTERMSIG(wait_status), strsignal(WTERMSIG(wait_status)));
    return xasprintf("was ended with exit status %d", WEXITSTATUS(wait_status));
}

const char *child_kill_guess(int sig)
{
    /* A user's kill -9 is as likely as the OOM killer: a worker with 176 KiB of buffers was said
     * "most likely" killed for memory. */
    return sig == SIGKILL ? ": clx sends no SIGKILL there, so another process sent it: the kernel's out-of-memory "
                            "killer (`dmesg` or `journalctl -k` shows 'Killed process' with the pid if so), a job's "
                            "hard limit or a kill -9" : "";
}

char *child_death(const char *who, int sig) { return xasprintf("the death of %s by signal %d (%s)", who, sig, strsignal(sig)); }
