/* probes_impl.h — what the probe files share: probe_core.c (rows, trial times, failures, kernels,
 * transfers' patterns and checks),
 * probes.c (launch latency, transfers, the run), probes_hosttimed.c (latency rows a host-timed
 * device's launch cost swamps), probe_staged.c (pageable transfers staged through
 * pinned memory by the host's threads), probes_kernels.c (local memory bandwidth,
 * atomics) and probes_memory.c (the memory hierarchy: load latency by pointer chasing, its levels,
 * cache and memory read bandwidth, local memory latency). */
#ifndef PROBES_IMPL_H
#define PROBES_IMPL_H
#include "probes.h"
#include "device/hostmem.h"
#include "device/ocl.h"
#include "lib/stats.h"
#include "store/rowstatus.h"
#include <stddef.h>
#include <stdint.h>

/* What one probe measured. */
struct probe_row {
    const char *probe, *measure, *unit;
    double bytes;                /* per trial (transfers, footprint of a chase), 0 when none */
    struct stats st;             /* of the values in unit */
    enum row_status status;      /* ok, FAIL (the result is wrong), error, skipped */
    char *note;
    double peak;                 /* the theoretical figure it counts against, in unit (0: none known) */
    char *own;                   /* a measure made for this row (latency: its footprint), freed with it */
    double whole_ns;             /* a latency row's trial, whole (its median, ns): set against the launch's
                                  * cost where the host times it (probes_hosttimed.c) */
};

enum { MAX_PROBE_ROWS = 128 };

struct probe_run {
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue q, q2;      /* q2: the second direction of "both at once" */
    cl_int q2_error;             /* why there is no q2 */
    int trials, launches;
    int quick;                   /* --quick: the kernels' sizes too are small */
    int by_host;                 /* the device's events do not time commands (timercheck.h): the host's
                                  * clock from enqueue to finish times each trial instead */
    double launch_ns;            /* by_host: an empty launch, enqueue to finish by the host (0: unknown) */
    size_t bytes;
    double chase_top;            /* the latency chase goes to the first footprint at or above it */
    double llc;                  /* the last-level cache, bytes (peak.h; 0 when unknown) */
    const char *llc_source;      /* where llc comes from */
    double mem_gbs;              /* the datasheet bandwidth (peak.h; 0 when unknown): a memory read above it is flagged */
    double link_gbs;             /* the host link each way (peak.h; 0 when unknown): the transfers' ceiling */
    cl_ulong max_alloc;          /* the device's largest buffer */
    struct probe_row *rows; int nrows;   /* MAX_PROBE_ROWS of room: rows are kept by pointer */
};

/* probe_core.c */
/* probe_add_row: a new row (status ok); dies past MAX_PROBE_ROWS. measure is kept, not copied. */
struct probe_row *probe_add_row(struct probe_run *p, const char *probe, const char *measure, const char *unit,
                                double bytes);
/* probe_fail: the row's status and note "what: OpenCL error name". */
void probe_fail(struct probe_row *r, enum row_status status, const char *what, cl_int e);
/* probe_note_add: text joins the row's note ("; " between), first or last. */
void probe_note_add(struct probe_row *r, const char *text, int first);
/* probe_elapsed_ns: one trial's time, called once the commands finished: from first's start to
 * last's end by the events, or, where p->by_host, from host_t0 (now_seconds() before the first
 * enqueue) to now by the host's clock. */
double probe_elapsed_ns(const struct probe_run *p, cl_event first, cl_event last, double host_t0);
/* probe_events_unusable: where rows measure what only events can (a launch's queued->start):
 * status skipped, saying why; 1 when so. */
int probe_events_unusable(const struct probe_run *p, struct probe_row *r);
/* probe_build: a probe's opening: src built and its kernel name made, for the n rows from r on (added
 * one after another just before; n may be 0, where the caller adds its rows later). CL_SUCCESS, or
 * the OpenCL error with every one of the n rows an error "what: CL_..." and *prog and *k NULL
 * (nothing to free). */
cl_int probe_build(struct probe_run *p, const char *src, const char *name, const char *what, struct probe_row *r, int n,
                   cl_program *prog, cl_kernel *k);

/* probe_pattern: bytes that differ from their neighbours and from one trial's seed to the next. */
void probe_pattern(unsigned char *b, size_t n, unsigned seed);
/* probe_device_holds: before a device->host trial, what d holds: from's bytes (trial's pattern),
 * written untimed; CL_SUCCESS or the error. */
cl_int probe_device_holds(struct probe_run *p, cl_mem d, struct hostmem *from, int trial);
/* probe_check_arrival: after a transfer's trials, whether the last one's bytes arrived: host->device
 * reads d back into other and compares with h; device->host compares h with other (what d held).
 * A difference makes r FAIL, saying so. */
void probe_check_arrival(struct probe_run *p, struct probe_row *r, int to_device, struct hostmem *h,
                         struct hostmem *other, cl_mem d);

/* probe_compute_units: the device's compute units (1 when it does not say). */
cl_uint probe_compute_units(const struct probe_run *p);
/* probe_is_cpu: whether the device is a CPU (CL_DEVICE_TYPE_CPU): it runs a work-group as a loop
 * over its work-items on one thread. */
int probe_is_cpu(const struct probe_run *p);
/* probe_run_timed: launches k over global (local may be 0: the driver picks) trials times after
 * one warm-up, each launch's ns into ns[]; before each launch reset(arg) runs when given. */
cl_int probe_run_timed(struct probe_run *p, cl_kernel k, size_t global, size_t local, double *ns, int trials,
                       cl_int (*reset)(struct probe_run *, void *), void *arg);
/* probe_local_size: want, halved until kernel k takes it on the device. */
size_t probe_local_size(const struct probe_run *p, cl_kernel k, size_t want);

/* probe_staged.c */
/* probe_staged: host->device (to_device) or device->host between pageable memory and d, staged by the
 * host's threads through pinned memory (a mapped buffer of p->bytes); check takes the bytes to
 * compare; row r gets the GB/s by the host's clock. */
void probe_staged(struct probe_run *p, struct probe_row *r, int to_device, struct hostmem *pageable,
                  struct hostmem *pinned, struct hostmem *check, cl_mem d);

/* probes_kernels.c */
void probe_atomics(struct probe_run *p);
void probe_local(struct probe_run *p);

/* probes_chain.c */
void probe_chain_latency(struct probe_run *p);

/* probes_hosttimed.c (probe_host_launch in probes.c, which builds the empty kernel) */
/* PROBE_HOST_LEAST_LAUNCHES: a host-timed latency trial shorter than this many empty launches is
 * mostly the launch's cost: not measurable (a tenth of it or more is the launch's). */
#define PROBE_HOST_LEAST_LAUNCHES 10
/* probe_host_launch: where p->by_host, p->launch_ns: an empty launch's time by the host, measured as
 * the launch floor is (hostlaunch_ns: the median of 32, each enqueue to end, as a probe's trial);
 * 0 otherwise or on a failure. Measured here again, not taken from the set-up's floor: the probes
 * run after the sweep, minutes or hours later, and a launch's cost moves with the host's load
 * (peaks --quick on PoCL, CLX_TIMER=host, a 2-core EPYC under a load of 10, 2026-12-02: the floor
 * 8.1-57 us in six runs, this 27.7-51.2), so their trials are set against a launch timed beside
 * them; and a run whose set-up kernels ended a worker has no floor at all. */
void probe_host_launch(struct probe_run *p);
/* probe_host_too_short: the rule alone (unit-tested): 1 when a trial of whole_ns is under
 * PROBE_HOST_LEAST_LAUNCHES x launch_ns (a launch_ns of 0, unknown, decides nothing). */
int probe_host_too_short(double whole_ns, double launch_ns);
/* probe_host_latencies: where p->by_host, each ok latency row (latency, local_latency,
 * chain_latency) whose whole trial is too short, or every one where launch_ns is unknown, made
 * skipped, its note saying why; so probe_levels leaves it out. */
void probe_host_latencies(struct probe_run *p);

/* probes_memory.c */
enum { LINE_UINTS = 32 };        /* one chased element per 128 bytes: every load a new line */
/* probe_chase_cycle: next[] over n elements spaced stride uints apart, one cycle through all of them
 * in random order (Sattolo's shuffle), so that no prefetcher guesses the next load. */
void probe_chase_cycle(uint32_t *next, size_t n, size_t stride, uint64_t seed);
void probe_chase(struct probe_run *p);
void probe_cachebw(struct probe_run *p);
void probe_local_latency(struct probe_run *p);
/* probe_levels: after every probe ran, the levels of the latency rows' curve (lib/levels.h) as rows
 * of probe "levels", each with the bandwidth of the cachebw reads that fall in it; nothing when no
 * latency row was measured. */
void probe_levels(struct probe_run *p);
#endif
