/* trials.c — a configuration's timed trials: warm-ups, five probe launches deciding the batch size,
 * trials timed with CL_PROFILING_COMMAND_START/END (and by the host beside them) in one or more
 * visits, until a count or a target cv; warm or cold caches; the host's round trip and the rule
 * that judges the events against it. */
#include "trials.h"
#include "batch.h"
#include "blocker.h"
#include "lib/phase.h"
#include "lib/stats.h"
#include "lib/util.h"
#include "lib/worker.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BATCH_FACTOR 100      /* time at least 100 timer ticks per trial */
#define BATCH_MAX 4096
#define PROBES 5              /* probe launches whose median decides the batch size */
/* A first warm-up longer than this has warmed what the rest would (the driver's lazy set-up, the
 * caches): the others are not run, which on a slow device (llvmpipe: seconds a launch) is most of
 * a quick run. */
#define WARM_ENOUGH_S 0.5
/* A batch that came late behind its blocker is timed again, up to this many times in all. */
#define LATE_TRIES 3

int bench_opts_defaults(struct bench_opts *o, const struct spec *s, int quick)
{
    if (o->trials < 0) o->trials = s->trials;
    if (o->warmups < 0) o->warmups = s->warmups;
    if (o->target_cv < 0) o->target_cv = s->target_cv;
    /* A quick run is quick on a slow device too (llvmpipe runs volkov_fma's ILP 4 at a second a
     * launch): a few seconds of trials per configuration, not thirty, unless --max-time says. */
    if (o->max_seconds < 0) o->max_seconds = quick ? QUICK_MAX_SECONDS : RUN_MAX_SECONDS;
    /* --target-cv decides on one unbroken series of trials: with it, one round unless asked. */
    if (o->target_cv > 0 && o->rounds > 1) return -1;
    if (o->rounds < 0) o->rounds = o->target_cv > 0 ? 1 : s->rounds;
    if (o->target_se < 0) o->target_se = quick ? 0 : TARGET_SE_DEFAULT;
    if (o->round_gap < 0) o->round_gap = ROUND_GAP_DEFAULT;
    if (o->max_rounds < 0)
        o->max_rounds = o->rounds > ROUNDS_KEPT / MAX_ROUNDS_FACTOR ? ROUNDS_KEPT : MAX_ROUNDS_FACTOR * o->rounds;
    return 0;
}

double trials_launch_limit(const struct bench_opts *o, double longest_s, double first_s)
{
    if (o->timeout_s > 0) return o->timeout_s;
    double base = o->limit_s > 0 ? o->limit_s : LAUNCH_LIMIT_S;
    if (!(longest_s > 0)) return first_s > base ? first_s : base;
    return longest_s * LAUNCH_LIMIT_TIMES > base ? longest_s * LAUNCH_LIMIT_TIMES : base;
}

/* limit: trials_launch_limit with env's first-launch allowance. */
static double limit(const struct bench_opts *o, const struct bench_env *env, double longest_s)
{
    return trials_launch_limit(o, longest_s, env->first_launch_s);
}

const char *trials_limit_rule(const struct bench_opts *o)
{
    if (o->timeout_s > 0) return "--timeout";
    return o->limit_s > 0 ? "the default limit with CLX_LAUNCH_LIMIT as its base" : "the default limit: " TRIALS_LIMIT_RULE;
}

double trials_want_ns(const struct bench_env *env, int held)
{
    double step = env->step_ns >= 2 ? env->step_ns : 0;
    if (!held) return BATCH_FACTOR * (step > env->timer_res_ns ? step : env->timer_res_ns);
    double ticks = BATCH_FACTOR * (step > 0 ? step : env->timer_res_ns);
    return env->least_trial_ns > ticks ? env->least_trial_ns : ticks;
}

int trials_batch_size(double probe_ns, double want)
{
    if (!(probe_ns < want)) return 1;
    double b = exp2(round(log2(want / (probe_ns > 1 ? probe_ns : 1))));
    return b > BATCH_MAX ? BATCH_MAX : b < 1 ? 1 : (int)b;
}

size_t trials_flush_bytes(double cache_bytes, size_t max_alloc)
{
    double b = 2 * cache_bytes, least = 64.0 * 1024 * 1024;
    if (b < least) b = least;
    if (b > (double)max_alloc) b = (double)max_alloc;
    return (size_t)b;
}

int trials_flush_make(cl_context ctx, size_t bytes, struct bench_flush *f, char **err)
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

void trials_flush_free(struct bench_flush *f)
{
    if (f->mem) clReleaseMemObject(f->mem);
    memset(f, 0, sizeof *f);
}

/* trial_room: makes room in t for one more trial (the count is open-ended under --target-cv). */
static void trial_room(struct timing *t)
{
    if (t->n < t->cap) return;
    t->cap = t->cap ? 2 * t->cap : 16;
    t->ms = xrealloc(t->ms, sizeof *t->ms * (size_t)t->cap);
    t->host_ms = xrealloc(t->host_ms, sizeof *t->host_ms * (size_t)t->cap);
    t->gap_ms = xrealloc(t->gap_ms, sizeof *t->gap_ms * (size_t)t->cap);
    t->mhz = xrealloc(t->mhz, sizeof *t->mhz * (size_t)t->cap);
}

/* clock_collect: the readings of the `sent` trials sent since the last collect (two each, before and
 * after, in slots from 0): each trial kept from `from` on gets the mean of its pair (slot[]: a trial
 * taken again after a late hold left its pair unused). */
static void clock_collect(const struct bench_env *env, cl_command_queue q, struct timing *t, int from, const int *slot, int sent)
{
    int n = t->n - from;
    if (n <= 0 || sent <= 0) return;
    double *r = xmalloc(sizeof *r * 2 * (size_t)sent);
    int ok = env->clock && env->clock->k && trialclock_read(env->clock, q, r, 2 * sent) == 0;
    for (int i = 0; i < n; i++) {
        const double *p = r + 2 * slot[i];
        t->mhz[from + i] = ok && p[0] > 0 && p[1] > 0 ? (p[0] + p[1]) / 2 : NAN;
    }
    free(r);
}

/* visit_begin: records where the visit's trials start and when (since the run's start). */
static void visit_begin(struct timing *t, double now, double t0)
{
    if (t->visits == t->round_cap) {
        t->round_cap = t->round_cap ? 2 * t->round_cap : 8;
        t->round_first = xrealloc(t->round_first, sizeof *t->round_first * (size_t)t->round_cap);
        t->round_at = xrealloc(t->round_at, sizeof *t->round_at * (size_t)t->round_cap);
    }
    t->round_first[t->visits] = t->n;
    t->round_at[t->visits] = now - t0;
    t->visits++;
}

int trials_cv_window(int trials, int n)
{
    int w = trials > 3 ? trials : 3;
    return n / 2 > w ? n / 2 : w;
}

/* enough_trials: whether the visit's trials may stop: its count (want) is reached, or with a target
 * cv, the cv of the last trials (trials_cv_window) is at most the target. */
static int enough_trials(const struct bench_opts *o, struct timing *t, int first, int want)
{
    if (o->target_cv <= 0) return t->n - first >= want;
    t->window = trials_cv_window(want, t->n);
    if (t->n < t->window) return 0;
    t->window_cv = stats_cv(t->ms + t->n - t->window, t->window);
    if (t->window_cv <= o->target_cv) t->converged = 1;
    return t->converged || t->n >= TRIALS_CV_MAX;
}

/* decide_batch: on the first visit, after the warm-ups (whose launches after the first took
 * warm_ns each, NAN when there were none): the batch size, from --batch or from the median of
 * PROBES launches after a lead-in, unless the warm-ups already show a kernel of 200 ticks and more. A
 * kernel whose buffers are reset before each launch, or a cold one, is never batched. */
static int decide_batch(const struct trials_kernel *tk, const struct bench_opts *o, const struct bench_env *env,
                        const struct bench_flush *flush, double warm_ns, double *longest, struct timing *t, cl_int *e)
{
    const struct bufset *bs = tk->bs;
    double want_held = trials_want_ns(env, 1), want_fed = trials_want_ns(env, 0);
    double short_ns = want_held > want_fed ? want_held : want_fed;
    struct batch_time bt;
    if (!isnan(warm_ns)) t->typical_ms = warm_ns * 1e-6;
    if (bench_has_resets(bs) || flush) {
        if (isnan(warm_ns)) {         /* no warm-ups: one launch tells whether the kernel is short */
            struct batch_request one = { .n = 1, .limit_s = limit(o, env, *longest), .flush = flush };
            if (launch_batch(tk, env, &one, &bt, e)) return -1;
            warm_ns = bt.event_ns;
        }
        t->short_unbatched = warm_ns < short_ns;
        return 0;
    }
    if (o->batch > 0) {
        t->batch = o->batch;
        t->forced = 1;
        return 0;
    }
    if (warm_ns >= 2 * short_ns) return 0;
    struct batch_request probes = { .n = PROBES, .lead = 1, .limit_s = limit(o, env, *longest) };
    for (int tries = 0; tries < LATE_TRIES && (tries == 0 || bt.late); tries++)
        if (launch_batch(tk, env, &probes, &bt, e)) return -1;
    t->probes = PROBES;
    t->typical_ms = t->probe_ms = bt.median_ns * 1e-6;
    if (t->probe_ms * 1e-3 > *longest) *longest = t->probe_ms * 1e-3;
    t->held = !env->by_host && blocker_holds(env->blocker, bt.median_ns);
    t->batch = trials_batch_size(t->probe_ms * 1e6, t->held ? want_held : want_fed);
    return 0;
}

/* single_lead: whether a trial of one launch follows an untimed one queued just before it (and
 * behind the blocker where the kernel is short), as a batch does: a kernel under TRIALS_REWARM_BELOW_S
 * whose buffers are not reset between launches. Alone after the host's wait it meets an idle
 * device: on an H200 (2026-11-27) taylor's rows of 5-50 us timed so moved by 19% between two runs
 * at the 95th percentile (docs/timing.md). */
static int single_lead(const struct timing *t, const struct bufset *bs, const struct bench_flush *flush, double longest_s)
{
    double typical_s = t->typical_ms > 0 ? t->typical_ms * 1e-3 : longest_s;
    return t->batch == 1 && !flush && !bench_has_resets(bs) && typical_s < TRIALS_REWARM_BELOW_S;
}

/* warm_lead: whether each trial of one launch goes behind a warming spin (blocker_warm) in place of
 * a lead-in of its own kernel: a kernel of TRIALS_AHEAD_LEAST_MS to TRIALS_REWARM_BELOW_S that a
 * single_lead would precede, not held, where the blocker runs, on buffers of TRIALS_WARM_LLC_TIMES
 * the last-level cache and more. Every trial, those queued ahead too, so that each launch follows
 * the same spin (behind a launch of its own kernel a copy at full occupancy took 0.6-1.4% longer
 * on an H200: the launch before's write-backs; docs/timing.md). */
static int warm_lead(const struct timing *t, const struct bench_env *env, const struct bufset *bs,
                     const struct bench_flush *flush, double longest_s)
{
    double typical_ms = t->typical_ms > 0 ? t->typical_ms : longest_s * 1e3;
    return !env->by_host && blocker_ready(env->blocker) && !t->held && single_lead(t, bs, flush, longest_s) &&
           typical_ms >= TRIALS_AHEAD_LEAST_MS && env->llc_bytes > 0 &&
           (double)bs->data_bytes >= TRIALS_WARM_LLC_TIMES * env->llc_bytes;
}

int trials_run(const struct trials_kernel *tk, const struct bench_opts *o, const struct bench_env *env, int trials,
               struct timing *t, char **err)
{
    cl_command_queue q = tk->q;
    struct bufset *bs = tk->bs;
    const struct bench_flush *flush = o->cold && env->flush && env->flush->mem ? env->flush : NULL;
    int first = t->visits == 0;
    if (first) {
        t->batch = 1;
        t->converged = o->target_cv > 0 ? 0 : -1;
        t->cold = flush != NULL;
    }
    cl_int e = CL_SUCCESS;
    const char *what = "clEnqueueFillBuffer (poison)";
    double start = now_seconds();
    visit_begin(t, start, env->t0);
    int from = t->n;
    struct batch_time bt;
    double longest = 0;
    struct batch_flight fl[2] = { { 0 } };
    int nf = 0, *slot = NULL;        /* the trials in flight (fl[0] first); [kept trial]: its clock pair */
    for (int i = 0; i < t->n; i++) longest = t->ms[i] * 1e-3 > longest ? t->ms[i] * 1e-3 : longest;
    phase_begin(PH_LAUNCH);
    if (first) {
        phase_begin(PH_GUARDS);
        e = bench_poison(q, bs);
        phase_end();
        if (e != CL_SUCCESS) goto fail;
        what = "clEnqueueNDRangeKernel";
        /* Warm-ups are not measured one by one: enqueued together, one wait, never flushed. */
        double warm_ns = NAN;
        double first_host_s = NAN, first_event_s = NAN;
        if (o->warmups > 0) {
            double tf = now_seconds();
            if (launch_batch(tk, env, &(struct batch_request){ .n = 1, .limit_s = limit(o, env, 0) }, &bt, &e)) goto fail;
            first_host_s = now_seconds() - tf;
            first_event_s = longest = bt.event_ns * 1e-9;
            warm_ns = bt.median_ns;
        }
        if (o->warmups > 1 && longest <= WARM_ENOUGH_S) {
            struct batch_request rest = { .n = o->warmups - 1, .limit_s = limit(o, env, longest) };
            if (launch_batch(tk, env, &rest, &bt, &e)) goto fail;
            longest = fmax(longest, bt.event_ns * 1e-9 / (o->warmups - 1));
            warm_ns = bt.median_ns;
        }
        if (decide_batch(tk, o, env, flush, warm_ns, &longest, t, &e)) goto fail;
        /* The first launch's one-off, against what a warm launch takes (the warm-ups after it, the
         * probes): PoCL with a cold kernel cache compiled there for 0.2-5 s a kernel of 1.7 ms. */
        if (!isnan(first_host_s)) {
            double own = t->typical_ms > 0 ? t->typical_ms * 1e-3 : first_event_s;
            t->once_s = fmax(0, first_host_s - own);
        }
    } else {
        what = "clEnqueueNDRangeKernel";
        /* Another kernel ran since: one untimed launch first (each trial's lead-in does it already). */
        if (t->batch == 1 && longest < TRIALS_REWARM_BELOW_S && !single_lead(t, bs, flush, longest) &&
            launch_batch(tk, env, &(struct batch_request){ .n = 1, .limit_s = limit(o, env, longest) }, &bt, &e))
            goto fail;
    }
    if (env->trials_start) env->trials_start(env->arg);
    double budget = o->max_seconds / (o->rounds > 1 ? o->rounds : 1);
    int clocked = env->clock && env->clock->k, per = clocked ? env->clock->nslots / 2 : 0, read_from = t->n, sent = 0;
    /* --max-time leaves at least 3 trials, or with rounds one in each round. */
    int least = o->rounds > 1 ? 1 : trials < 3 ? trials : 3, late = 0;
    /* A trial of a kernel of TRIALS_AHEAD_LEAST_MS to TRIALS_REWARM_BELOW_S, not held, is queued while the
     * one before it runs, where their count is known beforehand and the events time them: it then
     * meets a device busy with the same kernel, which is what its lead-in was for, and goes without
     * one (docs/timing.md, "Trials queued ahead"). */
    int ahead = !env->by_host && o->target_cv <= 0 && !t->held && t->typical_ms >= TRIALS_AHEAD_LEAST_MS;
    if (clocked) slot = xmalloc(sizeof *slot * (size_t)per);
    for (;;) {
        while (nf < 2) {
            int lead = t->batch > 1 || single_lead(t, bs, flush, longest);
            if (nf > 0 && !(ahead && lead)) break;
            if (nf > 0) lead = 0;              /* the trial before it is its lead-in */
            if (env->stop && env->stop()) goto stopped;
            if (nf ? t->n - from + nf >= trials : enough_trials(o, t, from, trials)) break;
            if (o->max_seconds > 0 && now_seconds() - start > budget && t->n - from + nf >= least) {
                t->cut = 1;
                break;
            }
            if (clocked && sent == per) break;
            int warm = warm_lead(t, env, bs, flush, longest);
            struct batch_request trial = { .n = t->batch, .lead = lead && !warm, .warm = warm, .limit_s = limit(o, env, longest),
                                           .flush = flush, .kernel_ns = t->typical_ms * 1e6 };
            if (clocked) trialclock_mark(env->clock, q, 2 * sent);
            int rc = batch_send(tk, env, &trial, &fl[nf], &e);
            nf++;
            if (rc) goto fail;
            if (clocked) trialclock_mark(env->clock, q, 2 * sent + 1);
            fl[nf - 1].slot = sent++;
        }
        if (nf == 0) {
            if (!(clocked && sent == per)) break;
            clock_collect(env, q, t, read_from, slot, sent);
            read_from = t->n;
            sent = 0;
            continue;
        }
        struct batch_flight cur = fl[0];
        fl[0] = fl[1];
        nf--;
        if (batch_take(env, &cur, &bt, &e)) goto fail;
        /* A batch not all queued behind its blocker ran partly as the host fed it: taken again. */
        if (bt.late && ++late < LATE_TRIES) continue;
        if (bt.late) env->blocker->kept_late++;
        late = 0;
        trial_room(t);
        if (clocked) slot[t->n - read_from] = cur.slot;
        t->ms[t->n] = bt.event_ns / t->batch * 1e-6;
        t->host_ms[t->n] = bt.host_ns * 1e-6;
        t->gap_ms[t->n] = t->batch > 1 ? (bt.span_ns - bt.event_ns) / (t->batch - 1) * 1e-6 : 0;
        if (t->ms[t->n] * 1e-3 > longest) longest = t->ms[t->n] * 1e-3;
        t->mhz[t->n] = NAN;
        t->n++;
    }
    if (clocked) clock_collect(env, q, t, read_from, slot, sent);
    free(slot);
    phase_end();
    return 0;
stopped:
    /* Stopped between two trials: what is in flight ends, and the visit is taken back whole, as if
     * it had not begun. */
    for (int i = 0; i < nf; i++) batch_take(env, &fl[i], &bt, &e);
    free(slot);
    t->n = from;
    t->visits--;
    phase_end();
    return 1;
fail:
    *err = xasprintf("%s: %s", what, ocl_err_name(e));
    ocl_finish(q);
    for (int i = 0; i < nf; i++) batch_drop(&fl[i]);
    free(slot);
    phase_end();
    return -1;
}

void timing_free(struct timing *t)
{
    free(t->ms);
    free(t->host_ms);
    free(t->gap_ms);
    free(t->mhz);
    free(t->round_first);
    free(t->round_at);
    memset(t, 0, sizeof *t);
}

const char *trials_host_disagrees(double event_ms, double host_ms, double round_trip_ms)
{
    if (event_ms > host_ms * 1.02 + 0.005) return "event>host";
    if (host_ms > 1 && host_ms > 10 * round_trip_ms && event_ms < 0.01 * host_ms) return "event<<host";
    return NULL;
}

double trials_round_trip(cl_context ctx, cl_command_queue q)
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
            ocl_finish(q) != CL_SUCCESS)
            break;
        if (i >= WARM) ms[n++] = (now_seconds() - t0) * 1e3;
    }
    clReleaseMemObject(m);
    struct stats st;
    stats_compute(ms, n, &st);
    return n == TIMES ? st.median : 0;
}
