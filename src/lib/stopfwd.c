/* stopfwd.c — a stop passed on to the one child doing the work (stopfwd.h): one home for what a
 * sweep's supervisor and a modes run's parent do alike, which had begun to differ. */
#include "stopfwd.h"
#include "pipeout.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t child_pid, asked, again;
static const struct stopfwd_says *says;
static const int stops[3] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction before[3];

/* say_now: a line on stderr from a signal handler (write(2): stdio is not safe there). */
static void say_now(const char *s)
{
    ssize_t n = write(2, s, strlen(s));
    (void)n;
}

/* forward: the first stop goes to the child (a terminal's ^C reaches it anyway; a batch system's
 * SIGTERM may reach only this process), a second kills it. */
static void forward(int sig)
{
    if (asked) {
        again = 1;
        if (child_pid > 0) kill((pid_t)child_pid, SIGKILL);
        say_now(says->again);
        return;
    }
    asked = sig;
    if (child_pid > 0) kill((pid_t)child_pid, sig);
    say_now(sig == SIGPIPE ? says->closed : says->first);
}

/* closed_stdout: pipeout's word that stdout was closed (a look at it, a write, or a parent's
 * SIGPIPE): the child is sent SIGPIPE, which its own pipeout takes as the stop. */
static void closed_stdout(void)
{
    if (!asked) forward(SIGPIPE);
}

void stopfwd_catch(const struct stopfwd_says *s)
{
    says = s;
    child_pid = 0;
    again = 0;
    asked = pipeout_closed() ? SIGPIPE : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = forward;
    for (int i = 0; i < 3; i++) sigaction(stops[i], &sa, &before[i]);
    pipeout_catch(closed_stdout);
}

void stopfwd_child(pid_t pid)
{
    child_pid = pid;
    if (pid > 0 && asked) kill(pid, asked);
}

int stopfwd_asked(void) { return asked; }

int stopfwd_again(void) { return again; }

void stopfwd_release(void)
{
    for (int i = 0; i < 3; i++) sigaction(stops[i], &before[i], NULL);
    pipeout_catch(NULL);
    child_pid = 0;
}
