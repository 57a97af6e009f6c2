/* launchwait.c — whether how the host waits for a launch moves the launch's latency (issue 19's
 * launch line): an empty kernel of one work-item, enqueued and then waited for four ways (clFinish,
 * as clpeak does; clWaitForEvents; clFlush then spinning on the event's status; clFlush then
 * clFinish), in interleaved blocks so that a drift meets every way alike. Prints, per way, the mean
 * and median of queued->submit, submit->start and queued->start, in us. Not part of clx.
 * Build, run: cc -O2 studies/launchwait.c -lOpenCL -lm -o launchwait && ./launchwait NVIDIA [BLOCKS] */
#include "clpick.h"

enum { WAYS = 4, PER_BLOCK = 100 };
static const char *way_name[WAYS] = { "finish", "wait-for-events", "flush+spin", "flush+finish" };

static void wait_way(int way, cl_command_queue q, cl_event e)
{
    cl_int st = CL_QUEUED;
    switch (way) {
    case 0: clFinish(q); break;
    case 1: clWaitForEvents(1, &e); break;
    case 2:
        clFlush(q);
        while (st != CL_COMPLETE && st >= 0) clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
        break;
    default: clFlush(q); clFinish(q); break;
    }
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program p;
    cl_kernel k;
    if (clsetup(argc, argv, "__kernel void empty(void) { }\n", "empty", &dev, name, &ctx, &q, &p, &k)) return 1;
    int blocks = argc > 2 ? atoi(argv[2]) : 10, n = blocks * PER_BLOCK;
    size_t one = 1;
    double *qs[WAYS], *ss[WAYS], *qst[WAYS];
    for (int w = 0; w < WAYS; w++) {
        qs[w] = calloc((size_t)n, sizeof(double));
        ss[w] = calloc((size_t)n, sizeof(double));
        qst[w] = calloc((size_t)n, sizeof(double));
    }
    for (int i = 0; i < 20; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL);
    clFinish(q);
    for (int b = 0; b < blocks; b++)
        for (int w0 = 0; w0 < WAYS; w0++) {
            int w = (w0 + b) % WAYS; /* each block a different way first */
            for (int i = 0; i < PER_BLOCK; i++) {
                cl_event e;
                if (clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, &e)) return 1;
                wait_way(w, q, e);
                cl_ulong t[3] = { 0, 0, 0 };
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, sizeof t[0], &t[0], NULL);
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_SUBMIT, sizeof t[1], &t[1], NULL);
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof t[2], &t[2], NULL);
                int at = b * PER_BLOCK + i;
                qs[w][at] = (double)(t[1] - t[0]) * 1e-3;
                ss[w][at] = (double)(t[2] - t[1]) * 1e-3;
                qst[w][at] = (double)(t[2] - t[0]) * 1e-3;
                clReleaseEvent(e);
            }
        }
    printf("%s, %d launches a way in %d interleaved blocks (us)\n", name, n, blocks);
    for (int w = 0; w < WAYS; w++) {
        double m[3] = { 0, 0, 0 };
        for (int i = 0; i < n; i++) { m[0] += qs[w][i]; m[1] += ss[w][i]; m[2] += qst[w][i]; }
        printf("%-16s queued->submit mean %6.3f median %6.3f  submit->start mean %6.3f median %6.3f  "
               "queued->start mean %6.3f median %6.3f\n", way_name[w], m[0] / n, quant(qs[w], n, 0.5), m[1] / n,
               quant(ss[w], n, 0.5), m[2] / n, quant(qst[w], n, 0.5));
    }
    return 0;
}
