/* pagethreads.c — whether pageable transfers go faster when the copy is split over several host
 * threads, each with its own queue (issue 19, item 6): the driver stages pageable memory through
 * pinned buffers with the calling thread's memcpy, so one thread may be what bounds it. Page-aligned
 * host memory (as OpenCL-Benchmark's), blocking calls; T threads of 1, 2, 4, 8 each copy 1/T of the
 * bytes on a queue of their own, started together; and one thread enqueuing T non-blocking chunks on
 * T queues. Host clock from the start to the last thread's return; median and best of TRIALS, with
 * the bytes checked once per way. Not part of clx.
 * Build, run: cc -O2 studies/pagethreads.c -lOpenCL -lm -lpthread -o pagethreads && ./pagethreads NVIDIA [MiB] */
#define _GNU_SOURCE
#include "clpick.h"
#include <pthread.h>
#include <time.h>

enum { TRIALS = 9, MAXT = 8 };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static cl_context ctx;
static cl_device_id dev;
static cl_mem d;
static unsigned char *h;
static size_t bytes;
static int nthreads, up;
static pthread_barrier_t go, done;
static cl_command_queue qs[MAXT];

static void *worker(void *arg)
{
    int i = (int)(long)arg;
    for (;;) {
        pthread_barrier_wait(&go);
        if (!nthreads) return NULL;
        if (i < nthreads) {
            size_t part = bytes / (size_t)nthreads, off = part * (size_t)i, n = i == nthreads - 1 ? bytes - off : part;
            cl_int e = up ? clEnqueueWriteBuffer(qs[i], d, CL_TRUE, off, n, h + off, 0, NULL, NULL)
                          : clEnqueueReadBuffer(qs[i], d, CL_TRUE, off, n, h + off, 0, NULL, NULL);
            if (e) { fprintf(stderr, "copy error %d\n", e); exit(1); }
        }
        pthread_barrier_wait(&done);
    }
}

/* one_thread_chunks: the same split, enqueued non-blocking by one thread, then every queue finished. */
static void one_thread_chunks(int t)
{
    size_t part = bytes / (size_t)t;
    for (int i = 0; i < t; i++) {
        size_t off = part * (size_t)i, n = i == t - 1 ? bytes - off : part;
        cl_int e = up ? clEnqueueWriteBuffer(qs[i], d, CL_FALSE, off, n, h + off, 0, NULL, NULL)
                      : clEnqueueReadBuffer(qs[i], d, CL_FALSE, off, n, h + off, 0, NULL, NULL);
        if (e) { fprintf(stderr, "copy error %d\n", e); exit(1); }
        clFlush(qs[i]);
    }
    for (int i = 0; i < t; i++) clFinish(qs[i]);
}

static void report(const char *way, int t, const double *gbs)
{
    double best = 0;
    for (int i = 0; i < TRIALS; i++) if (gbs[i] > best) best = gbs[i];
    printf("%-5s %-26s T %d  median %6.2f GB/s  best %6.2f\n", up ? "h->d" : "d->h", way, t, quant(gbs, TRIALS, 0.5), best);
}

int main(int argc, char **argv)
{
    char name[256];
    cl_command_queue q0;
    if (clpick(argc > 1 ? argv[1] : "NVIDIA", &dev, name, &ctx, &q0)) return 1;
    bytes = (size_t)(argc > 2 ? atoi(argv[2]) : 256) << 20;
    cl_int e;
    d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
    h = aligned_alloc(4096, bytes);
    unsigned char *check = malloc(bytes);
    for (size_t i = 0; i < bytes; i++) h[i] = (unsigned char)((i * 2654435761u) >> 7);
    memcpy(check, h, bytes);
    for (int i = 0; i < MAXT; i++) qs[i] = clCreateCommandQueue(ctx, dev, 0, &e);
    pthread_t th[MAXT];
    pthread_barrier_init(&go, NULL, MAXT + 1);
    pthread_barrier_init(&done, NULL, MAXT + 1);
    for (long i = 0; i < MAXT; i++) pthread_create(&th[i], NULL, worker, (void *)i);
    printf("%s, %zu MiB, page-aligned pageable memory, blocking copies\n", name, bytes >> 20);
    int ts[] = { 1, 2, 4, 8 };
    for (up = 1; up >= 0; up--) {
        for (int k = 0; k < 4; k++) {
            double gbs[TRIALS], gbc[TRIALS];
            for (int r = -1; r < TRIALS; r++) {
                nthreads = ts[k];
                double t0 = now();
                pthread_barrier_wait(&go);
                pthread_barrier_wait(&done);
                double s = now() - t0;
                if (r >= 0) gbs[r] = bytes / s * 1e-9;
                t0 = now();
                one_thread_chunks(ts[k]);
                s = now() - t0;
                if (r >= 0) gbc[r] = bytes / s * 1e-9;
            }
            report("threads, a queue each", ts[k], gbs);
            report("one thread, T queues", ts[k], gbc);
        }
        if (!up && memcmp(check, h, bytes)) { printf("the bytes read back differ\n"); return 1; }
    }
    nthreads = 0;
    pthread_barrier_wait(&go);
    for (int i = 0; i < MAXT; i++) pthread_join(th[i], NULL);
    return 0;
}
