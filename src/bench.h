/* bench.h — device buffers with seeded inputs, kernel arguments, and event-timed launches. */
#ifndef BENCH_H
#define BENCH_H
#include "expr.h"
#include "ocl.h"
#include "spec.h"
#include <stdint.h>

/* One buffer of a run: host copies of its initial contents (inputs) and of the result (outputs). */
struct dbuf {
    const struct spec_buffer *sb;
    enum cltype type;    /* the spec's, or the one its type parameter names for this variant */
    size_t count, bytes;
    void *init;          /* initial contents (NULL for outputs) */
    void *result;        /* host room for the output (outputs only); bench_read_outputs fills it */
    cl_mem mem;
};

struct bufset { struct dbuf *b; int n; size_t total_bytes; };

/* bench_buffers: makes (or keeps, when every count is unchanged) the spec's buffers for the
 * variables v. Returns 0; 1 when the run must be skipped (*why: "buffer c needs 3.0 GiB, more
 * than CL_DEVICE_MAX_MEM_ALLOC_SIZE 1.0 GiB"); -1 on an OpenCL error (*why says which). */
int bench_buffers(cl_context ctx, cl_command_queue q, const struct spec *s, const enum cltype *types,
                  const struct vars *v, const struct devprops *d, uint64_t seed, struct bufset *bs, char **why);
void bench_buffers_free(struct bufset *bs);

/* asked: work-items the spec's global asked for (global is that rounded up to whole work-groups). */
struct launch { cl_uint dims; size_t global[3], local[3]; double asked; };

/* What bench_time measured: per-launch times in ms (one per trial), the batch size used. */
struct timing {
    double *ms;
    double *host_ms;     /* per launch as the host saw it: enqueue to the wait's return, one per trial */
    double *gap_ms;      /* batches: the device's idle time between two launches, one per trial */
    int n;
    int batch;           /* launches per timed trial (1 unless the kernel is short); a batched trial's
                          * time is its launches' own durations (START to END) averaged */
    int cut;             /* trials stopped early by the time budget */
    int short_unbatched; /* short kernel that could not be batched (a buffer is reset, or --cold) */
    int cold;            /* the last-level cache was flushed before every trial */
    int converged;       /* --target-cv: 1 reached, 0 not (time budget or trial cap); -1 not asked */
    int window;          /* --target-cv: how many of the last trials decided (bench_cv_window) */
    double window_cv;    /* --target-cv: their cv */
};

/* timeout_s: a launch not finished after this long is stopped by the supervisor (0: the default
 * rule, bench_launch_limit). target_cv > 0: trials go on past `trials` until the cv of the last
 * `trials` of them is at most target_cv (within max_seconds, at most BENCH_CV_TRIALS_MAX). */
struct bench_opts { int warmups, trials; double max_seconds, timeout_s, target_cv; int cold; };
#define BENCH_CV_TRIALS_MAX 10000
/* bench_cv_window: how many of the last of n trials must have a cv within the target: --trials (at
 * least 3), and half of all once that is more. A fixed window of 10 lets a noisy kernel stop on ten
 * quiet trials in a row, which come by chance often enough: on an H200, 141 of 768 memcopy_ilp rows
 * stopped that way with a cv over all their trials above 1% (docs/timing.md). Half of all trials
 * also leaves the slow start of a row behind once the rest is steady. */
int bench_cv_window(int trials, int n);
/* bench_launch_limit: how long one launch may take: the --timeout, else 60 s or 50 times the
 * longest launch seen so far in the configuration, whichever is longer. */
double bench_launch_limit(const struct bench_opts *o, double longest_s);

/* A device buffer written over before every cold trial: bigger than the last-level cache, so
 * whatever the kernel's data left there is evicted (the write is not timed). */
struct bench_flush { cl_mem mem; size_t bytes; };
/* bench_flush_bytes: the flush size for a last-level cache of cache_bytes (0: unknown): twice
 * the cache, at least 64 MiB, at most max_alloc. */
size_t bench_flush_bytes(double cache_bytes, size_t max_alloc);
/* bench_flush_make: allocates the flush buffer; 0, or -1 and *err. */
int bench_flush_make(cl_context ctx, size_t bytes, struct bench_flush *f, char **err);
void bench_flush_free(struct bench_flush *f);

/* bench_set_args: sets the kernel's arguments from the spec (buffers, scalars, __local sizes).
 * Returns 0, or -1 and *err. */
int bench_set_args(cl_kernel k, const struct spec *s, const enum cltype *arg_types, const struct vars *v,
                   const struct bufset *bs, char **err);
/* What bench_time needs of the device beside the options: timer_res_ns decides batching (a kernel
 * shorter than 100 x the resolution is timed as a batch of back-to-back launches, never when
 * cold); flush is written over before every trial when o->cold; trials_start(arg), when set, is
 * called once the warm-ups are done, just before the first trial (where the clocks are sampled:
 * an idle GPU's clock is low until the warm-ups wake it). */
struct bench_env { double timer_res_ns; const struct bench_flush *flush; void (*trials_start)(void *arg); void *arg; };
/* bench_time: poisons outputs, runs the warm-ups and trials (outputs stay on the device).
 * Returns 0, or -1 and *err ("clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES"). */
int bench_time(cl_command_queue q, cl_kernel k, const struct launch *L, struct bufset *bs,
               const struct bench_opts *o, const struct bench_env *env, struct timing *t, char **err);
void timing_free(struct timing *t);
/* bench_read_outputs: copies every output buffer into its result. 0, or -1 and *err. */
int bench_read_outputs(cl_command_queue q, struct bufset *bs, char **err);
/* bench_wall: host wall time of whole offloads: non-blocking uploads of every input, the kernel,
 * non-blocking downloads of every output, then clFinish; n times, each in ms into ms[]. This is
 * what a program that offloads the work pays, transfers included. Returns 0, or -1 and *err. */
int bench_wall(cl_command_queue q, cl_kernel k, const struct launch *L, struct bufset *bs, int n, double limit_s,
               double *ms, char **err);
/* bench_host_disagrees: NULL when the events' time per launch (event_ms) can be right beside the
 * host's wait around it (host_ms), else the flag: "event>host" (longer than the wait that held it,
 * beyond 2% and 5 us of clock granularity) or "event<<host" (under 1% of a host time above 1 ms
 * and above 10 times the round trip of a command that does nothing, round_trip_ms: a timer that
 * does not see the kernel, what mixbench's users met with Apple's events; a slow host's own
 * overhead is not mistaken for a long kernel). */
const char *bench_host_disagrees(double event_ms, double host_ms, double round_trip_ms);
/* bench_round_trip: the host's median time, in ms, to enqueue a 4-byte fill and see it finish:
 * what every timed launch pays beside its kernel. 0 when it cannot be measured. */
double bench_round_trip(cl_context ctx, cl_command_queue q);
/* bench_local_arg_bytes: total bytes of __local arguments for these variables. */
double bench_local_arg_bytes(const struct spec *s, const struct vars *v);
#endif
