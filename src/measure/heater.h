/* heater.h — a kernel that keeps a device busy at full arithmetic load, and the rule that says its
 * temperature has settled: energy per launch depends on the die's temperature (a cold card leaks
 * less), so rows measured on a card warmed to a steady state repeat from run to run, whatever the
 * card did before (docs/energy.md, "A cold card"). */
#ifndef HEATER_H
#define HEATER_H
#include "device/ocl.h"

struct heater {
    cl_program prog;
    cl_kernel k;
    cl_mem out;
    size_t items;                /* work-items a launch */
    cl_uint steps;               /* fma steps per chain, grown until a launch takes LAUNCH_MS */
    double launch_ms;            /* one launch's time as calibrated (host clock) */
    char why[200];               /* why it could not be made, when heater_open failed */
};

/* heater_open: builds the kernel for dev on ctx and sizes a launch (dp's compute units x its largest
 * work-group x 4 work-items, steps doubled until one launch takes about 10 ms on queue q); 0, or -1
 * with h->why (everything made is released). */
int heater_open(struct heater *h, cl_context ctx, cl_command_queue q, cl_device_id dev, const struct devprops *dp);
/* heater_enqueue: one launch on q, flushed, not waited for; *ev its event (the caller releases it). */
cl_int heater_enqueue(struct heater *h, cl_command_queue q, cl_event *ev);
void heater_close(struct heater *h);

/* heater_steady: whether temperatures c[0..n) read at times t[0..n) (seconds, rising) have settled:
 * the readings reach back span_s from the last, and the mean of those in the last quarter of that
 * span lies at most rise_c above the mean of those in its first quarter (a card cooling from a
 * hotter load counts as settled: the heater does not wait for it to cool). Means of quarters,
 * not two readings: NVML gives whole degrees, and one reading flickers by one. */
int heater_steady(const double *t, const double *c, int n, double span_s, double rise_c);
#endif
