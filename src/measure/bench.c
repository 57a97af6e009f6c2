/* bench.c — a configuration's device buffers with seeded inputs, its kernel arguments, the outputs
 * poisoned before and read back after, and whole offloads timed by the host (transfers included);
 * the timed trials themselves are trials.c's. */
#include "bench.h"
#include "lib/hostguard.h"
#include "kargs.h"
#include "bufpool.h"
#include "lib/hostlock.h"
#include "lib/par.h"
#include "lib/phase.h"
#include "lib/rng.h"
#include "lib/stats.h"
#include "lib/util.h"
#include "lib/worker.h"
#include "spec/bufbytes.h"
#include "verify.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* One buffer's initial values; element i depends only on the seed, the buffer's name and i, so
 * the parts of a big buffer are filled on every host core and a bigger size's first elements
 * equal a smaller size's. */
struct fill_job { struct dbuf *d; uint64_t seed; };

static int fill_part(void *arg, int k, size_t lo, size_t hi)
{
    (void)k;
    const struct fill_job *j = arg;
    struct dbuf *d = j->d;
    const struct spec_buffer *sb = d->sb;
    struct rng r;
    rng_seek(&r, j->seed, lo);
    int is_float = cltype_info(d->type)->is_float;
    for (size_t i = lo; i < hi; i++) {
        double x = 0;
        switch (sb->init) {
        case INIT_RANDOM:
            x = rng_uniform(&r, sb->lo, sb->hi);
            if (!is_float) x = floor(x);
            break;
        case INIT_IOTA: x = (double)i; break;
        default: x = 0; break;
        }
        cltype_set(d->type, d->init, i, x);
    }
    return 0;
}

static void fill_input(struct dbuf *d, uint64_t seed)
{
    struct fill_job j = { d, seed ^ name_hash(d->sb->name) };
    par_for(d->count, 1 << 16, fill_part, &j);
}

void bench_buffers_free(struct bufset *bs)
{
    for (int i = 0; i < bs->n; i++) dbuf_free(&bs->b[i]);
    free(bs->b);
    memset(bs, 0, sizeof *bs);
}

void bench_buffers_park(struct bufpool *pool, struct bufset *bs)
{
    for (int i = 0; i < bs->n; i++) bufpool_park(pool, &bs->b[i]);
    bench_buffers_free(bs);
}

/* counts: every buffer's count (spec/bufbytes.h, the one home of a buffer's size); 0, or -1 with *why. */
static int counts(const struct spec *s, const struct vars *v, size_t *out, char **why)
{
    for (int i = 0; i < s->nbufs; i++)
        if (bufbytes_count(s, i, v, &out[i], why)) return -1;
    return 0;
}

/* kept: whether buffer b is buffer sb as it is wanted now: its type, count and seed, and a zone
 * after it of post bytes at least. */
static int kept(const struct dbuf *b, const struct spec_buffer *sb, enum cltype type, size_t count, uint64_t seed,
                size_t post)
{
    return b->mem && b->sb == sb && b->type == type && b->count == count && b->seed == seed && b->guard.post >= post;
}

/* serves: whether bs holds every buffer as kept() wants it, with guard zones wide enough for a
 * launch of items work-items (the zone after each takes one element per work-item past it). */
static int serves(const struct spec *s, const enum cltype *types, const size_t *cnt, double items, uint64_t seed,
                  const struct bufset *bs)
{
    int same = bs->n == s->nbufs;
    for (int i = 0; same && i < s->nbufs; i++)
        same = kept(&bs->b[i], &s->bufs[i], types[i], cnt[i], seed, guard_after(cnt[i], cltype_info(types[i])->size, items));
    return same;
}

int bench_buffers_serving(const struct bench_want *w, const struct bufset *const *sets, int n)
{
    const struct spec *s = w->s;
    const struct vars *v = w->v;
    size_t *cnt = xcalloc((size_t)(s->nbufs ? s->nbufs : 1), sizeof *cnt);
    char *why = NULL;
    double items = 0;
    vars_get(v, "GLOBAL", &items);
    int found = -1;
    if (counts(s, v, cnt, &why) == 0)
        for (int i = 0; i < n && found < 0; i++)
            if (serves(s, w->types, cnt, items, w->seed, sets[i])) found = i;
    free(why);
    free(cnt);
    return found;
}

/* held: the bytes of the host's memory that clx holds now and that a new set reuses or gives up
 * before it is made: the set before's buffers and the pool's, their host copies and, where the
 * device's memory is the host's (shared), their allocations. */
static double held(const struct bufset *bs, const struct bufpool *pool, int shared)
{
    double bytes = pool ? pool->host_bytes + (shared ? pool->dev_bytes : 0) : 0;
    for (int i = 0; i < bs->n; i++) bytes += dbuf_host_bytes(&bs->b[i]) + (shared ? dbuf_dev_bytes(&bs->b[i]) : 0);
    return bytes;
}

int bench_need(const struct bench_want *w, const struct devprops *d, struct memneed *n, char **why)
{
    size_t *cnt = xcalloc((size_t)(w->s->nbufs ? w->s->nbufs : 1), sizeof *cnt);
    double items = 0;
    vars_get(w->v, "GLOBAL", &items);
    int rc = counts(w->s, w->v, cnt, why);
    if (rc == 0) memneed_of(w->s, w->types, cnt, items, w->expect, d, n);
    if (rc == 0 && w->probe) memneed_probe(w->s, w->types, cnt, n);
    free(cnt);
    return rc;
}

/* make_buffer: into b (empty but for its sb, type, count and seed) a new buffer of count elements
 * inside its guard zones (post bytes after it at least), its inputs filled and uploaded.
 * CL_SUCCESS, or the error with *why. */
static cl_int make_buffer(cl_context ctx, cl_command_queue q, const struct devprops *d, size_t post, struct dbuf *b,
                          char **why)
{
    b->bytes = b->count * cltype_info(b->type)->size;
    cl_int e = guard_make(ctx, q, b->bytes, post, d->max_alloc, &b->guard);
    b->mem = b->guard.mem;
    if (e != CL_SUCCESS) {
        char *a = human_bytes((double)b->bytes);
        *why = xasprintf("clCreateBuffer(%s, %s): %s", b->sb->name, a, ocl_err_name(e));
        free(a);
        return e;
    }
    if (b->sb->init == INIT_OUTPUT) {
        b->result = xmalloc(b->bytes);
        return CL_SUCCESS;
    }
    /* Ending at an inaccessible page: a host reference that reads past its end is caught there
     * (spec/refs.h) instead of reading what lies beyond. */
    b->init = hostguard_alloc(b->bytes);
    double t0 = now_seconds();
    fill_input(b, b->seed);
    double t1 = now_seconds();
    e = clEnqueueWriteBuffer(q, b->mem, CL_TRUE, 0, b->bytes, b->init, 0, NULL, NULL);
    phase_add(PH_INPUTS, t1 - t0);
    phase_add(PH_UPLOAD, now_seconds() - t1);
    if (e != CL_SUCCESS) *why = xasprintf("clEnqueueWriteBuffer(%s): %s", b->sb->name, ocl_err_name(e));
    return e;
}

int bench_buffers(cl_context ctx, cl_command_queue q, const struct devprops *d, const struct bench_want *w,
                  struct bufpool *pool, struct bufset *bs, char **why)
{
    const struct spec *s = w->s;
    const enum cltype *types = w->types;
    const struct vars *v = w->v;
    uint64_t seed = w->seed;
    size_t *cnt = xcalloc((size_t)s->nbufs, sizeof *cnt), *post = xcalloc((size_t)s->nbufs, sizeof *post);
    int rc = -1;
    if (counts(s, v, cnt, why)) goto out;
    double items = 0;
    vars_get(v, "GLOBAL", &items);
    if (serves(s, types, cnt, items, seed, bs)) { rc = 0; goto out; }
    double total = 0, data = 0;
    for (int i = 0; i < s->nbufs; i++) {
        double bytes = bufbytes_bytes(cnt[i], types[i]);
        post[i] = guard_after(cnt[i], cltype_info(types[i])->size, items);
        total += bytes + (double)post[i];
        data += bytes;
        if (bytes > (double)d->max_alloc) {
            char *a = human_bytes(bytes), *m = human_bytes((double)d->max_alloc);
            *why = xasprintf("buffer %s needs %s, more than CL_DEVICE_MAX_MEM_ALLOC_SIZE %s", s->bufs[i].name, a, m);
            free(a); free(m);
            rc = 1;
            goto out;
        }
    }
    if (total > (double)d->global_mem * BUFBYTES_DEVICE_SHARE) {
        char *a = human_bytes(total), *m = human_bytes((double)d->global_mem);
        *why = xasprintf("the buffers need %s together, more than %.0f%% of the device's %s", a, 100 * BUFBYTES_DEVICE_SHARE, m);
        free(a); free(m);
        rc = 1;
        goto out;
    }
    /* The host's memory too, before any of it is taken: a configuration that would not fit there
     * is skipped rather than left to the kernel's out-of-memory killer (memneed.h). */
    struct memneed need;
    memneed_of(s, types, cnt, items, w->expect, d, &need);
    double holds = held(bs, pool, need.shared != NULL), probe_no_room = 0;
    int host = memneed_host_check(&need, holds, why);
    if (host < 0) {
        rc = 1;
        goto out;
    }
    if (w->probe) {
        /* The probe's copies beside them: where they do not fit, the configuration runs all the same
         * (it would, verified, without them) and the probe waits for one they fit beside. */
        struct memneed with = need;
        char *no = NULL;
        memneed_probe(s, types, cnt, &with);
        int h = memneed_host_check(&with, holds, &no);
        free(no);
        if (h < 0) probe_no_room = with.probe;
        else host = h;
    }
    /* What serves as it is comes from the set before or the pool; the set's other buffers are
     * parked, and the pool gives its memory up where the new set would not fit beside it. */
    struct bufset old = *bs;
    bs->n = s->nbufs;
    bs->b = xcalloc((size_t)bs->n, sizeof *bs->b);
    bs->total_bytes = (size_t)total;
    bs->data_bytes = (size_t)data;
    bs->probe_no_room = probe_no_room;
    for (int i = 0; i < bs->n; i++) {
        struct dbuf *o = i < old.n ? &old.b[i] : NULL;
        if (o && kept(o, &s->bufs[i], types[i], cnt[i], seed, post[i])) {
            bs->b[i] = *o;
            memset(o, 0, sizeof *o);
        } else if (pool) bufpool_take(pool, &s->bufs[i], types[i], cnt[i], seed, post[i], &bs->b[i]);
    }
    if (pool) bench_buffers_park(pool, &old);
    else bench_buffers_free(&old);
    if (pool && (host > 0 || pool->dev_bytes + total > (double)d->global_mem * BUFBYTES_DEVICE_SHARE)) bufpool_release(pool);
    for (int i = 0; i < bs->n; i++) {
        struct dbuf *b = &bs->b[i];
        if (b->mem) continue;
        const struct dbuf want = { .sb = &s->bufs[i], .type = types[i], .count = cnt[i], .seed = seed };
        *b = want;
        cl_int e = make_buffer(ctx, q, d, post[i], b, why);
        if ((e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_RESOURCES) && pool && pool->n) {
            /* The parked buffers hold what this one needs: they go, and it is made again. */
            free(*why);
            *why = NULL;
            dbuf_free(b);
            bufpool_release(pool);
            *b = want;
            e = make_buffer(ctx, q, d, post[i], b, why);
        }
        if (e != CL_SUCCESS) {
            bench_buffers_free(bs);
            rc = e == CL_INVALID_BUFFER_SIZE || e == CL_MEM_OBJECT_ALLOCATION_FAILURE ? 1 : -1;
            goto out;
        }
    }
    rc = 0;
out:
    free(cnt);
    free(post);
    return rc;
}

double bench_local_arg_bytes(const struct spec *s, const struct vars *v)
{
    double total = 0, x;
    for (int i = 0; i < s->nargs; i++)
        if (s->args[i].kind == ARG_LOCAL && expr_eval(s->args[i].expr, v, &x, NULL) == 0) total += x;
    return total;
}

/* set_scalar: converts x to the argument's OpenCL type and sets it. */
static cl_int set_scalar(cl_kernel k, cl_uint idx, enum cltype t, double x)
{
    union { cl_char c; cl_uchar uc; cl_short s; cl_ushort us; cl_int i; cl_uint ui; cl_long l;
            cl_ulong ul; cl_float f; cl_double d; } u;
    cltype_set(t, &u, 0, x);
    return clSetKernelArg(k, idx, cltype_info(t)->size, &u);
}

int bench_set_args(cl_kernel k, const struct spec *s, const enum cltype *arg_types, const struct vars *v,
                   const struct bufset *bs, char **err)
{
    /* A kernel with more parameters than the spec's args fails at its launch with no more than
     * CL_INVALID_KERNEL_ARGS: said here, with the two counts. */
    cl_uint takes = 0;
    char name[256] = "";
    if (clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof takes, &takes, NULL) == CL_SUCCESS &&
        takes != (cl_uint)s->nargs) {
        int named = clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL) == CL_SUCCESS && name[0];
        *err = kargs_count_mismatch(s, named ? name : NULL, takes);
        return -1;
    }
    for (int i = 0; i < s->nargs; i++) {
        const struct spec_arg *a = &s->args[i];
        cl_int e;
        double x = 0;
        char *ee = NULL;
        if (a->kind != ARG_BUFFER && expr_eval(a->expr, v, &x, &ee)) {
            *err = xasprintf("argument %d: %s", i, ee);
            free(ee);
            return -1;
        }
        /* An integer argument of a fractional value would be cut (uint:NX of 1.5 is 1, while a count
         * of NX * NY elements is 384): the kernel would be blamed for the spec's numbers. */
        if (a->kind == ARG_SCALAR && !cltype_info(arg_types[i])->is_float && x != floor(x)) {
            *err = xasprintf("argument %d (%s:%s) is %g, not a whole number: an integer argument would cut it", i,
                             cltype_info(arg_types[i])->name, a->expr, x);
            return -1;
        }
        if (a->kind == ARG_BUFFER) e = clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &bs->b[a->buffer].mem);
        else if (a->kind == ARG_LOCAL) e = clSetKernelArg(k, (cl_uint)i, (size_t)(x > 1 ? x : 1), NULL);
        else e = set_scalar(k, (cl_uint)i, arg_types[i], x);
        if (e != CL_SUCCESS) {
            *err = kargs_set_failed(s, i, arg_types[i], k, e);
            return -1;
        }
    }
    return 0;
}

/* fill: a pattern fill of a buffer, so it is done on the device with no host traffic. */
static cl_int fill(cl_command_queue q, const struct dbuf *b, int zero)
{
    size_t es = cltype_info(b->type)->size;
    unsigned char pat[8];
    if (zero) memset(pat, 0, sizeof pat);
    else verify_poison(b->type, pat, 1);
    return clEnqueueFillBuffer(q, b->mem, pat, es, 0, b->bytes, 0, NULL, NULL);
}

char *bench_guards_check(cl_command_queue q, struct guard_scan *scan, const struct bufset *bs)
{
    const struct guarded **g = xcalloc((size_t)(bs->n ? bs->n : 1), sizeof *g);
    const char **names = xcalloc((size_t)(bs->n ? bs->n : 1), sizeof *names);
    for (int i = 0; i < bs->n; i++) { g[i] = &bs->b[i].guard; names[i] = bs->b[i].sb->name; }
    char *why = guard_check_all(q, scan, g, names, bs->n);
    free(g);
    free(names);
    return why;
}

cl_int bench_poison(cl_command_queue q, const struct bufset *bs)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
        if (bs->b[i].sb->init == INIT_OUTPUT) e = fill(q, &bs->b[i], 0);
    return e;
}

cl_int bench_resets(cl_command_queue q, const struct bufset *bs)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
        if (bs->b[i].sb->reset_zero) e = fill(q, &bs->b[i], 1);
    return e;
}

int bench_has_resets(const struct bufset *bs)
{
    for (int i = 0; i < bs->n; i++)
        if (bs->b[i].sb->reset_zero) return 1;
    return 0;
}

int bench_read_outputs(cl_command_queue q, struct bufset *bs, char **err)
{
    double t0 = now_seconds();
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
        if (bs->b[i].result)
            e = clEnqueueReadBuffer(q, bs->b[i].mem, CL_TRUE, 0, bs->b[i].bytes, bs->b[i].result, 0, NULL, NULL);
    phase_add(PH_READBACK, now_seconds() - t0);
    if (e == CL_SUCCESS) return 0;
    *err = xasprintf("clEnqueueReadBuffer: %s", ocl_err_name(e));
    return -1;
}

int bench_wall(cl_command_queue q, cl_kernel k, const struct launch *L, struct bufset *bs, int n,
               double limit_s, double *ms, char **err)
{
    cl_int e = CL_SUCCESS;
    const char *what = "clEnqueueWriteBuffer";
    int turn = hostlock_take();   /* another clx's host work would slow these transfers */
    for (int t = 0; t < n; t++) {
        double t0 = now_seconds();
        for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
            if (bs->b[i].init) e = clEnqueueWriteBuffer(q, bs->b[i].mem, CL_FALSE, 0, bs->b[i].bytes, bs->b[i].init, 0, NULL, NULL);
        if (e == CL_SUCCESS) { what = "buffer reset"; e = bench_resets(q, bs); }
        if (e == CL_SUCCESS) { what = "clEnqueueNDRangeKernel"; e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, NULL); }
        what = "clEnqueueReadBuffer";
        for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
            if (bs->b[i].result) e = clEnqueueReadBuffer(q, bs->b[i].mem, CL_FALSE, 0, bs->b[i].bytes, bs->b[i].result, 0, NULL, NULL);
        if (e == CL_SUCCESS) {
            what = "clFinish";
            worker_wait(limit_s);
            e = ocl_finish(q);
            worker_waited();
        }
        if (e != CL_SUCCESS) {
            *err = xasprintf("%s: %s", what, ocl_err_name(e));
            ocl_finish(q);
            hostlock_give(turn);
            return -1;
        }
        ms[t] = (now_seconds() - t0) * 1e3;
    }
    hostlock_give(turn);
    return 0;
}
