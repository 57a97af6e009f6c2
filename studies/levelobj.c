/* levelobj.c — which objects carry a tiny kernel's level inside one process: taylor's one-term
 * kernel timed as clx's held trials are (a lead-in and 8 launches behind a spin, each launch's own
 * event time) in cells that differ by one object each, all alive at once and taken in turn: four
 * sets of buffers with one kernel object, three more kernel objects of the program on the first set,
 * a kernel of a second program built anew, and the first cell again; at 1Ki and 1Mi elements,
 * beside an empty kernel; with "shuffle", in a new random order each time round (else in that order).
 * studies/level.c found a level per process of sd 0.05-0.075 us a launch, half of it each kernel's own:
 * where these cells part by as much, the object that parts them carries it, and a row's rounds could
 * be spread over several of them. Not part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/levelobj.c -lOpenCL -lm -o levelobj && ./levelobj NVIDIA [SECONDS] [TAG] [shuffle]
 * One line per cell: tag, size, cell, batches, mean_us, se_us, late batches (all cells). */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { NS = 2, NB = 4, NC = 9, BL = 8, MAXB = 20000 };
static const char *cname[NC] = { "buf0", "buf1", "buf2", "buf3", "kernel1", "kernel2", "kernel3", "program2", "buf0-again" };

struct cell { cl_kernel k; cl_mem x, y; cl_ulong n; };

/* held: one batch of c behind the spin; its launches' mean event time (us) into *t, 1 when late. */
static int held(cl_command_queue q, cl_kernel sk, const struct cell *c, double *t)
{
    size_t one = 1, lw = 256, gw = c->n ? (c->n + 255) / 256 * 256 : 1;
    cl_uint terms = 1;
    if (c->n) {                                   /* cells share kernel objects: their args each time */
        clSetKernelArg(c->k, 0, sizeof c->x, &c->x);
        clSetKernelArg(c->k, 1, sizeof c->y, &c->y);
        clSetKernelArg(c->k, 2, sizeof c->n, &c->n);
        clSetKernelArg(c->k, 3, sizeof terms, &terms);
    }
    return held_batch(q, sk, c->k, gw, c->n ? lw : one, BL, t, NULL);
}

int main(int argc, char **argv)
{
    double secs = argc > 2 ? atof(argv[2]) : 4;
    const char *tag = argc > 3 ? argv[3] : "-";
    int shuffle = argc > 4 && !strcmp(argv[4], "shuffle");
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    cl_int e;
    cl_program pr2 = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    if (clBuildProgram(pr2, 1, &dev, "", NULL, NULL) != CL_SUCCESS) return 1;
    cl_kernel sk = clCreateKernel(pr, "spin", &e);
    static const cl_ulong sizes[NS] = { 1024, 1048576 };
    struct cell cells[NS][NC], empty = { clCreateKernel(pr, "empty", &e), NULL, NULL, 0 };
    cl_kernel kobj[4] = { k, clCreateKernel(pr, "taylor", &e), clCreateKernel(pr, "taylor", &e), clCreateKernel(pr, "taylor", &e) };
    cl_kernel k2 = clCreateKernel(pr2, "taylor", &e);
    for (int s = 0; s < NS; s++) {
        cl_mem x[NB], y[NB];
        for (int b = 0; b < NB; b++) taylor_args(ctx, q, k, sizes[s], &x[b], &y[b]);   /* all alive at once */
        for (int c = 0; c < NC; c++) {
            cells[s][c].n = sizes[s];
            cells[s][c].x = x[c < NB ? c : 0];
            cells[s][c].y = y[c < NB ? c : 0];
            cells[s][c].k = c < NB || c == NC - 1 ? k : c < NC - 2 ? kobj[c - NB + 1] : k2;
        }
    }
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint spins = 200000;                       /* ~0.4 ms on an H200: 9 enqueues take under 0.1 */
    clSetKernelArg(sk, 0, sizeof so, &so);
    clSetKernelArg(sk, 1, sizeof spins, &spins);
    clFinish(q);
    static double t[NS][NC][MAXB], te[MAXB];
    int nb = 0, warm = 10, late = 0;
    double t0 = now_s(), v;
    int order[NS * NC];
    for (int i = 0; i < NS * NC; i++) order[i] = i;
    srand((unsigned)getpid());
    while (nb < MAXB && (warm > 0 || now_s() - t0 < secs)) {
        late += held(q, sk, &empty, &v) && !warm;
        te[nb] = v;
        if (shuffle)
            for (int i = NS * NC - 1; i > 0; i--) { int j = rand() % (i + 1), w = order[i]; order[i] = order[j]; order[j] = w; }
        for (int i = 0; i < NS * NC; i++) {
            int s = order[i] / NC, c = order[i] % NC;
            late += held(q, sk, &cells[s][c], &v) && !warm;
            t[s][c][nb] = v;
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
        else if (!warm) nb++;
    }
    for (int s = -1; s < NS; s++)
        for (int c = 0; c < (s < 0 ? 1 : NC); c++) {
            const double *x = s < 0 ? te : t[s][c];
            double m = 0, var = 0;
            for (int b = 0; b < nb; b++) m += x[b] / nb;
            for (int b = 0; b < nb; b++) var += (x[b] - m) * (x[b] - m) / (nb - 1);
            printf("%s\t%llu\t%s\t%d\t%.4f\t%.4f\t%d\n", tag, s < 0 ? 0ULL : (unsigned long long)sizes[s], s < 0 ? "empty" : cname[c],
                   nb, m, sqrt(var / nb), late);
        }
    return 0;
}
