/* run_stop.c — stopping a sweep: ^C, SIGTERM (a batch system's time limit) or SIGHUP starts
 * nothing new and keeps every row written; the sweep's loops ask run_stop_signal between trials. */
#include "run_impl.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>

/* Set by SIGINT, SIGTERM or SIGHUP: the run starts nothing new, keeps what it wrote, says how to resume. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig) { stop_signal = sig; }

int run_stop_signal(void) { return stop_signal; }

const char *run_stop_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : "SIGTERM"; }

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
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}
