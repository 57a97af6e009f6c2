/* probe.c — the smallest cases of Oclgrind's blind spots that docs/checking.md describes.
 * Build: cc tests/oclgrind/probe.c -lOpenCL -o probe; run: oclgrind --uninitialized ./probe CASE
 * (the partial-write cases) or oclgrind ./probe wrap, and compare with ./probe CASE on PoCL.
 *   none, whole, fillwhole, fill4, partial: how a buffer of 8 floats is prepared before a kernel
 *     overwrites all 8 from written input and a second kernel branches on them; Oclgrind 21.10
 *     reports the branches as depending on uninitialised values after fill4 and partial only.
 *   wrap: (lid + off) % 2048 as a local-memory index, which LLVM computes in 11-bit arithmetic;
 *     Oclgrind 21.10 does not wrap it, reports writes past the array and reads wrong values. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static const char *src =
    "__kernel void w(__global const float *a, __global float *o) { size_t i = get_global_id(0); o[i] = a[i] + 1.0f; }\n"
    "__kernel void r(__global const float *o, __global int *res) { size_t i = get_global_id(0); res[i] = isnan(o[i]) ? 1 : 2; if (o[i] > 100.0f) res[i] = 3; }\n"
    "__kernel void wrap(__global uint *out, uint off) {\n"
    "    __local float s[2048];\n"
    "    uint lid = (uint)get_local_id(0), lsize = (uint)get_local_size(0);\n"
    "    float y = 0.0f;\n"
    "    for (uint base = 0; base < lsize; base += 2048u) {\n"
    "        uint r = lid - base;\n"
    "        if (r < 2048u) s[(r + off) % 2048u] = (float)lid;\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "        if (r < 2048u) y = s[((r ^ 1u) + off) % 2048u];\n"
    "        if (base + 2048u < lsize) barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    out[get_global_id(0)] = (uint)y;\n"
    "}\n";

int main(int argc, char **argv)
{
    const char *how = argc > 1 ? argv[1] : "";
    cl_platform_id p;
    cl_device_id d;
    cl_int e;
    if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS || clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) {
        fprintf(stderr, "probe: no OpenCL device\n");
        return 1;
    }
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
    cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
    if (clBuildProgram(pr, 1, &d, "", NULL, NULL) != CL_SUCCESS) {
        fprintf(stderr, "probe: build failed\n");
        return 1;
    }
    if (!strcmp(how, "wrap")) {
        /* Work-items 32 and 33 of a group of 64 swap through slots 2048 % 2048 = 0 and 1. */
        size_t n = 64;
        cl_uint off = 2016, out[64];
        cl_kernel k = clCreateKernel(pr, "wrap", &e);
        cl_mem o = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof out, NULL, &e);
        clSetKernelArg(k, 0, sizeof o, &o);
        clSetKernelArg(k, 1, sizeof off, &off);
        clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &n, 0, NULL, NULL);
        clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
        printf("wrap: partner of work-item 32: %u, of 33: %u (right: 33, 32)\n", out[32], out[33]);
        return 0;
    }
    float in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, pat = -1.0f;
    size_t n = 8;
    cl_mem a = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof in, NULL, &e);
    cl_mem o = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof in, NULL, &e);
    cl_mem res = clCreateBuffer(c, CL_MEM_READ_WRITE, sizeof in, NULL, &e);
    clEnqueueWriteBuffer(q, a, CL_TRUE, 0, sizeof in, in, 0, NULL, NULL);
    if (!strcmp(how, "whole")) clEnqueueWriteBuffer(q, o, CL_TRUE, 0, sizeof in, in, 0, NULL, NULL);
    else if (!strcmp(how, "partial")) clEnqueueWriteBuffer(q, o, CL_TRUE, 0, sizeof in[0], in, 0, NULL, NULL);
    else if (!strcmp(how, "fillwhole")) clEnqueueFillBuffer(q, o, in, sizeof in, 0, sizeof in, 0, NULL, NULL);
    else if (!strcmp(how, "fill4")) clEnqueueFillBuffer(q, o, &pat, sizeof pat, 0, sizeof in, 0, NULL, NULL);
    else if (strcmp(how, "none")) {
        fprintf(stderr, "usage: probe none|whole|fillwhole|fill4|partial|wrap\n");
        return 2;
    }
    cl_kernel kw = clCreateKernel(pr, "w", &e), kr = clCreateKernel(pr, "r", &e);
    clSetKernelArg(kw, 0, sizeof a, &a);
    clSetKernelArg(kw, 1, sizeof o, &o);
    clSetKernelArg(kr, 0, sizeof o, &o);
    clSetKernelArg(kr, 1, sizeof res, &res);
    clEnqueueNDRangeKernel(q, kw, 1, NULL, &n, NULL, 0, NULL, NULL);
    clEnqueueNDRangeKernel(q, kr, 1, NULL, &n, NULL, 0, NULL, NULL);
    clFinish(q);
    printf("%s: done\n", how);
    return 0;
}
