/* trialclock.h — the GPU's clock around every trial, measured on the device itself: on NVIDIA a
 * one-work-item kernel reads %clock64 against %globaltimer through inline PTX for a few
 * microseconds before and after each trial (nvbench's way: NVML's reading is too coarse and
 * comes from the host). Elsewhere nothing, and the run says why. */
#ifndef TRIALCLOCK_H
#define TRIALCLOCK_H
#include "device/ocl.h"

/* How long one reading spins: its MHz is cycles over this much of the global timer. */
#define TRIALCLOCK_SPIN_NS 5000

struct trialclock {
    cl_program prog;
    cl_kernel k;
    cl_mem slots;                /* a double (MHz) per reading */
    int nslots;
    const char *source;          /* what measures: for run.json; NULL when nothing does */
    const char *why;             /* why nothing does */
};

/* trialclock_open: the clock kernel on this device (NVIDIA only), with room for nslots
 * readings per visit. 0, or -1 with tc->why (tc is then inert: every call below does nothing). */
int trialclock_open(struct trialclock *tc, cl_context ctx, cl_device_id dev, const struct devprops *dp, int nslots);
/* trialclock_mark: enqueues reading `slot` (0 .. nslots-1) on q; nothing is waited for. */
void trialclock_mark(const struct trialclock *tc, cl_command_queue q, int slot);
/* trialclock_read: the first n readings of this visit into mhz[] (blocking); 0, or -1. */
int trialclock_read(const struct trialclock *tc, cl_command_queue q, double *mhz, int n);
void trialclock_close(struct trialclock *tc);
#endif
