/* ctxrounds.c — what rounds spread over contexts would do for tiny rows between runs: taylor's
 * one-term-and-more kernel at 48 configurations (6 sizes x 8 term counts, 3-60 us on an H200), each
 * timed as a row of clx is (rounds of held trials: a lead-in and 8 launches behind a spin, each
 * launch's own event time; the row the median of its round medians), with the rounds in one context
 * or each round in another of C contexts made in this process. Run it in many processes for each C
 * and compare the processes' rows pair by pair (studies/level.c found each context's level of a tiny
 * kernel's time 0.05-0.075 us apart from the next; rounds over C contexts should average it). Not
 * part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/ctxrounds.c -lOpenCL -lm -o ctxrounds && ./ctxrounds NVIDIA CONTEXTS [TAG] [ROUNDS]
 * One line per configuration: tag, contexts, elements, terms, row_us, then its round medians. */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { NN = 6, NT = 8, NCFG = NN * NT, MAXC = 8, MAXR = 16, TRIALS = 3, BL = 8 };
static const cl_ulong sizes[NN] = { 1024, 65536, 262144, 1048576, 2097152, 4194304 };
static const cl_uint terms[NT] = { 1, 2, 4, 8, 16, 32, 64, 128 };

struct ctx { cl_context c; cl_command_queue q; cl_kernel spin, k; cl_mem x[NN], y[NN]; };

static int open_ctx(int argc, char **argv, struct ctx *x)
{
    cl_device_id dev;
    char name[256];
    cl_program pr;
    cl_int e;
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &x->c, &x->q, &pr, &x->k)) return 1;
    x->spin = clCreateKernel(pr, "spin", &e);
    for (int i = 0; i < NN; i++) taylor_args(x->c, x->q, x->k, sizes[i], &x->x[i], &x->y[i]);
    cl_mem so = clCreateBuffer(x->c, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint spins = 200000;                       /* ~0.4 ms on an H200: 9 enqueues take under 0.1 */
    clSetKernelArg(x->spin, 0, sizeof so, &so);
    clSetKernelArg(x->spin, 1, sizeof spins, &spins);
    return clFinish(x->q) != CL_SUCCESS;
}

/* round_median: one round of configuration g in context x: TRIALS held batches, their median (us). */
static double round_median(struct ctx *x, int g, int *late)
{
    int n = g / NT, t = g % NT;
    clSetKernelArg(x->k, 0, sizeof x->x[n], &x->x[n]);
    clSetKernelArg(x->k, 1, sizeof x->y[n], &x->y[n]);
    clSetKernelArg(x->k, 2, sizeof sizes[n], &sizes[n]);
    clSetKernelArg(x->k, 3, sizeof terms[t], &terms[t]);
    double v[TRIALS];
    for (int i = 0; i < TRIALS; i++) *late += held_batch(x->q, x->spin, x->k, (size_t)sizes[n], 256, BL, &v[i], NULL);
    return quant(v, TRIALS, 0.5);
}

int main(int argc, char **argv)
{
    int nc = argc > 2 ? atoi(argv[2]) : 1, nr = argc > 4 ? atoi(argv[4]) : 5;
    const char *tag = argc > 3 ? argv[3] : "-";
    if (nc < 1 || nc > MAXC || nr < 1 || nr > MAXR) { fprintf(stderr, "1-%d contexts, 1-%d rounds\n", MAXC, MAXR); return 2; }
    static struct ctx xs[MAXC];
    for (int c = 0; c < nc; c++)
        if (open_ctx(argc, argv, &xs[c])) return 1;
    int late = 0, order[NCFG];
    double warm;
    for (int c = 0; c < nc; c++)                  /* every context's kernels and buffers once, untimed */
        for (int g = 0; g < NCFG; g++) warm = round_median(&xs[c], g, &late);
    (void)warm;
    late = 0;
    static double rm[NCFG][MAXR];
    for (int i = 0; i < NCFG; i++) order[i] = i;
    srand((unsigned)getpid());
    for (int r = 0; r < nr; r++) {                /* round r in context r mod C, the rows in a new order */
        for (int i = NCFG - 1; i > 0; i--) { int j = rand() % (i + 1), w = order[i]; order[i] = order[j]; order[j] = w; }
        for (int i = 0; i < NCFG; i++) rm[order[i]][r] = round_median(&xs[r % nc], order[i], &late);
    }
    for (int g = 0; g < NCFG; g++) {
        printf("%s\t%d\t%llu\t%u\t%.4f", tag, nc, (unsigned long long)sizes[g / NT], terms[g % NT], quant(rm[g], nr, 0.5));
        for (int r = 0; r < nr; r++) printf("\t%.4f", rm[g][r]);
        printf("\n");
    }
    fprintf(stderr, "%s: %d late batches\n", tag, late);
    return 0;
}
