/* pipeline.c — whether the host can queue the next held batch while the device runs this one
 * without moving the batches' times: taylor's tiny kernels (four sizes, a kernel object and
 * buffers each, taken in turn as clx's rounds take configurations) timed in held batches (a spin
 * of one work-item, then a lead-in and n launches, as clx does) six ways:
 *   serial2   send, wait for the first launch, then the last (clx at 4dfa0e9), read, next;
 *   serial1   the same with one wait (for the last launch);
 *   ahead1q   the next batch sent into the same queue before this one is taken (two in flight);
 *   ahead2q   the next batch sent into a second queue, its spin waiting on this batch's last event;
 *   short2q   as ahead2q, with the spin shortened by the device time of the batch before it;
 *   min2q     as ahead2q, every spin 20 us (what a hold needs when the host queues ahead).
 * Not part of clx: the measurement behind issue 47's held batches (docs/timing.md). Build and run:
 *   cc -O2 studies/pipeline.c -lOpenCL -lm -o pipeline && ./pipeline NVIDIA
 * Rounds interleave the six ways in a random order. Prints, per size and way, the median of the
 * launches' own event times (each round's median over its batches, then the median over rounds),
 * the paired ratio to serial2 (median and p10-p90 over rounds), the batches' robust spread, the
 * host's wall time per batch and the share of batches whose last launch was queued after the spin
 * had ended (late: timed as the host fed them). */
#include "clpick.h"
#include <math.h>
#include <time.h>

enum { WAYS = 6, SIZES = 4, PER = 20, ROUNDS = 30, MAXN = 64 };
static const char *way_name[WAYS] = {"serial2", "serial1", "ahead1q", "ahead2q", "short2q", "min2q"};
static const cl_ulong sizes[SIZES] = {1024, 65536, 1048576, 4194304};

static cl_kernel spin, k[SIZES];
static size_t gw[SIZES], lw = 256;
static int nb[SIZES];                  /* launches a batch (after its lead-in) */
static double step_ns = 1, enq_ns = 12000, dev_ns[SIZES];

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

struct flight { cl_event hold, ev[MAXN + 1]; int n, s; };

/* send: a spin of hold_ns, then a lead-in and nb[s] launches of size s on q; the spin waits on
 * after where it is not NULL (the batch before it, on the other queue). */
static void send(cl_command_queue q, cl_event after, int s, double hold_ns, struct flight *f)
{
    size_t one = 1;
    cl_uint steps = (cl_uint)(hold_ns / step_ns);
    if (steps < 256) steps = 256;
    clSetKernelArg(spin, 1, sizeof steps, &steps);
    clEnqueueNDRangeKernel(q, spin, 1, NULL, &one, &one, after != NULL, after ? &after : NULL, &f->hold);
    f->n = nb[s];
    f->s = s;
    double t0 = now_ns();
    for (int j = 0; j <= f->n; j++) clEnqueueNDRangeKernel(q, k[s], 1, NULL, &gw[s], &lw, 0, NULL, &f->ev[j]);
    enq_ns = 0.9 * enq_ns + 0.1 * (now_ns() - t0) / (f->n + 1);
}

static double rule_ns(int s) { return 1.25 * enq_ns * (nb[s] + 1) + 20000; }

/* take: wait (for the first launch too where two), the launches' mean event time in us into *us;
 * 1 when late. */
static int take(struct flight *f, int two, double *us)
{
    if (two) clWaitForEvents(1, &f->ev[0]);
    clWaitForEvents(1, &f->ev[f->n]);
    cl_ulong sum = 0;
    for (int j = 1; j <= f->n; j++) sum += stamp(f->ev[j], CL_PROFILING_COMMAND_END) - stamp(f->ev[j], CL_PROFILING_COMMAND_START);
    *us = (double)sum / f->n / 1e3;
    dev_ns[f->s] = (double)(stamp(f->ev[f->n], CL_PROFILING_COMMAND_END) - stamp(f->ev[0], CL_PROFILING_COMMAND_START));
    int late = stamp(f->ev[f->n], CL_PROFILING_COMMAND_QUEUED) >= stamp(f->hold, CL_PROFILING_COMMAND_END);
    for (int j = 0; j <= f->n; j++) clReleaseEvent(f->ev[j]);
    clReleaseEvent(f->hold);
    return late;
}

/* stretch: PER batches of each size in turn, one way; each batch's mean launch time into
 * us[s][PER]; the wall per batch in us, the late batches into *late. */
static double stretch(int way, cl_command_queue q[2], double us[SIZES][PER], int *late)
{
    static struct flight f[2];
    int total = SIZES * PER, got[SIZES] = {0};
    double t0 = now_ns();
    *late = 0;
    for (int b = 0; b <= total; b++) {
        int cur = b % 2, prev = !cur;
        if (b < total) {
            int s = b % SIZES;
            double hold = rule_ns(s);
            if (way == 4) hold = fmax(20000, hold - dev_ns[(b + SIZES - 1) % SIZES]);
            if (way == 5) hold = 20000;
            if (way <= 1 || way == 2) send(q[0], NULL, s, hold, &f[cur]);
            else {
                send(q[cur], b > 0 ? f[prev].ev[f[prev].n] : NULL, s, hold, &f[cur]);
                clFlush(q[cur]);
            }
            if (way <= 1) {          /* serial: taken at once */
                double x;
                *late += take(&f[cur], way == 0, &x);
                us[s][got[s]++] = x;
                continue;
            }
        }
        if (way >= 2 && b > 0) {
            double x;
            int s = f[prev].s;
            *late += take(&f[prev], 0, &x);
            us[s][got[s]++] = x;
        }
    }
    return (now_ns() - t0) / 1e3 / total;
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q[2];
    cl_program pr;
    cl_int e;
    if (clsetup(argc, argv, TAYLOR_SRC, "taylor", &dev, name, &ctx, &q[0], &pr, &k[0])) return 1;
    q[1] = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    const char *hs = HOLD_SRC;
    cl_program hp = clCreateProgramWithSource(ctx, 1, &hs, NULL, &e);
    clBuildProgram(hp, 1, &dev, "", NULL, NULL);
    spin = clCreateKernel(hp, "spin", &e);
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    clSetKernelArg(spin, 0, sizeof so, &so);
    for (int s = 0; s < SIZES; s++) {
        cl_mem x, y;
        if (s) k[s] = clCreateKernel(pr, "taylor", &e);
        taylor_args(ctx, q[0], k[s], sizes[s], &x, &y);
        gw[s] = (sizes[s] + lw - 1) / lw * lw;
    }
    {   /* the spin's time a step, then each size's time, for its batch length (8 launch floors) */
        cl_uint steps = 100000;
        cl_event ev;
        size_t one = 1;
        clSetKernelArg(spin, 1, sizeof steps, &steps);
        clEnqueueNDRangeKernel(q[0], spin, 1, NULL, &one, &one, 0, NULL, &ev);
        clWaitForEvents(1, &ev);
        step_ns = (double)(stamp(ev, CL_PROFILING_COMMAND_END) - stamp(ev, CL_PROFILING_COMMAND_START)) / steps;
        clReleaseEvent(ev);
        for (int s = 0; s < SIZES; s++) {
            double t[9];
            nb[s] = 8;
            for (int i = 0; i < 9; i++) {
                struct flight f;
                send(q[0], NULL, s, rule_ns(s), &f);
                take(&f, 0, &t[i]);
            }
            double m = quant(t, 9, 0.5), want = 8 * 2.7;
            int n = 1;
            while (n < MAXN && fabs(log2(want / m / (2 * n))) < fabs(log2(want / m / n))) n *= 2;
            nb[s] = n;
        }
    }
    static double us[SIZES][PER], med[WAYS][SIZES][ROUNDS], rsd[WAYS][SIZES][ROUNDS], wall[WAYS][ROUNDS];
    int lates[WAYS] = {0};
    srand((unsigned)time(NULL));
    for (int r = 0; r < ROUNDS; r++) {
        int order[WAYS];
        shuffled(order, WAYS);
        for (int i = 0; i < WAYS; i++) {
            int w = order[i], late;
            wall[w][r] = stretch(w, q, us, &late);
            lates[w] += late;
            for (int s = 0; s < SIZES; s++) {
                med[w][s][r] = quant(us[s], PER, 0.5);
                rsd[w][s][r] = 100 * (quant(us[s], PER, 0.9) - quant(us[s], PER, 0.1)) / 2.563 / med[w][s][r];
            }
        }
    }
    printf("# device %s; %d rounds of %d batches a size and way; spin %.2f ns a step; host enqueue %.1f us\n", name, ROUNDS,
           PER, step_ns, enq_ns / 1e3);
    printf("size\tbatch\tway\tus_median\tratio_to_serial2\tratio_p10\tratio_p90\tbatch_rsd_pct\twall_us_per_batch\tlate_pct\n");
    for (int s = 0; s < SIZES; s++)
        for (int w = 0; w < WAYS; w++) {
            double ratio[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) ratio[r] = med[w][s][r] / med[0][s][r];
            printf("%llu\t%d\t%s\t%.3f\t%.4f\t%.4f\t%.4f\t%.2f\t%.1f\t%.2f\n", (unsigned long long)sizes[s], nb[s], way_name[w],
                   quant(med[w][s], ROUNDS, 0.5), quant(ratio, ROUNDS, 0.5), quant(ratio, ROUNDS, 0.1), quant(ratio, ROUNDS, 0.9),
                   quant(rsd[w][s], ROUNDS, 0.5), quant(wall[w], ROUNDS, 0.5), 100.0 * lates[w] / (ROUNDS * SIZES * PER));
        }
    return 0;
}
