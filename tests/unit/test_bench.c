/* test_bench.c — the host-side rules of bench.c (the events/host cross-check, the flush size) and
 * how bench_time times a short kernel on the first OpenCL device: singly, or batched. */
#include "bench.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static void test_host_agrees(void)
{
    CHECK(bench_host_disagrees(1.0, 1.05, 0.02) == NULL);      /* host a little longer: the usual case */
    CHECK(bench_host_disagrees(1.015, 1.0, 0.02) == NULL);     /* within 2% */
    CHECK(bench_host_disagrees(0.004, 0.001, 0.02) == NULL);   /* within 5 us: clock granularity */
    CHECK(bench_host_disagrees(0.002, 0.9, 0.02) == NULL);     /* tiny kernel, host under 1 ms: overhead */
}

static void test_event_longer(void)
{
    const char *f = bench_host_disagrees(1.5, 1.0, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
    f = bench_host_disagrees(0.02, 0.01, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
}

static void test_event_blind(void)
{
    const char *f = bench_host_disagrees(0.01, 5.0, 0.02);     /* 0.2% of a 5 ms wait */
    CHECK(f && !strcmp(f, "event<<host"));
    CHECK(bench_host_disagrees(0.06, 5.0, 0.02) == NULL);      /* 1.2%: launch overhead can do that */
    /* A host whose every command takes 2 ms (a sanitizer, a loaded machine): 2 ms is overhead. */
    CHECK(bench_host_disagrees(0.0073, 2.03, 2.0) == NULL);
    f = bench_host_disagrees(0.0073, 25.0, 2.0);                 /* ten round trips and more: flagged */
    CHECK(f && !strcmp(f, "event<<host"));
}

static void test_flush_bytes(void)
{
    size_t mib = 1024 * 1024;
    CHECK(bench_flush_bytes(50.0 * mib, (size_t)1 << 40) == 100 * mib);   /* twice the cache */
    CHECK(bench_flush_bytes(0, (size_t)1 << 40) == 64 * mib);             /* unknown: 64 MiB */
    CHECK(bench_flush_bytes(4.0 * mib, (size_t)1 << 40) == 64 * mib);     /* at least 64 MiB */
    CHECK(bench_flush_bytes(512.0 * mib, 256 * mib) == 256 * mib);        /* at most max_alloc */
}

/* The last --trials trials decide, until half of all is more: ten lucky trials cannot end a long row. */
static void test_cv_window(void)
{
    CHECK(bench_cv_window(10, 10) == 10);
    CHECK(bench_cv_window(10, 21) == 10);
    CHECK(bench_cv_window(10, 22) == 11);
    CHECK(bench_cv_window(10, 2429) == 1214);
    CHECK(bench_cv_window(2, 2) == 3);          /* at least 3: a cv of two trials says little */
    CHECK(bench_cv_window(2, 9) == 4);
}

/* A queue with profiling and a one-line kernel on the first device (PoCL in CI); 0 if none. */
struct device { cl_context ctx; cl_command_queue q; cl_program prog; cl_kernel k; };

static int device_open(struct device *d)
{
    static const char *src = "__kernel void touch(__global float *x) { x[get_global_id(0)] += 1.0f; }";
    cl_platform_id p;
    cl_device_id dev;
    cl_int e;
    memset(d, 0, sizeof *d);
    if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS || clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
        return 0;
    d->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    d->q = clCreateCommandQueue(d->ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    d->prog = clCreateProgramWithSource(d->ctx, 1, &src, NULL, &e);
    if (clBuildProgram(d->prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) return 0;
    d->k = clCreateKernel(d->prog, "touch", &e);
    return e == CL_SUCCESS;
}

static void device_close(struct device *d)
{
    if (d->k) clReleaseKernel(d->k);
    if (d->prog) clReleaseProgram(d->prog);
    if (d->q) clReleaseCommandQueue(d->q);
    if (d->ctx) clReleaseContext(d->ctx);
}

/* times the kernel over 256 floats as if the device's timer ticked every timer_res_ns. */
static int time_touch(struct device *d, double timer_res_ns, struct timing *t)
{
    cl_int e;
    cl_mem x = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, 256 * sizeof(float), NULL, &e);
    clSetKernelArg(d->k, 0, sizeof x, &x);
    struct launch L = { 1, {256, 1, 1}, {64, 1, 1}, 256 };
    struct bufset bs = {0};
    struct bench_opts o = { .warmups = 2, .trials = 5, .max_seconds = 30 };
    struct bench_env env = { timer_res_ns, NULL, NULL, NULL };
    char *err = NULL;
    int rc = bench_time(d->q, d->k, &L, &bs, &o, &env, t, &err);
    if (rc) fprintf(stderr, "  bench_time: %s\n", err);
    free(err);
    clReleaseMemObject(x);
    return rc;
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
    CHECK(time_touch(&d, 1e5, &t) == 0);      /* 100 ticks = 10 ms: every trial is a batch */
    CHECK(t.batch > 1 && t.n == 5);
    double widest_gap = 0;
    for (int i = 0; i < t.n; i++) {
        if (t.gap_ms[i] > widest_gap) widest_gap = t.gap_ms[i];
        CHECK(t.ms[i] > 0);
        CHECK(t.ms[i] <= t.host_ms[i] * 1.02 + 0.005);
        CHECK(t.gap_ms[i] > -0.001);             /* launches in order: they never overlap */
        /* kernel and idle time add up to the span, which the host's wait holds */
        CHECK(t.ms[i] + t.gap_ms[i] * (t.batch - 1) / t.batch <= t.host_ms[i] * 1.02 + 0.005);
    }
    /* PoCL idles between launches too (0.6-1.7 us seen here): timed by the span, that idle time
     * would be in ms[] and the gap would be 0 */
    CHECK(widest_gap > 0);
    timing_free(&t);
    device_close(&d);
}

int main(void)
{
    RUN(test_host_agrees);
    RUN(test_event_longer);
    RUN(test_event_blind);
    RUN(test_flush_bytes);
    RUN(test_cv_window);
    RUN(test_short_kernel_batched);
    CHECK_EXIT();
}
