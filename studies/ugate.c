/* ugate.c — whether a held batch may be held by a user event instead of a spinning kernel on
 * NVIDIA's OpenCL: what the host's enqueues cost then, and whether the launches still run back to
 * back, each timed as behind the spin. studies/enqcost.c found one thread's enqueue of a launch
 * with its event to be 13-15 us of the driver's own work with no system call, and 2-3 us while
 * another thread enqueued beside it: what costs is handing each launch to the device at once.
 * Held by a user event, nothing can be handed over until the event is set. Each cell is held
 * batches of one kernel (an empty one, taylor's one-term kernel at 1Ki, 1Mi, 4Mi elements) in one
 * of four ways, the cells in a new random order each round:
 *   spin    a spinning kernel of one work-item, an untimed lead-in, BL launches (clx's held trial)
 *   user    the lead-in waiting on a user event, BL launches; the event set once all are queued
 *   userspin  the spin waiting on a user event (sized 30 us), the lead-in, BL launches; then set
 *   free    a lead-in and BL launches, no hold (the host feeding an idle device)
 * Not part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 -pthread studies/ugate.c -lOpenCL -lm -o ugate && ./ugate NVIDIA [SECONDS] [TAG] [BL]
 * One line per kernel and way: tag, kernel, way, batches, timed_us (mean event time a timed launch),
 * its se, first_us (the first timed launch's event time, median), gap_us (mean START of a launch
 * less END of the one before, among the timed), gapmax_us (the 99th percentile of a batch's largest
 * gap), enqueue_us (the host's wall time a launch, from the first command queued to the last),
 * set_us (clSetUserEventStatus's own time), batch_us (the host's wall time a batch, to its last
 * event seen complete). */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NK = 4, NW = 4, MAXBL = 64, MAXB = 6000 };
static const char *wname[NW] = { "spin", "user", "userspin", "free" };
static int BL = 8;

struct cell { double timed[MAXB], first[MAXB], gap[MAXB], gapmax[MAXB], enq[MAXB], set[MAXB], batch[MAXB]; int nb; };

static void batch(cl_context ctx, cl_command_queue q, cl_kernel sk, cl_kernel sk30, cl_kernel k, size_t gw, size_t lw,
                  int w, struct cell *c, int keep)
{
    size_t one = 1;
    cl_event ev[MAXBL + 1], hold = NULL, ue = NULL;
    cl_int e;
    double t0 = now_s();
    if (w == 1 || w == 2) ue = clCreateUserEvent(ctx, &e);
    if (w == 0) clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &hold);
    if (w == 2) clEnqueueNDRangeKernel(q, sk30, 1, NULL, &one, &one, 1, &ue, &hold);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, w == 1, w == 1 ? &ue : NULL, &ev[0]);   /* the lead-in */
    for (int j = 1; j <= BL; j++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &ev[j]);
    double t1 = now_s(), t2 = t1;
    if (ue) {
        clSetUserEventStatus(ue, CL_COMPLETE);
        t2 = now_s();
    } else if (w == 3)
        clFlush(q);
    clWaitForEvents(1, &ev[BL]);
    double t3 = now_s();
    cl_ulong st[MAXBL + 1], en[MAXBL + 1];
    for (int j = 0; j <= BL; j++) st[j] = stamp(ev[j], CL_PROFILING_COMMAND_START), en[j] = stamp(ev[j], CL_PROFILING_COMMAND_END);
    cl_ulong sum = 0;
    double gsum = 0, gmax = 0;
    for (int j = 1; j <= BL; j++) {
        sum += en[j] - st[j];
        if (j > 1) {
            double g = (double)((long long)st[j] - (long long)en[j - 1]) / 1e3;
            gsum += g;
            if (g > gmax) gmax = g;
        }
    }
    for (int j = 0; j <= BL; j++) clReleaseEvent(ev[j]);
    if (hold) clReleaseEvent(hold);
    if (ue) clReleaseEvent(ue);
    if (!keep || c->nb >= MAXB) return;
    c->timed[c->nb] = (double)sum / BL / 1e3;
    c->first[c->nb] = (double)(en[1] - st[1]) / 1e3;
    c->gap[c->nb] = gsum / (BL - 1);
    c->gapmax[c->nb] = gmax;
    c->enq[c->nb] = (t1 - t0) * 1e6 / (BL + 1 + (w == 0 || w == 2));
    c->set[c->nb] = (t2 - t1) * 1e6;
    c->batch[c->nb] = (t3 - t0) * 1e6;
    c->nb++;
}

int main(int argc, char **argv)
{
    double secs = 20;
    const char *tag;
    BL = 8;
    study_args(argc, argv, &secs, &tag, &BL, 2, MAXBL);
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, TAYLOR_SRC "\n" HOLD_SRC, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    static const cl_ulong sizes[NK] = { 0, 1024, 1048576, 4194304 };
    static const char *kname[NK] = { "empty", "taylor-1Ki", "taylor-1Mi", "taylor-4Mi" };
    cl_kernel ks[NK];
    taylor_kernels(ctx, q, pr, sizes, NK, ks);
    cl_kernel sk = spin_kernel(ctx, q, pr, 100000);      /* ~200 us on an H200: 10 enqueues take ~150 */
    cl_kernel sk30 = spin_kernel(ctx, q, pr, 15000);     /* ~30 us */
    static struct cell cells[NK][NW];
    int order[NK * NW], rounds = 0;
    srand(12345u ^ (unsigned)time(NULL));
    double t0 = now_s();
    for (int warm = 10; warm > 0 || now_s() - t0 < secs; rounds++) {
        shuffled(order, NK * NW);
        for (int o = 0; o < NK * NW; o++) {
            int i = order[o] / NW, w = order[o] % NW;
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1, lw = i ? 256 : 1;
            batch(ctx, q, sk, sk30, ks[i], gw, lw, w, &cells[i][w], warm == 0);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
    }
    printf("# %s, %d rounds, batches of %d\n"
           "# tag\tkernel\tway\tbatches\ttimed_us\tse_us\tfirst_us\tgap_us\tgapmax99_us\tenqueue_us\tset_us\tbatch_us\n",
           name, rounds, BL);
    for (int i = 0; i < NK; i++)
        for (int w = 0; w < NW; w++) {
            struct cell *c = &cells[i][w];
            double se, mu = mean_se(c->timed, c->nb, &se);
            printf("%s\t%s\t%s\t%d\t%.4f\t%.4f\t%.3f\t%.3f\t%.3f\t%.2f\t%.2f\t%.1f\n", tag, kname[i], wname[w], c->nb, mu,
                   se, quant(c->first, c->nb, 0.5), mean(c->gap, c->nb), quant(c->gapmax, c->nb, 0.99),
                   mean(c->enq, c->nb), mean(c->set, c->nb), mean(c->batch, c->nb));
        }
    return 0;
}
