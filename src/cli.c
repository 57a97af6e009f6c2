/* cli.c — the sub-commands (devices, list, run, dump, expand) and their flags; the only module
 * that knows about all the others. */
#include "config.h"   /* build/config.h: CLX_VERSION, CLX_DATADIR */
#include "cli.h"
#include "build.h"
#include "devinfo.h"
#include "expand.h"
#include "plan.h"
#include "compare.h"
#include "refs.h"
#include "report.h"
#include "results.h"
#include "run.h"
#include "spec.h"
#include "util.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: clx COMMAND [ARGS]\n"
    "\n"
    "  clx devices                      every OpenCL platform and device\n"
    "  clx list [--refs]                the experiments (or the host references)\n"
    "  clx run EXPERIMENT [options]     run a sweep, write results/<experiment>-<device>-<time>/\n"
    "  clx dump EXPERIMENT [VARIANT] [PARAM=VALUE...] [--build OPTIONS] [--device D]\n"
    "                                   print and save one variant's program binary (PTX on NVIDIA)\n"
    "  clx expand EXPERIMENT [--set ...] [--out DIR]\n"
    "                                   write every variant's expanded OpenCL source (no device needed)\n"
    "  clx report RUN_DIR [--spec FILE] [--quiet]\n"
    "                                   RUN_DIR/report.md and plots/: pictures, the seed's findings checked, tables\n"
    "  clx compare RUN_A RUN_B [RUN...] [--out DIR]\n"
    "                                   join runs of one experiment on their configurations: ratios to RUN_A\n"
    "\n"
    "run options:\n"
    "  --device P:D | NAME    device by index (clx devices) or name part; default: first GPU, else first device\n"
    "  --quick                the experiment's small configuration (what make check runs)\n"
    "  --set NAME=VALUES      override an axis: --set ILP=1,2,4  --set variant=naive,float4\n"
    "  --local VALUES         work-group sizes: 64:1024:64, 32:max:*2, 128,256\n"
    "  --size VALUES          problem sizes (axis N): 1M,16M\n"
    "  --build SETS           build-option sets, comma separated: ',-cl-opt-disable'\n"
    "  --trials N --warmups N timed launches and untimed ones before them (default from the spec: 10, 3)\n"
    "  --max-time S           stop a configuration's trials after S seconds (at least 3 trials; default 30)\n"
    "  --seed N               input data seed (default 1)\n"
    "  --verify device|host   where outputs are compared with the expected ones: on the device\n"
    "                         (default, where it has double precision; only counts come back) or\n"
    "                         on the host after reading every output back\n"
    "  --no-verify            do not check outputs\n"
    "  --out DIR              results root (default results)\n"
    "  --quiet                no per-row lines and no progress line\n"
    "  --report               then write the run's report (clx report)\n"
    "  --resume RUN_DIR       continue an interrupted run in its folder: the configurations with a row are\n"
    "                         kept, the others run (alone: with the first run's arguments, from run.json)\n"
    "  --allow-shell          let templates run commands (m4_syscmd, m4_esyscmd) and include files outside\n"
    "                         their folder, m4/ and cl/; off by default: a template is text, not a program\n"
    "  --no-cache             compile every program; by default built programs are kept in\n"
    "                         $XDG_CACHE_HOME/clx (else ~/.cache/clx) and loaded on the next run\n"
    "  --respect-kernel-wg-limit  skip work-groups above a kernel's CL_KERNEL_WORK_GROUP_SIZE; by default they\n"
    "                         are launched (up to CL_DEVICE_MAX_WORK_GROUP_SIZE) and the driver's answer decides:\n"
    "                         a refused launch is a skipped row saying why (--ignore-kernel-wg-limit: the default)\n"
    "EXPERIMENT is a name from 'clx list' or the path of a .spec file.\n";

/* spec_path_for: the spec file for a name or a path (a new string). */
static char *spec_path_for(const char *exp)
{
    if (strchr(exp, '/') || str_ends(exp, ".spec")) return xstrdup(exp);
    char *p = xasprintf("%s/templates/%s.spec", clx_home(), exp);
    if (!file_exists(p)) die("no experiment '%s' (clx list shows them; looked for %s)", exp, p);
    return p;
}

static void load_spec(const char *exp, struct spec *s)
{
    char *path = spec_path_for(exp), *err = NULL;
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
};

static void add_override(struct flags *f, const char *name, const char *values)
{
    f->ov = xrealloc(f->ov, sizeof *f->ov * (size_t)(f->nov + 1));
    f->ov[f->nov].name = xstrdup(name);
    f->ov[f->nov].values = xstrdup(values);
    f->nov++;
}

/* parse_int_flag: v as a whole number within [lo, hi], or a one-line refusal naming the flag. */
static unsigned long long parse_int_flag(const char *flag, const char *v, unsigned long long lo, unsigned long long hi)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (!*v || *end || v[0] == '-' || v[0] == '+' || errno == ERANGE || x < lo || x > hi)
        die("%s needs a whole number from %llu to %llu, not '%s'", flag, lo, hi, v);
    return x;
}

/* parse_flags: options may come before or after the positional arguments. */
static void parse_flags(int argc, char **argv, struct flags *f)
{
    memset(f, 0, sizeof *f);
    f->ro.results_root = "results";
    f->ro.verify = VERIFY_DEVICE;
    f->ro.seed = 1;
    f->ro.bench = (struct bench_opts){ -1, -1, 30.0 };
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        char name[64] = "";
        if (str_starts(a, "--")) {
            const char *eq = strchr(a, '=');
            snprintf(name, sizeof name, "%.*s", (int)(eq ? eq - a : (long)strlen(a)), a);
            if (eq) val = eq + 1;
        }
        static const char *const with_value[] = {"--device", "--set", "--local", "--size", "--build", "--trials",
                                                 "--warmups", "--max-time", "--seed", "--out", "--verify", "--resume", NULL};
        int needs = 0;
        for (int k = 0; with_value[k]; k++) needs |= !strcmp(name, with_value[k]);
        if (needs && !val) {
            if (i + 1 >= argc) die("%s needs a value", name);
            val = argv[++i];
        }
        if (!name[0]) sl_push(&f->positional, a);
        else if (!strcmp(name, "--device")) f->ro.device = val;
        else if (!strcmp(name, "--quick")) f->ro.quick = 1;
        else if (!strcmp(name, "--no-verify")) f->ro.verify = VERIFY_OFF;
        else if (!strcmp(name, "--verify")) {
            if (!strcmp(val, "host")) f->ro.verify = VERIFY_HOST;
            else if (!strcmp(val, "device")) f->ro.verify = VERIFY_DEVICE;
            else die("--verify needs 'device' or 'host', not '%s'", val);
        }
        else if (!strcmp(name, "--quiet")) f->ro.quiet = 1;
        else if (!strcmp(name, "--no-cache")) f->ro.no_cache = 1;
        else if (!strcmp(name, "--allow-shell")) expand_allow_shell(1);
        else if (!strcmp(name, "--report")) f->report = 1;
        else if (!strcmp(name, "--resume")) f->ro.resume_dir = val;
        else if (!strcmp(name, "--respect-kernel-wg-limit")) f->ro.respect_kernel_wg = 1;
        else if (!strcmp(name, "--ignore-kernel-wg-limit")) f->ro.respect_kernel_wg = 0;   /* the default now; kept for old commands */
        else if (!strcmp(name, "--out")) f->outdir = f->ro.results_root = val;
        else if (!strcmp(name, "--local")) add_override(f, "local", val);
        else if (!strcmp(name, "--size")) add_override(f, "N", val);
        else if (!strcmp(name, "--build")) { add_override(f, "builds", val); f->build = val; f->have_build = 1; }
        else if (!strcmp(name, "--trials")) f->ro.bench.trials = (int)parse_int_flag(name, val, 1, 1000000);
        else if (!strcmp(name, "--warmups")) f->ro.bench.warmups = (int)parse_int_flag(name, val, 0, 1000000);
        else if (!strcmp(name, "--seed")) f->ro.seed = (uint64_t)parse_int_flag(name, val, 0, UINT64_MAX);
        else if (!strcmp(name, "--max-time")) {
            char *end;
            f->ro.bench.max_seconds = strtod(val, &end);
            if (!*val || *end || !(f->ro.bench.max_seconds >= 0) || f->ro.bench.max_seconds > 1e9)
                die("--max-time needs seconds (0 or more), not '%s'", val);
        } else if (!strcmp(name, "--set")) {
            const char *eq = strchr(val, '=');
            if (!eq || eq == val || !eq[1]) die("--set needs NAME=VALUES, e.g. --set ILP=1,2,4 (got '%s')", val);
            char *n = xasprintf("%.*s", (int)(eq - val), val);
            add_override(f, n, eq + 1);
            free(n);
        } else die("unknown option '%s' (clx help lists them)", a);
    }
    f->ro.ov = f->ov;
    f->ro.nov = f->nov;
    if (f->positional.n > 0) f->exp = f->positional.v[0];
}

static void free_flags(struct flags *f)
{
    sl_free(&f->ro.args);
    for (int i = 0; i < f->nov; i++) { free(f->ov[i].name); free(f->ov[i].values); }
    free(f->ov);
    sl_free(&f->positional);
}

static char *command_line(int argc, char **argv)
{
    struct sbuf b = {0};
    sb_printf(&b, "clx");
    for (int i = 0; i < argc; i++) {
        /* Quote arguments with spaces or that are empty, so the line can be pasted back. */
        if (!*argv[i] || strpbrk(argv[i], " \t'\"$")) sb_printf(&b, " '%s'", argv[i]);
        else sb_printf(&b, " %s", argv[i]);
    }
    return b.s;
}

/* resume_args: the arguments the run in dir was started with (run.json "args"), for clx run
 * --resume DIR with nothing else; dies when run.json cannot say. */
static struct strlist resume_args(const char *dir)
{
    char *err = NULL;
    cJSON *j = results_read_json(dir, "run.json", &err);
    if (!j) die("--resume %s: %s", dir, err);
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(j, "args");
    if (!cJSON_IsArray(a))
        die("--resume %s: its run.json does not record the run's arguments (an older clx wrote it): give the "
            "experiment and options as the first time, with --resume", dir);
    struct strlist args = {0};
    const cJSON *x;
    cJSON_ArrayForEach(x, a) if (cJSON_IsString(x)) sl_push(&args, x->valuestring);
    cJSON_Delete(j);
    return args;
}

/* args_without_resume: argv less --resume and its value, as run.json records them. */
static void args_without_resume(int argc, char **argv, struct strlist *out)
{
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--resume")) { i++; continue; }
        if (str_starts(argv[i], "--resume=")) continue;
        sl_push(out, argv[i]);
    }
}

static int cmd_run(int argc, char **argv)
{
    struct flags f;
    parse_flags(argc, argv, &f);
    struct strlist saved = {0};
    if (f.ro.resume_dir && !f.exp) {
        /* clx run --resume DIR: the first run's arguments, and this folder. */
        const char *dir = f.ro.resume_dir;
        struct strlist first = resume_args(dir);
        free_flags(&f);
        saved = first;
        parse_flags(saved.n, saved.v, &f);
        if (f.ro.resume_dir) die("--resume %s: its run.json records a --resume of its own", dir);
        f.ro.resume_dir = dir;
        args_without_resume(saved.n, saved.v, &f.ro.args);
    } else {
        args_without_resume(argc, argv, &f.ro.args);
    }
    if (!f.exp) die("run: which experiment? (clx list shows them)");
    if (f.positional.n > 1) die("run: unexpected argument '%s' (overrides are --set NAME=VALUES)", f.positional.v[1]);
    struct spec s;
    load_spec(f.exp, &s);
    char *tpl = template_arg(&s);
    free(s.template_name);
    s.template_name = tpl;
    if (f.ro.bench.trials < 0) f.ro.bench.trials = s.trials;
    if (f.ro.bench.warmups < 0) f.ro.bench.warmups = s.warmups;
    char *cmd = command_line(argc + 1, argv - 1);
    f.ro.command_line = cmd;
    f.ro.program = argv[-2];
    char *dir = NULL;
    int rc = run_experiment(&s, &f.ro, &dir);
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

static int cmd_list(int argc, char **argv)
{
    if (argc > 0 && !strcmp(argv[0], "--refs")) {
        for (const struct ref_entry *r = ref_table(); r->name; r++) printf("%-16s %s\n", r->name, r->what);
        return 0;
    }
    char *dir = path_join(clx_home(), "templates");
    struct dirent **ents;
    int n = scandir(dir, &ents, NULL, alphasort);
    if (n < 0) die("cannot read %s: %s", dir, strerror(errno));
    int bad = 0;
    for (int i = 0; i < n; i++) {
        if (str_ends(ents[i]->d_name, ".spec")) {
            char *p = path_join(dir, ents[i]->d_name), *err = NULL;
            struct spec s;
            if (spec_load(p, &s, &err) == 0) printf("%-18s %s\n", s.name, s.description);
            else { fprintf(stderr, "clx: %s\n", err); bad = 1; free(err); }
            spec_free(&s);
            free(p);
        }
        free(ents[i]);
    }
    free(ents);
    free(dir);
    return bad;
}

/* load_plan: flags, spec and compile-time plan (no device: launch axes stay unexpanded) for the
 * commands that work on variants. */
static void load_plan(const char *cmd, int argc, char **argv, struct flags *f, struct spec *s, struct plan *p)
{
    char *err = NULL;
    parse_flags(argc, argv, f);
    if (!f->exp) die("%s: which experiment? (clx list shows them)", cmd);
    load_spec(f->exp, s);
    if (plan_make(s, f->ov, f->nov, f->ro.quick, 0, p, &err)) die("%s: %s", s->path, err);
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
    load_plan("expand", argc, argv, &f, &s, &p);
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

static void hexdump(const unsigned char *b, size_t n, FILE *out)
{
    for (size_t i = 0; i < n; i += 16) {
        fprintf(out, "%08zx ", i);
        for (size_t k = i; k < i + 16 && k < n; k++) fprintf(out, " %02x", b[k]);
        fprintf(out, "\n");
    }
}

static int cmd_dump(int argc, char **argv)
{
    struct flags f;
    struct spec s;
    struct plan p;
    char *err = NULL;
    load_plan("dump", argc, argv, &f, &s, &p);
    struct strlist sel = {0};
    for (int i = 1; i < f.positional.n; i++) {
        const char *a = f.positional.v[i];
        if (strchr(a, '=')) sl_push(&sel, a);
        else sl_push_own(&sel, xasprintf("variant=%s", a));
    }
    int v = plan_find_variant(&p, &sel);
    if (v < 0) {
        fprintf(stderr, "clx: %s: give PARAM=VALUE pairs (or a variant name) that pick exactly one of:\n",
                v == -2 ? "several variants match" : "no variant matches");
        for (int i = 0; i < p.nvariants; i++) fprintf(stderr, "  %s\n", p.variants[i].id);
        sl_free(&sel);
        plan_free(&p);
        spec_free(&s);
        free_flags(&f);
        return 1;
    }
    const struct variant *var = &p.variants[v];
    const char *opts = f.have_build ? f.build : "";
    char *tpl = template_arg(&s);
    char *src = variant_source(&s, tpl, var, &err);
    if (!src) die("variant %s: %s", var->id, err);
    struct ocl_device dev = ocl_select(f.ro.device);
    struct devprops dp;
    ocl_query(dev.platform, dev.id, &dp);
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext: %s", ocl_err_name(e));
    struct build b;
    build_variant(ctx, dev.id, &dp, src, opts, var->kernel, &b);
    if (!b.binary) die("variant %s, build \"%s\": %s", var->id, opts, b.error ? b.error : "no program binary");
    char *bslug = plan_build_slug(opts);
    char *dir = path_join(f.ro.results_root, "dumps");
    mkdir_p(dir);
    char *path = xasprintf("%s/%s-%s-%s%s", dir, s.name, var->slug, bslug, b.binary_ext);
    if (write_file_atomic(path, b.binary, b.binary_size)) die("cannot write %s", path);
    fprintf(stderr, "clx: %s variant %s, build \"%s\" on %s: %s, %zu bytes, saved to %s\n", s.name, var->id, opts,
            dp.name, b.binary_format, b.binary_size, path);
    if (b.registers >= 0) fprintf(stderr, "clx: %d registers per work-item (-cl-nv-verbose)\n", b.registers);
    if (b.ptx_instructions >= 0) fprintf(stderr, "clx: %d PTX instructions in .entry %s\n", b.ptx_instructions, var->kernel);
    int text = !strcmp(b.binary_format, "PTX");
    if (text) fwrite(b.binary, 1, b.binary_size, stdout);
    else if (isatty(STDOUT_FILENO)) {
        fprintf(stdout, "(binary: first 256 bytes shown; redirect stdout to get it all)\n");
        hexdump(b.binary, b.binary_size < 256 ? b.binary_size : 256, stdout);
    } else fwrite(b.binary, 1, b.binary_size, stdout);
    build_free(&b);
    clReleaseContext(ctx);
    free(path); free(dir); free(bslug); free(src); free(tpl);
    sl_free(&sel);
    plan_free(&p);
    spec_free(&s);
    free_flags(&f);
    return 0;
}

/* simple_args: positional arguments and the options of report and compare: each option in opts
 * ("--spec=" takes a value) sets vals[k]; -h/--help prints help and exits 0; anything else that
 * starts with '-' is a usage error (exit 2). */
static void simple_args(const char *cmd, const char *help, int argc, char **argv, const char *const *opts,
                        const char **vals, struct strlist *pos)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(help, stdout); exit(0); }
        if (a[0] != '-' || !a[1]) { sl_push(pos, a); continue; }
        int k;
        for (k = 0; opts[k]; k++) {
            size_t n = strlen(opts[k]);
            int takes = opts[k][n - 1] == '=';
            if (takes && !strncmp(a, opts[k], n - 1) && (a[n - 1] == '=' || !a[n - 1])) {
                if (a[n - 1] == '=') vals[k] = a + n;
                else if (i + 1 < argc) vals[k] = argv[++i];
                else { fprintf(stderr, "clx %s: %.*s needs a value\n%s", cmd, (int)n - 1, opts[k], help); exit(2); }
                break;
            }
            if (!takes && !strcmp(a, opts[k])) { vals[k] = a; break; }
        }
        if (!opts[k]) { fprintf(stderr, "clx %s: unknown option '%s'\n%s", cmd, a, help); exit(2); }
    }
}

static int cmd_report(int argc, char **argv)
{
    static const char help[] =
        "usage: clx report RUN_DIR [--spec FILE] [--quiet]\n"
        "  Writes RUN_DIR/report.md and RUN_DIR/plots/ (SVG, PNG, the data and gnuplot script of each):\n"
        "  the device and provenance, the plots the spec declares, the seed's findings checked on the\n"
        "  run, the best configuration per variant and the cost of each build.\n"
        "  --spec FILE   plots and findings from FILE (default: the experiment's spec file, else the\n"
        "                spec recorded in run.json)\n"
        "  --quiet       do not print the findings\n";
    static const char *const opts[] = { "--spec=", "--quiet", NULL };
    const char *vals[2] = { NULL, NULL };
    struct strlist pos = {0};
    simple_args("report", help, argc, argv, opts, vals, &pos);
    if (pos.n != 1) { fprintf(stderr, "clx report: %s\n%s", pos.n ? "one run folder at a time" : "which run folder?", help); exit(2); }
    struct report_opts o = { vals[0], vals[1] != NULL };
    int rc = report_make(pos.v[0], &o);
    sl_free(&pos);
    return rc;
}

static int cmd_compare(int argc, char **argv)
{
    static const char help[] =
        "usage: clx compare RUN_A RUN_B [RUN...] [--out DIR]\n"
        "  Joins runs of one experiment on variant, build and launch point and gives each row's time\n"
        "  ratio and speed-up (per unit of work) against RUN_A, and their geometric means per variant\n"
        "  and build. Writes compare.tsv, compare.md and a plot of the ratios into DIR (default\n"
        "  results/compare-EXPERIMENT-TIME).\n";
    static const char *const opts[] = { "--out=", NULL };
    const char *vals[1] = { NULL };
    struct strlist pos = {0};
    simple_args("compare", help, argc, argv, opts, vals, &pos);
    if (pos.n < 2) { fprintf(stderr, "clx compare: two run folders or more\n%s", help); exit(2); }
    int rc = compare_runs((const char *const *)pos.v, pos.n, vals[0]);
    sl_free(&pos);
    return rc;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) { printf("clx %s\n", CLX_VERSION); return 0; }
    if (!strcmp(cmd, "devices")) return devinfo_print_all(stdout);
    if (!strcmp(cmd, "list")) return cmd_list(argc - 2, argv + 2);
    if (!strcmp(cmd, "run")) return cmd_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "dump")) return cmd_dump(argc - 2, argv + 2);
    if (!strcmp(cmd, "expand")) return cmd_expand(argc - 2, argv + 2);
    if (!strcmp(cmd, "report")) return cmd_report(argc - 2, argv + 2);
    if (!strcmp(cmd, "compare")) return cmd_compare(argc - 2, argv + 2);
    fprintf(stderr, "clx: unknown command '%s'\n%s", cmd, usage);
    return 2;
}
