/* run_lanes.c — short rows' later rounds in contexts of their own (--contexts): each lane a context
 * of the run's device with its queue, blocker, buffers and the programs its rounds need. */
#include "run_impl.h"
#include "lib/stats.h"
#include "lib/worker.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The default on a GPU: as many contexts as the default rounds, so that each of a short row's five
 * rounds runs in another. On an H200 taylor's rows of 3-60 us in 12 processes each (tools/ctxrounds.c)
 * differed between processes by 1.65% at the 95th percentile (median over pairs) with the rounds in
 * one context, 1.06% with them in five (docs/timing.md, "Rounds in contexts of their own"). */
#define CONTEXTS_GPU 5

static int lane_open(struct run_lane *l, const struct run_device *d, char *why, size_t n)
{
    cl_int e;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)d->ocl.platform, 0 };
    memset(l, 0, sizeof *l);
    l->ctx = clCreateContext(props, 1, &d->ocl.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) { snprintf(why, n, "clCreateContext for another context: %s", ocl_err_name(e)); return -1; }
    l->q = clCreateCommandQueue(l->ctx, d->ocl.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) {
        snprintf(why, n, "clCreateCommandQueue in another context: %s", ocl_err_name(e));
        clReleaseContext(l->ctx);
        return -1;
    }
    worker_setup_kernels(1);
    int rc = blocker_open(&l->blk, l->ctx, l->q, d->ocl.id);
    worker_setup_kernels(0);
    if (rc) {
        snprintf(why, n, "the blocking kernel in another context: %s", l->blk.why);
        blocker_close(&l->blk);
        clReleaseCommandQueue(l->q);
        clReleaseContext(l->ctx);
        return -1;
    }
    bufpool_init(&l->pool, &d->dp);
    if (l->pool.max_dev > LANE_POOL_BYTES) l->pool.max_dev = LANE_POOL_BYTES;
    if (l->pool.max_host > LANE_POOL_BYTES) l->pool.max_host = LANE_POOL_BYTES;
    return 0;
}

void run_lanes_open(struct run_device *d, const struct run_opts *o)
{
    int c = o->contexts > 0 ? o->contexts : d->dp.type & CL_DEVICE_TYPE_GPU ? CONTEXTS_GPU : 1;
    d->lanes = NULL;
    d->nlanes = 0;
    d->lanes_why[0] = '\0';
    if (c <= 1) {
        snprintf(d->lanes_why, sizeof d->lanes_why, o->contexts > 0 ? "--contexts 1" : "not a GPU (the default there is 1)");
        return;
    }
    if (o->bench.cold) { snprintf(d->lanes_why, sizeof d->lanes_why, "--cold flushes the run's context before every trial"); return; }
    if (d->timer.host) { snprintf(d->lanes_why, sizeof d->lanes_why, "rows are timed by the host clock"); return; }
    if (!d->blk.k) { snprintf(d->lanes_why, sizeof d->lanes_why, "no blocking kernel: %s", d->blk.why); return; }
    d->lanes = xcalloc((size_t)(c - 1), sizeof *d->lanes);
    for (; d->nlanes < c - 1; d->nlanes++)
        if (lane_open(&d->lanes[d->nlanes], d, d->lanes_why, sizeof d->lanes_why)) break;
    if (d->nlanes < c - 1 && d->nlanes > 0) {
        /* Fewer than asked: rounds spread over those there are; the reason stays said. */
        char first[sizeof d->lanes_why];
        memcpy(first, d->lanes_why, sizeof first);
        snprintf(d->lanes_why, sizeof d->lanes_why, "%d of %d contexts: %.160s", d->nlanes + 1, c, first);
    }
}

void run_lanes_close(struct run_device *d)
{
    for (int i = 0; i < d->nlanes; i++) {
        struct run_lane *l = &d->lanes[i];
        for (int k = 0; k < l->nbuilds; k++) build_free(&l->builds[k]);
        free(l->builds);
        bench_buffers_free(&l->bufs);
        bufpool_free(&l->pool);
        blocker_close(&l->blk);
        clReleaseCommandQueue(l->q);
        clReleaseContext(l->ctx);
    }
    free(d->lanes);
    d->lanes = NULL;
    d->nlanes = 0;
}

int run_lane_index(int round, int contexts)
{
    return contexts > 1 && round % contexts ? round % contexts - 1 : -1;
}

/* lane_build: variant v, build b loaded in lane l (from the run's binary where it has one, else
 * from its source); 0, or -1 when it cannot be (the round then stays in the run's context). */
static int lane_build(struct runner *r, struct run_lane *l, int v, int b)
{
    int n = r->bl.nvariants * r->bl.nbuilds, k = build_index(&r->bl, v, b);
    if (!l->nbuilds) { l->builds = xcalloc((size_t)n, sizeof *l->builds); l->nbuilds = n; }
    struct build *lb = &l->builds[k];
    const struct build *bd = build_of(&r->bl, v, b);
    if (lb->ok) return 0;
    if (lb->error) return -1;                     /* tried before */
    const char *opts = r->plan.builds.v[b], *kernel = r->plan.variants[v].kernel;
    if (bd->binary && bd->binary_size) {
        if (build_from_binary(l->ctx, r->dev.ocl.id, bd->binary, bd->binary_size, opts, kernel, lb) == 0) return 0;
        build_free(lb);
        memset(lb, 0, sizeof *lb);
    }
    if (r->bl.sources[v]) build_variant(l->ctx, r->dev.ocl.id, &r->dev.dp, r->bl.sources[v], opts, kernel, lb);
    if (lb->ok) return 0;
    if (!lb->error) lb->error = xstrdup("no binary and no source");
    return -1;
}

struct run_lane *run_lane_for(struct runner *r, const struct pending *pc, int round, cl_kernel *kernel)
{
    int i = run_lane_index(round, r->dev.nlanes + 1);
    if (i < 0 || pc->t.n < 1 || r->dev.bufs.total_bytes > LANE_MAX_BYTES) return NULL;
    if (!(stats_median(pc->t.ms, pc->t.n) < LANE_MAX_MS)) return NULL;
    struct run_lane *l = &r->dev.lanes[i];
    if (lane_build(r, l, pc->v, pc->b)) return NULL;
    *kernel = l->builds[build_index(&r->bl, pc->v, pc->b)].kernel;
    return l;
}
