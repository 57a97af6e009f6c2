/* probes_chain.c — the latency of a dependent operation: one work-item runs a chain of fp32 fmas
 * (and one of int32 multiply-adds), each needing the one before; the time over the steps is the
 * operation's latency, which the speed of light's latency bound multiplies by a row's chain. Each
 * chain's result is checked against the host's. */
#include "probes_impl.h"
#include "measure/kernels/probes_chain.cl.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* One chain kind: its kernel, its operands and the host's answer after `steps` from x0. */
struct chain_kind { const char *kernel, *measure; int is_float; };

/* host_answer: the chain's value after steps, as the device must have it (fmaf is correctly rounded
 * on both sides; uint arithmetic wraps alike). */
static uint32_t host_answer(const struct chain_kind *c, uint32_t steps)
{
    if (c->is_float) {
        float x = 1.0f;
        for (uint32_t s = 0; s < steps; s++) x = fmaf(x, 0.999f, 0.001f);
        union { float f; uint32_t u; } v = { x };
        return v.u;
    }
    uint32_t x = 1;
    for (uint32_t s = 0; s < steps; s++) x = x * 1664525u + 1013904223u;
    return x;
}

/* reset: the chain's start, 1 (1.0f or 1u), before each launch. */
static cl_int reset(struct probe_run *p, void *arg)
{
    const struct { cl_mem m; int is_float; } *a = arg;
    uint32_t one = 1;
    float onef = 1.0f;
    return clEnqueueWriteBuffer(p->q, a->m, CL_TRUE, 0, 4, a->is_float ? (const void *)&onef : (const void *)&one, 0,
                                NULL, NULL);
}

static void one_chain(struct probe_run *p, cl_program prog, const struct chain_kind *c, struct probe_row *r)
{
    cl_int e;
    cl_kernel k = clCreateKernel(prog, c->kernel, &e);
    cl_uint steps = !p->quick ? 1u << 20 : 1u << 14;
    cl_mem m = e == CL_SUCCESS ? clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, 4, NULL, &e) : NULL;
    float fa = 0.999f, fb = 0.001f;
    cl_uint ua = 1664525u, ub = 1013904223u;
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof m, &m);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof steps, &steps);
    if (e == CL_SUCCESS) e = c->is_float ? clSetKernelArg(k, 2, sizeof fa, &fa) : clSetKernelArg(k, 2, sizeof ua, &ua);
    if (e == CL_SUCCESS) e = c->is_float ? clSetKernelArg(k, 3, sizeof fb, &fb) : clSetKernelArg(k, 3, sizeof ub, &ub);
    struct { cl_mem m; int is_float; } arg = { m, c->is_float };
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, 1, 1, ns, p->trials, reset, &arg);
    uint32_t got = 0;
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, m, CL_TRUE, 0, 4, &got, 0, NULL, NULL);
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, c->kernel, e);
    else if (got != host_answer(c, steps)) {
        r->status = RS_FAIL;
        r->note = xasprintf("the chain's result differs from the host's after %u steps: the chain was not run as written",
                            steps);
    } else {
        for (int t = 0; t < p->trials; t++) ns[t] /= steps;
        stats_compute(ns, p->trials, &r->st);
        r->whole_ns = r->st.median * steps;
        r->note = xasprintf("one work-item, %u dependent steps; the latency bound of a row's chain is its steps x this "
                            "(at the clock of the row)", steps);
    }
    free(ns);
    if (m) clReleaseMemObject(m);
    if (k) clReleaseKernel(k);
}

void probe_chain_latency(struct probe_run *p)
{
    static const struct chain_kind kinds[] = {
        { "clx_fma_chain", "fp32 fma", 1 },
        { "clx_mad_chain", "int32 mad", 0 },
    };
    enum { NKINDS = sizeof kinds / sizeof *kinds };
    struct probe_row *rows = probe_add_row(p, "chain_latency", kinds[0].measure, "ns", 0);
    for (int i = 1; i < NKINDS; i++) probe_add_row(p, "chain_latency", kinds[i].measure, "ns", 0);
    cl_program prog;
    cl_kernel first;
    if (probe_build(p, clsrc_probes_chain, "clx_fma_chain", "building the chains", rows, NKINDS, &prog, &first) != CL_SUCCESS)
        return;
    clReleaseKernel(first);
    for (int i = 0; i < NKINDS; i++) one_chain(p, prog, &kinds[i], &rows[i]);
    clReleaseProgram(prog);
}
