/* clocks.h — the device's clocks, temperature and power during a configuration, where the driver
 * can tell (NVIDIA: NVML loaded at run time); elsewhere nothing is invented. */
#ifndef CLOCKS_H
#define CLOCKS_H
#include <CL/cl.h>

struct clocks {
    void *handle;            /* the device in the source (NULL: no source) */
    const char *source;      /* "NVML", or NULL */
    const char *why;         /* why there is no source, for run.json */
    double max_sm_mhz;       /* the source's maximum SM clock, 0 when it does not say */
};
struct clock_sample { double sm_mhz, mem_mhz, temp_c, power_w; };   /* 0: not known */

/* clocks_open: the clock source of dev; 0, or -1 (c->why says why) when there is none. */
int clocks_open(struct clocks *c, cl_device_id dev);
/* clocks_sample: the present values; 0, or -1 when there is no source (s all 0). */
int clocks_sample(const struct clocks *c, struct clock_sample *s);
/* clocks_throttled: whether the lower of two SM clock samples is below 90% of the maximum. */
int clocks_throttled(double start_mhz, double end_mhz, double max_mhz);
#endif
