/* ctxopen.c — what opening a device costs the host, step by step, in one process: the platforms,
 * the device's name, clCreateContext, clCreateCommandQueue (profiling), the first build of a
 * one-line kernel from source and its first launch, a second build. Run it in several processes
 * in a row (and with CUDA_CACHE_PATH or CUDA_CACHE_DISABLE set) to see what a driver keeps between
 * processes. Not part of clx: a measurement behind docs/timing.md. Build, run:
 *   cc -O2 studies/ctxopen.c -lOpenCL -lm -o ctxopen && ./ctxopen NVIDIA [TAG]
 * One line: tag, then each step's seconds. */
#include "clpick.h"

int main(int argc, char **argv)
{
    const char *want = argc > 1 ? argv[1] : "NVIDIA", *tag = argc > 2 ? argv[2] : "-";
    double t[8];
    t[0] = now_s();
    cl_platform_id ps[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, ps, &np);
    t[1] = now_s();
    cl_device_id dev = NULL;
    char name[256] = "";
    for (cl_uint p = 0; p < np && !dev; p++) {
        cl_device_id ds[8];
        cl_uint nd = 0;
        if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 8, ds, &nd) != CL_SUCCESS) continue;
        for (cl_uint d = 0; d < nd && !dev; d++) {
            clGetDeviceInfo(ds[d], CL_DEVICE_NAME, sizeof name, name, NULL);
            if (strstr(name, want)) dev = ds[d];
        }
    }
    if (!dev) { fprintf(stderr, "no device matching %s\n", want); return 1; }
    t[2] = now_s();
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    t[3] = now_s();
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    t[4] = now_s();
    const char *src = "__kernel void one(__global float *x) { x[get_global_id(0)] += 1.0f; }";
    cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    clBuildProgram(pr, 1, &dev, "", NULL, NULL);
    cl_kernel k = clCreateKernel(pr, "one", &e);
    t[5] = now_s();
    cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256 * 4, NULL, &e);
    clSetKernelArg(k, 0, sizeof x, &x);
    size_t g = 256;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
    clFinish(q);
    t[6] = now_s();
    const char *src2 = "__kernel void two(__global float *x) { x[get_global_id(0)] *= 2.0f; }";
    cl_program pr2 = clCreateProgramWithSource(ctx, 1, &src2, NULL, &e);
    clBuildProgram(pr2, 1, &dev, "", NULL, NULL);
    t[7] = now_s();
    printf("# tag\tplatforms_s\tdevice_s\tcontext_s\tqueue_s\tfirst_build_s\tfirst_launch_s\tsecond_build_s\t(%s)\n%s", name, tag);
    for (int i = 1; i < 8; i++) printf("\t%.3f", t[i] - t[i - 1]);
    printf("\n");
    return 0;
}
