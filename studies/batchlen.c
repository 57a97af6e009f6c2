/* batchlen.c — whether a short kernel's per-launch time depends on the length of the batch it is
 * timed in, and why: each launch's own event duration by its position in the batch, for batches of
 * 1 to 32, started as they come, after one untimed lead-in launch, held behind a user event, or
 * (as clx does since 2026-11-27) after a lead-in held behind a kernel of one work-item that spins
 * while the host enqueues the rest ("blocked").
 * Not part of clx: the measurement behind bench.c's batches (docs/timing.md). Build and run:
 *   cc -O2 studies/batchlen.c -lOpenCL -lm -o batchlen && ./batchlen NVIDIA
 * (the argument: a part of the device's name; a second argument "wide" spins on every compute unit, 128
 * work-items each, instead of on one work-item; "long" holds every batch behind the spin of 32). Rounds interleave every batch length and start, so a
 * slow moment of the device hits all of them alike. Prints one row per size, start and length. */
#include "clpick.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* taylor's one-element kernel with one term: what most of its tiny rows are; and the spin. */
static const char *src = TAYLOR_SRC;
static const char *spin_src =
    "__kernel void spin(__global float *o, uint n) { float x = o[0];"
    "  for (uint i = 0; i < n; i++) x = fma(x, 0.9999f, 0.0001f); o[0] = x; }";

enum { ROUNDS = 41, NLEN = 6, MAXB = 32, STARTS = 4 };
static const int lens[NLEN] = {1, 2, 4, 8, 16, 32};
static const char *start_name[STARTS] = {"plain", "lead-in", "gated", "blocked"};
static cl_kernel spin;              /* its argument 1 set per batch: 20 us a launch to enqueue, and 50 */
static double spin_ns_per_step = 1; /* from a first timed spin */
static size_t spin_global = 1, spin_local = 1;
static int spin_long;               /* "long": every batch behind the longest batch's spin (0.71 ms) */

/* What one batch gave, in us: the mean of the counted launches, the first counted launch, the mean
 * of the others, the mean idle gap between consecutive launches. */
struct one { double mean, first, rest, gap; };

static struct one batch(cl_context ctx, cl_command_queue q, cl_kernel k, size_t gw, size_t lw, int b, int start)
{
    cl_event ev[MAXB + 1], gate = NULL;
    cl_int e;
    int lead = start == 1 || start == 3, n = b + lead;
    if (start == 2) gate = clCreateUserEvent(ctx, &e);
    if (start == 3) {
        cl_uint steps = (cl_uint)((20000.0 * (spin_long ? MAXB + 1 : n) + 50000.0) / spin_ns_per_step);
        clSetKernelArg(spin, 1, sizeof steps, &steps);
        clEnqueueNDRangeKernel(q, spin, 1, NULL, &spin_global, &spin_local, 0, NULL, NULL);
    }
    for (int i = 0; i < n; i++)
        clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, gate && i == 0, gate && i == 0 ? &gate : NULL, &ev[i]);
    if (gate) clSetUserEventStatus(gate, CL_COMPLETE);
    clWaitForEvents(1, &ev[n - 1]);
    struct one o = {0, 0, 0, 0};
    for (int i = lead; i < n; i++) {
        double d = (ns(ev[i], CL_PROFILING_COMMAND_END) - ns(ev[i], CL_PROFILING_COMMAND_START)) / 1e3;
        o.mean += d / b;
        if (i == lead) o.first = d;
        else o.rest += d / (b - 1);
        if (i > lead) o.gap += (ns(ev[i], CL_PROFILING_COMMAND_START) - ns(ev[i - 1], CL_PROFILING_COMMAND_END)) / 1e3 / (b - 1);
    }
    for (int i = 0; i < n; i++) clReleaseEvent(ev[i]);
    if (gate) clReleaseEvent(gate);
    return o;
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    cl_int e;
    cl_program sp = clCreateProgramWithSource(ctx, 1, &spin_src, NULL, &e);
    clBuildProgram(sp, 1, &dev, "", NULL, NULL);
    spin = clCreateKernel(sp, "spin", &e);
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    clSetKernelArg(spin, 0, sizeof so, &so);
    spin_long = argc > 2 && !strcmp(argv[2], "long");
    if (argc > 2 && !strcmp(argv[2], "wide")) {
        cl_uint cus = 1;
        clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
        spin_local = 128;
        spin_global = 128 * (size_t)cus;
    }
    {
        cl_uint steps = 100000;
        cl_event ev;
        clSetKernelArg(spin, 1, sizeof steps, &steps);
        clEnqueueNDRangeKernel(q, spin, 1, NULL, &spin_global, &spin_local, 0, NULL, &ev);
        clWaitForEvents(1, &ev);
        spin_ns_per_step = (ns(ev, CL_PROFILING_COMMAND_END) - ns(ev, CL_PROFILING_COMMAND_START)) / steps;
        if (!(spin_ns_per_step > 0)) spin_ns_per_step = 1;
        clReleaseEvent(ev);
    }
    printf("# device %s; medians (p10-p90) over %d rounds, us per launch; the spin on %zu work-items\n", name, ROUNDS,
           spin_global);
    printf("N\tstart\tbatch\tmean\tp10\tp90\trsd_pct\tfirst\trest\tgap\n");
    cl_ulong sizes[] = {1024, 16384, 262144, 1048576, 4194304};
    static double mean[STARTS][NLEN][ROUNDS], first[STARTS][NLEN][ROUNDS], rest[STARTS][NLEN][ROUNDS], gap[STARTS][NLEN][ROUNDS];
    srand(1);
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        cl_ulong n = sizes[si];
        cl_mem x, y;
        taylor_args(ctx, q, k, n, &x, &y);
        size_t lw = 256, gw = (n + 255) / 256 * 256;
        for (int w = 0; w < 10; w++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);
        clFinish(q);
        for (int r = 0; r < ROUNDS; r++) {
            int order[STARTS * NLEN];
            shuffled(order, STARTS * NLEN);
            for (int i = 0; i < STARTS * NLEN; i++) {
                int s = order[i] / NLEN, l = order[i] % NLEN;
                struct one o = batch(ctx, q, k, gw, lw, lens[l], s);
                mean[s][l][r] = o.mean; first[s][l][r] = o.first; rest[s][l][r] = o.rest; gap[s][l][r] = o.gap;
            }
        }
        for (int s = 0; s < STARTS; s++)
            for (int l = 0; l < NLEN; l++) {
                double md = quant(mean[s][l], ROUNDS, 0.5), p10 = quant(mean[s][l], ROUNDS, 0.1), p90 = quant(mean[s][l], ROUNDS, 0.9);
                printf("%llu\t%s\t%d\t%.3f\t%.3f\t%.3f\t%.2f\t%.3f\t%.3f\t%.3f\n", (unsigned long long)n, start_name[s], lens[l],
                       md, p10, p90, 100 * (p90 - p10) / 2.563 / md, quant(first[s][l], ROUNDS, 0.5), lens[l] > 1 ? quant(rest[s][l], ROUNDS, 0.5) : 0,
                       lens[l] > 1 ? quant(gap[s][l], ROUNDS, 0.5) : 0);
            }
        clReleaseMemObject(x);
        clReleaseMemObject(y);
    }
    return 0;
}
