/* clpick.h — for the standalone measurement programs in studies/: the first OpenCL device whose
 * name contains a word, with a profiling queue on it (header-only, so each program still builds
 * with one cc line), and what they all time with. */
#ifndef CLPICK_H
#define CLPICK_H
#define CL_TARGET_OPENCL_VERSION 120
#include <math.h>
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ns: an event's profiling timestamp (w: CL_PROFILING_COMMAND_START or _END), in ns from the first
 * timestamp read: NVIDIA's count ns since 1970 (about 1.8e18), which a double holds only to 256 ns,
 * so the programs measured before 2026-11-27 (evening) saw every duration in steps of 256 ns. */
__attribute__((unused)) static double ns(cl_event e, cl_profiling_info w)
{
    static cl_ulong origin;
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, w, sizeof t, &t, NULL);
    if (!origin) origin = t;
    return t >= origin ? (double)(t - origin) : -(double)(origin - t);
}

/* now_s: the host's monotonic clock, in seconds. */
__attribute__((unused)) static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* mean: of v[0..n). */
__attribute__((unused)) static double mean(const double *v, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++) m += v[i] / n;
    return m;
}

/* mean_se: v[0..n)'s mean, and its standard error (the sample standard deviation over sqrt(n);
 * 0 for n < 2) into *se. */
__attribute__((unused)) static double mean_se(const double *v, int n, double *se)
{
    double m = mean(v, n), var = 0;
    for (int i = 0; i < n; i++) var += (v[i] - m) * (v[i] - m);
    *se = n > 1 ? sqrt(var / (n - 1) / n) : 0;
    return m;
}

/* study_args: the arguments the batch studies share after the device's name: SECONDS (default
 * secs), TAG (default "-") and the launches a batch (default bl, within [lo, hi]). */
__attribute__((unused)) static void study_args(int argc, char **argv, double *secs, const char **tag, int *bl, int lo,
                                               int hi)
{
    if (argc > 2) *secs = atof(argv[2]);
    *tag = argc > 3 ? argv[3] : "-";
    if (argc > 4) *bl = atoi(argv[4]);
    *bl = *bl < lo ? lo : *bl > hi ? hi : *bl;
}

/* cmp: doubles in rising order, for qsort. */
__attribute__((unused)) static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* quant: the q-quantile of v[0..n) by linear interpolation (v is left as it was). */
__attribute__((unused)) static double quant(const double *v, int n, double q)
{
    double *w = malloc(sizeof *w * (size_t)n);
    memcpy(w, v, sizeof *w * (size_t)n);
    qsort(w, (size_t)n, sizeof *w, cmp);
    double p = q * (n - 1), x;
    int i = (int)p;
    x = i + 1 < n ? w[i] + (p - i) * (w[i + 1] - w[i]) : w[i];
    free(w);
    return x;
}

/* clpick: the first device whose name contains want, its name into name[256], a context and a
 * profiling queue on it; 0, or 1 with a line on stderr. */
static int clpick(const char *want, cl_device_id *dev, char *name, cl_context *ctx, cl_command_queue *q)
{
    cl_platform_id ps[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, ps, &np);
    *dev = NULL;
    for (cl_uint p = 0; p < np && !*dev; p++) {
        cl_device_id ds[8];
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 8, ds, &nd) != CL_SUCCESS) continue;
        for (cl_uint d = 0; d < nd && !*dev; d++) {
            clGetDeviceInfo(ds[d], CL_DEVICE_NAME, 256, name, NULL);
            if (strstr(name, want)) *dev = ds[d];
        }
    }
    if (!*dev) { fprintf(stderr, "no device matching %s\n", want); return 1; }
    cl_int e;
    *ctx = clCreateContext(NULL, 1, dev, NULL, NULL, &e);
    *q = clCreateCommandQueue(*ctx, *dev, CL_QUEUE_PROFILING_ENABLE, &e);
    return e == CL_SUCCESS ? 0 : 1;
}

/* clsetup: clpick on argv[1] (default "NVIDIA"), then src built and its kernel named kernel; 0, or
 * 1 with the build log on stderr. */
__attribute__((unused)) static int clsetup(int argc, char **argv, const char *src, const char *kernel, cl_device_id *dev,
                                           char *name, cl_context *ctx, cl_command_queue *q, cl_program *pr, cl_kernel *k)
{
    if (clpick(argc > 1 ? argv[1] : "NVIDIA", dev, name, ctx, q)) return 1;
    cl_int e;
    *pr = clCreateProgramWithSource(*ctx, 1, &src, NULL, &e);
    if (clBuildProgram(*pr, 1, dev, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(*pr, *dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed: %s\n", log);
        return 1;
    }
    *k = clCreateKernel(*pr, kernel, &e);
    return e == CL_SUCCESS ? 0 : 1;
}

/* taylor's one-term kernel (one work-item an element), and its for_consecutive form (each work-item
 * a run of consecutive elements): the kernels the programs time, as string literals to build or to
 * join with a kernel of a program's own. */
#define TAYLOR_SRC \
    "__kernel void taylor(__global const float *x, __global float *y, ulong n, uint terms)" \
    "{ size_t i = get_global_id(0); if (i >= n) return; float v = x[i], s = 1, t = 1;" \
    "  for (uint k = 1; k <= terms; k++) { t = t * v / k; s += t; } y[i] = s; }"
#define TAYLOR_CONSEC_SRC \
    "__kernel void taylor(__global const float *x, __global float *y, ulong n, uint terms)" \
    "{ size_t gid = get_global_id(0), per = n / get_global_size(0);" \
    "  for (size_t i = 0; i < per; i++) { size_t j = gid * per + i; float v = x[j], s = 1, t = 1;" \
    "    for (uint k = 1; k <= terms; k++) { t = t * v / k; s += t; } y[j] = s; } }"

/* taylor_args: taylor(x, y, n, terms = 1) over new buffers of n floats (x all 0.5). */
__attribute__((unused)) static void taylor_args(cl_context ctx, cl_command_queue q, cl_kernel k, cl_ulong n, cl_mem *x,
                                                cl_mem *y)
{
    cl_int e;
    cl_uint terms = 1;
    float z = 0.5f;
    *x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
    *y = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
    clEnqueueFillBuffer(q, *x, &z, 4, 0, n * 4, 0, NULL, NULL);
    clSetKernelArg(k, 0, sizeof *x, x);
    clSetKernelArg(k, 1, sizeof *y, y);
    clSetKernelArg(k, 2, sizeof n, &n);
    clSetKernelArg(k, 3, sizeof terms, &terms);
}

/* taylor_kernels: a kernel for each of n sizes: pr's "empty" where the size is 0, else its "taylor"
 * over new buffers of that many floats (taylor_args); the buffers live as long as the program. */
__attribute__((unused)) static void taylor_kernels(cl_context ctx, cl_command_queue q, cl_program pr, const cl_ulong *sizes,
                                                   int n, cl_kernel *ks)
{
    cl_int e;
    for (int i = 0; i < n; i++) {
        ks[i] = clCreateKernel(pr, sizes[i] ? "taylor" : "empty", &e);
        cl_mem x, y;
        if (sizes[i]) taylor_args(ctx, q, ks[i], sizes[i], &x, &y);
    }
}

/* spin_kernel: pr's "spin" (HOLD_SRC) over a new one-float buffer, steps long; the queue finished. */
__attribute__((unused)) static cl_kernel spin_kernel(cl_context ctx, cl_command_queue q, cl_program pr, cl_uint steps)
{
    cl_int e;
    cl_kernel sk = clCreateKernel(pr, "spin", &e);
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    clSetKernelArg(sk, 0, sizeof so, &so);
    clSetKernelArg(sk, 1, sizeof steps, &steps);
    clFinish(q);
    return sk;
}

/* A kernel that keeps one work-item busy (dependent fmas, n steps: 200,000 hold an H200 ~0.4 ms),
 * for a batch queued behind it to start only once all of it is queued, as clx's held trials do;
 * and an empty kernel. */
#define HOLD_SRC \
    "__kernel void spin(__global float *o, uint n) { float x = o[0];" \
    "  for (uint i = 0; i < n; i++) x = fma(x, 0.9999f, 0.0001f); o[0] = x; }" \
    "__kernel void empty(void) { }"

/* shuffled: order[0..n) set to 0..n-1 in a random order (rand's, as srand seeded it), so that a
 * round takes its cases in an order of its own and a slow moment hits none of them alone. */
__attribute__((unused)) static void shuffled(int *order, int n)
{
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = rand() % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* stamp: an event's profiling timestamp w, as the driver's integer. */
__attribute__((unused)) static cl_ulong stamp(cl_event e, cl_profiling_info w)
{
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, w, sizeof t, &t, NULL);
    return t;
}

/* held_batch: a lead-in and bl (at most 64) launches of k over gw work-items in groups of lw,
 * queued behind spin on q, as clx times a held trial; the launches' mean event time (START to END)
 * into *us and, where span is not NULL, the lead-in's end to the last launch's end over bl into
 * *span. 1 when the batch came late (its last launch queued after the spin ended, both on the
 * device's clock), else 0. */
__attribute__((unused)) static int held_batch(cl_command_queue q, cl_kernel spin, cl_kernel k, size_t gw, size_t lw, int bl,
                                              double *us, double *span)
{
    size_t one = 1;
    cl_event ev[65], hold;
    if (bl < 1 || bl > 64) bl = bl < 1 ? 1 : 64;
    clEnqueueNDRangeKernel(q, spin, 1, NULL, &one, &one, 0, NULL, &hold);
    for (int j = 0; j <= bl; j++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &ev[j]);
    clWaitForEvents(1, &ev[bl]);
    cl_ulong sum = 0;
    for (int j = 1; j <= bl; j++) sum += stamp(ev[j], CL_PROFILING_COMMAND_END) - stamp(ev[j], CL_PROFILING_COMMAND_START);
    *us = (double)sum / bl / 1e3;
    if (span) *span = (double)(stamp(ev[bl], CL_PROFILING_COMMAND_END) - stamp(ev[0], CL_PROFILING_COMMAND_END)) / bl / 1e3;
    int late = stamp(ev[bl], CL_PROFILING_COMMAND_QUEUED) >= stamp(hold, CL_PROFILING_COMMAND_END);
    for (int j = 0; j <= bl; j++) clReleaseEvent(ev[j]);
    clReleaseEvent(hold);
    return late;
}
#endif
