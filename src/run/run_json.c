/* run_json.c — a run's record of run.json (store/runjson.h writes it): device, driver, peaks, host,
 * command line, the spec as written and the axes as run, the host's load (run_hostload.c); at the
 * start and again when it ends. */
#include "device/devinfo.h"
#include "lib/isotime.h"
#include "lib/version.h"
#include "spec/expand.h"
#include "spec/refload.h"
#include "lib/phase.h"
#include "run_impl.h"
#include "measure/rounds.h"
#include "store/sessions.h"
#include "device/jitcache.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* variants_hash: the FNV-1a hash of the plan's variants (id, kernel, parameters and values, in
 * order), as 16 hex digits: what a search's run.json records in place of the list. */
static void variants_hash(const struct plan *p, char out[17])
{
    uint64_t h = FNV1A_START;
    for (int i = 0; i < p->nvariants; i++) {
        const struct variant *v = &p->variants[i];
        h = fnv1a(h, v->id, strlen(v->id) + 1);
        h = fnv1a(h, v->kernel, strlen(v->kernel) + 1);
        for (int k = 0; k < v->keys.n; k++) {
            h = fnv1a(h, v->keys.v[k], strlen(v->keys.v[k]) + 1);
            h = fnv1a(h, v->values.v[k], strlen(v->values.v[k]) + 1);
        }
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* axes_record: the variants, builds, launch values and derived names as run; a search's variants
 * as their number and hash (the rows name those it measured; --resume compares the hash). */
static void axes_record(struct runjson *j, const struct plan *p, const struct spec *s, int search)
{
    struct rj_as_run *a = &j->as_run;
    a->has = 1;
    a->restricted = p->restricted;
    if (search) {
        char h[17];
        variants_hash(p, h);
        a->variants_hash = runjson_hold(j, h);
        a->variants_count = p->nvariants;
    }
    a->nvariants = search ? 0 : p->nvariants;
    a->variants = xcalloc((size_t)a->nvariants + 1, sizeof *a->variants);
    for (int i = 0; i < a->nvariants; i++) {
        struct rj_variant *v = &a->variants[i];
        v->id = p->variants[i].id;
        v->kernel = p->variants[i].kernel;
        for (int k = 0; k < p->variants[i].keys.n; k++) {
            sl_push(&v->keys, p->variants[i].keys.v[k]);
            sl_push(&v->values, p->variants[i].values.v[k]);
        }
    }
    for (int b = 0; b < p->builds.n; b++) sl_push(&a->builds, p->builds.v[b]);
    a->naxes = p->naxes;
    a->axes = xcalloc((size_t)p->naxes + 1, sizeof *a->axes);
    for (int x = 0; x < p->naxes; x++) {
        a->axes[x].name = p->axis_names[x];
        for (int k = 0; k < p->axis_values[x].n; k++) sl_push(&a->axes[x].values, p->axis_values[x].v[k]);
    }
    /* Columns computed per row, not chosen: a report must not join or group runs on them. */
    for (int d = 0; d < s->derived_names.n; d++) sl_push(&a->derived, s->derived_names.v[d]);
}

/* add_identity: what ran, by which command, and when: started, and finished or interrupted. */
static void add_identity(struct runjson *j, const struct runner *r, const char *started, int state)
{
    char now[64];
    iso_time_now(now, sizeof now);
    j->clx_version = clx_version();
    j->experiment = r->s->name;
    j->description = r->s->description;
    j->command_line = r->out.resume.command_line ? r->out.resume.command_line : r->o->command_line;
    /* The arguments after "clx run", for clx run --resume with nothing else. */
    for (int i = 0; i < r->o->args.n; i++) sl_push(&j->args, r->o->args.v[i]);
    j->started = runjson_hold(j, started);
    if (state == RUN_DONE) j->finished = runjson_hold(j, now);
    /* An interrupted run is continued with clx run --resume; it says when it stopped and was resumed. */
    if (state == RUN_INTERRUPTED) {
        j->interrupted = runjson_hold(j, now);
        j->interrupted_by = run_stop_why(r);
    }
    for (int i = 0; i < r->out.resume.resumed.n; i++) sl_push(&j->resumed, r->out.resume.resumed.v[i]);
    /* This session's crashes and timeouts, said by it: a resume's entry for it names these, not an
     * earlier session's rows (store/sessions.c). */
    char *crashes = run_marks_causes(r->o);
    j->session_crashes = runjson_hold(j, crashes);
    free(crashes);
    /* Each earlier session's stop stays said once a resume ends the run (store/resume.c). */
    const cJSON *was = r->out.resume.interruptions;
    if (cJSON_GetArraySize(was) > 0) runjson_attach(j, RJ_INTERRUPTIONS, cJSON_Duplicate(was, 1));
}

/* before: what the earlier sessions of a resumed run counted of key (run.json "interruptions":
 * each session's own counts, whatever ended it; one killed outright wrote none), for counts of the
 * whole run. */
static double before(const struct runner *r, const char *key)
{
    return sessions_counted(r->out.resume.interruptions, key);
}

/* kind_of: what a figure of value x is, in run.json's words; NULL (not said) where it is unknown. */
static const char *kind_of(double x, enum peak_kind k) { return x > 0 ? peak_kind_name(k) : NULL; }
/* low_of: an estimate x's own lower figure, NAN (not written) where x is none or its derivation gave none. */
static double low_of(double x, enum peak_kind k, double low)
{
    return x > 0 && k == PEAK_ESTIMATE && low > 0 && low < x ? low : NAN;
}

/* add_peak: the theoretical peaks, how each was derived and what each is. */
static void add_peak(struct runjson *j, const struct peak *pk)
{
    j->has_peak = 1;
    j->peak = (struct rj_peak){
        .fp32_gflops = pk->fp32_gflops, .fp32_source = pk->fp32_source, .fp64_gflops = pk->fp64_gflops,
        .fp64_source = pk->fp64_source, .fp16_gflops = pk->fp16_gflops, .fp16_source = pk->fp16_source,
        .tensor_f16_gflops = pk->tensor_f16_gflops, .tensor_tf32_gflops = pk->tensor_tf32_gflops,
        .tensor_int8_gops = pk->tensor_int8_gops, .tensor_source = pk->tensor_source, .mem_gbs = pk->mem_gbs,
        .mem_source = pk->mem_source, .cache_bytes = pk->cache_bytes, .cache_source = pk->cache_source,
        .link_gbs = pk->link_gbs, .link_source = pk->link_source,
        .fp32_kind = kind_of(pk->fp32_gflops, pk->fp32_kind), .fp64_kind = kind_of(pk->fp64_gflops, pk->fp64_kind),
        .fp16_kind = kind_of(pk->fp16_gflops, pk->fp16_kind), .tensor_kind = kind_of(pk->tensor_f16_gflops, pk->tensor_kind),
        .mem_kind = kind_of(pk->mem_gbs, pk->mem_kind),
        .fp32_low_gflops = low_of(pk->fp32_gflops, pk->fp32_kind, pk->fp32_low_gflops),
        .fp64_low_gflops = low_of(pk->fp64_gflops, pk->fp64_kind, pk->fp64_low_gflops),
    };
}

/* add_machine: the host, the device as selected and as it reports itself, and its peaks. */
static void add_machine(struct runjson *j, const struct runner *r)
{
    struct utsname u;
    if (uname(&u) == 0) {
        j->host = runjson_hold(j, u.nodename);
        char *os = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
        j->os = runjson_hold(j, os);
        free(os);
    }
    j->device_selector = r->o->device ? r->o->device : RJ_DEVICE_DEFAULT;
    char *pd = xasprintf("%d:%d", r->dev.ocl.pidx, r->dev.ocl.didx);
    j->device_index = runjson_hold(j, pd);
    free(pd);
    runjson_attach(j, RJ_DEVICE, devinfo_json(&r->dev.dp, &r->dev.pk));
    add_peak(j, &r->dev.pk);
}

/* planned_rows: the rows the whole sweep writes: a row per configuration of the plan, but a single
 * row for a build that failed and for each build of a variant that does not run here (skipped: its
 * requires false on the device; or one the spec gets wrong), as run_build_rows.c writes them: a
 * skipped FP64 variant on a device without FP64 had been counted at every launch point, 3 rows
 * "lost" of a whole sweep. Known once the build phase has met them; before, the plan's count,
 * which is never fewer than the rows to come (a run stopped then reads as cut short, as it is). */
static double planned_rows(const struct runner *r)
{
    const struct run_builds *bl = &r->bl;
    double n = 0;
    for (int v = 0; v < r->plan.nvariants; v++)
        for (int b = 0; b < r->plan.builds.n; b++) {
            int one = (bl->skips && bl->skips[v]) ||
                      (bl->tried && bl->builds && bl->tried[build_index(bl, v, b)] && !build_of(bl, v, b)->ok);
            n += one ? 1 : (double)r->plan.npoints;
        }
    return n;
}

/* add_timing_settings: how the trials were taken: seed, counts, limits, cache, timer. */
static void add_timing_settings(struct runjson *j, const struct runner *r)
{
    const struct bench_opts *b = &r->o->bench;
    j->seed = (double)r->o->seed;
    j->warmups = b->warmups;
    j->trials = b->trials;
    j->rounds = rounds_count(b->rounds, b->trials);
    j->batch = b->batch;     /* 0: from the probes */
    j->max_seconds = b->max_seconds;
    j->target_cv = b->target_cv;
    j->target_se = b->target_se;
    j->max_rounds = b->max_rounds;
    j->round_gap_s = b->round_gap;
    j->cache = b->cold ? "cold" : "warm";
    /* What every launch pays on the host beside its kernel: the scale of host_ms's overhead. */
    if (r->dev.round_trip_ms > 0) j->host_round_trip_ms = r->dev.round_trip_ms;
    j->timer.used = r->dev.timer.host ? "host" : "events";
    j->timer.check = r->dev.timer.why;
    /* What the driver says its timer resolves, and what its events' times step by (timer_step_ns). */
    j->timer.reported_resolution_ns = (double)r->dev.dp.timer_res_ns;
    j->timer.step_ns = r->dev.blk.step_ns ? (double)r->dev.blk.step_ns : NAN;
    /* How long a trial of a short kernel lasts at least, behind the blocker and fed by the host. */
    struct bench_env env = {0};
    run_timer_env(&r->dev, &env);
    j->timer.trial_held_us = trials_want_ns(&env, 1) * 1e-3;
    j->timer.trial_fed_us = trials_want_ns(&env, 0) * 1e-3;
    if (b->cold) j->cache_flush_bytes = (double)r->dev.flush.bytes;
    j->quick = r->o->quick != 0;
    /* Kept from worker to worker (each reads run.json as a resume does) and session to session: the
     * probe would fault in each (expected_probe.h). */
    j->ref_probe_fault = r->expected.ref_probe_fault ? r->expected.ref_probe_fault : r->out.resume.ref_probe_fault;
    /* Made, or faulted (made too): a resume that finds no room for it does not say it never ran. */
    j->ref_probed = r->expected.ref_probed || r->expected.probe_made_before ? 1 : -1;
    if (!j->ref_probe_fault && r->o->ref_unprobed)
        j->ref_probe_fault = "the reference faulted when run a second time (the probe of whether it reads its output): "
                             "its row says where";
    /* Not said where the rows are not the plan's alone: a shard's (its part, and its helpers'
     * rows), a search's, a tuning's. */
    if (!r->o->shard.n && !r->o->search.on && !(r->o->tune && r->o->tune->mode != TUNE_OFF))
        j->planned_rows = planned_rows(r);
}

/* blocker_json: batches held behind the blocking kernel (blocker.h): how many, how many were not
 * all queued before it ended (their launches ran partly as the host fed them: timed again), how
 * many of those were kept after three tries, and how many the driver's queued times could not
 * check; this process's (a restarted worker counts its own). */
static cJSON *blocker_json(const struct blocker *blk)
{
    cJSON *b = cJSON_CreateObject();
    cJSON_AddNumberToObject(b, "batches", blk->held);
    cJSON_AddNumberToObject(b, "late", blk->late);
    cJSON_AddNumberToObject(b, "kept_late", blk->kept_late);
    /* Trials of one launch queued behind a spin in place of a lead-in of their own kernel. */
    cJSON_AddNumberToObject(b, "warmed", blk->warmed);
    cJSON_AddNumberToObject(b, "unchecked", blk->unchecked);
    /* The holds' needs added up (beside time_s.blocker_holds, what they spun): the spin's margin. */
    cJSON_AddNumberToObject(b, "needed_s", blk->needed_s);
    /* An empty kernel's time a launch, back to back: rows under twice it are launch-bound. */
    if (blk->floor_ns > 0) cJSON_AddNumberToObject(b, "launch_floor_us", blk->floor_ns * 1e-3);
    else {
        cJSON_AddNullToObject(b, "launch_floor_us");
        /* Why, where a row's sol_note says only "no launch floor known": seen once under a loaded
         * host's make check, with nothing that said which step failed. */
        cJSON_AddStringToObject(b, "launch_floor_why", blk->floor_why[0] ? blk->floor_why : "not measured");
    }
    /* Which clock timed it: "host" where the rows are the host's (launch cost included), else "events". */
    cJSON_AddStringToObject(b, "launch_floor_timer", blk->floor_by_host ? "host" : "events");
    return b;
}

/* add_checks_and_clocks: how outputs were verified and where, the device's turn, and where the
 * clocks came from. */
static void add_checks_and_clocks(struct runjson *j, const struct runner *r)
{
    const struct spec *s = r->s;
    j->verify = !r->o->verify ? "off" : s->reference ? s->reference : s->baseline ? "baseline" : "none";
    /* Where the comparisons ran: "device", or "host" with why (--verify host, or the device cannot). */
    const char *where_why = r->o->verify == VERIFY_HOST ? "--verify host" : r->dev.dc.off;
    /* The device's turn (devlock.h): its file, and whether this run waited for it or shared. */
    if (r->dev.lock.path) {
        j->device_lock = r->dev.lock.path;
        j->device_turn = r->dev.lock.owner ? "held" : r->dev.lock.share ? "shared" : "unlocked";
    }
    j->verify_on = r->o->verify == VERIFY_OFF ? "off" : where_why ? "host" : "device";
    /* Where NVIDIA kept what it JIT-compiled (ptxas's register counts come from a build it did not
     * hold: jitcache.h). */
    if (ocl_is_nvidia(&r->dev.dp)) j->nvidia_jit_cache = jitcache_where();
    /* Where each trial's clock comes from (trial_mhz, trials_mhz), or why those are empty. */
    if (r->dev.tclock.source) j->trial_clock = r->dev.tclock.source;
    else j->trial_clock_why = r->dev.tclock.why ? r->dev.tclock.why : "not read";
    if (r->dev.blk.k) runjson_attach(j, RJ_BLOCKER, blocker_json(&r->dev.blk));
    else j->blocker_why = r->dev.blk.why;
    /* Where the rows' clocks, temperature and power come from, or why they are empty (null then). */
    if (r->dev.clk.source) {
        j->clock_source = r->dev.clk.source;
        j->clock_max_mhz = r->dev.clk.max_sm_mhz;
    } else {
        j->clock_source_why = r->dev.clk.why ? r->dev.clk.why : "";
    }
    runjson_attach(j, RJ_ENERGY, run_energy_json(r));
    runjson_attach(j, RJ_PREHEAT, run_preheat_json(r));
    if (r->o->verify != VERIFY_OFF && where_why) j->verify_on_why = where_why;
}

/* add_spec: the spec's file, its text as written, the hashes of its template and .ref.c, and the
 * axes as run. */
static void add_spec(struct runjson *j, const struct runner *r)
{
    const struct spec *s = r->s;
    /* Relative to clx's home for the shipped experiments (no machine's paths in results), else
     * absolute, so that clx report finds it from any folder. */
    char home[PATH_MAX], abs[PATH_MAX];
    const char *spec_file = s->path;
    if (realpath(s->path, abs)) {
        size_t hl = realpath(clx_home(), home) ? strlen(home) : 0;
        spec_file = hl && !strncmp(abs, home, hl) && abs[hl] == '/' ? abs + hl + 1 : abs;
    }
    j->spec_file = runjson_hold(j, spec_file);
    /* A resume's where the spec was edited since (in comments, or in what no row reads): which one. */
    j->spec = run_resume_spec_text(r);
    /* What the kernel and its expected outputs came from, beside the spec: --resume and merge refuse
     * a template or a .ref.c edited since. */
    /* The run's template is named as runflags_template resolved it: absolute, or under clx's home. */
    char *tpl = !s->template_name ? NULL : s->template_name[0] == '/' ? xstrdup(s->template_name)
                                                                      : path_join(clx_home(), s->template_name);
    char *ref = refload_source(s);
    char *th = file_hash(tpl), *rh = file_hash(ref);
    if (th) j->template_sha = runjson_hold(j, th);
    if (rh) j->reference_sha = runjson_hold(j, rh);
    free(th); free(rh); free(tpl); free(ref);
    axes_record(j, &r->plan, s, r->o->search.on);
}

/* time_json: where the time went (seconds), as the last line of the console says. */
static cJSON *time_json(const struct runner *r)
{
    cJSON *t = cJSON_CreateObject();
    cJSON_AddNumberToObject(t, "wall", r->wall_s);
    for (int p = 0; p < PH_N; p++) {
        char *key = slugify(phase_name(p));
        for (char *c = key; *c; c++) if (*c == '-') *c = '_';
        cJSON_AddNumberToObject(t, key, phase_get(p));
        free(key);
    }
    return t;
}

/* add_totals: once the run has stopped, where the time went and what the rows came to. */
static void add_totals(struct runjson *j, const struct runner *r)
{
    runjson_attach(j, RJ_TIME_S, time_json(r));
    /* The whole run's: its rows (kept ones replayed or, at a stop, counted: run_tally_unreached), and
     * what its earlier sessions did with what this one did. */
    j->counts = (struct rj_counts){
        .has = 1, .st = r->tally.st, .builds_compiled = r->bl.cache.built + before(r, "builds_compiled"),
        .builds_from_cache = r->bl.cache.hits + before(r, "builds_from_cache"),
        .outputs_on_device = (double)r->expected.device_checks + before(r, "outputs_checked_on_device"),
        .outputs_on_host = (double)r->expected.host_checks + before(r, "outputs_checked_on_host"),
        .shared = r->tally.nshared, .rounds_cut = r->tally.ncut,
        /* The files it could not write so far, each said (the first) or counted (the rest): the run
         * exits 4 on them, and a resume of it or clx report reads that back (status_counts_exit). */
        .files_unwritten = r->out.write_failed ? 1 + r->out.files_unsaid : 0,
    };
    runjson_attach(j, RJ_REPEATABILITY, rounds_tally_json(&r->tally.rounds));
}

void run_record(struct runner *r, const char *started, int state, struct runjson *j)
{
    runjson_init(j);
    add_identity(j, r, started, state);
    add_machine(j, r);
    add_timing_settings(j, r);
    add_checks_and_clocks(j, r);
    runjson_attach(j, RJ_EXPECT, run_expect_json(r));
    runjson_attach(j, RJ_ISA_INSTR, run_isa_json(&r->bl));
    add_spec(j, r);
    runjson_attach(j, RJ_TUNE, tune_json(r->s, r->o->tune, &r->dev.dp, r->tune_stopped));
    /* The writer hashes into it what comes before it (store/sweepid.c). */
    if (r->o->shard.n) shard_record(&r->shard, &r->o->args, &j->shard);
    runjson_attach(j, RJ_SOL, sol_ceilings_json(&r->sol));
    if (r->search) runjson_attach(j, RJ_SEARCH, cJSON_Duplicate(r->search, 1));
    if (state != RUN_GOING) add_totals(j, r);
    run_hostload_record(r, j);
}

int run_write_json(struct runner *r, const char *started, int state)
{
    struct runjson j;
    run_record(r, started, state, &j);
    int rc = runjson_write(r->out.res.dir, &j);
    if (rc) {
        warn("cannot write %s/run.json: %s", r->out.res.dir, strerror(errno));
        r->out.write_failed = 1;
    }
    runjson_free(&j);
    return rc ? -1 : 0;
}

void run_write_first_json(struct runner *r, const char *started)
{
    if (r->o->resume_dir) { run_write_json(r, started, RUN_GOING); return; }
    struct runjson j;
    run_record(r, started, RUN_GOING, &j);
    int rc = runjson_write(r->out.res.dir, &j), e = errno;
    runjson_free(&j);
    if (!rc) return;
    char *dir = xstrdup(r->out.res.dir);
    int gone = results_discard(&r->out.res) == 0, why = errno;
    if (gone)
        die("cannot write %s/run.json: %s; the run stops before measuring anything (rows without their run.json could "
            "be neither reported nor resumed), and its folder is removed", dir, strerror(e));
    die("cannot write %s/run.json: %s; the run stops before measuring anything (rows without their run.json could be "
        "neither reported nor resumed); its folder stays (cannot remove it: %s)", dir, strerror(e), strerror(why));
}

/* rows_counted: j's counts, where it has none (a worker killed before it wrote its own), from the
 * rows in dir/results.tsv, as a stopped run's counts are its rows' (kept ones with them): rows by
 * status, flagged shared and rounds-cut; the builds and outputs checked are not known (left out). */
static void rows_counted(const char *dir, struct runjson *j)
{
    if (j->counts.has) return;
    char *p = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    if (table_read(p, &t, &err) == 0) {
        int cs = table_col(&t, "status"), cf = table_col(&t, "flag");
        struct rj_counts c = { .has = 1, .builds_compiled = NAN, .builds_from_cache = NAN, .outputs_on_device = NAN,
                               .outputs_on_host = NAN, .files_unwritten = NAN };
        for (int i = 0; i < t.nrows && cs >= 0; i++) {
            status_counts_add(&c.st, table_cell(&t, i, cs));
            const char *flags = cf >= 0 ? table_cell(&t, i, cf) : "";
            c.shared += flag_has(flags, "shared");
            c.rounds_cut += flag_has(flags, ROUNDS_CUT_FLAG);
        }
        if (cs >= 0) j->counts = c;
        table_free(&t);
    }
    free(err);
    free(p);
}

/* mark: dir/run.json says interrupted by `by`, unless it says finished; with counts (rows_counted);
 * with search (JSON text, NULL: none) as its "search" part. */
static int mark(const char *dir, const char *by, int counts, const char *search)
{
    struct runjson j;
    char *err = NULL;
    if (runjson_read(dir, &j, &err)) {
        warn("cannot say in run.json that the run was stopped: %s", err);
        free(err);
        runjson_free(&j);
        return -1;
    }
    /* A worker that ended before its own last write left the state it wrote at the start. */
    if (!j.finished) {
        char now[64];
        iso_time_now(now, sizeof now);
        j.interrupted = runjson_hold(&j, now);
        j.interrupted_by = runjson_hold(&j, by);
        if (counts) rows_counted(dir, &j);
        /* Only where the worker wrote none: one that left the launch between the request and the
         * kill may have written its own at its stop, the whole of it (a run.json written while a
         * search goes has none). */
        if (search && !cJSON_IsObject(runjson_part(&j, RJ_SEARCH))) {
            cJSON *part = cJSON_Parse(search);
            if (cJSON_IsObject(part)) runjson_attach(&j, RJ_SEARCH, part);
            else {
                cJSON_Delete(part);
                warn("cannot say in run.json what the search had found: its worker sent no JSON it could read");
            }
        }
    }
    int rc = j.finished ? 0 : runjson_write(dir, &j);
    if (rc) warn("cannot write %s/run.json: %s", dir, strerror(errno));
    runjson_free(&j);
    return rc;
}

int run_json_mark_interrupted(const char *dir, const char *by) { return mark(dir, by, 0, NULL); }

int run_json_mark_stopped(const char *dir, const char *by, const char *search) { return mark(dir, by, 1, search); }

int run_json_mark_crashed(const char *dir, const char *how)
{
    struct runjson j;
    char *err = NULL;
    if (runjson_read(dir, &j, &err)) {
        warn("cannot say in run.json how the worker process died: %s", err);
        free(err);
        runjson_free(&j);
        return -1;
    }
    int rc = 0;
    if (j.finished) {
        j.worker_crash = runjson_hold(&j, how);
        if ((rc = runjson_write(dir, &j))) warn("cannot write %s/run.json: %s", dir, strerror(errno));
    }
    runjson_free(&j);
    return rc;
}
