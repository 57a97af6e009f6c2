/* sparseev.c — what a held batch's per-launch events cost the host and the device, and whether a
 * launch's own event time moves when its neighbours carry none: an empty kernel and taylor's
 * one-term kernel at four sizes, in held batches (a lead-in and 16 launches behind a spin, as clx
 * times a short kernel) whose launches carry an event every 1, 2, 4 or 16 launches, the cells in a
 * new random order each round. Not part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/sparseev.c -lOpenCL -lm -o sparseev && ./sparseev NVIDIA [SECONDS] [TAG]
 * One line per kernel and stride: tag, kernel, stride, batches, timed_us (mean event time of the
 * launches with events), its se, median, enqueue_us (the host's time a launch to enqueue the 16),
 * query_us (the host's time a timed launch to read its two timestamps), batch_us (the host's time
 * a batch, hold to the last query), late batches. */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NK = 5, NS = 4, BL = 16, MAXB = 4000 };

struct cell { double timed[MAXB], enq[MAXB], query[MAXB], batch[MAXB]; int nb, late; };

/* one held batch of k with an event on every stride-th launch; its figures into c (when keep) */
static void batch(cl_command_queue q, cl_kernel sk, cl_kernel k, size_t gw, size_t lw, int stride, struct cell *c,
                  int keep)
{
    size_t one = 1;
    cl_event ev[BL + 1], hold;
    double t0 = now_s();
    clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &hold);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);    /* the lead-in */
    double t1 = now_s();
    int nt = 0;
    for (int j = 1; j <= BL; j++) {
        int timed = j % stride == 0;
        clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, timed ? &ev[nt] : NULL);
        nt += timed;
    }
    double t2 = now_s();
    clWaitForEvents(1, &ev[nt - 1]);
    double t3 = now_s();
    cl_ulong sum = 0;
    for (int j = 0; j < nt; j++) sum += stamp(ev[j], CL_PROFILING_COMMAND_END) - stamp(ev[j], CL_PROFILING_COMMAND_START);
    double t4 = now_s();
    int late = stamp(ev[nt - 1], CL_PROFILING_COMMAND_QUEUED) >= stamp(hold, CL_PROFILING_COMMAND_END);
    for (int j = 0; j < nt; j++) clReleaseEvent(ev[j]);
    clReleaseEvent(hold);
    if (!keep || c->nb >= MAXB) return;
    c->timed[c->nb] = (double)sum / nt / 1e3;
    c->enq[c->nb] = (t2 - t1) * 1e6 / BL;
    c->query[c->nb] = (t4 - t3) * 1e6 / nt;
    c->batch[c->nb] = (t4 - t0) * 1e6;
    c->late += late;
    c->nb++;
}

int main(int argc, char **argv)
{
    double secs = argc > 2 ? atof(argv[2]) : 20;
    const char *tag = argc > 3 ? argv[3] : "-";
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    static const cl_ulong sizes[NK] = { 0, 1024, 262144, 1048576, 4194304 };
    static const char *kname[NK] = { "empty", "taylor-1Ki", "taylor-256Ki", "taylor-1Mi", "taylor-4Mi" };
    static const int strides[NS] = { 1, 2, 4, 16 };
    cl_kernel ks[NK];
    taylor_kernels(ctx, q, pr, sizes, NK, ks);
    cl_kernel sk = spin_kernel(ctx, q, pr, 300000);     /* ~0.6 ms on an H200: 18 enqueues take under 0.3 */
    static struct cell cells[NK][NS];
    int order[NK * NS], rounds = 0;
    srand(12345u ^ (unsigned)time(NULL));
    double t0 = now_s();
    for (int warm = 10; warm > 0 || now_s() - t0 < secs; rounds++) {
        shuffled(order, NK * NS);
        for (int o = 0; o < NK * NS; o++) {
            int i = order[o] / NS, s = order[o] % NS;
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1, lw = i ? 256 : 1;
            batch(q, sk, ks[i], gw, lw, strides[s], &cells[i][s], warm == 0);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
    }
    printf("# %s, %d rounds\n# tag\tkernel\tstride\tbatches\ttimed_us\tse_us\tmedian_us\tenqueue_us\tquery_us\tbatch_us\tlate\n",
           name, rounds);
    for (int i = 0; i < NK; i++)
        for (int s = 0; s < NS; s++) {
            struct cell *c = &cells[i][s];
            double m = mean(c->timed, c->nb), v = 0;
            for (int b = 0; b < c->nb; b++) v += (c->timed[b] - m) * (c->timed[b] - m) / (c->nb - 1);
            printf("%s\t%s\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.2f\t%.2f\t%.1f\t%d\n", tag, kname[i], strides[s], c->nb, m,
                   sqrt(v / c->nb), quant(c->timed, c->nb, 0.5), mean(c->enq, c->nb), mean(c->query, c->nb),
                   mean(c->batch, c->nb), c->late);
        }
    return 0;
}
