/* bench.c — buffers, arguments and timed launches: warm-ups, then trials timed with
 * CL_PROFILING_COMMAND_START/END (and by the host beside them), batching short kernels so the
 * timer's resolution does not matter, until a count or a target cv; warm or cold caches. */
#include "bench.h"
#include "hostlock.h"
#include "par.h"
#include "phase.h"
#include "rng.h"
#include "stats.h"
#include "util.h"
#include "worker.h"
#include "verify.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BATCH_FACTOR 100      /* time at least 100 timer ticks per trial */
#define BATCH_MAX 4096

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

static char *human_bytes(double b)
{
    const char *u[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int i = 0;
    while (b >= 1024 && i < 4) { b /= 1024; i++; }
    return xasprintf("%.1f %s", b, u[i]);
}

void bench_buffers_free(struct bufset *bs)
{
    for (int i = 0; i < bs->n; i++) {
        if (bs->b[i].mem) clReleaseMemObject(bs->b[i].mem);
        free(bs->b[i].init);
        free(bs->b[i].result);
    }
    free(bs->b);
    memset(bs, 0, sizeof *bs);
}

/* counts: evaluates every buffer's count; 0, or -1 with *why. */
static int counts(const struct spec *s, const struct vars *v, size_t *out, char **why)
{
    for (int i = 0; i < s->nbufs; i++) {
        double c;
        char *e = NULL;
        if (expr_eval(s->bufs[i].count, v, &c, &e)) {
            *why = xasprintf("buffer %s: %s", s->bufs[i].name, e);
            free(e);
            return -1;
        }
        if (c < 1 || c > 1e15) { *why = xasprintf("buffer %s: count %.0f is not a sensible size", s->bufs[i].name, c); return -1; }
        out[i] = (size_t)ceil(c);
    }
    return 0;
}

int bench_buffers(cl_context ctx, cl_command_queue q, const struct spec *s, const enum cltype *types,
                  const struct vars *v, const struct devprops *d, uint64_t seed, struct bufset *bs, char **why)
{
    size_t *cnt = xcalloc((size_t)s->nbufs, sizeof *cnt);
    int rc = -1;
    if (counts(s, v, cnt, why)) goto out;
    int same = bs->n == s->nbufs;
    for (int i = 0; same && i < s->nbufs; i++) same = bs->b[i].count == cnt[i] && bs->b[i].type == types[i];
    if (same) { rc = 0; goto out; }
    bench_buffers_free(bs);
    double total = 0;
    for (int i = 0; i < s->nbufs; i++) {
        double bytes = (double)cnt[i] * (double)cltype_info(types[i])->size;
        total += bytes;
        if (bytes > (double)d->max_alloc) {
            char *a = human_bytes(bytes), *m = human_bytes((double)d->max_alloc);
            *why = xasprintf("buffer %s needs %s, more than CL_DEVICE_MAX_MEM_ALLOC_SIZE %s", s->bufs[i].name, a, m);
            free(a); free(m);
            rc = 1;
            goto out;
        }
    }
    if (total > (double)d->global_mem * 0.9) {
        char *a = human_bytes(total), *m = human_bytes((double)d->global_mem);
        *why = xasprintf("the buffers need %s together, more than 90%% of the device's %s", a, m);
        free(a); free(m);
        rc = 1;
        goto out;
    }
    bs->n = s->nbufs;
    bs->b = xcalloc((size_t)bs->n, sizeof *bs->b);
    bs->total_bytes = (size_t)total;
    for (int i = 0; i < bs->n; i++) {
        struct dbuf *b = &bs->b[i];
        b->sb = &s->bufs[i];
        b->type = types[i];
        b->count = cnt[i];
        b->bytes = cnt[i] * cltype_info(b->type)->size;
        cl_int e;
        b->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, b->bytes, NULL, &e);
        if (e != CL_SUCCESS) {
            char *a = human_bytes((double)b->bytes);
            *why = xasprintf("clCreateBuffer(%s, %s): %s", b->sb->name, a, ocl_err_name(e));
            free(a);
            bench_buffers_free(bs);
            rc = e == CL_INVALID_BUFFER_SIZE || e == CL_MEM_OBJECT_ALLOCATION_FAILURE ? 1 : -1;
            goto out;
        }
        if (b->sb->init == INIT_OUTPUT) {
            b->result = xmalloc(b->bytes);
            continue;
        }
        b->init = xmalloc(b->bytes);
        double t0 = now_seconds();
        fill_input(b, seed);
        double t1 = now_seconds();
        e = clEnqueueWriteBuffer(q, b->mem, CL_TRUE, 0, b->bytes, b->init, 0, NULL, NULL);
        phase_add(PH_INPUTS, t1 - t0);
        phase_add(PH_UPLOAD, now_seconds() - t1);
        if (e != CL_SUCCESS) {
            *why = xasprintf("clEnqueueWriteBuffer(%s): %s", b->sb->name, ocl_err_name(e));
            bench_buffers_free(bs);
            goto out;
        }
    }
    rc = 0;
out:
    free(cnt);
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
        if (a->kind == ARG_BUFFER) e = clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &bs->b[a->buffer].mem);
        else if (a->kind == ARG_LOCAL) e = clSetKernelArg(k, (cl_uint)i, (size_t)(x > 1 ? x : 1), NULL);
        else e = set_scalar(k, (cl_uint)i, arg_types[i], x);
        if (e != CL_SUCCESS) {
            *err = xasprintf("clSetKernelArg(%d): %s (does the template's argument list match the spec's args?)", i, ocl_err_name(e));
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

static cl_int resets(cl_command_queue q, const struct bufset *bs)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
        if (bs->b[i].sb->reset_zero) e = fill(q, &bs->b[i], 1);
    return e;
}

static int has_resets(const struct bufset *bs)
{
    for (int i = 0; i < bs->n; i++)
        if (bs->b[i].sb->reset_zero) return 1;
    return 0;
}

static double event_ns(cl_event ev, cl_profiling_info what)
{
    cl_ulong t = 0;
    clGetEventProfilingInfo(ev, what, sizeof t, &t, NULL);
    return (double)t;
}

double bench_launch_limit(const struct bench_opts *o, double longest_s)
{
    if (o->timeout_s > 0) return o->timeout_s;
    return longest_s * 50 > 60 ? longest_s * 50 : 60;
}

size_t bench_flush_bytes(double cache_bytes, size_t max_alloc)
{
    double b = 2 * cache_bytes, least = 64.0 * 1024 * 1024;
    if (b < least) b = least;
    if (b > (double)max_alloc) b = (double)max_alloc;
    return (size_t)b;
}

int bench_flush_make(cl_context ctx, size_t bytes, struct bench_flush *f, char **err)
{
    cl_int e;
    f->bytes = bytes;
    f->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e == CL_SUCCESS) return 0;
    char *h = human_bytes((double)bytes);
    *err = xasprintf("--cold: clCreateBuffer(cache flush, %s): %s", h, ocl_err_name(e));
    free(h);
    f->mem = NULL;
    return -1;
}

void bench_flush_free(struct bench_flush *f)
{
    if (f->mem) clReleaseMemObject(f->mem);
    memset(f, 0, sizeof *f);
}

/* The untimed work before a single launch: its buffer resets, then the cache flush (after the
 * resets, which would otherwise bring their lines back), finished before the host's clock starts
 * so neither clock counts it. */
static cl_int prepare_single(cl_command_queue q, const struct bufset *bs, const struct bench_flush *flush, double limit_s)
{
    cl_int e = resets(q, bs);
    if (e == CL_SUCCESS && flush) {
        static const unsigned pattern = 0x5a5a5a5a;
        e = clEnqueueFillBuffer(q, flush->mem, &pattern, sizeof pattern, 0, flush->bytes, 0, NULL, NULL);
    }
    if (e != CL_SUCCESS) return e;
    double t0 = now_seconds();
    worker_wait(limit_s);
    e = clFinish(q);
    worker_waited();
    phase_add(PH_FLUSH, now_seconds() - t0);
    return e;
}

/* What one timed batch took, in ns: the launches' own durations added up (each START to END), the
 * span from the first start to the last end, and the host's time (first enqueue to the wait's
 * return). The span also holds the device's idle time between launches, which is not the kernel's:
 * on an H200 back-to-back launches of a 6 us kernel were 11 us apart, gated or not (docs/timing.md). */
struct batch_time { double event_ns, span_ns, host_ns; };

/* launch_batch: enqueues n launches (each after its buffer resets; a single launch after its
 * resets and the flush, when there is one) and times them. 0, or -1 with *e set. */
static int launch_batch(cl_command_queue q, cl_kernel k, const struct launch *L, const struct bufset *bs,
                        int n, double limit_s, const struct bench_flush *flush, struct batch_time *bt, cl_int *e)
{
    cl_event *ev = xcalloc((size_t)n, sizeof *ev);
    int rc = -1, enqueued = 0, prepared = n == 1 && (flush || has_resets(bs));
    if (prepared && (*e = prepare_single(q, bs, flush, limit_s)) != CL_SUCCESS) goto out;
    double t0 = now_seconds();
    for (; enqueued < n; enqueued++) {
        if (!prepared && (*e = resets(q, bs)) != CL_SUCCESS) goto out;
        *e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, &ev[enqueued]);
        if (*e != CL_SUCCESS) goto out;
    }
    /* The wait is where a kernel that never ends would keep clx forever: the supervisor watches it. */
    worker_wait(limit_s * n);
    *e = clWaitForEvents(1, &ev[n - 1]);
    worker_waited();
    bt->host_ns = (now_seconds() - t0) * 1e9;
    if (*e != CL_SUCCESS) goto out;
    bt->event_ns = 0;
    for (int i = 0; i < n; i++)
        bt->event_ns += event_ns(ev[i], CL_PROFILING_COMMAND_END) - event_ns(ev[i], CL_PROFILING_COMMAND_START);
    bt->span_ns = event_ns(ev[n - 1], CL_PROFILING_COMMAND_END) - event_ns(ev[0], CL_PROFILING_COMMAND_START);
    phase_add(PH_KERNELS, bt->event_ns * 1e-9);
    rc = 0;
out:
    for (int i = 0; i < enqueued; i++) clReleaseEvent(ev[i]);
    free(ev);
    return rc;
}

/* trial_room: makes room in t for one more trial (the count is open-ended under --target-cv). */
static void trial_room(struct timing *t, int *cap)
{
    if (t->n < *cap) return;
    *cap = *cap ? 2 * *cap : 16;
    t->ms = xrealloc(t->ms, sizeof *t->ms * (size_t)*cap);
    t->host_ms = xrealloc(t->host_ms, sizeof *t->host_ms * (size_t)*cap);
    t->gap_ms = xrealloc(t->gap_ms, sizeof *t->gap_ms * (size_t)*cap);
}

int bench_cv_window(int trials, int n)
{
    int w = trials > 3 ? trials : 3;
    return n / 2 > w ? n / 2 : w;
}

/* enough_trials: whether the trials may stop: the count is reached, or with a target cv, the cv of
 * the last trials (bench_cv_window) is at most the target. */
static int enough_trials(const struct bench_opts *o, struct timing *t)
{
    if (o->target_cv <= 0) return t->n >= o->trials;
    t->window = bench_cv_window(o->trials, t->n);
    if (t->n < t->window) return 0;
    t->window_cv = stats_cv(t->ms + t->n - t->window, t->window);
    if (t->window_cv <= o->target_cv) t->converged = 1;
    return t->converged || t->n >= BENCH_CV_TRIALS_MAX;
}

int bench_time(cl_command_queue q, cl_kernel k, const struct launch *L, struct bufset *bs,
               const struct bench_opts *o, const struct bench_env *env, struct timing *t, char **err)
{
    const struct bench_flush *flush = env->flush;
    double timer_res_ns = env->timer_res_ns;
    memset(t, 0, sizeof *t);
    t->batch = 1;
    t->converged = o->target_cv > 0 ? 0 : -1;
    t->cold = o->cold && flush && flush->mem;
    if (!t->cold) flush = NULL;
    cl_int e = CL_SUCCESS;
    const char *what = "clEnqueueFillBuffer (poison)";
    double start = now_seconds();
    struct batch_time bt;
    for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
        if (bs->b[i].sb->init == INIT_OUTPUT) e = fill(q, &bs->b[i], 0);
    if (e != CL_SUCCESS) goto fail;
    what = "clEnqueueNDRangeKernel";
    double kernels0 = phase_get(PH_KERNELS), flush0 = phase_get(PH_FLUSH);
    /* Warm-ups are not measured one by one: enqueued together, one wait, never flushed. */
    if (o->warmups > 0 && launch_batch(q, k, L, bs, o->warmups, bench_launch_limit(o, 0), NULL, &bt, &e)) goto fail;
    double longest = o->warmups > 0 ? bt.event_ns * 1e-9 / o->warmups : 0;
    /* One probe launch decides the batch size. */
    if (launch_batch(q, k, L, bs, 1, bench_launch_limit(o, longest), flush, &bt, &e)) goto fail;
    if (bt.event_ns * 1e-9 > longest) longest = bt.event_ns * 1e-9;
    if (bt.event_ns < BATCH_FACTOR * timer_res_ns) {
        /* A batch would be cold only for its first launch. */
        if (has_resets(bs) || flush) t->short_unbatched = 1;
        else {
            double b = ceil(BATCH_FACTOR * timer_res_ns / (bt.event_ns > 1 ? bt.event_ns : 1));
            t->batch = b > BATCH_MAX ? BATCH_MAX : (int)b;
        }
    }
    if (env->trials_start) env->trials_start(env->arg);
    int cap = 0;
    while (!enough_trials(o, t)) {
        if (o->max_seconds > 0 && now_seconds() - start > o->max_seconds && t->n >= 3) {
            t->cut = 1;
            break;
        }
        trial_room(t, &cap);
        if (launch_batch(q, k, L, bs, t->batch, bench_launch_limit(o, longest), flush, &bt, &e)) goto fail;
        t->ms[t->n] = bt.event_ns / t->batch * 1e-6;
        t->host_ms[t->n] = bt.host_ns / t->batch * 1e-6;
        if (t->batch > 1) t->gap_ms[t->n] = (bt.span_ns - bt.event_ns) / (t->batch - 1) * 1e-6;
        t->n++;
        if (bt.event_ns * 1e-9 / t->batch > longest) longest = bt.event_ns * 1e-9 / t->batch;
    }
    phase_add(PH_LAUNCH, now_seconds() - start - (phase_get(PH_KERNELS) - kernels0) - (phase_get(PH_FLUSH) - flush0));
    return 0;
fail:
    *err = xasprintf("%s: %s", what, ocl_err_name(e));
    clFinish(q);
    return -1;
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
        if (e == CL_SUCCESS) { what = "buffer reset"; e = resets(q, bs); }
        if (e == CL_SUCCESS) { what = "clEnqueueNDRangeKernel"; e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, NULL); }
        what = "clEnqueueReadBuffer";
        for (int i = 0; i < bs->n && e == CL_SUCCESS; i++)
            if (bs->b[i].result) e = clEnqueueReadBuffer(q, bs->b[i].mem, CL_FALSE, 0, bs->b[i].bytes, bs->b[i].result, 0, NULL, NULL);
        if (e == CL_SUCCESS) {
            what = "clFinish";
            worker_wait(limit_s);
            e = clFinish(q);
            worker_waited();
        }
        if (e != CL_SUCCESS) {
            *err = xasprintf("%s: %s", what, ocl_err_name(e));
            clFinish(q);
            hostlock_give(turn);
            return -1;
        }
        ms[t] = (now_seconds() - t0) * 1e3;
    }
    hostlock_give(turn);
    return 0;
}

const char *bench_host_disagrees(double event_ms, double host_ms, double round_trip_ms)
{
    if (event_ms > host_ms * 1.02 + 0.005) return "event>host";
    if (host_ms > 1 && host_ms > 10 * round_trip_ms && event_ms < 0.01 * host_ms) return "event<<host";
    return NULL;
}

double bench_round_trip(cl_context ctx, cl_command_queue q)
{
    enum { WARM = 3, TIMES = 15 };
    cl_int e;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
    if (e != CL_SUCCESS) return 0;
    double ms[TIMES];
    int n = 0;
    for (int i = 0; i < WARM + TIMES; i++) {
        static const unsigned zero = 0;
        double t0 = now_seconds();
        if (clEnqueueFillBuffer(q, m, &zero, sizeof zero, 0, sizeof zero, 0, NULL, NULL) != CL_SUCCESS ||
            clFinish(q) != CL_SUCCESS)
            break;
        if (i >= WARM) ms[n++] = (now_seconds() - t0) * 1e3;
    }
    clReleaseMemObject(m);
    struct stats st;
    stats_compute(ms, n, &st);
    return n == TIMES ? st.median : 0;
}

void timing_free(struct timing *t)
{
    free(t->ms);
    free(t->host_ms);
    free(t->gap_ms);
    memset(t, 0, sizeof *t);
}
