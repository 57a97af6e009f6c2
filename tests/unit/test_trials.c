/* test_trials.c — the host-side rules of trials.c (the events/host cross-check, the flush size, the
 * batch size) and how trials_run times a short kernel on the first OpenCL device: singly, or
 * batched after a lead-in launch behind the blocking kernel, over several visits. Whether a batch's
 * per-launch time depends on its length is a measurement, not a test: studies/batchlen.c on the
 * device in question (docs/timing.md). */
/* clx-test: alone (tests/run.sh): it times launches on the device, which other tests would load. */
#include "measure/trials.h"
#include "measure/blocker.h"
#include "device/devselect.h"
#include "device/ocl.h"
#include "check.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

static void test_host_agrees(void)
{
    CHECK(trials_host_disagrees(1.0, 1.05, 0.02) == NULL);      /* host a little longer: the usual case */
    CHECK(trials_host_disagrees(1.015, 1.0, 0.02) == NULL);     /* within 2% */
    CHECK(trials_host_disagrees(0.004, 0.001, 0.02) == NULL);   /* within 5 us: clock granularity */
    CHECK(trials_host_disagrees(0.002, 0.9, 0.02) == NULL);     /* tiny kernel, host under 1 ms: overhead */
}

static void test_event_longer(void)
{
    const char *f = trials_host_disagrees(1.5, 1.0, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
    f = trials_host_disagrees(0.02, 0.01, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
}

static void test_event_blind(void)
{
    const char *f = trials_host_disagrees(0.01, 5.0, 0.02);     /* 0.2% of a 5 ms wait */
    CHECK(f && !strcmp(f, "event<<host"));
    CHECK(trials_host_disagrees(0.06, 5.0, 0.02) == NULL);      /* 1.2%: launch overhead can do that */
    /* A host whose every command takes 2 ms (a sanitizer, a loaded machine): 2 ms is overhead. */
    CHECK(trials_host_disagrees(0.0073, 2.03, 2.0) == NULL);
    f = trials_host_disagrees(0.0073, 25.0, 2.0);                 /* ten round trips and more: flagged */
    CHECK(f && !strcmp(f, "event<<host"));
}

static void test_flush_bytes(void)
{
    size_t mib = 1024 * 1024;
    CHECK(trials_flush_bytes(50.0 * mib, (size_t)1 << 40) == 100 * mib);   /* twice the cache */
    CHECK(trials_flush_bytes(0, (size_t)1 << 40) == 64 * mib);             /* unknown: 64 MiB */
    CHECK(trials_flush_bytes(4.0 * mib, (size_t)1 << 40) == 64 * mib);     /* at least 64 MiB */
    CHECK(trials_flush_bytes(512.0 * mib, 256 * mib) == 256 * mib);        /* at most max_alloc */
}

/* The last --trials trials decide, until half of all is more: ten lucky trials cannot end a long row. */
/* The batch is the power of two nearest 100 ticks / probe: a probe a little off in another run
 * gives the same batch (taylor's rows got 4 in one run and 19 in the next, docs/timing.md). */
static void test_batch_size(void)
{
    CHECK(trials_batch_size(6100, 100000) == 16);       /* 16.4 */
    CHECK(trials_batch_size(5600, 100000) == 16);       /* 17.9 */
    CHECK(trials_batch_size(7400, 100000) == 16);       /* 13.5 */
    CHECK(trials_batch_size(4000, 100000) == 32);       /* 25: nearer 32 in ratio */
    CHECK(trials_batch_size(100000, 100000) == 1);      /* 100 ticks: timed singly */
    CHECK(trials_batch_size(90000, 100000) == 1);       /* 1.1 rounds to 1 */
    CHECK(trials_batch_size(0, 100000) == 4096);        /* at most 4096 */
    CHECK(trials_batch_size(500, 100) == 1);          /* a 1 ns timer batches nothing over 100 ns */
    /* Held behind the blocker, a trial lasts 100 timer steps and least_trial_ns: on an H200 (the
     * driver says 1000 ns, its events step by 32, a launch floor of 3.3 us as once measured with
     * 32 launches queued; 2.7-2.9 in batches of 8 give the same batch) 8 floors decide, and
     * taylor's 3.3 us kernel goes in batches of 8; fed by the host, 100 reported resolutions. */
    struct bench_env h200 = { .timer_res_ns = 1000, .step_ns = 32, .least_trial_ns = 8 * 3328 };
    CHECK(trials_want_ns(&h200, 1) == 8 * 3328);
    CHECK(trials_batch_size(3300, trials_want_ns(&h200, 1)) == 8);
    CHECK(trials_want_ns(&h200, 0) == 100000);
    CHECK(trials_batch_size(33000, trials_want_ns(&h200, 0)) == 4);   /* vecsum's 33 us rows: 3.03 */
    h200.least_trial_ns = 0;
    CHECK(trials_want_ns(&h200, 1) == 3200);
    h200.step_ns = 1;                                                  /* a ns clock, or a step of no whole ns */
    CHECK(trials_want_ns(&h200, 1) == 100000);
    struct bench_env coarse = { .timer_res_ns = 1, .step_ns = 10 };     /* steps coarser than it says */
    CHECK(trials_want_ns(&coarse, 0) == 1000 && trials_want_ns(&coarse, 1) == 1000);
}

static void test_cv_window(void)
{
    CHECK(trials_cv_window(10, 10) == 10);
    CHECK(trials_cv_window(10, 21) == 10);
    CHECK(trials_cv_window(10, 22) == 11);
    CHECK(trials_cv_window(10, 2429) == 1214);
    CHECK(trials_cv_window(2, 2) == 3);          /* at least 3: a cv of two trials says little */
    CHECK(trials_cv_window(2, 9) == 4);
}

/* A queue with profiling and a one-line kernel on the first device (PoCL in CI); 0 if none. */
struct device { cl_context ctx; cl_command_queue q; cl_program prog; cl_kernel k; struct blocker blk; cl_device_id dev; };

static int device_open(struct device *d)
{
    static const char *src = "__kernel void touch(__global float *x) { x[get_global_id(0)] += 1.0f; }";
    cl_int e;
    memset(d, 0, sizeof *d);
    /* clx's own first device: platforms without devices (Mesa's, without a GPU) are passed over. */
    cl_device_id dev = d->dev = ocl_select(NULL).id;
    d->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    d->q = clCreateCommandQueue(d->ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    d->prog = clCreateProgramWithSource(d->ctx, 1, &src, NULL, &e);
    if (clBuildProgram(d->prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) return 0;
    d->k = clCreateKernel(d->prog, "touch", &e);
    return e == CL_SUCCESS && blocker_open(&d->blk, d->ctx, d->q, dev) == 0;
}

static void device_close(struct device *d)
{
    blocker_close(&d->blk);
    if (d->k) clReleaseKernel(d->k);
    if (d->prog) clReleaseProgram(d->prog);
    if (d->q) clReleaseCommandQueue(d->q);
    if (d->ctx) clReleaseContext(d->ctx);
}

static double touch_least_ns;     /* visit_touch's least_trial_ns: a held trial's least length */
static int (*touch_stop)(void);   /* visit_touch's env.stop: asked between trials (NULL: never) */
static double touch_llc_bytes;    /* visit_touch's env.llc_bytes: the last-level cache (0: not known) */

/* visit_touch: one visit of the kernel over n floats in x (zeroed first when t is new), as if the
 * device's timer ticked every timer_res_ns: `warmups` warm-ups on the first visit, then `trials` trials,
 * batches of `batch` when not 0. Each
 * launch adds 1 to every element, so x[0] afterwards counts the launches. 0, or -1. */
static int visit_touch(struct device *d, cl_mem x, size_t n, double timer_res_ns, int batch, int warmups, int trials,
                       struct timing *t)
{
    static const float zero = 0;
    if (t->visits == 0) {
        clEnqueueFillBuffer(d->q, x, &zero, sizeof zero, 0, n * sizeof(float), 0, NULL, NULL);
        clFinish(d->q);
    }
    clSetKernelArg(d->k, 0, sizeof x, &x);
    struct launch L = { 1, {n, 1, 1}, {64, 1, 1}, (double)n };
    struct bufset bs = { .total_bytes = n * sizeof(float), .data_bytes = n * sizeof(float) };   /* x alone (no reset) */
    struct bench_opts o = { .warmups = warmups, .trials = trials, .max_seconds = 30, .batch = batch, .rounds = 1 };
    struct bench_env env = { .timer_res_ns = timer_res_ns, .t0 = now_seconds(), .blocker = &d->blk,
                             .least_trial_ns = touch_least_ns, .stop = touch_stop, .llc_bytes = touch_llc_bytes };
    char *err = NULL;
    struct trials_kernel tk = { .q = d->q, .k = d->k, .L = &L, .bs = &bs };
    int rc = trials_run(&tk, &o, &env, trials, t, &err);
    if (rc < 0) fprintf(stderr, "  trials_run: %s\n", err);
    free(err);
    return rc;
}

/* launches_of: the launches x[0] counts. */
static float launches_of(struct device *d, cl_mem x)
{
    float v = -1;
    clEnqueueReadBuffer(d->q, x, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL);
    return v;
}

/* retried: the batches run again for coming late behind the blocker. */
static long retried(const struct blocker *b) { return b->late - b->kept_late; }

/* time_touch: a first visit of five trials over 256 floats. */
static int time_touch(struct device *d, double timer_res_ns, struct timing *t)
{
    cl_int e;
    cl_mem x = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, 256 * sizeof(float), NULL, &e);
    memset(t, 0, sizeof *t);
    int rc = visit_touch(d, x, 256, timer_res_ns, 0, 2, 5, t);
    clReleaseMemObject(x);
    return rc;
}

/* within_host: trial i's launches (each_ms each) took no longer together than the host saw them
 * take. host_ms is that span per launch, a lead-in counted among them where there was one: a
 * lead-in faster than the launches after it (a loaded machine: PoCL's launches vary with what else
 * runs) makes it shorter than each of theirs, so the bound is the span's whole, lead-in included. */
static int within_host(const struct timing *t, int i, double each_ms)
{
    return each_ms * t->batch <= t->host_ms[i] * (t->batch + 1) * 1.02 + 0.005;
}

/* A kernel far above 100 ticks is timed singly; one below is batched, and a batched trial's time is
 * its launches' own durations, never more than the host's time per launch, with the device's idle
 * time between them kept apart. */
static void test_short_kernel_batched(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    struct timing t;
    CHECK(time_touch(&d, 1e-3, &t) == 0);
    CHECK(t.batch == 1 && t.n == 5);
    timing_free(&t);
    CHECK(time_touch(&d, 1e6, &t) == 0);      /* 100 ticks = 0.1 s: every trial is a batch */
    CHECK(t.batch > 1 && t.n == 5);
    double widest_gap = 0;
    for (int i = 0; i < t.n; i++) {
        if (t.gap_ms[i] > widest_gap) widest_gap = t.gap_ms[i];
        CHECK(t.ms[i] > 0);
        CHECK(within_host(&t, i, t.ms[i]));
        CHECK(t.gap_ms[i] > -0.001);             /* launches in order: they never overlap */
        /* kernel and idle time add up to the span, which the host's wait holds */
        CHECK(within_host(&t, i, t.ms[i] + t.gap_ms[i] * (t.batch - 1) / t.batch));
    }
    /* PoCL idles between launches too (0.6-1.7 us seen here): timed by the span, that idle time
     * would be in ms[] and the gap would be 0 */
    CHECK(widest_gap > 0);
    timing_free(&t);
    device_close(&d);
}

/* Every batched trial starts with one untimed lead-in launch, and a trial of one launch of a kernel
 * under TRIALS_REWARM_BELOW_S with an untimed launch queued just before it: the launches the kernel
 * counts say so exactly. What load or the device decides is read back from what trials_run and the
 * blocker report (a batch late behind its blocker, whether the warm-up showed the kernel under
 * 1 ms), and the timers asked for leave every kernel here far below a trial's length, so the counts
 * hold on a loaded 2-core machine and on a GPU alike. One warm-up each: after a first one over
 * 0.5 s the others are not run, which a loaded machine can bring about. */
static void test_lead_in_launches(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    cl_int e;
    cl_mem x = clCreateBuffer(d.ctx, CL_MEM_READ_WRITE, 256 * sizeof(float), NULL, &e);
    struct timing t = {0};
    /* A batch late behind its blocker is run again (three tries at most): (1 + 4) launches more for
     * each late batch that was not kept. A kernel the blocker does not hold (it holds those under
     * twice the host's time to enqueue one: on a loaded machine this one can take longer) of
     * TRIALS_AHEAD_LEAST_MS and more has each trial after the first queued while the one before
     * runs, without a lead-in (test_queued_ahead): 4 launches, not 1 + 4. */
    CHECK(visit_touch(&d, x, 256, 1e-3, 4, 1, 2, &t) == 0);    /* --batch 4: 1 warm-up, (1 + 4) + (1 + 4) */
    CHECK(t.batch == 4 && t.forced && t.n == 2 && t.probes == 0);
    int per = !t.held && t.typical_ms >= TRIALS_AHEAD_LEAST_MS ? 4 : 5;
    if (per == 4 || getenv("SHOW")) printf("  the kernel took %.3g ms, held %d: later trials %d launches\n", t.typical_ms, t.held, per);
    CHECK(launches_of(&d, x) == 6 + per + 5 * retried(&d.blk));
    CHECK(visit_touch(&d, x, 256, 1e-3, 4, 1, 3, &t) == 0);    /* a later visit: (1 + 4) + 2 more, no warm-ups */
    CHECK(t.n == 5 && t.visits == 2 && t.round_first[1] == 2);
    CHECK(launches_of(&d, x) == 11 + 3 * per + 5 * retried(&d.blk));
    timing_free(&t);
    /* Which batches a probe's or a trial's retries were is a matter of timing: from here on the
     * blocker is left out, so the counts are exact. */
    blocker_close(&d.blk);
    /* A 1 ps timer: single launches, no probes; a kernel the warm-up showed under 1 ms has each trial
     * after an untimed launch queued just before it: 1 warm-up, 5 x (1 + 1). */
    CHECK(visit_touch(&d, x, 256, 1e-3, 0, 1, 5, &t) == 0);
    CHECK(t.batch == 1 && t.probes == 0 && t.typical_ms > 0);
    int lead = t.typical_ms * 1e-3 < TRIALS_REWARM_BELOW_S;
    /* A warm-up of TRIALS_AHEAD_LEAST_MS and more (a many-core host's PoCL took 0.066 ms, a loaded
     * one can) has each trial after the first queued while the one before runs, without a lead-in:
     * one lead-in a visit instead of one a trial. The warm-up's time decides it, as trials_run did. */
    int ahead = !t.held && t.typical_ms >= TRIALS_AHEAD_LEAST_MS;
    int leads5 = lead ? (ahead ? 1 : 5) : 0, leads2 = lead ? (ahead ? 1 : 2) : 0;
    if (ahead || getenv("SHOW")) printf("  the warm-up took %.3g ms: trials queued ahead %s\n", t.typical_ms, ahead ? "yes" : "no");
    CHECK(launches_of(&d, x) == 1 + 5 + leads5);
    double longest_ms = 0;
    for (int i = 0; i < t.n; i++) longest_ms = t.ms[i] > longest_ms ? t.ms[i] : longest_ms;
    /* A later visit: the same, 2 x (1 + 1) (or 1 + 2 queued ahead). Where load made the warm-up 1 ms
     * or more, its trials go alone, after one untimed launch where they were under 1 ms. */
    CHECK(visit_touch(&d, x, 256, 1e-3, 0, 1, 2, &t) == 0);
    int rewarm = !lead && longest_ms * 1e-3 < TRIALS_REWARM_BELOW_S;
    CHECK(launches_of(&d, x) == 1 + 5 + leads5 + rewarm + 2 + leads2);
    if (!lead) printf("  the warm-up took %.3g ms (a loaded machine): single trials without a lead-in\n", t.typical_ms);
    timing_free(&t);
    /* 100 ticks = 1 s: five probes decide (any kernel whose warm-up is under twice that), and the
     * trial is a batch of the power of two they give, after its lead-in: 1 + 6 + (1 + batch). */
    CHECK(visit_touch(&d, x, 256, 1e7, 0, 1, 1, &t) == 0);
    CHECK(t.probes == 5 && t.probe_ms > 0 && t.batch > 1 && (t.batch & (t.batch - 1)) == 0);
    CHECK(t.batch == trials_batch_size(t.probe_ms * 1e6, 1e9));
    CHECK(launches_of(&d, x) == 1 + 6 + 1 + t.batch);
    timing_free(&t);
    /* With the blocker, a kernel it holds is batched to least_trial_ns, any other to 100 ticks. Which
     * one: the probes' time against twice the host's recent time to enqueue a launch (test_blocker's
     * test_holds has the rule). With that time set to 0.1 s (it shrinks by a tenth a batch at most)
     * a kernel probed under 0.18 s is held. No trials after the probes, so the blocker is as the
     * decision found it. */
    CHECK(blocker_open(&d.blk, d.ctx, d.q, d.dev) == 0);
    touch_least_ns = 1e9;                                       /* 1 s: any kernel here is probed */
    struct bench_env env = { .timer_res_ns = 1, .least_trial_ns = touch_least_ns };
    d.blk.enqueue_ns = 1e8;
    CHECK(visit_touch(&d, x, 256, 1, 0, 1, 0, &t) == 0);
    CHECK(t.probes == 5 && t.held == 1);
    CHECK(t.batch == trials_batch_size(t.probe_ms * 1e6, trials_want_ns(&env, 1)));
    if (getenv("SHOW")) printf("  probe %.2f us, held %d, batch %d\n", t.probe_ms * 1e3, t.held, t.batch);
    timing_free(&t);
    /* Set to 1 us (it grows at once to what an enqueue takes here), the decision is the rule's on the
     * enqueue time the probes left, whichever way that goes on this machine. */
    d.blk.enqueue_ns = 1e3;
    CHECK(visit_touch(&d, x, 256, 1, 0, 1, 0, &t) == 0);
    CHECK(t.probes == 5 && t.held == blocker_holds(&d.blk, t.probe_ms * 1e6));
    CHECK(t.batch == trials_batch_size(t.probe_ms * 1e6, trials_want_ns(&env, t.held)));
    if (getenv("SHOW")) printf("  probe %.2f us, enqueue %.2f us, held %d\n", t.probe_ms * 1e3, d.blk.enqueue_ns * 1e-3, t.held);
    touch_least_ns = 0;
    timing_free(&t);
    clReleaseMemObject(x);
    device_close(&d);
}

/* touch_size: the floats (a power of two from 64Ki to 64Mi) over which a launch of the kernel
 * after one untimed takes 0.2 ms or more here, by its event (a buffer's first launch takes its page
 * faults too): a kernel for warming spins on any device. */
static size_t touch_size(struct device *d)
{
    size_t n = (size_t)1 << 16;
    for (; n < ((size_t)1 << 26); n *= 2) {
        cl_int e;
        cl_mem x = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, n * sizeof(float), NULL, &e);
        if (e != CL_SUCCESS) break;
        clSetKernelArg(d->k, 0, sizeof x, &x);
        size_t g = n, l = 64;
        cl_event ev = NULL;
        double ns = 0;
        if (clEnqueueNDRangeKernel(d->q, d->k, 1, NULL, &g, &l, 0, NULL, NULL) == CL_SUCCESS &&
            clEnqueueNDRangeKernel(d->q, d->k, 1, NULL, &g, &l, 0, NULL, &ev) == CL_SUCCESS && clWaitForEvents(1, &ev) == CL_SUCCESS)
            ns = ocl_event_ns(ev, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END);
        if (ev) clReleaseEvent(ev);
        clReleaseMemObject(x);
        if (ns >= 2e5) break;
    }
    return n;
}

/* A single launch of TRIALS_AHEAD_LEAST_MS to TRIALS_REWARM_BELOW_S that the blocker does not hold,
 * on buffers of TRIALS_WARM_LLC_TIMES the last-level cache and more, goes behind a warming spin,
 * not after a lead-in of its own kernel: each trial is one launch of the kernel (x counts them)
 * and one spin (blocker.warmed; a trial late behind its spin is taken again). Whether the kernel
 * fell in that range here is read back from its warm-up's time, and the counts are exact either
 * way: a shorter one has its lead-in launch, a longer one none. On buffers nearer the cache's
 * size (or with the cache not known) the lead-in is the kernel's own, as before. */
static void test_warmed_trials(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    size_t n = touch_size(&d);
    cl_int e;
    cl_mem x = clCreateBuffer(d.ctx, CL_MEM_READ_WRITE, n * sizeof(float), NULL, &e);
    struct timing t = {0};
    touch_llc_bytes = (double)n * sizeof(float) / TRIALS_WARM_LLC_TIMES;
    CHECK(visit_touch(&d, x, n, 1e-3, 0, 1, 5, &t) == 0);      /* 1 warm-up, 5 trials */
    CHECK(t.batch == 1 && t.probes == 0 && !t.held && t.n == 5);
    int warm = t.typical_ms >= TRIALS_AHEAD_LEAST_MS && t.typical_ms * 1e-3 < TRIALS_REWARM_BELOW_S;
    int lead = !warm && t.typical_ms * 1e-3 < TRIALS_REWARM_BELOW_S;
    if (!warm || getenv("SHOW"))
        printf("  %zu floats took %.3g ms: warming spins %s\n", n, t.typical_ms, warm ? "yes" : "no");
    CHECK(launches_of(&d, x) == 1 + 5 * (1 + lead) + retried(&d.blk));
    CHECK(d.blk.warmed == (warm ? 5 + retried(&d.blk) : 0));
    double longest_ms = 0;
    for (int i = 0; i < t.n; i++) {
        CHECK(t.ms[i] > 0 && within_host(&t, i, t.ms[i]));
        longest_ms = t.ms[i] > longest_ms ? t.ms[i] : longest_ms;
    }
    /* A later visit: no launch of its own first either (the spin is its lead-in). Where the warm-up
     * was slow (1 ms and more: a loaded machine) and every trial after it fast, the later visit
     * begins with one untimed launch, as trials_run does for a kernel so short with no lead-in (seen
     * on a loaded 2-core machine: a warm-up of 4.55 ms). */
    int rewarm = !warm && !lead && longest_ms * 1e-3 < TRIALS_REWARM_BELOW_S;
    CHECK(visit_touch(&d, x, n, 1e-3, 0, 1, 2, &t) == 0);
    CHECK(t.n == 7 && t.visits == 2);
    CHECK(launches_of(&d, x) == 1 + 7 * (1 + lead) + rewarm + retried(&d.blk));
    CHECK(d.blk.warmed == (warm ? 7 + retried(&d.blk) : 0));
    timing_free(&t);
    /* The cache a little more than an eighth of the buffers: no spin; the first trial after a
     * launch of its own where under 1 ms, the others queued behind the trial before where 50 us
     * and more (test_queued_ahead), else each after its own: 1 warm-up + 3 trials. */
    long warmed = d.blk.warmed, late = retried(&d.blk);
    touch_llc_bytes = (double)n * sizeof(float) / TRIALS_WARM_LLC_TIMES * 1.01;
    CHECK(visit_touch(&d, x, n, 1e-3, 0, 1, 3, &t) == 0);
    int own = t.typical_ms * 1e-3 < TRIALS_REWARM_BELOW_S, ahead = own && t.typical_ms >= TRIALS_AHEAD_LEAST_MS;
    CHECK(t.n == 3 && d.blk.warmed == warmed && retried(&d.blk) == late);
    CHECK(launches_of(&d, x) == 1 + (1 + own) + 2 * (ahead ? 1 : 1 + own));
    touch_llc_bytes = 0;
    timing_free(&t);
    clReleaseMemObject(x);
    device_close(&d);
}

static int stop_asked;
/* stop_third: asks to stop the third time it is asked. */
static int stop_third(void) { return ++stop_asked >= 3; }

/* A trial of a kernel of 50 us to 1 ms is queued while the one before it runs, without its own
 * lead-in (the trial before it is one); a shorter kernel's waits its turn. A stop between trials
 * lets what is in flight end and takes the visit back whole. The blocker left out, so no batch is
 * retried; 1Mi floats, over 50 us a launch on a CPU, a few us on a GPU: either way is checked. */
static void test_queued_ahead(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    blocker_close(&d.blk);
    enum { N = 1 << 20 };
    cl_int e;
    cl_mem x = clCreateBuffer(d.ctx, CL_MEM_READ_WRITE, N * sizeof(float), NULL, &e);
    struct timing t = {0};
    /* --batch 4. Asked before each trial is sent: the first, the second (queued ahead, or after the
     * first is timed), then stop. 1 warm-up + (1 + 4) + (4 ahead, or 1 + 4); nothing is kept. */
    touch_stop = stop_third;
    CHECK(visit_touch(&d, x, N, 1e-3, 4, 1, 10, &t) == 1);
    int ahead = t.typical_ms >= TRIALS_AHEAD_LEAST_MS;
    CHECK(stop_asked == 3 && t.n == 0 && t.visits == 0);
    CHECK(launches_of(&d, x) == (ahead ? 10 : 11));
    if (!ahead || getenv("SHOW")) printf("  the kernel took %.3g ms: queued ahead %s\n", t.typical_ms, ahead ? "yes" : "no");
    touch_stop = NULL;
    timing_free(&t);
    /* Whole (x zeroed again: the visit taken back left t new), the count asked for and no more:
     * 1 warm-up + (1 + 4) + 6 x (4 ahead, or 1 + 4); each trial's time is its launches' own, not
     * longer than the host saw it from its enqueue on. */
    CHECK(visit_touch(&d, x, N, 1e-3, 4, 1, 7, &t) == 0);
    ahead = t.typical_ms >= TRIALS_AHEAD_LEAST_MS;
    CHECK(t.n == 7 && launches_of(&d, x) == 1 + 5 + 6 * (ahead ? 4 : 5));
    for (int i = 0; i < t.n; i++) CHECK(t.ms[i] > 0 && within_host(&t, i, t.ms[i]));
    timing_free(&t);
    clReleaseMemObject(x);
    device_close(&d);
}

int main(void)
{
    RUN(test_host_agrees);
    RUN(test_event_longer);
    RUN(test_event_blind);
    RUN(test_flush_bytes);
    RUN(test_batch_size);
    RUN(test_cv_window);
    RUN(test_short_kernel_batched);
    RUN(test_lead_in_launches);
    RUN(test_queued_ahead);
    RUN(test_warmed_trials);
    CHECK_EXIT();
}
