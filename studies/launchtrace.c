/* launchtrace.c — a timeline of a short kernel's launches on an NVIDIA GPU, each with the SM clock
 * measured on the device around its batch (a one-work-item kernel reading %clock64 against
 * %globaltimer through inline PTX for 20 us), to see whether the batch-to-batch spread of a tiny
 * kernel's time follows the clock. Not part of clx: the measurement behind bench.c's rounds
 * (docs/timing.md). Build and run:
 *   cc -O2 studies/launchtrace.c -lOpenCL -o launchtrace && ./launchtrace NVIDIA > trace.tsv
 * Prints one row per launch: size, batch number, position, start (us since the first), duration
 * (us), and the SM clock (MHz) read before and after its batch. */
#include "clpick.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src =
    TAYLOR_SRC "\n"
    "__kernel void sm_clock(__global double *mhz, uint slot)"
    "{ ulong t0, t1, c0, c1;"
    "  asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t0)); asm volatile(\"mov.u64 %0, %%clock64;\" : \"=l\"(c0));"
    "  do { asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t1)); } while (t1 - t0 < 20000);"
    "  asm volatile(\"mov.u64 %0, %%clock64;\" : \"=l\"(c1)); asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t1));"
    "  mhz[slot] = (double)(c1 - c0) * 1e3 / (double)(t1 - t0); }\n";

enum { BATCHES = 300, B = 16 };


int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel k;
    if (clsetup(argc, argv, src, "taylor", &dev, name, &ctx, &q, &pr, &k)) return 1;
    cl_int e;
    cl_kernel kc = clCreateKernel(pr, "sm_clock", &e);
    cl_mem mhz = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(double) * 2 * BATCHES, NULL, &e);
    clSetKernelArg(kc, 0, sizeof mhz, &mhz);
    printf("# device %s\nN\tbatch\tpos\tstart_us\tdur_us\tmhz_before\tmhz_after\n", name);
    cl_ulong sizes[] = {1024, 1048576, 4194304};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        cl_ulong n = sizes[si];
        cl_mem x, y;
        taylor_args(ctx, q, k, n, &x, &y);
        size_t lw = 256, gw = (n + 255) / 256 * 256, one = 1;
        for (int w = 0; w < 10; w++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, NULL);
        clFinish(q);
        static double dur[BATCHES][B], st[BATCHES][B];
        double t00 = -1;
        for (int b = 0; b < BATCHES; b++) {
            cl_event ev[B];
            cl_uint slot = 2 * (cl_uint)b;
            clSetKernelArg(kc, 1, sizeof slot, &slot);
            clEnqueueNDRangeKernel(q, kc, 1, NULL, &one, &one, 0, NULL, NULL);
            for (int i = 0; i < B; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &gw, &lw, 0, NULL, &ev[i]);
            slot++;
            clSetKernelArg(kc, 1, sizeof slot, &slot);
            clEnqueueNDRangeKernel(q, kc, 1, NULL, &one, &one, 0, NULL, NULL);
            clFinish(q);
            for (int i = 0; i < B; i++) {
                double s = ns(ev[i], CL_PROFILING_COMMAND_START);
                if (t00 < 0) t00 = s;
                st[b][i] = (s - t00) / 1e3;
                dur[b][i] = (ns(ev[i], CL_PROFILING_COMMAND_END) - s) / 1e3;
                clReleaseEvent(ev[i]);
            }
        }
        static double m[2 * BATCHES];
        clEnqueueReadBuffer(q, mhz, CL_TRUE, 0, sizeof m, m, 0, NULL, NULL);
        for (int b = 0; b < BATCHES; b++)
            for (int i = 0; i < B; i++)
                printf("%llu\t%d\t%d\t%.3f\t%.3f\t%.1f\t%.1f\n", (unsigned long long)n, b, i, st[b][i], dur[b][i],
                       m[2 * b], m[2 * b + 1]);
        clReleaseMemObject(x);
        clReleaseMemObject(y);
    }
    return 0;
}
