/* test_refs.c — host references: finding CLX_REF lines in text, the generated registry of shipped ones, ref_run/ref_call, registration, and a user's .ref.c compiled, cached and loaded (refload.c). */
#include "check.h"
#include "spec/refload.h"
#include "spec/refs.h"
#include "spec/refscan.h"
#include "spec/spec.h"
#include "lib/hostguard.h"
#include "spec/reffault.h"
#include "lib/util.h"
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#define DIR_ "tests/tmp/test_refs"

static void test_scan(void)
{
    struct refscan r = {0};
    refscan_text("/* CLX_REF(in_comment, \"x\") is not at the start of a line */\n"
                 "CLX_REF(first, \"one \\\"quoted\\\" word\")\n"
                 "#define CLX_REF_DEFINE_(name, what, split) nothing\n"
                 "CLX_REFX(not_a_ref, \"x\")\n"
                 "   CLX_REF_SPLIT( inline , \"joined \" \"literals\")\n"
                 "CLX_REF(no_what, WHAT)\n", &r);
    CHECK(r.n == 3);
    if (r.n != 3) { refscan_free(&r); return; }
    CHECK_STR(r.v[0].name, "first");
    CHECK_STR(r.v[0].what, "one \"quoted\" word");
    CHECK(r.v[0].line == 2 && !r.v[0].split);
    CHECK_STR(r.v[1].name, "inline");
    CHECK_STR(r.v[1].what, "joined literals");
    CHECK(r.v[1].line == 5 && r.v[1].split);
    CHECK_STR(r.v[2].what, "");
    CHECK(refscan_find(&r, "inline") == 1 && refscan_find(&r, "in_comment") < 0);
    refscan_free(&r);
}

/* Every CLX_REF line of templates/NAME.ref.c is in the compiled-in registry, and nothing else is. */
static void test_registry_matches_templates(void)
{
    struct dirent **ents;
    int n = scandir("templates", &ents, NULL, alphasort), declared = 0, shipped = 0;
    CHECK(n > 0);
    for (int i = 0; i < n; i++) {
        if (str_ends(ents[i]->d_name, ".ref.c")) {
            char *p = path_join("templates", ents[i]->d_name), *err = NULL;
            struct refscan r = {0};
            CHECK(refscan_file(p, &r, &err) == 0);
            CHECK(r.n > 0);
            for (int k = 0; k < r.n; k++, declared++) {
                const struct ref_def *d = ref_find(r.v[k].name);
                if (!d) fprintf(stderr, "  %s:%d: %s is not in the registry\n", p, r.v[k].line, r.v[k].name);
                CHECK(d && d->fn && d->abi == CLX_REF_ABI && d->split == r.v[k].split);
                CHECK_STR(ref_origin(r.v[k].name), "shipped");
            }
            refscan_free(&r);
            free(p);
        }
        free(ents[i]);
    }
    free(ents);
    for (const struct ref_def *const *d = ref_shipped; *d; d++) shipped++;
    CHECK(declared == shipped);
    CHECK(declared >= 11);
    CHECK(ref_find("no_such_reference") == NULL && ref_origin("no_such_reference") == NULL);
}

/* A context over the float buffers in (input) and out (output) of n elements. */
struct fixture { float in[8], out[8]; struct ref_buf b[2]; struct vars v; struct ref_ctx c; };

static void fixture(struct fixture *f)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < 8; i++) f->in[i] = (float)i;
    f->b[0] = (struct ref_buf){ "in", CT_FLOAT, 8, f->in, NULL };
    f->b[1] = (struct ref_buf){ "out", CT_FLOAT, 8, NULL, f->out };
    f->c = (struct ref_ctx){ .bufs = f->b, .nbufs = 2, .vars = &f->v };
}

static void test_run_and_call(void)
{
    struct fixture f;
    fixture(&f);
    /* MEM=1, one stream read and one written: peaks' copy. */
    vars_set(&f.v, "MEM", 1);
    vars_set(&f.v, "RD", 1);
    vars_set(&f.v, "WR", 1);
    CHECK(ref_run(ref_find("peaks"), &f.c, NULL) == 0);
    CHECK(f.out[7] == 7.0f);
    /* An FP32 chain: peaks is fma_chain, reached through ref_call by name. */
    vars_set(&f.v, "MEM", 0);
    vars_set(&f.v, "PREC", 32);
    vars_set(&f.v, "OPS", 2);
    vars_set(&f.v, "STEPS", 2);
    vars_set(&f.v, "MUL", 1);
    vars_set(&f.v, "ADD", 0.5);
    CHECK(ref_run(ref_find("peaks"), &f.c, NULL) == 0);
    CHECK(f.out[3] == 4.0f);
    /* A thread's range must not be handed to a reference that computes everything. */
    f.c.lo = 0; f.c.hi = 4;
    CHECK(ref_call(&f.c, "histogram") == -1);
    CHECK_CONTAINS(f.c.err, "histogram is not split");
    free(f.c.err);
    f.c.err = NULL;
    CHECK(ref_run(NULL, &f.c, NULL) == -1 && f.c.err);
    free(f.c.err);
    vars_free(&f.v);
}

/* A variable that is not set: the reference's file and line (ref_var is a macro that passes them),
 * the nearest name, then on a line of its own the names set; the function alone names no line. */
static void test_var_missing(void)
{
    struct fixture f;
    fixture(&f);
    vars_set(&f.v, "N", 1024);
    vars_set(&f.v, "local", 64);
    int line = __LINE__ + 1;
    CHECK(isnan(ref_var(&f.c, "lcoal")));
    char *want = xasprintf("%s:%d: the reference needs the variable lcoal, which is not set (a template parameter, "
                           "launch axis or derived value): did you mean local?\n(the variables set: N, local)",
                           __FILE__, line);
    CHECK_STR(f.c.err, want);
    free(want);
    free(f.c.err);
    f.c.err = NULL;
    CHECK(isnan((ref_var)(&f.c, "lcoal")));
    const char *begins = "the reference needs the variable lcoal,";
    CHECK(f.c.err && !strncmp(f.c.err, begins, strlen(begins)));
    free(f.c.err);
    f.c.err = NULL;
    CHECK(ref_var(&f.c, "local") == 64 && !f.c.err);
    vars_free(&f.v);
}

static int twice(struct ref_ctx *c) { (void)c; return 0; }

static void test_register(void)
{
    char *err = NULL;
    static const struct ref_def old = { CLX_REF_ABI + 1, "old_abi", "", 0, twice };
    CHECK(ref_register(&old, "somewhere", &err) == -1);
    CHECK_CONTAINS(err, "ABI");
    free(err);
    err = NULL;
    CHECK(ref_find("old_abi") == NULL);
    static const struct ref_def a = { CLX_REF_ABI, "dup", "", 0, twice }, b = { CLX_REF_ABI, "dup", "", 0, twice };
    CHECK(ref_register(&a, "folder_a", &err) == 0);
    CHECK(ref_register(&a, "folder_a", &err) == 0);       /* the same object loaded again */
    CHECK(ref_register(&b, "folder_b", &err) == -1);
    CHECK_CONTAINS(err, "defined twice: in folder_a and in folder_b");
    free(err);
    CHECK_STR(ref_origin("dup"), "folder_a");
}

static void write_text(const char *path, const char *text)
{
    CHECK(write_file_atomic(path, text, strlen(text)) == 0);
}

static int count_objects(void)
{
    struct dirent **ents;
    int n = scandir(DIR_ "/cache/clx/refs", &ents, NULL, alphasort), k = 0;
    for (int i = 0; i < n; i++) { k += str_ends(ents[i]->d_name, ".so"); free(ents[i]); }
    if (n >= 0) free(ents);
    return k;
}

static const char good[] =
    "/* two references in one file */\n"
    "#include <clx/ref.h>\n"
    "CLX_REF_SPLIT(unit_plus, \"out = in + PLUS\")\n"
    "{\n"
    "    size_t n;\n"
    "    const float *in = ref_in(c, \"in\", CT_FLOAT, NULL);\n"
    "    float *out = ref_out(c, \"out\", CT_FLOAT, &n);\n"
    "    double plus = ref_var(c, \"PLUS\");\n"
    "    if (!in || !out || c->err) return -1;\n"
    "    for (size_t k = 0; k < ref_count(c, n); k++) out[ref_index(c, k)] = in[ref_index(c, k)] + (float)plus;\n"
    "    return 0;\n"
    "}\n"
    "CLX_REF(unit_fail, \"always fails\") { return ref_fail(c, \"as %s\", \"asked\"); }\n";

static void test_user_reference(void)
{
    char *err = NULL;
    write_text(DIR_ "/exp/unit.ref.c", good);
    CHECK(refload_file(DIR_ "/exp/unit.ref.c", &err) == 0);
    if (err) fprintf(stderr, "  %s\n", err);
    free(err);
    err = NULL;
    CHECK(count_objects() == 1);
    CHECK_STR(ref_origin("unit_plus"), DIR_ "/exp");
    const struct ref_def *d = ref_find("unit_plus");
    CHECK(d && d->split);
    struct fixture f;
    fixture(&f);
    vars_set(&f.v, "PLUS", 0.5);
    CHECK(d && ref_run(d, &f.c, NULL) == 0);
    CHECK(f.out[2] == 2.5f);
    CHECK(ref_run(ref_find("unit_fail"), &f.c, NULL) == -1);
    CHECK_STR(f.c.err, "as asked");
    free(f.c.err);
    vars_free(&f.v);
    /* The same text again: the cached object, no second one. (That an edit compiles a new one is
     * seen across runs, in tests/e2e/user_refs.sh: one process keeps the references it loaded.) */
    CHECK(refload_file(DIR_ "/exp/unit.ref.c", &err) == 0);
    CHECK(count_objects() == 1);
    free(err);
}

static void test_compile_error(void)
{
    char *err = NULL;
    write_text(DIR_ "/exp/broken.ref.c", "#include <clx/ref.h>\nCLX_REF(broken, \"x\")\n{\n    return 0\n}\n");
    CHECK(refload_file(DIR_ "/exp/broken.ref.c", &err) == -1);
    CHECK(err && !strchr(err, '\n'));
    CHECK(err && str_starts(err, DIR_ "/exp/broken.ref.c:"));
    CHECK_CONTAINS(err, ": error:");
    CHECK(ref_find("broken") == NULL);
    free(err);
}

/* clx exports clx/ref.h only: a reference that calls one of clx's internal functions is refused
 * when it loads, instead of binding to whatever has that name. */
static void test_only_the_api(void)
{
    char *err = NULL;
    write_text(DIR_ "/exp/internal.ref.c",
               "#include <clx/ref.h>\nchar *xstrdup(const char *s);\n"
               "CLX_REF(internal, \"x\") { return xstrdup(\"\") ? 0 : ref_fail(c, \"x\"); }\n");
    CHECK(refload_file(DIR_ "/exp/internal.ref.c", &err) == -1);
    CHECK_CONTAINS(err, "xstrdup");
    free(err);
}

static void test_spec_reference(void)
{
    struct spec s;
    char *err = NULL;
    /* A spec in a folder of its own, with the reference's file beside it: found and loaded. */
    write_text(DIR_ "/exp2/t.cl.m4", "__kernel void mine(__global float *out) { }\n");
    write_text(DIR_ "/exp2/mine.spec", "description = \"x\"; template = \"t.cl.m4\"; launch = { local = 64; };\n"
                                      "global = \"64\"; buffers = ( { name = \"out\"; type = \"float\"; count = \"64\"; init = \"output\"; } );\n"
                                      "args = [ \"out\" ];\nverify = { reference = \"unit_other\"; };\n");
    write_text(DIR_ "/exp2/another.ref.c", "#include <clx/ref.h>\nCLX_REF(unit_other, \"x\") { return 0; }\n");
    CHECK(spec_load(DIR_ "/exp2/mine.spec", &s, &err) == 0);
    CHECK(ref_find("unit_other") == NULL);
    CHECK(refload_spec(&s, &err) == 0);
    CHECK(ref_find("unit_other") != NULL);
    spec_free(&s);
    /* None anywhere: one line naming the spec and the line of verify. */
    CHECK(spec_load("tests/unit/fixtures/err_verify_ref.spec", &s, &err) == 0);
    CHECK(refload_spec(&s, &err) == -1);
    CHECK_STR(err, "tests/unit/fixtures/err_verify_ref.spec:8: no host reference named 'vecsun': did you mean vecsum? (clx "
                   "list --refs shows them; one of your own goes in a NAME.ref.c beside the spec)");
    free(err);
    spec_free(&s);
}

/* past_end: reads one element past the end of its input "in" (ending at a guard page); calls: how
 * often a reference of this test ran. */
static int calls;

static int past_end(struct ref_ctx *c)
{
    calls++;
    size_t n;
    const float *in = ref_in(c, "in", CT_FLOAT, &n);
    float *out = ref_out(c, "out", CT_FLOAT, NULL);
    out[0] = in[n];
    return 0;
}

static int counted(struct ref_ctx *c) { (void)c; calls++; return 0; }

/* A fault is REF_FAULTED, said; then no reference runs in this process, each call said as not run
 * at its where: the faulted call may hold a lock. Last of the tests: the process stays so. */
static void test_none_after_fault(void)
{
    static const struct ref_def bad = { CLX_REF_ABI, "unit_past_end", "", 0, past_end },
                                good_one = { CLX_REF_ABI, "unit_counted", "", 0, counted };
    char *err = NULL;
    CHECK(ref_register(&bad, "here", &err) == 0 && ref_register(&good_one, "here", &err) == 0);
    struct fixture f;
    fixture(&f);
    float *in = hostguard_alloc(8 * sizeof *in);
    f.b[0].input = in;
    CHECK(!refs_faulted() && !refs_first_fault());
    CHECK(ref_run(ref_find("unit_counted"), &f.c, "x.spec:3") == 0 && calls == 1);
    CHECK(ref_run(ref_find("unit_past_end"), &f.c, "x.spec:3") == REF_FAULTED && calls == 2);
    CHECK_CONTAINS(f.c.err, "x.spec:3: reference unit_past_end read past the end of its input in: element 8");
    CHECK(refs_faulted());
    /* Where it faulted, kept: past the end of in, so no read before an input's start (the probe's
     * question), which an address just before a start at a page's is. */
    const struct hostguard_fault *ff = refs_first_fault();
    CHECK(ff && hostguard_past_end(in, 8 * sizeof *in, ff->addr) == 0 && !reffault_before_input(&f.c, ff->addr));
    float *turned = hostguard_alloc_start(8 * sizeof *turned);
    f.b[0].input = turned;
    CHECK(reffault_before_input(&f.c, turned - 1) && !reffault_before_input(&f.c, turned));
    f.b[0].input = in;
    hostguard_free(turned, 8 * sizeof *turned);
    free(f.c.err);
    f.c.err = NULL;
    CHECK(ref_run(ref_find("unit_counted"), &f.c, "x.spec:3") == REF_FAULTED && calls == 2);
    CHECK_STR(f.c.err, "x.spec:3: reference unit_counted not run: a reference faulted earlier in this process (its "
                       "row says where), which may have left a lock held or memory lost");
    free(f.c.err);
    hostguard_free(in, 8 * sizeof *in);
}

int main(void)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return 1;
    setenv("CLX_HOME", cwd, 1);                  /* clx/ref.h from include/, before clx_home() keeps it */
    setenv("XDG_CACHE_HOME", DIR_ "/cache", 1);
    if (system("rm -rf " DIR_) != 0) return 1;
    mkdir_p(DIR_ "/exp");
    mkdir_p(DIR_ "/exp2");
    RUN(test_scan);
    RUN(test_registry_matches_templates);
    RUN(test_run_and_call);
    RUN(test_var_missing);
    RUN(test_register);
    RUN(test_user_reference);
    RUN(test_compile_error);
    RUN(test_only_the_api);
    RUN(test_spec_reference);
    RUN(test_none_after_fault);
    CHECK_EXIT();
}
