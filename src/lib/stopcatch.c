/* stopcatch.c — a process's own stop (stopcatch.h): one home for what a sweep's worker, the modes
 * worker and a report did each in its own way. */
#include "stopcatch.h"
#include "pipeout.h"
#include "proc.h"
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static volatile sig_atomic_t stop_sig, waiting;
/* stopcatch_end_wait's: a stop ends the process as its default action would, unless one came before. */
static volatile sig_atomic_t wait_ended;
/* Whether on_stop is SIGINT's handler here (stopcatch_catching). */
static int catching;
/* The parent that watches this process (0: none); another parent means it died outright. */
static pid_t watcher;
/* Whether a closed stdout is a stop (0 while a report is drawn: stopcatch_catch_signals). */
static int pipe_stops = 1;
/* Seconds a wait on the device gets after a stop, where the worker said it waits (a second, or
 * CLX_STOP_GRACE's rounded up: stopcatch_wait_grace), and where its watcher is gone. */
#define WAIT_GRACE_S 1
#define ORPHAN_GRACE_S 2
static volatile unsigned wait_grace_s = WAIT_GRACE_S;

static void on_stop(int sig)
{
    if (wait_ended && sig != SIGPIPE) {
        if (stop_sig) return;
        /* The default action, in whichever thread took it: raised again once this handler returns. */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    if (!stop_sig) stop_sig = sig;
    if (waiting) alarm(wait_grace_s);
    else if (watcher && getppid() != watcher) alarm(ORPHAN_GRACE_S);
}

/* on_closed: pipeout's word that stdout was closed (its own write, or the parent passing it on). */
static void on_closed(void) { on_stop(SIGPIPE); }

void stopcatch_catch(int supervised)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    stop_sig = wait_ended = 0;
    catching = 1;
    watcher = supervised ? getppid() : 0;
    pipe_stops = 1;
    signal(SIGALRM, SIG_DFL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    pipeout_catch(on_closed);
    proc_stop_on_closed_stdout();   /* a closed stdout stops as ^C does: an m4 in flight is not waited for */
}

void stopcatch_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    stop_sig = wait_ended = 0;
    catching = 1;
    watcher = 0;
    pipe_stops = 0;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

const char *stopcatch_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : sig == SIGPIPE ? "SIGPIPE (stdout closed)" : "SIGTERM";
}

void stopcatch_default(void)
{
    pipe_stops = 1;
    wait_ended = catching = 0;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
}

void stopcatch_end_wait(void)
{
    pipe_stops = 1;
    wait_ended = 1;
}

int stopcatch_catching(void) { return catching; }

int stopcatch_orphaned(void) { return watcher && getppid() != watcher; }

/* A stdout closed before the handlers were set is pipeout's to remember (a forked worker inherits
 * what its parent saw). */
int stopcatch_signal(void) { return stop_sig ? stop_sig : pipe_stops && pipeout_closed() ? SIGPIPE : 0; }

void stopcatch_waiting(int on)
{
    waiting = on;
    if (on && stopcatch_signal()) alarm(wait_grace_s);   /* a stop that came just before the wait */
}

void stopcatch_wait_grace(double seconds)
{
    /* alarm's whole seconds, set here so that the handler computes nothing. */
    wait_grace_s = seconds > 0 ? (unsigned)ceil(seconds) : WAIT_GRACE_S;
}
