/* run_stop.c — stopping a sweep: ^C, SIGTERM (a batch system's time limit), SIGHUP or a closed
 * stdout (SIGPIPE: clx run ... | head) starts nothing new and keeps every row written; the sweep's
 * loops ask run_stop_signal between trials. */
#include "run_impl.h"
#include "lib/stopcatch.h"
#include "lib/worker.h"
#include <signal.h>
#include <stdio.h>

int run_stop_signal(void) { return stopcatch_signal(); }

const char *run_stop_name(int sig)
{
    /* The worker's SIGTERM where its supervisor died outright (kill -9, the OOM killer) is that death's. */
    if (sig == SIGTERM && stopcatch_orphaned())
        return "the death of its supervising clx process (killed outright: SIGKILL, or the kernel's out-of-memory killer)";
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

void run_stop_catch(void) { stopcatch_catch(worker_attached()); }
