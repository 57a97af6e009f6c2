/* launchlat.c — what a kernel launch's queued->start and queued->end take on the first GPU, for the
 * shapes clx's launch probe and clpeak use (issue 19): an empty kernel of one work-item (the
 * driver's local size, or 1), and clpeak's small bandwidth kernel over max-work-group x CUs
 * work-items in groups of the maximum; 1000 launches each after warm-ups, enqueue then finish, as
 * both do. Prints mean and median of each, in us. Build: cc -O2 studies/launchlat.c -lOpenCL -lm */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
enum { N = 1000 };
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static const char *src =
    "__kernel void empty(void) { }\n"
    "__kernel void bw(__global const float *a, __global float *b) {\n"
    "  int id = get_group_id(0) * get_local_size(0) * 16 + get_local_id(0); float s = 0;\n"
    "  for (int i = 0; i < 16; i++) s += a[id + i * get_local_size(0)];\n"
    "  b[get_global_id(0)] = s; }\n";
static void run(cl_command_queue q, cl_kernel k, size_t g, const size_t *l, const char *name)
{
    double qs[N], qe[N];
    for (int i = 0; i < 10; i++) clEnqueueNDRangeKernel(q, k, 1, NULL, &g, l, 0, NULL, NULL);
    clFinish(q);
    for (int i = 0; i < N; i++) {
        cl_event e;
        clEnqueueNDRangeKernel(q, k, 1, NULL, &g, l, 0, NULL, &e);
        clFinish(q);
        cl_ulong t0, t1, t2;
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, sizeof t0, &t0, NULL);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof t1, &t1, NULL);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t2, &t2, NULL);
        qs[i] = (t1 - t0) * 1e-3;
        qe[i] = (t2 - t0) * 1e-3;
        clReleaseEvent(e);
    }
    double ms = 0, me = 0;
    for (int i = 0; i < N; i++) { ms += qs[i]; me += qe[i]; }
    qsort(qs, N, sizeof *qs, cmp);
    qsort(qe, N, sizeof *qe, cmp);
    printf("%-40s queued->start mean %6.3f median %6.3f   queued->end mean %6.3f median %6.3f\n", name, ms / N,
           qs[N / 2], me / N, qe[N / 2]);
}
int main(void)
{
    cl_platform_id ps[8]; cl_uint np; clGetPlatformIDs(8, ps, &np);
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL)) dev = 0;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
    cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, NULL);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
    clBuildProgram(p, 1, &dev, "", NULL, NULL);
    cl_kernel ke = clCreateKernel(p, "empty", NULL), kb = clCreateKernel(p, "bw", NULL);
    size_t wg; cl_uint cus;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    size_t items = wg * cus;
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY, items * 16 * sizeof(float), NULL, NULL);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, items * sizeof(float), NULL, NULL);
    clSetKernelArg(kb, 0, sizeof a, &a);
    clSetKernelArg(kb, 1, sizeof b, &b);
    size_t one = 1;
    for (int rep = 0; rep < 2; rep++) {
        run(q, ke, 1, NULL, "empty, 1 item, driver's local size");
        run(q, ke, 1, &one, "empty, 1 item, local 1");
        run(q, kb, items, &wg, "clpeak's bandwidth kernel, max wg x CUs");
    }
    return 0;
}
