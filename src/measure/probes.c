/* probes.c — host-side measurements a spec may ask for after its sweep (`probes`): kernel launch
 * latency (an empty kernel: queued->start, start->end, the host's enqueue-to-finish round trip)
 * and transfers (host->device, device->host, pageable and pinned, both directions at once,
 * device->device; pageable staged by the host's threads in probe_staged.c), each verified, each
 * with its median and CV over the trials, into probes.tsv;
 * and the run of every kind (the kernels' probes are in probes_kernels.c and probes_memory.c). */
#include "probes_impl.h"
#include "measure/hostlaunch.h"
#include "measure/kernels/probes.cl.h"
#include "spec/probekinds.h"
#include "device/hostmem.h"
#include "lib/phase.h"
#include "store/results.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- launch latency --------------------------------------------------------------------------- */

static void probe_launch(struct probe_run *p)
{
    struct probe_row *rq = probe_add_row(p, "launch", "queued->start", "us", 0);
    struct probe_row *rs = probe_add_row(p, "launch", "start->end", "us", 0);
    struct probe_row *rh = probe_add_row(p, "launch", "enqueue+finish (host)", "us", 0);
    cl_program prog;
    cl_kernel k;
    cl_int e = probe_build(p, clsrc_probes, "clx_empty", "building the empty kernel", rq, 3, &prog, &k);
    if (e != CL_SUCCESS) return;
    size_t one = 1;
    int n = p->launches;
    double *q = xcalloc((size_t)n, sizeof *q), *s = xcalloc((size_t)n, sizeof *s), *h = xcalloc((size_t)n, sizeof *h);
    /* Warm-ups: the first launches pay for the driver's lazy set-up. */
    for (int i = 0; i < 10 && e == CL_SUCCESS; i++) e = clEnqueueNDRangeKernel(p->q, k, 1, NULL, &one, NULL, 0, NULL, NULL);
    if (e == CL_SUCCESS) e = ocl_finish(p->q);
    int got = 0;
    for (int i = 0; i < n && e == CL_SUCCESS; i++) {
        cl_event ev;
        double t0 = now_seconds();
        e = clEnqueueNDRangeKernel(p->q, k, 1, NULL, &one, NULL, 0, NULL, &ev);
        if (e != CL_SUCCESS) break;
        e = ocl_finish_for(p->q, 1, &ev);
        h[got] = (now_seconds() - t0) * 1e6;
        q[got] = ocl_event_ns(ev, CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_START) * 1e-3;
        s[got] = ocl_event_ns(ev, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END) * 1e-3;
        clReleaseEvent(ev);
        got++;
    }
    if (e != CL_SUCCESS)
        for (struct probe_row *r = rq; r <= rh; r++) probe_fail(r, RS_ERROR, "launching the empty kernel", e);
    stats_compute(q, got, &rq->st);
    stats_compute(s, got, &rs->st);
    stats_compute(h, got, &rh->st);
    rs->note = xstrdup("an empty kernel of one work-item; the device's timer resolution bounds it from below");
    probe_events_unusable(p, rq);
    probe_events_unusable(p, rs);
    free(q); free(s); free(h);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

void probe_host_launch(struct probe_run *p)
{
    p->launch_ns = 0;
    if (!p->by_host) return;
    cl_program prog;
    cl_kernel k;
    if (probe_build(p, clsrc_probes, "clx_empty", NULL, NULL, 0, &prog, &k) != CL_SUCCESS) return;
    p->launch_ns = hostlaunch_ns(p->q, k);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

/* ---- transfers --------------------------------------------------------------------------------- */

static int host_alloc(struct probe_run *p, enum hostmem_kind kind, struct hostmem *m)
{
    return hostmem_alloc(p->ctx, p->q, p->bytes, kind, m);
}

static void host_free(struct probe_run *p, struct hostmem *m) { hostmem_free(p->q, m); }

/* one_way: trials of host->device (to_device) or device->host between h and d, blocking calls or
 * not, timed by events; the last trial's data is checked on arrival. */
static void one_way(struct probe_run *p, struct probe_row *r, int to_device, cl_bool blocking, struct hostmem *h,
                    struct hostmem *other, cl_mem d)
{
    double *gbs = xcalloc((size_t)p->trials, sizeof *gbs);
    cl_int e = CL_SUCCESS;
    int got = 0;
    for (int t = 0; t < p->trials && e == CL_SUCCESS; t++) {
        cl_event ev;
        double t0;
        if (to_device) {
            probe_pattern(h->ptr, p->bytes, (unsigned)t);
            t0 = now_seconds();
            e = clEnqueueWriteBuffer(p->q, d, blocking, 0, p->bytes, h->ptr, 0, NULL, &ev);
        } else {
            e = probe_device_holds(p, d, other, t);
            t0 = now_seconds();
            if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, d, blocking, 0, p->bytes, h->ptr, 0, NULL, &ev);
        }
        if (e != CL_SUCCESS) break;
        e = ocl_finish_for(p->q, 1, &ev);
        double ns = probe_elapsed_ns(p, ev, ev, t0);
        clReleaseEvent(ev);
        gbs[got++] = ns > 0 ? (double)p->bytes / ns : NAN;
    }
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, to_device ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer", e);
    else probe_check_arrival(p, r, to_device, h, other, d);
    stats_compute(gbs, got, &r->st);
    free(gbs);
}

/* both_ways: host->device on q and device->host on q2 at once (pinned), GB/s of both together:
 * from the first start to the last end by the device's clock. */
static void both_ways(struct probe_run *p, struct probe_row *r, struct hostmem *up, struct hostmem *down, cl_mem d1,
                      cl_mem d2, struct hostmem *check)
{
    double *gbs = xcalloc((size_t)p->trials, sizeof *gbs);
    cl_int e = CL_SUCCESS;
    int got = 0;
    probe_pattern(check->ptr, p->bytes, 5);
    e = clEnqueueWriteBuffer(p->q, d2, CL_TRUE, 0, p->bytes, check->ptr, 0, NULL, NULL);
    probe_pattern(up->ptr, p->bytes, 9);
    for (int t = 0; t < p->trials && e == CL_SUCCESS; t++) {
        cl_event a, b;
        double t0 = now_seconds();
        e = clEnqueueWriteBuffer(p->q, d1, CL_FALSE, 0, p->bytes, up->ptr, 0, NULL, &a);
        if (e != CL_SUCCESS) break;
        e = clEnqueueReadBuffer(p->q2, d2, CL_FALSE, 0, p->bytes, down->ptr, 0, NULL, &b);
        if (e != CL_SUCCESS) { ocl_finish(p->q); clReleaseEvent(a); break; }
        clFlush(p->q);
        clFlush(p->q2);
        e = ocl_finish_for(p->q, 1, &a);
        cl_int e2 = ocl_finish_for(p->q2, 1, &b);
        if (e == CL_SUCCESS) e = e2;
        /* Both on one origin, a's start, so that no time is a double of 1.8e18 (ocl.h). */
        double s = fmin(0, ocl_event_gap_ns(a, CL_PROFILING_COMMAND_START, b, CL_PROFILING_COMMAND_START));
        double end = fmax(ocl_event_ns(a, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END),
                          ocl_event_gap_ns(a, CL_PROFILING_COMMAND_START, b, CL_PROFILING_COMMAND_END));
        if (p->by_host) { s = 0; end = probe_elapsed_ns(p, a, b, t0); }
        clReleaseEvent(a);
        clReleaseEvent(b);
        gbs[got++] = end > s ? 2.0 * (double)p->bytes / (end - s) : NAN;
    }
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "transfers both ways", e);
    else if (memcmp(down->ptr, check->ptr, p->bytes)) { r->status = RS_FAIL; r->note = xstrdup("the bytes read back differ from those on the device"); }
    else r->note = xstrdup("bytes of both directions over the time from the first start to the last end");
    stats_compute(gbs, got, &r->st);
    free(gbs);
}

/* device_copy: clEnqueueCopyBuffer d1 -> d2; counted as 2 x bytes (read and write), as a copy
 * kernel's bytes are. */
static void device_copy(struct probe_run *p, struct probe_row *r, cl_mem d1, cl_mem d2, struct hostmem *a,
                        struct hostmem *b)
{
    double *gbs = xcalloc((size_t)p->trials, sizeof *gbs);
    probe_pattern(a->ptr, p->bytes, 3);
    cl_int e = clEnqueueWriteBuffer(p->q, d1, CL_TRUE, 0, p->bytes, a->ptr, 0, NULL, NULL);
    int got = 0;
    for (int t = 0; t < p->trials && e == CL_SUCCESS; t++) {
        cl_event ev;
        double t0 = now_seconds();
        e = clEnqueueCopyBuffer(p->q, d1, d2, 0, 0, p->bytes, 0, NULL, &ev);
        if (e != CL_SUCCESS) break;
        e = ocl_finish_for(p->q, 1, &ev);
        double ns = probe_elapsed_ns(p, ev, ev, t0);
        clReleaseEvent(ev);
        gbs[got++] = ns > 0 ? 2.0 * (double)p->bytes / ns : NAN;
    }
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(p->q, d2, CL_TRUE, 0, p->bytes, b->ptr, 0, NULL, NULL);
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "clEnqueueCopyBuffer", e);
    else if (memcmp(a->ptr, b->ptr, p->bytes)) { r->status = RS_FAIL; r->note = xstrdup("the copy differs from its source"); }
    else r->note = xstrdup("2 x bytes (read and write) per copy");
    r->peak = p->mem_gbs;                        /* counted as a copy kernel's bytes are */
    stats_compute(gbs, got, &r->st);
    free(gbs);
}

/* host_memory_note: a note for the transfer rows of a device whose memory is the host's (a CPU
 * device, or one that says CL_DEVICE_HOST_UNIFIED_MEMORY), else NULL. */
static const char *host_memory_note(cl_device_id dev)
{
    cl_device_type type = 0;
    cl_bool unified = CL_FALSE;
    if (clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL) == CL_SUCCESS && (type & CL_DEVICE_TYPE_CPU))
        return "no link: a CPU device's memory is the host's";
    if (clGetDeviceInfo(dev, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL) == CL_SUCCESS && unified)
        return "no link: the device shares the host's memory (CL_DEVICE_HOST_UNIFIED_MEMORY)";
    return NULL;
}

static void probe_transfers(struct probe_run *p)
{
    if (!p->q2) {
        struct probe_row *r = probe_add_row(p, "transfers", "all", "GB/s", (double)p->bytes);
        probe_fail(r, RS_ERROR, "clCreateCommandQueue (second queue)", p->q2_error);
        return;
    }
    cl_int e;
    enum { NROWS = 10 };
    struct probe_row *rows[NROWS];
    /* Beside malloc's memory and non-blocking calls (what a program does without thinking), the
     * pageable path that was fastest of the driver's in a study on an H200 (docs/experiments/peaks.md:
     * a 4 KiB boundary, blocking calls, as OpenCL-Benchmark does), and pageable memory staged through
     * pinned memory by the host's threads (probe_staged.c), the fastest path from pageable memory. */
    static const char *const what[NROWS] = { "host->device pageable", "device->host pageable",
                                              "host->device pageable, page-aligned, blocking",
                                              "device->host pageable, page-aligned, blocking",
                                              "host->device pageable, staged by the host's threads",
                                              "device->host pageable, staged by the host's threads", "host->device pinned",
                                              "device->host pinned", "both ways at once, pinned", "device->device" };
    for (int i = 0; i < NROWS; i++) rows[i] = probe_add_row(p, "transfers", what[i], "GB/s", (double)p->bytes);
    cl_mem d1 = clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, p->bytes, NULL, &e);
    cl_mem d2 = e == CL_SUCCESS ? clCreateBuffer(p->ctx, CL_MEM_READ_WRITE, p->bytes, NULL, &e) : NULL;
    struct hostmem pg1 = {0}, pg2 = {0}, al = {0}, pn1 = {0}, pn2 = {0};
    if (e == CL_SUCCESS) e = host_alloc(p, HOSTMEM_PAGEABLE, &pg1);
    if (e == CL_SUCCESS) e = host_alloc(p, HOSTMEM_PAGEABLE, &pg2);
    if (e == CL_SUCCESS) e = host_alloc(p, HOSTMEM_PAGE_ALIGNED, &al);
    if (e == CL_SUCCESS) e = host_alloc(p, HOSTMEM_PINNED, &pn1);
    if (e == CL_SUCCESS) e = host_alloc(p, HOSTMEM_PINNED, &pn2);
    if (e != CL_SUCCESS) {
        for (int i = 0; i < NROWS; i++) probe_fail(rows[i], RS_ERROR, "allocating the transfer buffers", e);
    } else {
        one_way(p, rows[0], 1, CL_FALSE, &pg1, &pg2, d1);
        one_way(p, rows[1], 0, CL_FALSE, &pg1, &pg2, d1);
        one_way(p, rows[2], 1, CL_TRUE, &al, &pg2, d1);
        one_way(p, rows[3], 0, CL_TRUE, &al, &pg2, d1);
        probe_staged(p, rows[4], 1, &pg1, &pn1, &pg2, d1);
        probe_staged(p, rows[5], 0, &pg1, &pn1, &pg2, d1);
        one_way(p, rows[6], 1, CL_FALSE, &pn1, &pn2, d1);
        one_way(p, rows[7], 0, CL_FALSE, &pn1, &pn2, d1);
        both_ways(p, rows[8], &pn1, &pn2, d1, d2, &pg1);
        device_copy(p, rows[9], d1, d2, &pg1, &pg2);
        /* Where the device's memory is the host's there is no link: "pinned" and "pageable" are
         * the same memory, and a row times the copies within it (docs/experiments/peaks.md). */
        const char *same = host_memory_note(p->dev);
        for (int i = 0; same && i < NROWS - 1; i++) probe_note_add(rows[i], same, 0);
        /* Between host and device the link is the ceiling, each way; both at once, twice it. A row
         * above it says so: the link's reading (sysfs) or the row's timing is wrong. */
        for (int i = 0; i < NROWS - 1; i++) {        /* all but device->device, the last */
            struct probe_row *r = rows[i];
            r->peak = (strstr(what[i], "both ways") ? 2 : 1) * p->link_gbs;
            if (r->peak > 0 && r->status == RS_OK && r->st.n && r->st.median > r->peak) {
                char *n = xasprintf("IMPOSSIBLE: above the host link's %.4g GB/s", r->peak);
                probe_note_add(r, n, 0);
                free(n);
            }
        }
    }
    host_free(p, &pg1); host_free(p, &pg2); host_free(p, &al); host_free(p, &pn1); host_free(p, &pn2);
    if (d1) clReleaseMemObject(d1);
    if (d2) clReleaseMemObject(d2);
}

/* ---- the run ----------------------------------------------------------------------------------- */

static const char *const probe_cols[] = { "probe", "measure", "bytes", "n", "median", "unit", "cv", "min", "max",
                                          "status", "note", "peak", "mean", NULL };

static void write_rows(const struct probe_run *p, const char *dir, int *write_failed)
{
    char *path = xasprintf("%s/probes.tsv", dir);
    struct tsv_out t;
    if (tsv_open(&t, path)) { warn("cannot write %s", path); *write_failed = 1; free(path); return; }
    struct strlist cols = {0};
    for (int i = 0; probe_cols[i]; i++) sl_push(&cols, probe_cols[i]);
    tsv_header(&t, &cols);
    sl_free(&cols);
    for (int i = 0; i < p->nrows; i++) {
        const struct probe_row *r = &p->rows[i];
        struct strlist v = {0};
        sl_push(&v, r->probe);
        sl_push(&v, r->measure);
        sl_push_own(&v, r->bytes > 0 ? xasprintf("%.0f", r->bytes) : xstrdup(""));
        sl_push_own(&v, xasprintf("%d", r->st.n));
        sl_push_own(&v, r->st.n ? xasprintf("%.6g", r->st.median) : xstrdup(""));
        sl_push(&v, r->unit);
        sl_push_own(&v, r->st.n > 1 ? xasprintf("%.4f", r->st.cv) : xstrdup(""));
        sl_push_own(&v, r->st.n ? xasprintf("%.6g", r->st.min) : xstrdup(""));
        sl_push_own(&v, r->st.n ? xasprintf("%.6g", r->st.max) : xstrdup(""));
        sl_push(&v, row_status_word(r->status));
        sl_push(&v, r->note ? r->note : "");
        sl_push_own(&v, r->peak > 0 ? xasprintf("%.6g", r->peak) : xstrdup(""));
        sl_push_own(&v, r->st.n ? xasprintf("%.6g", r->st.mean) : xstrdup(""));
        tsv_row(&t, &v);
        sl_free(&v);
    }
    if (tsv_close(&t)) *write_failed = 1;
    free(path);
}

/* Each kind of spec/probekinds.h, by its index. */
static void (*const run_kind[])(struct probe_run *) = {
    [PROBE_LAUNCH] = probe_launch, [PROBE_TRANSFERS] = probe_transfers, [PROBE_LATENCY] = probe_chase,
    [PROBE_LOCAL] = probe_local, [PROBE_ATOMICS] = probe_atomics, [PROBE_CACHEBW] = probe_cachebw,
    [PROBE_LOCAL_LATENCY] = probe_local_latency, [PROBE_CHAIN_LATENCY] = probe_chain_latency,
};
_Static_assert(sizeof run_kind / sizeof *run_kind == PROBE_KINDS, "every probe kind has its function");

int probes_run(const struct probes_device *pd, const struct spec *s, int quick, const char *dir, int quiet,
               int *write_failed)
{
    cl_context ctx = pd->ctx;
    cl_device_id dev = pd->dev;
    const struct peak *pk = pd->pk;
    int by_host = pd->by_host;
    if (s->probes.n == 0) return 0;
    double t0 = now_seconds();
    struct probe_run p = { .ctx = ctx, .dev = dev, .q = pd->q, .trials = s->probe_trials, .launches = s->probe_launches,
                           .quick = quick, .by_host = by_host, .bytes = (size_t)s->probe_bytes,
                           .llc = pk->cache_bytes, .llc_source = pk->cache_source,
                           .mem_gbs = pk->mem_gbs, .link_gbs = pk->link_gbs };
    clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof p.max_alloc, &p.max_alloc, NULL);
    /* Quick mode (make check): a 64th of the bytes and a tenth of the launches. */
    if (quick) {
        p.bytes = p.bytes / 64 > 4096 ? p.bytes / 64 : 4096;
        p.launches = p.launches / 10 > 10 ? p.launches / 10 : 10;
        p.trials = p.trials > 5 ? 5 : p.trials;
    }
    /* The chase passes four times the last-level cache, where every load comes from memory; quick
     * mode keeps to its small bytes. */
    p.chase_top = !quick && 4 * p.llc > (double)p.bytes ? 4 * p.llc : (double)p.bytes;
    p.rows = xcalloc(MAX_PROBE_ROWS, sizeof *p.rows);
    cl_int e;
    p.q2 = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    p.q2_error = e;
    int made = 0;
    probe_host_launch(&p);
    for (int i = 0; i < s->probes.n && !(pd->stop && pd->stop()); i++, made++) {
        int k = probe_kind_of(s->probes.v[i]);
        if (k >= 0) run_kind[k](&p);           /* the spec reader let no other name through */
    }
    if (pd->made) *pd->made = made;
    probe_host_latencies(&p);
    probe_levels(&p);
    if (p.q2) clReleaseCommandQueue(p.q2);
    /* Host-timed rows carry the launch's cost: said in each, so no one reads them as the device's. */
    for (int i = 0; by_host && i < p.nrows; i++)
        if (p.rows[i].status == RS_OK)
            probe_note_add(&p.rows[i], "timed by the host clock, enqueue to finish (the events do not time commands here)", 1);
    write_rows(&p, dir, write_failed);
    int bad = 0;
    if (!quiet) printf("\nProbes (median of the trials, CV; %s/probes.tsv):\n", dir);
    for (int i = 0; i < p.nrows; i++) {
        const struct probe_row *r = &p.rows[i];
        int ok = r->status == RS_OK, skipped = r->status == RS_SKIPPED;
        bad += row_status_is_failed(r->status);
        if (skipped) { if (!quiet) printf("  %-13s %-28s skipped: %s\n", r->probe, r->measure, r->note); }
        else if (!ok) warn("probe %s, %s: %s: %s", r->probe, r->measure, row_status_word(r->status), r->note ? r->note : "");
        else if (!quiet)
        {
            char fig[32];
            printf("  %-13s %-28s %10s %-5s CV %5.1f%%  (%d", r->probe, r->measure, fmt_fig(fig, sizeof fig, r->st.median),
                   r->unit, 100 * r->st.cv, r->st.n);
            if (!strcmp(r->probe, "transfers") || !strcmp(r->probe, "cachebw"))
                printf(" trials of %.4g MiB)\n", r->bytes / 1048576.0);
            else if (!strcmp(r->probe, "levels") && !strcmp(r->unit, "ns")) {
                char *w = size_words(r->bytes);
                printf(" footprints, to %s)\n", w);
                free(w);
            }
            else printf(" %s)\n", !strcmp(r->probe, "launch") ? "launches" : "trials");
        }
        free(r->note);
        free(r->own);
    }
    free(p.rows);
    fflush(stdout);
    phase_add(PH_PROBES, now_seconds() - t0);
    return bad;
}
