/* cli.c — the sub-commands (devices, list, run, dump, expand, report, compare, history, merge)
 * and their flags: the top floor, which may call every folder below (docs/architecture.md). */
#include "cli.h"
#include "spec/catalog.h"
#include "devices.h"
#include "dump.h"
#include "dumppick.h"
#include "runargs.h"
#include "options.h"
#include "spec/expand.h"
#include "spec/plan.h"
#include "spec/buildopts.h"
#include "report/compare.h"
#include "report/history.h"
#include "cluster/merge.h"
#include "cluster/multi.h"
#include "modes/modes_run.h"
#include "spec/refload.h"
#include "report/report.h"
#include "store/results.h"
#include "run/run.h"
#include "lib/version.h"
#include "run/supervise.h"
#include "run/tune.h"
#include "spec/spec.h"
#include "lib/args.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static void load_spec(const char *exp, struct spec *s)
{
    char *path = catalog_spec_path(exp), *err = NULL;
    if (spec_load(path, s, &err)) die("%s", err);
    free(path);
}

/* template_arg: the template path as m4 sees it from clx_home(): "templates/x.cl.m4" for the
 * shipped experiments (so logs and #line markers name no machine path), absolute otherwise. */
static char *template_arg(const struct spec *s)
{
    char home_t[PATH_MAX], dir[PATH_MAX];
    char *ht = path_join(clx_home(), "templates");
    int same = realpath(ht, home_t) && realpath(s->dir, dir) && !strcmp(home_t, dir);
    free(ht);
    if (same) return xasprintf("templates/%s", s->template_name);
    char *rel = path_join(s->dir, s->template_name);
    char abs[PATH_MAX];
    char *r = realpath(rel, abs) ? xstrdup(abs) : xstrdup(rel);
    free(rel);
    return r;
}

/* Flags shared by run, dump and expand. */
struct flags {
    struct run_opts ro;
    struct override *ov; int nov;
    const char *exp;
    struct strlist positional;
    const char *outdir;
    const char *build;
    int have_build;
    int report;
    enum dump_view view;         /* dump: --ir, --asm */
    const char *binary;          /* dump: --binary FILE */
    int device_flag;             /* --device was given (not CLX_DEVICE) */
    struct multi_opts multi;     /* run: --split, --split-any */
    int modes;                   /* run: --modes */
};

static void add_override(struct flags *f, const char *flag, const char *name, const char *values)
{
    f->ov = xrealloc(f->ov, sizeof *f->ov * (size_t)(f->nov + 1));
    f->ov[f->nov].name = xstrdup(name);
    f->ov[f->nov].values = xstrdup(values);
    f->ov[f->nov].flag = flag;
    f->nov++;
}

/* parse_int_flag: v as a whole number within [lo, hi], or a one-line refusal naming the flag. */
static unsigned long long parse_int_flag(const char *cmd, const char *flag, const char *v, unsigned long long lo,
                                         unsigned long long hi)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (!*v || *end || v[0] == '-' || v[0] == '+' || errno == ERANGE || x < lo || x > hi)
        opts_usage_error(cmd, "--%s needs a whole number from %llu to %llu, not '%s'", flag, lo, hi, v);
    return x;
}

/* parse_flag_number: v as a number within [lo, hi], or a refusal naming the flag and what it takes. */
static double parse_flag_number(const char *cmd, const char *flag, const char *v, double lo, double hi, const char *what)
{
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end || !(x >= lo) || x > hi)
        opts_usage_error(cmd, "--%s needs %s from %g to %g, not '%s'", flag, what, lo, hi, v);
    return x;
}

static double parse_seconds(const char *cmd, const char *flag, const char *v, double lo, double hi)
{
    return parse_flag_number(cmd, flag, v, lo, hi, "seconds");
}

/* parse_flags: the options of run, dump and expand (any order with the positional arguments). */
static void parse_flags(const char *cmd, unsigned bit, int argc, char **argv, struct flags *f)
{
    memset(f, 0, sizeof *f);
    f->ro.results_root = "results";
    f->ro.verify = VERIFY_DEVICE;
    f->ro.seed = 1;
    f->ro.preheat_s = -1;
    f->ro.bench = BENCH_OPTS_UNSET;
    /* The watchdog's base limit without --timeout, made short by a test that waits on it. */
    const char *limit = getenv("CLX_LAUNCH_LIMIT");
    if (limit && *limit) f->ro.bench.limit_s = parse_seconds(cmd, "CLX_LAUNCH_LIMIT", limit, 0.001, 1e6);
    struct opts_parsed op;
    opts_parse(cmd, bit, argc, argv, &op);
    for (int i = 0; i < op.ngiven; i++) {
        const char *val = op.given[i].value, *name = op.given[i].name;
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
        case OPT_NO_CACHE: f->ro.no_cache = 1; break;
        case OPT_SHARE_DEVICE: f->ro.share_device = 1; break;
        case OPT_ALLOW_SHELL: expand_allow_shell(1); break;
        case OPT_M4_TIMEOUT: expand_time_limit(parse_seconds(cmd, name, val, 0.1, 86400)); break;
        case OPT_BUILD_UNCHECKED: buildopts_allow_unknown(1); break;
        case OPT_REPORT: f->report = 1; break;
        case OPT_SPLIT: f->multi.split = 1; break;
        case OPT_SPLIT_ANY: f->multi.split_any = 1; break;
        case OPT_MODES: f->modes = 1; break;
        case OPT_RESUME: f->ro.resume_dir = val; break;
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
        case OPT_OUT: f->outdir = f->ro.results_root = val; break;
        case OPT_LOCAL: add_override(f, "--local", "local", val); break;
        case OPT_SIZE: add_override(f, "--size", "N", val); break;
        case OPT_BUILD: add_override(f, "--build", "builds", val); f->build = val; f->have_build = 1; break;
        case OPT_TRIALS: f->ro.bench.trials = (int)parse_int_flag(cmd, name, val, 1, 1000000); break;
        case OPT_WARMUPS: f->ro.bench.warmups = (int)parse_int_flag(cmd, name, val, 0, 1000000); break;
        case OPT_SEED: f->ro.seed = (uint64_t)parse_int_flag(cmd, name, val, 0, UINT64_MAX); break;
        case OPT_MAX_TIME: f->ro.bench.max_seconds = parse_seconds(cmd, name, val, 0, 1e9); break;
        case OPT_TARGET_CV: f->ro.bench.target_cv = parse_flag_number(cmd, name, val, 0, 1, "a coefficient of variation"); break;
        case OPT_COLD: f->ro.bench.cold = 1; break;
        case OPT_ENERGY: f->ro.energy = 1; break;
        case OPT_ENERGY_WINDOW: f->ro.energy_window_s = parse_seconds(cmd, name, val, 0.001, 3600); break;
        case OPT_PREHEAT: f->ro.preheat_s = parse_seconds(cmd, name, val, 0, 3600); break;
        case OPT_ROUNDS: f->ro.bench.rounds = (int)parse_int_flag(cmd, name, val, 1, 1000); break;
        case OPT_TARGET_SE: f->ro.bench.target_se = parse_flag_number(cmd, name, val, 0, 1, "a standard error (a share of the time)"); break;
        case OPT_MAX_ROUNDS: f->ro.bench.max_rounds = (int)parse_int_flag(cmd, name, val, 1, ROUNDS_KEPT); break;
        case OPT_ROUND_GAP: f->ro.bench.round_gap = parse_seconds(cmd, name, val, 0, 3600); break;
        case OPT_BATCH: f->ro.bench.batch = (int)parse_int_flag(cmd, name, val, 1, 4096); break;
        case OPT_TIMEOUT: f->ro.bench.timeout_s = parse_seconds(cmd, name, val, 0.001, 1e6); break;
        case OPT_SET: {
            const char *eq = strchr(val, '=');
            if (!eq || eq == val || !eq[1])
                opts_usage_error(cmd, "--set needs NAME=VALUES, e.g. --set ILP=1,2,4 (got '%s')", val);
            char *n = xasprintf("%.*s", (int)(eq - val), val);
            add_override(f, "--set", n, eq + 1);
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
    /* CLX_DEVICE: the device when --device is not given (a test suite or CI pins one this way). */
    const char *env = getenv("CLX_DEVICE");
    if (!f->ro.device && env && *env) {
        f->ro.device = env;
        ocl_device_from_env();
    }
}

static void free_flags(struct flags *f)
{
    sl_free(&f->ro.args);
    for (int i = 0; i < f->nov; i++) { free(f->ov[i].name); free(f->ov[i].values); }
    free(f->ov);
    sl_free(&f->positional);
}

/* What run.json records of the arguments: all but --resume (the folder they are kept in). */
static const struct args_option resume_option = { "--resume", 1 };

static int cmd_run(int argc, char **argv)
{
    struct flags f;
    parse_flags("run", CMD_RUN, argc, argv, &f);
    struct strlist saved = {0};
    if (f.ro.resume_dir && !f.exp) {
        /* clx run --resume DIR: the first run's arguments, and this folder. */
        const char *dir = f.ro.resume_dir;
        struct strlist first = runargs_resume(dir);
        free_flags(&f);
        saved = first;
        parse_flags("run", CMD_RUN, saved.n, saved.v, &f);
        if (f.ro.resume_dir) die("--resume %s: its run.json records a --resume of its own", dir);
        f.ro.resume_dir = dir;
        args_without(saved.v, saved.n, &resume_option, 1, &f.ro.args);
    } else {
        args_without(argv, argc, &resume_option, 1, &f.ro.args);
    }
    shard_args_resolved(&f.ro.args, &f.ro.shard);   /* run.json keeps the K/N that --shard slurm meant */
    if (!f.exp) opts_usage_error("run", "which experiment? (clx list shows them)");
    if (f.positional.n > 1) opts_usage_error("run", "unexpected argument '%s' (overrides are --set NAME=VALUES)", f.positional.v[1]);
    struct spec s;
    load_spec(f.exp, &s);
    char *rerr = NULL;
    if (f.ro.verify != VERIFY_OFF && refload_spec(&s, &rerr)) die("%s", rerr);
    char *tpl = template_arg(&s);
    free(s.template_name);
    s.template_name = tpl;
    if (bench_opts_defaults(&f.ro.bench, &s, f.ro.quick))
        opts_usage_error("run", "--target-cv and --rounds %d: a target cv stops one unbroken series of trials, "
                         "so it takes --rounds 1", f.ro.bench.rounds);
    char *cmd = runargs_command_line(argc + 1, argv - 1);
    f.ro.command_line = cmd;
    f.ro.program = argv[-2];
    char *dir = NULL;
    int rc = MULTI_ONE;
    f.multi.report = f.report;
    if (f.modes && (f.multi.split || f.ro.resume_dir || f.ro.shard.n))
        opts_usage_error("run", "--modes runs the spec's modes once: not with --split, --resume or --shard");
    if (f.modes) rc = modes_run(&s, &f.ro, &dir);
    else if (multi_wanted(f.ro.device, &f.multi)) rc = multi_run(&s, &f.ro, &f.multi);
    if (rc == MULTI_ONE) rc = tune_run(&s, &f.ro, &dir);
    if (f.report && dir && rc < 128) {
        struct report_opts ro = { NULL, f.ro.quiet };
        int r2 = report_make(dir, &ro);
        if (!rc) rc = r2;
    }
    free(dir);
    free(cmd);
    spec_free(&s);
    free_flags(&f);
    sl_free(&saved);
    return rc;
}

/* What a command that takes only switches and values reads: vals[k] gets the value of the option
 * with identifier ids[k] ("" for a switch given, NULL when not given); the positional arguments
 * must number from min_pos to max_pos (missing: the refusal when there are fewer), and go into pos
 * (NULL: nowhere). */
struct simple_args {
    const int *ids;
    const char **vals;
    int nids;
    int min_pos, max_pos;
    const char *missing;
    struct strlist *pos;
};

/* simple_command: parses such a command's arguments as a says. */
static void simple_command(const char *cmd, unsigned bit, int argc, char **argv, const struct simple_args *a)
{
    const int *ids = a->ids;
    const char **vals = a->vals;
    int nids = a->nids, min_pos = a->min_pos, max_pos = a->max_pos;
    struct strlist *pos = a->pos;
    struct opts_parsed op;
    opts_parse(cmd, bit, argc, argv, &op);
    for (int i = 0; i < op.ngiven; i++)
        for (int k = 0; k < nids; k++)
            if (op.given[i].id == ids[k]) vals[k] = op.given[i].value ? op.given[i].value : "";
    int n = op.positional.n;
    if (n > max_pos) {
        char *stray = xstrdup(op.positional.v[max_pos]);
        opts_free(&op);
        opts_usage_error(cmd, "unexpected argument '%s'", stray);
    }
    if (n < min_pos) { opts_free(&op); opts_usage_error(cmd, "%s", a->missing); }
    for (int i = 0; pos && i < n; i++) sl_push(pos, op.positional.v[i]);
    opts_free(&op);
}

static int cmd_devices(int argc, char **argv)
{
    static const int ids[] = { OPT_JSON, OPT_PEAKS, OPT_RESULTS };
    const char *vals[3] = { NULL, NULL, NULL };
    simple_command("devices", CMD_DEVICES, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 3 });
    if (vals[2] && !vals[1]) opts_usage_error("devices", "--results is where --peaks looks: give --peaks too");
    return devices_show(vals[0] != NULL, vals[1] ? (vals[2] ? vals[2] : "results") : NULL);
}

static int cmd_list(int argc, char **argv)
{
    static const int ids[] = { OPT_REFS };
    const char *vals[1] = { NULL };
    simple_command("list", CMD_LIST, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 1 });
    return vals[0] ? catalog_list_refs(stdout) : catalog_list(stdout);
}

/* plan_of_flags: spec and compile-time plan (no device: launch axes stay unexpanded) of parsed
 * flags, for the commands that work on variants. */
static void plan_of_flags(const char *cmd, struct flags *f, struct spec *s, struct plan *p)
{
    char *err = NULL;
    if (!f->exp) opts_usage_error(cmd, "which experiment? (clx list shows them)");
    load_spec(f->exp, s);
    int planned = plan_make(s, f->ov, f->nov, f->ro.quick, 0, p, &err);
    if (planned == -2) opts_usage_error(cmd, "%s", err);
    if (planned) die("%s: %s", s->path, err);
}

/* load_plan: flags, then plan_of_flags. */
static void load_plan(const char *cmd, unsigned bit, int argc, char **argv, struct flags *f, struct spec *s, struct plan *p)
{
    parse_flags(cmd, bit, argc, argv, f);
    plan_of_flags(cmd, f, s, p);
}

/* variant_source: the expanded source of a variant, or NULL and *err. */
static char *variant_source(const struct spec *s, const char *tpl, const struct variant *var, char **err)
{
    char *note = xasprintf("experiment %s, variant %s, kernel %s", s->name, var->id, var->kernel);
    char *src = expand_variant(tpl, &var->keys, &var->values, note, err);
    free(note);
    return src;
}

static int cmd_expand(int argc, char **argv)
{
    struct flags f;
    struct spec s;
    struct plan p;
    char *err = NULL;
    load_plan("expand", CMD_EXPAND, argc, argv, &f, &s, &p);
    if (f.positional.n > 1) opts_usage_error("expand", "unexpected argument '%s' (overrides are --set NAME=VALUES)", f.positional.v[1]);
    char *tpl = template_arg(&s);
    char *dir = xasprintf("%s/%s", f.outdir ? f.outdir : "cl/gen", s.name);
    if (mkdir_p(dir)) die("cannot make %s: %s", dir, strerror(errno));
    int bad = 0;
    for (int v = 0; v < p.nvariants; v++) {
        char *src = variant_source(&s, tpl, &p.variants[v], &err);
        if (!src) { fprintf(stderr, "clx: variant %s: %s\n", p.variants[v].id, err); free(err); bad = 1; continue; }
        char *path = xasprintf("%s/%s.cl", dir, p.variants[v].slug);
        if (write_file_atomic(path, src, strlen(src))) die("cannot write %s", path);
        printf("%s\n", path);
        free(path);
        free(src);
    }
    free(dir);
    free(tpl);
    plan_free(&p);
    spec_free(&s);
    free_flags(&f);
    return bad;
}

static int cmd_dump(int argc, char **argv)
{
    struct flags f;
    struct spec s;
    struct plan p;
    char *err = NULL;
    parse_flags("dump", CMD_DUMP, argc, argv, &f);
    if (f.binary) {
        /* A binary saved before: nothing to build, so nothing that picks or builds a variant. */
        if (f.positional.n)
            opts_usage_error("dump", "--binary FILE shows a binary saved before: no experiment ('%s')", f.positional.v[0]);
        if (f.nov || f.device_flag || f.ro.quick)
            opts_usage_error("dump", "--binary FILE shows a binary saved before: --device, --build, --set and --quick "
                             "are for building one");
        struct dump_opts o = { .device = NULL, .build = "", .results_root = f.ro.results_root, .view = f.view };
        int rc = dump_file(f.binary, &o);
        free_flags(&f);
        return rc;
    }
    plan_of_flags("dump", &f, &s, &p);
    int v = dump_pick(&p, s.name, f.positional.v + 1, f.positional.n - 1);
    if (v < 0) exit(EXIT_USAGE);
    char *tpl = template_arg(&s);
    char *src = variant_source(&s, tpl, &p.variants[v], &err);
    if (!src) die("variant %s: %s", p.variants[v].id, err);
    struct dump_opts o = { .device = f.ro.device, .build = f.have_build ? f.build : "", .results_root = f.ro.results_root,
                           .view = f.view };
    int rc = dump_variant(&s, &p.variants[v], src, &o);
    free(src);
    free(tpl);
    plan_free(&p);
    spec_free(&s);
    free_flags(&f);
    return rc;
}

static int cmd_report(int argc, char **argv)
{
    static const int ids[] = { OPT_SPEC, OPT_QUIET };
    const char *vals[2] = { NULL, NULL };
    struct strlist pos = {0};
    simple_command("report", CMD_REPORT, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 2,
                   .min_pos = 1, .max_pos = 1, .missing = "which run folder?", .pos = &pos });
    struct report_opts o = { vals[0], vals[1] != NULL };
    int rc = report_make(pos.v[0], &o);
    sl_free(&pos);
    return rc;
}

static int cmd_compare(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_BY, OPT_ALPHA, OPT_MIN_EFFECT, OPT_FAIL_ON };
    const char *vals[5] = { NULL, NULL, NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("compare", CMD_COMPARE, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 5,
                   .min_pos = 1, .max_pos = INT_MAX, .missing = "which run folders? (two or more, or one with --by)",
                   .pos = &pos });
    struct compare_opts co = COMPARE_OPTS_DEFAULT;
    co.out = vals[0];
    co.by = vals[1];
    if (vals[2]) co.rule.alpha = parse_flag_number("compare", "alpha", vals[2], 1e-6, 0.5, "a significance level");
    if (vals[3]) co.rule.min_effect = parse_flag_number("compare", "min-effect", vals[3], 0, 10, "a share of the time");
    if (vals[4] && strcmp(vals[4], "slower")) opts_usage_error("compare", "--fail-on takes 'slower', not '%s'", vals[4]);
    co.fail_on_slower = vals[4] != NULL;
    if (!co.by && pos.n < 2) { sl_free(&pos); opts_usage_error("compare", "two run folders or more (or one with --by AXIS)"); }
    if (co.by && pos.n > 1) { sl_free(&pos); opts_usage_error("compare", "--by compares within one run: give one folder"); }
    int rc = compare_runs((const char *const *)pos.v, pos.n, &co);
    sl_free(&pos);
    return rc;
}

static int cmd_history(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_ALPHA, OPT_MIN_EFFECT };
    const char *vals[3] = { NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("history", CMD_HISTORY, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 3,
                   .min_pos = 2, .max_pos = INT_MAX, .missing = "which run folders? (two or more runs of one sweep)",
                   .pos = &pos });
    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    if (vals[1]) rule.alpha = parse_flag_number("history", "alpha", vals[1], 1e-6, 0.5, "a significance level");
    if (vals[2]) rule.min_effect = parse_flag_number("history", "min-effect", vals[2], 0, 10, "a share of the time");
    int rc = history_runs((const char *const *)pos.v, pos.n, vals[0], &rule);
    sl_free(&pos);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_PARTIAL, OPT_SPLIT, OPT_SPLIT_ANY };
    const char *vals[4] = { NULL, NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("merge", CMD_MERGE, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 4,
                   .min_pos = 1, .max_pos = INT_MAX, .missing = "which shard folders? (clx run --shard K/N wrote them)",
                   .pos = &pos });
    if (!vals[0]) { sl_free(&pos); opts_usage_error("merge", "--out DIR is needed: the merged run's folder"); }
    char *cmd = runargs_command_line(argc + 1, argv - 1);
    enum merge_kind kind = vals[3] ? MERGE_SPLIT_ANY : vals[2] ? MERGE_SPLIT : MERGE_SHARDS;
    int rc = merge_runs((const char *const *)pos.v, pos.n, vals[0], vals[1] != NULL, kind, cmd);
    free(cmd);
    sl_free(&pos);
    return rc;
}

/* The commands: name and function. */
static const struct { const char *name; int (*fn)(int, char **); } command_table[] = {
    { "devices", cmd_devices }, { "list", cmd_list }, { "run", cmd_run }, { "dump", cmd_dump },
    { "expand", cmd_expand }, { "report", cmd_report }, { "compare", cmd_compare }, { "history", cmd_history }, { "merge", cmd_merge },
};

int cli_main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        opts_overview(argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) { printf("clx %s\n", clx_version()); return 0; }
    for (size_t i = 0; i < sizeof command_table / sizeof command_table[0]; i++)
        if (!strcmp(cmd, command_table[i].name)) return command_table[i].fn(argc - 2, argv + 2);
    fprintf(stderr, "clx: unknown command '%s' (clx help lists them)\n", cmd);
    return EXIT_USAGE;
}
