/* bench.h — device buffers with seeded inputs, kernel arguments, poison and resets, and whole
 * offloads timed by the host; event-timed trials are trials.h's. */
#ifndef BENCH_H
#define BENCH_H
#include "lib/expr.h"
#include "device/ocl.h"
#include "guard.h"
#include "memneed.h"
#include "spec/spec.h"
#include <stdint.h>

/* One buffer of a run: host copies of its initial contents (inputs) and of the result (outputs). */
struct dbuf {
    const struct spec_buffer *sb;
    enum cltype type;    /* the spec's, or the one its type parameter names for this variant */
    size_t count, bytes;
    uint64_t seed;       /* the run's seed its initial contents came from */
    void *init;          /* initial contents (NULL for outputs) */
    void *result;        /* host room for the output (outputs only); bench_read_outputs fills it */
    cl_mem mem;          /* what the kernels get: the buffer inside its guard zones (guard.mem) */
    struct guarded guard;
};

/* total_bytes: what the buffers take on the device, guard zones and all; data_bytes: the spec's
 * buffers alone, what a kernel can touch (whether they fit the last-level cache: the zones after a
 * buffer grow with the work-items, 4 MiB for a million, and would call 32 KiB of data uncached). */
struct bufset {
    struct dbuf *b;
    int n;
    size_t total_bytes, data_bytes;
    /* Made where the host had room for the buffers but not for the reference's probe beside them
     * (bench_want.probe): the bytes of the probe's copies that did not fit, and its answer is not
     * probed (the probe postponed to a configuration it fits: expected_check); 0: room, or not asked.
     * A set served again keeps its making's answer. */
    double probe_no_room;
};
struct bufpool;          /* bufpool.h */

/* What a configuration's buffers are: the spec's, of the variant's types (types[i] for buffer i),
 * their counts from the variables v (GLOBAL among them), their inputs from the run's seed; and the
 * copies of the expected outputs the checks keep beside them (counted in what they need of the
 * host's memory; 0: none), and whether the reference's probe is due with them (expected_probe_due:
 * its copies counted too, memneed_probe, where they fit; 0: it is not, or it is not known). */
struct bench_want {
    const struct spec *s;
    const enum cltype *types;
    const struct vars *v;
    uint64_t seed;
    enum memneed_expect expect;
    int probe;
};
/* bench_buffers: makes (or keeps, when every count is unchanged and its guard zones are wide
 * enough) the buffers w wants, each inside guard zones (guard.h) sized for a
 * launch of GLOBAL work-items. A buffer that is still what it must be stays, from the set before or
 * from pool (NULL: none); the set's others go to the pool. Returns 0; 1 when the run must be
 * skipped (*why: "buffer c needs 3.0 GiB, more than CL_DEVICE_MAX_MEM_ALLOC_SIZE 1.0 GiB", or
 * more of the host's memory than it has available, memneed.h, counted without the probe); -1 on an
 * OpenCL error (*why says which). Where the probe is due and its copies alone do not fit, the buffers
 * are made all the same and bs->probe_no_room says so: the configuration runs, its answer unprobed. */
int bench_buffers(cl_context ctx, cl_command_queue q, const struct devprops *d, const struct bench_want *w,
                  struct bufpool *pool, struct bufset *bs, char **why);
void bench_buffers_free(struct bufset *bs);
/* bench_need: what the buffers w wants take of the device's memory and of the host's on device d,
 * into *n; 0, or -1 when their counts cannot be worked out (*why says why). */
int bench_need(const struct bench_want *w, const struct devprops *d, struct memneed *n, char **why);
/* bench_buffers_park: every buffer of bs into the pool (or freed where it does not fit), bs emptied. */
void bench_buffers_park(struct bufpool *pool, struct bufset *bs);
/* bench_buffers_serving: the first of sets[0..n) that already holds what bench_buffers would make
 * for w (it would keep them), its counts evaluated once; -1 when none does. */
int bench_buffers_serving(const struct bench_want *w, const struct bufset *const *sets, int n);

/* asked: work-items the spec's global asked for (global is that rounded up to whole work-groups). */
struct launch { cl_uint dims; size_t global[3], local[3]; double asked; };

/* bench_set_args: sets the kernel's arguments from the spec (buffers, scalars, __local sizes).
 * Returns 0, or -1 and *err. */
int bench_set_args(cl_kernel k, const struct spec *s, const enum cltype *arg_types, const struct vars *v,
                   const struct bufset *bs, char **err);
/* bench_guards_check: every buffer's guard zones looked at (by scan on the device, NULL: read back by
 * the host): NULL when intact, else what was
 * written outside which buffers ("wrote past the end of c (...)"), a new string. */
char *bench_guards_check(cl_command_queue q, struct guard_scan *scan, const struct bufset *bs);
/* bench_poison: fills every output with the poison pattern (verify_poison), so an element the
 * kernel never writes is caught. bench_resets: zeroes the buffers the spec resets before every
 * launch (bench_has_resets: whether there are any). Enqueued, not waited for. */
cl_int bench_poison(cl_command_queue q, const struct bufset *bs);
cl_int bench_resets(cl_command_queue q, const struct bufset *bs);
int bench_has_resets(const struct bufset *bs);
/* bench_read_outputs: copies every output buffer into its result. 0, or -1 and *err. */
int bench_read_outputs(cl_command_queue q, struct bufset *bs, char **err);
/* bench_wall: host wall time of whole offloads: non-blocking uploads of every input, the kernel,
 * non-blocking downloads of every output, then clFinish; n times, each in ms into ms[]. This is
 * what a program that offloads the work pays, transfers included. Returns 0, or -1 and *err. */
int bench_wall(cl_command_queue q, cl_kernel k, const struct launch *L, struct bufset *bs, int n, double limit_s,
               double *ms, char **err);
/* bench_local_arg_bytes: total bytes of __local arguments for these variables. */
double bench_local_arg_bytes(const struct spec *s, const struct vars *v);
#endif
