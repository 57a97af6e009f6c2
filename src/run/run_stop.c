/* run_stop.c — stopping a sweep: ^C, SIGTERM (a batch system's time limit), SIGHUP or a closed
 * stdout (SIGPIPE: clx run ... | head) starts nothing new and keeps every row written; the sweep's
 * loops ask run_stop_signal between trials. */
#include "run_impl.h"
#include "lib/pipeout.h"
#include "lib/proc.h"
#include "lib/worker.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Set by SIGINT, SIGTERM or SIGHUP: the run starts nothing new, keeps what it wrote, says how to resume. */
static volatile sig_atomic_t stop_signal;
/* The supervisor (its pid) of a worker: 0 in a run on its own. */
static pid_t supervisor;
/* How long an orphaned worker gives its launch in flight after a stop (s). */
#define ORPHAN_GRACE_S 2

static void on_stop(int sig)
{
    stop_signal = sig;
    /* The supervisor was killed outright (this stop is its death's SIGTERM): none is left to kill a
     * launch that does not end after the stop, so SIGALRM's default ends the worker, its rows kept. */
    if (supervisor && getppid() != supervisor) alarm(ORPHAN_GRACE_S);
}

/* A closed stdout is remembered by pipeout (from the process's start: the worker inherits what its
 * supervisor saw); a signal's stop comes first, as the one the user gave. */
int run_stop_signal(void) { return stop_signal ? stop_signal : pipeout_closed() ? SIGPIPE : 0; }

const char *run_stop_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : sig == SIGPIPE ? "SIGPIPE (stdout closed)" : "SIGTERM";
}

const char *run_stop_why(void)
{
    int sig = run_stop_signal();
    return sig ? run_stop_name(sig) : "a launch that ran past its time limit";
}

int run_stop_ended(int sig)
{
    fprintf(stderr, "clx: stopped by %s as the run ended: its results are complete (run.json says finished)\n",
            run_stop_name(sig));
    return 128 + sig;
}

void run_stop_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    stop_signal = 0;
    supervisor = worker_attached() ? getppid() : 0;
    signal(SIGALRM, SIG_DFL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* A closed stdout is this run's stop as ^C is: an m4 in flight is not waited for either. */
    proc_stop_on_closed_stdout();
}
