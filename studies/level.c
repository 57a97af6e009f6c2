/* level.c — what sets the level of a tiny kernel's time in one process: an empty kernel and taylor's
 * one-term kernel at three sizes, timed in turn as clx's held trials are (a lead-in and 8 launches
 * behind a spin, each launch's own event time), for a few seconds, printed per kernel as mean,
 * median and standard error to the ns, with the CPU and NUMA node the process ran on. Run it in
 * many processes (under taskset, numactl) and compare their lines: where the kernels move together
 * by a constant time a launch, the empty kernel is a reference for that level. Not part of clx: a
 * measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/level.c -lOpenCL -lm -o level && ./level NVIDIA [SECONDS] [TAG]
 * One line per kernel: tag, kernel, batches, mean_us, median_us, se_us (each launch's own event time),
 * span_us (the batch's first end to its last, over its launches), bare_us (the same span of a batch
 * whose middle launches have no events), late batches (all kernels), cpu, node. */
#define _GNU_SOURCE
#include "clpick.h"
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NK = 4, BL = 8, MAXB = 20000 };

/* node_of: the NUMA node of CPU c by its sysfs folder (node0, node1, ...), -1 if none says. */
static int node_of(int c)
{
    for (int n = 0; n < 64; n++) {
        char p[128];
        snprintf(p, sizeof p, "/sys/devices/system/cpu/cpu%d/node%d", c, n);
        FILE *f = fopen(p, "r");
        if (f) { fclose(f); return n; }
        snprintf(p, sizeof p, "/sys/devices/system/cpu/cpu%d/node%d/cpulist", c, n);
        if ((f = fopen(p, "r"))) { fclose(f); return n; }
    }
    return -1;
}

int main(int argc, char **argv)
{
    double secs = argc > 2 ? atof(argv[2]) : 3;
    const char *tag = argc > 3 ? argv[3] : "-";
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    cl_int e;
    cl_kernel sk = clCreateKernel(pr, "spin", &e), ek = clCreateKernel(pr, "empty", &e);
    static const cl_ulong sizes[NK] = { 0, 1024, 262144, 1048576 };
    static const char *kname[NK] = { "empty", "taylor-1Ki", "taylor-256Ki", "taylor-1Mi" };
    cl_kernel ks[NK];
    ks[0] = ek;
    cl_mem xs[NK], ys[NK];
    for (int i = 1; i < NK; i++) {
        ks[i] = clCreateKernel(pr, "taylor", &e);
        taylor_args(ctx, q, ks[i], sizes[i], &xs[i], &ys[i]);
    }
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint spins = 200000;                       /* ~0.4 ms on an H200: 9 enqueues take under 0.1 */
    clSetKernelArg(sk, 0, sizeof so, &so);
    clSetKernelArg(sk, 1, sizeof spins, &spins);
    clFinish(q);
    static double t[NK][MAXB], span[NK][MAXB], bare[NK][MAXB];
    int late = 0;
    int nb = 0, warm = 20;
    size_t one = 1, lw = 256;
    double t0 = now_s();
    while (nb < MAXB && (warm > 0 || now_s() - t0 < secs)) {
        for (int i = 0; i < NK; i++) {
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1;
            double us, sp;
            int late1 = held_batch(q, sk, ks[i], gw, i ? lw : one, BL, &us, &sp);
            if (!warm) {
                t[i][nb] = us;
                span[i][nb] = sp;
                late += late1;
            }
            /* the same batch with events on the lead-in and the last launch only: the span of launches
             * that write no timestamps of their own (as nvbench's batch, timed around it) */
            cl_event a, z, hold;
            clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &hold);
            clEnqueueNDRangeKernel(q, ks[i], 1, NULL, &gw, i ? &lw : &one, 0, NULL, &a);
            for (int j = 1; j < BL; j++) clEnqueueNDRangeKernel(q, ks[i], 1, NULL, &gw, i ? &lw : &one, 0, NULL, NULL);
            clEnqueueNDRangeKernel(q, ks[i], 1, NULL, &gw, i ? &lw : &one, 0, NULL, &z);
            clWaitForEvents(1, &z);
            if (!warm) {
                bare[i][nb] = (double)(stamp(z, CL_PROFILING_COMMAND_END) - stamp(a, CL_PROFILING_COMMAND_END)) / BL / 1e3;
                late += stamp(z, CL_PROFILING_COMMAND_QUEUED) >= stamp(hold, CL_PROFILING_COMMAND_END);
            }
            clReleaseEvent(a);
            clReleaseEvent(z);
            clReleaseEvent(hold);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
        else if (!warm) nb++;
    }
    int cpu = sched_getcpu();
    for (int i = 0; i < NK; i++) {
        double m = 0, v = 0, sm = 0, bm = 0;
        for (int b = 0; b < nb; b++) m += t[i][b] / nb, sm += span[i][b] / nb, bm += bare[i][b] / nb;
        for (int b = 0; b < nb; b++) v += (t[i][b] - m) * (t[i][b] - m) / (nb - 1);
        printf("%s\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%d\t%d\t%d\n", tag, kname[i], nb, m, quant(t[i], nb, 0.5), sqrt(v / nb), sm, bm,
               late, cpu, node_of(cpu));
    }
    return 0;
}
