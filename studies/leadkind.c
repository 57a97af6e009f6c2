/* leadkind.c — what a trial's untimed lead-in must be: a launch of the trial's own kernel (clx since
 * 2026-11-27), or something cheaper that wakes the device as well. memcopy_ilp's copies of 64Mi
 * floats (35 us to 1 ms), each visit after another configuration's launch as clx's rounds go, its
 * one timed launch after a lead-in of each kind:
 *   none    no lead-in;
 *   same    the same kernel, the same arguments (clx);
 *   emptyw  an empty kernel, one work-group of 256 on every compute unit;
 *   empty1  an empty kernel of one work-item;
 *   small   the same kernel over the first 64Ki floats (its own arguments, one work-group a CU);
 *   spinU   a kernel of one work-item spinning U us (dependent fmas), U = 5, 20, 60.
 * Not part of clx: the measurement behind trials.c's lead-ins (docs/timing.md). Build and run:
 *   cc -O2 studies/leadkind.c -lOpenCL -lm -o leadkind && ./leadkind NVIDIA [KI_FLOATS [ROUNDS]]
 * Rounds take every configuration and kind once, in a random order. Prints per configuration and
 * kind the timed launch's median, its paired ratio to `same` (median and p10-p90 over rounds) and
 * the host's time for the lead-in and launch together. */
#include "clpick.h"
#include <math.h>
#include <time.h>

#define COPY_SRC \
    "__kernel void copy1(__global const float *restrict in, __global float *restrict out, uint n)" \
    "{ size_t s = get_global_size(0); for (size_t i = get_global_id(0); i < n; i += s) out[i] = in[i]; }" \
    "__kernel void copy4(__global const float4 *restrict in, __global float4 *restrict out, uint n)" \
    "{ size_t s = get_global_size(0), i = get_global_id(0), nv = n / 4;" \
    "  for (; i + 3 * s < nv; i += 4 * s) { float4 a = in[i], b = in[i + s], c = in[i + 2 * s], d = in[i + 3 * s];" \
    "    out[i] = a; out[i + s] = b; out[i + 2 * s] = c; out[i + 3 * s] = d; }" \
    "  for (; i < nv; i += s) out[i] = in[i]; }" \
    "__kernel void empty(void) { }"

enum { KINDS = 8, CONFIGS = 6, ROUNDS = 150 };
static const char *kind_name[KINDS] = {"none", "same", "emptyw", "empty1", "small", "spin5", "spin20", "spin60"};
static const double spin_us[KINDS] = {0, 0, 0, 0, 0, 5, 20, 60};
struct config { const char *kern; int gpc; size_t local; cl_kernel k, ks; size_t global; };
static struct config cf[CONFIGS] = {
    {"copy1", 8, 256, 0, 0, 0}, {"copy1", 1, 256, 0, 0, 0}, {"copy1", 1, 64, 0, 0, 0},
    {"copy4", 8, 256, 0, 0, 0}, {"copy4", 1, 128, 0, 0, 0}, {"copy4", 1, 32, 0, 0, 0},
};

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static double dur_us(cl_event e)
{
    return (double)(stamp(e, CL_PROFILING_COMMAND_END) - stamp(e, CL_PROFILING_COMMAND_START)) / 1e3;
}

int main(int argc, char **argv)
{
    cl_device_id dev;
    char name[256];
    cl_context ctx;
    cl_command_queue q;
    cl_program pr;
    cl_kernel empty;
    cl_int e;
    if (clsetup(argc, argv, COPY_SRC, "empty", &dev, name, &ctx, &q, &pr, &empty)) return 1;
    cl_uint cus = 1, n = argc > 2 ? (cl_uint)atoi(argv[2]) << 10 : 64u << 20, small = 64u << 10;
    int rounds = argc > 3 ? atoi(argv[3]) : ROUNDS;
    if (rounds < 1 || rounds > ROUNDS) rounds = ROUNDS;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)n * 4, NULL, &e);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)n * 4, NULL, &e);
    float z = 0.5f;
    clEnqueueFillBuffer(q, in, &z, 4, 0, (size_t)n * 4, 0, NULL, NULL);
    clEnqueueFillBuffer(q, out, &z, 4, 0, (size_t)n * 4, 0, NULL, NULL);
    for (int c = 0; c < CONFIGS; c++) {
        cf[c].k = clCreateKernel(pr, cf[c].kern, &e);
        cf[c].ks = clCreateKernel(pr, cf[c].kern, &e);
        clSetKernelArg(cf[c].k, 0, sizeof in, &in);
        clSetKernelArg(cf[c].k, 1, sizeof out, &out);
        clSetKernelArg(cf[c].k, 2, sizeof n, &n);
        clSetKernelArg(cf[c].ks, 0, sizeof in, &in);
        clSetKernelArg(cf[c].ks, 1, sizeof out, &out);
        clSetKernelArg(cf[c].ks, 2, sizeof small, &small);
        cf[c].global = (size_t)cus * cf[c].gpc * cf[c].local;
        for (int w = 0; w < 3; w++) clEnqueueNDRangeKernel(q, cf[c].k, 1, NULL, &cf[c].global, &cf[c].local, 0, NULL, NULL);
    }
    const char *hs = HOLD_SRC;
    cl_program hp = clCreateProgramWithSource(ctx, 1, &hs, NULL, &e);
    clBuildProgram(hp, 1, &dev, "", NULL, NULL);
    cl_kernel spin = clCreateKernel(hp, "spin", &e);
    cl_mem so = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    clSetKernelArg(spin, 0, sizeof so, &so);
    double step_ns = 1;
    {
        cl_uint steps = 100000;
        size_t o1 = 1;
        cl_event ev;
        clSetKernelArg(spin, 1, sizeof steps, &steps);
        clEnqueueNDRangeKernel(q, spin, 1, NULL, &o1, &o1, 0, NULL, &ev);
        clWaitForEvents(1, &ev);
        step_ns = dur_us(ev) * 1e3 / steps;
        clReleaseEvent(ev);
    }
    clFinish(q);
    size_t wide = 256 * (size_t)cus, wl = 256, one = 1;
    static double t[CONFIGS][KINDS][ROUNDS], host[CONFIGS][KINDS][ROUNDS];
    srand((unsigned)time(NULL));
    int prev = 0;
    for (int r = 0; r < rounds; r++) {
        int order[CONFIGS * KINDS];
        shuffled(order, CONFIGS * KINDS);
        for (int i = 0; i < CONFIGS * KINDS; i++) {
            int c = order[i] / KINDS, kd = order[i] % KINDS;
            /* the visit before: another configuration's launch, waited for and read, as a round does */
            int o = (c + 1 + prev % (CONFIGS - 1)) % CONFIGS;
            prev++;
            cl_event ev;
            clEnqueueNDRangeKernel(q, cf[o].k, 1, NULL, &cf[o].global, &cf[o].local, 0, NULL, &ev);
            clWaitForEvents(1, &ev);
            (void)dur_us(ev);
            clReleaseEvent(ev);
            double h0 = now_us();
            if (kd == 1) clEnqueueNDRangeKernel(q, cf[c].k, 1, NULL, &cf[c].global, &cf[c].local, 0, NULL, NULL);
            if (kd == 2) clEnqueueNDRangeKernel(q, empty, 1, NULL, &wide, &wl, 0, NULL, NULL);
            if (kd == 3) clEnqueueNDRangeKernel(q, empty, 1, NULL, &one, &one, 0, NULL, NULL);
            if (spin_us[kd] > 0) {
                cl_uint steps = (cl_uint)(spin_us[kd] * 1e3 / step_ns);
                clSetKernelArg(spin, 1, sizeof steps, &steps);
                clEnqueueNDRangeKernel(q, spin, 1, NULL, &one, &one, 0, NULL, NULL);
            }
            if (kd == 4) {
                size_t g = (size_t)cus * cf[c].local;
                clEnqueueNDRangeKernel(q, cf[c].ks, 1, NULL, &g, &cf[c].local, 0, NULL, NULL);
            }
            clEnqueueNDRangeKernel(q, cf[c].k, 1, NULL, &cf[c].global, &cf[c].local, 0, NULL, &ev);
            clWaitForEvents(1, &ev);
            host[c][kd][r] = now_us() - h0;
            t[c][kd][r] = dur_us(ev);
            clReleaseEvent(ev);
        }
    }
    printf("# device %s; %u CUs; %u floats; %d rounds; one timed launch a visit, after another configuration's\n", name, cus, n, rounds);
    printf("kernel\tgpc\tlocal\tkind\tus_median\tratio_to_same\tratio_p10\tratio_p90\thost_us\n");
    for (int c = 0; c < CONFIGS; c++)
        for (int kd = 0; kd < KINDS; kd++) {
            double ratio[ROUNDS];
            for (int r = 0; r < rounds; r++) ratio[r] = t[c][kd][r] / t[c][1][r];
            printf("%s\t%d\t%zu\t%s\t%.3f\t%.4f\t%.4f\t%.4f\t%.1f\n", cf[c].kern, cf[c].gpc, cf[c].local, kind_name[kd],
                   quant(t[c][kd], rounds, 0.5), quant(ratio, rounds, 0.5), quant(ratio, rounds, 0.1), quant(ratio, rounds, 0.9),
                   quant(host[c][kd], rounds, 0.5));
        }
    return 0;
}
