/* probe_setup.c — the latencies a run measures at its set-up where no peaks run of its device gives
 * them (probes.h, probes_latencies): a dependent fp32 fma and int32 mad (chain_latency's chains), and
 * a load from the last-level cache and from memory by chases that sample a random cycle instead of
 * walking all of it (a peaks run walks four times an H200's L2 whole: a second a footprint). */
#include "probes_impl.h"
#include "measure/kernels/probes_memory_chase.cl.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SAMPLE_TRIALS = 3, SAMPLE_STEPS = 8192 };

/* One sampled chase: its buffers and where the walk stands, on the device and by the host. */
struct sampled {
    struct probe_run *p;
    cl_kernel k;
    cl_mem next, out;
    const uint32_t *host;
    uint32_t at;                 /* the element the walk stands on */
};

/* walk: steps loads from s->at on the device, timed by its event (or the host) into *ns when ns is
 * not NULL; s->at goes on to where the host's walk of the same cycle ends, and the device's end must
 * be that. CL_SUCCESS, CL_INVALID_VALUE when the ends differ, or the OpenCL error. */
static cl_int walk(struct sampled *s, cl_uint steps, double *ns)
{
    cl_uint start = s->at;
    cl_int e = clSetKernelArg(s->k, 0, sizeof s->next, &s->next);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 1, sizeof start, &start);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 2, sizeof steps, &steps);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 3, sizeof s->out, &s->out);
    size_t one = 1;
    cl_event ev = NULL;
    double t0 = now_seconds();
    if (e == CL_SUCCESS) e = clEnqueueNDRangeKernel(s->p->q, s->k, 1, NULL, &one, &one, 0, NULL, &ev);
    if (e == CL_SUCCESS) e = ocl_finish_for(s->p->q, 1, &ev);
    if (e == CL_SUCCESS && ns) *ns = probe_elapsed_ns(s->p, ev, ev, t0) / steps;
    if (ev) clReleaseEvent(ev);
    uint32_t got = 0;
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(s->p->q, s->out, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL);
    for (cl_uint i = 0; i < steps; i++) s->at = s->host[s->at];
    return e == CL_SUCCESS && got != s->at ? CL_INVALID_VALUE : e;
}

/* chase_sample: the median ns a load of SAMPLE_TRIALS walks through a random cycle over fp bytes,
 * one element per 128-byte line. warm: the whole cycle walked first, so the cache holds what fits;
 * else each walk goes on to lines none has touched, after flush bytes were written over (what the
 * upload left in the cache goes). 0 with why set when it could not be measured. */
static double chase_sample(struct probe_run *p, cl_kernel k, double fp, int warm, double flush, char *why, size_t n)
{
    size_t lines = (size_t)(fp / (LINE_UINTS * 4));
    if (lines < 2 * (SAMPLE_TRIALS + 1)) { snprintf(why, n, "%.0f bytes hold too few lines to chase", fp); return 0; }
    cl_uint steps = lines / (SAMPLE_TRIALS + 1) < SAMPLE_STEPS ? (cl_uint)(lines / (SAMPLE_TRIALS + 1)) : SAMPLE_STEPS;
    size_t bytes = lines * LINE_UINTS * 4;
    uint32_t *host = xcalloc(bytes / 4, sizeof *host);
    probe_chase_cycle(host, lines, LINE_UINTS, 0x9e3779b97f4a7c15ull ^ bytes);
    struct sampled s = { .p = p, .k = k, .host = host };
    cl_int e;
    cl_mem scratch = NULL;
    s.next = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &e);
    if (e == CL_SUCCESS) s.out = clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, 4, NULL, &e);
    /* The first walk takes the first launch's costs (and, warm, brings the footprint in). */
    if (e == CL_SUCCESS) e = walk(&s, warm ? (cl_uint)lines : steps, NULL);
    if (e == CL_SUCCESS && flush > 0) {
        static const unsigned pattern = 0x5a5a5a5a;
        scratch = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, (size_t)flush, NULL, &e);
        if (e == CL_SUCCESS) e = clEnqueueFillBuffer(p->q, scratch, &pattern, sizeof pattern, 0, (size_t)flush, 0, NULL, NULL);
        if (e == CL_SUCCESS) e = clFinish(p->q);
    }
    double ns[SAMPLE_TRIALS];
    for (int t = 0; t < SAMPLE_TRIALS && e == CL_SUCCESS; t++) e = walk(&s, steps, &ns[t]);
    if (scratch) clReleaseMemObject(scratch);
    if (s.next) clReleaseMemObject(s.next);
    if (s.out) clReleaseMemObject(s.out);
    free(host);
    if (e == CL_INVALID_VALUE) { snprintf(why, n, "the chase over %.0f bytes ended where the host's did not", fp); return 0; }
    if (e != CL_SUCCESS) { snprintf(why, n, "the chase over %.0f bytes: %s", fp, ocl_err_name(e)); return 0; }
    return stats_median(ns, SAMPLE_TRIALS);
}

/* said: why (when set) joins lat->why, "; " between. */
static void said(struct probe_latencies *lat, const char *what, const char *why)
{
    char *s = xasprintf("%s%s%s: %s", lat->why ? lat->why : "", lat->why ? "; " : "", what, why);
    free(lat->why);
    lat->why = s;
}

int probes_latencies(const struct probes_device *pd, struct probe_latencies *lat)
{
    memset(lat, 0, sizeof *lat);
    double t0 = now_seconds();
    /* Timed by the host, a chain or a chase would carry the launch's cost, which no latency holds. */
    if (pd->by_host) {
        said(lat, "every latency", "the device's events do not time commands");
        return -1;
    }
    struct probe_run p = { .ctx = pd->ctx, .dev = pd->dev, .q = pd->q, .trials = SAMPLE_TRIALS,
                           .llc = pd->pk->cache_bytes, .llc_source = pd->pk->cache_source };
    clGetDeviceInfo(p.dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof p.max_alloc, &p.max_alloc, NULL);
    p.rows = xcalloc(MAX_PROBE_ROWS, sizeof *p.rows);
    probe_chain_latency(&p);
    for (int i = 0; i < p.nrows && i < 2; i++) {
        const struct probe_row *r = &p.rows[i];
        if (r->status == RS_OK) *(i ? &lat->mad_ns : &lat->fma_ns) = r->st.median;
        else said(lat, r->measure, r->note ? r->note : row_status_word(r->status));
    }
    for (int i = 0; i < p.nrows; i++) {
        free(p.rows[i].note);
        free(p.rows[i].own);
    }
    free(p.rows);
    double llc = p.llc, mem = 4 * llc;
    if (p.max_alloc && mem > (double)p.max_alloc) mem = (double)p.max_alloc;
    cl_program prog;
    cl_kernel k;
    char why[200] = "";
    if (!(llc > 0)) said(lat, "the cache and memory latencies", "the last-level cache's size is unknown");
    else if (mem < 2 * llc) said(lat, "memory's latency", "the device's largest buffer is under twice its last-level cache");
    if (llc > 0 && probe_build(&p, clsrc_probes_memory_chase, "clx_chase_on", NULL, NULL, 0, &prog, &k) != CL_SUCCESS)
        said(lat, "the cache and memory latencies", "the chase did not build");
    else if (llc > 0) {
        /* A quarter of the cache: inside it whatever else shares it; four times it: outside. */
        if (!(lat->llc_ns = chase_sample(&p, k, llc / 4, 1, 0, why, sizeof why))) said(lat, "the last-level cache's latency", why);
        if (mem >= 2 * llc && !(lat->mem_ns = chase_sample(&p, k, mem, 0, 2 * llc, why, sizeof why)))
            said(lat, "memory's latency", why);
        clReleaseKernel(k);
        clReleaseProgram(prog);
    }
    lat->seconds = now_seconds() - t0;
    if (!lat->why) lat->why = xstrdup("");
    return lat->fma_ns > 0 || lat->mad_ns > 0 || lat->llc_ns > 0 || lat->mem_ns > 0 ? 0 : -1;
}
