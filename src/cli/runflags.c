/* runflags.c — the options of run, dump and expand read into struct runflags, and the spec and
 * template path of the experiment they name (runflags.h). */
#include "runflags.h"
#include "options.h"
#include "store/results.h"
#include "spec/buildopts.h"
#include "spec/catalog.h"
#include "spec/expand.h"
#include "spec/finding_sense.h"
#include "spec/finding_swept.h"
#include "spec/plot_fixedx.h"
#include "spec/plot_paired.h"
#include "device/devselect.h"
#include "device/hostclock.h"
#include "device/jitcache.h"
#include "lib/args.h"
#include "lib/util.h"
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void runflags_spec(const struct runflags *f, struct spec *s)
{
    char *path = catalog_spec_path(f->exp), *err = NULL;
    if (spec_load(path, s, &err)) die("%s", err);
    /* What loads but is likely a mistake in what these flags make of it, said once, before anything
     * runs (the report reads the spec again, and need not say it twice). */
    struct strlist warnings = {0};
    spec_warn_unused_axes(s, f->ov, f->nov, f->ro.quick, &warnings);
    spec_warn_variant_keys(s, &warnings);
    spec_warn_plot_work(s, &warnings);
    spec_warn_plot_fixed_x(s, &warnings);
    spec_warn_plot_unpaired(s, f->ov, f->nov, f->ro.quick, &warnings);
    spec_warn_tolerance(s, &warnings);
    finding_unswept_warnings(s, f->ov, f->nov, &warnings);
    finding_sense_warnings(s, &warnings);
    /* --quick on a spec with no quick section falls back on the spec's own values, axis by axis as
     * where quick leaves one out: the whole sweep, which the one who asked for a small one is told. */
    if (f->ro.quick && !s->nquick)
        sl_push_own(&warnings, xasprintf("%s has no quick section: --quick takes the full sweep's variants, builds and "
                                         "launch points (a quick = { AXIS = VALUES; }; in it makes a small one: "
                                         "docs/spec.md)", s->path));
    for (int i = 0; i < warnings.n; i++) warn("%s", warnings.v[i]);
    sl_free(&warnings);
    free(path);
}

char *runflags_template(const struct spec *s)
{
    char home_t[PATH_MAX], dir[PATH_MAX];
    const char *from = s->template_dir ? s->template_dir : s->dir;
    char *ht = path_join(clx_home(), "templates");
    int same = realpath(ht, home_t) && realpath(from, dir) && !strcmp(home_t, dir);
    free(ht);
    if (same) return xasprintf("templates/%s", s->template_name);
    char *rel = path_join(from, s->template_name);
    char abs[PATH_MAX];
    char *r = realpath(rel, abs) ? xstrdup(abs) : xstrdup(rel);
    free(rel);
    return r;
}

/* add_joined: FLAG's values for name; where that axis was given before, by the same option or its
 * other spelling (--size and --set N=), these come after its own, each value once (--set ILP=1
 * --set ILP=2 is --set ILP=1,2; --local 64 --local 128 and --set local=64 --local 128 are --local
 * 64,128; --build '' --build -cl-opt-disable both builds): a second one adds to the sweep, where a
 * later one used to drop the earlier silently. */
static void add_joined(struct runflags *f, const char *flag, const char *name, const char *values)
{
    plan_override_add(&f->ov, &f->nov, flag, name, values);
}

/* add_shaping: an option of an axis of its own (--local, --size, --build), its override named as
 * lib/args.h's table of them says ("builds" for --build). */
static void add_shaping(struct runflags *f, const char *option, const char *values)
{
    const struct args_shaping_option *row = args_shaping_of(option);
    add_joined(f, row->o.name, row->override, values);
}

/* last_build_set: what clx dump builds with from a --build value: the last set of its list, trimmed
 * as plan_make trims each ("',-cl-opt-disable'", the help's example, is the default build and
 * -cl-opt-disable: dump builds the latter; the whole list went to the driver, which refused it).
 * A list that ends in a comma ends in the empty set, the driver's default build, which a run of that
 * list builds too. A new string. */
static char *last_build_set(const char *list)
{
    const char *comma = strrchr(list, ',');
    return str_trim(xstrdup(comma ? comma + 1 : list));
}

/* once: the options of which a run takes one value, where a second one given silently replaced the
 * first (getopt's last wins): --shard (a run is one part of one sweep: tools/slurm-sweep.sh's tasks
 * each ran the user's part, not their own) and --out (one folder: a script that put its own --out
 * first found no run there). The others of one value (--trials, --device...) stay last wins, as a
 * command line edited by appending expects; --set, --local, --size and --build join their values. */
static const int once[] = { OPT_SHARD, OPT_OUT };

/* note_twice: where the option at op->given[i] is one of once[] and was given before with another
 * value, f->twice says so (the first such option alone). */
static void note_twice(struct runflags *f, const struct opts_parsed *op, int i)
{
    int id = op->given[i].id, is_once = 0;
    for (size_t k = 0; k < sizeof once / sizeof *once; k++) is_once |= once[k] == id;
    for (int e = 0; is_once && !f->twice && e < i; e++) {
        if (op->given[e].id != id || !strcmp(op->given[e].value, op->given[i].value)) continue;
        const char *why = id == OPT_SHARD ? "a run is one part of one sweep" : "a run's results go to one folder";
        f->twice = xasprintf("--%s is given twice, '%s' then '%s': %s, and the second would replace the first; give one",
                             op->given[i].name, op->given[e].value, op->given[i].value, why);
    }
}

static double parse_seconds(const char *cmd, const char *flag, const char *v, double lo, double hi)
{
    return opts_number(cmd, flag, v, lo, hi, "seconds");
}

void runflags_parse(const char *cmd, unsigned bit, int argc, char **argv, struct runflags *f)
{
    memset(f, 0, sizeof *f);
    f->ro.results_root = f->ro.out_root = RESULTS_ROOT_DEFAULT;
    /* Where a run looks for its device's peaks run besides --out's folder: the default results folder,
     * where `clx run peaks` puts it; CLX_PEAKS_ROOT another, empty none (the test suite's: a peaks run
     * in the checkout's results/ would change what its runs into --out folders find). */
    const char *pr = getenv("CLX_PEAKS_ROOT");
    f->ro.peaks_root = !pr ? RESULTS_ROOT_DEFAULT : *pr ? pr : NULL;
    f->ro.verify = VERIFY_DEVICE;
    f->ro.seed = 1;
    f->ro.preheat_s = -1;
    f->ro.search.budget_s = 60;
    f->ro.search.seed = 1;
    f->ro.build_ahead = -1;
    f->ro.bench = BENCH_OPTS_UNSET;
    /* The watchdog's base limit without --timeout, made short by a test that waits on it. */
    const char *limit = getenv("CLX_LAUNCH_LIMIT");
    if (limit && *limit) f->ro.bench.limit_s = parse_seconds(cmd, "CLX_LAUNCH_LIMIT", limit, 0.001, 1e6);
    /* A stop after so many rounds, as ^C stops a run: a test of a stop mid-rounds that does not
     * depend on how fast the machine is. */
    const char *stop = getenv("CLX_STOP_AFTER_ROUNDS");
    if (stop && *stop) f->ro.stop_after_rounds = opts_whole_number(cmd, "CLX_STOP_AFTER_ROUNDS", stop, 1, 1000000000);
    /* Or a hold there until a stop comes from outside (a signal the test sends, a terminal's ^C):
     * the stop lands mid-sweep however fast the machine ends the rest of it. */
    const char *hold = getenv("CLX_HOLD_AFTER_ROUNDS");
    if (hold && *hold) f->ro.hold_after_rounds = opts_whole_number(cmd, "CLX_HOLD_AFTER_ROUNDS", hold, 1, 1000000000);
    /* That stop twice at once, as a second ^C right after the first ("stop at once"). */
    const char *twice = getenv("CLX_STOP_TWICE");
    f->ro.stop_twice = twice && *twice && strcmp(twice, "0");
    /* and once the sweep has ended, before the device's probes: a test of a stop there (a 16-core
     * host ends a small sweep before a signal the test sends can come). */
    const char *after = getenv("CLX_STOP_AFTER_SWEEP");
    f->ro.stop_after_sweep = after && *after && strcmp(after, "0");
    /* and as the device is set up, before the run has a folder: a test of what a stop then says. */
    const char *setup = getenv("CLX_STOP_IN_SETUP");
    f->ro.stop_in_setup = setup && *setup && strcmp(setup, "0");
    /* and while the worker's K-th build is in flight: a test of what a stop in the builds says. */
    const char *in_build = getenv("CLX_STOP_IN_BUILD");
    if (in_build && *in_build)
        f->ro.stop_in_build = opts_whole_number(cmd, "CLX_STOP_IN_BUILD", in_build, 1, 1000000000);
    /* and as a ^C that kills the driver's linker child in the worker's K-th build, which the driver
     * turns into the worker's death (PoCL 3 aborts): a test of what a stop then says. */
    const char *in_link = getenv("CLX_STOP_IN_LINK");
    if (in_link && *in_link)
        f->ro.stop_in_link = opts_whole_number(cmd, "CLX_STOP_IN_LINK", in_link, 1, 1000000000);
    /* That link's failure returned as the build's error, as a driver that does not abort returns it. */
    const char *link_fails = getenv("CLX_STOP_IN_LINK_FAILS");
    f->ro.stop_in_link_fails = link_fails && *link_fails && strcmp(link_fails, "0");
    /* and as a ^C that fails the worker's K-th launch (a kernel's first launch links it, on PoCL): a
     * test that a launch failing while a stop is pending is the stop's, not an error row. */
    const char *in_launch = getenv("CLX_STOP_IN_LAUNCH");
    if (in_launch && *in_launch)
        f->ro.stop_in_launch = opts_whole_number(cmd, "CLX_STOP_IN_LAUNCH", in_launch, 1, 1000000000);
    /* A worker that aborts once it has written the whole run, as one whose heap a kernel's stray
     * write corrupted does when it frees what it made: a test of what its supervisor says then. */
    const char *crash = getenv("CLX_CRASH_AFTER_RUN");
    f->ro.crash_after_run = crash && *crash && strcmp(crash, "0");
    /* One that aborts in the heater, as a driver that crashes on its kernel does: a test of whom the
     * crash is blamed on (the heater, not the last build). */
    const char *heat = getenv("CLX_CRASH_IN_HEATER");
    f->ro.crash_in_heater = heat && *heat && strcmp(heat, "0");
    /* A resume killed outright (kill -9 of its process group) after so many rows measured again are
     * in their places: a test of what results.tsv keeps then that does not race a signal. */
    const char *kill_redone = getenv("CLX_KILL_AFTER_REDONE");
    if (kill_redone && *kill_redone)
        f->ro.kill_after_redone = opts_whole_number(cmd, "CLX_KILL_AFTER_REDONE", kill_redone, 1, 1000000000);
    /* Rows measured again held that long before their rewrite of results.tsv (the first at once): a
     * test of what a worker's end does with those waiting that does not race the pace's second. */
    const char *gap = getenv("CLX_REDONE_GAP");
    if (gap && *gap) f->ro.redone_gap_s = opts_whole_number(cmd, "CLX_REDONE_GAP", gap, 1, 1000000);
    /* The second a launch in flight gets after a stop, made long by a test of a stop's rows: on a loaded
     * host a launch can outlast it, and the kill that follows is another ending than the one tested. */
    const char *grace = getenv("CLX_STOP_GRACE");
    if (grace && *grace) f->ro.stop_grace_s = parse_seconds(cmd, "CLX_STOP_GRACE", grace, 0.001, 1e6);
    /* A tuning pass out of its seconds after so many configurations: a test of a pass that runs out
     * which does not depend on how many a loaded machine measures in a second. */
    const char *tstop = getenv("CLX_TUNE_STOP_AFTER");
    if (tstop && *tstop) f->ro.tune_stop_after = opts_whole_number(cmd, "CLX_TUNE_STOP_AFTER", tstop, 1, 1000000000);
    /* The latencies a run measures at its set-up without a peaks run: 0 never, 1 on every device
     * (a test's way to reach them on a CPU, which has no occupancy rules to use them). */
    const char *lat = getenv("CLX_SETUP_LATENCIES");
    if (lat && *lat) f->ro.setup_latencies = opts_whole_number(cmd, "CLX_SETUP_LATENCIES", lat, 0, 1) ? 1 : -1;
    /* Rows timed by the host clock as on a device whose events do not time kernels (rusticl's): a
     * test's way to reach what such a device's runs say on PoCL, whose events work. */
    const char *timer = getenv("CLX_TIMER");
    if (timer && *timer) {
        if (strcmp(timer, "host")) opts_usage_error(cmd, "CLX_TIMER=%s: only 'host' is known", timer);
        f->ro.timer_host = 1;
    }
    struct opts_parsed op;
    opts_parse(cmd, bit, argc, argv, &op);
    for (int i = 0; i < op.ngiven; i++) {
        const char *val = op.given[i].value, *name = op.given[i].name;
        char *dashed = xasprintf("--%s", name);
        int seen = 0;
        for (int k = 0; k < f->given.n; k++) seen |= !strcmp(f->given.v[k], dashed);
        if (seen) free(dashed);
        else sl_push_own(&f->given, dashed);
        note_twice(f, &op, i);
        switch (op.given[i].id) {
        case OPT_DEVICE: f->ro.device = val; f->device_flag = 1; break;
        case OPT_BINARY: f->binary = val; break;
        case OPT_QUICK: f->ro.quick = 1; break;
        case OPT_NO_VERIFY: f->ro.verify = VERIFY_OFF; break;
        case OPT_VERIFY:
            if (!strcmp(val, "host")) f->ro.verify = VERIFY_HOST;
            else if (!strcmp(val, "device")) f->ro.verify = VERIFY_DEVICE;
            else opts_usage_error(cmd, "--verify needs 'device' or 'host', not '%s'", val);
            break;
        case OPT_QUIET: f->ro.quiet = 1; break;
        case OPT_IR: case OPT_ASM: {
            enum dump_view want = op.given[i].id == OPT_IR ? DUMP_IR : DUMP_ASM;
            if (f->view != DUMP_BINARY && f->view != want) opts_usage_error(cmd, "--ir or --asm, not both");
            f->view = want;
            break;
        }
        case OPT_NO_CACHE: f->ro.no_cache = 1; jitcache_off(); hostclock_keep_off(); break;
        case OPT_SHARE_DEVICE: f->ro.share_device = 1; break;
        case OPT_ALLOW_SHELL: expand_allow_shell(1); break;
        case OPT_M4_TIMEOUT: expand_time_limit(parse_seconds(cmd, name, val, 0.1, 86400)); break;
        case OPT_BUILD_UNCHECKED: buildopts_allow_unknown(1); break;
        case OPT_REPORT: f->report = 1; break;
        case OPT_SPLIT: f->multi.split = 1; break;
        case OPT_SPLIT_ANY: f->multi.split_any = 1; break;
        case OPT_MODES: f->modes = 1; break;
        case OPT_DRY_RUN: f->dry_run = 1; break;
        case OPT_RESUME: f->ro.resume_dir = val; break;
        case OPT_DIR_FILE: f->ro.dir_file = val; break;
        case OPT_PEAKS_RUN: f->ro.peaks_run = val; break;
        case OPT_SHARD: {
            char *err = NULL, msg[600];
            if (!shard_parse(val, &f->ro.shard, &err)) break;
            snprintf(msg, sizeof msg, "%s", err);
            free(err);
            opts_usage_error(cmd, "%s", msg);
        }
        case OPT_RESPECT_WG: f->ro.respect_kernel_wg = 1; break;
        case OPT_IGNORE_WG: f->ro.respect_kernel_wg = 0; break;   /* the default now; kept for old commands */
        case OPT_OUT: f->outdir = f->ro.results_root = f->ro.out_root = val; break;
        case OPT_LOCAL: add_shaping(f, "--local", val); break;
        case OPT_SIZE: add_shaping(f, "--size", val); break;
        case OPT_BUILD:
            add_shaping(f, "--build", val);
            free(f->build);
            f->build = last_build_set(val);
            f->have_build = 1;
            break;
        case OPT_TRIALS: f->ro.bench.trials = (int)opts_whole_number(cmd, name, val, 1, 1000000); break;
        case OPT_WARMUPS: f->ro.bench.warmups = (int)opts_whole_number(cmd, name, val, 0, 1000000); break;
        case OPT_SEARCH: f->ro.search.on = 1; break;
        case OPT_BUDGET: {
            size_t n = strlen(val);
            if (n > 1 && val[n - 1] == '%') {
                char *pct = xasprintf("%.*s", (int)(n - 1), val);
                /* Quoted as written, with its %: "not '150'" read as if the % had been lost. */
                f->ro.search.budget_share = opts_number_of(cmd, name, pct, val, 0.001, 100, "a share of the sweep, in %") / 100;
                free(pct);
            } else
                f->ro.search.budget_s = parse_seconds(cmd, name, val, 0.001, 1e7);
            f->search_flag = 1;
            break;
        }
        case OPT_SEARCH_SEED:
            f->ro.search.seed = (uint64_t)opts_whole_number(cmd, name, val, 0, UINT64_MAX);
            f->search_flag = 1;
            break;
        case OPT_BUILD_AHEAD: f->ro.build_ahead = (int)opts_whole_number(cmd, name, val, 0, 64); break;
        case OPT_SEED: f->ro.seed = (uint64_t)opts_whole_number(cmd, name, val, 0, UINT64_MAX); break;
        case OPT_MAX_TIME: f->ro.bench.max_seconds = parse_seconds(cmd, name, val, 0, 1e9); break;
        case OPT_TARGET_CV: f->ro.bench.target_cv = opts_number(cmd, name, val, 0, 1, "a coefficient of variation"); break;
        case OPT_COLD: f->ro.bench.cold = 1; break;
        case OPT_ENERGY: f->ro.energy = 1; break;
        case OPT_ENERGY_WINDOW: f->ro.energy_window_s = parse_seconds(cmd, name, val, 0.001, 3600); break;
        case OPT_PREHEAT: f->ro.preheat_s = parse_seconds(cmd, name, val, 0, 3600); break;
        case OPT_ROUNDS: f->ro.bench.rounds = (int)opts_whole_number(cmd, name, val, 1, 1000); break;
        case OPT_TARGET_SE: f->ro.bench.target_se = opts_number(cmd, name, val, 0, 1, "a standard error (a share of the time)"); break;
        case OPT_MAX_ROUNDS: f->ro.bench.max_rounds = (int)opts_whole_number(cmd, name, val, 1, ROUNDS_KEPT); break;
        case OPT_ROUND_GAP: f->ro.bench.round_gap = parse_seconds(cmd, name, val, 0, 3600); break;
        case OPT_BATCH: f->ro.bench.batch = (int)opts_whole_number(cmd, name, val, 1, 4096); break;
        case OPT_TIMEOUT: f->ro.bench.timeout_s = parse_seconds(cmd, name, val, 0.001, 1e6); break;
        case OPT_SET: {
            const char *eq = strchr(val, '=');
            if (!eq || eq == val || !eq[1])
                opts_usage_error(cmd, "--set needs NAME=VALUES, e.g. --set ILP=1,2,4 (got '%s')", val);
            char *n = xasprintf("%.*s", (int)(eq - val), val);
            add_joined(f, "--set", n, eq + 1);
            free(n);
            break;
        }
        }
    }
    for (int i = 0; i < op.positional.n; i++) sl_push(&f->positional, op.positional.v[i]);
    opts_free(&op);
    f->ro.ov = f->ov;
    f->ro.nov = f->nov;
    if (f->positional.n > 0) f->exp = f->positional.v[0];
    /* A blank --device or CLX_DEVICE ("", or blanks alone: CLX_DEVICE=$DEV with DEV empty) is none:
     * the default device, said so in run.json; one rule for both, as a blank that matched no device
     * name (exit 4) beside an empty one taken as unset was two. */
    if (ocl_sel_blank(f->ro.device)) f->ro.device = NULL;
    /* CLX_DEVICE: the device when --device is not given (a test suite or CI pins one this way). */
    const char *env = getenv("CLX_DEVICE");
    if (!f->device_flag && !ocl_sel_blank(env)) {
        f->ro.device = env;
        ocl_device_from_env();
    }
}

void runflags_free(struct runflags *f)
{
    sl_free(&f->ro.args);
    for (int i = 0; i < f->nov; i++) { free(f->ov[i].name); free(f->ov[i].values); }
    free(f->ov);
    sl_free(&f->positional);
    sl_free(&f->given);
    free(f->build);
    free(f->twice);
}
