/* probes.h — host-side measurements after a sweep: kernel launch latency, transfers, the memory
 * hierarchy, local memory, atomics. */
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
};
/* probes_run: the spec's probes (s->probes) on pd, writes dir/probes.tsv and prints a table (unless
 * quiet); quick makes them small (make check). Each is verified: transfers compare the bytes that
 * arrived with those sent. *write_failed is set when probes.tsv cannot be written. Returns how many
 * measurements failed (error or FAIL). */
int probes_run(const struct probes_device *pd, const struct spec *s, int quick, const char *dir, int quiet,
               int *write_failed);
#endif
