/* splithold.c — two host threads sharing a held batch under holds sized as clx sizes them: whether
 * the launches still run back to back and are timed as one thread's are. studies/mtenq.c's two
 * threads were four times as fast as one behind a spin of 1.2 ms; clx's sharing (b248fd6) sized its
 * holds by the two threads' enqueue time and an eighth of its batches came late. Each cell: held
 * batches (a spin, an untimed lead-in, BL launches each with its event) of an empty kernel or
 * taylor's one-term kernel at 1Ki, 1Mi, 4Mi elements, in one of three ways:
 *   solo   the main thread enqueues all; the spin 1.25 times its recent enqueue time and 20 us
 *   split  a helper that spins between batches takes the odd launches; the spin sized the same way
 *          by the two threads' recent time
 *   loose  split behind a spin of ~1.2 ms
 * The cells in a new random order each round. Not part of clx: a measurement behind
 * docs/timing.md. Build, run:
 *   cc -O2 -pthread studies/splithold.c -lOpenCL -lm -o splithold && ./splithold NVIDIA [SECONDS] [TAG] [BL]
 * One line per kernel and way: tag, kernel, way, batches, timed_us (mean event time a timed launch),
 * its se, gap_us (mean START less the END before, among the timed), gapped (batches with a gap
 * over 1 us more than the median gap), late (last launch queued after the spin's end), enqueue_us
 * (the host's time a launch), hold_us (the spin's mean length), batch_us (the host's wall time a
 * batch). */
#include "clpick.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NK = 4, NW = 3, MAXBL = 64, MAXB = 8000 };
static const char *wname[NW] = { "solo", "split", "loose" };
static int BL = 8;

static struct {
    cl_command_queue q;
    cl_kernel k;
    size_t gw, lw;
    cl_event ev[MAXBL + 1];
    atomic_int gen, done, quit;
} job;

static void *helper(void *arg)
{
    (void)arg;
    int seen = 0;
    for (;;) {
        int g;
        while ((g = atomic_load(&job.gen)) == seen && !atomic_load(&job.quit)) { }
        if (atomic_load(&job.quit)) return NULL;
        seen = g;
        for (int j = 2; j <= BL; j += 2) clEnqueueNDRangeKernel(job.q, job.k, 1, NULL, &job.gw, &job.lw, 0, NULL, &job.ev[j]);
        atomic_store(&job.done, 1);
    }
}

struct cell { double timed[MAXB], gap[MAXB], enq[MAXB], hold[MAXB], batch[MAXB]; int nb, late, gapped; double ema; };

static double ns_per_step;

/* one held batch of k in way w; its figures into c (when keep) */
static void batch(cl_command_queue q, cl_kernel sk, cl_kernel k, size_t gw, size_t lw, int w, struct cell *c, int keep)
{
    size_t one = 1;
    cl_event hold;
    double want = w == 2 ? 1.2e6 : 1.25 * c->ema * (BL + 1) + 20e3;
    cl_uint steps = (cl_uint)(want / ns_per_step);
    clSetKernelArg(sk, 1, sizeof steps, &steps);
    double t0 = now_s();
    clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &hold);
    double t1 = now_s();
    job.q = q, job.k = k, job.gw = gw, job.lw = lw;
    atomic_store(&job.done, 0);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &job.ev[0]);    /* the lead-in */
    if (w > 0) atomic_fetch_add(&job.gen, 1);
    for (int j = 1; j <= BL; j += w > 0 ? 2 : 1) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &job.ev[j]);
    while (w > 0 && !atomic_load(&job.done)) { }
    double t2 = now_s();
    clWaitForEvents(BL + 1, job.ev);
    double t3 = now_s();
    cl_ulong st[MAXBL + 1], en[MAXBL + 1], lastq = 0, sum = 0;
    for (int j = 0; j <= BL; j++) {
        st[j] = stamp(job.ev[j], CL_PROFILING_COMMAND_START), en[j] = stamp(job.ev[j], CL_PROFILING_COMMAND_END);
        cl_ulong qd = stamp(job.ev[j], CL_PROFILING_COMMAND_QUEUED);
        if (qd > lastq) lastq = qd;
    }
    cl_ulong hs = stamp(hold, CL_PROFILING_COMMAND_START), he = stamp(hold, CL_PROFILING_COMMAND_END);
    ns_per_step = 0.9 * ns_per_step + 0.1 * (double)(he - hs) / steps;
    /* the launches in the order the device ran them (two threads may queue them in another) */
    for (int a = 1; a <= BL; a++)
        for (int b = a; b > 0 && st[b] < st[b - 1]; b--) {
            cl_ulong ts = st[b], te = en[b];
            st[b] = st[b - 1], en[b] = en[b - 1], st[b - 1] = ts, en[b - 1] = te;
        }
    double g[MAXBL], gs = 0;
    for (int j = 1; j <= BL; j++) {
        sum += en[j] - st[j];
        g[j - 1] = (double)((long long)st[j] - (long long)en[j - 1]) / 1e3;
        gs += g[j - 1];
    }
    double gmed = quant(g, BL, 0.5), gmax = 0;
    for (int j = 0; j < BL; j++) gmax = g[j] > gmax ? g[j] : gmax;
    double enq = (t2 - t1) * 1e9 / (BL + 1);
    c->ema = enq > c->ema ? enq : 0.9 * c->ema + 0.1 * enq;      /* grows at once, shrinks slowly, as clx's */
    for (int j = 0; j <= BL; j++) clReleaseEvent(job.ev[j]);
    clReleaseEvent(hold);
    if (!keep || c->nb >= MAXB) return;
    c->timed[c->nb] = (double)sum / BL / 1e3;
    c->gap[c->nb] = gs / BL;
    c->enq[c->nb] = enq / 1e3;
    c->hold[c->nb] = (double)(he - hs) / 1e3;
    c->batch[c->nb] = (t3 - t0) * 1e6;
    c->late += lastq >= he;
    c->gapped += gmax > gmed + 1.0;
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
    cl_kernel sk = spin_kernel(ctx, q, pr, 100000);
    {   /* the spin's speed, from one timed run */
        size_t one = 1;
        cl_event e;
        clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &e);
        clWaitForEvents(1, &e);
        ns_per_step = (double)(stamp(e, CL_PROFILING_COMMAND_END) - stamp(e, CL_PROFILING_COMMAND_START)) / 100000;
        clReleaseEvent(e);
    }
    pthread_t th;
    pthread_create(&th, NULL, helper, NULL);
    static struct cell cells[NK][NW];
    for (int i = 0; i < NK; i++)
        for (int w = 0; w < NW; w++) cells[i][w].ema = 15e3;
    int order[NK * NW], rounds = 0;
    srand(12345u ^ (unsigned)time(NULL));
    double t0 = now_s();
    for (int warm = 20; warm > 0 || now_s() - t0 < secs; rounds++) {
        shuffled(order, NK * NW);
        for (int o = 0; o < NK * NW; o++) {
            int i = order[o] / NW, w = order[o] % NW;
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1, lw = i ? 256 : 1;
            batch(q, sk, ks[i], gw, lw, w, &cells[i][w], warm == 0);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
    }
    atomic_store(&job.quit, 1);
    pthread_join(th, NULL);
    printf("# %s, %d rounds, batches of %d\n"
           "# tag\tkernel\tway\tbatches\ttimed_us\tse_us\tgap_us\tgapped\tlate\tenqueue_us\thold_us\tbatch_us\n",
           name, rounds, BL);
    for (int i = 0; i < NK; i++)
        for (int w = 0; w < NW; w++) {
            struct cell *c = &cells[i][w];
            double se, mu = mean_se(c->timed, c->nb, &se);
            printf("%s\t%s\t%s\t%d\t%.4f\t%.4f\t%.3f\t%d\t%d\t%.2f\t%.1f\t%.1f\n", tag, kname[i], wname[w], c->nb, mu,
                   se, mean(c->gap, c->nb), c->gapped, c->late, mean(c->enq, c->nb), mean(c->hold, c->nb),
                   mean(c->batch, c->nb));
        }
    return 0;
}
