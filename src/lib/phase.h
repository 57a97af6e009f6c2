/* phase.h — where a run's time goes: seconds spent in each phase of the host's work and the
 * device's, added up as the sweep goes, for the line at the end of every run and run.json. */
#ifndef PHASE_H
#define PHASE_H

enum phase {
    PH_SETUP,        /* the device: context, queue, clock source, the host round trip */
    PH_BUILD,        /* expanding and building programs (or loading them from the cache) */
    PH_INPUTS,       /* generating input data on the host */
    PH_UPLOAD,       /* copying inputs (and expected outputs) to the device */
    PH_KERNELS,      /* the kernels themselves: every warm-up and trial launch, by the device's events */
    PH_LAUNCH,       /* the host's time in timed launches beyond the kernels' own: enqueueing, waiting, gaps */
    PH_FLUSH,        /* --cold: the cache flushes (and buffer resets) before single launches, waited for */
    PH_READBACK,     /* copying outputs back to the host */
    PH_REFERENCE,    /* host references computing the expected outputs */
    PH_VERIFY,       /* comparing outputs with the expected ones (host or device) */
    PH_WRITE,        /* writing results (rows flushed, synced to disk) */
    PH_PROBES,       /* the spec's probes after the sweep (launch latency, transfers, ...) */
    PH_CLOCKS,       /* reading the clocks, temperature and power around each row (NVML, sysfs) */
    PH_PREHEAT,      /* --preheat: the device loaded until its temperature settled, before the sweep */
    PH_N
};

/* phase_add: seconds of phase p. */
void phase_add(enum phase p, double seconds);
/* phase_get: the total of phase p since the last phase_reset. */
double phase_get(enum phase p);
void phase_reset(void);
/* phase_name: "kernels", "host references", ... */
const char *phase_name(enum phase p);
#endif
