/* modes_stop.c — a modes run's worker stopped as a sweep's is: ^C, SIGTERM, SIGHUP or a closed stdout
 * starts no new trial, drops the mode in flight and keeps those written; a wait on the device then
 * gets a second, not the watchdog's whole limit. */
#include "modes_impl.h"
#include "lib/pipeout.h"
#include "lib/proc.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_sig, waiting;

/* on_stop: remembered; a wait on the device in flight (finish_all) is cut short by SIGALRM a second
 * later, since a kernel that never ends would keep the worker there: its parent says why. */
static void on_stop(int sig)
{
    if (!stop_sig) stop_sig = sig;
    if (waiting) alarm(1);
}

/* on_closed: pipeout's word that stdout was closed (its own write, or the parent passing it on). */
static void on_closed(void) { on_stop(SIGPIPE); }

void modes_stop_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    pipeout_catch(on_closed);
    proc_stop_on_closed_stdout();   /* an m4 in flight is not waited for either */
}

int modes_stop_signal(void) { return stop_sig ? stop_sig : pipeout_closed() ? SIGPIPE : 0; }

void modes_stop_waiting(int on)
{
    waiting = on;
    /* A stop that came just before the wait began: the same second. */
    if (on && modes_stop_signal()) alarm(1);
}
