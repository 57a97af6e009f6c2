/* timercheck.h — whether a device's profiling events time its kernels: one kernel of known length
 * (a dependent chain grown until the host sees it take 5 ms) timed by its events and by the host
 * clock. Mesa's rusticl on llvmpipe returns about 0 ns for every event; rows timed by such events
 * beat every peak. Where the events are implausible clx times rows by the host clock instead. */
#ifndef TIMERCHECK_H
#define TIMERCHECK_H
#include "device/ocl.h"

struct timer_check {
    int host;                    /* 1: the events are implausible, time by the host clock */
    double event_ms, host_ms;    /* the check kernel's time by its event and by the host */
    char why[240];               /* what was seen, for the console and run.json */
};

/* timer_check: runs the check on queue q (profiling enabled) of ctx; a device that cannot build or
 * run the kernel keeps its events (host 0) and why says so. */
void timer_check(cl_context ctx, cl_command_queue q, cl_device_id dev, struct timer_check *tc);
/* timer_check_verdict: the rule alone (unit-tested): 1 when an event time is implausible for a
 * kernel the host timed at host_ms (below a tenth of it, once the host's time is well above the
 * round trip of an empty command) and below least_ms, the least time its dependent chain can take
 * on any device (rusticl's events read 0-3 ns; a loaded host's wait alone is no sign of bad events). */
int timer_check_verdict(double event_ms, double host_ms, double round_trip_ms, double least_ms);
/* HOST_TIMER_RES_NS: the resolution batching assumes for the host clock (a wait's wake-up jitter,
 * not the clock's own nanoseconds), so that a trial timed by the host lasts a millisecond or more. */
#define HOST_TIMER_RES_NS 10000.0
/* timer_step_ns: the step of a timer whose timestamps (ns, on the device's clock) are t[0..n-1]:
 * the greatest common divisor of their distances from t[0]; 0 with fewer than TIMER_STEP_STAMPS.
 * An H200 (driver 580) reports a resolution of 1000 ns and steps by 32. */
#define TIMER_STEP_STAMPS 16
unsigned long long timer_step_ns(const unsigned long long *t, int n);
#endif
