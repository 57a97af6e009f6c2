/* test_spec.c — spec_load: the real experiment specs in templates/, a valid fixture read field by
 * field, and broken fixtures (tests/unit/fixtures/err_*.spec) each giving one exact
 * "path:LINE: message". Paths are relative to the repository root (the cwd under make check). */
#include "check.h"
#include "spec/plan.h"
#include "spec/spec.h"
#include <glob.h>
#include <stdlib.h>

#define FIX "tests/unit/fixtures/"

/* load_error: the error of a spec that must fail to load (a new string), or NULL when it loaded. */
static char *load_error(const char *path)
{
    struct spec s;
    char *err = NULL;
    if (spec_load(path, &s, &err) == 0) {
        fprintf(stderr, "  %s loaded, but it should fail\n", path);
        spec_free(&s);
        return NULL;
    }
    spec_free(&s);                       /* what a failed load holds, as clx list does */
    return err;
}

/* expect_error: the spec at path fails with exactly want. */
#define EXPECT_ERROR(path, want) do { char *e_ = load_error(path); CHECK_STR(e_, want); free(e_); } while (0)

static int load_ok(const char *path, struct spec *s)
{
    char *err = NULL;
    if (spec_load(path, s, &err) != 0) {
        fprintf(stderr, "  %s: %s\n", path, err ? err : "(no message)");
        free(err);
        spec_free(s);
        return 0;
    }
    return 1;
}

static void test_vecsum_spec(void)
{
    struct spec s;
    if (!load_ok("templates/vecsum.spec", &s)) { CHECK(0); return; }
    CHECK_STR(s.name, "vecsum");
    CHECK_STR(s.dir, "templates");
    CHECK_STR(s.template_name, "vecsum.cl.m4");
    CHECK_STR(s.kernel, "vecsum");
    CHECK(s.nvariants == 6);
    CHECK_STR(s.variants[0].name, "naive");
    CHECK_STR(s.variants[5].name, "gs_f4_ilp4");
    CHECK(s.variants[5].keys.n == 3);
    CHECK_STR(s.variants[5].keys.v[2], "ILP");
    CHECK_STR(s.variants[5].values.v[2], "4");
    CHECK(s.variants[0].line == 8);
    CHECK(s.nparams == 0);
    CHECK(s.builds.n == 2);
    CHECK_STR(s.builds.v[0], "");
    CHECK_STR(s.builds.v[1], "-cl-opt-disable");
    CHECK(s.nlaunch == 3);
    struct spec_axis *n = spec_axis_find(s.launch, s.nlaunch, "N");
    CHECK(n && n->items.n == 3);
    if (n) CHECK_STR(n->items.v[1], "100M");
    struct spec_axis *loc = spec_axis_find(s.launch, s.nlaunch, "local");
    CHECK(loc && loc->items.n == 1);
    if (loc) CHECK_STR(loc->items.v[0], "256");
    CHECK(spec_axis_find(s.launch, s.nlaunch, "NOPE") == NULL);
    CHECK(s.global.n == 1);
    CHECK_STR(s.global.v[0], "STRIDE ? CU * GPC * local : ceil_div(N, VEC)");
    CHECK(s.nbufs == 3);
    CHECK_STR(s.bufs[2].name, "c");
    CHECK(s.bufs[0].type == CT_FLOAT && s.bufs[0].init == INIT_RANDOM);
    CHECK(s.bufs[2].init == INIT_OUTPUT);
    CHECK_NEAR(s.bufs[0].lo, -1.0, 0);
    CHECK_NEAR(s.bufs[0].hi, 1.0, 0);
    CHECK(s.nargs == 4);
    CHECK(s.args[0].kind == ARG_BUFFER && s.args[0].buffer == 0);
    CHECK(s.args[2].kind == ARG_BUFFER && s.args[2].buffer == 2);
    CHECK(s.args[3].kind == ARG_SCALAR && s.args[3].type == CT_UINT);
    CHECK_STR(s.args[3].expr, "N");
    CHECK_STR(s.flops, "N");
    CHECK_STR(s.bytes, "12 * N");
    CHECK(s.bytes_line == 33);
    CHECK_STR(s.reference, "vecsum");
    CHECK(s.baseline == NULL);
    CHECK_STR(s.relative, "naive");
    CHECK(s.warmups == 3 && s.trials == 10);
    CHECK(s.nquick == 2);
    CHECK(spec_variant_find(&s, "float4") == 2);
    CHECK(spec_variant_find(&s, "float8") == -1);
    spec_free(&s);
    CHECK(s.path == NULL && s.nvariants == 0);
}

static void test_volkov_fma_spec(void)
{
    struct spec s;
    if (!load_ok("templates/volkov_fma.spec", &s)) { CHECK(0); return; }
    CHECK_STR(s.name, "volkov_fma");
    CHECK(s.nvariants == 0);
    CHECK(s.nparams == 2);
    CHECK_STR(s.params[0].name, "ILP");
    CHECK(s.params[0].items.n == 6);
    CHECK_STR(s.params[0].items.v[5], "8");
    CHECK_STR(s.params[1].name, "UNROLL");
    CHECK_STR(s.params[1].items.v[0], "128");
    struct spec_axis *mul = spec_axis_find(s.launch, s.nlaunch, "MUL");
    CHECK(mul != NULL);
    if (mul) CHECK_NEAR(atof(mul->items.v[0]), 0.75, 0);
    struct spec_axis *loc = spec_axis_find(s.launch, s.nlaunch, "local");
    CHECK(loc && loc->items.n == 1);
    if (loc) CHECK_STR(loc->items.v[0], "32:max:32");
    CHECK(s.derived_names.n == 2);
    CHECK_STR(s.derived_names.v[0], "ITERS");
    CHECK_STR(s.derived_exprs.v[1], "ITERS * UNROLL");
    CHECK(s.nargs == 5);
    CHECK(s.args[3].kind == ARG_SCALAR && s.args[3].type == CT_FLOAT);
    CHECK_STR(s.reference, "fma_chain");
    CHECK(s.sample == 64);
    CHECK(s.relative == NULL);
    spec_free(&s);
}

static void test_optflags_spec(void)
{
    struct spec s;
    if (!load_ok("templates/optflags.spec", &s)) { CHECK(0); return; }
    CHECK(s.nvariants == 3);
    CHECK_STR(s.variants[2].name, "fma");
    CHECK_STR(s.variants[2].keys.v[0], "KIND");
    CHECK_STR(s.variants[2].values.v[0], "fma");
    CHECK_STR(s.relative, "prag");
    CHECK(s.sample == 256);
    CHECK(s.nquick == 1);
    spec_free(&s);
}

static void test_fixture_fields(void)
{
    struct spec s;
    if (!load_ok(FIX "good.spec", &s)) { CHECK(0); return; }
    CHECK_STR(s.name, "good");
    CHECK_STR(s.dir, "tests/unit/fixtures");
    CHECK_STR(s.description, "unit-test fixture");
    CHECK(s.nvariants == 2);
    CHECK(s.variants[0].kernel == NULL);
    CHECK_STR(s.variants[1].kernel, "kb");
    CHECK(s.variants[1].line == 7);
    CHECK(s.nparams == 1);
    CHECK(s.params[0].items.n == 2);
    CHECK_STR(s.params[0].items.v[0], "1");
    CHECK_STR(s.params[0].items.v[1], "2:4:2");
    CHECK(s.params[0].line == 9);
    /* builds not given: the default pair. */
    CHECK(s.builds.n == 2);
    CHECK_STR(s.builds.v[1], "-cl-opt-disable");
    CHECK_NEAR(s.bufs[0].lo, -2.0, 0);
    CHECK_NEAR(s.bufs[0].hi, 2.0, 0);
    CHECK(s.bufs[0].reset_zero == 0);
    CHECK(s.bufs[1].reset_zero == 1);
    CHECK(s.nargs == 4);
    CHECK(s.args[3].kind == ARG_LOCAL);
    CHECK_STR(s.args[3].expr, "4 * local");
    CHECK_STR(s.bytes, "8192");                  /* a number is kept as expression text */
    CHECK(s.flops_line == 17);
    CHECK_STR(s.baseline, "a");
    CHECK(s.reference == NULL);
    CHECK_NEAR(s.rtol, 1e-5, 1e-20);
    CHECK(s.rtol_set == 1);
    CHECK(s.sample == 16);
    CHECK(s.trials == 5);
    CHECK(s.warmups == 3);                       /* default */
    CHECK_STR(s.derived_names.v[0], "HALF");
    spec_free(&s);
}

static void test_defaults(void)
{
    /* A spec without kernel, builds, warmups or trials: the function named like the experiment,
     * the default and no-opt builds, 3 warmups, 10 trials. */
    struct spec s;
    if (!load_ok(FIX "defaults.spec", &s)) { CHECK(0); return; }
    CHECK_STR(s.kernel, "defaults");
    CHECK(s.builds.n == 2);
    CHECK_STR(s.builds.v[0], "");
    CHECK_STR(s.builds.v[1], "-cl-opt-disable");
    CHECK(s.warmups == 3 && s.trials == 10);
    CHECK(s.nvariants == 0 && s.nparams == 0 && s.nquick == 0);
    CHECK_STR(s.global.v[0], "64");
    CHECK(s.bufs[0].type == CT_INT && s.bufs[0].init == INIT_IOTA);
    CHECK_NEAR(s.bufs[0].hi, 100.0, 0);          /* integer buffers: random range [0, 100] */
    CHECK(s.reference == NULL && s.baseline == NULL && s.flops == NULL && s.bytes == NULL);
    spec_free(&s);
}

static void test_global_list_of_numbers(void)
{
    struct spec s;
    if (!load_ok(FIX "global_list.spec", &s)) { CHECK(0); return; }
    CHECK(s.global.n == 1);
    CHECK_STR(s.global.v[0], "64");
    spec_free(&s);
}

static void test_global_bare_number(void)
{
    /* Regression (src/spec/spec.c read_strings): `global = 64;` is refused ("'global' must be a string or a
     * list of strings") although `global = [ 64 ];`, `count = 64;`, `bytes = 8192;` and
     * `local = 64;` are all accepted; a lone number should read as the one-dimension "64". */
    struct spec s;
    if (!load_ok(FIX "global_number.spec", &s)) { CHECK(0); return; }
    CHECK(s.global.n == 1);
    CHECK_STR(s.global.v[0], "64");
    spec_free(&s);
}

static void test_missing_file(void)
{
    char *e = load_error(FIX "no_such.spec");
    CHECK_STR(e, FIX "no_such.spec: cannot read the spec: No such file or directory");
    free(e);
}

static void test_libconfig_syntax_error(void)
{
    EXPECT_ERROR(FIX "err_syntax.spec", FIX "err_syntax.spec:4: syntax error");
    /* What the writer should do, where the text shows it (spec/syntaxsaid.c). */
    EXPECT_ERROR(FIX "err_syntax_comma.spec",
                 FIX "err_syntax_comma.spec:5: syntax error (a missing ',' between two groups of a list?)");
    EXPECT_ERROR(FIX "err_syntax_string.spec",
                 FIX "err_syntax_string.spec:5: syntax error (a string opened on line 4 is not closed?)");
    /* An array or list whose ']' or ')' is left out, the next setting where libconfig stops. */
    EXPECT_ERROR(FIX "err_syntax_open.spec",
                 FIX "err_syntax_open.spec:5: syntax error (the array '[' opened on line 3 is not closed with ']' before this setting?)");
    EXPECT_ERROR(FIX "err_syntax_open_list.spec",
                 FIX "err_syntax_open_list.spec:4: syntax error (the list '(' opened on line 3 is not closed with ')' before this setting?)");
    /* A group whose '}' is left out takes the settings after it: libconfig stops at the end of the
     * file, lines past the mistake. */
    EXPECT_ERROR(FIX "err_syntax_group.spec",
                 FIX "err_syntax_group.spec:7: syntax error at the end of the file (the group '{' opened on line 3 is "
                     "not closed with '}'?)");
    /* A string without double quotes: bare, or in single quotes, which libconfig does not take. */
    EXPECT_ERROR(FIX "err_syntax_bare.spec",
                 FIX "err_syntax_bare.spec:2: syntax error (a string is written in double quotes: template = \"t.cl.m4\"?)");
    EXPECT_ERROR(FIX "err_syntax_single.spec",
                 FIX "err_syntax_single.spec:3: syntax error (a string is written in double quotes, \"...\", not '...'?)");
    /* A bracket slip on the line libconfig stops at: a ';' in an array, a group closed with ']'. */
    EXPECT_ERROR(FIX "err_syntax_semicolon.spec",
                 FIX "err_syntax_semicolon.spec:3: syntax error (a ';' inside the array '[' opened on line 3, whose "
                     "values are parted by ',' and which ends with ']'?)");
    EXPECT_ERROR(FIX "err_syntax_close.spec",
                 FIX "err_syntax_close.spec:3: syntax error (the group '{' opened on line 3 is closed with ']', not '}'?)");
    EXPECT_ERROR(FIX "err_syntax_array.spec",
                 FIX "err_syntax_array.spec:3: mismatched element type in array: an array [ ] holds one type: write its "
                     "values all as numbers or all in quotes (256 or \"256\" alike), or use a list ( )");
    /* Numbers of two kinds, which that hint did not fit (they are all numbers): said as such, at the
     * line of the value libconfig stopped at. */
    EXPECT_ERROR(FIX "err_syntax_array_float.spec",
                 FIX "err_syntax_array_float.spec:5: mismatched element type in array: an array [ ] holds one type, "
                     "and libconfig reads -1 as an integer, 1.0 as a float: write the integers as floats (-1.0), or "
                     "use a list ( )");
    EXPECT_ERROR(FIX "err_syntax_array_long.spec",
                 FIX "err_syntax_array_long.spec:3: mismatched element type in array: an array [ ] holds one type, "
                     "and libconfig reads 64 as a 32-bit integer, 128L (with its L) as a 64-bit one: write every "
                     "integer with an L (64L), or use a list ( )");
}

static void test_unknown_setting(void)
{
    EXPECT_ERROR(FIX "err_typo.spec", FIX "err_typo.spec:8: unknown setting 'trails': did you mean trials?");
    /* A misspelt key that others need is said at its own line, before what its absence breaks
     * (once "err_typo_buffers.spec:6: argument 1: no buffer named 'x'" and "'global' ... is missing"). */
    EXPECT_ERROR(FIX "err_typo_buffers.spec", FIX "err_typo_buffers.spec:5: unknown setting 'bufers': did you mean buffers?");
    EXPECT_ERROR(FIX "err_typo_global.spec", FIX "err_typo_global.spec:4: unknown setting 'globl': did you mean global?");
    EXPECT_ERROR(FIX "err_typo_variant.spec", FIX "err_typo_variant.spec:4: variant: unknown setting 'nmae': did you mean "
                 "name? (name, kernel, requires, and the template's parameters in upper case)");
}

static void test_lower_case_parameter(void)
{
    EXPECT_ERROR(FIX "err_lower_param.spec",
                 FIX "err_lower_param.spec:6: template parameter 'vec' must be upper case (A-Z, 0-9, _)");
    EXPECT_ERROR(FIX "err_lower_params.spec",
                 FIX "err_lower_params.spec:5: template parameter 'Ilp' must be upper case");
}

static void test_unknown_buffer_type(void)
{
    EXPECT_ERROR(FIX "err_buffer_type.spec",
                 FIX "err_buffer_type.spec:8: buffer 'y': unknown type 'float3x' (char, uchar, short, ushort, int, uint, long, ulong, float, double)");
}

static void test_bad_init(void)
{
    EXPECT_ERROR(FIX "err_init.spec", FIX "err_init.spec:7: buffer 'x': init 'ones' must be random, zero, iota or output");
}

static void test_arg_missing_buffer(void)
{
    EXPECT_ERROR(FIX "err_arg_buffer.spec",
                 FIX "err_arg_buffer.spec:7: argument 2: no buffer named 'z' (scalars are TYPE:EXPR, e.g. uint:N)");
}

static void test_arg_bad_type(void)
{
    EXPECT_ERROR(FIX "err_arg_type.spec",
                 FIX "err_arg_type.spec:6: argument 2: 'uint3' is not a type (int, uint, long, ulong, float, double, ...) or 'local'");
}

static void test_unknown_name_in_expression(void)
{
    EXPECT_ERROR(FIX "err_expr_name.spec", FIX "err_expr_name.spec:9: bytes: unknown name 'NN' in '12 * NN': did you mean N?");
    /* A scalar argument's expression: the line of that list element. */
    EXPECT_ERROR(FIX "err_arg_expr.spec", FIX "err_arg_expr.spec:7: argument: unknown name 'M' in 'M': did you mean N?");
}

static void test_missing_local_axis_line(void)
{
    /* Regression (src/spec/spec.c check_names): the error is reported against the root setting, whose line is
     * 0 ("err_no_local.spec:0: ..."); it should name the line of `launch = {` (4). */
    EXPECT_ERROR(FIX "err_no_local.spec",
                 FIX "err_no_local.spec:4: 'launch' needs a 'local' axis (the work-group sizes, e.g. local = \"64:1024:64\";) or the spec a local_size");
}

/* A launch axis named near 'local' where there is none is that axis mistyped: said at its own line
 * and by its name, not as 'local' missing at the launch's line. */
static void test_mistyped_local_axis(void)
{
    EXPECT_ERROR(FIX "err_lcoal.spec", FIX "err_lcoal.spec:6: launch: unknown axis 'lcoal': did you mean local? ('launch' needs "
                                       "a 'local' axis, the work-group sizes)");
}

/* A parameter declared under a name nothing reads, near the one an expression reads: where the
 * template reads the expression's name too, the declared one is the typo, and the message asks
 * that rather than suggest spreading it; where nothing says which, it says both ways. */
static void test_parameter_typo(void)
{
    EXPECT_ERROR(FIX "err_param_typo.spec", FIX "err_param_typo.spec:5: global: unknown name 'VEC' in 'N / VEC': is the "
                                            "parameter VCE (line 3) a typo of VEC? The template and this one read VEC; "
                                            "nothing reads VCE");
    EXPECT_ERROR(FIX "err_param_typo_neutral.spec",
                 FIX "err_param_typo_neutral.spec:5: global: unknown name 'ILP' in 'N / ILP': did you mean the parameter ILPP "
                 "(line 3)? (nothing else reads ILPP: if ILP is the name meant, ILPP is the typo)");
    /* A parameter the template reads is no typo: the plain did-you-mean. */
    EXPECT_ERROR(FIX "err_expr_typo.spec", FIX "err_expr_typo.spec:5: global: unknown name 'VECC' in 'N / VECC': did you mean VEC?");
}

/* Whose the findings are: the seed's where the spec names one (a finding's seed, or its
 * description), else the spec's own (a user's experiment, sgemm's). */
static void test_findings_whose(void)
{
    struct spec s;
    if (load_ok("templates/vecsum.spec", &s)) {
        CHECK_STR(spec_findings_whose(&s), "seed");
        spec_free(&s);
    }
    if (load_ok("templates/sgemm.spec", &s)) {
        CHECK_STR(spec_findings_whose(&s), "spec");
        spec_free(&s);
    }
    if (load_ok("tests/e2e/fixtures/newcomer.spec", &s)) {
        CHECK_STR(spec_findings_whose(&s), "spec");
        spec_free(&s);
    }
}

static void test_missing_description_line(void)
{
    /* Regression (src/spec/spec.c fail(), via get_string(L, root, "description", 1, ...)): a missing required
     * top-level setting is reported at the root setting, line 0 ("err_no_description.spec:0: ...").
     * Line 0 is not a line; whole-file errors should say line 1, as the template-not-found error
     * already does. The same affects "'global' is missing", "'args' is missing", "trials must be
     * >= 1" and the other fail(&L, root, ...) calls. */
    EXPECT_ERROR(FIX "err_no_description.spec", FIX "err_no_description.spec:1: 'description' is missing");
}

static void test_verify_both(void)
{
    EXPECT_ERROR(FIX "err_verify_both.spec",
                 FIX "err_verify_both.spec:8: 'verify' needs exactly one of reference = \"name\" or baseline = \"variant\"");
}

static void test_unknown_reference(void)
{
    /* A reference is looked for when a run needs it (refload.c, test_refs), not when the spec is
     * read: clx expand and clx list must work before a user's .ref.c exists. Its line is kept for
     * that later message. */
    struct spec s;
    if (!load_ok(FIX "err_verify_ref.spec", &s)) { CHECK(0); return; }
    CHECK_STR(s.reference, "vecsun");
    CHECK(s.reference_line == 8);
    spec_free(&s);
}

static void test_relative_missing_variant_line(void)
{
    /* Regression (src/spec/spec.c check_names, the vnames[] loop): fail(L, root, ...) gives line 0; the error
     * should name the line of `relative = "c";` (8), and for a baseline the line of verify (9). */
    EXPECT_ERROR(FIX "err_relative.spec", FIX "err_relative.spec:8: 'c' is not a variant of this experiment (relative "
                                              "names one of its variants: a, b)");
    EXPECT_ERROR(FIX "err_baseline.spec", FIX "err_baseline.spec:9: 'naive' is not a variant of this experiment "
                                              "(verify.baseline names one of its variants: a, b)");
    /* A spec without named variants: its params axis's values (the ids its rows print) are none,
     * which the message says (it named nothing to write instead). */
    EXPECT_ERROR(FIX "err_baseline_params.spec", FIX "err_baseline_params.spec:9: 'ILP=1' is not a variant of this "
                 "experiment: verify.baseline names one of variants = ( ... ), and this spec has none (a value of a "
                 "params axis, such as ILP=1, is no named variant): define variants = ( { name = ...; } ) and give one "
                 "of their names, or leave verify.baseline out");
    /* A typo of a variant's name is told the name, as every other typo in a spec is. */
    EXPECT_ERROR(FIX "err_baseline_typo.spec",
                 FIX "err_baseline_typo.spec:9: 'scalr' is not a variant of this experiment: did you mean scalar? "
                    "(verify.baseline names one of its variants: scalar, vec4)");
}

static void test_derived_expression_line(void)
{
    /* Regression (src/spec/spec.c check_all_exprs passes line 0 for derived expressions; read_derived does
     * not keep the lines): the error should name the line of TWICE (9). */
    EXPECT_ERROR(FIX "err_derived_expr.spec", FIX "err_derived_expr.spec:9: TWICE: unknown name 'NX' in '2 * NX'");
}

static void test_local_size_expression_line(void)
{
    /* Regression (src/spec/spec.c check_all_exprs checks local_size with s->global_line): an error in
     * local_size names the line of global (4) instead of local_size's own line (8). */
    EXPECT_ERROR(FIX "err_local_size_expr.spec",
                 FIX "err_local_size_expr.spec:8: local_size: unknown name 'locl' in 'locl': did you mean local?");
}

static void test_plots_and_findings_errors(void)
{
    EXPECT_ERROR(FIX "err_plot_kind.spec", FIX "err_plot_kind.spec:9: plot 2: kind 'pie' must be heatmap, lines, bars, optnoopt, roofline or scatter");
    EXPECT_ERROR(FIX "err_plot_column.spec", FIX "err_plot_column.spec:9: plot series: 'ILP' is not a column of err_plot_column's results");
    EXPECT_ERROR(FIX "err_plot_near_column.spec", FIX "err_plot_near_column.spec:8: plot series: 'VECTOR' is not a column of "
                                                  "err_plot_near_column's results: did you mean VEC?");
    EXPECT_ERROR(FIX "err_plot_needs_y.spec", FIX "err_plot_needs_y.spec:7: plot 1: a heatmap needs 'y' (a column)");
    EXPECT_ERROR(FIX "err_plot_setting.spec", FIX "err_plot_setting.spec:7: plot: unknown setting 'colour'");
    EXPECT_ERROR(FIX "err_plot_heat_series.spec", FIX "err_plot_heat_series.spec:7: plot 1: a heatmap has no series (use panels or figures)");
    EXPECT_ERROR(FIX "err_finding_column.spec",
                 FIX "err_finding_column.spec:10: finding check: gflop[N=64]: 'gflop' is not a column of err_finding_column's results: "
                 "did you mean gflops?");
    EXPECT_ERROR(FIX "err_finding_check.spec",
                 FIX "err_finding_check.spec:8: finding check: '1 > 0' selects no rows: write metric[COLUMN=VALUE, ...]");
    EXPECT_ERROR(FIX "err_finding_where.spec", FIX "err_finding_where.spec:8: finding where: 'ILP' is not a column of err_finding_where's results");
}

static void test_plots_and_findings(void)
{
    struct spec s;
    if (!load_ok(FIX "view.spec", &s)) { CHECK(0); return; }
    CHECK(s.nplots == 2 && s.nfindings == 1);
    CHECK_STR(s.plots[0].kind, "bars");
    CHECK_STR(s.plots[0].metric, "median_ms * 1e6 / N");
    CHECK_STR(s.plots[0].better, "lower");
    CHECK_STR(s.plots[0].where, "N<=64");
    CHECK(!s.plots[0].has_center && !s.plots[0].xlog);
    /* Unnamed plots are named by kind and metric, numbered when two would clash. */
    CHECK_STR(s.plots[1].name, "bars_gbs");
    CHECK_CONTAINS(s.plots[0].name, "bars_median_ms");
    CHECK_STR(s.findings[0].claim, "c");
    CHECK_STR(s.findings[0].where, "N=64");
    CHECK_STR(s.findings[0].seed, "s");
    CHECK_STR(s.findings[0].note, "n");
    CHECK(s.findings[0].check_line == 12);
    spec_free(&s);
}

static void test_template_missing(void)
{
    char *e = load_error(FIX "err_no_template.spec");
    CHECK_CONTAINS(e, "template 'missing.cl.m4' not found beside the spec");
    CHECK(e && strncmp(e, FIX "err_no_template.spec:", strlen(FIX "err_no_template.spec:")) == 0);
    free(e);
}

static void test_template_missing_line(void)
{
    /* Regression (src/spec/spec.c spec_load, the file_exists(tpl) check): the line is hard-coded to 1; the
     * template setting is on line 3 of the fixture, and that is the line to name. */
    EXPECT_ERROR(FIX "err_no_template.spec", FIX "err_no_template.spec:3: template 'missing.cl.m4' not found beside the spec nor among clx's templates/");
}

/* text_error: the error of spec text that must fail to load (a new string), labelled "t.spec". */
static char *text_error(const char *text)
{
    struct spec s;
    char *err = NULL;
    if (spec_load_text("t.spec", "t", text, &s, &err) == 0) err = xstrdup("(loaded)");
    spec_free(&s);
    return err;
}

/* The sections that are lists of groups (variants, buffers, plots, findings, expect) are read by one
 * reader: a group where the list belongs names the section and its form at its line, an entry that
 * is not a group its number, and an entry that looks back at the ones before it (a name or an op
 * given twice) sees them. */
static void test_list_sections(void)
{
#define HEAD "description = \"d\";\ntemplate = \"t.cl.m4\";\nlaunch = { local = 64; };\nglobal = \"64\";\n"
#define BUF "buffers = ( { name = \"x\"; type = \"float\"; count = \"64\"; init = \"zero\"; } );\nargs = [ \"x\" ];\n"
    static const struct { const char *text, *want; } cases[] = {
        { HEAD "variants = { name = \"a\"; };\n" BUF,
          "t.spec:5: 'variants' must be a list ( { name = \"...\"; PARAM = value; }, ... )" },
        { HEAD "buffers = { name = \"x\"; };\n",
          "t.spec:5: 'buffers' must be a list ( { name = \"a\"; type = \"float\"; count = \"N\"; init = \"random\"; }, ... )" },
        { HEAD BUF "plots = { kind = \"lines\"; };\n",
          "t.spec:7: 'plots' must be a list ( { kind = \"lines\"; metric = \"gflops\"; x = \"local\"; }, ... )" },
        { HEAD BUF "findings = { claim = \"c\"; };\n",
          "t.spec:7: 'findings' must be a list ( { claim = \"...\"; check = \"...\"; }, ... )" },
        { HEAD BUF "expect = { op = \"fma\"; };\n",
          "t.spec:7: 'expect' must be a list ( { op = \"fma.rn.f32\"; count = \"ILP * UNROLL\"; }, ... )" },
        { HEAD "variants = ( { name = \"a\"; },\n { name = \"a\"; } );\n" BUF, "t.spec:6: variant 'a' is defined twice" },
        { HEAD "buffers = ( { name = \"x\"; type = \"float\"; count = \"64\"; init = \"zero\"; },\n"
          "{ name = \"x\"; type = \"float\"; count = \"64\"; init = \"zero\"; } );\n", "t.spec:6: buffer 'x' is defined twice" },
        { HEAD BUF "expect = ( { op = \"fma\"; count = 1; },\n { op = \"fma\"; count = 2; } );\n",
          "t.spec:8: expect: op 'fma' is declared twice (one count expression per op; use ?: for different variants)" },
        { HEAD BUF "plots = ( { kind = \"lines\"; }, 3 );\n",
          "t.spec:7: plot 2 must be a group { kind = \"lines\"; metric = \"gflops\"; x = \"local\"; }" },
        { HEAD "variants = ( [ 1 ] );\n" BUF, "t.spec:5: variant 1 must be a group { name = \"...\"; PARAM = value; }" },
        { HEAD BUF "expect = ( { op = \"fma\"; count = 1; },\n \"fma\" );\n",
          "t.spec:8: expect entry 2 must be a group { op = \"fma.rn.f32\"; count = \"ILP * UNROLL\"; }" },
    };
#undef HEAD
#undef BUF
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *e = text_error(cases[i].text);
        CHECK_STR(e, cases[i].want);
        free(e);
    }
}

/* text_warnings: the unused axes' warnings of spec text that loads ("; " between), labelled
 * "t.spec", for a run with quick and the --set NAME=VALUES in set (NULL: none); "(failed)" when it
 * does not load. */
static char *text_warnings(const char *text, int quick, const char *set)
{
    struct spec s;
    char *err = NULL;
    if (spec_load_text("t.spec", "t", text, &s, &err)) { free(err); spec_free(&s); return xstrdup("(failed)"); }
    struct override ov = { NULL, NULL, "--set" };
    if (set) {
        ov.name = xasprintf("%.*s", (int)strcspn(set, "="), set);
        ov.values = xstrdup(set + strcspn(set, "=") + 1);
    }
    struct strlist warnings = {0};
    spec_warn_unused_axes(&s, &ov, set != NULL, quick, &warnings);
    char *w = sl_join(&warnings, "; ");
    sl_free(&warnings);
    free(ov.name);
    free(ov.values);
    spec_free(&s);
    return w;
}

/* A launch axis of several values that nothing reads measures every configuration again alike: a
 * warning names it and its line; an axis read anywhere (an expression, a restriction, a plot or a
 * finding that keeps its rows apart on purpose) is none, nor is one of a single value, nor local.
 * The values are those the run takes: quick's in a quick run alone, --set's over both (a --set
 * of one value takes the warning back). The shipped specs use every axis they sweep. */
static void test_unused_launch_axis(void)
{
#define HEAD "description = \"d\";\ntemplate = \"t.cl.m4\";\nbuffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"
#define TAIL "but nothing reads it (global, local_size, args, buffers' counts, flops, bytes, derived, sol, restrictions, " \
             "expect, plots, findings): every configuration is measured "
    static const struct { const char *text; int quick; const char *set, *want; } cases[] = {
        { HEAD "launch = { N = 64;\n REP = [1, 2, 3]; local = \"32:64:32\"; };\nglobal = \"N\";\nargs = [ \"x\" ];\n", 0, NULL,
          "t.spec:5: launch axis 'REP' has 3 values " TAIL "3 times alike; give it one value, or use it" },
        { HEAD "launch = { N = 64;\n REP = 1; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\nquick = { REP = \"1:4\"; };\n", 1, NULL,
          "t.spec:5: launch axis 'REP' has 4 values in quick " TAIL "4 times alike; give it one value, or use it" },
        /* quick's values are not a full run's, nor the spec's a quick run's where quick has its own. */
        { HEAD "launch = { N = 64;\n REP = 1; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\nquick = { REP = \"1:4\"; };\n", 0, NULL, "" },
        { HEAD "launch = { N = 64;\n REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\nquick = { REP = 1; };\n", 1, NULL, "" },
        /* --set: several values are warned of, naming it; one takes the spec's several back; a value
         * given twice is one. */
        { HEAD "launch = { N = 64;\n REP = 1; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n", 0, "REP=1,2",
          "t.spec:5: launch axis 'REP' has 2 values (--set REP=1,2) " TAIL "2 times alike; give it one value, or use it" },
        { HEAD "launch = { N = 64;\n REP = [1, 2, 3]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n", 0, "REP=2", "" },
        { HEAD "launch = { N = 64;\n REP = [1, 2, 3]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n", 1, "REP=1,1", "" },
        { HEAD "launch = { N = 64; REP = 1; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\", \"uint:REP\" ];\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\nbytes = \"4 * N * REP\";\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\nderived = { R2 = \"REP\"; };\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n"
          "restrictions = [ \"REP < 2\" ];\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n"
          "plots = ( { kind = \"lines\"; metric = \"gbs\"; x = \"local\"; series = \"REP\"; } );\n", 0, NULL, "" },
        { HEAD "launch = { N = 64; REP = [1, 2]; local = 64; };\nglobal = \"N\";\nargs = [ \"x\" ];\n"
          "findings = ( { claim = \"c\"; check = \"max(gbs[REP=1]) > 0\"; } );\n", 0, NULL, "" },
        /* A name inside another (NREP), or a number's suffix, is not the axis read. */
        { HEAD "launch = { N = 64; REP = [1, 2]; NREP = 1; local = 64; };\nglobal = \"N * NREP\";\nargs = [ \"x\" ];\n", 0, NULL,
          "t.spec:4: launch axis 'REP' has 2 values " TAIL "2 times alike; give it one value, or use it" },
    };
#undef TAIL
#undef HEAD
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *w = text_warnings(cases[i].text, cases[i].quick, cases[i].set);
        CHECK_STR(w, cases[i].want);
        free(w);
    }
    glob_t g;
    CHECK(glob("templates/*.spec", 0, NULL, &g) == 0 && g.gl_pathc >= 13);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct spec s;
        char *err = NULL;
        if (spec_load(g.gl_pathv[i], &s, &err)) { fprintf(stderr, "  %s: %s\n", g.gl_pathv[i], err); CHECK(0); free(err); }
        else
            for (int quick = 0; quick < 2; quick++) {
                struct strlist w = {0};
                spec_warn_unused_axes(&s, NULL, 0, quick, &w);
                if (w.n) { fprintf(stderr, "  %s\n", w.v[0]); CHECK(0); }
                sl_free(&w);
            }
        spec_free(&s);
    }
    globfree(&g);
}

int main(void)
{
    RUN(test_vecsum_spec);
    RUN(test_volkov_fma_spec);
    RUN(test_optflags_spec);
    RUN(test_fixture_fields);
    RUN(test_defaults);
    RUN(test_global_list_of_numbers);
    RUN(test_missing_file);
    RUN(test_libconfig_syntax_error);
    RUN(test_unknown_setting);
    RUN(test_lower_case_parameter);
    RUN(test_unknown_buffer_type);
    RUN(test_bad_init);
    RUN(test_arg_missing_buffer);
    RUN(test_arg_bad_type);
    RUN(test_unknown_name_in_expression);
    RUN(test_verify_both);
    RUN(test_unknown_reference);
    RUN(test_plots_and_findings_errors);
    RUN(test_plots_and_findings);
    RUN(test_template_missing);
    RUN(test_missing_local_axis_line);
    RUN(test_mistyped_local_axis);
    RUN(test_parameter_typo);
    RUN(test_findings_whose);
    RUN(test_missing_description_line);
    RUN(test_relative_missing_variant_line);
    RUN(test_derived_expression_line);
    RUN(test_local_size_expression_line);
    RUN(test_template_missing_line);
    RUN(test_global_bare_number);
    RUN(test_list_sections);
    RUN(test_unused_launch_axis);
    CHECK_EXIT();
}
