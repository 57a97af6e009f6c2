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
    PH_LAUNCH,       /* the host's time in timed launches beyond the kernels' and holds': enqueueing, waiting, gaps */
    PH_FLUSH,        /* --cold: the cache flushes (and buffer resets) before single launches, waited for */
    PH_READBACK,     /* copying outputs back to the host */
    PH_REFERENCE,    /* host references computing the expected outputs */
    PH_VERIFY,       /* comparing outputs with the expected ones (host or device) */
    PH_WRITE,        /* writing results (rows flushed, synced to disk) */
    PH_PROBES,       /* the spec's probes after the sweep (launch latency, transfers, ...) */
    PH_CLOCKS,       /* reading the clocks, temperature and power around each row (NVML, sysfs) */
    PH_PREHEAT,      /* --preheat: the device loaded until its temperature settled, before the sweep */
    PH_HOLD,         /* the blocker's spins that hold the device while a batch is queued behind them */
    PH_CONFIG,       /* a configuration's set-up: its values, buffers found or made, arguments set */
    PH_GUARDS,       /* outputs poisoned before the first trial, guard zones read back after it */
    PH_ROWS,         /* a finished configuration's row: rounds summed up, metrics, bounds, relative times */
    PH_WORKER,       /* the worker's messages to its supervisor (what it waits for, which configuration) */
    PH_EXPECTED,     /* expected outputs made ready: found or made on the host, sampled, put on the device */
    PH_LEADIN,       /* the untimed launch or spin (blocker_warm) just before a trial's (its lead-in), by its events */
    PH_PLAN,         /* the plan of configurations: variants crossed, restrictions applied, a search's space */
    PH_DEVWAIT,      /* waiting for the device's turn while another clx timed it (device/devlock.c) */
    PH_TIMEDOUT,     /* launches past their limit, each until its worker was killed (run/supervise.c) */
    PH_EARLIER,      /* the rest of the workers a crash or a timeout ended: their own parts died with them */
    PH_N
};

/* phase_add: seconds of phase p. */
void phase_add(enum phase p, double seconds);
/* phase_get: the total of phase p since the last phase_reset. */
double phase_get(enum phase p);
void phase_reset(void);
/* phase_begin/phase_end: the time between them goes to p, less what phase_add gave any phase in
 * between (nested phases included), so that the phases part the wall time without counting twice. */
void phase_begin(enum phase p);
void phase_end(void);
/* phase_name: "kernels", "host references", ... */
const char *phase_name(enum phase p);
#endif
