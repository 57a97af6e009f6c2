/* run_config.c — one launch configuration of a sweep: its variables and launch shape, whether the
 * device can take it, the timed trials (bench.c), verification (expected.c), the metrics and the
 * row, written at once (run_rows.c). */
#include "run_impl.h"
#include "spec/geometry.h"
#include "spec/restrictions.h"
#include "device/wglimit.h"
#include "measure/expected_probe.h"
#include "measure/rounds.h"
#include "lib/stats.h"
#include "lib/phase.h"
#include "lib/worker.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>

/* launch_items: work-items in one work-group. */
static size_t launch_items(const struct launch *L)
{
    size_t wg = 1;
    for (cl_uint d = 0; d < L->dims; d++) wg *= L->local[d];
    return wg;
}

/* limits: the device's work-group limits as wglimit.h takes them (0: not reported, no limit). */
static struct wglimits limits(const struct runner *r)
{
    struct wglimits l = { .max_wg = r->dev.dp.max_wg };
    memcpy(l.max_item, r->dev.max_item, sizeof l.max_item);
    return l;
}

/* over_limit: why a launch some work-group limit may refuse is refused, or NULL and *wg_note where it
 * is launched above the kernel's reported maximum. The work-group as the spec gives it (128x128 of
 * TILE=128), not its product alone, is made here alone: infeasible is asked of every configuration of
 * a sweep, and the expressions would be read again for each. A new string. */
static char *over_limit(struct runner *r, const struct build *bd, const struct launch *L, const struct vars *vv,
                        size_t items, char **wg_note)
{
    char *shape = geometry_local_said(r->s, L->local, L->dims, vv);
    struct wglimits l = limits(r);
    char *why = wglimit_launch(&l, L->local, L->dims, items, shape, bd->wg_max, r->o->respect_kernel_wg, wg_note);
    free(shape);
    return why;
}

/* infeasible: NULL when the device can run this launch, else why not (a new string); *wg_note
 * says when the work-group is above the kernel's reported maximum yet launched. */
static char *infeasible(struct runner *r, const struct build *bd, const struct launch *L, const struct vars *vv,
                        char **wg_note)
{
    *wg_note = NULL;
    size_t items = launch_items(L);
    struct wglimits l = limits(r);
    char *why = wglimit_may_refuse(&l, L->local, L->dims, items, bd->wg_max) ? over_limit(r, bd, L, vv, items, wg_note)
                                                                              : NULL;
    if (why) return why;
    double lm = (double)bd->local_mem + bench_local_arg_bytes(r->s, vv);
    if (lm > (double)r->dev.dp.local_mem)
    {
        free(*wg_note);
        *wg_note = NULL;
        return xasprintf("needs %.0f bytes of local memory; the device has %llu", lm, (unsigned long long)r->dev.dp.local_mem);
    }
    return NULL;
}

/* small_output_hint: what an output with fewer elements than work-items, yet more than one per
 * work-group, suggests (one per item is a copy, one per group a reduction, fewer a histogram): a
 * kernel that writes one per work-item writes past its end. Said with a stray write the guard
 * zones caught, not before the launch: grid-stride loops (taylor's, over 4099 elements with 64Ki
 * work-items) have such outputs and write none past them. A new string, or NULL. */
static char *small_output_hint(const struct runner *r, const struct launch *L)
{
    /* The work-items asked for: kernels bound-check the ones the round-up to whole groups adds. */
    double items = L->asked, groups = 1;
    for (cl_uint d = 0; d < L->dims; d++) groups *= (double)(L->global[d] / L->local[d]);
    for (int i = 0; i < r->dev.bufs.n; i++) {
        const struct dbuf *db = &r->dev.bufs.b[i];
        if (db->sb->init != INIT_OUTPUT || (double)db->count >= items || (double)db->count <= groups) continue;
        return xasprintf("output %s has %zu elements for %.0f work-items (%.0f work-groups): a kernel that writes one "
                         "per work-item writes past its end", db->sb->name, db->count, items, groups);
    }
    return NULL;
}

/* context_broken: whether the queue still works after a failed launch (a refused shape leaves
 * it working; a kernel that faulted does not). */
static int context_broken(const struct run_device *d)
{
    return ocl_finish(d->q) != CL_SUCCESS;
}

/* The clocks at the start of a visit's trials, sampled by trials_run once the warm-ups are done. */
struct clock_start { const struct clocks *clk; struct clock_sample *s; int rc; };
static void sample_clocks_at_start(void *arg)
{
    struct clock_start *cs = arg;
    cs->rc = clocks_sample(cs->clk, cs->s);
}

static void config_begin(struct runner *r, const struct strlist *cols, struct pending *pc);

/* restricted_geometry: a row the spec's restrictions leave out gets its launch's sizes as every
 * other row of its point has them (local 16x1, not the axis' 16), where they can be worked out:
 * the console's table by work-group size read "16" beside "16x1" as another size, a line of dashes,
 * and a filter local=16x1 missed the row. Where they cannot (the restriction guarded them), the
 * row keeps the axis' values; the vars are the row's own, not the pending configuration's. */
static void restricted_geometry(struct runner *r, struct pending *pc)
{
    struct vars gv = {0};
    struct launch gl;
    char *gerr = NULL;
    if (!run_config_vars(r, pc->v, pc->b, pc->pt, &gv, &gl, &gerr)) run_row_geometry(&pc->w, &gl);
    free(gerr);
    vars_free(&gv);
}

/* baseline_lost: a configuration over without passing: where it is the baseline variant's, the
 * others at its point are told why they are not checked (expected.c). */
static void baseline_lost(struct runner *r, const struct pending *pc)
{
    expected_baseline_failed(&r->expected, r->s, &r->plan, pc->v, &pc->vv, pc->status, pc->err ? pc->err : pc->vnote);
}

void run_config_begin(struct runner *r, const struct strlist *cols, struct pending *pc)
{
    phase_begin(PH_CONFIG);
    config_begin(r, cols, pc);
    phase_end();
}

static void config_begin(struct runner *r, const struct strlist *cols, struct pending *pc)
{
    int v = pc->v, b = pc->b;
    size_t pt = pc->pt;
    const struct run_mark *mk = run_mark_of(r->o, v, b, (long)pt);
    struct build *bd = build_of(&r->bl, v, b);
    pc->status = RS_OK;
    pc->retry = 0;
    pc->m = (struct measured){ .median_ms = NAN, .gflops = NAN, .gbs = NAN, .wall_ms = NAN, .cpu_ms = NAN };
    pc->rounds = pc->planned = rounds_count(r->o->bench.rounds, r->o->bench.trials);
    run_row_start(r, &pc->w, cols, v, b, (long)pt);
    struct row *w = &pc->w;
    /* A configuration the spec's restrictions leave out at this launch point (a tile that does not
     * divide the problem size) is skipped before anything of it is worked out. */
    struct vars pv = {0};
    char *rerr = NULL;
    plan_variant_vars(&r->plan.variants[v], &pv);
    plan_point_vars(&r->plan, pt, &pv);
    pc->err = restrictions_point(r->s, &pv, &rerr);
    vars_free(&pv);
    if (pc->err || rerr) {
        pc->status = pc->err ? RS_SKIPPED : RS_ERROR;
        if (rerr) pc->err = rerr;
        restricted_geometry(r, pc);
        goto over;
    }
    if (run_config_vars(r, v, b, pt, &pc->vv, &pc->L, &pc->err)) { pc->status = RS_ERROR; goto over; }
    run_row_geometry(w, &pc->L);
    struct bench_want bufs = { .s = r->s, .types = &r->bl.btypes[v * r->s->nbufs], .v = &pc->vv, .seed = r->o->seed,
                               .expect = r->expect_kept };
    if (mk && run_marked_status(r, mk, pt, &bufs, w, &pc->status, &pc->err)) goto over;
    pc->retry = run_retried(r, w);
    if (bd->registers >= 0) row_set(w, COL_regs, "%d", bd->registers);
    row_set(w, COL_private_bytes, "%llu", (unsigned long long)bd->private_mem);
    row_set(w, COL_local_bytes, "%.0f", (double)bd->local_mem + bench_local_arg_bytes(r->s, &pc->vv));
    row_set(w, COL_bin_bytes, "%zu", bd->binary_size);
    if (bd->ptx_instructions >= 0) row_set(w, COL_ptx_instr, "%d", bd->ptx_instructions);
    if (r->bl.ptx_op_counts[build_index(&r->bl, v, b)] >= 0)
        row_set(w, COL_ptx_op_count, "%d", r->bl.ptx_op_counts[build_index(&r->bl, v, b)]);
    for (int i = 0; i < r->s->derived_names.n; i++) {
        double x;
        if (vars_get(&pc->vv, r->s->derived_names.v[i], &x)) row_num_named(w, r->s->derived_names.v[i], "%.10g", x);
    }
    char *wg_note = NULL;
    pc->err = infeasible(r, bd, &pc->L, &pc->vv, &wg_note);
    /* "launched anyway" is a launched row's note, said when the row is written: a row skipped
     * later for its buffers was not launched (rusticl's 200M vecsum said both). */
    free(pc->wgnote);
    pc->wgnote = wg_note;
    if (pc->err) { pc->status = RS_SKIPPED; goto over; }
    return;
over:
    pc->done = 1;
    baseline_lost(r, pc);
}

/* first_visit_checks: after the first visit's trials: the buffers' guard zones (FAIL when a kernel
 * wrote outside a buffer), the whole offload's wall time when the spec asks for it, and the outputs
 * verified. 0, or -1 when the row is over (status and err set). */
static int first_visit_checks(struct runner *r, struct pending *pc)
{
    struct build *bd = build_of(&r->bl, pc->v, pc->b);
    const struct timing *t = &pc->t;
    /* A kernel that wrote outside a buffer is wrong whatever its outputs say. */
    phase_begin(PH_GUARDS);
    /* A CPU device's buffers are the host's memory: reading them costs less than building the scan. */
    struct guard_scan *scan = r->dev.dp.type & CL_DEVICE_TYPE_CPU ? NULL : &r->dev.gscan;
    char *stray = bench_guards_check(r->dev.q, scan, &r->dev.bufs);
    phase_end();
    if (stray) {
        char *hint = small_output_hint(r, &pc->L);
        pc->err = hint ? xasprintf("%s (%s)", stray, hint) : stray;
        if (hint) free(stray);
        free(hint);
        pc->status = RS_FAIL;
        return -1;
    }
    if (r->s->transfers) {
        double *wall = xcalloc((size_t)t->n, sizeof *wall);
        double longest = 0;
        for (int i = 0; i < t->n; i++) longest = t->ms[i] * 1e-3 > longest ? t->ms[i] * 1e-3 : longest;
        if (bench_wall(r->dev.q, bd->kernel, &pc->L, &r->dev.bufs, t->n, 2 * trials_launch_limit(&r->o->bench, longest, 0), wall,
                       &pc->err)) {
            free(wall);
            pc->status = RS_ERROR;
            return -1;
        }
        struct stats ws;
        stats_compute(wall, t->n, &ws);
        pc->m.wall_ms = ws.median;
        row_num(&pc->w, COL_wall_ms, "%.6g", pc->m.wall_ms);
        free(wall);
    }
    if (r->o->verify == VERIFY_OFF) {
        pc->status = RS_UNVERIFIED;
        return 0;
    }
    if (!r->s->reference && !r->s->baseline) {
        /* verify is optional (docs/spec.md): nothing to check against, said on the row. */
        pc->status = RS_UNVERIFIED;
        pc->vnote = xstrdup("the spec declares no verify");
        return 0;
    }
    struct outcome oc;
    phase_begin(PH_EXPECTED);
    expected_check(&r->expected, r->s, &r->plan, pc->v, &r->dev.bufs, &pc->vv, r->o->seed, &oc);
    phase_end();
    pc->status = oc.status;
    pc->vnote = oc.note;
    /* An element NaN or infinite where the expected one is not (a hole never written: "got nan")
     * has an error without bound: written "inf", so that such a FAIL is not read as not checked
     * (empty, NaN: nothing was compared). */
    if (isinf(oc.max_rel_err)) row_set(&pc->w, COL_max_rel_err, "inf");
    else row_num(&pc->w, COL_max_rel_err, "%.3g", oc.max_rel_err);
    if (oc.cpu_ms > 0) { pc->m.cpu_ms = oc.cpu_ms; row_num(&pc->w, COL_cpu_ms, "%.6g", oc.cpu_ms); }
    return row_status_is_measured(pc->status) ? 0 : -1;
}

/* stop_row: the configuration's row as a stop that kills the worker in its visit leaves it
 * (supervise.c appends it): its static columns, status 'stopped'; a results line. */
static char *stop_row(const struct pending *pc)
{
    struct row w = {0};
    for (int i = 0; i < pc->w.cols.n; i++) { sl_push(&w.cols, pc->w.cols.v[i]); sl_push(&w.vals, pc->w.vals.v[i]); }
    row_set(&w, COL_status, "%s", row_status_word(RS_STOPPED));
    row_set(&w, COL_note, "the run was stopped while this configuration was timed, and its launch in flight was not "
                        "waited for: not measured (clx run --resume measures it again)");
    char *line = tsv_line(&w.vals, w.vals.n);
    row_free(&w);
    return line;
}

static void visit_once(struct runner *r, struct pending *pc);

/* stop_after_rounds: with CLX_HOLD_AFTER_ROUNDS=K, after this process's K-th round the worker waits
 * for a stop from outside (run_stop_hold); with CLX_STOP_AFTER_ROUNDS=K, after its K-th round the run is
 * stopped as ^C stops it: SIGINT to the supervisor (which forwards it; CLX_STOP_TWICE: then SIGTERM,
 * a second stop), and to this worker at once,
 * so that the stop falls after that round on a loaded machine too, not a visit or two later when
 * the forwarded signal lands (a test counts the rows it cut short). */
static void stop_after_rounds(const struct runner *r)
{
    static long rounds;
    ++rounds;
    if (r->o->hold_after_rounds > 0 && rounds == r->o->hold_after_rounds) run_stop_hold(rounds);
    if (r->o->stop_after_rounds > 0 && rounds == r->o->stop_after_rounds) {
        /* CLX_STOP_TWICE: a second stop right behind the first, another signal (two SIGINTs sent
         * before the supervisor runs would be one), as a user's second ^C that stops at once. */
        run_stop_group();
        if (worker_attached() && r->o->stop_twice) kill(getppid(), SIGTERM);
        /* A run on several devices: ^C reaches the process over them too, which then starts no other
         * device and says the stop's way on (its copy passed down is not a second stop). */
        if (r->o->stop_also) kill(r->o->stop_also, SIGINT);
    }
}

void run_config_visit(struct runner *r, struct pending *pc)
{
    worker_config(pc->v, pc->b, (long)pc->pt, pc->retry);
    /* Made once, at the first visit: its columns are the static ones, which later visits keep. */
    if (worker_attached() && !pc->stop_line) pc->stop_line = stop_row(pc);
    /* One that measures again a row results.tsv holds (a resume's): a stop that kills the worker
     * before its first round here leaves that row as it was, and writes no 'stopped' one beside it. */
    worker_stop_row(pc->remeasures || pc->replaces ? "" : pc->stop_line);
    visit_once(r, pc);
    worker_config_over();
    stop_after_rounds(r);
}

/* say_required_shape: where the kernel names the work-group size it needs (reqd_work_group_size,
 * CL_KERNEL_COMPILE_WORK_GROUP_SIZE) and this launch's is another, the refusal says both. */
static void say_required_shape(const struct runner *r, struct pending *pc)
{
    size_t req[3] = {0};
    const struct build *bd = build_of(&r->bl, pc->v, pc->b);
    if (!bd->kernel || clGetKernelWorkGroupInfo(bd->kernel, r->dev.ocl.id, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof req,
                                                req, NULL) != CL_SUCCESS || !req[0])
        return;
    char *said = xasprintf("%s (the kernel's reqd_work_group_size is %zux%zux%zu; this launch's is %zux%zux%zu)", pc->err,
                           req[0], req[1], req[2], pc->L.local[0], pc->L.dims > 1 ? pc->L.local[1] : 1,
                           pc->L.dims > 2 ? pc->L.local[2] : 1);
    free(pc->err);
    pc->err = said;
}

/* visit_once: the visit's trials, and after the first the checks; the row's state updated. */
static void visit_once(struct runner *r, struct pending *pc)
{
    int v = pc->v, b = pc->b, round = pc->t.visits;
    struct build *bd = build_of(&r->bl, v, b);
    double t0 = now_seconds();
    /* The block's configurations share buffers where their counts agree: made again only when not.
     * The reference's probe, where this configuration's check is due to make it, needs room too;
     * where it has none the configuration runs, its answer unprobed (r->dev.bufs.probe_no_room). */
    struct bench_want bufs = { .s = r->s, .types = &r->bl.btypes[v * r->s->nbufs], .v = &pc->vv, .seed = r->o->seed,
                               .expect = r->expect_kept,
                               .probe = r->expect_kept != MEMNEED_EXPECT_NONE && expected_probe_due(&r->expected, r->s) };
    phase_begin(PH_CONFIG);
    int brc = bench_buffers(r->dev.ctx, r->dev.q, &r->dev.dp, &bufs, &r->dev.pool, &r->dev.bufs, &pc->err);
    int arc = brc ? 0 : bench_set_args(bd->kernel, r->s, &r->bl.atypes[v * r->s->nargs], &pc->vv, &r->dev.bufs, &pc->err);
    phase_end();
    if (brc) { pc->status = brc > 0 ? RS_SKIPPED : RS_ERROR; goto over; }
    pc->m.data_bytes = (double)r->dev.bufs.data_bytes;
    if (arc) {
        pc->status = RS_ERROR;
        goto over;
    }
    struct clock_sample c0 = {0}, c1;
    struct clock_start cs = { &r->dev.clk, &c0, -1 };
    struct bench_env env = { .flush = &r->dev.flush, .trials_start = sample_clocks_at_start, .arg = &cs, .t0 = r->t0,
                             .clock = &r->dev.tclock, .stop = run_stop_signal, .blocker = &r->dev.blk };
    run_timer_env(&r->dev, &env);
    /* Rounds added to re-measure an episode take as many trials as the last planned one; those
     * --target-se adds, one: what they are for is the scatter between rounds, and on an H200 a
     * second trial in each doubled their cost (volkov_fma's sweep 1.5x as long) for little. */
    int want = pc->se_from && round >= pc->se_from ? 1
             : rounds_trials(r->o->bench.trials, pc->planned, round < pc->planned ? round : pc->planned - 1);
    /* Another clx alive before or after the round, or one that started (and maybe ended) within it. */
    struct devlock_watch watch;
    devlock_watch_start(&r->dev.lock, &watch);
    struct trials_kernel tk = { .q = r->dev.q, .k = bd->kernel, .L = &pc->L, .bs = &r->dev.bufs };
    int timed = run_stop_in_launch(r, &pc->err) ? -1 : trials_run(&tk, &r->o->bench, &env, want, &pc->t, &pc->err);
    pc->shared |= devlock_watch_end(&r->dev.lock, &watch);
    if (cs.rc == 0 && clocks_sample(&r->dev.clk, &c1) == 0) {
        if (!pc->clocked) pc->c0 = c0;
        pc->c1 = c1;
        pc->clocked = 1;
        pc->throttled |= run_clocks_throttled(&r->dev, &c0, &c1);
    }
    pc->spent += now_seconds() - t0;
    if (timed > 0) return;                  /* stopped (^C): the visit did not count */
    if (timed) {
        /* A kernel that faults (NVIDIA: an illegal address, error -9999) leaves the context broken:
         * every later call fails. The worker ends here and a new one goes on, this configuration
         * marked by the supervisor. */
        if (context_broken(&r->dev)) {
            r->context_lost = 1;
            return;
        }
        /* Failed while a stop is pending: the stop's, not the configuration's (PoCL links a kernel at
         * its first launch, its linker a child process in clx's process group, which the terminal's
         * ^C ends too): the visit does not count, as a stop's, and no 'error' row is kept that the
         * resume would keep; an error the stop did not cause comes again in the resume, said then. */
        if (run_stop_signal()) return;
        /* The device refused this launch shape: not the sweep's fault, record and go on. */
        pc->status = strstr(pc->err, "INVALID_WORK_GROUP_SIZE") || strstr(pc->err, "OUT_OF_RESOURCES") ? RS_SKIPPED : RS_ERROR;
        if (strstr(pc->err, "INVALID_WORK_GROUP_SIZE")) say_required_shape(r, pc);
        goto over;
    }
    if (round == 0 && first_visit_checks(r, pc)) goto over;
    if (pc->t.visits >= pc->rounds && !run_rounds_more(&r->o->bench, pc)) pc->done = 1;
    if (pc->done) run_energy_row(r, pc);
    return;
over:
    pc->done = 1;
    pc->failed = 1;
    baseline_lost(r, pc);
}

static void config_finish(struct runner *r, struct pending *pc);

/* kill_after_redone: with CLX_KILL_AFTER_REDONE=N, once N rows measured again are written in the
 * places of rows a stop cut short, clx is killed outright, its supervisor and this worker at once,
 * as a kill -9 of its process group (the OOM killer, a job's hard limit) kills it: a test of what
 * results.tsv holds then, whatever the machine's speed. */
static void kill_after_redone(const struct runner *r)
{
    if (r->o->kill_after_redone <= 0 || r->out.redone_written < r->o->kill_after_redone) return;
    fflush(NULL);
    if (worker_attached()) kill(getppid(), SIGKILL);
    raise(SIGKILL);
}

void run_config_finish(struct runner *r, struct pending *pc)
{
    phase_begin(PH_ROWS);
    config_finish(r, pc);
    phase_end();
}

static void config_finish(struct runner *r, struct pending *pc)
{
    struct row *w = &pc->w;
    int shared = run_row_fill(r, pc) && pc->shared;
    run_say_reason(r, w, pc->v, pc->b, pc->pt, pc->status, pc->note.s);
    /* A row results.tsv could not take is none of the run's: not said ok on the console, nor
     * counted (the sweep stops at it: run_must_stop). */
    int put = pc->replaces ? run_row_replace(&r->out, pc->replaces - 1, w) : run_row_emit(&r->out, w);
    if (put < 0) return;
    /* Cut shorter than the row kept from before, which stays: that row is the run's, and said so. */
    if (put > 0) {
        int i = r->out.rows_seen - 1;
        run_print_kept(r, w, pc->v, pc->b, pc->pt, run_kept_outlasts(&r->out, i, 0));
        run_tally_kept(r, i, pc->v, pc->b, pc->pt);
        return;
    }
    r->tally.nshared += shared;
    /* Written: what the supervisor held of it for a stop that kills the worker goes. */
    if (pc->row_now) worker_row_written(pc->v, pc->b, (long)pc->pt);
    run_print_row(r, w, pc->v, pc->b, pc->pt, &pc->m, pc->status);
    kill_after_redone(r);
    struct rel_rec rec = relative_rec(pc->v, pc->b, pc->pt, pc->status, pc->m.median_ms, pc->m.gflops, pc->m.gbs);
    relative_add(&r->rel, &rec);
    status_counts_note(&r->tally.st, pc->status);
    rounds_tally_row(&r->tally.rounds, row_get(w, COL_rounds), row_get(w, COL_spread), row_get(w, COL_time_se), row_get(w, COL_flag),
                     row_get(w, COL_timing_note), r->o->bench.target_se);
}

void run_config_free(struct pending *pc)
{
    row_free(&pc->w);
    vars_free(&pc->vv);
    timing_free(&pc->t);
    sb_free(&pc->note);
    sb_free(&pc->tnote);
    free(pc->err);
    free(pc->vnote);
    free(pc->wgnote);
    free(pc->stop_line);
    memset(pc, 0, sizeof *pc);
}
