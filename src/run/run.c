/* run.c — one experiment's sweep: set up the device (run_device.c), build every variant x option set
 * (run_build.c), then for every launch point run each of them (run_config.c), writing each row as
 * soon as it exists (run_rows.c); run.json (run_json.c) at the start and the end. */
#include "lib/atdie.h"
#include "lib/calledas.h"
#include "lib/diskfull.h"
#include "device/devtag.h"
#include "device/simulator.h"
#include "lib/isotime.h"
#include "run_impl.h"
#include "reasons.h"
#include "wayon.h"
#include "lib/phase.h"
#include "report/summary.h"
#include "lib/worker.h"
#include "measure/expected_probe.h"
#include "measure/probes.h"
#include "spec/restrictpoints.h"
#include "spec/workcheck.h"
#include "spec/wgunknown.h"
#include "store/catchleft.h"
#include "store/rundir.h"
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* kept_timed: the configurations the interrupted run timed (--resume), of its kept rows: a
 * build-failed row stands for a variant and build that is not timed, and builds again now; a row a
 * stop cut short is timed again. */
static long kept_timed(const struct runner *r)
{
    const struct table *t = &r->out.resume.rows;
    int cs = table_col(t, "status");
    long n = 0;
    for (int i = 0; i < t->nrows; i++)
        n += (cs < 0 || row_status_of(table_cell(t, i, cs)) != RS_BUILD_FAILED) && !r->out.resume.redo[i];
    return n;
}

static void sweep(struct runner *r, const struct strlist *cols)
{
    const struct plan *p = &r->plan;
    size_t nlocal = (size_t)p->axis_values[p->naxes - 1].n;
    const int *ord = r->order;
    long configs = 0;
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++) configs += build_of(&r->bl, v, b)->ok ? shard_map_runs(&r->shard, v, b) : 0;
    progress_sweep(&r->progress, configs);
    /* Said by the first worker of a run (one after a crash goes on quietly), never by a tuning pass,
     * nor after a stop (one during the builds): nothing is timed then. */
    long kept = kept_timed(r);
    if (!run_worker_again(r->o) && !run_tuning_pass(r->o) && !run_must_stop(r))
        estimate_begin(&r->estimate, configs > kept ? configs - kept : 0, &r->o->bench,
                       (r->dev.dp.type & CL_DEVICE_TYPE_CPU) != 0, r->o->quick, r->s->name);
    if (r->sol.sim) r->estimate.sim = r->sol.sim->name;
    /* A stop before the sweep began may have cut the builds short (their configurations uncounted). */
    int stopped_before = run_must_stop(r) != 0;
    r->sweep_begun = !stopped_before;
    long added = 0;
    struct span sp;
    span_init(&sp, r->o->seed);
    span_rows_on_request(r, &sp);
    for (size_t dp = 0; dp < p->npoints / nlocal && !run_must_stop(r) && !run_past_deadline(r) && !run_ref_suspect(r);
         dp++) {
        expected_clear(&r->expected);
        for (int i = 0; i < p->nvariants && !run_must_stop(r); i++)
            for (int b = 0; b < p->builds.n && !run_must_stop(r); b++)
                for (size_t l = 0; l < nlocal && !run_must_stop(r) && !run_past_deadline(r); l++)
                    if (run_config_swept(r, ord[i], b, (long)(dp * nlocal + l))) {
                        span_add(r, cols, &sp, ord[i], b, dp * nlocal + l);
                        added++;
                    }
        span_first_round(r, &sp);          /* the point's expected outputs are cleared before the next */
    }
    span_free(r, &sp);                     /* the last rounds, or (stopped) the rows whose rounds began */
    if (added < configs && run_ref_suspect(r)) r->ref_cut = 1;
    expected_clear(&r->expected);
    r->sweep_whole = !stopped_before && added == configs && !r->stop_cut_span && !r->context_lost && !r->ref_cut &&
                     !r->out.res.tsv.failed;
}

/* add_row_deviation: the deviation from the row average needs every work-group size of a point,
 * so it joins the rows as a last column when the sweep is done. Every swept row has a record, in
 * the same order, after the rows of the build phase. */
static void add_row_deviation(struct runner *r)
{
    struct strlist vals = {0};
    for (int i = 0; i < r->tally.nbuildrows; i++) sl_push(&vals, "");
    for (size_t i = 0; i < r->rel.n; i++) {
        double d = relative_row_dev(&r->rel, i);
        sl_push_own(&vals, isnan(d) ? xstrdup("") : xasprintf(RELATIVE_ROW_DEV_FORMAT, d));
    }
    if (results_add_column(&r->out.res, "dev_row_avg", &vals)) {
        /* The file is rewritten whole beside itself to take a column: the disk needs room for both. */
        warn("cannot add the column dev_row_avg (each row's time against its point's mean over work-group sizes) "
             "to %s/results.tsv: %s: its rows stay whole, without that column", r->out.res.dir, strerror(errno));
        r->out.write_failed = 1;
    }
    sl_free(&vals);
}

/* ---- setup -------------------------------------------------------------------------------- */

/* flush_on_die: a fatal error's die() writes first the rows measured again that wait for the pace's
 * next rewrite (the supervisor holds them too: held_redone_send; this spares it the work, and the
 * rows a die of the supervisor's own would leave). */
static void flush_on_die(void *out) { run_redone_flush(out); }

static void teardown(struct runner *r)
{
    atdie_set(NULL, NULL);               /* r goes with this frame */
    expected_free(&r->expected);
    run_builds_free(&r->bl);
    free(r->order);
    shard_map_free(&r->shard);
    relative_free(&r->rel);
    run_sol_close(r);
    if (r->out.redone) {
        for (int i = 0; i < r->out.resume.rows.nrows; i++) free(r->out.redone[i]);
        free(r->out.redone);
        r->out.redone = NULL;
    }
    resume_free(&r->out.resume);
    latest_free(&r->out.latest);
    reasons_free(&r->tally.reasons);
    run_device_close(&r->dev);
    if (results_close(&r->out.res)) r->out.write_failed = 1;
    plan_free(&r->plan);
    cJSON_Delete(r->search);
}

/* print_summary: the tables of what the run found, read back from results.tsv (the same tables
 * report.md holds); under --quiet (quiet) their warnings alone. */
static void print_summary(struct run_out *out, int quiet)
{
    struct rundir rd;
    char *err = NULL;
    if (rundir_open(out->res.dir, &rd, &err)) {
        warn("cannot read the results back for the summary: %s", err);
        free(err);
        out->write_failed = 1;
    } else {
        summary_print(&rd, quiet ? SUMMARY_QUIET : SUMMARY_ALL, stdout, 0);
    }
    rundir_free(&rd);
}

/* stopped: the end of a run stopped by a signal or a results.tsv that could not take a row (a full
 * disk): run.json says interrupted (where it can still be written), the rows so far stay, and the
 * way to go on is printed. Returns 128 + the signal, as a shell reports it, or EXIT_CANNOT_RUN after
 * the failed write. (A launch past its limit ends no run: supervise.c, run_marks.c.) */
static int stopped(struct runner *r, struct strlist *cols, const char *started, char **run_dir)
{
    int sig = run_stop_signal(), wrote = r->out.res.tsv.failed, err = r->out.res.tsv.err;
    /* A rewrite of results.tsv that failed (rows measured again left out): its disk, as a row's. */
    int rewrote = !wrote && r->out.redone_failed;
    if (rewrote) err = r->out.redone_err;
    r->wall_s = run_wall_s(r);
    /* A resume stopped before the end of the rows it kept: those stay, and are counted; the rel_time of
     * each row is made against the relative rows the file keeps (a full disk's file is left). */
    run_tally_unreached(r);
    if (!wrote && !rewrote) run_rel_refresh(r);
    run_tally_as_file(r);
    /* On a full disk this may fail too (it is rewritten whole, beside the old one): run.json then
     * still says what it said at the start, which readers take as unfinished. */
    int json_failed = run_write_json(r, started, RUN_INTERRUPTED) != 0;
    if (wrote) r->out.write_failed = 1;
    char *dir = xstrdup(r->out.res.dir), *why = xstrdup(run_stop_why(r));
    int rows = run_rows_in_file(r);
    char *unmoved = latest_unmoved(&r->out.latest);
    sl_free(cols);
    teardown(r);
    free(r->tally.first_unbuilt);
    free(r->tally.first_refused);
    fflush(stdout);
    fprintf(stderr, "clx: stopped by %s: %d row%s in %s/results.tsv%s\n", why, rows, rows == 1 ? "" : "s", dir,
            r->out.write_failed && !wrote && !rewrote ? " (a file could not be written: see above)" : "");
    free(why);
    const char *json_said = json_failed ? "run.json could not say so either (it says what it said at the start: "
                                          "readers take the run as unfinished)" : "run.json says interrupted";
    if (wrote)
        fprintf(stderr, "clx: results in %s are incomplete: the sweep stopped at the first row it could not write; %s\n",
                dir, json_said);
    else if (rewrote)
        fprintf(stderr, "clx: results in %s are incomplete: %s/results.tsv keeps rows a stop cut short, which the rows "
                "measured again could not replace; %s, not finished\n", dir, dir, json_said);
    if (r->tally.ncut)
        fprintf(stderr, "clx: %d of them %s only some of their rounds (flag %s): --resume %s\n", r->tally.ncut,
                r->tally.ncut == 1 ? "has" : "have", ROUNDS_CUT_FLAG, rounds_cut_resume(r->o->search.on, r->tally.ncut));
    run_say_kept_longer(r);
    if (r->tally.ncut && r->tally.ncut_here == r->tally.ncut) run_say_cut_span(r);
    if (run_tuning_pass(r->o))
        fprintf(stderr, "clx: " RUNDIR_PASS_STOPPED "\n");
    else if (wrote || rewrote)
        run_wayon_say(dir, disk_full_room(err) ? disk_full_room(err) : "results.tsv can be written");
    else
        run_wayon_say(dir, NULL);
    run_say_latest(unmoved, stderr);
    if (run_dir) *run_dir = xstrdup(dir);
    free(dir);
    return wrote || rewrote ? EXIT_CANNOT_RUN : 128 + sig;
}

/* adopt_pass: a tuned run keeps its tuning pass's folder inside its own, as tune/, from the start
 * (so that --resume finds the picks there). */
static void adopt_pass(struct runner *r)
{
    const struct tune_state *ts = r->o->tune;
    if (!ts || ts->mode != TUNE_PICKED || !ts->pass_dir) return;
    char *to = path_join(r->out.res.dir, TUNE_DIR);
    if (rename(ts->pass_dir, to)) {
        warn("cannot move the tuning pass %s into %s: %s", ts->pass_dir, to, strerror(errno));
        r->out.write_failed = 1;
    }
    free(to);
}

/* make_plan: the run's configurations from the spec, the overrides and the device's properties,
 * in the order they run, its shard's and a tuned run's share of them; a mistake in them (an axis
 * --set names that the spec lacks, a value that does not expand, nothing left to run) ends the run
 * here. It needs no timing, and is made before the wait for the device's turn: behind another
 * clx's sweep of hours, a typo is said at once, not when the turn comes. */
static void make_plan(struct runner *r)
{
    const struct spec *s = r->s;
    const struct run_opts *o = r->o;
    char *err = NULL;
    /* A tuned run's plan holds the tuned axes as the pass or the picks need them (the plan keeps
     * copies: the overrides go once it is made). */
    int tuned = o->tune && o->tune->mode != TUNE_OFF;
    /* sgemm's plan crosses 221,184 combinations down to 62,128 variants: a second of its own. */
    phase_begin(PH_PLAN);
    struct override *tov = NULL;
    int tnov = 0;
    /* Before a tuning pass's candidates are expanded: their words for 'max' are the axis' own. */
    char *unknown = r->dev.dp.max_wg ? NULL : wgunknown_said(s, o->ov, o->nov, o->quick);
    if (unknown) die("%s", unknown);
    if (tuned && tune_overrides(s, o->tune, o->ov, o->nov, &r->dev.dp, &tov, &tnov, &err))
        die("%s: tune: %s", s->path, err);
    int planned = plan_make(s, tuned ? tov : o->ov, tuned ? tnov : o->nov, o->quick, plan_max_wg(r->dev.dp.max_wg), &r->plan, &err);
    if (tuned) tune_overrides_free(tov, tnov, o->nov);
    if (planned == -2) die_usage("%s", err);
    if (planned) die("%s", err);             /* a plan's error names the spec (plan.c) */
    if (r->plan.nvariants == 0 || r->plan.builds.n == 0 || r->plan.npoints == 0) die("%s: nothing to run", s->name);
    /* With the device's values (CU: a grid-stride's bytes), before its turn and before any row. */
    char *work = workcheck_plan(s, &r->plan, &r->dev.dp);
    if (work) die("%s", work);
    /* A search's space is what the restrictions admit: none is refused as an empty plan is. */
    int none = o->search.on ? restrictions_points_none_left(s, &r->plan, o->ov, o->nov, &err) : 0;
    if (none) (none == -2 ? die_usage : die)("%s", err);
    r->order = run_variant_order(s, &r->plan);
    shard_map_init(&r->shard, &o->shard, s, &r->plan, r->order);
    if (tuned) {
        char *keep = tune_keep(s, &r->plan, o->tune, &r->dev.dp, &err);
        if (!keep) die("%s: tune: %s", s->path, err);
        shard_map_keep(&r->shard, keep);
    }
    phase_end();
}

int run_experiment(const struct spec *s, const struct run_opts *o, char **run_dir)
{
    struct runner r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.o = o;
    r.t0 = now_seconds();
    r.out.redone_pace.gap_s = (double)o->redone_gap_s;
    phase_reset();
    run_time_earlier(o);                   /* a worker after a crash or a timeout: what those before it took */
    phase_begin(PH_SETUP);                 /* less the plan's seconds and the wait's */
    run_device_find(&r.dev, o);
    if (o->stop_in_setup) run_stop_group();
    make_plan(&r);
    /* A --resume that is not this run is said before the wait too, as the plan's mistakes are; and
     * before its peaks run is read again (run_sol_find), which a refused resume has no need of. */
    if (o->resume_dir) run_resume_check(&r);
    run_sol_find(&r);
    /* The device's turn; a stop in the wait for it ends the run there, nothing run. */
    double waited = run_take_turn(&r);
    phase_add(PH_DEVWAIT, waited);
    /* A tuning pass's seconds are the device's, as a search's budget is: the wait for its turn
     * (another clx timing it for minutes) is not spent on the pass. The wait of a worker before
     * this one (one that crashed) is lost: the pass ends that much sooner, never later. */
    if (run_tuning_pass(o)) r.tune_waited = waited;
    /* What runs on the device or times anything, in its turn. */
    run_device_open(&r.dev, o);
    run_energy_open(&r);
    expected_init(&r.expected, r.dev.ctx, r.dev.q, o->verify == VERIFY_DEVICE ? &r.dev.dc : NULL, &r.dev.dp);
    /* A reference whose probe faulted in a worker before faults there in every new one (it is the
     * second call in each): probed once, its fault said once, not a new worker for every row. */
    r.expected.ref_probed = o->ref_unprobed;
    r.expected.probe_made_before = o->ref_probe_made;
    r.expect_kept = o->verify == VERIFY_OFF || (!s->reference && !s->baseline) ? MEMNEED_EXPECT_NONE
                  : o->verify == VERIFY_DEVICE ? MEMNEED_EXPECT_DEVICE : MEMNEED_EXPECT_HOST;
    run_sol_open(&r);
    phase_end();
    struct strlist cols = {0};
    run_header_columns(&r, &cols);
    if (o->shard.n) sl_push(&cols, "sweep_index");   /* each row's place in the whole sweep, for clx merge */
    char started[64];
    iso_time_now(started, sizeof started);
    if (o->resume_dir) run_open_resumed(&r, &cols, started, sizeof started);
    else {
        char *name = shard_run_name(s->name, &o->shard);
        if (run_tuning_pass(o)) {
            char *t = xasprintf("%s-%s", name, TUNE_DIR);
            free(name);
            name = t;
        }
        char *tag = devtag(r.dev.dp.name, r.dev.dp.platform, (r.dev.dp.type & CL_DEVICE_TYPE_CPU) != 0);
        int made = results_open(&r.out.res, o->results_root, name, tag), err = errno;
        free(tag);
        free(name);
        if (made) die("cannot make a results folder under %s: %s", o->results_root, strerror(err));
        results_header(&r.out.res, &cols);
        adopt_pass(&r);
    }
    r.expected.probe_made_before |= r.out.resume.ref_probed;
    if (r.out.resume.ref_probe_fault && !r.expected.ref_probed) {
        /* The run's own record: a resume does not fault in the probe again (a new worker for it), and
         * says why once, since the row that said it may be one measured again now. */
        r.expected.ref_probed = 1;
        if (!o->continuing)
            warn("the reference is not probed again in this resume, since the run found (run.json " RJ_REF_PROBE_FAULT
                 "): %s", r.out.resume.ref_probe_fault);
    }
    atdie_set(flush_on_die, &r.out);
    if (!run_tuning_pass(o)) run_arm_latest(&r);   /* a tuning pass is a part of its run: never the latest */
    /* Written first as a run going on (sgemm's lists 62,128 variants: 20 MB); a new run that cannot
     * write it ends here, before the supervisor knows its folder (removed): no --dir-file names it. */
    phase_begin(PH_WRITE);
    run_write_first_json(&r, started);
    phase_end();
    /* Caught before the supervisor knows the folder (then a stop is "after the launch in flight"). */
    run_stop_catch();
    worker_dir(r.out.res.dir);
    /* A worker the supervisor started after a crash goes on quietly: the first one said all this. */
    if (run_worker_again(o)) run_say_new_worker(&r);
    else if (!run_tuning_pass(o)) run_print_header(&r);
    else {
        /* Said here, where the device and so its candidates are known (a CPU device may have its own). */
        char *said = tune_pass_said(s, (r.dev.dp.type & CL_DEVICE_TYPE_CPU) != 0);
        printf("clx: %s\n", said);
        free(said);
    }
    fflush(stdout);
    progress_begin(&r.progress, !o->quiet, r.plan.nvariants * r.plan.builds.n);
    progress_estimate(&r.progress, &r.estimate);
    if (o->search.on) {
        relative_init(&r.rel, s, &r.plan);
        run_preheat(&r);
        run_hostload_begin(&r);
        search_sweep(&r, &cols);
        run_expect_say(&r);
    } else {
        run_build_all(&r, &cols);
        worker_builds_done();
        run_expect_say(&r);
        relative_init(&r.rel, s, &r.plan);
        run_preheat(&r);
        run_hostload_begin(&r);
        sweep(&r, &cols);
    }
    /* The rows measured again that wait for the pace's next rewrite, before anything reads the file. */
    run_redone_flush(&r.out);
    run_hostload_finish(&r);
    progress_end(&r.progress);
    if (r.context_lost && worker_attached()) {
        /* The supervisor starts a new worker, which resumes after this row. */
        results_close(&r.out.res);
        fflush(NULL);
        _exit(EXIT_CONTEXT_LOST);
    }
    if (r.ref_cut && !run_stop_signal() && !r.out.res.tsv.failed) {
        /* A reference faulted: its row and those begun before it are written; the supervisor starts
         * a new worker, which resumes after them (run_ref_suspect says why). A stop meanwhile ends
         * the run as a stop does, the rest left to --resume. */
        /* What the probe's fault said, for the next worker and a resume (run.json ref_probe_fault). */
        if (r.expected.ref_probe_fault) run_write_json(&r, started, RUN_GOING);
        results_close(&r.out.res);
        fflush(NULL);
        _exit(r.expected.ref_probe_fault ? EXIT_REF_PROBE_FAULTED : EXIT_REF_FAULTED);
    }
    worker_past_sweep();
    run_stop_after_sweep(o);
    /* A stop once every row is written (clx run ... | head, its reader gone at the summary) loses
     * nothing a resume would add: the run ends as finished, the stop said and its exit status kept
     * (run_stop_ended), unless the device's probes are still to make: a resume makes those. */
    int due = o->shard.k <= 1 && !run_tuning_pass(o) && s->probes.n > 0;
    int whole = r.sweep_whole && !run_tuning_pass(o) && !o->search.on;
    /* A results.tsv that could not take a row ended the sweep there, as a stop does; one whose rewrite
     * failed keeps rows a stop cut short in the places of those measured again: not finished either
     * (run.json says interrupted, a --resume measures them again). */
    if ((run_stop_signal() && !(whole && !due)) || r.out.res.tsv.failed || r.out.redone_failed)
        return stopped(&r, &cols, started, run_dir);
    /* A stop from here to the end is caught as one in the sweep (the handler stays till the worker
     * exits): on a 16-core host a SIGTERM after the sweep's last row had killed the worker without a
     * word, run.json saying neither finished nor interrupted. The device's probes belong to the sweep
     * once, not to every shard of it or to a tuning pass; a stop ends them between two probes
     * (peaks' take a minute). */
    if (o->shard.k <= 1 && !run_tuning_pass(o)) {
        int made = 0;
        struct probes_device pd = { .ctx = r.dev.ctx, .dev = r.dev.ocl.id, .q = r.dev.q, .pk = &r.dev.pk,
                                    .by_host = r.dev.timer.host, .stop = run_stop_signal, .made = &made };
        r.tally.nprobefail = probes_run(&pd, s, o->quick, r.out.res.dir, o->quiet, &r.out.write_failed);
        if (made < s->probes.n) whole = 0;
    }
    if (run_stop_signal() && !whole) return stopped(&r, &cols, started, run_dir);
    if (!o->search.on) add_row_deviation(&r);   /* a search's rows are not every local size of a point */
    run_rel_refresh(&r);
    if (run_stop_signal() && !whole) return stopped(&r, &cols, started, run_dir);
    run_sol_passed(&r, !run_tuning_pass(o));
    /* A resumed search builds nothing it had tried: where every row is a failed build, the first
     * is said from the rows kept (a resumed sweep builds them all again, and says its own). */
    if (!r.tally.first_unbuilt && !r.tally.first_refused && r.tally.st.rows &&
        r.tally.st.n[RS_BUILD_FAILED] == r.tally.st.rows)
        r.tally.first_unbuilt = run_kept_unbuilt(&r);
    r.wall_s = run_wall_s(&r);
    run_tally_as_file(&r);
    /* Finished: no build is made again, so a crash record no failed row's log names is a stale one. */
    catchleft_tidy(r.out.res.dir);
    int json_failed = run_write_json(&r, started, RUN_DONE) != 0;
    if (r.out.res.tsv.failed) r.out.write_failed = 1;
    if (!run_tuning_pass(o)) print_summary(&r.out, o->quiet);
    reasons_print_repeats(&r.tally.reasons, stderr);
    /* Every configuration postponed the probe: its rows stand, the question it asks left open, once. */
    char *unprobed = expected_probe_unmade(&r.expected);
    if (unprobed) warn("%s", unprobed);
    free(unprobed);
    if (!run_tuning_pass(o) && !o->quiet) run_print_times(&r);
    if (!run_tuning_pass(o)) run_hostload_end(&r);
    run_energy_end(&r);
    if (run_dir) *run_dir = xstrdup(r.out.res.dir);
    char *dir = xstrdup(r.out.res.dir);
    long owned = r.shard.owned;
    int resumed_whole = run_resumed_whole(&r, due);
    char *unmoved = latest_unmoved(&r.out.latest);
    sl_free(&cols);
    r.tally.plan_variants = r.plan.nvariants;   /* the plan goes with teardown */
    teardown(&r);
    if (r.out.write_failed) {
        /* On stderr, below the failed writes it points at. */
        fflush(stdout);
        fprintf(stderr, "clx: results in %s are incomplete: a file could not be written (see above)", dir);
        if (r.out.files_unsaid)
            fprintf(stderr, "; %d more sources, binaries or logs could not be written either", r.out.files_unsaid);
        fprintf(stderr, "\n");
        /* run.json still says what it said at the start: a resume writes its end (a tuning pass's
         * folder takes none); one that says finished has nothing to resume. */
        if (json_failed && run_tuning_pass(o))
            fprintf(stderr, "clx: run.json could not say the tuning pass ended: run the experiment again\n");
        else if (json_failed)
            run_wayon_tell("run.json could not say the run ended: ", dir, "its folder can be written");
        run_say_latest(unmoved, stdout);
        free(dir);
        free(r.tally.first_unbuilt);
        free(r.tally.first_refused);
        return EXIT_CANNOT_RUN;
    }
    int rc = run_end_status(&r.tally, o, owned, dir, s, r.tune_stopped);
    if (resumed_whole)
        printf("clx: the sweep was whole already: every configuration had its row when it was stopped and none was "
               "measured now; run.json says finished\n");
    run_say_latest(unmoved, stdout);
    free(r.tally.first_unbuilt);
    free(r.tally.first_refused);
    /* A stop that came once everything was written: its results are complete, and it was asked. */
    if (run_stop_signal()) rc = run_stop_ended(run_stop_signal());
    free(dir);
    return rc;
}
