/* probes_kernels.c — probes that are small kernels of clx's own: global-memory load latency by
 * pointer chasing over growing footprints (the curve shows the caches and DRAM), local-memory
 * bandwidth, and atomic adds on one address and on one address per work-item; each result is
 * checked against what the host expects. */
#include "probes_impl.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LINE_UINTS = 32 };        /* one chased element per 128 bytes: every load a new line */

static const char chase_src[] =
    "__kernel void clx_chase(__global const uint *next, const uint steps, __global uint *out)\n"
    "{\n"
    "    uint i = 0;\n"
    "    for (uint s = 0; s < steps; s++) i = next[i];   /* each load needs the one before */\n"
    "    out[0] = i;\n"
    "}\n";

static const char atomic_src[] =
    "__kernel void clx_atomic_one(__global int *c, const int iters)\n"
    "{\n"
    "    for (int i = 0; i < iters; i++) atomic_add(c, 1);\n"
    "}\n"
    "__kernel void clx_atomic_spread(__global int *c, const int iters)\n"
    "{\n"
    "    __global int *mine = c + get_global_id(0);\n"
    "    for (int i = 0; i < iters; i++) atomic_add(mine, 1);\n"
    "}\n";

/* Filled one float at a time and summed with dot(): Oclgrind 21.10 (--uninitialized) crashed on
 * this kernel written with a float4 literal stored to local memory and the lanes added one by one;
 * these forms run there (which of the two it was is not known). */
static const char local_src[] =
    "__kernel void clx_local(__global float *out, const int iters)\n"
    "{\n"
    "    __local float4 l[256];\n"
    "    __local float *lf = (__local float *)l;\n"
    "    const int lid = get_local_id(0);\n"
    "    for (int k = lid; k < 1024; k += get_local_size(0)) lf[k] = (float)k;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    float4 acc = 0;\n"
    "    #pragma unroll 8\n"
    "    for (int i = 0; i < iters; i++) acc += l[(lid + i) & 255];\n"
    "    out[get_global_id(0)] = dot(acc, (float4)(1.0f));   /* whole numbers: exact in any order */\n"
    "}\n";

static cl_uint compute_units(const struct probe_run *p)
{
    cl_uint cu = 1;
    clGetDeviceInfo(p->dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    return cu ? cu : 1;
}

/* run_timed: launches k over global (local may be 0: the driver picks) trials times after one
 * warm-up, returning each launch's ns in ns[]; before each launch reset(arg) runs when given. */
static cl_int run_timed(struct probe_run *p, cl_kernel k, size_t global, size_t local, double *ns, int trials,
                        cl_int (*reset)(struct probe_run *, void *), void *arg)
{
    cl_int e = CL_SUCCESS;
    for (int t = -1; t < trials && e == CL_SUCCESS; t++) {
        if (reset && (e = reset(p, arg)) != CL_SUCCESS) break;
        cl_event ev;
        double t0 = now_seconds();
        e = clEnqueueNDRangeKernel(p->q, k, 1, NULL, &global, local ? &local : NULL, 0, NULL, &ev);
        if (e != CL_SUCCESS) break;
        e = ocl_finish_for(p->q, 1, &ev);
        if (t >= 0) ns[t] = probe_elapsed_ns(p, ev, ev, t0);
        clReleaseEvent(ev);
    }
    return e;
}

/* ---- load latency ------------------------------------------------------------------------------ */

/* chain: next[] over lines lines of 128 bytes, one cycle through all of them in random order
 * (Sattolo's shuffle), so that no prefetcher guesses the next load. */
static void chain(uint32_t *next, size_t lines, uint64_t seed)
{
    uint32_t *perm = xmalloc(sizeof *perm * lines);
    for (size_t i = 0; i < lines; i++) perm[i] = (uint32_t)i;
    for (size_t i = lines - 1; i > 0; i--) {
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
        size_t j = (size_t)(seed % i);          /* j < i: one cycle, not any permutation */
        uint32_t t = perm[i]; perm[i] = perm[j]; perm[j] = t;
    }
    for (size_t i = 0; i < lines; i++) next[i * LINE_UINTS] = perm[i] * LINE_UINTS;
    free(perm);
}

void probe_chase(struct probe_run *p)
{
    cl_program prog;
    cl_kernel k;
    cl_int e = probe_kernel(p, chase_src, "clx_chase", &prog, &k);
    struct probe_row *first = NULL;
    cl_uint base_steps = !p->quick ? 1u << 17 : 1u << 12;
    int trials = p->trials < 3 ? p->trials : 3;
    double *ns = xcalloc((size_t)trials, sizeof *ns);
    for (size_t fp = 4096; fp <= p->bytes && p->nrows < MAX_PROBE_ROWS; fp *= 2) {
        struct probe_row *r = probe_add_row(p, "latency", NULL, "ns", (double)fp);
        r->own = fp >= 1 << 20 ? xasprintf("load latency, %zu MiB", fp >> 20) : xasprintf("load latency, %zu KiB", fp >> 10);
        r->measure = r->own;
        if (!first) first = r;
        if (e != CL_SUCCESS) { probe_fail(r, RS_ERROR, "building the pointer chase", e); continue; }
        size_t lines = fp / (LINE_UINTS * 4);
        /* The chase must visit every line, or a big footprint is measured as the part it touched
         * (which the warm-up brings into the cache); capped at 4Mi loads (about a second in DRAM). */
        cl_uint steps = lines > base_steps ? (cl_uint)(lines < (1u << 22) ? lines : 1u << 22) : base_steps;
        uint32_t *next = xcalloc(fp / 4, sizeof *next), got = 0, want = 0;
        chain(next, lines, 0x9e3779b97f4a7c15ull ^ fp);
        for (cl_uint s = 0; s < steps; s++) want = next[want];
        cl_mem d = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, fp, next, &e);
        cl_mem o = e == CL_SUCCESS ? clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, sizeof got, NULL, &e) : NULL;
        if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof d, &d);
        if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof steps, &steps);
        if (e == CL_SUCCESS) e = clSetKernelArg(k, 2, sizeof o, &o);
        /* The warm-up chase brings what fits into the caches: the curve is the warm one. */
        if (e == CL_SUCCESS) e = run_timed(p, k, 1, 1, ns, trials, NULL, NULL);
        if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, o, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL);
        if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "the pointer chase", e);
        else if (got != want) {
            r->status = RS_FAIL;
            r->note = xasprintf("the chase ended at element %u, not %u", got, want);
        } else {
            for (int t = 0; t < trials; t++) ns[t] /= steps;
            stats_compute(ns, trials, &r->st);
            r->note = xasprintf("%u dependent loads, one per 128-byte line, in a random cycle", steps);
        }
        if (d) clReleaseMemObject(d);
        if (o) clReleaseMemObject(o);
        free(next);
    }
    free(ns);
    if (k) clReleaseKernel(k);
    if (prog) clReleaseProgram(prog);
}

/* ---- atomics ----------------------------------------------------------------------------------- */

struct zero_arg { cl_mem buf; size_t bytes; };

static cl_int zero(struct probe_run *p, void *arg)
{
    const struct zero_arg *z = arg;
    void *zeros = xcalloc(1, z->bytes);
    cl_int e = clEnqueueWriteBuffer(p->q, z->buf, CL_TRUE, 0, z->bytes, zeros, 0, NULL, NULL);
    free(zeros);
    return e;
}

/* one_atomic: kernel kname's adds per second; the counters must hold items x iters in total, and
 * with spread each counter iters. */
static void one_atomic(struct probe_run *p, cl_program prog, const char *kname, int spread, struct probe_row *r)
{
    cl_int e;
    cl_kernel k = clCreateKernel(prog, kname, &e);
    size_t items = !p->quick ? (size_t)compute_units(p) * 1024 : 1024;
    int iters = !p->quick ? 256 : 8;
    size_t n = spread ? items : 1;
    struct zero_arg z = { NULL, n * sizeof(int) };
    if (e == CL_SUCCESS) z.buf = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, z.bytes, NULL, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof z.buf, &z.buf);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof iters, &iters);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    if (e == CL_SUCCESS) e = run_timed(p, k, items, 0, ns, p->trials, zero, &z);
    int *c = xcalloc(n, sizeof *c);
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, z.buf, CL_TRUE, 0, z.bytes, c, 0, NULL, NULL);
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, kname, e);
    else {
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) bad += c[i] != (spread ? iters : (int)(items * (size_t)iters));
        if (bad) { r->status = RS_FAIL; r->note = xasprintf("%zu of %zu counters hold the wrong count", bad, n); }
        else {
            for (int t = 0; t < p->trials; t++) ns[t] = (double)items * iters / ns[t];   /* adds per ns = G/s */
            stats_compute(ns, p->trials, &r->st);
            r->note = xasprintf("%zu work-items x %d atomic_add each", items, iters);
        }
    }
    free(c);
    free(ns);
    if (z.buf) clReleaseMemObject(z.buf);
    if (k) clReleaseKernel(k);
}

void probe_atomics(struct probe_run *p)
{
    struct probe_row *one = probe_add_row(p, "atomics", "atomic_add, one address", "G/s", 0);
    struct probe_row *spread = probe_add_row(p, "atomics", "atomic_add, one per work-item", "G/s", 0);
    cl_program prog;
    cl_kernel k;
    cl_int e = probe_kernel(p, atomic_src, "clx_atomic_one", &prog, &k);
    if (e != CL_SUCCESS) {
        probe_fail(one, RS_ERROR, "building the atomics kernels", e);
        probe_fail(spread, RS_ERROR, "building the atomics kernels", e);
        return;
    }
    clReleaseKernel(k);
    one_atomic(p, prog, "clx_atomic_one", 0, one);
    one_atomic(p, prog, "clx_atomic_spread", 1, spread);
    clReleaseProgram(prog);
}

/* ---- local memory ------------------------------------------------------------------------------ */

void probe_local(struct probe_run *p)
{
    struct probe_row *r = probe_add_row(p, "local", "local memory reads, float4", "GB/s", 0);
    cl_program prog;
    cl_kernel k;
    cl_int e = probe_kernel(p, local_src, "clx_local", &prog, &k);
    if (e != CL_SUCCESS) { probe_fail(r, RS_ERROR, "building the local-memory kernel", e); return; }
    size_t local = 256, wg = 0;
    clGetKernelWorkGroupInfo(k, p->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    while (wg && local > wg) local /= 2;
    size_t items = !p->quick ? (size_t)compute_units(p) * 2048 : 4 * local;
    items = (items + local - 1) / local * local;
    int iters = !p->quick ? 4096 : 64;
    cl_mem o = clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, items * sizeof(float), NULL, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof o, &o);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof iters, &iters);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    if (e == CL_SUCCESS) e = run_timed(p, k, items, local, ns, p->trials, NULL, NULL);
    float *out = xcalloc(items, sizeof *out);
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, o, CL_TRUE, 0, items * sizeof *out, out, 0, NULL, NULL);
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "the local-memory kernel", e);
    else {
        /* Each work-item sums 4j..4j+3 over j = (lid + i) mod 256: whole numbers below 2^24, exact. */
        size_t bad = 0;
        for (size_t g = 0; g < items; g++) {
            double want = 0;
            for (int i = 0; i < iters; i++) want += 16.0 * (double)((g % local + (size_t)i) & 255) + 6;
            bad += (double)out[g] != want;
        }
        if (bad) { r->status = RS_FAIL; r->note = xasprintf("%zu of %zu sums are wrong", bad, items); }
        else {
            for (int t = 0; t < p->trials; t++) ns[t] = (double)items * iters * 16 / ns[t];
            stats_compute(ns, p->trials, &r->st);
            r->note = xasprintf("%zu work-items in groups of %zu, %d float4 reads each", items, local, iters);
        }
    }
    free(out);
    free(ns);
    clReleaseMemObject(o);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}
