/* batchprobe.c — how a short kernel's time depends on how it is timed: single launches against
 * batches of 64 back-to-back launches, enqueued as they come or all held behind a user event first
 * (as nvbench holds its batch behind a blocking kernel), each batch read as its span per launch and
 * as its launches' own durations averaged. Not part of clx: the measurement behind bench.c's choice
 * (docs/timing.md). Build and run: cc -O2 studies/batchprobe.c -lOpenCL -o batchprobe && ./batchprobe NVIDIA
 * (the argument: a part of the device's name). Prints one row per size, medians of 21 rounds, in us. */
#include "clpick.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *src =
    "__kernel void add(__global const float *a, __global const float *b, __global float *c, uint n)"
    "{ size_t i = get_global_id(0); if (i < n) c[i] = a[i] + b[i]; }";

static double median(double *v, int n)
{
    qsort(v, n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, src, "add", &dev, name, &ctx, &q, &pr, &k)) return 1;
    cl_int e;
    printf("device %s\n", name);
    printf("N\tsingle_us\tungated_span_us\tungated_sum_us\tgated_span_us\tgated_sum_us\tgated_host_us\n");
    size_t sizes[] = {65536, 262144, 1000000, 2000000, 4000000, 16000000};
    enum { B = 64, T = 21 };
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        cl_uint n = (cl_uint)sizes[si];
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
        cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &e);
        float z = 1;
        clEnqueueFillBuffer(q, a, &z, 4, 0, n * 4, 0, NULL, NULL);
        clEnqueueFillBuffer(q, b, &z, 4, 0, n * 4, 0, NULL, NULL);
        clSetKernelArg(k, 0, sizeof a, &a);
        clSetKernelArg(k, 1, sizeof b, &b);
        clSetKernelArg(k, 2, sizeof c, &c);
        clSetKernelArg(k, 3, sizeof n, &n);
        size_t lw = 256, gw = (n + 255) / 256 * 256;
        for (int w = 0; w < 10; w++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);
        clFinish(q);
        double single[T], uspan[T], usum[T], gspan[T], gsum[T], ghost[T];
        cl_event ev[B];
        for (int t = 0; t < T; t++) {
            clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &ev[0]);
            clWaitForEvents(1, &ev[0]);
            single[t] = (ns(ev[0], CL_PROFILING_COMMAND_END) - ns(ev[0], CL_PROFILING_COMMAND_START)) / 1e3;
            clReleaseEvent(ev[0]);
            for (int gated = 0; gated < 2; gated++) {
                cl_event gate = gated ? clCreateUserEvent(ctx, &e) : NULL;
                for (int i = 0; i < B; i++)
                    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, gated && i == 0 ? 1 : 0, gated && i == 0 ? &gate : NULL, &ev[i]);
                double h0 = now();
                if (gate) clSetUserEventStatus(gate, CL_COMPLETE);
                clWaitForEvents(1, &ev[B - 1]);
                double h = (now() - h0) * 1e6 / B;
                double span = (ns(ev[B - 1], CL_PROFILING_COMMAND_END) - ns(ev[0], CL_PROFILING_COMMAND_START)) / 1e3 / B, sum = 0;
                for (int i = 0; i < B; i++) {
                    sum += ns(ev[i], CL_PROFILING_COMMAND_END) - ns(ev[i], CL_PROFILING_COMMAND_START);
                    clReleaseEvent(ev[i]);
                }
                sum = sum / 1e3 / B;
                if (gate) clReleaseEvent(gate);
                if (gated) { gspan[t] = span; gsum[t] = sum; ghost[t] = h; }
                else { uspan[t] = span; usum[t] = sum; }
            }
        }
        printf("%u\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n", n, median(single, T), median(uspan, T), median(usum, T),
               median(gspan, T), median(gsum, T), median(ghost, T));
        clReleaseMemObject(a);
        clReleaseMemObject(b);
        clReleaseMemObject(c);
    }
    return 0;
}
