/* levelctx.c — whether contexts inside one process carry levels of their own: an empty kernel and
 * taylor's one-term kernel at 1Ki and 1Mi elements, each in four contexts made one after another in
 * one process (each with its own queue, program, buffers and spin), timed in turn as clx's held
 * trials are (a lead-in and 8 launches behind a spin, each launch's own event time), in a new random
 * order each time round; with "queues", four queues of one context instead. studies/level.c found a level per process of sd 0.05-0.075 us a launch; where
 * the contexts part by as much, rounds spread over contexts of one process could average it. Not
 * part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/levelctx.c -lOpenCL -lm -o levelctx && ./levelctx NVIDIA [SECONDS] [TAG] [queues]
 * One line per cell: tag, elements, context, batches, mean_us, se_us, late batches (all cells). */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { NX = 4, NS = 3, BL = 8, MAXB = 20000 };

struct ctx { cl_context c; cl_command_queue q; cl_kernel spin, k[NS]; };

/* held: one batch of k (n elements; 0: the empty kernel) behind x's spin; the launches' mean event
 * time (us) into *t; 1 when the last launch was queued after the spin ended (late). */
static int held(const struct ctx *x, cl_kernel k, cl_ulong n, double *t)
{
    size_t one = 1, lw = 256, gw = n ? (n + 255) / 256 * 256 : 1;
    return held_batch(x->q, x->spin, k, gw, n ? lw : one, BL, t, NULL);
}

int main(int argc, char **argv)
{
    double secs = argc > 2 ? atof(argv[2]) : 4;
    const char *tag = argc > 3 ? argv[3] : "-";
    static const cl_ulong sizes[NS] = { 0, 1024, 1048576 };
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    struct ctx xs[NX];
    cl_device_id dev;
    char name[256];
    cl_int e;
    int queues = argc > 4 && !strcmp(argv[4], "queues");
    for (int i = 0; i < NX; i++) {
        cl_program pr;
        if (queues && i > 0) {                    /* the first context's objects, a queue of its own */
            xs[i] = xs[0];
            xs[i].q = clCreateCommandQueue(xs[0].c, dev, CL_QUEUE_PROFILING_ENABLE, &e);
            if (e != CL_SUCCESS) return 1;
            continue;
        }
        if (clsetup(argc, argv, src, "taylor", &dev, name, &xs[i].c, &xs[i].q, &pr, &xs[i].k[1])) return 1;
        xs[i].k[0] = clCreateKernel(pr, "empty", &e);
        xs[i].k[2] = clCreateKernel(pr, "taylor", &e);
        xs[i].spin = clCreateKernel(pr, "spin", &e);
        cl_mem x, y, so = clCreateBuffer(xs[i].c, CL_MEM_READ_WRITE, 4, NULL, &e);
        for (int s = 1; s < NS; s++) taylor_args(xs[i].c, xs[i].q, xs[i].k[s], sizes[s], &x, &y);
        cl_uint spins = 200000;                   /* ~0.4 ms on an H200: 9 enqueues take under 0.1 */
        clSetKernelArg(xs[i].spin, 0, sizeof so, &so);
        clSetKernelArg(xs[i].spin, 1, sizeof spins, &spins);
        clFinish(xs[i].q);
    }
    static double t[NX][NS][MAXB];
    int order[NX * NS], nb = 0, warm = 10, late = 0;
    for (int i = 0; i < NX * NS; i++) order[i] = i;
    srand((unsigned)getpid());
    double t0 = now_s(), v;
    while (nb < MAXB && (warm > 0 || now_s() - t0 < secs)) {
        for (int i = NX * NS - 1; i > 0; i--) { int j = rand() % (i + 1), w = order[i]; order[i] = order[j]; order[j] = w; }
        for (int i = 0; i < NX * NS; i++) {
            int x = order[i] / NS, s = order[i] % NS;
            late += held(&xs[x], xs[x].k[s], sizes[s], &v) && !warm;
            t[x][s][nb] = v;
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
        else if (!warm) nb++;
    }
    for (int s = 0; s < NS; s++)
        for (int x = 0; x < NX; x++) {
            double m = 0, var = 0;
            for (int b = 0; b < nb; b++) m += t[x][s][b] / nb;
            for (int b = 0; b < nb; b++) var += (t[x][s][b] - m) * (t[x][s][b] - m) / (nb - 1);
            printf("%s\t%llu\t%s%d\t%d\t%.4f\t%.4f\t%d\n", tag, (unsigned long long)sizes[s], queues ? "queue" : "ctx", x, nb, m,
                   sqrt(var / nb), late);
        }
    return 0;
}
