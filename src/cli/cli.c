/* cli.c — the command table and the commands but run (cli_run.c): devices, list, dump, expand,
 * report, compare, history, merge, help, and their flags: the top floor, which may call every
 * folder below (docs/architecture.md). */
#include "cli.h"
#include "cli_run.h"
#include "devices.h"
#include "dump.h"
#include "dumppick.h"
#include "expandout.h"
#include "options.h"
#include "runargs.h"
#include "runflags.h"
#include "store/latest.h"
#include "store/results.h"
#include "spec/catalog.h"
#include "spec/expand.h"
#include "spec/expandfail.h"
#include "spec/plan.h"
#include "spec/restrictions.h"
#include "spec/spec.h"
#include "report/compare.h"
#include "report/history.h"
#include "report/report.h"
#include "cluster/merge.h"
#include "device/devlist.h"
#include "lib/version.h"
#include "lib/util.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    static const int ids[] = { OPT_JSON, OPT_PEAKS, OPT_RESULTS, OPT_DEVICE };
    const char *vals[4] = { NULL, NULL, NULL, NULL };
    simple_command("devices", CMD_DEVICES, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 4 });
    if (vals[3] && devlist_is_list(vals[3]))
        opts_usage_error("devices", "--device %s: clx devices --device shows the one device it picks; "
                         "a list's devices are each in clx devices", vals[3]);
    if (vals[2] && !vals[1]) opts_usage_error("devices", "--results is where --peaks looks: give --peaks too");
    /* A folder named and missing is a slip (results/ missing is a checkout with no run yet). */
    struct stat st;
    if (vals[2] && (stat(vals[2], &st) || !S_ISDIR(st.st_mode)))
        opts_usage_error("devices", "--results %s: %s", vals[2], errno == ENOENT ? "no such folder" : "not a folder");
    return devices_show(vals[0] != NULL, vals[1] ? (vals[2] ? vals[2] : RESULTS_ROOT_DEFAULT) : NULL, vals[3]);
}

static int cmd_list(int argc, char **argv)
{
    static const int ids[] = { OPT_REFS };
    const char *vals[1] = { NULL };
    simple_command("list", CMD_LIST, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 1 });
    /* A spec (or reference) that could not be read is said on stderr, the rest listed: exit 4, as
     * clx run of that spec (it was 1, which means failed rows, and the help said 0). */
    return (vals[0] ? catalog_list_refs(stdout) : catalog_list(stdout)) ? EXIT_CANNOT_RUN : 0;
}

/* An experiment's variants as dump and expand work on them: the flags, the spec, its compile-time
 * plan (no device: launch axes stay unexpanded) and the template's path as m4 is given it. */
struct variants { struct runflags f; struct spec s; struct plan p; char *tpl; };

/* variants_plan: v's spec, plan and template for the flags in v->f; no experiment, or an override
 * the spec refuses, is a command-line refusal (exit 2); a spec that cannot be read or planned dies. */
static void variants_plan(const char *cmd, struct variants *v)
{
    char *err = NULL;
    if (!v->f.exp) opts_usage_error(cmd, "which experiment? (clx list shows them)");
    runflags_spec(&v->f, &v->s);
    int planned = plan_make(&v->s, v->f.ov, v->f.nov, v->f.ro.quick, 0, &v->p, &err);
    if (planned == -2) opts_usage_error(cmd, "%s", err);
    if (planned) die("%s", err);
    restrictions_nan_warn(&v->s, &v->p);
    v->tpl = runflags_template(&v->s);
}

static void variants_free(struct variants *v)
{
    free(v->tpl);
    plan_free(&v->p);
    spec_free(&v->s);
    runflags_free(&v->f);
}

/* variant_source: the expanded source of variant i, or NULL and *err. */
static char *variant_source(const struct variants *v, int i, char **err)
{
    const struct variant *var = &v->p.variants[i];
    char *note = xasprintf("experiment %s, variant %s, kernel %s", v->s.name, var->id, var->kernel);
    char *src = expand_variant(v->tpl, &var->keys, &var->values, note, err);
    free(note);
    return src;
}

static int cmd_expand(int argc, char **argv)
{
    struct variants v;
    runflags_parse("expand", CMD_EXPAND, argc, argv, &v.f);
    variants_plan("expand", &v);
    if (v.f.positional.n > 1)
        opts_usage_error("expand", "unexpected argument '%s' (overrides are --set NAME=VALUES)", v.f.positional.v[1]);
    char *dir = xasprintf("%s/%s", v.f.outdir ? v.f.outdir : "cl/gen", v.s.name);
    struct strlist written = {0}, names = {0};
    int bad = 0, n = v.p.nvariants;
    /* Checked before any is written: a hand-written kernel where a variant's file goes (the
     * experiment's own folder given as --out) is the user's, and the refusal leaves no half. */
    for (int i = 0; i < n; i++) sl_push_own(&names, xasprintf("%s.cl", v.p.variants[i].slug));
    if (expandout_refused(dir, &names)) exit(EXIT_CANNOT_RUN);
    sl_free(&names);
    char **errs = xcalloc((size_t)n + 1, sizeof *errs);
    const char **ids = xcalloc((size_t)n + 1, sizeof *ids);
    for (int i = 0; i < n; i++) {
        ids[i] = v.p.variants[i].id;
        char *src = variant_source(&v, i, &errs[i]);
        if (!src) { bad++; continue; }
        /* Made with the first file: m4 failing on every variant ("nothing written") left an empty
         * DIR/EXPERIMENT, and cl/gen, behind. */
        if (!written.n && mkdir_p(dir)) die("cannot make %s: %s", dir, strerror(errno));
        char *name = xasprintf("%s.cl", v.p.variants[i].slug), *path = path_join(dir, name);
        if (write_file_atomic(path, src, strlen(src))) die("cannot write %s", path);
        printf("%s\n", path);
        sl_push_own(&written, name);
        free(path);
        free(src);
    }
    /* On stderr, so stdout stays the list of files written; a message m4 gave for several
     * variants (a template mistake gives the same on each) is said once. */
    expandfail_say(stderr, errs, ids, n);
    /* The folder holds this expansion alone once it wrote every variant: a file of an earlier one (a
     * variant no longer in the spec) would pass for this one's. One that failed removes nothing: the
     * earlier files are the last good sources, wanted most while the template is broken (but not
     * another template's, of an experiment of the same name elsewhere). */
    expandout_tidy(dir, &written, bad > 0, v.tpl);
    if (v.p.restricted)
        fprintf(stderr, "clx: %d combination%s of the template parameters left out by %s's restrictions\n", v.p.restricted,
                v.p.restricted == 1 ? "" : "s", v.s.path);
    /* As clx run: a variant m4 fails on is one failure and the others are written (1); a template
     * nothing expands from is one that cannot be used (4). */
    int rc = !bad ? 0 : bad < n ? EXIT_ROWS_FAILED : EXIT_CANNOT_RUN;
    if (rc == EXIT_CANNOT_RUN) fprintf(stderr, "clx: m4 failed on every variant of %s (%d): nothing written\n", v.s.name, bad);
    else if (bad) fprintf(stderr, "clx: m4 failed on %d of %s's %d variants; the others written\n", bad, v.s.name, n);
    for (int i = 0; i < n; i++) free(errs[i]);
    free(errs);
    free(ids);
    sl_free(&written);
    free(dir);
    variants_free(&v);
    return rc;
}

static int cmd_dump(int argc, char **argv)
{
    struct variants v;
    runflags_parse("dump", CMD_DUMP, argc, argv, &v.f);
    const struct runflags *f = &v.f;
    if (f->binary) {
        /* A binary saved before: nothing to build, so nothing that picks or builds a variant. */
        if (f->positional.n)
            opts_usage_error("dump", "--binary FILE shows a binary saved before: no experiment ('%s')", f->positional.v[0]);
        if (f->nov || f->device_flag || f->ro.quick)
            opts_usage_error("dump", "--binary FILE shows a binary saved before: --device, --build, --set and --quick "
                             "are for building one");
        struct dump_opts o = { .device = NULL, .build = "", .results_root = f->ro.results_root, .view = f->view };
        int rc = dump_file(f->binary, &o);
        runflags_free(&v.f);
        return rc;
    }
    /* A list (or all) is clx run's, one sweep per device; dump builds once, and ocl_select took 'all'
     * for a device name and said "no such device", exit 4, listing the devices 'all' names. */
    if (devlist_is_list(f->ro.device))
        opts_usage_error("dump", "%s%s: clx dump builds on one device: give --device one of them (P:D, a name, "
                         "clx devices lists them); a list or 'all' is clx run's", f->device_flag ? "--device " : "CLX_DEVICE=",
                         f->ro.device);
    variants_plan("dump", &v);
    int i = dump_pick(&v.s, &v.p, f->exp, f->positional.v + 1, f->positional.n - 1);
    if (i < 0) exit(EXIT_USAGE);
    char *err = NULL;
    char *src = variant_source(&v, i, &err);
    if (!src) die("variant %s: %s", v.p.variants[i].id, err);
    struct dump_opts o = { .device = f->ro.device, .build = f->have_build ? f->build : "", .results_root = f->ro.results_root,
                           .view = f->view };
    int rc = dump_variant(&v.s, &v.p.variants[i], src, &o);
    free(src);
    variants_free(&v);
    return rc;
}

/* latest_gone_said: where path (results/latest, given or the default) is a link whose run was moved or
 * removed, says so ("clx: WHAT: results/latest points at NAME, which no longer exists ...") and returns
 * 1: no command-line mistake, a missing run folder's status (4), with the name it still holds. */
static int latest_gone_said(const char *what, const char *path)
{
    char *gone = latest_gone(path);
    int said = gone != NULL;
    if (said) fprintf(stderr, "clx: %s: %s\n", what, gone);
    free(gone);
    return said;
}

/* any_latest_gone_said: latest_gone_said of the first such folder of pos. */
static int any_latest_gone_said(const char *what, const struct strlist *pos)
{
    for (int i = 0; i < pos->n; i++)
        if (latest_gone_said(what, pos->v[i])) return 1;
    return 0;
}

static int cmd_report(int argc, char **argv)
{
    static const int ids[] = { OPT_SPEC, OPT_QUIET, OPT_FAIL_ON };
    const char *vals[3] = { NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("report", CMD_REPORT, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 3,
                   .min_pos = 0, .max_pos = 1, .pos = &pos });
    if (vals[2] && strcmp(vals[2], "finding") && strcmp(vals[2], "unsure")) {
        sl_free(&pos);
        opts_usage_error("report", "--fail-on takes 'finding' (a finding that does not hold, or holds in direction, not "
                         "in size) or 'unsure' (also one that cannot be decided here or cannot be checked), not '%s'", vals[2]);
    }
    /* None given: the latest run where clx run writes by default, as the quick start reads it. */
    char *latest = path_join(RESULTS_ROOT_DEFAULT, "latest");
    if (latest_gone_said("report", pos.n ? pos.v[0] : latest)) {
        free(latest);
        sl_free(&pos);
        return EXIT_CANNOT_RUN;
    }
    if (!pos.n && !file_exists(latest))
        opts_usage_error("report", "which run folder? (none given, and %s/ holds no latest run)", RESULTS_ROOT_DEFAULT);
    free(latest);
    struct report_opts o = { .spec_path = vals[0], .quiet = vals[1] != NULL, .fail_on_as = vals[2],
                             .refuse_running = 1, .spec_warnings = 1,
                             .fail_on = !vals[2] ? GATE_NONE : !strcmp(vals[2], "unsure") ? GATE_UNSURE : GATE_FINDING };
    int rc = report_make(pos.n ? pos.v[0] : RESULTS_ROOT_DEFAULT, &o);
    sl_free(&pos);
    return rc;
}

static int cmd_compare(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_BY, OPT_ALPHA, OPT_MIN_EFFECT, OPT_FAIL_ON, OPT_QUIET };
    const char *vals[6] = { NULL, NULL, NULL, NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("compare", CMD_COMPARE, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 6,
                   .min_pos = 1, .max_pos = INT_MAX, .missing = "which run folders? (two or more, or one with --by)",
                   .pos = &pos });
    struct compare_opts co = COMPARE_OPTS_DEFAULT;
    co.out = vals[0];
    co.by = vals[1];
    if (vals[2]) co.rule.alpha = opts_number("compare", "alpha", vals[2], 1e-6, 0.5, "a significance level");
    if (vals[3]) co.rule.min_effect = opts_share("compare", "min-effect", vals[3]);
    if (vals[4] && cmp_gate_parse(vals[4], &co.fail_on))
        opts_usage_error("compare", "--fail-on takes 'slower' (exit 1 on " CMP_FAIL_WORDS ", or on a configuration "
                         "SLOWER than RUN_A) or 'fail' (all of those but SLOWER), not '%s'", vals[4]);
    co.quiet = vals[5] != NULL;
    if (!co.by && pos.n < 2) { sl_free(&pos); opts_usage_error("compare", "two run folders or more (or one with --by AXIS)"); }
    if (co.by && pos.n > 1) { sl_free(&pos); opts_usage_error("compare", "--by compares within one run: give one folder"); }
    if (any_latest_gone_said("compare", &pos)) { sl_free(&pos); return EXIT_CANNOT_RUN; }
    int rc = compare_runs((const char *const *)pos.v, pos.n, &co);
    sl_free(&pos);
    return rc;
}

static int cmd_history(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_ALPHA, OPT_MIN_EFFECT, OPT_FAIL_ON };
    const char *vals[4] = { NULL, NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("history", CMD_HISTORY, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 4,
                   .min_pos = 2, .max_pos = INT_MAX, .missing = "which run folders? (two or more runs of one sweep)",
                   .pos = &pos });
    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    if (vals[1]) rule.alpha = opts_number("history", "alpha", vals[1], 1e-6, 0.5, "a significance level");
    if (vals[2]) rule.min_effect = opts_share("history", "min-effect", vals[2]);
    enum cmp_fail_on fail_on = CMP_FAIL_NEVER;
    if (vals[3] && cmp_gate_parse(vals[3], &fail_on))
        opts_usage_error("history", "--fail-on takes 'slower' (exit 1 on " HIST_FAIL_WORDS ", or on a configuration "
                         "SLOWER in the last run than in the one before it or the first) or 'fail' (all of those but "
                         "SLOWER), not '%s'", vals[3]);
    if (any_latest_gone_said("history", &pos)) { sl_free(&pos); return EXIT_CANNOT_RUN; }
    int rc = history_runs((const char *const *)pos.v, pos.n, vals[0], &rule, fail_on);
    sl_free(&pos);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    static const int ids[] = { OPT_OUT, OPT_PARTIAL, OPT_SPLIT, OPT_SPLIT_ANY, OPT_FORCE_UNLOCK };
    const char *vals[5] = { NULL, NULL, NULL, NULL, NULL };
    struct strlist pos = {0};
    simple_command("merge", CMD_MERGE, argc, argv, &(struct simple_args){ .ids = ids, .vals = vals, .nids = 5,
                   .min_pos = 1, .max_pos = INT_MAX, .missing = "which shard folders? (clx run --shard K/N wrote them)",
                   .pos = &pos });
    if (!vals[0]) { sl_free(&pos); opts_usage_error("merge", "--out DIR is needed: the merged run's folder"); }
    char *cmd = runargs_command_line(argc + 1, argv - 1);
    enum merge_kind kind = vals[3] ? MERGE_SPLIT_ANY : vals[2] ? MERGE_SPLIT : MERGE_SHARDS;
    merge_stop_catch();
    if (vals[4]) merge_force_unlock();
    int rc = merge_runs((const char *const *)pos.v, pos.n, vals[0], vals[1] != NULL, kind, cmd);
    free(cmd);
    sl_free(&pos);
    return rc;
}

/* The commands: name and function. */
static const struct { const char *name; int (*fn)(int, char **); } command_table[] = {
    { "devices", cmd_devices }, { "list", cmd_list }, { "run", cli_run }, { "dump", cmd_dump },
    { "expand", cmd_expand }, { "report", cmd_report }, { "compare", cmd_compare }, { "history", cmd_history }, { "merge", cmd_merge },
};

/* say_unknown: a command name that is not one, on stderr with the nearest one when one is near
 * (as a misspelled experiment is); the exit status of a command-line mistake. */
static int say_unknown(const char *how, const char *cmd)
{
    const char *near = opts_nearest_command(cmd);
    fprintf(stderr, "clx%s: unknown command '%s'%s%s%s (clx help lists them)\n", how, cmd, near ? ": did you mean " : "",
            near ? near : "", near ? "?" : "");
    return EXIT_USAGE;
}

/* version_help: clx version's help, on stdout. */
static int version_help(void)
{
    printf("usage: clx version (or clx --version)\n  the release and the commit it was built from\n");
    return 0;
}

/* cmd_help: clx help [COMMAND]: the overview, or COMMAND's own help (what clx COMMAND --help
 * prints), on stdout. */
static int cmd_help(int argc, char **argv)
{
    if (argc == 0 || !strcmp(argv[0], "help") || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
        opts_overview(stdout);
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "clx help: unexpected argument '%s' (clx help COMMAND: one command's help)\n", argv[1]);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[0], "version") || !strcmp(argv[0], "--version")) return version_help();
    return opts_help_named(argv[0], stdout) ? say_unknown(" help", argv[0]) : 0;
}

/* cmd_version: clx version (or --version): the release and the commit; -h/--help its help, as every
 * command answers them, and any other argument refused in one line (exit 2): 'clx version --json'
 * printed the version and exited 0, as if the option had been taken. */
static int cmd_version(int argc, char **argv)
{
    if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) return version_help();
    if (argc > 0) {
        fprintf(stderr, "clx version: %s '%s' (clx help version)\n", argv[0][0] == '-' ? "unknown option" : "unexpected argument",
                argv[0]);
        return EXIT_USAGE;
    }
    printf("clx %s\n", clx_version());
    return 0;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2) {
        opts_overview(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) return cmd_help(argc - 2, argv + 2);
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) return cmd_version(argc - 2, argv + 2);
    for (size_t i = 0; i < sizeof command_table / sizeof command_table[0]; i++)
        if (!strcmp(cmd, command_table[i].name)) return command_table[i].fn(argc - 2, argv + 2);
    return say_unknown("", cmd);
}
