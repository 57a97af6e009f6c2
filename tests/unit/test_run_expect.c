/* test_run_expect.c — a run's side of expected instruction counts, on made-up builds (no device):
 * kernels.tsv's cells per variant x build, the pruned flag on rows of optimised builds only, the
 * note for a count that cannot be evaluated, and what run.json says with PTX and with PoCL's binary. */
#include "check.h"
#include "run/run_impl.h"
#include <stdlib.h>

/* Two variants (a: ILP 2, PTX_OP add.f32; b: ILP 4, no PTX_OP), UNROLL 8, two builds. The PTX
 * below has 16 fma.rn.f32: enough for a (2 x 8), half of b's 32; no add.f32 and no ld.global. */
static const char *SPEC =
    "description = \"run expect test\";\n"
    "template = \"t.cl.m4\";\n"
    "variants = ( { name = \"a\"; ILP = 2; PTX_OP = \"add.f32\"; }, { name = \"b\"; ILP = 4; } );\n"
    "params = { UNROLL = 8; };\n"
    "launch = { N = 64; local = 64; };\n"
    "global = \"N\";\n"
    "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } ); args = [ \"x\" ];\n"
    "expect = (\n"
    "  { op = \"fma.rn.f32\"; count = \"ILP * UNROLL\"; },\n"
    "  { op = \"PTX_OP\"; count = 1; },\n"
    "  { op = \"ld.global\"; count = \"N / (ILP - ILP)\"; }\n"   /* fine at load time, infinite here */
    ");\n";

static char *ptx_with_fmas(int n)
{
    struct sbuf b = {0};
    sb_printf(&b, ".version 8.2\n.target sm_90\n.address_size 64\n\n.visible .entry t(\n\t.param .u64 t_param_0\n)\n{\n");
    for (int i = 0; i < n; i++) sb_printf(&b, "\tfma.rn.f32 \t%%f2, %%f1, %%f1, %%f1;\n");
    sb_printf(&b, "\tret;\n}\n");
    return b.s;
}

/* A runner with the plan of SPEC and every build made of the same binary, of format fmt. */
struct fixture { struct spec s; struct run_opts o; struct runner r; };

static int setup(struct fixture *f, const char *fmt)
{
    char *err = NULL;
    memset(f, 0, sizeof *f);
    if (spec_load_text("t.spec", "t", SPEC, &f->s, &err) ||
        plan_make(&f->s, NULL, 0, 0, 64, &f->r.plan, &err)) {
        fprintf(stderr, "  %s\n", err ? err : "(no message)");
        free(err);
        return 0;
    }
    f->o.quiet = 1;
    f->r.s = &f->s;
    f->r.o = &f->o;
    int n = f->r.plan.nvariants * f->r.plan.builds.n;
    f->r.bl.nvariants = f->r.plan.nvariants;
    f->r.bl.nbuilds = f->r.plan.builds.n;
    f->r.bl.builds = xcalloc((size_t)n, sizeof *f->r.bl.builds);
    for (int i = 0; i < n; i++) {
        struct build *bd = &f->r.bl.builds[i];
        bd->ok = 1;
        bd->binary = (unsigned char *)ptx_with_fmas(16);
        bd->binary_size = strlen((char *)bd->binary);
        bd->binary_format = fmt;
    }
    return 1;
}

static void teardown(struct fixture *f)
{
    for (int i = 0; i < f->r.plan.nvariants * f->r.plan.builds.n; i++) free(f->r.bl.builds[i].binary);
    free(f->r.bl.builds);
    run_expect_free(&f->r.bl.expect);
    plan_free(&f->r.plan);
    spec_free(&f->s);
}

/* cells: variant v, build b's kernels.tsv cells, joined by '|' (a new string). */
static char *cells(struct fixture *f, int v, int b)
{
    struct strlist c = {0};
    struct sbuf j = {0};
    run_expect_build(&f->r, v, b, &c);
    for (int i = 0; i < c.n; i++) sb_printf(&j, "%s%s", i ? "|" : "", c.v[i]);
    sl_free(&c);
    return j.s ? j.s : xstrdup("");
}

/* row_of: the flag and note variant v, build b's row gets (flag starts as start), as "flag / note". */
static char *row_of(struct fixture *f, int v, int b, const char *start)
{
    struct strlist cols = {0};
    sl_push(&cols, "flag");
    sl_push(&cols, "note");
    struct row w;
    run_row_start(&f->r, &w, &cols, v, b, -1);
    if (start) row_set(&w, COL_flag, "%s", start);
    struct vars vv = {0};
    plan_variant_vars(&f->r.plan.variants[v], &vv);
    vars_set(&vv, "N", 64);
    struct sbuf note = {0};
    run_expect_row(&f->r, &w, v, b, &vv, &note);
    char *out = xasprintf("%s / %s", row_get(&w, COL_flag), note.s ? note.s : "");
    sb_free(&note);
    vars_free(&vv);
    row_free(&w);
    sl_free(&cols);
    return out;
}

static void test_kernels_cells(void)
{
    struct fixture f;
    if (!setup(&f, "PTX")) { CHECK(0); return; }
    struct strlist cols = {0};
    run_expect_columns(&f.s, &cols);
    CHECK(cols.n == 6);
    if (cols.n == 6) {
        CHECK_STR(cols.v[0], "count:fma.rn.f32");
        CHECK_STR(cols.v[1], "expect:fma.rn.f32");
        CHECK_STR(cols.v[2], "count:PTX_OP");
        CHECK_STR(cols.v[5], "expect:ld.global");
    }
    sl_free(&cols);
    /* Plan order: a default, a -cl-opt-disable, b default, b -cl-opt-disable. The minimum shows
     * for optimised builds only; ld.global's needs a launch point (N) and is never shown. */
    char *c = cells(&f, 0, 0);
    CHECK_STR(c, "16|16|0|1|0|");
    free(c);
    c = cells(&f, 0, 1);
    CHECK_STR(c, "16||0||0|");
    free(c);
    c = cells(&f, 1, 0);
    CHECK_STR(c, "16|32|||0|");                                   /* b sets no PTX_OP */
    free(c);
    teardown(&f);
}

static void test_rows_flagged(void)
{
    struct fixture f;
    if (!setup(&f, "PTX")) { CHECK(0); return; }
    for (int v = 0; v < 2; v++)
        for (int b = 0; b < 2; b++) free(cells(&f, v, b));
    char *r = row_of(&f, 0, 0, NULL);
    CHECK_STR(r, "pruned:add.f32 0<1 / expect ld.global: count \"N / (ILP - ILP)\" (t.spec:11): "
                 "'N / (ILP - ILP)' is infinite at ILP=2: division by zero; not checked");
    free(r);
    r = row_of(&f, 1, 0, "throttled");                            /* after the flags already there */
    CHECK_CONTAINS(r, "throttled,pruned:fma.rn.f32 16<32 / ");
    free(r);
    r = row_of(&f, 1, 1, NULL);                                   /* -cl-opt-disable: never checked */
    CHECK_STR(r, " / ");
    free(r);
    cJSON *e = run_expect_json(&f.r);
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(e, "checked")));
    CHECK(cJSON_GetObjectItem(e, "builds_counted") && cJSON_GetObjectItem(e, "builds_counted")->valuedouble == 2);
    cJSON_Delete(e);
    teardown(&f);
}

/* PoCL's binary: nothing counted, no cell filled, no row flagged, and run.json says why. */
static void test_pocl_not_checked(void)
{
    struct fixture f;
    if (!setup(&f, "PoCL binary")) { CHECK(0); return; }
    for (int v = 0; v < 2; v++)
        for (int b = 0; b < 2; b++) {
            char *c = cells(&f, v, b);
            CHECK_STR(c, "|||||");
            free(c);
            char *r = row_of(&f, v, b, NULL);
            CHECK_STR(r, " / ");
            free(r);
        }
    cJSON *e = run_expect_json(&f.r);
    CHECK(cJSON_IsFalse(cJSON_GetObjectItem(e, "checked")));
    CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItem(e, "why")), "clx counts instructions in PTX only, and this device's optimised binaries are another format (PoCL binary)");
    cJSON_Delete(e);
    teardown(&f);
}

/* A binary of no format clx knows (rusticl's on llvmpipe): the reason names what it is, not "(unknown)". */
static void test_unknown_format_said(void)
{
    struct fixture f;
    if (!setup(&f, "unknown")) { CHECK(0); return; }
    for (int v = 0; v < 2; v++)
        for (int b = 0; b < 2; b++) free(cells(&f, v, b));
    cJSON *e = run_expect_json(&f.r);
    CHECK(cJSON_IsFalse(cJSON_GetObjectItem(e, "checked")));
    CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItem(e, "why")), "clx counts instructions in PTX only, and this device's "
              "optimised binaries are another format (one clx does not know: the run's bin/ holds them as .bin files)");
    cJSON_Delete(e);
    teardown(&f);
}

int main(void)
{
    RUN(test_unknown_format_said);
    RUN(test_kernels_cells);
    RUN(test_rows_flagged);
    RUN(test_pocl_not_checked);
    CHECK_EXIT();
}
