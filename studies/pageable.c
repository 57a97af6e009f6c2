/* pageable.c — which host allocation and copy pattern makes pageable OpenCL transfers fastest on
 * the first GPU (issue 19): malloc, 4 KiB- and 2 MiB-aligned (huge pages), mlock, in chunks of 1-256
 * MiB, blocking or not; best of 5 of 256 MiB each way. Build: cc -O2 studies/pageable.c -lOpenCL */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
enum { N = 256 << 20 };
static cl_command_queue q; static cl_mem d;
static double xfer(unsigned char *h, int up, size_t chunk, cl_bool blocking)
{
    double best = 1e9;
    for (int t = 0; t < 6; t++) {
        double t0 = now();
        for (size_t o = 0; o < N; o += chunk) {
            size_t n = N - o < chunk ? N - o : chunk;
            cl_int e = up ? clEnqueueWriteBuffer(q, d, blocking, o, n, h + o, 0, NULL, NULL)
                          : clEnqueueReadBuffer(q, d, blocking, o, n, h + o, 0, NULL, NULL);
            if (e) { printf("error %d\n", e); exit(1); }
        }
        clFinish(q);
        double s = now() - t0;
        if (t && s < best) best = s;
    }
    return N / best / 1e9;
}
int main(void)
{
    cl_platform_id ps[8]; cl_uint np; clGetPlatformIDs(8, ps, &np);
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL)) dev = 0;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, NULL);
    d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, NULL);
    struct { const char *name; unsigned char *p; } a[5];
    a[0].name = "malloc"; a[0].p = malloc(N);
    a[1].name = "malloc+4K-aligned"; a[1].p = aligned_alloc(4096, N);
    a[2].name = "2M-aligned+MADV_HUGEPAGE"; a[2].p = aligned_alloc(2 << 20, N); madvise(a[2].p, N, MADV_HUGEPAGE);
    a[3].name = "mmap+MADV_HUGEPAGE"; a[3].p = mmap(NULL, N, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); madvise(a[3].p, N, MADV_HUGEPAGE);
    a[4].name = "mlock'd malloc"; a[4].p = aligned_alloc(4096, N); int ml = mlock(a[4].p, N);
    for (int i = 0; i < 5; i++) memset(a[i].p, i + 1, N);
    printf("mlock rc %d; THP: ", ml); fflush(stdout); if (system("cat /sys/kernel/mm/transparent_hugepage/enabled")) puts("?");
    size_t chunks[] = { N, 64 << 20, 16 << 20, 4 << 20, 1 << 20 };
    for (int i = 0; i < 5; i++)
        for (int c = 0; c < 5; c++)
            for (int b = 1; b >= 0; b--)
                printf("%-26s chunk %4zu MiB %-12s h->d %6.2f GB/s  d->h %6.2f GB/s\n", a[i].name, chunks[c] >> 20,
                       b ? "blocking" : "non-blocking", xfer(a[i].p, 1, chunks[c], b), xfer(a[i].p, 0, chunks[c], b));
    return 0;
}
