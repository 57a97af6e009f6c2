/* mtenq.c — whether host threads enqueuing one held batch together feed an in-order queue faster
 * than one thread, every launch still with its own event: an empty kernel and taylor's one-term
 * kernel at three sizes, in held batches (a spin, a lead-in and BL launches, as clx times a short
 * kernel) whose launches are enqueued by 1, 2, 4 or 8 threads (thread t takes launches t, t+T, ...),
 * the cells in a new random order each round. The other threads wait for a batch spinning (spin)
 * or asleep on a condition variable (cond, as a tool would). Not part of clx: a measurement behind
 * docs/timing.md. Build, run:
 *   cc -O2 -pthread studies/mtenq.c -lOpenCL -lm -o mtenq && ./mtenq NVIDIA [SECONDS] [TAG] [BL] [spin|cond]
 * One line per kernel and thread count: tag, kernel, threads, batches, timed_us (mean event time a
 * launch), its se, median, enqueue_us (the host's wall time a launch, from the lead-in queued to
 * the last thread's last enqueue), batch_us (the host's time a batch, hold to the last query),
 * late batches (their last launch queued after the spin ended, on the device's clock). */
#include "clpick.h"
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NK = 4, NT = 4, MAXBL = 64, MAXB = 4000, MAXT = 8 };
static int BL = 32, sleepers;

/* the job the pool's threads share: generation go starts one, done counts the threads finished */
static struct {
    cl_command_queue q;
    cl_kernel k;
    size_t gw, lw;
    int threads;
    cl_event ev[MAXBL];
    atomic_int go, done, quit;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} job = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

/* enqueue: launches t, t + threads, ... of the current job, each with its event */
static void enqueue(int t)
{
    for (int j = t; j < BL; j += job.threads)
        clEnqueueNDRangeKernel(job.q, job.k, 1, NULL, &job.gw, &job.lw, 0, NULL, &job.ev[j]);
}

/* worker t (1..MAXT-1): spins for the next generation, enqueues its share when it is one of them */
static void *worker(void *arg)
{
    int t = (int)(size_t)arg, seen = 0;
    for (;;) {
        int g;
        if (sleepers) {
            pthread_mutex_lock(&job.mu);
            while ((g = atomic_load(&job.go)) == seen && !atomic_load(&job.quit)) pthread_cond_wait(&job.cv, &job.mu);
            pthread_mutex_unlock(&job.mu);
        } else
            while ((g = atomic_load(&job.go)) == seen && !atomic_load(&job.quit)) { }
        if (atomic_load(&job.quit)) return NULL;
        seen = g;
        if (t < job.threads) enqueue(t);
        atomic_fetch_add(&job.done, 1);
    }
}

struct cell { double timed[MAXB], enq[MAXB], batch[MAXB]; int nb, late; };

/* one held batch of k, its launches enqueued by threads threads; its figures into c (when keep) */
static void batch(cl_command_queue q, cl_kernel sk, cl_kernel k, size_t gw, size_t lw, int threads, struct cell *c,
                  int keep)
{
    size_t one = 1;
    cl_event hold;
    double t0 = now_s();
    clEnqueueNDRangeKernel(q, sk, 1, NULL, &one, &one, 0, NULL, &hold);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);    /* the lead-in */
    double t1 = now_s();
    job.q = q, job.k = k, job.gw = gw, job.lw = lw, job.threads = threads;
    atomic_store(&job.done, 0);
    if (threads > 1) {
        pthread_mutex_lock(&job.mu);
        atomic_fetch_add(&job.go, 1);
        pthread_cond_broadcast(&job.cv);
        pthread_mutex_unlock(&job.mu);
    }
    enqueue(0);
    while (threads > 1 && atomic_load(&job.done) < MAXT - 1) { }
    double t2 = now_s();
    clWaitForEvents(BL, job.ev);
    cl_ulong sum = 0, lastq = 0;
    for (int j = 0; j < BL; j++) {
        sum += stamp(job.ev[j], CL_PROFILING_COMMAND_END) - stamp(job.ev[j], CL_PROFILING_COMMAND_START);
        cl_ulong qd = stamp(job.ev[j], CL_PROFILING_COMMAND_QUEUED);
        if (qd > lastq) lastq = qd;
    }
    double t3 = now_s();
    int late = lastq >= stamp(hold, CL_PROFILING_COMMAND_END);
    for (int j = 0; j < BL; j++) clReleaseEvent(job.ev[j]);
    clReleaseEvent(hold);
    if (!keep || c->nb >= MAXB) return;
    c->timed[c->nb] = (double)sum / BL / 1e3;
    c->enq[c->nb] = (t2 - t1) * 1e6 / BL;
    c->batch[c->nb] = (t3 - t0) * 1e6;
    c->late += late;
    c->nb++;
}

int main(int argc, char **argv)
{
    double secs = 20;
    const char *tag;
    BL = 32;
    study_args(argc, argv, &secs, &tag, &BL, 1, MAXBL);
    sleepers = argc > 5 && !strcmp(argv[5], "cond");
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    const char *src = TAYLOR_SRC "\n" HOLD_SRC;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    static const cl_ulong sizes[NK] = { 0, 1024, 1048576, 4194304 };
    static const char *kname[NK] = { "empty", "taylor-1Ki", "taylor-1Mi", "taylor-4Mi" };
    static const int nthreads[NT] = { 1, 2, 4, 8 };
    cl_kernel ks[NK];
    taylor_kernels(ctx, q, pr, sizes, NK, ks);
    cl_kernel sk = spin_kernel(ctx, q, pr, 500000);     /* ~1 ms on an H200: 34 enqueues take under 0.5 */
    pthread_t th[MAXT];
    for (int t = 1; t < MAXT; t++) pthread_create(&th[t], NULL, worker, (void *)(size_t)t);
    static struct cell cells[NK][NT];
    int order[NK * NT], rounds = 0;
    srand(12345u ^ (unsigned)time(NULL));
    double t0 = now_s();
    for (int warm = 10; warm > 0 || now_s() - t0 < secs; rounds++) {
        shuffled(order, NK * NT);
        for (int o = 0; o < NK * NT; o++) {
            int i = order[o] / NT, s = order[o] % NT;
            size_t gw = i ? (sizes[i] + 255) / 256 * 256 : 1, lw = i ? 256 : 1;
            batch(q, sk, ks[i], gw, lw, nthreads[s], &cells[i][s], warm == 0);
        }
        if (warm > 0 && --warm == 0) t0 = now_s();
    }
    pthread_mutex_lock(&job.mu);
    atomic_store(&job.quit, 1);
    pthread_cond_broadcast(&job.cv);
    pthread_mutex_unlock(&job.mu);
    for (int t = 1; t < MAXT; t++) pthread_join(th[t], NULL);
    printf("# %s, %d rounds, batches of %d, %s\n# tag\tkernel\tthreads\tbatches\ttimed_us\tse_us\tmedian_us\tenqueue_us\tbatch_us\tlate\n",
           name, rounds, BL, sleepers ? "threads asleep between batches" : "threads spinning between batches");
    for (int i = 0; i < NK; i++)
        for (int s = 0; s < NT; s++) {
            struct cell *c = &cells[i][s];
            double se, m = mean_se(c->timed, c->nb, &se);
            printf("%s\t%s\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.2f\t%.1f\t%d\n", tag, kname[i], nthreads[s], c->nb, m,
                   se, quant(c->timed, c->nb, 0.5), mean(c->enq, c->nb), mean(c->batch, c->nb), c->late);
        }
    return 0;
}
