/* modes_exec.c — the OpenCL side of a modes run (in its worker process only): one context and two
 * queues per device, each variant built and its buffers made on the devices its parts use, their
 * host sides pinned, and the overlapped execution of a mode: non-blocking uploads, then per chunk a
 * kernel on the compute queue and a non-blocking read of its columns on the copy queue that waits
 * on the kernel. */
#include "modes_impl.h"
#include "lib/hostguard.h"
#include "lib/stopcatch.h"
#include "spec/geometry.h"
#include "spec/restrictions.h"
#include "spec/expand.h"
#include "spec/workcheck.h"
#include "spec/wgunknown.h"
#include "device/devselect.h"
#include "device/firstlaunch.h"
#include "measure/expected_probe.h"
#include "measure/kargs.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void open_device(struct mdev *d, const char *sel)
{
    d->dev = ocl_select(sel);
    ocl_query(d->dev.platform, d->dev.id, &d->dp);
    snprintf(d->index, sizeof d->index, "%d:%d", d->dev.pidx, d->dev.didx);
    cl_int e;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)d->dev.platform, 0 };
    d->ctx = clCreateContext(props, 1, &d->dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext on %s: %s", d->dp.name, ocl_err_name(e));
    /* Two in-order queues: a chunk's download on the copy queue runs beside the next chunk's kernel. */
    d->kq = clCreateCommandQueue(d->ctx, d->dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e == CL_SUCCESS) d->cq = clCreateCommandQueue(d->ctx, d->dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) die("clCreateCommandQueue on %s: %s", d->dp.name, ocl_err_name(e));
}

void modes_setup(struct modes_ctx *c, char *const *sels, int nsel)
{
    c->ndev = nsel;
    c->devs = xcalloc((size_t)nsel, sizeof *c->devs);
    for (int i = 0; i < nsel; i++) open_device(&c->devs[i], sels[i]);
    /* Each device's: the plan is made with the first's largest work-group alone. */
    for (int i = 0; i < nsel; i++) {
        char *unknown = c->devs[i].dp.max_wg ? NULL : wgunknown_said(c->s, c->o->ov, c->o->nov, c->o->quick);
        if (unknown) die("%s (on %s)", unknown, c->devs[i].dp.name);
    }
    char *err = NULL;
    int planned = plan_make(c->s, c->o->ov, c->o->nov, c->o->quick, plan_max_wg(c->devs[0].dp.max_wg), &c->plan, &err);
    if (planned == -2) die_usage("%s", err);
    if (planned) die("%s", err);
    /* flops and bytes checked as a sweep's are (a division by zero, a negative value), with each
     * device's values: the spec's mistake, said before the devices' turns are waited for. */
    for (int i = 0; i < nsel; i++) {
        char *work = workcheck_plan(c->s, &c->plan, &c->devs[i].dp);
        if (work) die("%s", work);
    }
    restrictions_nan_warn(c->s, &c->plan);
    c->cpu_ms = xcalloc((size_t)c->plan.nvariants, sizeof *c->cpu_ms);
    for (int v = 0; v < c->plan.nvariants; v++) c->cpu_ms[v] = NAN;
    expected_init(&c->x, c->devs[0].ctx, c->devs[0].kq, NULL, &c->devs[0].dp);
    c->x.outputs_on_host = 1;
}

/* by_identity: the devices in the order of their hardware's identity (qsort over a table of it). */
static const char *const *sort_ids;
static int by_identity(const void *a, const void *b)
{
    return strcmp(sort_ids[*(const int *)a], sort_ids[*(const int *)b]);
}

void modes_take_turns(struct modes_ctx *c)
{
    /* Each piece of hardware once: two devices of one (PoCL's CPU twice, the default test's pair)
     * are one turn, and a second flock of it from this process would wait on the first for ever.
     * Taken in the identities' order, so that two modes runs over the same devices listed in two
     * orders never hold one turn each, each waiting for the other's. */
    char **ids = xcalloc((size_t)c->ndev, sizeof *ids);
    int *order = xcalloc((size_t)c->ndev, sizeof *order);
    for (int i = 0; i < c->ndev; i++) { ids[i] = devlock_identity(&c->devs[i].dp); order[i] = i; }
    sort_ids = (const char *const *)ids;
    qsort(order, (size_t)c->ndev, sizeof *order, by_identity);
    c->locks = xcalloc((size_t)c->ndev, sizeof *c->locks);
    for (int k = 0; k < c->ndev && !stopcatch_signal(); k++) {
        int i = order[k];
        if (k && !strcmp(ids[i], ids[order[k - 1]])) continue;
        devlock_take(&c->locks[c->nlocks++], ids[i], c->devs[i].dp.name, c->o->share_device);
    }
    for (int i = 0; i < c->ndev; i++) free(ids[i]);
    free(ids);
    free(order);
}

struct devlock_watch *modes_watch_start(const struct modes_ctx *c)
{
    struct devlock_watch *w = xcalloc((size_t)c->nlocks + 1, sizeof *w);
    for (int i = 0; i < c->nlocks; i++) devlock_watch_start(&c->locks[i], &w[i]);
    return w;
}

int modes_watch_end(const struct modes_ctx *c, struct devlock_watch *w)
{
    int shared = 0;
    for (int i = 0; i < c->nlocks; i++) shared |= devlock_watch_end(&c->locks[i], &w[i]);
    free(w);
    return shared;
}

int modes_device_of(const struct modes_ctx *c, const struct mode_part *p)
{
    return c->ndev == 1 ? 0 : p->device - 1;
}

/* ---- a variant on a device ------------------------------------------------------------------ */

/* point_vars: the variables of the modes' launch point for variant var on device dp: the first
 * value of every axis (after --quick and --set), then the spec's point over them. */
static void point_vars(const struct modes_ctx *c, const struct variant *var, const struct devprops *dp, struct vars *vv)
{
    plan_device_vars(dp, vv);
    plan_variant_vars(var, vv);
    plan_point_vars(&c->plan, 0, vv);
    for (int i = 0; i < c->m->npoint; i++) vars_set(vv, c->m->point_names[i], c->m->point_values[i]);
    vars_set(vv, "NOOPT", 0);
}

/* geometry: the launch of the whole range; its dim-0 extent is what the spec's global asks for. */
static char *geometry(const struct spec *s, struct vars *vv, struct launch *L, size_t *extent)
{
    memset(L, 0, sizeof *L);
    L->dims = (cl_uint)s->global.n;
    char *why = NULL;
    if (geometry_derived(s, vv, 1, &why)) return why;
    for (cl_uint d = 0; d < L->dims; d++) {
        double lx, gx;
        if (geometry_dim(s, d, vv, &lx, &gx, &why)) return why;
        L->local[d] = (size_t)lx;
        L->global[d] = (size_t)(ceil(gx / lx) * lx);
        if (d == 0) *extent = (size_t)gx;
    }
    /* The modes set no GLOBAL or GROUPS: a value that reads them is left out, as before the launch. */
    return geometry_derived(s, vv, 1, &why) ? why : NULL;
}

/* requires_false: why the variant cannot run on the device (its requires is false), or NULL. */
static char *requires_false(const struct modes_ctx *c, const struct variant *var, const struct vars *vv)
{
    int sv = var->name ? spec_variant_find(c->s, var->name) : -1;
    const char *req = sv >= 0 ? c->s->variants[sv].requires : NULL;
    double ok = 1;
    char *err = NULL;
    if (!req) return NULL;
    if (expr_eval(req, vv, &ok, &err)) return err;
    return ok ? NULL : xasprintf("requires %s, false on this device", req);
}

/* fill_slot: everything the variant needs on the device; a failure is kept in sl->why. */
static void fill_slot(struct modes_ctx *c, struct slot *sl)
{
    const struct variant *var = &c->plan.variants[sl->v];
    struct mdev *d = &c->devs[sl->d];
    const struct spec *s = c->s;
    sl->bt = xcalloc((size_t)s->nbufs + 1, sizeof *sl->bt);
    sl->at = xcalloc((size_t)s->nargs + 1, sizeof *sl->at);
    for (int i = 0; i < s->nbufs && !sl->why; i++)
        sl->why = plan_variant_type(var, s->bufs[i].type, s->bufs[i].type_param, &sl->bt[i]);
    for (int i = 0; i < s->nargs && !sl->why; i++)
        sl->why = plan_variant_type(var, s->args[i].type, s->args[i].type_param, &sl->at[i]);
    if (sl->why) return;
    point_vars(c, var, &d->dp, &sl->vv);
    if ((sl->why = requires_false(c, var, &sl->vv))) { sl->why_status = RS_SKIPPED; return; }
    /* The spec's restrictions that read a launch axis, at the modes' point (as clx run's rows). */
    char *rerr = NULL;
    if ((sl->why = restrictions_point(s, &sl->vv, &rerr))) { sl->why_status = RS_SKIPPED; return; }
    if ((sl->why = rerr)) return;
    if ((sl->why = geometry(s, &sl->vv, &sl->L, &sl->extent))) return;
    if ((sl->why = modes_stride_refused(s, var->id, &sl->vv))) return;
    char *err = NULL;
    char *src = expand_variant(s->template_name, &var->keys, &var->values, "modes", &err);
    if (!src) { sl->why = xasprintf("m4: %s", err); free(err); return; }
    build_variant(d->ctx, d->dev.id, &d->dp, src, c->plan.builds.v[0], var->kernel, &sl->bd);
    free(src);
    if (sl->bd.no_kernel) {
        char *from = plan_kernel_origin(s, var, NULL);
        sl->why = xasprintf("build: %s; %s", sl->bd.error, from);
        free(from);
        sl->why_status = RS_BUILD_FAILED;
        return;
    }
    if (!sl->bd.ok) { sl->why = xasprintf("build: %s", sl->bd.error); sl->why_status = RS_BUILD_FAILED; return; }
    /* A buffer or argument its kernel does not take: no row of it runs, as in clx run (kargs.h). */
    char *refused = kargs_check(s, var->kernel, sl->bd.params, sl->bt, sl->at);
    if (refused) {
        sl->why = xasprintf(KARGS_REFUSED_SAID " (no compile error): %s", refused);
        free(refused);
        sl->why_status = RS_BUILD_FAILED;
        return;
    }
    /* The joined outputs are checked on the host (modes_out.c): the expected ones are kept there. The
     * probe, where it is due and its copies do not fit beside these, waits for another slot's
     * (sl->bs.probe_no_room, read by expected_check). */
    enum memneed_expect x = c->o->verify == VERIFY_OFF || (!s->reference && !s->baseline) ? MEMNEED_EXPECT_NONE
                          : MEMNEED_EXPECT_HOST;
    struct bench_want want = { .s = s, .types = sl->bt, .v = &sl->vv, .seed = c->o->seed, .expect = x,
                               .probe = x != MEMNEED_EXPECT_NONE && expected_probe_due(&c->x, s) };
    int brc = bench_buffers(d->ctx, d->kq, &d->dp, &want, NULL, &sl->bs, &err);
    if (brc) { sl->why = err; sl->why_status = brc > 0 ? RS_SKIPPED : RS_ERROR; return; }
    if ((sl->why = modes_columns_refused(s, sl))) return;
    if (bench_set_args(sl->bd.kernel, s, sl->at, &sl->vv, &sl->bs, &err)) sl->why = err;
}

struct slot *modes_slot(struct modes_ctx *c, const char *variant, int d)
{
    int v = -1;
    for (int i = 0; i < c->plan.nvariants && v < 0; i++)
        if (c->plan.variants[i].name && !strcmp(c->plan.variants[i].name, variant)) v = i;
    for (int i = 0; i < c->nslots; i++)
        if (c->slots[i].v == v && c->slots[i].d == d) return &c->slots[i];
    /* Slots are kept by pointer: room for every variant on every device from the start. */
    if (!c->slots) c->slots = xcalloc((size_t)(c->plan.nvariants + 1) * (size_t)c->ndev, sizeof *c->slots);
    struct slot *sl = &c->slots[c->nslots++];
    sl->v = v;
    sl->d = d;
    sl->why_status = RS_ERROR;   /* unless fill_slot finds a skip or a failed build */
    if (v < 0) sl->why = xasprintf("variant %s is not in this run (--set variant= left it out)", variant);
    else fill_slot(c, sl);
    return sl;
}

/* ---- pinned host memory ------------------------------------------------------------------------ */

/* pin_side: moves one buffer's host side (its inputs or its output room) into pinned memory of
 * device d; CL_SUCCESS, or the error with the buffer left pageable. */
static cl_int pin_side(struct mdev *d, struct slot *sl, int i, void **side)
{
    struct dbuf *b = &sl->bs.b[i];
    if (!sl->pin) sl->pin = xcalloc((size_t)sl->bs.n, sizeof *sl->pin);
    cl_int e = hostmem_alloc(d->ctx, d->cq, b->bytes, HOSTMEM_PINNED, &sl->pin[i]);
    if (e != CL_SUCCESS) return e;
    memcpy(sl->pin[i].ptr, *side, b->bytes);
    /* Inputs lose their guards here (bench.c's hostguard_alloc): a pinned mapping is the driver's,
     * and has none; a reference reads a guarded copy instead (modes_refin.c). */
    if (side == &b->init) hostguard_free(*side, b->bytes);
    else free(*side);
    *side = sl->pin[i].ptr;
    return CL_SUCCESS;
}

void modes_pin(struct modes_ctx *c, struct slot **slot, struct slot **home, int np, struct sbuf *note)
{
    for (int p = 0; p < np; p++)
        for (int i = 0; i < slot[p]->bs.n; i++) {
            struct slot *sl = slot[p]->bs.b[i].init ? slot[p] : home[p];
            struct dbuf *b = &sl->bs.b[i];
            void **side = b->init ? &b->init : b->result ? &b->result : NULL;
            if (!side) continue;
            if (sl->pin && sl->pin[i].ptr) continue;           /* pinned for an earlier mode */
            cl_int e = pin_side(&c->devs[sl->d], sl, i, side);
            if (e == CL_SUCCESS) {
                c->pinned++;
                continue;
            }
            c->pageable++;
            sb_printf(note, "%s%s's %s stays in pageable host memory (pinning it: %s)", note->len ? "; " : "",
                      c->plan.variants[sl->v].name, b->sb->name, ocl_err_name(e));
        }
}

/* ---- the overlapped execution --------------------------------------------------------------- */

static double event_ms(cl_event e)
{
    double ns = ocl_event_ns(e, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END);
    return ns > 0 ? ns * 1e-6 : 0;
}

/* upload: the inputs of sl, non-blocking on the copy queue (once per execution per slot). */
static cl_int upload(struct mdev *d, struct slot *sl)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < sl->bs.n && e == CL_SUCCESS && sl->nup < SLOT_MAX_UPLOADS; i++) {
        struct dbuf *b = &sl->bs.b[i];
        if (!b->init) continue;
        e = clEnqueueWriteBuffer(d->cq, b->mem, CL_FALSE, 0, b->bytes, b->init, 0, NULL, &sl->up[sl->nup]);
        if (e == CL_SUCCESS) sl->nup++;
    }
    return e;
}

/* read_chunk: the columns r of every output of sl, into home's host copy, after kernel k. */
static cl_int read_chunk(struct mdev *d, struct slot *sl, struct slot *home, struct mode_range r, cl_event k,
                         cl_event *ev, int *nev)
{
    for (int i = 0; i < sl->bs.n; i++) {
        struct dbuf *b = &sl->bs.b[i];
        if (b->init || !home->bs.b[i].result) continue;
        struct mode_read rd;
        size_t elem = cltype_info(b->type)->size;
        if (modes_read_region(b->count, sl->extent, elem, r, &rd)) return CL_INVALID_BUFFER_SIZE;
        char *host = home->bs.b[i].result;
        cl_int e = rd.contiguous
            ? clEnqueueReadBuffer(d->cq, b->mem, CL_FALSE, rd.offset, rd.bytes, host + rd.offset, 1, &k, &ev[*nev])
            : clEnqueueReadBufferRect(d->cq, b->mem, CL_FALSE, rd.origin, rd.origin, rd.region, rd.pitch, 0,
                                      rd.pitch, 0, host, 1, &k, &ev[*nev]);
        if (e != CL_SUCCESS) return e;
        (*nev)++;
    }
    return CL_SUCCESS;
}

/* enqueue_part: part p's chunks: each a kernel over its columns (global offset on dimension 0)
 * and the reads that wait on it. Events go to kev and rev (room for the chunks and their reads). */
static cl_int enqueue_part(struct modes_ctx *c, struct slot *sl, struct slot *home, struct part_meas *pm,
                           cl_event *kev, cl_event *rev, int *nrev)
{
    struct mdev *d = &c->devs[sl->d];
    struct mode_range *ch = xcalloc((size_t)c->m->chunks, sizeof *ch);
    pm->nchunks = modes_chunks(pm->r, sl->L.local[0], c->m->chunks, ch);
    cl_int e = CL_SUCCESS;
    for (int k = 0; k < pm->nchunks && e == CL_SUCCESS; k++) {
        size_t off[3] = { ch[k].a, 0, 0 }, g[3];
        memcpy(g, sl->L.global, sizeof g);
        g[0] = (ch[k].b - ch[k].a + sl->L.local[0] - 1) / sl->L.local[0] * sl->L.local[0];
        e = clEnqueueNDRangeKernel(d->kq, sl->bd.kernel, sl->L.dims, off, g, sl->L.local, (cl_uint)sl->nup,
                                   sl->nup ? sl->up : NULL, &kev[k]);
        if (e != CL_SUCCESS) pm->nchunks = k;                  /* only enqueued kernels have events */
        else if ((e = read_chunk(d, sl, home, ch[k], kev[k], rev, nrev)) != CL_SUCCESS) pm->nchunks = k + 1;
    }
    free(ch);
    return e;
}

/* finish_all: waits for every queue. A kernel that never ends would keep the worker here for ever:
 * SIGALRM ends it past the limit a sweep's launch has (trials_launch_limit: --timeout, else 60 s
 * or 50 times the longest mode so far, the first mode longer on a driver that compiles then), and
 * the parent says so (modes_run.c); so it does, a second after a stop (modes_stop.c). */
static void finish_all(struct modes_ctx *c)
{
    double t0 = now_seconds(), first = 0;
    for (int i = 0; i < c->ndev; i++) { clFlush(c->devs[i].kq); clFlush(c->devs[i].cq); }
    for (int i = 0; i < c->ndev; i++) first = fmax(first, firstlaunch_allowance_s(&c->devs[i].dp, NULL));
    alarm((unsigned)ceil(trials_launch_limit(&c->o->bench, c->longest_s, first)));
    stopcatch_waiting(1);
    for (int i = 0; i < c->ndev; i++) { ocl_finish(c->devs[i].cq); ocl_finish(c->devs[i].kq); }
    stopcatch_waiting(0);
    alarm(0);
    if (now_seconds() - t0 > c->longest_s) c->longest_s = now_seconds() - t0;
}

int modes_execute(struct modes_ctx *c, const struct spec_mode *md, struct slot **slot, struct slot **home,
                  struct part_meas *meas, int t, double *wall_ms, char **err)
{
    int np = md->nparts, chunks = c->m->chunks, nout = slot[0]->bs.n;
    cl_event *kev = xcalloc((size_t)(np * chunks), sizeof *kev);
    cl_event *rev = xcalloc((size_t)(np * chunks * nout), sizeof *rev);
    int *nrev = xcalloc((size_t)np, sizeof *nrev);
    cl_int e = CL_SUCCESS;
    const char *what = "clEnqueueWriteBuffer";
    for (int p = 0; p < np; p++) { slot[p]->nup = 0; meas[p].uploads = 0; meas[p].nchunks = 0; }
    double t0 = now_seconds();
    /* Every upload first: on an in-order copy queue, a later part's upload would wait behind the
     * reads of an earlier part, and so would its kernels. */
    for (int p = 0; p < np && e == CL_SUCCESS; p++)
        if (!slot[p]->nup && (e = upload(&c->devs[slot[p]->d], slot[p])) == CL_SUCCESS) meas[p].uploads = 1;
    if (e == CL_SUCCESS) what = "clEnqueueNDRangeKernel or a read";
    for (int p = 0; p < np && e == CL_SUCCESS; p++)
        e = enqueue_part(c, slot[p], home[p], &meas[p], kev + p * chunks, rev + p * chunks * nout, &nrev[p]);
    finish_all(c);
    *wall_ms = (now_seconds() - t0) * 1e3;
    for (int p = 0; p < np; p++) {
        double k = 0, x = 0;
        for (int i = 0; i < meas[p].nchunks; i++) { k += event_ms(kev[p * chunks + i]); clReleaseEvent(kev[p * chunks + i]); }
        for (int i = 0; i < nrev[p]; i++) { x += event_ms(rev[p * chunks * nout + i]); clReleaseEvent(rev[p * chunks * nout + i]); }
        if (meas[p].uploads)
            for (int i = 0; i < slot[p]->nup; i++) { x += event_ms(slot[p]->up[i]); clReleaseEvent(slot[p]->up[i]); }
        meas[p].kernel_ms[t] = k;
        meas[p].transfer_ms[t] = x;
    }
    free(kev); free(rev); free(nrev);
    if (e != CL_SUCCESS) { *err = xasprintf("%s: %s", what, ocl_err_name(e)); return -1; }
    return 0;
}

void modes_teardown(struct modes_ctx *c)
{
    for (int i = 0; i < c->nslots; i++) {
        struct slot *sl = &c->slots[i];
        /* A pinned side is the mapping's, not malloc's: hand it back before the buffers go. */
        for (int b = 0; sl->pin && b < sl->bs.n; b++) {
            if (!sl->pin[b].ptr) continue;
            if (sl->bs.b[b].init == (void *)sl->pin[b].ptr) sl->bs.b[b].init = NULL;
            if (sl->bs.b[b].result == (void *)sl->pin[b].ptr) sl->bs.b[b].result = NULL;
            hostmem_free(c->devs[sl->d].cq, &sl->pin[b]);
        }
        free(sl->pin);
        bench_buffers_free(&sl->bs);
        build_free(&sl->bd);
        vars_free(&sl->vv);
        free(sl->bt); free(sl->at); free(sl->why);
    }
    free(c->slots);
    expected_free(&c->x);
    for (int i = 0; i < c->ndev; i++) {
        clReleaseCommandQueue(c->devs[i].kq);
        clReleaseCommandQueue(c->devs[i].cq);
        clReleaseContext(c->devs[i].ctx);
    }
    free(c->devs);
    for (int i = 0; i < c->nlocks; i++) devlock_give(&c->locks[i]);
    free(c->locks);
    free(c->cpu_ms);
    plan_free(&c->plan);
}
