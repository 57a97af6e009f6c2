/* clpick.h — for the standalone measurement programs in tools/: the first OpenCL device whose
 * name contains a word, with a profiling queue on it (header-only, so each program still builds
 * with one cc line), and what they all time with. */
#ifndef CLPICK_H
#define CLPICK_H
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

/* ns: an event's profiling timestamp (w: CL_PROFILING_COMMAND_START or _END), in ns. */
__attribute__((unused)) static double ns(cl_event e, cl_profiling_info w)
{
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, w, sizeof t, &t, NULL);
    return (double)t;
}

/* cmp: doubles in rising order, for qsort. */
__attribute__((unused)) static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
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
#endif
