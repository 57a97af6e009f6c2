/* heater.c — a kernel of full arithmetic load, and when a temperature has settled (heater.h). */
#include "heater.h"
#include "measure/kernels/heater.cl.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* One launch about this long: short enough that a stop or the end of the warm-up waits little. */
#define LAUNCH_MS 10.0
#define MAX_STEPS (1u << 22)

void heater_close(struct heater *h)
{
    ocl_kernel_release(&h->prog, &h->k, &h->out);
}

cl_int heater_enqueue(struct heater *h, cl_command_queue q, cl_event *ev)
{
    cl_int e = clSetKernelArg(h->k, 1, sizeof h->steps, &h->steps);
    if (e == CL_SUCCESS) e = clEnqueueNDRangeKernel(q, h->k, 1, NULL, &h->items, NULL, 0, NULL, ev);
    if (e == CL_SUCCESS) e = clFlush(q);
    return e;
}

/* timed: one launch waited for; its host time in ms. */
static cl_int timed(struct heater *h, cl_command_queue q, double *ms)
{
    cl_event ev = NULL;
    double t0 = now_seconds();
    cl_int e = heater_enqueue(h, q, &ev);
    if (e == CL_SUCCESS) e = clWaitForEvents(1, &ev);
    *ms = (now_seconds() - t0) * 1e3;
    if (ev) clReleaseEvent(ev);
    return e;
}

int heater_open(struct heater *h, cl_context ctx, cl_command_queue q, cl_device_id dev, const struct devprops *dp)
{
    memset(h, 0, sizeof *h);
    h->items = (size_t)(dp->compute_units ? dp->compute_units : 1) * (dp->max_wg ? dp->max_wg : 1) * 4;
    if (h->items > ((size_t)1 << 22)) h->items = (size_t)1 << 22;
    cl_int e = ocl_kernel_from_source(ctx, dev, clsrc_heater, "clx_heat", &h->prog, &h->k);
    if (e == CL_SUCCESS) h->out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_float), NULL, &e);
    cl_float a = 0.999999f, b = 1e-6f;
    if (e == CL_SUCCESS) e = clSetKernelArg(h->k, 0, sizeof h->out, &h->out);
    if (e == CL_SUCCESS) e = clSetKernelArg(h->k, 2, sizeof a, &a);
    if (e == CL_SUCCESS) e = clSetKernelArg(h->k, 3, sizeof b, &b);
    /* Steps doubled from 64 until a launch takes LAUNCH_MS (the first launch of each size is not
     * counted: a runtime may compile or upload then). */
    h->steps = 64;
    double ms = 0;
    if (e == CL_SUCCESS) e = timed(h, q, &ms);
    while (e == CL_SUCCESS && (e = timed(h, q, &ms)) == CL_SUCCESS && ms < LAUNCH_MS && h->steps < MAX_STEPS)
        h->steps *= 2;
    h->launch_ms = ms;
    if (e == CL_SUCCESS) return 0;
    snprintf(h->why, sizeof h->why, "the heating kernel could not run: %s", ocl_err_name(e));
    heater_close(h);
    return -1;
}

/* mean_between: the mean of c over readings with t in [lo, hi]; NAN when none. */
static double mean_between(const double *t, const double *c, int n, double lo, double hi)
{
    double s = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (t[i] >= lo && t[i] <= hi) { s += c[i]; k++; }
    return k ? s / k : NAN;
}

int heater_steady(const double *t, const double *c, int n, double span_s, double rise_c)
{
    if (n < 2 || span_s <= 0) return 0;
    double end = t[n - 1], start = end - span_s;
    if (t[0] > start) return 0;                     /* not span_s of readings yet */
    double first = mean_between(t, c, n, start, start + span_s / 4);
    double last = mean_between(t, c, n, end - span_s / 4, end);
    return first == first && last == last && last - first <= rise_c;
}
