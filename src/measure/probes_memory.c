/* probes_memory.c — the memory hierarchy: load latency by pointer chasing over footprints sized
 * from the device (to four times its last-level cache, with points between the doublings), the
 * levels found in that curve, the read bandwidth of a footprint held by the last-level cache and of
 * one that is not, and the load latency of local memory; each result checked against the host. */
#include "probes_impl.h"
#include "measure/kernels/probes_memory_chase.cl.h"
#include "measure/kernels/probes_memory_local_chase.cl.h"
#include "measure/kernels/probes_memory_readbw.cl.h"
#include "lib/levels.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FOOTPRINTS = 48 };
/* 8 KiB: within every device's local memory (OpenCL asks 16 KiB at least); the size of the local
 * array in kernels/probes_memory_local_chase.cl, which must change with it. */
enum { LOCAL_CHASE_UINTS = 2048 };

void probe_chase_cycle(uint32_t *next, size_t n, size_t stride, uint64_t seed)
{
    uint32_t *perm = xmalloc(sizeof *perm * n);
    for (size_t i = 0; i < n; i++) perm[i] = (uint32_t)i;
    for (size_t i = n - 1; i > 0; i--) {
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
        size_t j = (size_t)(seed % i);          /* j < i: one cycle, not any permutation */
        uint32_t t = perm[i]; perm[i] = perm[j]; perm[j] = t;
    }
    for (size_t i = 0; i < n; i++) next[i * stride] = perm[i] * (uint32_t)stride;
    free(perm);
}

/* A chase: steps dependent loads through next[] (bytes long) by the chase kernel k (arguments:
 * next, steps, out) over global work-items in groups of local, timed in trials; what names it in
 * an error ("the pointer chase"). */
struct chase {
    cl_kernel k;
    const uint32_t *next;
    size_t bytes;
    cl_uint steps;
    size_t global, local;
    int trials;
    const char *what;
};

/* chase_run: c's trials timed into ns as ns per load, and r's status and stats; checked against
 * where the host's walk of the same cycle ends. 0 when r is ok (the caller writes its note). */
static int chase_run(struct probe_run *p, const struct chase *c, double *ns, struct probe_row *r)
{
    cl_kernel k = c->k;
    const uint32_t *next = c->next;
    cl_uint steps = c->steps;
    int trials = c->trials;
    uint32_t got = 0, want = 0;
    for (cl_uint s = 0; s < steps; s++) want = next[want];
    cl_int e;
    cl_mem d = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, c->bytes, (void *)next, &e);
    cl_mem o = e == CL_SUCCESS ? clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, sizeof got, NULL, &e) : NULL;
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof d, &d);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof steps, &steps);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 2, sizeof o, &o);
    /* The warm-up chase brings what fits into the caches: the curve is the warm one. */
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, c->global, c->local, ns, trials, NULL, NULL);
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, o, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL);
    if (d) clReleaseMemObject(d);
    if (o) clReleaseMemObject(o);
    if (e != CL_SUCCESS) { probe_fail(r, RS_ERROR, c->what, e); return -1; }
    if (got != want) {
        r->status = RS_FAIL;
        r->note = xasprintf("the chase ended at element %u, not %u", got, want);
        return -1;
    }
    for (int t = 0; t < trials; t++) ns[t] /= steps;
    stats_compute(ns, trials, &r->st);
    r->whole_ns = r->st.median * steps;
    return 0;
}

/* ---- load latency ------------------------------------------------------------------------------ */

/* chase_one: the latency of one footprint into r (its trials' ns per load). */
static void chase_one(struct probe_run *p, cl_kernel k, size_t fp, struct probe_row *r)
{
    cl_uint base_steps = !p->quick ? 1u << 17 : 1u << 12;
    int trials = p->trials < 3 ? p->trials : 3;
    size_t lines = fp / (LINE_UINTS * 4);
    /* The chase must visit every line, or a big footprint is measured as the part it touched
     * (which the warm-up brings into the cache); capped at 4Mi loads (about a second in DRAM). */
    cl_uint steps = lines > base_steps ? (cl_uint)(lines < (1u << 22) ? lines : 1u << 22) : base_steps;
    uint32_t *next = xcalloc(fp / 4, sizeof *next);
    double *ns = xcalloc((size_t)trials, sizeof *ns);
    probe_chase_cycle(next, lines, LINE_UINTS, 0x9e3779b97f4a7c15ull ^ fp);
    struct chase c = { .k = k, .next = next, .bytes = fp, .steps = steps, .global = 1, .local = 1, .trials = trials,
                       .what = "the pointer chase" };
    if (chase_run(p, &c, ns, r) == 0)
        r->note = xasprintf("%u dependent loads, one per 128-byte line, in a random cycle", steps);
    free(next);
    free(ns);
}

void probe_chase(struct probe_run *p)
{
    cl_program prog;
    cl_kernel k;
    /* The rows come after, one per footprint: each says the build's failure. */
    cl_int e = probe_build(p, clsrc_probes_memory_chase, "clx_chase", NULL, NULL, 0, &prog, &k);
    double fps[MAX_FOOTPRINTS];
    int n = levels_footprints(4096, p->chase_top, fps, MAX_FOOTPRINTS);
    for (int i = 0; i < n && p->nrows < MAX_PROBE_ROWS; i++) {
        size_t fp = (size_t)fps[i];
        char *words = size_words(fps[i]);
        struct probe_row *r = probe_add_row(p, "latency", NULL, "ns", fps[i]);
        r->own = xasprintf("load latency, %s", words);
        r->measure = r->own;
        free(words);
        if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "building the pointer chase", e);
        else if (p->max_alloc && fp > p->max_alloc) {
            r->status = RS_SKIPPED;
            char *m = size_words((double)p->max_alloc);
            r->note = xasprintf("larger than the device's largest buffer (%s, CL_DEVICE_MAX_MEM_ALLOC_SIZE)", m);
            free(m);
        } else chase_one(p, k, fp, r);
    }
    if (k) clReleaseKernel(k);
    if (prog) clReleaseProgram(prog);
}

/* ---- local memory latency ---------------------------------------------------------------------- */

void probe_local_latency(struct probe_run *p)
{
    struct probe_row *r = probe_add_row(p, "local_latency", "local memory load latency", "ns", LOCAL_CHASE_UINTS * 4.0);
    cl_program prog;
    cl_kernel k;
    if (probe_build(p, clsrc_probes_memory_local_chase, "clx_local_chase", "building the local-memory chase", r, 1, &prog,
                    &k) != CL_SUCCESS)
        return;
    size_t local = probe_local_size(p, k, 64);
    cl_uint steps = !p->quick ? 1u << 20 : 1u << 14;
    uint32_t next[LOCAL_CHASE_UINTS];
    probe_chase_cycle(next, LOCAL_CHASE_UINTS, 1, 0x2545f4914f6cdd1dull);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    struct chase c = { .k = k, .next = next, .bytes = sizeof next, .steps = steps, .global = local, .local = local,
                       .trials = p->trials, .what = "the local-memory chase" };
    if (chase_run(p, &c, ns, r) == 0) {
        cl_device_local_mem_type lt = CL_LOCAL;
        clGetDeviceInfo(p->dev, CL_DEVICE_LOCAL_MEM_TYPE, sizeof lt, &lt, NULL);
        r->note = xasprintf("one work-item, %u dependent loads over a random cycle of %d uints (8 KiB), after its group "
                            "of %zu copied them in%s", steps, LOCAL_CHASE_UINTS, local,
                            lt == CL_GLOBAL ? "; the device's local memory is global memory (CL_GLOBAL): its caches answer" : "");
    }
    free(ns);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

/* ---- read bandwidth ---------------------------------------------------------------------------- */

/* A read over one footprint: its geometry (kernels/probes_memory_readbw.cl) and the answer the host expects. */
struct readbw {
    size_t gsz, local, n;        /* work-items, group size, float4 in the buffer (= per x gsz) */
    cl_uint per, passes, shift;
};

/* On a CPU device, the float4 each work-item reads a pass: a work-group runs there as a loop over
 * its work-items, so it reads as many streams at once as each work-item reads float4, a grid
 * apart, and streams a power of two apart contend for the sets of a cache. PoCL 3.1 on a 2-core EPYC
 * (2026-11-30, a loaded host), GB/s read from the last-level cache and from memory: the device-full
 * grid below (2048 work-items a compute unit, 4096 float4 each over 256 MiB) 2.2-3.7 and 1.0-3.3; 4
 * float4 a work-item 31-33 and 15-16, 8 11-17 and 11-20, 16 and 32 7-10 and 7-10, 2 20 and 8-9. */
#define READBW_CPU_PER 4

/* readbw_plan: the geometry for about `bytes`: a full device of work-items (2048 per compute unit,
 * as many as an NVIDIA SM holds; on a CPU one per READBW_CPU_PER float4), fewer when the footprint
 * is small; one pass (readbw_passes sets how many). 0, or -1 when the footprint is below one group's
 * float4. */
static int readbw_plan(const struct probe_run *p, size_t bytes, size_t local, struct readbw *g)
{
    size_t n = bytes / 16;
    g->local = local;
    g->gsz = probe_is_cpu(p) ? n / READBW_CPU_PER : (size_t)probe_compute_units(p) * 2048;
    if (g->gsz > n) g->gsz = n;
    g->gsz = g->gsz / local * local;
    if (g->gsz == 0) return -1;
    g->per = (cl_uint)(n / g->gsz);
    g->n = (size_t)g->per * g->gsz;
    g->passes = 1;
    size_t groups = g->gsz / local;
    g->shift = (cl_uint)((groups > 2 ? (groups / 2 + 1) % groups : groups == 2 ? 1 : 0) * local);
    return 0;
}

/* readbw_passes: passes enough for a launch of about target_ns, from one pass's one_ns (which
 * carries the launch's own cost: the launch comes out shorter, never longer); every lane's sum stays
 * a whole number below 2^24, exact in float (values are 0..3). */
static cl_uint readbw_passes(const struct readbw *g, double one_ns, double target_ns)
{
    double passes = one_ns > 0 ? floor(target_ns / one_ns) : 1, most = (double)(1 << 24) / (3.0 * g->per);
    return (cl_uint)(passes < 1 ? 1 : passes < most ? passes : most);
}

/* readbw_expected: each work-item's sum, as the kernel makes it, in double (exact). */
static double *readbw_expected(const struct readbw *g, const float *a)
{
    double *col = xcalloc(g->gsz, sizeof *col), *want = xcalloc(g->gsz, sizeof *want);
    for (size_t j = 0; j < g->per; j++)
        for (size_t b = 0; b < g->gsz; b++) {
            const float *v = a + 4 * (j * g->gsz + b);
            col[b] += (double)v[0] + v[1] + v[2] + v[3];
        }
    for (size_t i = 0; i < g->gsz; i++) {
        size_t base = i;
        for (cl_uint r = 0; r < g->passes; r++) {
            want[i] += col[base];
            base += g->shift;
            if (base >= g->gsz) base -= g->gsz;
        }
    }
    free(col);
    return want;
}

/* readbw_one: trials of the read over g into r (GB/s), every work-item's sum checked. */
static void readbw_one(struct probe_run *p, cl_kernel k, struct readbw *g, struct probe_row *r, int one_pass)
{
    float *a = xmalloc(g->n * 16), *out = xcalloc(g->gsz, sizeof *out);
    for (size_t i = 0; i < g->n * 4; i++) a[i] = (float)(((uint32_t)i * 2654435761u >> 13) & 3);
    cl_int e;
    cl_mem d = clCreateBuffer(p->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, g->n * 16, a, &e);
    cl_mem o = e == CL_SUCCESS ? clCreateBuffer(p->ctx, CL_MEM_WRITE_ONLY, g->gsz * sizeof *out, NULL, &e) : NULL;
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 0, sizeof d, &d);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 1, sizeof g->per, &g->per);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 2, sizeof g->passes, &g->passes);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 3, sizeof g->shift, &g->shift);
    if (e == CL_SUCCESS) e = clSetKernelArg(k, 4, sizeof o, &o);
    double *ns = xcalloc((size_t)p->trials, sizeof *ns);
    /* One pass (after a warm-up) says how many make a launch of about 10 ms (1 ms in quick mode).
     * Not on a CPU: its work-items run one after another, each all its passes, so a group would
     * read passes x per streams at once (READBW_CPU_PER); the launches repeat the pass instead. */
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, g->gsz, g->local, ns, 1, NULL, NULL);
    if (e == CL_SUCCESS && !one_pass && !probe_is_cpu(p)) {
        g->passes = readbw_passes(g, ns[0], p->quick ? 1e6 : 1e7);
        e = clSetKernelArg(k, 2, sizeof g->passes, &g->passes);
    }
    if (e == CL_SUCCESS) e = probe_run_timed(p, k, g->gsz, g->local, ns, p->trials, NULL, NULL);
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, o, CL_TRUE, 0, g->gsz * sizeof *out, out, 0, NULL, NULL);
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "the read kernel", e);
    else {
        double *want = readbw_expected(g, a);
        size_t bad = 0;
        for (size_t i = 0; i < g->gsz; i++) bad += (double)out[i] != want[i];
        free(want);
        if (bad) { r->status = RS_FAIL; r->note = xasprintf("%zu of %zu sums are wrong", bad, g->gsz); }
        else {
            double bytes = (double)g->n * 16 * g->passes;
            for (int t = 0; t < p->trials; t++) ns[t] = bytes / ns[t];
            stats_compute(ns, p->trials, &r->st);
            /* A memory read faster than the datasheet's bandwidth was served by a cache: say so. */
            int over = one_pass && p->mem_gbs > 0 && r->st.median > p->mem_gbs;
            r->note = xasprintf("%zu work-items in groups of %zu, %u float4 each a pass, %u passes each from %u "
                                "work-items on; every sum checked%s", g->gsz, g->local, g->per, g->passes, g->shift,
                                over ? "; IMPOSSIBLE: above the datasheet bandwidth, a cache answered" : "");
        }
    }
    free(ns);
    free(a);
    free(out);
    if (d) clReleaseMemObject(d);
    if (o) clReleaseMemObject(o);
}

/* readbw_row: one read row over about `bytes`, or a skipped row saying why not (why non-NULL). */
static void readbw_row(struct probe_run *p, cl_kernel k, const char *measure, double bytes, const char *why, int one_pass)
{
    struct probe_row *r = probe_add_row(p, "cachebw", measure, "GB/s", 0);
    if (why) { r->status = RS_SKIPPED; r->note = xstrdup(why); return; }
    if (p->max_alloc && bytes > (double)p->max_alloc) {
        r->status = RS_SKIPPED;
        r->note = xstrdup("larger than the device's largest buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
        return;
    }
    struct readbw g;
    if (readbw_plan(p, (size_t)bytes, probe_local_size(p, k, 256), &g)) {
        r->status = RS_SKIPPED;
        r->note = xstrdup("the footprint is smaller than one work-group's float4");
        return;
    }
    r->bytes = (double)g.n * 16;
    if (one_pass) r->peak = p->mem_gbs;          /* every byte from memory: the datasheet's bandwidth */
    readbw_one(p, k, &g, r, one_pass);
}

void probe_cachebw(struct probe_run *p)
{
    cl_program prog;
    cl_kernel k;
    /* Its rows depend on the device's cache (readbw_row): a failed build is one row. */
    cl_int e = probe_build(p, clsrc_probes_memory_readbw, "clx_readbw", NULL, NULL, 0, &prog, &k);
    if (e != CL_SUCCESS) {
        struct probe_row *r = probe_add_row(p, "cachebw", "reads", "GB/s", 0);
        probe_fail(r, RS_ERROR, "building the read kernel", e);
        return;
    }
    /* Half the last-level cache: well inside it, whatever else shares it; the memory read is past
     * four times it, where the latency curve has left every cache. */
    double llc = p->llc, cache = llc / 2, mem = (double)p->bytes > 4 * llc ? (double)p->bytes : 4 * llc;
    if (p->quick && cache > (double)p->bytes) cache = (double)p->bytes;
    if (p->quick) mem = (double)p->bytes;
    char *c = size_words(llc), *why_c = NULL, *why_m = NULL;
    if (!(llc > 0)) why_c = xstrdup("the last-level cache's size is unknown (the device reports none, and clx has no "
                                    "datasheet figure for it)");
    if (p->quick && mem <= llc)
        why_m = xasprintf("--quick reads %g MiB, which the last-level cache (%s, %s) holds: the memory read is the full "
                          "run's", mem / (1 << 20), c, p->llc_source);
    /* The cache's footprint is read again and again in one launch (about 10 ms); the memory's
     * once a launch: passes over it gave 4549 GB/s on an H100 whose HBM3 gives 3350 (its streams
     * 3098), more than the memory can, so a cache answered part of each pass. */
    readbw_row(p, k, PROBE_CACHE_READ, cache, why_c, 0);
    readbw_row(p, k, PROBE_MEMORY_READ, mem, why_m, 1);
    free(c); free(why_c); free(why_m);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

/* ---- levels ------------------------------------------------------------------------------------ */

/* memory_said: why level i is memory's (mem: levels_memory's, -1 none), for its note: past the
 * last-level cache, or holding its reported size at memory's latency ("" where it is a cache). */
static char *memory_said(const struct probe_run *p, const struct level *lv, int i, int mem)
{
    if (mem < 0 || i < mem) return xstrdup("");
    char *c = size_words(p->llc);
    char *s = lv[i].from_bytes > p->llc
                  ? xasprintf("; past the last-level cache (%s, %s): memory", c, p->llc_source)
                  : xasprintf("; the last-level cache's reported size (%s, %s) lies on it, with the footprints past "
                              "it: the chase shows no cache level of that size, its latency there is memory's: memory",
                              c, p->llc_source);
    free(c);
    return s;
}

/* What a cache read past the cache as the chase shows it (levels_cache_bytes) says of itself. */
#define CACHE_READ_IN_MEMORY "; past the largest footprint the pointer chase shows faster than memory: a read of memory"

/* The curve's levels as probe_levels found them: lv, memory's (mem: levels_memory's, -1 none), the
 * latencies of the curve's points (ns), and cachebw's reads (bw[nbw]): the level each falls in (at[b],
 * levels_at's), and whether it is a read of memory though made for the cache (in_memory[b]). */
struct hierarchy {
    const struct level *lv;
    int mem;
    const double *ns;
    struct probe_row **bw;
    int nbw;
    const int *at, *in_memory;
};

/* level_rows: level i's latency row, then a bandwidth row for each read that falls in it. */
static void level_rows(struct probe_run *p, const struct hierarchy *h, int i)
{
    const struct level *lv = h->lv;
    const double *ns = h->ns;
    struct probe_row **bw = h->bw;
    struct probe_row *r = probe_add_row(p, "levels", NULL, "ns", lv[i].to_bytes);
    r->own = xasprintf("level %d, latency", i + 1);
    r->measure = r->own;
    stats_compute(ns + lv[i].first, lv[i].last - lv[i].first + 1, &r->st);
    char *from = size_words(lv[i].from_bytes), *to = size_words(lv[i].to_bytes), *next = NULL;
    if (lv[i].next_bytes > 0) {
        char *nb = size_words(lv[i].next_bytes);
        double after = ns[lv[i].last + 1];
        next = after > 0 ? xasprintf("; the next footprint, %s, takes %.3g ns: the level ends between the two", nb, after)
                         : xasprintf("; the next footprint, %s, was not measured", nb);
        free(nb);
    } else next = xstrdup("; the largest footprint measured is on it");
    char *past = memory_said(p, lv, i, h->mem);
    r->note = xasprintf("%s to %s, %d footprints within %.0f%% of the lowest%s%s", from, to, r->st.n, 100 * LEVELS_TOL,
                        next, past);
    free(from); free(to); free(next); free(past);
    for (int b = 0; b < h->nbw && p->nrows < MAX_PROBE_ROWS; b++) {
        if (h->at[b] != i) continue;
        struct probe_row *w = probe_add_row(p, "levels", NULL, "GB/s", bw[b]->bytes);
        w->own = xasprintf("level %d, bandwidth", i + 1);
        w->measure = w->own;
        w->st = bw[b]->st;
        w->peak = bw[b]->peak;
        char *s = size_words(bw[b]->bytes);
        w->note = xasprintf("cachebw's '%s' over %s%s", bw[b]->measure, s, h->in_memory[b] ? CACHE_READ_IN_MEMORY : "");
        free(s);
    }
}

void probe_levels(struct probe_run *p)
{
    double fp[MAX_PROBE_ROWS], ns[MAX_PROBE_ROWS], cv[MAX_PROBE_ROWS];
    struct probe_row *bw[MAX_PROBE_ROWS];
    int n = 0, nbw = 0, any = 0;
    for (int i = 0; i < p->nrows; i++) {
        struct probe_row *r = &p->rows[i];
        if (!strcmp(r->probe, "latency")) {
            any = 1;
            /* Only footprints measured: a skipped one past the largest buffer ends the curve. */
            if (r->status == RS_SKIPPED) continue;
            fp[n] = r->bytes;
            cv[n] = r->status == RS_OK ? r->st.cv : 0;
            ns[n++] = r->status == RS_OK ? r->st.median : 0;
        } else if (!strcmp(r->probe, "cachebw") && r->status == RS_OK) bw[nbw++] = r;
    }
    if (!any) return;
    struct level lv[16];
    int k = levels_find(fp, ns, cv, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 16);
    if (k == 0) {
        struct probe_row *r = probe_add_row(p, "levels", "levels", "ns", 0);
        r->status = RS_SKIPPED;
        if (p->by_host && n < LEVELS_MIN_POINTS)
            r->note = xasprintf("only %d footprint%s measured, fewer than the %d a level needs: on a host-timed device "
                                "a chase not well above an empty launch's cost is none (the latency rows say)",
                                n, n == 1 ? "" : "s", LEVELS_MIN_POINTS);
        else
            r->note = xasprintf("no run of %d footprints whose latencies lie within %.0f%% of each other in the latency "
                                "curve", LEVELS_MIN_POINTS, 100 * LEVELS_TOL);
        return;
    }
    int at[MAX_PROBE_ROWS], in_memory[MAX_PROBE_ROWS], mem = levels_memory(lv, k, p->llc);
    double cache = levels_cache_bytes(fp, lv, mem, p->llc);
    for (int b = 0; b < nbw; b++) {
        at[b] = levels_at(lv, k, bw[b]->bytes);
        /* The cache's read, where the chase shows its footprint at memory's latency, read memory
         * (sol's ceilings take it so: measuredpeaks.c). */
        in_memory[b] = !strcmp(bw[b]->measure, PROBE_CACHE_READ) && bw[b]->bytes > cache;
        if (in_memory[b]) {
            char *n = xasprintf("%s%s", bw[b]->note ? bw[b]->note : "", CACHE_READ_IN_MEMORY);
            free(bw[b]->note);
            bw[b]->note = n;
        }
    }
    struct hierarchy h = { .lv = lv, .mem = mem, .ns = ns, .bw = bw, .nbw = nbw, .at = at, .in_memory = in_memory };
    for (int i = 0; i < k && p->nrows < MAX_PROBE_ROWS; i++) level_rows(p, &h, i);
}
