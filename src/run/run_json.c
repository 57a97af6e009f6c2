/* run_json.c — run.json: the provenance of a run (device, driver, peaks, host, command line, the
 * spec as written and the axes as run), written at the start and again when the sweep ends. */
#include "device/devinfo.h"
#include "lib/version.h"
#include "spec/expand.h"
#include "lib/phase.h"
#include "run_impl.h"
#include "measure/rounds.h"
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

static cJSON *axes_json(const struct plan *p, const struct spec *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *vs = cJSON_AddArrayToObject(o, "variants");
    for (int i = 0; i < p->nvariants; i++) {
        cJSON *v = cJSON_CreateObject();
        cJSON_AddStringToObject(v, "id", p->variants[i].id);
        cJSON_AddStringToObject(v, "kernel", p->variants[i].kernel);
        cJSON *ps = cJSON_AddObjectToObject(v, "params");
        for (int k = 0; k < p->variants[i].keys.n; k++)
            cJSON_AddStringToObject(ps, p->variants[i].keys.v[k], p->variants[i].values.v[k]);
        cJSON_AddItemToArray(vs, v);
    }
    cJSON_AddItemToObject(o, "builds", cJSON_CreateStringArray((const char *const *)p->builds.v, p->builds.n));
    cJSON *la = cJSON_AddObjectToObject(o, "launch");
    for (int a = 0; a < p->naxes; a++)
        cJSON_AddItemToObject(la, p->axis_names[a],
                              cJSON_CreateStringArray((const char *const *)p->axis_values[a].v, p->axis_values[a].n));
    /* Columns computed per row, not chosen: a report must not join or group runs on them. */
    cJSON_AddItemToObject(o, "derived", cJSON_CreateStringArray((const char *const *)s->derived_names.v, s->derived_names.n));
    return o;
}

void run_iso_time(char *buf, size_t n)
{
    time_t t = time(NULL);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%S%z", localtime(&t));
}

/* add_identity: what ran, by which command, and when: started, and finished or interrupted. */
static void add_identity(cJSON *j, const struct runner *r, const char *started, int state)
{
    char now[64];
    run_iso_time(now, sizeof now);
    cJSON_AddStringToObject(j, "clx_version", clx_version());
    cJSON_AddStringToObject(j, "experiment", r->s->name);
    cJSON_AddStringToObject(j, "description", r->s->description);
    cJSON_AddStringToObject(j, "command_line", r->out.resume.command_line ? r->out.resume.command_line : r->o->command_line);
    /* The arguments after "clx run", for clx run --resume with nothing else. */
    cJSON_AddItemToObject(j, "args", cJSON_CreateStringArray((const char *const *)r->o->args.v, r->o->args.n));
    cJSON_AddStringToObject(j, "started", started);
    if (state == RUN_DONE) cJSON_AddStringToObject(j, "finished", now);
    /* An interrupted run is continued with clx run --resume; it says when it stopped and was resumed. */
    if (state == RUN_INTERRUPTED) cJSON_AddStringToObject(j, "interrupted", now);
    if (r->out.resume.resumed && cJSON_GetArraySize(r->out.resume.resumed) > 0)
        cJSON_AddItemToObject(j, "resumed", cJSON_Duplicate(r->out.resume.resumed, 1));
}

/* add_machine: the host, the device as selected and as it reports itself, and its peaks. */
static void add_machine(cJSON *j, const struct runner *r)
{
    struct utsname u;
    if (uname(&u) == 0) {
        cJSON_AddStringToObject(j, "host", u.nodename);
        char *os = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
        cJSON_AddStringToObject(j, "os", os);
        free(os);
    }
    cJSON_AddStringToObject(j, "device_selector", r->o->device ? r->o->device : "(default: first GPU, else first device)");
    char *pd = xasprintf("%d:%d", r->dev.ocl.pidx, r->dev.ocl.didx);
    cJSON_AddStringToObject(j, "device_index", pd);
    free(pd);
    cJSON_AddItemToObject(j, "device", devinfo_json(&r->dev.dp, &r->dev.pk));
    cJSON *pk = cJSON_AddObjectToObject(j, "peak");
    cJSON_AddNumberToObject(pk, "fp32_gflops", r->dev.pk.fp32_gflops);
    cJSON_AddStringToObject(pk, "fp32_source", r->dev.pk.fp32_source);
    cJSON_AddNumberToObject(pk, "fp64_gflops", r->dev.pk.fp64_gflops);
    cJSON_AddStringToObject(pk, "fp64_source", r->dev.pk.fp64_source);
    cJSON_AddNumberToObject(pk, "fp16_gflops", r->dev.pk.fp16_gflops);
    cJSON_AddStringToObject(pk, "fp16_source", r->dev.pk.fp16_source);
    cJSON_AddNumberToObject(pk, "tensor_f16_gflops", r->dev.pk.tensor_f16_gflops);
    cJSON_AddNumberToObject(pk, "tensor_tf32_gflops", r->dev.pk.tensor_tf32_gflops);
    cJSON_AddNumberToObject(pk, "tensor_int8_gops", r->dev.pk.tensor_int8_gops);
    cJSON_AddStringToObject(pk, "tensor_source", r->dev.pk.tensor_source);
    cJSON_AddNumberToObject(pk, "mem_gbs", r->dev.pk.mem_gbs);
    cJSON_AddStringToObject(pk, "mem_source", r->dev.pk.mem_source);
    cJSON_AddNumberToObject(pk, "cache_bytes", r->dev.pk.cache_bytes);
    cJSON_AddStringToObject(pk, "cache_source", r->dev.pk.cache_source);
    cJSON_AddNumberToObject(pk, "link_gbs", r->dev.pk.link_gbs);
    cJSON_AddStringToObject(pk, "link_source", r->dev.pk.link_source);
}

/* add_timing_settings: how the trials were taken: seed, counts, limits, cache, timer. */
static void add_timing_settings(cJSON *j, const struct runner *r)
{
    cJSON_AddNumberToObject(j, "seed", (double)r->o->seed);
    cJSON_AddNumberToObject(j, "warmups", r->o->bench.warmups);
    cJSON_AddNumberToObject(j, "trials", r->o->bench.trials);
    cJSON_AddNumberToObject(j, "rounds", rounds_count(r->o->bench.rounds, r->o->bench.trials));
    cJSON_AddNumberToObject(j, "batch", r->o->bench.batch);     /* 0: from the probes */
    cJSON_AddNumberToObject(j, "max_seconds_per_config", r->o->bench.max_seconds);
    cJSON_AddNumberToObject(j, "target_cv", r->o->bench.target_cv);
    cJSON_AddNumberToObject(j, "target_se", r->o->bench.target_se);
    cJSON_AddNumberToObject(j, "max_rounds", r->o->bench.max_rounds);
    cJSON_AddNumberToObject(j, "round_gap_s", r->o->bench.round_gap);
    cJSON_AddStringToObject(j, "cache", r->o->bench.cold ? "cold" : "warm");
    /* What every launch pays on the host beside its kernel: the scale of host_ms's overhead. */
    if (r->dev.round_trip_ms > 0) cJSON_AddNumberToObject(j, "host_round_trip_ms", r->dev.round_trip_ms);
    cJSON *tm = cJSON_AddObjectToObject(j, "timer");
    cJSON_AddStringToObject(tm, "used", r->dev.timer.host ? "host" : "events");
    cJSON_AddStringToObject(tm, "check", r->dev.timer.why);
    /* What the driver says its timer resolves, and what its events' times step by (timer_step_ns). */
    cJSON_AddNumberToObject(tm, "reported_resolution_ns", (double)r->dev.dp.timer_res_ns);
    if (r->dev.blk.step_ns) cJSON_AddNumberToObject(tm, "step_ns", (double)r->dev.blk.step_ns);
    else cJSON_AddNullToObject(tm, "step_ns");
    /* How long a trial of a short kernel lasts at least, behind the blocker and fed by the host. */
    struct bench_env env = {0};
    run_timer_env(&r->dev, &env);
    cJSON_AddNumberToObject(tm, "trial_held_us", trials_want_ns(&env, 1) * 1e-3);
    cJSON_AddNumberToObject(tm, "trial_fed_us", trials_want_ns(&env, 0) * 1e-3);
    if (r->o->bench.cold) cJSON_AddNumberToObject(j, "cache_flush_bytes", (double)r->dev.flush.bytes);
    cJSON_AddBoolToObject(j, "quick", r->o->quick);
}

/* add_checks_and_clocks: how outputs were verified and where, the device's turn, and where the
 * clocks came from. */
static void add_checks_and_clocks(cJSON *j, const struct runner *r)
{
    const struct spec *s = r->s;
    cJSON_AddStringToObject(j, "verify", !r->o->verify ? "off" : s->reference ? s->reference : s->baseline ? "baseline" : "none");
    /* Where the comparisons ran: "device", or "host" with why (--verify host, or the device cannot). */
    const char *where_why = r->o->verify == VERIFY_HOST ? "--verify host" : r->dev.dc.off;
    /* The device's turn (devlock.h): its file, and whether this run waited for it or shared. */
    if (r->dev.lock.path) {
        cJSON_AddStringToObject(j, "device_lock", r->dev.lock.path);
        cJSON_AddStringToObject(j, "device_turn", r->dev.lock.owner ? "held" : r->dev.lock.share ? "shared" : "unlocked");
    }
    cJSON_AddStringToObject(j, "verify_on", r->o->verify == VERIFY_OFF ? "off" : where_why ? "host" : "device");
    /* Where each trial's clock comes from (trial_mhz, trials_mhz), or why those are empty. */
    if (r->dev.tclock.source) cJSON_AddStringToObject(j, "trial_clock", r->dev.tclock.source);
    else cJSON_AddStringToObject(j, "trial_clock_why", r->dev.tclock.why ? r->dev.tclock.why : "not read");
    /* Batches held behind the blocking kernel (blocker.h): how many, how many were not all queued
     * before it ended (their launches ran partly as the host fed them: timed again), how many of
     * those were kept after three tries, and how many the driver's queued times could not check;
     * this process's (a restarted worker counts its own). */
    if (r->dev.blk.k) {
        cJSON *b = cJSON_AddObjectToObject(j, "blocker");
        cJSON_AddNumberToObject(b, "batches", r->dev.blk.held);
        cJSON_AddNumberToObject(b, "late", r->dev.blk.late);
        cJSON_AddNumberToObject(b, "kept_late", r->dev.blk.kept_late);
        cJSON_AddNumberToObject(b, "unchecked", r->dev.blk.unchecked);
        /* An empty kernel's time a launch, back to back: rows under twice it are launch-bound. */
        if (r->dev.blk.floor_ns > 0) cJSON_AddNumberToObject(b, "launch_floor_us", r->dev.blk.floor_ns * 1e-3);
        else cJSON_AddNullToObject(b, "launch_floor_us");
    } else {
        cJSON_AddStringToObject(j, "blocker_why", r->dev.blk.why);
    }
    /* Where the rows' clocks, temperature and power come from, or why they are empty. */
    if (r->dev.clk.source) {
        cJSON_AddStringToObject(j, "clock_source", r->dev.clk.source);
        cJSON_AddNumberToObject(j, "clock_max_sm_mhz", r->dev.clk.max_sm_mhz);
    } else {
        cJSON_AddNullToObject(j, "clock_source");
        cJSON_AddStringToObject(j, "clock_source_why", r->dev.clk.why ? r->dev.clk.why : "");
    }
    run_energy_json(r, j);
    run_preheat_json(r, j);
    if (r->o->verify != VERIFY_OFF && where_why) cJSON_AddStringToObject(j, "verify_on_why", where_why);
}

/* add_spec: the spec's file, its text as written, and the axes as run. */
static void add_spec(cJSON *j, const struct runner *r)
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
    cJSON_AddStringToObject(j, "spec_file", spec_file);
    cJSON_AddStringToObject(j, "spec", s->text);
    cJSON_AddItemToObject(j, "as_run", axes_json(&r->plan, s));
}

/* add_totals: once the run has stopped, where the time went and what the rows came to. */
static void add_totals(cJSON *j, const struct runner *r)
{
    /* Where the time went (seconds), as the last line of the console says. */
    cJSON *t = cJSON_AddObjectToObject(j, "time_s");
    cJSON_AddNumberToObject(t, "wall", r->wall_s);
    for (int p = 0; p < PH_N; p++) {
        char *key = slugify(phase_name(p));
        for (char *c = key; *c; c++) if (*c == '-') *c = '_';
        cJSON_AddNumberToObject(t, key, phase_get(p));
        free(key);
    }
    cJSON *c = cJSON_AddObjectToObject(j, "counts");
    for (int k = 0; k < RS_N; k++) cJSON_AddNumberToObject(c, row_status_key(k), r->tally.st.n[k]);
    cJSON_AddNumberToObject(c, "builds_compiled", r->bl.cache.built);
    cJSON_AddNumberToObject(c, "builds_from_cache", r->bl.cache.hits);
    cJSON_AddNumberToObject(c, "outputs_checked_on_device", (double)r->expected.device_checks);
    cJSON_AddNumberToObject(c, "outputs_checked_on_host", (double)r->expected.host_checks);
    cJSON_AddNumberToObject(c, "shared", r->tally.nshared);
    rounds_tally_json(j, &r->tally.rounds);
}

cJSON *run_json(struct runner *r, const char *started, int state)
{
    cJSON *j = cJSON_CreateObject();
    add_identity(j, r, started, state);
    add_machine(j, r);
    add_timing_settings(j, r);
    add_checks_and_clocks(j, r);
    run_expect_json(r, j);
    run_isa_json(&r->bl, j);
    add_spec(j, r);
    cJSON_AddItemToObject(j, "sol", sol_ceilings_json(&r->sol));
    cJSON *tune = tune_json(r->s, r->o->tune, r->tune_stopped);
    if (tune) cJSON_AddItemToObject(j, "tune", tune);
    /* Last: its "sweep" hash covers what comes before (shard.c). */
    if (r->o->shard.n) shard_add_json(j, &r->shard, &r->o->args);
    if (state != RUN_GOING) add_totals(j, r);
    return j;
}

void run_write_json(struct runner *r, const char *started, int state)
{
    cJSON *j = run_json(r, started, state);
    if (results_write_json(&r->out.res, "run.json", j)) {
        warn("cannot write %s/run.json: %s", r->out.res.dir, strerror(errno));
        r->out.write_failed = 1;
    }
    cJSON_Delete(j);
}
