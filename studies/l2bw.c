/* l2bw.c — how the L2 read bandwidth of the first GPU depends on work-items per SM, group size, loads
 * in flight and footprint (issue 19): 40 passes a launch over 8-32 MiB, best and mean of 10 launches
 * by the events. Not part of clx. Build: cc -O2 studies/l2bw.c -lOpenCL -o l2bw && ./l2bw */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
static const char *src =
"__kernel void rd2(__global const float4 *a, uint per, uint passes, uint shift, __global float *out) {\n"
"  uint gsz = get_global_size(0), base = get_global_id(0); float4 s0 = 0, s1 = 0;\n"
"  for (uint r = 0; r < passes; r++) { uint j = 0;\n"
"    for (; j + 1 < per; j += 2) { s0 += a[base + j * gsz]; s1 += a[base + (j + 1) * gsz]; }\n"
"    if (j < per) s0 += a[base + j * gsz]; base += shift; if (base >= gsz) base -= gsz; }\n"
"  float4 s = s0 + s1; out[get_global_id(0)] = s.x + s.y + s.z + s.w; }\n"
"__kernel void rd4(__global const float4 *a, uint per, uint passes, uint shift, __global float *out) {\n"
"  uint gsz = get_global_size(0), base = get_global_id(0); float4 s0 = 0, s1 = 0, s2 = 0, s3 = 0;\n"
"  for (uint r = 0; r < passes; r++) { uint j = 0;\n"
"    for (; j + 3 < per; j += 4) { s0 += a[base + j * gsz]; s1 += a[base + (j + 1) * gsz]; s2 += a[base + (j + 2) * gsz]; s3 += a[base + (j + 3) * gsz]; }\n"
"    for (; j < per; j++) s0 += a[base + j * gsz]; base += shift; if (base >= gsz) base -= gsz; }\n"
"  float4 s = (s0 + s1) + (s2 + s3); out[get_global_id(0)] = s.x + s.y + s.z + s.w; }\n";
int main(void)
{
    cl_platform_id ps[8]; cl_uint np; clGetPlatformIDs(8, ps, &np);
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL)) dev = 0;
    cl_uint cu; clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
    cl_queue_properties qp[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, qp, NULL);
    cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, NULL);
    if (clBuildProgram(pr, 1, &dev, "", NULL, NULL)) { puts("build failed"); return 1; }
    size_t foots[] = { 8 << 20, 16 << 20, 24 << 20, 32 << 20 };
    const char *kn[] = { "rd2", "rd4" };
    size_t wps[] = { 1024, 2048 }, locals[] = { 128, 256, 512, 1024 };
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)cu * 2048 * 4, NULL, NULL);
    for (int f = 0; f < 4; f++) {
        size_t bytes = foots[f];
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY, bytes, NULL, NULL);
        float zero = 0; clEnqueueFillBuffer(q, a, &zero, 4, 0, bytes, 0, NULL, NULL);
        for (int ki = 0; ki < 2; ki++) for (int w = 0; w < 2; w++) for (int l = 0; l < 4; l++) {
            cl_kernel k = clCreateKernel(pr, kn[ki], NULL);
            size_t gsz = (size_t)cu * wps[w], n = bytes / 16;
            cl_uint per = (cl_uint)(n / gsz), passes = 40, shift = (cl_uint)(((gsz / locals[l]) / 2 + 1) % (gsz / locals[l]) * locals[l]);
            clSetKernelArg(k, 0, sizeof a, &a); clSetKernelArg(k, 1, 4, &per); clSetKernelArg(k, 2, 4, &passes);
            clSetKernelArg(k, 3, 4, &shift); clSetKernelArg(k, 4, sizeof out, &out);
            double best = 0, sum = 0; int nt = 0;
            for (int t = 0; t < 12; t++) {
                cl_event ev; cl_ulong t0, t1;
                if (clEnqueueNDRangeKernel(q, k, 1, NULL, &gsz, &locals[l], 0, NULL, &ev)) { puts("launch failed"); break; }
                clWaitForEvents(1, &ev);
                clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL);
                clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
                clReleaseEvent(ev);
                double gbs = (double)per * gsz * 16 * passes / (double)(t1 - t0);
                if (t >= 2) { sum += gbs; nt++; if (gbs > best) best = gbs; }
            }
            printf("footprint %2zu MiB %s wi/SM %4zu local %4zu: mean %7.0f best %7.0f GB/s\n", bytes >> 20, kn[ki], wps[w], locals[l], sum / nt, best);
            clReleaseKernel(k);
        }
        clReleaseMemObject(a);
    }
    return 0;
}
