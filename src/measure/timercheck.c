/* timercheck.c — a kernel of known length timed by its events and by the host (timercheck.h). */
#include "timercheck.h"
#include "measure/kernels/timercheck.cl.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each chain of kernels/timercheck.cl is kept below 65535 steps: llvmpipe's compiler ends any loop
 * there, which a longer chain would meet with a wrong answer. */
#define STEPS 16384u
/* No device runs a dependent step in less than a cycle of 10 GHz: the chain's least time. */
#define CHAIN_FASTEST_GHZ 10.0
unsigned long long timer_step_ns(const unsigned long long *t, int n)
{
    if (n < TIMER_STEP_STAMPS) return 0;
    unsigned long long g = 0;
    for (int i = 1; i < n; i++) {
        unsigned long long a = t[i] > t[0] ? t[i] - t[0] : t[0] - t[i], b = g;
        while (b) {                               /* Euclid: g = gcd(a, g) */
            unsigned long long r = a % b;
            a = b;
            b = r;
        }
        g = a;
    }
    return g;
}

int timer_check_verdict(double event_ms, double host_ms, double round_trip_ms, double least_ms)
{
    /* Below the chain's least time too: on a host loaded ten deep (2 cores, CI's shape with builds
     * beside it) PoCL's wait took 12 ms for a kernel its event timed, rightly, at 0.74 ms, and the
     * tenth alone made every row host-timed. */
    return host_ms >= 1 && host_ms > 10 * round_trip_ms && event_ms < 0.1 * host_ms && event_ms < least_ms;
}

/* run_once: one launch of `items` work-items; its event's and the host's milliseconds. */
static cl_int run_once(cl_command_queue q, cl_kernel k, size_t items, double *event_ms, double *host_ms)
{
    cl_event ev = NULL;
    double t0 = now_seconds();
    cl_int e = clEnqueueNDRangeKernel(q, k, 1, NULL, &items, NULL, 0, NULL, &ev);
    if (e == CL_SUCCESS) e = clWaitForEvents(1, &ev);
    *host_ms = (now_seconds() - t0) * 1e3;
    cl_ulong a = 0, b = 0;
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
    if (e == CL_SUCCESS) e = clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
    *event_ms = b > a ? (double)(b - a) * 1e-6 : 0;
    if (ev) clReleaseEvent(ev);
    return e;
}

void timer_check(cl_context ctx, cl_command_queue q, cl_device_id dev, struct timer_check *tc)
{
    memset(tc, 0, sizeof *tc);
    cl_program prog;
    cl_kernel k;
    cl_mem out = NULL;
    cl_uint steps = STEPS, got = 0, want = 1;
    cl_int e = ocl_kernel_from_source(ctx, dev, clsrc_timercheck, "clx_timer_check", &prog, &k);
    if (e == CL_SUCCESS) out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_uint), NULL, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof out, &out);
    /* The round trip of an empty launch (no steps), then the items doubled until the host sees
     * 5 ms and 20 round trips (rusticl's take a millisecond; at most 2^24 items). */
    cl_uint none = 0;
    double ev_ms = 0, host_ms = 0, trip_ms = 0;
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof none, &none);
    /* The least of five round trips after the first (a loaded host lengthens some: the verdict
     * holds the kernel's least time against ten of them). */
    for (int rep = 0; rep < 6 && e == CL_SUCCESS; rep++) {
        double t;
        e = run_once(q, k, 1, &ev_ms, &t);
        if (rep == 1 || (rep > 1 && t < trip_ms)) trip_ms = t;
    }
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof steps, &steps);
    /* At each size a first launch (PoCL compiles per size), then the least host time and the
     * longest event of three: on a loaded host (two busy loops on a 2-core machine) a single wait
     * took ten times its kernel now and then, which stopped the doubling at a kernel too short to
     * tell and called good events bad. */
    size_t items = 1;
    while (e == CL_SUCCESS) {
        double ev2, host2;
        e = run_once(q, k, items, &ev2, &host2);
        for (int rep = 0; rep < 3 && e == CL_SUCCESS; rep++) {
            e = run_once(q, k, items, &ev2, &host2);
            if (rep == 0 || host2 < host_ms) host_ms = host2;
            if (rep == 0 || ev2 > ev_ms) ev_ms = ev2;
        }
        if ((host_ms >= 5 && host_ms >= 20 * trip_ms) || items >= ((size_t)1 << 24)) break;
        items *= 2;
    }
    for (cl_uint i = 0; i < steps; i++) want = want * 1664525u + 1013904223u + i;
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL);
    if (e != CL_SUCCESS) {
        snprintf(tc->why, sizeof tc->why, "the timer check could not run (%s): events are used", ocl_err_name(e));
    } else if (got != want) {
        snprintf(tc->why, sizeof tc->why, "the timer check's kernel computed a wrong answer (%u, not %u): events are used",
                 got, want);
    } else {
        tc->event_ms = ev_ms;
        tc->host_ms = host_ms;
        tc->host = timer_check_verdict(ev_ms, host_ms, trip_ms, STEPS / CHAIN_FASTEST_GHZ * 1e-6);
        snprintf(tc->why, sizeof tc->why, "a kernel of %zu work-items of %u dependent steps took %.3f ms by the host clock "
                 "and %.3f ms by its profiling event (the least and the longest of three)%s", items, steps, host_ms, ev_ms,
                 tc->host ? ": the events do not time kernels here" : "");
    }
    ocl_kernel_release(&prog, &k, &out);
}
