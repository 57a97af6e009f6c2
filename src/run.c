/* run.c — one experiment's sweep: set up the device, build every variant x option set
 * (run_build.c), then for every launch point time, verify and measure each of them, writing each
 * row as soon as it exists (run_rows.c); run.json (run_json.c) at the start and the end. */
#include "run_impl.h"
#include "reasons.h"
#include "wglimit.h"
#include "phase.h"
#include "stats.h"
#include "summary.h"
#include "worker.h"
#include "probes.h"
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- one launch configuration ------------------------------------------------------------- */

/* eval_derived: evaluates the spec's derived values in order into vv. With err NULL a value that
 * cannot be computed yet is left out; otherwise it is an error. */
static int eval_derived(const struct spec *s, struct vars *vv, char **err)
{
    for (int i = 0; i < s->derived_names.n; i++) {
        double x;
        char *e = NULL;
        if (expr_eval(s->derived_exprs.v[i], vv, &x, err ? &e : NULL)) {
            if (!err) continue;
            *err = xasprintf("derived %s: %s", s->derived_names.v[i], e);
            free(e);
            return -1;
        }
        vars_set(vv, s->derived_names.v[i], x);
    }
    return 0;
}

/* run_vars: every variable an expression can use for variant v, build b, point pt. Returns 0, or
 * -1 with *err. Fills the launch geometry. */
static int run_vars(struct runner *r, int v, int b, size_t pt, struct vars *vv, struct launch *L, char **err)
{
    const struct spec *s = r->s;
    const struct build *bd = build_of(r, v, b);
    plan_device_vars(&r->dp, vv);
    plan_variant_vars(&r->plan.variants[v], vv);
    plan_point_vars(&r->plan, pt, vv);
    vars_set(vv, "NOOPT", plan_is_noopt(r->plan.builds.v[b]));
    vars_set(vv, "KMAX_WG", (double)bd->wg_max);
    vars_set(vv, "KPREF", (double)(bd->wg_multiple ? bd->wg_multiple : 1));
    vars_set(vv, "KLOCAL_MEM", (double)bd->local_mem);
    /* Derived values may feed the geometry or use it (GLOBAL, GROUPS): evaluate them before it,
     * leaving out those that need it, and again after it, when every name is known. */
    eval_derived(s, vv, NULL);
    memset(L, 0, sizeof *L);
    L->dims = (cl_uint)s->global.n;
    double groups = 1, total = 1, local = 1;     /* no 'local' axis: local_size gives the shape */
    vars_get(vv, "local", &local);
    /* The most work-items a dimension can have: what the device addresses, size_t holds, and
     * expressions (doubles) count exactly: 2^53 is beyond any sweep's time anyway. */
    double most = ldexp(1.0, r->dp.address_bits >= 32 && r->dp.address_bits < 53 ? (int)r->dp.address_bits : 53);
    if (most > (double)SIZE_MAX) most = (double)SIZE_MAX;
    for (cl_uint d = 0; d < L->dims; d++) {
        double lx = d == 0 ? local : 1, gx;
        char *e = NULL;
        if ((int)d < s->local_size.n && expr_eval(s->local_size.v[d], vv, &lx, &e)) goto bad;
        if (expr_eval(s->global.v[d], vv, &gx, &e)) goto bad;
        if (lx < 1 || gx < 1) { *err = xasprintf("dimension %u: local %.0f, global %.0f must be >= 1", d, lx, gx); return -1; }
        if (!(gx < most) || !(lx < most)) {
            *err = xasprintf("dimension %u: global %.4g cannot be launched: at most %.4g work-items (the device "
                             "addresses %u bits; clx counts exactly up to 2^53)", d, gx, most, r->dp.address_bits);
            return -1;
        }
        L->local[d] = (size_t)lx;
        /* OpenCL 1.2 needs global to be a multiple of local: round up; kernels bound-check. */
        L->global[d] = (size_t)(ceil(gx / lx) * lx);
        L->asked = (d == 0 ? 1 : L->asked) * floor(gx);
        groups *= (double)(L->global[d] / L->local[d]);
        total *= (double)L->global[d];
        char nm[16];
        snprintf(nm, sizeof nm, "GLOBAL%u", d);
        vars_set(vv, nm, (double)L->global[d]);
        snprintf(nm, sizeof nm, "LOCAL%u", d);
        vars_set(vv, nm, (double)L->local[d]);
        continue;
    bad:
        *err = xasprintf("dimension %u: %s", d, e);
        free(e);
        return -1;
    }
    vars_set(vv, "GLOBAL", total);
    vars_set(vv, "GROUPS", groups);
    return eval_derived(s, vv, err);
}

/* launch_items: work-items in one work-group. */
static size_t launch_items(const struct launch *L)
{
    size_t wg = 1;
    for (cl_uint d = 0; d < L->dims; d++) wg *= L->local[d];
    return wg;
}

/* infeasible: NULL when the device can run this launch, else why not (a new string); *wg_note
 * says when the work-group is above the kernel's reported maximum yet launched. */
static char *infeasible(struct runner *r, const struct build *bd, const struct launch *L, const struct vars *vv,
                        char **wg_note)
{
    *wg_note = NULL;
    for (cl_uint d = 0; d < L->dims; d++) {
        if (L->local[d] > r->max_item[d])
            return xasprintf("local size %zu in dimension %u is above CL_DEVICE_MAX_WORK_ITEM_SIZES %zu", L->local[d], d, r->max_item[d]);
    }
    char *why = wglimit_check(launch_items(L), bd->wg_max, r->dp.max_wg, r->o->respect_kernel_wg, wg_note);
    if (why) return why;
    double lm = (double)bd->local_mem + bench_local_arg_bytes(r->s, vv);
    if (lm > (double)r->dp.local_mem)
    {
        free(*wg_note);
        *wg_note = NULL;
        return xasprintf("needs %.0f bytes of local memory; the device has %llu", lm, (unsigned long long)r->dp.local_mem);
    }
    return NULL;
}


void run_count_status(struct runner *r, const char *st)
{
    if (!strcmp(st, "ok") || !strcmp(st, "unverified")) r->nok++;
    else if (!strcmp(st, "FAIL")) r->nfail++;
    else if (!strcmp(st, "skipped")) r->nskip++;
    else if (!strcmp(st, "crashed")) r->ncrashed++;
    else if (!strcmp(st, "timeout")) r->ntimeout++;
    else r->nerror++;
}

/* set_geometry: the launch's global and local sizes: readable ("32x32") and, with several
 * dimensions, one number per dimension. */
static void set_geometry(struct row *w, const struct launch *L)
{
    struct sbuf g = {0}, l = {0};
    for (cl_uint d = 0; d < L->dims; d++) {
        sb_printf(&g, "%s%zu", d ? "x" : "", L->global[d]);
        sb_printf(&l, "%s%zu", d ? "x" : "", L->local[d]);
        char name[16];
        snprintf(name, sizeof name, "global%u", d);
        row_set(w, name, "%zu", L->global[d]);
        snprintf(name, sizeof name, "local%u", d);
        row_set(w, name, "%zu", L->local[d]);
    }
    row_set(w, "global", "%s", g.s);
    row_set(w, "local", "%s", l.s);
    sb_free(&g);
    sb_free(&l);
}

/* warn_small_outputs: an output with fewer elements than work-items, yet more than one per
 * work-group, is what an index bug or a wrong count looks like (one per item is a copy, one per
 * group a reduction, fewer a histogram): said once per variant and build before it launches,
 * since writing past the end may crash the worker (its rows then say 'crashed'). */
static void warn_small_outputs(struct runner *r, int v, int b, const struct launch *L)
{
    if (r->small_output_said[v * r->plan.builds.n + b]) return;
    /* The work-items asked for: kernels bound-check the ones the round-up to whole groups adds. */
    double items = L->asked, groups = 1;
    for (cl_uint d = 0; d < L->dims; d++) groups *= (double)(L->global[d] / L->local[d]);
    for (int i = 0; i < r->bufs.n; i++) {
        const struct dbuf *db = &r->bufs.b[i];
        if (db->sb->init != INIT_OUTPUT || (double)db->count >= items || (double)db->count <= groups) continue;
        progress_clear(&r->progress);
        warn("variant %s, build %s: output %s has %zu elements for %.0f work-items (%.0f work-groups): a kernel "
             "that writes one per work-item writes past its end", r->plan.variants[v].id,
             plan_build_label(r->plan.builds.v[b]), db->sb->name, db->count, items, groups);
        r->small_output_said[v * r->plan.builds.n + b] = 1;
    }
}

/* context_broken: whether the queue still works after a failed launch (a refused shape leaves
 * it working; a kernel that faulted does not). */
static int context_broken(struct runner *r)
{
    return clFinish(r->q) != CL_SUCCESS;
}

/* The clocks at the start of the trials, sampled by bench_time once the warm-ups are done. */
struct clock_start { const struct clocks *clk; struct clock_sample *s; int rc; };
static void sample_clocks_at_start(void *arg)
{
    struct clock_start *cs = arg;
    cs->rc = clocks_sample(cs->clk, cs->s);
}

static void run_one(struct runner *r, const struct strlist *cols, int v, int b, size_t pt)
{
    if (r->rows_seen < r->resume.rows.nrows) { run_replay_kept(r, cols, v, b, pt); return; }
    worker_config(v, b, (long)pt);
    const struct run_mark *mk = run_mark_of(r, v, b);
    struct build *bd = build_of(r, v, b);
    struct row w;
    struct vars vv = {0};
    struct launch L;
    struct timing t = {0};
    struct sbuf note = {0};
    char *err = NULL, *vnote = NULL;
    struct measured m = { NAN, NAN, NAN, NAN, NAN };
    const char *status = "ok";
    run_row_start(r, &w, cols, v, b, (long)pt);
    r->row_throttled = 0;
    if (run_vars(r, v, b, pt, &vv, &L, &err)) { status = "error"; goto done; }
    set_geometry(&w, &L);
    if (mk && (status = run_marked_status(r, mk, pt, &err))) goto done;
    status = "ok";
    if (bd->registers >= 0) row_set(&w, "regs", "%d", bd->registers);
    row_set(&w, "private_bytes", "%llu", (unsigned long long)bd->private_mem);
    row_set(&w, "local_bytes", "%.0f", (double)bd->local_mem + bench_local_arg_bytes(r->s, &vv));
    row_set(&w, "bin_bytes", "%zu", bd->binary_size);
    if (bd->ptx_instructions >= 0) row_set(&w, "ptx_instr", "%d", bd->ptx_instructions);
    if (r->ptx_op_counts[v * r->plan.builds.n + b] >= 0)
        row_set(&w, "ptx_op_count", "%d", r->ptx_op_counts[v * r->plan.builds.n + b]);
    for (int i = 0; i < r->s->derived_names.n; i++) {
        double x;
        if (vars_get(&vv, r->s->derived_names.v[i], &x)) row_num(&w, r->s->derived_names.v[i], "%.10g", x);
    }
    char *wg_note = NULL;
    err = infeasible(r, bd, &L, &vv, &wg_note);
    if (wg_note) { sb_printf(&note, "%s", wg_note); free(wg_note); }
    if (err) { status = "skipped"; goto done; }
    int brc = bench_buffers(r->ctx, r->q, r->s, &r->btypes[v * r->s->nbufs], &vv, &r->dp, r->o->seed, &r->bufs, &err);
    if (brc) { status = brc > 0 ? "skipped" : "error"; goto done; }
    warn_small_outputs(r, v, b, &L);
    if (bench_set_args(bd->kernel, r->s, &r->atypes[v * r->s->nargs], &vv, &r->bufs, &err)) { status = "error"; goto done; }
    struct clock_sample c0 = {0}, c1;
    struct clock_start cs = { &r->clk, &c0, -1 };
    struct bench_env env = { (double)r->dp.timer_res_ns, &r->flush, sample_clocks_at_start, &cs };
    int timed = bench_time(r->q, bd->kernel, &L, &r->bufs, &r->o->bench, &env, &t, &err);
    int clocked = cs.rc == 0 && clocks_sample(&r->clk, &c1) == 0;
    if (clocked) run_record_clocks(r, &w, &c0, &c1);
    if (timed) {
        /* A kernel that faults (NVIDIA: an illegal address, error -9999) leaves the context broken:
         * every later call fails. The worker ends after this row and a new one goes on. */
        if (context_broken(r)) {
            status = "crashed";
            r->context_lost = 1;
            char *why = xasprintf("the launch broke the OpenCL context (%s; the queue fails from then on): a new "
                                  "worker goes on and this variant and build do not run again", err);
            free(err);
            err = why;
            goto done;
        }
        /* The device refused this launch shape: not the sweep's fault, record and go on. */
        status = strstr(err, "INVALID_WORK_GROUP_SIZE") || strstr(err, "OUT_OF_RESOURCES") ? "skipped" : "error";
        goto done;
    }
    if (r->s->transfers) {
        double *wall = xcalloc((size_t)t.n, sizeof *wall);
        struct stats ws;
        double longest = 0;
        for (int i = 0; i < t.n; i++) longest = t.ms[i] * 1e-3 > longest ? t.ms[i] * 1e-3 : longest;
        if (bench_wall(r->q, bd->kernel, &L, &r->bufs, t.n, 2 * bench_launch_limit(&r->o->bench, longest), wall, &err)) {
            free(wall);
            status = "error";
            goto done;
        }
        stats_compute(wall, t.n, &ws);
        m.wall_ms = ws.median;
        row_num(&w, "wall_ms", "%.6g", m.wall_ms);
        free(wall);
    }
    if (r->o->verify != VERIFY_OFF) {
        struct outcome oc;
        expected_check(&r->expected, r->s, &r->plan, v, &r->bufs, &vv, r->o->seed, &oc);
        status = oc.status;
        vnote = oc.note;
        row_num(&w, "max_rel_err", "%.3g", oc.max_rel_err);
        if (oc.cpu_ms > 0) { m.cpu_ms = oc.cpu_ms; row_num(&w, "cpu_ms", "%.6g", oc.cpu_ms); }
    } else {
        status = "unverified";
    }
    run_fill_metrics(r, &w, &t, &vv, &m, &note);
    if (clocked) run_peak_at_clock(r, &w, (c0.sm_mhz + c1.sm_mhz) / 2);
    run_expect_row(r, &w, v, b, &vv, &note);
    if (m.cpu_ms > 0 && m.wall_ms > 0) row_num(&w, "speedup_vs_cpu", "%.4g", m.cpu_ms / m.wall_ms);
done:
    if (run_stop_signal()) goto out;       /* stopped while it ran: no row; --resume runs it again */
    if (err) sb_printf(&note, "%s%s", note.len ? "; " : "", err);
    if (vnote) sb_printf(&note, "%s%s", note.len ? "; " : "", vnote);
    run_say_reason(r, &w, v, b, pt, status, note.s);
    row_set(&w, "status", "%s", status);
    if (note.s) row_set(&w, "note", "%s", note.s);
    struct rel_rec rec = { v, b, pt, m.median_ms };
    double rel = relative_time(&r->rel, &rec);
    row_num(&w, "rel_time", "%.4g", rel);
    row_num(&w, "speedup", "%.4g", 1 / rel);
    run_row_emit(r, &w);
    run_print_row(r, &w, v, b, pt, &m, status);
    relative_add(&r->rel, &rec);
    run_count_status(r, status);
out:
    row_free(&w);
    vars_free(&vv);
    timing_free(&t);
    sb_free(&note);
    free(err);
    free(vnote);
}

/* variant_order: the order variants run at each point: the baseline and relative ones first, so
 * the others can be checked and compared against them. */
static int *variant_order(struct runner *r)
{
    int n = r->plan.nvariants, k = 0;
    int *ord = xmalloc(sizeof *ord * (size_t)n);
    const char *first[2] = { r->s->baseline, r->s->relative };
    for (int f = 0; f < 2; f++)
        for (int v = 0; v < n && first[f]; v++)
            if (r->plan.variants[v].name && !strcmp(r->plan.variants[v].name, first[f])) {
                int dup = 0;
                for (int j = 0; j < k; j++) dup |= ord[j] == v;
                if (!dup) ord[k++] = v;
            }
    for (int v = 0; v < n; v++) {
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= ord[j] == v;
        if (!dup) ord[k++] = v;
    }
    return ord;
}

static void sweep(struct runner *r, const struct strlist *cols)
{
    const struct plan *p = &r->plan;
    size_t nlocal = (size_t)p->axis_values[p->naxes - 1].n;
    const int *ord = r->order;
    long configs = 0;
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++) configs += build_of(r, v, b)->ok ? shard_map_runs(&r->shard, v, b) : 0;
    progress_sweep(&r->progress, configs);
    for (size_t dp = 0; dp < p->npoints / nlocal; dp++) {
        expected_clear(&r->expected);
        for (int i = 0; i < p->nvariants; i++)
            for (int b = 0; b < p->builds.n; b++) {
                if (!build_of(r, ord[i], b)->ok) continue;
                char *what = xasprintf("%s %s", p->variants[ord[i]].id, plan_build_label(p->builds.v[b]));
                for (size_t l = 0; l < nlocal && !run_stop_signal() && !r->halted && !r->res.tsv.failed &&
                                   !r->context_lost; l++) {
                    if (shard_map_role(&r->shard, ord[i], b, (long)(dp * nlocal + l)) == SHARD_NONE) continue;
                    progress_config(&r->progress, what);
                    run_one(r, cols, ord[i], b, dp * nlocal + l);
                    progress_config_done(&r->progress);
                }
                free(what);
            }
    }
    expected_clear(&r->expected);
}

/* add_row_deviation: the deviation from the row average needs every work-group size of a point,
 * so it joins the rows as a last column when the sweep is done. Every swept row has a record, in
 * the same order, after the rows of the build phase. */
static void add_row_deviation(struct runner *r)
{
    struct strlist vals = {0};
    for (int i = 0; i < r->nbuildrows; i++) sl_push(&vals, "");
    for (size_t i = 0; i < r->rel.n; i++) {
        double d = relative_row_dev(&r->rel, i);
        sl_push_own(&vals, isnan(d) ? xstrdup("") : xasprintf("%.4f", d));
    }
    if (results_add_column(&r->res, "dev_row_avg", &vals)) {
        warn("cannot add dev_row_avg to %s/results.tsv", r->res.dir);
        r->write_failed = 1;
    }
    sl_free(&vals);
}

/* ---- setup -------------------------------------------------------------------------------- */

static void setup_device(struct runner *r)
{
    r->dev = ocl_select(r->o->device);
    ocl_query(r->dev.platform, r->dev.id, &r->dp);
    peak_derive(&r->dp, &r->pk);
    size_t items[3] = {0, 0, 0};
    clGetDeviceInfo(r->dev.id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL);
    memcpy(r->max_item, items, sizeof items);
    cl_int e;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)r->dev.platform, 0 };
    r->ctx = clCreateContext(props, 1, &r->dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext on %s: %s", r->dp.name, ocl_err_name(e));
    r->q = clCreateCommandQueue(r->ctx, r->dev.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) die("clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE) on %s: %s", r->dp.name, ocl_err_name(e));
    devcheck_init(&r->dc, r->ctx, r->dev.id, r->q, &r->dp);
    clocks_open(&r->clk, r->dev.id);
    char *err = NULL;
    if (r->o->bench.cold && bench_flush_make(r->ctx, bench_flush_bytes(r->pk.cache_bytes, r->dp.max_alloc), &r->flush, &err))
        die("%s", err);
    expected_init(&r->expected, r->ctx, r->q, r->o->verify == VERIFY_DEVICE ? &r->dc : NULL, &r->dp);
}

static void teardown(struct runner *r)
{
    bench_buffers_free(&r->bufs);
    bench_flush_free(&r->flush);
    expected_free(&r->expected);
    devcheck_free(&r->dc);
    for (int i = 0; i < r->plan.nvariants * r->plan.builds.n; i++) build_free(&r->builds[i]);
    for (int v = 0; v < r->plan.nvariants; v++) { free(r->sources[v]); free(r->expand_errors[v]); free(r->skips[v]); }
    free(r->small_output_said);
    run_expect_free(r);
    free(r->skips); free(r->btypes); free(r->atypes); free(r->ptx_op_counts);
    free(r->order);
    shard_map_free(&r->shard);
    free(r->builds);
    cache_close(&r->cache);
    free(r->sources);
    free(r->expand_errors);
    relative_free(&r->rel);
    resume_free(&r->resume);
    reasons_free(&r->reasons);
    clReleaseCommandQueue(r->q);
    clReleaseContext(r->ctx);
    if (results_close(&r->res)) r->write_failed = 1;
    plan_free(&r->plan);
}

/* print_summary: the tables of what the run found, read back from results.tsv (the same tables
 * report.md holds). */
static void print_summary(struct runner *r)
{
    struct rundir rd;
    char *err = NULL;
    if (rundir_open(r->res.dir, &rd, &err)) {
        warn("cannot read the results back for the summary: %s", err);
        free(err);
        r->write_failed = 1;
    } else {
        summary_print(&rd, SUMMARY_ALL, stdout, 0);
    }
    rundir_free(&rd);
}

/* stopped: the end of a run stopped by a signal or a timeout: run.json says interrupted, the rows
 * so far stay, and the way to go on is printed. Returns 128 + the signal, as a shell reports it,
 * or EXIT_ROWS_FAILED after a timeout. */
static int stopped(struct runner *r, struct strlist *cols, const char *started, char **run_dir)
{
    int sig = run_stop_signal();
    r->wall_s = now_seconds() - r->t0;
    run_write_json(r, started, RUN_INTERRUPTED);
    if (r->res.tsv.failed) r->write_failed = 1;
    char *dir = xstrdup(r->res.dir);
    int rows = r->rows_seen;
    sl_free(cols);
    teardown(r);
    printf("clx: stopped by %s: %d rows in %s/results.tsv%s\n",
           !sig ? "a launch that ran past its time limit" : sig == SIGINT ? "SIGINT" : "SIGTERM", rows, dir,
           r->write_failed ? " (a file could not be written: see above)" : "");
    printf("clx: to continue%s: %s run --resume %s\n", sig ? "" : " with the configurations after it",
           r->o->program ? r->o->program : "clx", dir);
    if (run_dir) *run_dir = xstrdup(dir);
    free(dir);
    return sig ? 128 + sig : EXIT_ROWS_FAILED;
}

int run_experiment(const struct spec *s, const struct run_opts *o, char **run_dir)
{
    struct runner r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.o = o;
    r.t0 = now_seconds();
    phase_reset();
    setup_device(&r);
    char *err = NULL;
    int planned = plan_make(s, o->ov, o->nov, o->quick, (double)r.dp.max_wg, &r.plan, &err);
    if (planned == -2) die_usage("%s", err);
    if (planned) die("%s: %s", s->path, err);
    if (r.plan.nvariants == 0 || r.plan.builds.n == 0 || r.plan.npoints == 0) die("%s: nothing to run", s->name);
    r.order = variant_order(&r);
    shard_map_init(&r.shard, &o->shard, s, &r.plan, r.order);
    struct strlist cols = {0};
    run_header_columns(&r, &cols);
    if (o->shard.n) sl_push(&cols, "sweep_index");   /* each row's place in the whole sweep, for clx merge */
    char started[64];
    run_iso_time(started, sizeof started);
    if (o->resume_dir) run_open_resumed(&r, &cols, started, sizeof started);
    else {
        char *name = shard_run_name(s->name, &o->shard);
        if (results_open(&r.res, o->results_root, name, r.dp.name))
            die("cannot make a results folder under %s: %s", o->results_root, strerror(errno));
        free(name);
        results_header(&r.res, &cols);
    }
    worker_dir(r.res.dir);
    run_write_json(&r, started, RUN_GOING);
    printf("clx: %s on %s (%s, driver %s)\n", s->name, r.dp.name, r.dp.platform, r.dp.driver);
    printf("clx: theoretical peaks: FP32 %s%.0f GFLOP/s (%s); memory %s%.0f GB/s (%s)\n",
           r.pk.fp32_gflops > 0 ? "" : "unknown ", r.pk.fp32_gflops, r.pk.fp32_source,
           r.pk.mem_gbs > 0 ? "" : "unknown ", r.pk.mem_gbs, r.pk.mem_source);
    /* Only a spec that says which of its rows count against FP64 or FP16 needs those peaks. */
    if (s->flops_peak)
        printf("clx: theoretical peaks: FP64 %s%.0f GFLOP/s (%s); FP16 %s%.0f GFLOP/s (%s)\n",
               r.pk.fp64_gflops > 0 ? "" : "unknown ", r.pk.fp64_gflops, r.pk.fp64_source,
               r.pk.fp16_gflops > 0 ? "" : "unknown ", r.pk.fp16_gflops, r.pk.fp16_source);
    printf("clx: %d variants x %d builds x %zu launch points%s; results in %s\n", r.plan.nvariants, r.plan.builds.n,
           r.plan.npoints, o->quick ? " (quick mode)" : "", r.res.dir);
    if (r.plan.baseline_added)
        printf("clx: the baseline variant %s runs too: the others are checked against its output\n", s->baseline);
    if (o->shard.n) {
        char *said = shard_map_describe(&r.shard);
        printf("clx: %s\n", said);
        free(said);
    }
    if (r.resume.rows.nrows)
        printf("clx: resuming: %d rows kept from the interrupted run; the configurations without one run now\n",
               r.resume.rows.nrows);
    fflush(stdout);
    run_stop_catch();
    progress_begin(&r.progress, !o->quiet, r.plan.nvariants * r.plan.builds.n);
    run_build_all(&r, &cols);
    run_expect_say(&r);
    relative_init(&r.rel, s, &r.plan);
    r.small_output_said = xcalloc((size_t)(r.plan.nvariants * r.plan.builds.n), 1);
    sweep(&r, &cols);
    progress_end(&r.progress);
    run_stop_release();
    if (r.context_lost && worker_attached()) {
        /* The supervisor starts a new worker, which resumes after this row. */
        results_close(&r.res);
        fflush(NULL);
        _exit(EXIT_CONTEXT_LOST);
    }
    worker_past_sweep();
    if (run_stop_signal() || r.halted) return stopped(&r, &cols, started, run_dir);
    /* The device's probes belong to the sweep once, not to every shard of it. */
    if (o->shard.k <= 1)
        r.nprobefail = probes_run(r.ctx, r.dev.id, r.q, s, o->quick, r.res.dir, o->quiet, &r.write_failed);
    add_row_deviation(&r);
    r.wall_s = now_seconds() - r.t0;
    run_write_json(&r, started, RUN_DONE);
    if (r.res.tsv.failed) r.write_failed = 1;
    print_summary(&r);
    reasons_print_repeats(&r.reasons, stderr);
    run_print_times(&r);
    if (run_dir) *run_dir = xstrdup(r.res.dir);
    char *dir = xstrdup(r.res.dir);
    long owned = r.shard.owned;
    sl_free(&cols);
    teardown(&r);
    if (r.write_failed) {
        printf("clx: results in %s are incomplete: a file could not be written (see above)\n", dir);
        free(dir);
        return EXIT_CANNOT_RUN;
    }
    printf("clx: %d ok, %d FAIL, %d error, %d skipped, %d build-failed", r.nok, r.nfail, r.nerror, r.nskip, r.nbuildfail);
    if (r.ncrashed) printf(", %d crashed", r.ncrashed);
    printf("; results in %s\n", dir);
    free(dir);
    if (r.nprobefail) printf("clx: %d probe measurements failed (see above and probes.tsv)\n", r.nprobefail);
    if (r.nfail || r.nerror || r.nbuildfail || r.ncrashed || r.ntimeout || r.nprobefail) return EXIT_ROWS_FAILED;
    if (r.nok == 0 && o->shard.n && !owned) return 0;   /* a shard with nothing of its own: nothing to fail */
    if (r.nok == 0) {
        printf("clx: nothing ran: every configuration was skipped (the reasons are above)\n");
        return EXIT_NOTHING_RAN;
    }
    return 0;
}
