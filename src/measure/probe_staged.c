/* probe_staged.c — pageable transfers staged by the host's own threads through pinned memory (issue
 * 19, item 6): a plain pageable copy goes through the driver's staging buffers at the speed of one
 * thread's memcpy (about 9 GB/s on an H200's host, against 55 GB/s of DMA from pinned memory), and
 * neither alignment, chunking, blocking mode nor more threads calling the driver moved it
 * (docs/experiments/peaks.md). Here the bytes start (or end) in pageable memory as before, but the
 * host's cores copy them into (out of) a pinned buffer part by part while the DMA of the parts
 * already copied runs: the fastest path from pageable memory found (26-27 GB/s each way there). */
#include "probes_impl.h"
#include "lib/par.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parts of the transfer: enough that the DMA of one overlaps the copies of the next and every core
 * has several, large enough that each enqueue's own cost (5-20 us) stays small beside its DMA. */
#define STAGED_PARTS 32
#define STAGED_LEAST_PART (256u << 10)

struct staged {
    struct probe_run *p;
    unsigned char *pageable, *pinned;
    cl_mem d;
    size_t part;
    int to_device;
    cl_event *arrived;           /* device->host: each part's read into pinned memory */
};

static size_t part_bytes(const struct staged *s, size_t i)
{
    size_t off = i * s->part;
    return s->p->bytes - off < s->part ? s->p->bytes - off : s->part;
}

/* stage: this thread's parts [lo, hi): host->device copies each into pinned memory and sends it at
 * once; device->host waits for each part's arrival and copies it out. The OpenCL error that stopped
 * it (non-zero), else 0: par_for hands back the first part's. */
static int stage(void *arg, int k, size_t lo, size_t hi)
{
    (void)k;
    struct staged *s = arg;
    for (size_t i = lo; i < hi; i++) {
        size_t off = i * s->part, n = part_bytes(s, i);
        cl_int e;
        if (s->to_device) {
            memcpy(s->pinned + off, s->pageable + off, n);
            e = clEnqueueWriteBuffer(s->p->q, s->d, CL_FALSE, off, n, s->pinned + off, 0, NULL, NULL);
            if (e == CL_SUCCESS) e = clFlush(s->p->q);
        } else {
            e = clWaitForEvents(1, &s->arrived[i]);
            if (e == CL_SUCCESS) memcpy(s->pageable + off, s->pinned + off, n);
        }
        if (e != CL_SUCCESS) return e;
    }
    return 0;
}

/* one_trial: the whole transfer once; its ns by the host's clock (the copies are host work). */
static cl_int one_trial(struct staged *s, size_t nparts, double *ns)
{
    double t0 = now_seconds();
    cl_int err = CL_SUCCESS;
    if (!s->to_device)
        for (size_t i = 0; i < nparts && err == CL_SUCCESS; i++)
            err = clEnqueueReadBuffer(s->p->q, s->d, CL_FALSE, i * s->part, part_bytes(s, i), s->pinned + i * s->part, 0,
                                      NULL, &s->arrived[i]);
    if (err == CL_SUCCESS) {
        clFlush(s->p->q);
        err = (cl_int)par_for(nparts, 1, stage, s);
    }
    cl_int e = ocl_finish(s->p->q);
    *ns = (now_seconds() - t0) * 1e9;
    if (!s->to_device)
        for (size_t i = 0; i < nparts; i++)
            if (s->arrived[i]) { clReleaseEvent(s->arrived[i]); s->arrived[i] = NULL; }
    return err != CL_SUCCESS ? err : e;
}

void probe_staged(struct probe_run *p, struct probe_row *r, int to_device, struct hostmem *pageable,
                  struct hostmem *pinned, struct hostmem *check, cl_mem d)
{
    size_t part = (p->bytes + STAGED_PARTS - 1) / STAGED_PARTS;
    part = (part + 4095) / 4096 * 4096;
    if (part < STAGED_LEAST_PART) part = STAGED_LEAST_PART;
    size_t nparts = (p->bytes + part - 1) / part;
    struct staged s = { .p = p, .pageable = pageable->ptr, .pinned = pinned->ptr, .d = d, .part = part,
                        .to_device = to_device, .arrived = xcalloc(nparts, sizeof(cl_event)) };
    double *gbs = xcalloc((size_t)p->trials, sizeof *gbs);
    cl_int e = CL_SUCCESS;
    int got = 0;
    for (int t = 0; t < p->trials && e == CL_SUCCESS; t++) {
        if (to_device) probe_pattern(pageable->ptr, p->bytes, (unsigned)t + 31);
        else if ((e = probe_device_holds(p, d, check, t)) != CL_SUCCESS) break;
        double ns = 0;
        e = one_trial(&s, nparts, &ns);
        if (e == CL_SUCCESS) gbs[got++] = ns > 0 ? (double)p->bytes / ns : NAN;
    }
    if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, to_device ? "a staged host->device part" : "a staged device->host part", e);
    else probe_check_arrival(p, r, to_device, pageable, check, d);
    if (!r->note)
        r->note = xasprintf("%s%d threads copy %zu parts of %zu KiB %s a pinned buffer, each part's DMA overlapping the "
                            "next copies", p->by_host ? "" : "the host's clock; ", par_threads(nparts, 1), nparts,
                            part >> 10, to_device ? "into" : "out of");   /* by_host rows say so already */
    stats_compute(gbs, got, &r->st);
    free(gbs);
    free(s.arrived);
}
