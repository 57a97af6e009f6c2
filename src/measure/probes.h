/* probes.h — host-side measurements after a sweep: kernel launch latency, transfers, the memory
 * hierarchy, local memory, atomics; and the latencies a run measures at its set-up where no peaks
 * run gives them. */
#ifndef PROBES_H
#define PROBES_H
#include "spec/spec.h"
#include "device/peak.h"
#include <CL/cl.h>

/* Where the probes run: queue q (made with profiling) of ctx on dev. by_host: the device's events
 * do not time commands (timercheck.h), so each trial is timed by the host's clock and what only
 * events can measure (a launch's queued->start) is skipped. pk's last-level cache sizes the memory
 * probes (the latency chase goes to four times it). */
struct probes_device {
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue q;
    const struct peak *pk;
    int by_host;
    int (*stop)(void);          /* asked between probes: nonzero ends them there (NULL: never) */
    int *made;                  /* where not NULL, set to how many of the spec's probes ran to their end (all:
                                 * s->probes.n), so that a stop among them is told from one after them */
};
/* cachebw's two reads (probes.tsv's measure column), which sol's ceilings read back (measuredpeaks.c). */
#define PROBE_CACHE_READ "read, last-level cache"
#define PROBE_MEMORY_READ "read, memory"

/* probes_run: the spec's probes (s->probes) on pd, writes dir/probes.tsv and prints a table (unless
 * quiet); quick makes them small (make check). Each is verified: transfers compare the bytes that
 * arrived with those sent. *write_failed is set when probes.tsv cannot be written. Returns how many
 * measurements failed (error or FAIL). */
int probes_run(const struct probes_device *pd, const struct spec *s, int quick, const char *dir, int quiet,
               int *write_failed);

/* The latencies the speed of light's latency bounds need, measured at a run's set-up where no
 * peaks run gives them (probes_latencies); 0 where not measured, why saying so. */
struct probe_latencies {
    double fma_ns, mad_ns;       /* one dependent fp32 fma, int32 mad (chain_latency's chains) */
    double llc_ns, mem_ns;       /* a load from the last-level cache (a quarter of it, warm), from memory
                                  * (four times it, each load a line not touched before) */
    double seconds;              /* what measuring them took */
    char *why;                   /* what was not measured and why ("": all were): a new string, the caller's to
                                  * free (it quotes the probes' notes, of any length) */
};
/* probes_latencies: lat on pd's device, in about 0.1-0.5 s (chains of 2^20 steps, chases of 8192
 * loads sampled from a random cycle, each checked against the host's walk). 0 when any was
 * measured, else -1; lat->why says what was not. */
int probes_latencies(const struct probes_device *pd, struct probe_latencies *lat);
#endif
