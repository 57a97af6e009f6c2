/* timerstep.c — the step of a device's profiling timer as its events show it, beside what the
 * driver reports: launches of an empty kernel, their start and end times read as the driver's
 * integers; the greatest common divisor of their distances from the first, the smallest nonzero
 * duration, and how many distinct durations there were. A duration taken as the difference of two
 * doubles steps by 256 ns on NVIDIA (its times count ns since 1970); this reads what is beneath.
 * Not part of clx: the measurement behind src/measure/timercheck.c's timer_step_ns. Build, run:
 *   cc -O2 studies/timerstep.c -lOpenCL -lm -o timerstep && ./timerstep NVIDIA [launches] */
#include "clpick.h"

static cl_ulong gcd(cl_ulong a, cl_ulong b)
{
    while (b) { cl_ulong r = a % b; a = b; b = r; }
    return a;
}

static int cmpu(const void *a, const void *b)
{
    cl_ulong x = *(const cl_ulong *)a, y = *(const cl_ulong *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    static const char *src = "__kernel void empty(__global float *o) { if (o[0] == 12345.0f) o[1] = 1.0f; }";
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, src, "empty", &dev, name, &ctx, &q, &pr, &k)) return 1;
    int n = argc > 2 ? atoi(argv[2]) : 1000;
    if (n < 2 || n > 100000) n = 1000;
    cl_int e;
    cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8, NULL, &e);
    clSetKernelArg(k, 0, sizeof o, &o);
    size_t res = 0;
    clGetDeviceInfo(dev, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof res, &res, NULL);
    cl_ulong *st = malloc(sizeof *st * 2 * n), *d = malloc(sizeof *d * n), g = 0;
    size_t one = 1;
    for (int i = 0; i < n; i++) {
        cl_event ev;
        clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, &ev);
        if (i % 50 == 49 || i == n - 1) clFinish(q);
        else clFlush(q);
        clWaitForEvents(1, &ev);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof st[0], &st[2 * i], NULL);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof st[0], &st[2 * i + 1], NULL);
        clReleaseEvent(ev);
        d[i] = st[2 * i + 1] - st[2 * i];
    }
    for (int i = 1; i < 2 * n; i++) g = gcd(st[i] > st[0] ? st[i] - st[0] : st[0] - st[i], g);
    qsort(d, n, sizeof *d, cmpu);
    int distinct = 1;
    cl_ulong least_gap = 0;
    for (int i = 1; i < n; i++)
        if (d[i] != d[i - 1]) {
            distinct++;
            if (!least_gap || d[i] - d[i - 1] < least_gap) least_gap = d[i] - d[i - 1];
        }
    printf("device %s\nreported resolution %zu ns\nfirst timestamp %llu (as a double: %.0f)\n", name, res,
           (unsigned long long)st[0], (double)st[0]);
    printf("launches %d: gcd of start/end times from the first %llu ns; durations: %d distinct, smallest gap between "
           "them %llu ns, median %llu ns, min %llu, max %llu\n", n, (unsigned long long)g, distinct,
           (unsigned long long)least_gap, (unsigned long long)d[n / 2], (unsigned long long)d[0], (unsigned long long)d[n - 1]);
    printf("durations (ns: count):");
    for (int i = 0, c = 1; i < n; i++, c++)
        if (i == n - 1 || d[i + 1] != d[i]) { printf(" %llu:%d", (unsigned long long)d[i], c); c = 0; if (i > 400) break; }
    printf("\n");
    return 0;
}
