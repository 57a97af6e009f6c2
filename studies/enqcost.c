/* enqcost.c — what one host thread's enqueue of a held launch with its event costs on NVIDIA's
 * OpenCL, and what another thread beside it changes: studies/mtenq.c found two threads sharing a
 * held batch four times as fast as one (3 against 13 us a launch), which clx's own sharing did not
 * repeat. Each cell is held batches (a spin, an untimed lead-in, BL launches each with its event) of
 * an empty kernel or taylor's one-term kernel at 1Ki elements, all enqueued by the main thread while
 * a helper thread, woken before the spin is queued, does one thing until the batch is queued:
 *   solo     nothing (it stays asleep)
 *   cpuspin  a loop of arithmetic, no OpenCL call
 *   evpoll   clGetEventInfo(a finished launch's event, status) in a loop
 *   flush    clFlush of a second, idle queue in a loop
 *   split    the odd launches of the batch itself (mtenq's two threads)
 * The cells in a new random order each round. Not part of clx: a measurement behind
 * docs/timing.md. Build, run:
 *   cc -O2 -pthread studies/enqcost.c -lOpenCL -lm -o enqcost && ./enqcost NVIDIA [SECONDS] [TAG] [BL] [MODE]
 * (MODE: run only that helper mode, for strace.) One line per kernel and mode: tag, kernel, mode,
 * batches, timed_us (mean event time a launch), its se, enqueue_us (the main thread's wall time a
 * launch, from the lead-in queued to its last enqueue, or split's helper's), first_us / rest_us (the main thread's first
 * timed enqueue, and the mean of its others), csw (the main thread's voluntary context switches a
 * batch), late batches. A header line says how many threads the process has. */
#define _GNU_SOURCE
#include "clpick.h"
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { NK = 2, NM = 5, MAXBL = 64, MAXB = 6000 };
static const char *mname[NM] = { "solo", "cpuspin", "evpoll", "flush", "split" };
static int BL = 8;

/* the helper's job for one batch: mode, and for split the launches to enqueue */
static struct {
    int mode;
    cl_command_queue q, idle;
    cl_kernel k;
    size_t gw, lw;
    cl_event hold, done_ev, ev[MAXBL];
    atomic_int gen, started, stop, done, quit;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    volatile double sink;
} job = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

static void *helper(void *arg)
{
    (void)arg;
    int seen = 0;
    for (;;) {
        pthread_mutex_lock(&job.mu);
        while (atomic_load(&job.gen) == seen && !atomic_load(&job.quit)) pthread_cond_wait(&job.cv, &job.mu);
        pthread_mutex_unlock(&job.mu);
        if (atomic_load(&job.quit)) return NULL;
        seen = atomic_load(&job.gen);
        atomic_store(&job.started, 1);
        double x = 1.0;
        cl_int st;
        switch (job.mode) {
        case 1: while (!atomic_load(&job.stop)) for (int i = 0; i < 100; i++) x = x * 1.0000001 + 1e-9; break;
        case 2:
            while (!atomic_load(&job.stop))
                clGetEventInfo(job.done_ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
            break;
        case 3: while (!atomic_load(&job.stop)) clFlush(job.idle); break;
        case 4:
            while (!atomic_load(&job.stop)) { }      /* the main thread sets stop once the lead-in is queued */
            for (int j = 1; j < BL; j += 2)
                clEnqueueNDRangeKernel(job.q, job.k, 1, NULL, &job.gw, &job.lw, 0, NULL, &job.ev[j]);
            break;
        }
        job.sink = x;
        atomic_store(&job.done, 1);
    }
}

struct cell { double timed[MAXB], enq[MAXB], first[MAXB], rest[MAXB], csw[MAXB]; int nb, late; };

static long thread_csw(void)
{
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    return ru.ru_nvcsw;
}

/* one held batch of k with the helper in mode m; its figures into c (when keep) */
static void batch(cl_command_queue q, cl_kernel sk, cl_kernel k, size_t gw, size_t lw, int m, struct cell *c, int keep)
{
    size_t one = 1;
    double tq[MAXBL + 1];
    job.q = q, job.k = k, job.gw = gw, job.lw = lw, job.mode = m;
    atomic_store(&job.started, 0);
    atomic_store(&job.stop, 0);
    atomic_store(&job.done, 0);
    if (m > 0) {
        pthread_mutex_lock(&job.mu);
        atomic_fetch_add(&job.gen, 1);
        pthread_cond_broadcast(&job.cv);
        pthread_mutex_unlock(&job.mu);
        while (!atomic_load(&job.started)) { }
    }
    long csw0 = thread_csw();
    clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &job.hold);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);    /* the lead-in */
    double t1 = now_s();
    if (m == 4) atomic_store(&job.stop, 1);
    int step = m == 4 ? 2 : 1, n = 0;
    for (int j = 0; j < BL; j += step) {
        double a = now_s();
        clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &job.ev[j]);
        tq[n++] = now_s() - a;
    }
    while (m == 4 && !atomic_load(&job.done)) { }
    double t2 = now_s();     /* split: the helper's share queued too; else the main thread's alone */
    atomic_store(&job.stop, 1);
    while (m > 0 && !atomic_load(&job.done)) { }
    long csw = thread_csw() - csw0;
    clWaitForEvents(BL, job.ev);
    cl_ulong sum = 0, lastq = 0;
    for (int j = 0; j < BL; j++) {
        sum += stamp(job.ev[j], CL_PROFILING_COMMAND_END) - stamp(job.ev[j], CL_PROFILING_COMMAND_START);
        cl_ulong qd = stamp(job.ev[j], CL_PROFILING_COMMAND_QUEUED);
        if (qd > lastq) lastq = qd;
    }
    int late = lastq >= stamp(job.hold, CL_PROFILING_COMMAND_END);
    for (int j = 0; j < BL; j++) clReleaseEvent(job.ev[j]);
    clReleaseEvent(job.hold);
    if (!keep || c->nb >= MAXB) return;
    c->timed[c->nb] = (double)sum / BL / 1e3;
    c->enq[c->nb] = (t2 - t1) * 1e6 / BL;
    c->first[c->nb] = tq[0] * 1e6;
    c->rest[c->nb] = n > 1 ? mean(tq + 1, n - 1) * 1e6 : 0;
    c->csw[c->nb] = (double)csw;
    c->late += late;
    c->nb++;
}

static int threads_now(void)
{
    DIR *d = opendir("/proc/self/task");
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

int main(int argc, char **argv)
{
    double secs = 20;
    const char *tag;
    BL = 8;
    study_args(argc, argv, &secs, &tag, &BL, 2, MAXBL);
    int only = -1;
    for (int m = 0; argc > 5 && m < NM; m++)
        if (!strcmp(argv[5], mname[m])) only = m;
    int before = threads_now();
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, TAYLOR_SRC "\n" HOLD_SRC, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    static const cl_ulong sizes[NK] = { 0, 1024 };
    static const char *kname[NK] = { "empty", "taylor-1Ki" };
    cl_kernel ks[NK];
    taylor_kernels(ctx, q, pr, sizes, NK, ks);
    cl_kernel sk = spin_kernel(ctx, q, pr, 500000);
    job.idle = clCreateCommandQueue(ctx, dev, 0, NULL);
    size_t one = 1;
    clEnqueueNDRangeKernel(q, ks[0], 1, NULL, &one, &one, 0, NULL, &job.done_ev);
    clFinish(q);
    int after = threads_now();
    pthread_t th;
    pthread_create(&th, NULL, helper, NULL);
    static struct cell cells[NK][NM];
    int order[NK * NM], rounds = 0;
    srand(12345u ^ (unsigned)time(NULL));
    double t0 = now_s();
    for (int warm = 10; warm > 0 || now_s() - t0 < secs; rounds++) {
        shuffled(order, NK * NM);
        for (int o = 0; o < NK * NM; o++) {
            int i = order[o] / NM, m = order[o] % NM;
            if (only >= 0 && m != only) continue;
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1, lw = i ? 256 : 1;
            batch(q, sk, ks[i], gw, lw, m, &cells[i][m], warm == 0);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
    }
    pthread_mutex_lock(&job.mu);
    atomic_store(&job.quit, 1);
    pthread_cond_broadcast(&job.cv);
    pthread_mutex_unlock(&job.mu);
    pthread_join(th, NULL);
    printf("# %s, %d rounds, batches of %d; threads: %d before the context, %d after\n"
           "# tag\tkernel\tmode\tbatches\ttimed_us\tse_us\tenqueue_us\tfirst_us\trest_us\tcsw\tlate\n",
           name, rounds, BL, before, after);
    for (int i = 0; i < NK; i++)
        for (int m = 0; m < NM; m++) {
            struct cell *c = &cells[i][m];
            if (!c->nb) continue;
            double se, mu = mean_se(c->timed, c->nb, &se);
            printf("%s\t%s\t%s\t%d\t%.4f\t%.4f\t%.2f\t%.2f\t%.2f\t%.2f\t%d\n", tag, kname[i], mname[m], c->nb, mu,
                   se, mean(c->enq, c->nb), quant(c->first, c->nb, 0.5), quant(c->rest, c->nb, 0.5),
                   mean(c->csw, c->nb), c->late);
        }
    return 0;
}
