/* placement.c — what a tiny kernel's time carries from the objects it runs with: the same kernel
 * timed in cells, each cell with the run's objects kept or one of them made anew (buffers, queue,
 * program, context), the cells of all kinds interleaved in rounds. Where a kind's cells scatter
 * more than the kept ones, that object's state (its place in memory, its channel) moves the time.
 * Not part of clx: the measurement behind the rounds' choices (docs/timing.md). Build and run:
 *   cc -O2 studies/placement.c -lOpenCL -lm -o placement && ./placement NVIDIA 1024
 * (a part of the device's name; the kernel's elements; "spin" to poll instead of wait, "consec"
 * for taylor's for_consecutive form: 1024 work-groups of 256 taking consecutive chunks, timed in
 * 12 batches of 4 a cell). Prints one row per cell, then a summary. */
#include "clpick.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

static const char *src = TAYLOR_SRC, *src_consec = TAYLOR_CONSEC_SRC;

static int spin;                  /* argv[3] "spin": the host polls each batch's last event */
static int consec;                /* argv[3] "consec": the for_consecutive form, fewer launches a cell */
static int nbatches = 24, blen = 16;
enum { KINDS = 5, ROUNDS = 24, BATCHES = 24, BATCH = 16 };
static const char *kind_name[KINDS] = {"kept", "buffers", "queue", "program", "context"};

struct objs { cl_context ctx; cl_command_queue q; cl_program pr; cl_kernel k; cl_mem x, y; };

static void make_program(struct objs *o, cl_device_id dev)
{
    cl_int e;
    o->pr = clCreateProgramWithSource(o->ctx, 1, consec ? &src_consec : &src, NULL, &e);
    clBuildProgram(o->pr, 1, &dev, "", NULL, NULL);
    o->k = clCreateKernel(o->pr, "taylor", &e);
}

static void make_buffers(struct objs *o, cl_ulong n)
{
    taylor_args(o->ctx, o->q, o->k, n, &o->x, &o->y);
    clFinish(o->q);
}

static void set_args(struct objs *o, cl_ulong n)
{
    cl_uint terms = 1;
    clSetKernelArg(o->k, 0, sizeof o->x, &o->x);
    clSetKernelArg(o->k, 1, sizeof o->y, &o->y);
    clSetKernelArg(o->k, 2, sizeof n, &n);
    clSetKernelArg(o->k, 3, sizeof terms, &terms);
}

/* cell: one lead-in launch, then BATCHES batches of BATCH launches; each batch's mean of its
 * launches' own durations (us) into bm; returns their median. */
static double cell(struct objs *o, size_t gw, size_t lw, double *bm)
{
    cl_event ev[BATCH + 1];
    for (int b = 0; b < nbatches; b++) {
        for (int i = 0; i <= blen; i++) clEnqueueNDRangeKernel(o->q, o->k, 1, NULL, &gw, &lw, 0, NULL, &ev[i]);
        if (spin) {                                          /* the host polls: its core never idles */
            cl_int st = 1;
            while (clGetEventInfo(ev[blen], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) == CL_SUCCESS && st > 0) {}
        }
        clWaitForEvents(1, &ev[blen]);
        double m = 0;
        for (int i = 1; i <= blen; i++)
            m += (ns(ev[i], CL_PROFILING_COMMAND_END) - ns(ev[i], CL_PROFILING_COMMAND_START)) / 1e3 / blen;
        for (int i = 0; i <= blen; i++) clReleaseEvent(ev[i]);
        bm[b] = m;
    }
    return quant(bm, nbatches, 0.5);
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    struct objs o;
    cl_ulong n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1024;
    spin = argc > 3 && !strcmp(argv[3], "spin");
    consec = argc > 3 && !strcmp(argv[3], "consec");
    if (consec) { nbatches = 12; blen = 4; }
    if (clpick(argc > 1 ? argv[1] : "NVIDIA", &dev, name, &o.ctx, &o.q)) return 1;
    make_program(&o, dev);
    make_buffers(&o, n);
    size_t lw = 256, gw = consec ? 1024 * 256 : (n + 255) / 256 * 256;
    static double med[KINDS][ROUNDS], within[KINDS][ROUNDS];
    double t0 = now_s(), bm[BATCHES];
    cell(&o, gw, lw, bm);                                    /* warm-up */
    printf("# device %s, N %llu; us per launch: each cell the median of %d batches of %d\n", name,
           (unsigned long long)n, nbatches, blen);
    printf("round\tkind\tat_s\tmedian_us\tbatch_iqr_us\n");
    srand(1);
    for (int r = 0; r < ROUNDS; r++) {
        int order[KINDS];
        shuffled(order, KINDS);
        for (int c = 0; c < KINDS; c++) {
            int kd = order[c];
            cl_int e;
            if (kd == 1) {
                /* The new ones made before the old go, so that they cannot take the same memory. */
                cl_mem ox = o.x, oy = o.y;
                make_buffers(&o, n);
                clReleaseMemObject(ox); clReleaseMemObject(oy);
            } else if (kd == 2) {
                clReleaseCommandQueue(o.q);
                o.q = clCreateCommandQueue(o.ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
            } else if (kd == 3) {
                clReleaseKernel(o.k); clReleaseProgram(o.pr);
                make_program(&o, dev);
                set_args(&o, n);
            } else if (kd == 4) {
                clReleaseMemObject(o.x); clReleaseMemObject(o.y);
                clReleaseKernel(o.k); clReleaseProgram(o.pr);
                clReleaseCommandQueue(o.q); clReleaseContext(o.ctx);
                o.ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
                o.q = clCreateCommandQueue(o.ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
                make_program(&o, dev);
                make_buffers(&o, n);
            }
            double at = now_s() - t0;
            med[kd][r] = cell(&o, gw, lw, bm);
            within[kd][r] = quant(bm, nbatches, 0.75) - quant(bm, nbatches, 0.25);
            printf("%d\t%s\t%.2f\t%.4f\t%.4f\n", r, kind_name[kd], at, med[kd][r], within[kd][r]);
        }
    }
    /* Scatter of the cells' medians against what their batches predict for a median of BATCHES
     * (iqr / 1.349 / sqrt(batches) * 1.25): near 1, the kind's cells differ only by chance. */
    printf("# kind\tmedian_us\tcells_p10\tcells_p90\tscatter_pct\tpredicted_pct\n");
    for (int kd = 0; kd < KINDS; kd++) {
        double m = quant(med[kd], ROUNDS, 0.5), q1 = quant(med[kd], ROUNDS, 0.25), q3 = quant(med[kd], ROUNDS, 0.75);
        double pred = quant(within[kd], ROUNDS, 0.5) / 1.349 / sqrt((double)nbatches) * 1.25;
        printf("# %s\t%.4f\t%.4f\t%.4f\t%.2f\t%.2f\n", kind_name[kd], m, quant(med[kd], ROUNDS, 0.1),
               quant(med[kd], ROUNDS, 0.9), 100 * (q3 - q1) / 1.349 / m, 100 * pred / m);
    }
    return 0;
}
