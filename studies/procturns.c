/* procturns.c — whether a kernel's time carries a state of the process that runs it: several
 * processes, each with its own context, buffers and program, alive at once and taking turns (one
 * runs while the others wait), each turn one cell of the same kernel. Where a process's cells keep
 * to a level of their own across turns while the turns interleave in time, the level belongs to
 * the process (its context's place on the device, its driver state); where all processes move
 * together, it belongs to the time. Runs one after another cannot tell these apart, and clx's
 * rounds all run in one process. Not part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/procturns.c -lOpenCL -lm -o procturns && ./procturns NVIDIA 1024 [consec] [PROCS] [TURNS]
 * Prints one row per cell, then per process its median, and the spread between the processes'
 * medians beside what their cells' scatter predicts, for each of four ways to time a launch: the
 * mean of its event's own duration (what clx's rows take), the launches' span (one's end to the
 * last's, over their count: back to back), and both again with the batch queued behind a kernel of
 * one work-item that holds the device ~0.2 ms (as nvbench does), so that all of it is queued
 * before the first starts. */
#include "clpick.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A kernel that keeps one work-item busy for ~0.2 ms on an H200 (dependent fmas): the batch queued
 * behind it starts only once all of it is queued. */
#define SPIN_SRC \
    "__kernel void spin(__global float *o, uint n) { float x = o[0];" \
    "  for (uint i = 0; i < n; i++) x = fma(x, 0.9999f, 0.0001f); o[0] = x; }"

static const char *src = TAYLOR_SRC "\n" SPIN_SRC, *src_consec = TAYLOR_CONSEC_SRC "\n" SPIN_SRC;

enum { MAXP = 8, MAXT = 200, MAXB = 24, NS = 4 };
static const char *stat_name[NS] = { "event", "span", "blocked event", "blocked span" };

/* child: makes its own objects, then on each byte from `go` times one cell (nb batches of bl
 * launches after a lead-in; each batch the mean of its launches' own durations) and writes the
 * cell's median and interquartile range (us) to `out`; ends on 'q'. */
static void child(const char *want, cl_ulong n, int consec, int go, int out)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    if (clpick(want, &dev, name, &ctx, &q)) _exit(1);
    cl_int e;
    cl_program pr = clCreateProgramWithSource(ctx, 1, consec ? &src_consec : &src, NULL, &e);
    clBuildProgram(pr, 1, &dev, "", NULL, NULL);
    cl_kernel k = clCreateKernel(pr, "taylor", &e), sk = clCreateKernel(pr, "spin", &e);
    if (e != CL_SUCCESS) _exit(1);
    float *h = malloc(sizeof *h * n);             /* inputs 0 to 0.999 (the runs in docs/ had these) */
    for (cl_ulong i = 0; i < n; i++) h[i] = (float)(i % 1000) / 1000.0f;
    cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof *h * n, h, &e);
    cl_mem y = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof *h * n, NULL, &e);
    free(h);
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint spins = 100000;
    size_t one = 1;
    clSetKernelArg(sk, 0, sizeof so, &so);
    clSetKernelArg(sk, 1, sizeof spins, &spins);
    cl_uint terms = 1;
    clSetKernelArg(k, 0, sizeof x, &x);
    clSetKernelArg(k, 1, sizeof y, &y);
    clSetKernelArg(k, 2, sizeof n, &n);
    clSetKernelArg(k, 3, sizeof terms, &terms);
    size_t lw = 256, gw = consec ? 1024 * 256 : (n + 255) / 256 * 256;
    int nb = consec ? 12 : 24, bl = consec ? 4 : 16;
    char c;
    int first = 1;
    while (read(go, &c, 1) == 1 && c != 'q') {
        double bm[NS][MAXB];
        for (int rep = 0; rep < (first ? 2 : 1); rep++)   /* the first turn warms up first */
            for (int b = 0; b < nb; b++)
                for (int blocked = 0; blocked < 2; blocked++) {
                    cl_event ev[17];
                    if (blocked) clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, NULL);
                    for (int i = 0; i <= bl; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &ev[i]);
                    clWaitForEvents(1, &ev[bl]);
                    double m = 0;
                    for (int i = 1; i <= bl; i++)
                        m += (ns(ev[i], CL_PROFILING_COMMAND_END) - ns(ev[i], CL_PROFILING_COMMAND_START)) / 1e3 / bl;
                    bm[2 * blocked][b] = m;
                    bm[2 * blocked + 1][b] = (ns(ev[bl], CL_PROFILING_COMMAND_END) - ns(ev[0], CL_PROFILING_COMMAND_END)) / 1e3 / bl;
                    for (int i = 0; i <= bl; i++) clReleaseEvent(ev[i]);
                }
        first = 0;
        double r[NS];
        for (int s = 0; s < NS; s++) r[s] = quant(bm[s], nb, 0.5);
        if (write(out, r, sizeof r) != sizeof r) break;
    }
    _exit(0);
}

/* summary: for one way of timing (med[p][t], np processes, nt turns): each process's median over
 * its turns, the spread of those medians, and what the scatter of cells within a process predicts
 * for it (robust sd of cells about their process's median, over sqrt(turns)): a ratio well above 1
 * says the processes hold levels of their own. Then time against process: each turn's shift
 * common to all processes (the mean of their cells' deviations from their own medians) and what is
 * left of each cell beside it; a common shift that scatters well beyond what the rest predicts for
 * a mean of np cells: the time moves all. */
static void summary(const char *what, double med[][MAXT], int np, int nt)
{
    double pm[MAXP] = { 0 }, dev_all[MAXP * MAXT];
    int nd = 0;
    printf("# %s: process\tmedian_us\tcells_p10\tcells_p90\n", what);
    for (int p = 0; p < np; p++) {
        pm[p] = quant(med[p], nt, 0.5);
        for (int t = 0; t < nt; t++) dev_all[nd++] = fabs(med[p][t] - pm[p]);
        printf("# %d\t%.4f\t%.4f\t%.4f\n", p, pm[p], quant(med[p], nt, 0.1), quant(med[p], nt, 0.9));
    }
    double grand = quant(pm, np, 0.5), lo = pm[0], hi = pm[0];
    for (int p = 1; p < np; p++) { lo = pm[p] < lo ? pm[p] : lo; hi = pm[p] > hi ? pm[p] : hi; }
    double sd_cell = 1.4826 * quant(dev_all, nd, 0.5), se = 1.2533 * sd_cell / sqrt((double)nt);
    printf("# %s: processes' medians %.2f%% apart (largest - smallest over their median); a cell's robust sd %.2f%%, "
           "a process median's standard error %.2f%%\n", what, 100 * (hi - lo) / grand, 100 * sd_cell / grand, 100 * se / grand);
    double shift[MAXT], rest[MAXP * MAXT];
    int nr = 0;
    for (int t = 0; t < nt; t++) {
        shift[t] = 0;
        for (int p = 0; p < np; p++) shift[t] += (med[p][t] / pm[p] - 1) / np;
        for (int p = 0; p < np; p++) rest[nr++] = med[p][t] / pm[p] - 1 - shift[t];
    }
    double ms = 0, ss = 0, rs = 0;
    for (int t = 0; t < nt; t++) ms += shift[t] / nt;
    for (int t = 0; t < nt; t++) ss += (shift[t] - ms) * (shift[t] - ms) / (nt - 1);
    for (int i = 0; i < nr; i++) rs += rest[i] * rest[i] / (nr - nt);
    printf("# %s: turns' shift common to all processes: sd %.2f%%; each cell beside it: sd %.2f%% (a mean of %d such: %.2f%%)\n",
           what, 100 * sqrt(ss), 100 * sqrt(rs), np, 100 * sqrt(rs / np));
}

int main(int argc, char **argv)
{
    const char *want = argc > 1 ? argv[1] : "NVIDIA";
    cl_ulong n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1024;
    int consec = argc > 3 && !strcmp(argv[3], "consec");
    int np = argc > 4 ? atoi(argv[4]) : 3, nt = argc > 5 ? atoi(argv[5]) : 24;
    if (np < 2 || np > MAXP || nt < 2 || nt > MAXT) { fprintf(stderr, "2-8 processes, 2-200 turns\n"); return 2; }
    int go[MAXP], back[MAXP];
    pid_t pid[MAXP];
    for (int p = 0; p < np; p++) {
        int a[2], b[2];
        if (pipe(a) || pipe(b)) return 1;
        if ((pid[p] = fork()) == 0) { close(a[1]); close(b[0]); child(want, n, consec, a[0], b[1]); }
        close(a[0]); close(b[1]);
        go[p] = a[1]; back[p] = b[0];
    }
    static double med[NS][MAXP][MAXT];
    printf("# %s, N %llu%s, %d processes taking %d turns; us per launch\nturn\tprocess\tat_s", want,
           (unsigned long long)n, consec ? " (for_consecutive)" : "", np, nt);
    for (int s = 0; s < NS; s++) printf("\t%s", stat_name[s]);
    printf("\n");
    double t0 = now_s();
    srand(1);
    for (int t = 0; t < nt; t++) {
        int order[MAXP];
        for (int i = 0; i < np; i++) order[i] = i;
        for (int i = np - 1; i > 0; i--) { int j = rand() % (i + 1), s = order[i]; order[i] = order[j]; order[j] = s; }
        for (int i = 0; i < np; i++) {
            int p = order[i];
            double at = now_s() - t0, r[NS];
            if (write(go[p], "g", 1) != 1 || read(back[p], r, sizeof r) != sizeof r) { fprintf(stderr, "process %d ended\n", p); return 1; }
            printf("%d\t%d\t%.2f", t, p, at);
            for (int s = 0; s < NS; s++) printf("\t%.4f", med[s][p][t] = r[s]);
            printf("\n");
        }
    }
    for (int p = 0; p < np; p++) { if (write(go[p], "q", 1) != 1) {} waitpid(pid[p], NULL, 0); }
    for (int s = 0; s < NS; s++) summary(stat_name[s], med[s], np, nt);
    return 0;
}
