/* probes_kernels.c — probes that are small kernels of clx's own: local-memory bandwidth, and
 * atomic adds on one address and on one address per work-item; each result is checked against
 * what the host expects. (The memory hierarchy's are in probes_memory.c.) */
#include "probes_impl.h"
#include "measure/kernels/probes_kernels_atomics.cl.h"
#include "measure/kernels/probes_kernels_local.cl.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
    size_t items = !p->quick ? (size_t)probe_compute_units(p) * 1024 : 1024;
    int iters = !p->quick ? 256 : 8;
    size_t n = spread ? items : 1;
    struct zero_arg z = { NULL, n * sizeof(int) };
    if (e == CL_SUCCESS) z.buf = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, z.bytes, NULL, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof z.buf, &z.buf);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof iters, &iters);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, items, 0, ns, p->trials, zero, &z);
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
    if (probe_build(p, clsrc_probes_kernels_atomics, "clx_atomic_one", "building the atomics kernels", one, 2, &prog, &k) !=
        CL_SUCCESS)
        return;
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
    cl_int e = probe_build(p, clsrc_probes_kernels_local, "clx_local", "building the local-memory kernel", r, 1, &prog, &k);
    if (e != CL_SUCCESS) return;
    size_t local = probe_local_size(p, k, 256);
    size_t items = !p->quick ? (size_t)probe_compute_units(p) * 2048 : 4 * local;
    items = (items + local - 1) / local * local;
    int iters = !p->quick ? 4096 : 64;
    cl_mem o = clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, items * sizeof(float), NULL, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof o, &o);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof iters, &iters);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, items, local, ns, p->trials, NULL, NULL);
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
