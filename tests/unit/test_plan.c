/* test_plan.c — plan_make on tests/unit/fixtures/plan.spec (variants a and b crossed with
 * ILP = [1, 2]; launch axes local = "64:max:64", N = [1K, 2K], GPC = 8): variant ids and keys,
 * --set overrides, quick mode, launch points, plan_find_variant; a plan as a table of the rows it
 * names (plan_table). */
#include "check.h"
#include "spec/plan.h"
#include "spec/plan_table.h"
#include "spec/select.h"
#include "spec/restrictions.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

#define PLAN_SPEC "tests/unit/fixtures/plan.spec"

static struct spec S;
static int spec_ok;

/* planned: plan_make on s; 1 on success (a failure is the case's, reported with its error). */
static int planned(const struct spec *s, const struct override *ov, int nov, int quick, double max_wg, struct plan *p)
{
    char *err = NULL;
    if (plan_make(s, ov, nov, quick, max_wg, p, &err) != 0) {
        fprintf(stderr, "  plan_make failed: %s\n", err ? err : "(no message)");
        check_failures_in_case++;
        free(err);
        plan_free(p);
        return 0;
    }
    return 1;
}

/* make: planned on the fixture. */
static int make(const struct override *ov, int nov, int quick, double max_wg, struct plan *p)
{
    if (!spec_ok) { check_failures_in_case++; fprintf(stderr, "  %s did not load\n", PLAN_SPEC); return 0; }
    return planned(&S, ov, nov, quick, max_wg, p);
}

/* loaded: spec_load of path into *s, or, given text, spec_load_text of it labelled path and named
 * name; 1 on success (a failure is the case's, reported with its error). */
static int loaded(const char *path, const char *name, const char *text, struct spec *s)
{
    char *err = NULL;
    int rc = text ? spec_load_text(path, name, text, s, &err) : spec_load(path, s, &err);
    if (rc != 0) {
        fprintf(stderr, "  %s\n", err ? err : "(no message)");
        check_failures_in_case++;
    }
    free(err);
    return rc == 0;
}

/* make_error: the error of a plan that must fail (a new string), or NULL. */
static char *make_error(const struct override *ov, int nov, int quick, double max_wg)
{
    struct plan p;
    char *err = NULL;
    if (!spec_ok) return NULL;
    int rc = plan_make(&S, ov, nov, quick, max_wg, &p, &err);
    if (rc == 0) {
        fprintf(stderr, "  plan_make succeeded, but it should fail\n");
        plan_free(&p);
        return NULL;
    }
    /* Every case here is an override's mistake: the command line's, not the spec's. */
    CHECK(rc == -2);
    plan_free(&p);                       /* what a failed plan holds */
    return err;
}

/* ids: every variant id, space-separated, in a static buffer. */
static const char *ids(const struct plan *p)
{
    static char buf[1024];
    buf[0] = '\0';
    for (int i = 0; i < p->nvariants; i++) {
        strncat(buf, i ? " " : "", sizeof buf - strlen(buf) - 1);
        strncat(buf, p->variants[i].id, sizeof buf - strlen(buf) - 1);
    }
    return buf;
}

/* keyvals: a variant's template parameters as "K=V K=V", in a static buffer. */
static const char *keyvals(const struct variant *v)
{
    static char buf[512];
    buf[0] = '\0';
    for (int k = 0; k < v->keys.n; k++) {
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s=%s", k ? " " : "", v->keys.v[k], v->values.v[k]);
    }
    return buf;
}

/* axis: the values of launch axis a, space-separated, in a static buffer. */
static const char *axis(const struct plan *p, int a)
{
    static char buf[512];
    buf[0] = '\0';
    for (int i = 0; i < p->axis_values[a].n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "", p->axis_values[a].v[i]);
    return buf;
}

/* check_ids: the fixture's plan under the overrides ov (nov of them) names the variants want. */
static void check_ids(const struct override *ov, int nov, const char *want)
{
    struct plan p;
    if (!make(ov, nov, 0, 256, &p)) return;
    if (strcmp(ids(&p), want)) fprintf(stderr, "  under --set %s=%s%s:\n", ov->name, ov->values, nov > 1 ? " ..." : "");
    CHECK_STR(ids(&p), want);
    plan_free(&p);
}

/* A --set refused: the override, and the error it is refused with, whole or (part) a part of it. */
struct refusal { struct override ov; const char *error; int part; };

/* check_refused: the fixture's plan under r's one override fails with r's error. */
static void check_refused(const struct refusal *r)
{
    char *e = make_error(&r->ov, 1, 0, 256);
    if (r->part) CHECK_CONTAINS(e, r->error);
    else CHECK_STR(e, r->error);
    free(e);
}

static void test_fixture_loads(void)
{
    char *err = NULL;
    spec_ok = spec_load(PLAN_SPEC, &S, &err) == 0;
    if (!spec_ok) fprintf(stderr, "  %s\n", err ? err : "(no message)");
    free(err);
    CHECK(spec_ok);
    CHECK(spec_ok && S.nvariants == 2 && S.nparams == 1 && S.nlaunch == 3);
}

static void test_variants_cross_params(void)
{
    struct plan p;
    if (!make(NULL, 0, 0, 256, &p)) return;
    CHECK(p.nvariants == 4);
    CHECK_STR(ids(&p), "a:ILP=1 a:ILP=2 b:ILP=1 b:ILP=2");
    CHECK_STR(keyvals(&p.variants[0]), "VEC=1 ILP=1");
    CHECK_STR(keyvals(&p.variants[1]), "VEC=1 ILP=2");
    CHECK_STR(keyvals(&p.variants[3]), "VEC=4 ILP=2");
    CHECK_STR(p.variants[0].name, "a");
    CHECK_STR(p.variants[2].name, "b");
    CHECK_STR(p.variants[0].kernel, "k");      /* the spec's kernel */
    CHECK_STR(p.variants[3].kernel, "kb");     /* the variant's own */
    /* Slugs are file-name safe and tell the variants apart. */
    for (int i = 0; i < p.nvariants; i++) {
        CHECK(strpbrk(p.variants[i].slug, ":=,/ ") == NULL);
        for (int j = 0; j < i; j++) CHECK(strcmp(p.variants[i].slug, p.variants[j].slug) != 0);
    }
    CHECK(strncmp(p.variants[1].slug, "a_ILP", 5) == 0);
    CHECK(p.builds.n == 2);
    CHECK_STR(p.builds.v[0], "");
    CHECK_STR(p.builds.v[1], "-cl-opt-disable");
    /* plan_variant_vars: the numeric parameters as variables. */
    struct vars v = {0};
    double x = 0;
    plan_variant_vars(&p.variants[3], &v);
    CHECK(vars_get(&v, "VEC", &x) && x == 4);
    CHECK(vars_get(&v, "ILP", &x) && x == 2);
    vars_free(&v);
    plan_free(&p);
    CHECK(p.nvariants == 0 && p.variants == NULL);
}

static void test_override_param_axis(void)
{
    struct plan p;
    struct override one[] = { {"ILP", "4", NULL} };
    if (make(one, 1, 0, 256, &p)) {
        /* A constant axis does not name the variant. */
        CHECK_STR(ids(&p), "a b");
        CHECK_STR(keyvals(&p.variants[1]), "VEC=4 ILP=4");
        plan_free(&p);
    }
    check_ids((struct override[]){ {"ILP", "1:3", NULL} }, 1, "a:ILP=1 a:ILP=2 a:ILP=3 b:ILP=1 b:ILP=2 b:ILP=3");
    /* A value given twice (overlapping ranges) is one variant, not two under one id. */
    check_ids((struct override[]){ {"ILP", "1:3,2,3", NULL} }, 1, "a:ILP=1 a:ILP=2 a:ILP=3 b:ILP=1 b:ILP=2 b:ILP=3");
    /* Of two overrides of one name the plan takes the last (a repeated --set reaches it joined into
     * one: plan_join_values, test_join_values). */
    struct override twice[] = { {"ILP", "1,2", NULL}, {"ILP", "8", NULL} };
    if (make(twice, 2, 0, 256, &p)) {
        CHECK_STR(ids(&p), "a b");
        CHECK_STR(keyvals(&p.variants[0]), "VEC=1 ILP=8");
        plan_free(&p);
    }
}

static void test_override_variant_key(void)
{
    /* VEC is a key of the named variants: overriding it makes it an axis, replacing their values. */
    struct plan p;
    struct override ov[] = { {"VEC", "1,2", NULL} };
    if (!make(ov, 1, 0, 256, &p)) return;
    CHECK(p.nvariants == 8);
    /* A variant at its own value keeps its name (a is VEC=1); set to another value it is renamed. */
    CHECK_STR(ids(&p), "a:ILP=1 a:ILP=1,VEC=2 a:ILP=2 a:ILP=2,VEC=2 "
                       "b:ILP=1,VEC=1 b:ILP=1,VEC=2 b:ILP=2,VEC=1 b:ILP=2,VEC=2");
    CHECK_STR(keyvals(&p.variants[0]), "ILP=1 VEC=1");
    CHECK_STR(keyvals(&p.variants[4]), "ILP=1 VEC=1");   /* b's VEC=4 is gone */
    CHECK_STR(keyvals(&p.variants[7]), "ILP=2 VEC=2");
    CHECK_STR(p.variants[7].kernel, "kb");
    plan_free(&p);
    /* Its own value alone, or given again beside another (--set VEC=1 --set VEC=2 joined), is the
     * named variant itself: "a:VEC=1" named rows no run without --set has, and clx compare of the
     * two runs then found no configuration in common. */
    struct override own[] = { {"variant", "a", NULL}, {"VEC", "1", NULL}, {"ILP", "1", NULL} };
    if (make(own, 3, 0, 256, &p)) {
        CHECK_STR(ids(&p), "a");
        CHECK_STR(keyvals(&p.variants[0]), "ILP=1 VEC=1");
        plan_free(&p);
    }
    check_ids((struct override[]){ {"variant", "a", NULL}, {"VEC", "1.0,2", NULL}, {"ILP", "1", NULL} }, 3,
              "a a:VEC=2");                             /* 1.0 is a's 1 */
    check_ids((struct override[]){ {"variant", "a", NULL}, {"VEC", "2", NULL}, {"ILP", "1", NULL} }, 3, "a:VEC=2");
}

/* full_ids: plan_variant_full_id of each of p's variants, space-separated (a static buffer). */
static const char *full_ids(const struct plan *p)
{
    static char buf[1024];
    buf[0] = 0;
    for (int i = 0; i < p->nvariants; i++) {
        char *id = plan_variant_full_id(&S, &p->variants[i]);
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "", id);
        free(id);
    }
    return buf;
}

static void test_variant_full_id(void)
{
    /* What clx dump names its file by: the id where it leaves nothing out; a parameter of one value
     * that the id leaves out is a pair (--set ILP=4 and ILP=8 were both "a", one dump's name). */
    struct plan p;
    if (make(NULL, 0, 0, 256, &p)) {
        CHECK_STR(full_ids(&p), "a:ILP=1 a:ILP=2 b:ILP=1 b:ILP=2");
        plan_free(&p);
    }
    if (make((struct override[]){ {"ILP", "4", NULL} }, 1, 0, 256, &p)) {
        CHECK_STR(full_ids(&p), "a:ILP=4 b:ILP=4");
        plan_free(&p);
    }
    /* A named variant's own value stays its name's; another value of its key is a pair. */
    if (make((struct override[]){ {"variant", "a", NULL}, {"VEC", "1", NULL}, {"ILP", "1", NULL} }, 3, 0, 256, &p)) {
        CHECK_STR(full_ids(&p), "a:ILP=1");
        plan_free(&p);
    }
    if (make((struct override[]){ {"variant", "a", NULL}, {"VEC", "2", NULL}, {"ILP", "2", NULL} }, 3, 0, 256, &p)) {
        CHECK_STR(full_ids(&p), "a:ILP=2,VEC=2");
        plan_free(&p);
    }
    /* A pair the id has stays, at the variant's own value too. */
    if (make((struct override[]){ {"variant", "a", NULL}, {"VEC", "1,2", NULL}, {"ILP", "2", NULL} }, 3, 0, 256, &p)) {
        CHECK_STR(ids(&p), "a a:VEC=2");
        CHECK_STR(full_ids(&p), "a:ILP=2 a:ILP=2,VEC=2");
        plan_free(&p);
    }
}

static void test_override_variant_selection(void)
{
    struct plan p;
    struct override b[] = { {"variant", "b", NULL} };
    if (make(b, 1, 0, 256, &p)) {
        CHECK_STR(ids(&p), "b:ILP=1 b:ILP=2");
        CHECK_STR(p.variants[0].kernel, "kb");
        plan_free(&p);
    }
    check_ids((struct override[]){ {"variant", "b, a", NULL} }, 1, "b:ILP=1 b:ILP=2 a:ILP=1 a:ILP=2");   /* in the order asked */
    /* Ids as results.tsv prints them pick the crossed variants (variantid.h). */
    check_ids((struct override[]){ {"variant", "b:ILP=2", NULL} }, 1, "b:ILP=2");
    check_ids((struct override[]){ {"variant", "a:ILP=2,b", NULL} }, 1, "a:ILP=2 b:ILP=1 b:ILP=2");   /* a name alone keeps all of it */
    check_ids((struct override[]){ {"variant", "ILP=1", NULL} }, 1, "a:ILP=1 b:ILP=1");           /* no name: every variant at ILP 1 */
    static const struct refusal refused[] = {
        { {"variant", "zzz", NULL}, "--set variant=zzz: no variant 'zzz' in plan (variants: a b)", 0 },
        { {"variant", "a:ILP=3", NULL}, "--set variant=a:ILP=3: no variant of plan is 'a:ILP=3'", 0 },
        { {"variant", "a:NOPE=1", NULL},
          "'NOPE' in variant 'a:NOPE=1' is not a template parameter of plan (its template parameters: ILP VEC)", 1 },
        /* A slip is offered the parameter meant; a launch axis is said to be one (clx dump N=1M). */
        { {"variant", "a:IPL=1", NULL}, "'IPL' in variant 'a:IPL=1' is not a template parameter of plan: did you mean ILP?", 1 },
        { {"variant", "a:N=1", NULL},
          "'N' in variant 'a:N=1' is not a template parameter of plan but a launch axis, which no variant is built for", 1 },
        { {"variant", "zzz:ILP=1", NULL}, "no variant 'zzz' in plan", 1 },
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) check_refused(&refused[i]);
}

static void test_override_builds(void)
{
    struct plan p;
    struct override ov[] = { {"builds", "-cl-fast-relaxed-math , -cl-opt-disable", NULL} };
    if (make(ov, 1, 0, 256, &p)) {
        CHECK(p.builds.n == 2);
        CHECK_STR(p.builds.v[0], "-cl-fast-relaxed-math");
        CHECK_STR(p.builds.v[1], "-cl-opt-disable");
        CHECK(p.nvariants == 4);
        plan_free(&p);
    }
    struct override def[] = { {"builds", "", NULL} };
    if (make(def, 1, 0, 256, &p)) {
        CHECK(p.builds.n == 1);
        CHECK_STR(p.builds.v[0], "");
        plan_free(&p);
    }
    /* A set a list gives twice (a trailing comma's default build, a set repeated) is one build, as a
     * launch axis' repeated value is one point: before, each copy was a configuration of its own,
     * rows under one key that the summary set against each other ("default vs default"). */
    struct override twice[] = { {"builds", ",-cl-opt-disable,", NULL} };
    if (make(twice, 1, 0, 256, &p)) {
        CHECK(p.builds.n == 2);
        CHECK_STR(p.builds.v[0], "");
        CHECK_STR(p.builds.v[1], "-cl-opt-disable");
        plan_free(&p);
    }
    struct override spaced[] = { {"builds", "-cl-mad-enable, -cl-mad-enable ,,", NULL} };
    if (make(spaced, 1, 0, 256, &p)) {
        CHECK(p.builds.n == 2);
        CHECK_STR(p.builds.v[0], "-cl-mad-enable");
        CHECK_STR(p.builds.v[1], "");
        plan_free(&p);
    }
}

static void test_override_launch(void)
{
    struct plan p;
    struct override ov[] = { {"local", "32,64", NULL}, {"N", "5M", NULL} };
    if (make(ov, 2, 0, 256, &p)) {
        CHECK(p.naxes == 3);
        CHECK_STR(p.axis_names[2], "local");
        CHECK_STR(axis(&p, 2), "32 64");
        CHECK_STR(p.axis_names[0], "N");
        CHECK_STR(axis(&p, 0), "5000000");
        CHECK(p.npoints == 2);
        CHECK(p.nvariants == 4);                 /* launch overrides leave the variants alone */
        plan_free(&p);
    }
    struct override mx[] = { {"local", "max", NULL} };
    if (make(mx, 1, 0, 1024, &p)) {
        CHECK_STR(axis(&p, 2), "1024");
        plan_free(&p);
    }
    /* A device whose driver reports no largest work-group (0): the launch axes are still made (its
     * run had "nothing to run"), given values as they are, and "max" is refused as not known, in
     * words of its own (wgunknown.h; test_wgunknown), the device's lack (-1), not the option's. */
    CHECK(plan_max_wg(0) == PLAN_WG_UNREPORTED && plan_max_wg(512) == 512);
    struct override given[] = { {"local", "32,64", NULL} };
    if (make(given, 1, 0, plan_max_wg(0), &p)) {
        CHECK(p.naxes == 3 && p.npoints > 0);
        CHECK_STR(axis(&p, 2), "32 64");
        plan_free(&p);
    }
    char *err = NULL;
    CHECK(spec_ok && plan_make(&S, mx, 1, 0, plan_max_wg(0), &p, &err) == -1);
    CHECK_CONTAINS(err, "--set local=max: 'max' is the device's largest work-group, which its driver does not report "
                        "(CL_DEVICE_MAX_WORK_GROUP_SIZE 0): give the sizes themselves (--local 64,128)");
    free(err);
    /* A launch point given twice ("max" is 64 here) is one point. */
    struct override dup[] = { {"local", "32,64,32,max", NULL} };
    if (make(dup, 1, 0, 64, &p)) {
        CHECK_STR(axis(&p, 2), "32 64");
        plan_free(&p);
    }
}

/* check_join: plan_join_values(name, a, b) is want. */
static void check_join(const char *name, const char *a, const char *b, const char *want)
{
    char *got = plan_join_values(name, a, b);
    CHECK_STR(got, want);
    free(got);
}

/* A repeated --set of one name: the values in order, each once. */
static void test_join_values(void)
{
    check_join("ILP", "1", "2", "1,2");
    check_join("ILP", "1,2", "2,4", "1,2,4");
    check_join("ILP", " 4 , 1", "1", "4,1");
    check_join("N", "1M,64Ki", "1000000,65536,2M", "1M,64Ki,2M");        /* equal as numbers */
    check_join("local", "64:1024:64", "32:max:*2", "64:1024:64,32:max:*2");
    check_join("variant", "naive", "float4,naive", "naive;float4");
    /* An id's pairs are its own: "ILP=1" after one is not another item, nor a repeat of one. */
    check_join("variant", "naive:EXTRA=2,ILP=1", "float4:EXTRA=2,ILP=1", "naive:EXTRA=2,ILP=1;float4:EXTRA=2,ILP=1");
    check_join("variant", "naive:EXTRA=2,ILP=1", "naive:EXTRA=2,ILP=1", "naive:EXTRA=2,ILP=1");
    /* Generated names (sgemm's, pairs alone) given one a --set stay two ids, not one of six pairs;
     * and one that names fewer parameters is not joined into the one before. */
    check_join("variant", "VWM=4,SA=0,SB=1", "VWM=4,SA=1,SB=0", "VWM=4,SA=0,SB=1;VWM=4,SA=1,SB=0");
    check_join("variant", "VWM=4,SA=0", "SB=1", "VWM=4,SA=0;SB=1");
    check_join("builds", "-cl-opt-disable", "-cl-mad-enable,-cl-opt-disable", "-cl-opt-disable,-cl-mad-enable");
}

/* An axis given by its two spellings (--size and --set N=, --local and --set local=): one override,
 * the values joined in the order given, named by --set where the two differ; another name apart. */
static void test_override_add(void)
{
    struct override *ov = NULL;
    int n = 0;
    plan_override_add(&ov, &n, "--set", "N", "1M");
    plan_override_add(&ov, &n, "--size", "N", "2M");
    plan_override_add(&ov, &n, "--local", "local", "128");
    plan_override_add(&ov, &n, "--local", "local", "64");
    plan_override_add(&ov, &n, "--set", "local", "32,128");
    CHECK(n == 2);
    CHECK_STR(ov[0].name, "N");
    CHECK_STR(ov[0].values, "1M,2M");
    CHECK_STR(ov[0].flag, "--set");
    CHECK_STR(ov[1].values, "128,64,32");
    CHECK_STR(ov[1].flag, "--set");
    plan_override_add(&ov, &n, "--build", "builds", "");
    plan_override_add(&ov, &n, "--build", "builds", "-cl-opt-disable");
    CHECK(n == 3);
    CHECK_STR(ov[2].values, ",-cl-opt-disable");
    CHECK_STR(ov[2].flag, "--build");             /* one spelling: its own name kept */
    for (int i = 0; i < n; i++) { free(ov[i].name); free(ov[i].values); }
    free(ov);
}

static void test_override_errors(void)
{
    static const struct refusal refused[] = {
        { {"FOO", "1", NULL}, "--set FOO=1: 'FOO' is not an axis of plan (settable: variant ILP VEC local N GPC)", 0 },
        { {"ilp", "1", NULL}, "'ilp' is not an axis of plan", 1 },
        { {"ILP", "5:1", NULL}, "--set ILP=5:1: range '5:1' is empty (FROM > TO)", 0 },
        { {"local", "1:x", "--local"}, "--local 1:x: 'x' is not a number", 0 },
        /* Sizes that can never run are refused while planning. */
        { {"local", "0,64", "--local"}, "--local 0,64: '0' is not a work-group size: it must be a whole number of 1 or more", 0 },
        { {"N", "10.5", "--size"}, "--size 10.5: '10.5' is not a problem size: it must be a whole number of 1 or more", 0 },
        /* A variant name near a parameter's (VEK, VEC) is offered no parameter: only variant names are
         * what variant= takes; a key of an id is offered the parameters. */
        { {"variant", "VEK", NULL}, "--set variant=VEK: no variant 'VEK' in plan (variants: a b)", 0 },
        { {"variant", "a:VEK=2", NULL}, "'VEK' in variant 'a:VEK=2' is not a template parameter of plan: did you mean VEC?", 1 },
        /* A parameter the spec gives only whole numbers takes none other from the command line (a
         * params axis, a named variant's key): before, m4 refused it at every build, rows build-failed. */
        { {"ILP", "abc", NULL}, "--set ILP=abc: 'abc' is not a whole number, as every value plan gives ILP is (", 1 },
        { {"VEC", "1,x", NULL}, "--set VEC=1,x: 'x' is not a whole number, as every value plan gives VEC is (", 1 },
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) check_refused(&refused[i]);
}

/* A parameter whose spec values are words takes any word: the template decides (as --set ILP=3 is
 * the template's to refuse). */
static void test_override_param_words(void)
{
    const char *text = "description = \"d\";\ntemplate = \"t.cl.m4\";\nkernel = \"k\";\n"
                       "params = { ILP = [ 1, 2 ]; W = [ \"w\", \"v\" ]; };\n"
                       "launch = { local = \"64\"; N = [ \"1K\" ]; };\nglobal = \"N\";\n"
                       "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"random\"; } );\n"
                       "args = [ \"x\" ];\n";
    struct spec ps;
    if (!loaded("pw.spec", "pw", text, &ps)) return;
    char *err = NULL;
    struct plan p;
    struct override words[] = { {"W", "z", "--set"}, {"ILP", "3", "--set"} };
    CHECK(plan_make(&ps, words, 2, 0, 0, &p, &err) == 0);
    CHECK(p.nvariants == 1);
    plan_free(&p);
    free(err);
    err = NULL;
    struct override bad[] = { {"ILP", "2,1.5", "--set"} };
    CHECK(plan_make(&ps, bad, 1, 0, 0, &p, &err) == -2);
    CHECK_STR(err, "--set ILP=2,1.5: '1.5' is not a whole number, as every value pw gives ILP is (1, 2)");
    free(err);
    spec_free(&ps);
}

/* A value --set gives a variant key that flops_peak reads (peaks's PREC) must be a class's code, as
 * the spec's own values must be at load: --set PREC=33 is refused naming the option, the key, the
 * value and the codes (before, it planned, and its rows counted against no peak without a word).
 * Other values outside a spec's lists stay the user's to try (--set ILP=3). */
static void test_override_peak_code(void)
{
    const char *text = "description = \"d\";\ntemplate = \"t.cl.m4\";\nkernel = \"k\";\n"
                       "variants = ( { name = \"a\"; PREC = 32; }, { name = \"b\"; PREC = 0; } );\n"
                       "params = { ILP = [ 1, 2 ]; };\nflops_peak = \"PREC\";\n"
                       "launch = { local = \"64\"; N = [ \"1K\" ]; };\nglobal = \"N\";\n"
                       "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"random\"; } );\n"
                       "args = [ \"x\" ];\n";
    struct spec ps;
    if (!loaded("pc.spec", "pc", text, &ps)) return;
    char *err = NULL;
    struct plan p;
    struct override bad[] = { {"PREC", "64,33", "--set"} };
    CHECK(plan_make(&ps, bad, 1, 0, 0, &p, &err) == -2);
    CHECK_CONTAINS(err, "--set PREC=64,33: ");
    CHECK_CONTAINS(err, "flops_peak 'PREC' is 33 for variant a:ILP=1,PREC=33, which is no class's code");
    CHECK_CONTAINS(err, "32 fp32, 64 fp64");
    free(err);
    err = NULL;
    plan_free(&p);
    struct override good[] = { {"PREC", "64", "--set"}, {"ILP", "3", "--set"} };
    CHECK(plan_make(&ps, good, 2, 0, 0, &p, &err) == 0);
    CHECK(p.nvariants == 2);
    plan_free(&p);
    free(err);
    spec_free(&ps);
}

/* spec_error_at: the fixture with its text from replaced by to, planned (quick or not) as the spec
 * is: refused as the spec's mistake (-1), the error beginning with want. */
static void spec_error_at(const char *from, const char *to, int quick, const char *want)
{
    char *text = read_file(PLAN_SPEC, NULL), *at = text ? strstr(text, from) : NULL;
    CHECK(at != NULL);
    if (!at) { free(text); return; }
    char *edited = xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    struct spec s;
    struct plan p;
    char *err = NULL;
    if (loaded(PLAN_SPEC, "plan", edited, &s)) {
        CHECK(plan_make(&s, NULL, 0, quick, 256, &p, &err) == -1);
        if (!err || !str_starts(err, want)) fprintf(stderr, "  got: %s\n  want: %s...\n", err ? err : "(none)", want);
        CHECK(err && str_starts(err, want));
        spec_free(&s);
    }
    free(err);
    free(edited);
    free(text);
}

/* What the plan refuses of the spec's own axes is said at the line that gives them, quick's where
 * a --quick run takes quick's, as every other spec mistake is ("plan.spec: axis builds: ..." named
 * no line). */
static void test_spec_axis_errors_at_line(void)
{
    spec_error_at("builds = [ \"\", \"-cl-opt-disable\" ];", "builds = [ \"\", \"-cl-opt-disabled\" ];", 0,
                  PLAN_SPEC ":10: axis builds: build option -cl-opt-disabled is not an OpenCL C build option: did you "
                            "mean -cl-opt-disable?");
    spec_error_at("builds = \"\";", "builds = \"-cl-opt-disabled\";", 1,
                  PLAN_SPEC ":20: axis builds: build option -cl-opt-disabled is not");
    spec_error_at("ILP = [ 1, 2 ];", "ILP = [ \"1:x\" ];", 0, PLAN_SPEC ":9: axis ILP: 'x' is not a number");
    spec_error_at("N = [ \"1K\", \"2K\" ];", "N = [ \"1K\", \"abc\" ];", 0,
                  PLAN_SPEC ":14: axis N: 'abc' is not a problem size");
    spec_error_at("variant = \"b\";", "variant = \"b:ILPX=2\";", 1,
                  PLAN_SPEC ":20: axis variant: 'ILPX' in variant 'b:ILPX=2' is not a template parameter of plan");
    spec_error_at("variant = \"b\";", "variant = \"ILP=3\";", 1, PLAN_SPEC ":20: axis variant: no variant of plan is 'ILP=3'");
    /* A flops_peak that reads an axis, no class's code at its values: flops_peak's line. */
    spec_error_at("global = \"N / VEC\";", "global = \"N / VEC\"; flops_peak = \"ILP\";", 0,
                  PLAN_SPEC ":17: axis ILP: plan's flops_peak 'ILP' is 1 for variant a:ILP=1, which is no class's code");
}

static void test_quick_mode(void)
{
    /* quick = { ILP = 2; variant = "b"; builds = ""; local = [ 32, 96 ]; } */
    struct plan p;
    if (make(NULL, 0, 1, 256, &p)) {
        CHECK_STR(ids(&p), "b");
        CHECK_STR(keyvals(&p.variants[0]), "VEC=4 ILP=2");
        CHECK(p.builds.n == 1);
        CHECK_STR(p.builds.v[0], "");
        CHECK_STR(axis(&p, 2), "32 96");
        CHECK_STR(axis(&p, 0), "1000 2000");     /* N has no quick value: the spec's */
        CHECK(p.npoints == 4);
        plan_free(&p);
    }
    /* An override beats quick mode. */
    struct override ov[] = { {"ILP", "1,2", NULL}, {"variant", "a", NULL} };
    if (make(ov, 2, 1, 256, &p)) {
        CHECK_STR(ids(&p), "a:ILP=1 a:ILP=2");
        CHECK(p.builds.n == 1);
        plan_free(&p);
    }
}

static void test_launch_points(void)
{
    struct plan p;
    if (!make(NULL, 0, 0, 256, &p)) return;
    /* Spec order with local moved last: N, GPC, local. */
    CHECK(p.naxes == 3);
    CHECK_STR(p.axis_names[0], "N");
    CHECK_STR(p.axis_names[1], "GPC");
    CHECK_STR(p.axis_names[2], "local");
    CHECK_STR(axis(&p, 0), "1000 2000");
    CHECK_STR(axis(&p, 1), "8");
    CHECK_STR(axis(&p, 2), "64 128 192 256");    /* "64:max:64" with max_wg 256 */
    CHECK(p.npoints == 8);
    /* local varies fastest. */
    const char *want_local[] = {"64", "128", "192", "256", "64", "128", "192", "256"};
    const char *want_n[] = {"1000", "1000", "1000", "1000", "2000", "2000", "2000", "2000"};
    for (size_t i = 0; i < 8; i++) {
        CHECK_STR(plan_point_value(&p, i, 0), want_n[i]);
        CHECK_STR(plan_point_value(&p, i, 1), "8");
        CHECK_STR(plan_point_value(&p, i, 2), want_local[i]);
    }
    struct vars v = {0};
    double x = 0;
    plan_point_vars(&p, 5, &v);
    CHECK(v.n == 3);
    CHECK(vars_get(&v, "N", &x) && x == 2000);
    CHECK(vars_get(&v, "GPC", &x) && x == 8);
    CHECK(vars_get(&v, "local", &x) && x == 128);
    vars_free(&v);
    plan_free(&p);

    /* A smaller device: "max" follows max_wg. */
    if (make(NULL, 0, 0, 128, &p)) {
        CHECK_STR(axis(&p, 2), "64 128");
        CHECK(p.npoints == 4);
        plan_free(&p);
    }
    /* No device (max_wg 0): the launch axes are left unexpanded. */
    if (make(NULL, 0, 0, 0, &p)) {
        CHECK(p.naxes == 0 && p.npoints == 0);
        CHECK(p.nvariants == 4);
        plan_free(&p);
    }
}

/* find_with: plan_find_variant with sel holding the NULL-terminated items. */
static int find_with(const struct plan *p, struct strlist *sel, const char **items)
{
    for (; *items; items++) sl_push(sel, *items);
    return plan_find_variant(p, sel);
}

static void test_find_variant(void)
{
    struct plan p;
    if (!make(NULL, 0, 0, 256, &p)) return;
    struct strlist sel = {0};
#define FIND(...) (sl_free(&sel), find_with(&p, &sel, (const char *[]){__VA_ARGS__, NULL}))
    CHECK(FIND("variant=a", "ILP=2") == 1);
    CHECK(FIND("VEC=4", "ILP=1") == 2);
    CHECK(FIND("ILP=2.0", "VEC=4") == 3);       /* numbers compare as numbers */
    CHECK(FIND("ILP=2") == -2);                 /* a:ILP=2 and b:ILP=2 */
    CHECK(FIND("variant=b") == -2);
    CHECK(FIND("ILP=3") == -1);
    CHECK(FIND("variant=zzz") == -1);
    CHECK(FIND("NOPE=1") == -1);
    CHECK(FIND("ILP") == -1);                   /* not KEY=VALUE */
    sl_free(&sel);
    CHECK(plan_find_variant(&p, &sel) == -2);   /* nothing asked: all four match */
    plan_free(&p);

    struct override ov[] = { {"ILP", "4", NULL} };
    if (make(ov, 1, 0, 256, &p)) {
        CHECK(FIND("variant=b") == 1);
        CHECK(FIND("VEC=1") == 0);
        plan_free(&p);
    }
    sl_free(&sel);
#undef FIND
}

static void test_spec_without_variants(void)
{
    /* volkov_fma: no named variants; ids are the changing parameters, or the experiment name. */
    struct spec s;
    struct plan p;
    if (!loaded("templates/volkov_fma.spec", NULL, NULL, &s)) return;
    if (planned(&s, NULL, 0, 0, 256, &p)) {
        CHECK_STR(ids(&p), "ILP=1 ILP=2 ILP=3 ILP=4 ILP=6 ILP=8");
        CHECK(p.variants[0].name == NULL);
        CHECK_STR(p.variants[0].kernel, "volkov_fma");
        CHECK_STR(keyvals(&p.variants[5]), "ILP=8 UNROLL=128");
        CHECK_STR(p.axis_names[3], "local");
        CHECK_STR(axis(&p, 3), "32 64 96 128 160 192 224 256");
        CHECK_STR(axis(&p, 1), "0.75");
        CHECK(p.npoints == 8);
        plan_free(&p);
    }
    struct override ov[] = { {"UNROLL", "64,128", NULL}, {"ILP", "2", NULL} };
    if (planned(&s, ov, 2, 0, 256, &p)) {
        CHECK_STR(ids(&p), "UNROLL=64 UNROLL=128");
        plan_free(&p);
    }
    struct override one[] = { {"ILP", "4", NULL} };
    if (planned(&s, one, 1, 0, 256, &p)) {
        CHECK_STR(ids(&p), "volkov_fma");
        plan_free(&p);
    }
    spec_free(&s);
}

/* none_left: test_restrictions' spec text with first and second for its two restrictions, whose plan must leave no configuration, with an error holding want (kept in last_err). */
static char last_err[1024];
static void none_left(const char *text, const char *first, const char *second, const char *want)
{
    struct sbuf b = {0};
    sb_printf(&b, "%.*s\"%s\",\n                 \"%s\" ];\n%s", (int)(strstr(text, "\"A % B == 0\"") - text), text, first,
              second, strstr(text, "buffers ="));
    struct spec s;
    struct plan p;
    char *err = NULL;
    last_err[0] = 0;
    if (loaded("templates/r.spec", "r", b.s, &s)) {
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        if (err) snprintf(last_err, sizeof last_err, "%s", err);
        if (!err || !strstr(err, want)) fprintf(stderr, "  got: %s\n  want: %s\n", err ? err : "(none)", want);
        CHECK(err && strstr(err, want));
        spec_free(&s);
    }
    free(err);
    free(b.s);
}

/* restrictions: combinations of the template parameters a restriction gives 0 are no variants,
 * counted; a spec naming anything else is refused at its line; none left is an error, blamed on
 * --set when it chose the values. */
static void test_restrictions(void)
{
    static const char *text =
        "description = \"r\"; template = \"volkov_fma.cl.m4\";\n"
        "params = { A = [ 1, 2, 3, 4 ]; B = [ 1, 2, 4 ]; };\n"
        "builds = [ \"\" ];\n"
        "launch = { N = [ 1024 ]; local = [ 64 ]; };\n"
        "global = \"N\";\n"
        "restrictions = [ \"A % B == 0\",\n"
        "                 \"A * B <= 8\" ];\n"
        "buffers = ( { name = \"out\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\n"
        "args = [ \"out\" ];\n";
    struct spec s;
    struct plan p;
    char *err = NULL;
    if (!loaded("templates/r.spec", "r", text, &s)) return;
    if (planned(&s, NULL, 0, 0, 256, &p)) {
        CHECK_STR(ids(&p), "A=1,B=1 A=2,B=1 A=2,B=2 A=3,B=1 A=4,B=1 A=4,B=2");
        CHECK(p.restricted == 6);
        plan_free(&p);
    }
    /* Chosen on the command line: what the restrictions leave of it. */
    struct override ov[] = { {"B", "2,4", NULL} };
    if (planned(&s, ov, 1, 0, 256, &p)) {
        CHECK_STR(ids(&p), "A=2,B=2 A=4,B=2");
        CHECK(p.restricted == 6);
        plan_free(&p);
    }
    struct override none[] = { {"A", "3", NULL}, {"B", "2", NULL} };
    CHECK(plan_make(&s, none, 2, 0, 256, &p, &err) == -2);
    CHECK(err && strstr(err, "--set: the restrictions leave no configuration: 1 combination left out; "
                             "restrictions[1] 'A % B == 0' (line 6) leaves it out"));
    free(err);
    err = NULL;
    spec_free(&s);
    /* Template parameters and launch axes only: anything else is refused, at the restriction's line. */
    char *bad = xstrdup(text);
    memcpy(strstr(bad, "A * B <= 8"), "A * Q <= 8", 10);
    CHECK(spec_load_text("templates/r.spec", "r", bad, &s, &err) != 0);
    CHECK(err && strstr(err, "templates/r.spec:7: restrictions[2] (template parameters and launch axes only): unknown name 'Q'"));
    spec_free(&s);
    free(err);
    err = NULL;
    free(bad);
    /* Every combination left out by the spec itself: the spec's error. */
    bad = xstrdup(text);
    memcpy(strstr(bad, "A * B <= 8"), "A + B > 99", 10);
    if (loaded("templates/r.spec", "r", bad, &s)) {
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        CHECK(err && strstr(err, "all 12 combinations left out; restrictions[2] 'A + B > 99' (line 7) leaves out every one on its own"));
        spec_free(&s);
    }
    free(err);
    err = NULL;
    /* The one that leaves every combination out on its own is to blame, though another, judged
     * first, left out the last crossed (A=4,B=4: "A < 4"); clx blamed that one, a correct line. */
    none_left(text, "A < 4", "A + B > 99",
              "all 12 combinations left out; restrictions[2] 'A + B > 99' (line 7) leaves out every one on its own");
    CHECK(!strstr(last_err, "restrictions[1]"));
    /* None alone, together all: the one that leaves out the most (A < 3 and A > 2, 6 each: the first). */
    none_left(text, "A < 3", "A > 2",
              "all 12 combinations left out; no restriction leaves out every one on its own, together they leave none: "
              "restrictions[1] 'A < 3' (line 6) leaves out the most, 6 of the 12");
    /* A division by zero at every combination: said as that. */
    none_left(text, "A % B == 0", "A / (B - B) == 0",
              "restrictions[2] 'A / (B - B) == 0' (line 7) leaves out every one on its own: it has no finite value on "
              "any of them (a division by zero, 0/0 or x % 0 in it)");
    none_left(text, "A % B == 0", "A % (B - B) == 1",
              "restrictions[2] 'A % (B - B) == 1' (line 7) leaves out every one on its own: it has no finite value");
    /* One that cannot be evaluated on a combination (it reads W, a word) is an error naming the
     * variant, though the restrictions are judged as the variants are crossed. */
    static const char *word =
        "description = \"r\"; template = \"volkov_fma.cl.m4\";\n"
        "params = { A = [ 1, 2 ]; W = [ \"w\" ]; };\n"
        "builds = [ \"\" ];\n"
        "launch = { N = [ 1024 ]; local = [ 64 ]; };\n"
        "global = \"N\";\n"
        "restrictions = [ \"A * W <= 8\" ];\n"
        "buffers = ( { name = \"out\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\n"
        "args = [ \"out\" ];\n";
    if (loaded("templates/r.spec", "r", word, &s)) {
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        CHECK(err && strstr(err, "restrictions[1] 'A * W <= 8' (line 6) for variant A=1:"));
        spec_free(&s);
    }
    free(err);
    err = NULL;
    /* One that reads a launch axis is not the variants' but each configuration's: a skipped row. */
    memcpy(strstr(bad, "A + B > 99"), "N % A == 0", 10);
    if (loaded("templates/r.spec", "r", bad, &s)) {
        if (planned(&s, NULL, 0, 0, 256, &p)) {
            CHECK(p.nvariants == 7 && p.restricted == 5);         /* A % B == 0 alone */
            struct vars v = {0};
            vars_set(&v, "A", 3);
            vars_set(&v, "B", 1);
            vars_set(&v, "N", 1024);
            char *why = restrictions_point(&s, &v, &err);
            CHECK(why && !strcmp(why, "left out by the spec's restrictions[2] 'N % A == 0' (line 7)") && !err);
            free(why);
            vars_set(&v, "A", 4);
            CHECK(!restrictions_point(&s, &v, &err) && !err);
            vars_free(&v);
            plan_free(&p);
        }
        spec_free(&s);
    }
    free(err);
    free(bad);
}

/* restriction_nan: test_restrictions' spec text with second for its second restriction, loaded
 * into *s (1), or 0. */
static int restriction_nan(const char *second, struct spec *s)
{
    static const char *text =
        "description = \"r\"; template = \"volkov_fma.cl.m4\";\n"
        "params = { A = [ 1, 2, 3, 4 ]; B = [ 1, 2, 4 ]; };\n"
        "builds = [ \"\" ];\n"
        "launch = { N = [ 1024 ]; local = [ 64 ]; };\n"
        "global = \"N\";\n"
        "restrictions = [ \"A %% B == 0\",\n"
        "                 \"%s\" ];\n"
        "buffers = ( { name = \"out\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\n"
        "args = [ \"out\" ];\n";
    char *t = xasprintf(text, second);
    int ok = loaded("templates/r.spec", "r", t, s);
    free(t);
    return ok;
}

/* restrictions_nan: a restriction whose value is NaN (not a number) on a combination leaves it out,
 * as 0 does (it admitted it, NaN not being 0), and is said: where on some, a warning at its line
 * naming the first; where on every one, the spec's error at its line (it admitted the whole space,
 * silently); a NaN inside a restriction is what its comparisons make of it. */
static void test_restrictions_nan(void)
{
    struct spec s;
    struct plan p;
    char *err = NULL;
    /* NaN where A < 3: A=1 and A=2 left out (3 of the 7 that A % B == 0 admits); A=3 gives 0. */
    if (restriction_nan("sqrt(A - 3)", &s)) {
        if (planned(&s, NULL, 0, 0, 256, &p)) {
            CHECK_STR(ids(&p), "A=4,B=1 A=4,B=2 A=4,B=4");
            CHECK(p.restricted == 9);
            struct strlist w = {0};
            restrictions_nan_warnings(&s, &p, &w);
            CHECK(w.n == 1);
            if (w.n == 1)
                CHECK_STR(w.v[0], "templates/r.spec:7: restrictions[2] 'sqrt(A - 3)' is NaN (not a number: the square root "
                                  "or log of a negative, 0/0 or x % 0 in it) on 3 combinations of the template parameters "
                                  "(the first: A=1): left out, as where it is 0");
            sl_free(&w);
            plan_free(&p);
        }
        /* Picked by id, the variants are judged after the crossing: the same. */
        struct override pick[] = { {"variant", "B=1", NULL} };
        if (planned(&s, pick, 1, 0, 256, &p)) {
            CHECK_STR(ids(&p), "A=4,B=1");
            struct strlist w = {0};
            restrictions_nan_warnings(&s, &p, &w);
            CHECK(w.n == 1 && strstr(w.v[0], "on 2 combinations of the template parameters (the first: A=1): left out"));
            sl_free(&w);
            plan_free(&p);
        }
        spec_free(&s);
    }
    /* None: nothing to say. */
    if (restriction_nan("A * B <= 8", &s)) {
        if (planned(&s, NULL, 0, 0, 256, &p)) {
            struct strlist w = {0};
            restrictions_nan_warnings(&s, &p, &w);
            CHECK(w.n == 0);
            sl_free(&w);
            plan_free(&p);
        }
        spec_free(&s);
    }
    /* NaN on every combination: refused at its line, as the spec's errors are, not a space
     * restricted by nothing. */
    static const char *const everywhere[][2] = {
        { "log(-A)", "(all 12; the first: A=1, B=1)" },           /* reads A only: the first is A=1 */
        { "0/0", "(all 12)" },
        { "sqrt(A - 9) + B", "(all 12; the first: A=1, B=1)" },
    };
    for (size_t i = 0; i < sizeof everywhere / sizeof *everywhere; i++) {
        if (!restriction_nan(everywhere[i][0], &s)) continue;
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        char *want = xasprintf("templates/r.spec:7: restrictions[2] '%s' is NaN (not a number: the square root or log of a "
                               "negative, 0/0 or x %% 0 in it) on every combination of the template parameters ", everywhere[i][0]);
        if (!err || strncmp(err, want, strlen(want))) fprintf(stderr, "  got: %s\n  want: %s...\n", err ? err : "(none)", want);
        CHECK(err && !strncmp(err, want, strlen(want)));
        free(want);
        free(err);
        err = NULL;
        spec_free(&s);
    }
    if (restriction_nan("log(-A)", &s)) {
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        CHECK_CONTAINS(err, "on every combination of the template parameters (all 12; the first: A=1): a restriction admits a "
                            "combination only where it is a number and not 0, so this one admits none");
        free(err);
        err = NULL;
        /* --set chose the values: blamed on it, the restriction still named at its line. */
        struct override one[] = { {"A", "2", NULL}, {"B", "1", NULL} };
        CHECK(plan_make(&s, one, 2, 0, 256, &p, &err) == -2);
        CHECK_CONTAINS(err, "--set: templates/r.spec:7: restrictions[2] 'log(-A)' is NaN");
        CHECK_CONTAINS(err, "on the one combination of the template parameters (A=2):");
        free(err);
        err = NULL;
        spec_free(&s);
    }
    /* NaN on some where none is left: said beside what left them out. */
    if (restriction_nan("A < 3 ? sqrt(-A) : 0", &s)) {
        CHECK(plan_make(&s, NULL, 0, 0, 256, &p, &err) == -1);
        CHECK_CONTAINS(err, "templates/r.spec: the restrictions leave no configuration: all 12 combinations left out; "
                            "restrictions[2] 'A < 3 ? sqrt(-A) : 0' (line 7) leaves out every one on its own");
        CHECK_CONTAINS(err, "; restrictions[2] 'A < 3 ? sqrt(-A) : 0' (line 7) is NaN on 6 of them (the first: A=1)");
        free(err);
        err = NULL;
        spec_free(&s);
    }
    /* A NaN inside a restriction is what its comparisons make of it: a guard with || admits. */
    if (restriction_nan("A < 4 || sqrt(A - 5) > 0", &s)) {
        if (planned(&s, NULL, 0, 0, 256, &p)) {
            CHECK_STR(ids(&p), "A=1,B=1 A=2,B=1 A=2,B=2 A=3,B=1");
            CHECK(!p.nans);
            plan_free(&p);
        }
        spec_free(&s);
    }
    /* One that reads a launch axis: a configuration it is NaN on is a skipped row saying so. */
    if (restriction_nan("sqrt(N - 2048) + A", &s)) {
        if (planned(&s, NULL, 0, 0, 256, &p)) {
            struct vars v = {0};
            vars_set(&v, "A", 2);
            vars_set(&v, "B", 1);
            vars_set(&v, "N", 1024);
            char *why = restrictions_point(&s, &v, &err);
            CHECK_STR(why, "left out by the spec's restrictions[2] 'sqrt(N - 2048) + A' (line 7), NaN (not a number: the "
                           "square root or log of a negative, 0/0 or x % 0 in it) here");
            CHECK(!err);
            free(why);
            vars_set(&v, "N", 4096);
            CHECK(!restrictions_point(&s, &v, &err) && !err);
            vars_free(&v);
            plan_free(&p);
        }
        spec_free(&s);
    }
}

static void test_word_parameters(void)
{
    /* optflags: KIND is a word; plan_variant_vars sets only the numeric parameters. */
    struct spec s;
    struct plan p;
    if (!loaded("templates/optflags.spec", NULL, NULL, &s)) return;
    if (planned(&s, NULL, 0, 0, 0, &p)) {
        CHECK_STR(ids(&p), "prag noprag fma");
        CHECK_STR(keyvals(&p.variants[1]), "KIND=noprag UNROLL=4");
        struct vars v = {0};
        double x = 0;
        plan_variant_vars(&p.variants[1], &v);
        CHECK(vars_get(&v, "UNROLL", &x) && x == 4);
        CHECK(!vars_get(&v, "KIND", &x));
        vars_free(&v);
        plan_free(&p);
    }
    spec_free(&s);
}

static void test_build_helpers(void)
{
    CHECK_STR(plan_build_label(""), "default");
    CHECK_STR(plan_build_label("-cl-opt-disable"), "-cl-opt-disable");
    char *s = plan_build_slug("");
    CHECK_STR(s, "default");
    free(s);
    s = plan_build_slug("-cl-opt-disable");
    CHECK_STR(s, "cl-opt-disable");
    free(s);
    s = plan_build_slug("-cl-mad-enable -DX=1");
    CHECK_STR(s, "cl-mad-enable_-DX_1");
    free(s);
    CHECK(plan_is_noopt("-cl-opt-disable") == 1);
    CHECK(plan_is_noopt("-cl-mad-enable -cl-opt-disable") == 1);
    CHECK(plan_is_noopt("") == 0);
    CHECK(plan_is_noopt("-cl-fast-relaxed-math") == 0);
}

/* has_id: how many variants of p have id exactly id. */
static int has_id(const struct plan *p, const char *id)
{
    int n = 0;
    for (int i = 0; i < p->nvariants; i++) n += !strcmp(p->variants[i].id, id);
    return n;
}

static void test_tune_overrides(void)
{
    /* A tuning pass's overrides cross the tuned variants only (peaks: the streams, MEM == 1); the
     * chains keep the spec's MILP and an id without it. The same values by --set cross every one. */
    struct spec s;
    struct plan p;
    if (!loaded("templates/peaks.spec", NULL, NULL, &s)) return;
    struct override tune[] = { {"MILP", "1,4", OVERRIDE_TUNE} };
    if (planned(&s, tune, 1, 0, 256, &p)) {
        CHECK(has_id(&p, "read_f:MILP=1") == 1);
        CHECK(has_id(&p, "read_f:MILP=4") == 1);
        CHECK(has_id(&p, "read_f") == 0);
        CHECK(has_id(&p, "fp32_fma") == 1);
        CHECK(has_id(&p, "fp32_fma:MILP=1") == 0);
        for (int i = 0; i < p.nvariants; i++)
            if (!strcmp(p.variants[i].id, "fp32_fma")) CHECK_STR(plan_variant_value(&p.variants[i], "MILP"), "2");
        plan_free(&p);
    }
    struct override set[] = { {"MILP", "1,4", "--set"} };
    if (planned(&s, set, 1, 0, 256, &p)) {
        CHECK(has_id(&p, "fp32_fma:MILP=1") == 1);
        CHECK(has_id(&p, "fp32_fma:MILP=4") == 1);
        CHECK(has_id(&p, "fp32_fma") == 0);
        plan_free(&p);
    }
    spec_free(&s);
    /* The relative variant is crossed though not tuned: the tuned ones' rel_time needs it at their
     * values (tests/e2e/fixtures/tune.spec: naive, relative; float4 and gs_float4 tuned). */
    char *text = read_file("tests/e2e/fixtures/tune.spec", NULL);
    CHECK(text != NULL);
    if (!text) return;
    int ok = loaded("tests/e2e/fixtures/tune.spec", "tune", text, &s);
    free(text);
    if (!ok) return;
    struct override extra[] = { {"EXTRA", "1,2", OVERRIDE_TUNE} };
    if (planned(&s, extra, 1, 0, 256, &p)) {
        CHECK_STR(ids(&p), "naive:EXTRA=1 naive:EXTRA=2 float4:EXTRA=1 float4:EXTRA=2 gs_float4:EXTRA=1 gs_float4:EXTRA=2");
        plan_free(&p);
    }
    spec_free(&s);
    /* A variant the tune selects at one of the spec's own values of an axis (ILP 2, not 1) is
     * tuned: it is crossed over the candidates; one it selects at none keeps its own values. */
    char *fx = read_file(PLAN_SPEC, NULL);
    CHECK(fx != NULL);
    if (!fx) return;
    char *t2 = xasprintf("%s\nparams = { ILP = [ 1, 2 ]; X = 1; };\n"
                         "tune = { variants = \"ILP == 2 && VEC == 1\"; metric = \"gbs\"; axes = { X = [ 1, 3 ]; }; };\n", fx);
    free(fx);
    char *p2 = strstr(t2, "params = { ILP = [ 1, 2 ]; };");
    if (p2) memset(p2, ' ', strlen("params = { ILP = [ 1, 2 ]; };"));   /* the second params stands */
    ok = loaded(PLAN_SPEC, "plan", t2, &s);
    free(t2);
    if (!ok) return;
    struct override x13[] = { {"X", "1,3", OVERRIDE_TUNE} };
    if (planned(&s, x13, 1, 0, 256, &p)) {
        CHECK_STR(ids(&p), "a:ILP=1,X=1 a:ILP=1,X=3 a:ILP=2,X=1 a:ILP=2,X=3 b:ILP=1 b:ILP=2");
        plan_free(&p);
    }
    spec_free(&s);
}

/* peaks_global: the global size of peaks' variant id at the spec's own launch point (its only one)
 * on a device of type and compute units cu, as a run evaluates it: the device's names, the
 * variant's and the point's, the derived values; -1 where it cannot be evaluated. */
static double peaks_global(const struct spec *s, const struct plan *p, const char *id, cl_device_type type, cl_uint cu)
{
    struct devprops d;
    memset(&d, 0, sizeof d);
    d.type = type;
    d.compute_units = cu;
    d.nv_cc_major = d.nv_cc_minor = -1;
    for (int i = 0; i < p->nvariants; i++) {
        if (strcmp(p->variants[i].id, id)) continue;
        struct vars v = {0};
        plan_device_vars(&d, &v);
        plan_variant_vars(&p->variants[i], &v);
        plan_point_vars(p, 0, &v);
        for (int k = 0; k < s->derived_names.n; k++) {
            double x;
            if (expr_eval(s->derived_exprs.v[k], &v, &x, NULL) == 0) vars_set(&v, s->derived_names.v[k], x);
        }
        double g = -1;
        if (expr_eval(s->global.v[0], &v, &g, NULL)) g = -1;
        vars_free(&v);
        return g;
    }
    return -1;
}

/* plan_table: volkov_fma's quick plan as the rows results.tsv would name (variant, its parameters,
 * build, the launch axes), a filter's picks among them; plan_values: each column's values. */
static void test_plan_table(void)
{
    struct spec s;
    struct plan p;
    struct table t;
    char *err = NULL;
    if (!loaded("templates/volkov_fma.spec", NULL, NULL, &s)) return;
    struct override ov[] = { {"ILP", "1,4,8", "--set"}, {"local", "32,64,128,256", "--local"} };
    if (planned(&s, ov, 2, 1, 256, &p)) {
        CHECK(plan_table(&s, &p, 1000, &t) == 0);
        CHECK(t.nrows == 3 * 2 * 4);
        CHECK(table_col(&t, "variant") == 0 && table_col(&t, "ILP") > 0 && table_col(&t, "build") > 0 && table_col(&t, "local") > 0);
        struct filter f;
        CHECK(filter_parse("ILP=8, build=default, local=128", &f, &err) == 0 && filter_bind(&f, &t, &err) == 0);
        int n = 0;
        for (int k = 0; k < t.nrows; k++) n += filter_match(&f, &t, k);
        CHECK(n == 1);
        filter_free(&f);
        table_free(&t);
        CHECK(plan_table(&s, &p, 23, &t) == -1 && t.nrows == 0);   /* more than most */
        struct strlist v = {0};
        CHECK(plan_values(&p, "ILP", &v) == 0);
        CHECK(v.n == 3 && !strcmp(v.v[2], "8"));
        sl_free(&v);
        CHECK(plan_values(&p, "build", &v) == 0 && v.n == 2 && !strcmp(v.v[0], ""));
        sl_free(&v);
        CHECK(plan_values(&p, "DATA", &v) == -1);
        plan_free(&p);
    }
    CHECK(plan_local_is_axis(&s));
    spec_free(&s);
    /* expint's local column is the launch's shape ("256x1"), not its local axis: left out. */
    if (!loaded("templates/expint.spec", NULL, NULL, &s)) return;
    CHECK(!plan_local_is_axis(&s));
    if (planned(&s, NULL, 0, 1, 256, &p)) {
        CHECK(plan_table(&s, &p, 1000, &t) == 0 && table_col(&t, "local") < 0 && table_col(&t, "Y") > 0);
        table_free(&t);
        plan_free(&p);
    }
    spec_free(&s);
}

static void test_peaks_cpu_launch(void)
{
    /* peaks' streams on a CPU device (CPU = 1): one trip of MILP vectors per work-item, since a CPU
     * runs a work-group as a loop over its work-items and WGPC's grid made each group interleave
     * hundreds of streams (0.2-3.6 GB/s on PoCL); on a GPU WGPC's grid as before (the H200's picks
     * keep their meaning). The chains' grid is the same on both. */
    struct spec s;
    struct plan p;
    if (!loaded("templates/peaks.spec", NULL, NULL, &s)) return;
    if (planned(&s, NULL, 0, 0, 1024, &p)) {
        CHECK(p.npoints == 1);
        /* read_f4: 256Mi floats are 64Mi float4; MILP 2. A CPU's read (read_f4_cpu, RFORM 1) has a
         * work-item per TRIPS 16 trips of MILP 2 vectors, its own run with no tree of barriers. */
        CHECK(peaks_global(&s, &p, "read_f4", CL_DEVICE_TYPE_CPU, 2) == 33554432.0);
        CHECK(peaks_global(&s, &p, "read_f4_cpu", CL_DEVICE_TYPE_CPU, 2) == 2097152.0);
        CHECK(peaks_global(&s, &p, "read_d_cpu", CL_DEVICE_TYPE_CPU, 2) == 4194304.0);
        CHECK(peaks_global(&s, &p, "write_f", CL_DEVICE_TYPE_CPU, 64) == 134217728.0);
        CHECK(peaks_global(&s, &p, "triad_d", CL_DEVICE_TYPE_CPU, 2) == 67108864.0);
        /* A GPU of 132 compute units: 132 x WGPC 64 x local 256 work-items, whatever MILP. */
        CHECK(peaks_global(&s, &p, "read_f4", CL_DEVICE_TYPE_GPU, 132) == 2162688.0);
        CHECK(peaks_global(&s, &p, "triad_d", CL_DEVICE_TYPE_GPU, 132) == 2162688.0);
        CHECK(peaks_global(&s, &p, "fp32_fma", CL_DEVICE_TYPE_CPU, 2) == 2048.0);
        CHECK(peaks_global(&s, &p, "fp32_fma", CL_DEVICE_TYPE_GPU, 132) == 135168.0);
        plan_free(&p);
    }
    /* Its tuning pass on a CPU device crosses MILP (the streams a group interleaves, at most 8) and
     * local, not WGPC, within its own seconds; elsewhere the GPU's candidates. */
    const struct spec_tune_set *cpu = spec_tune_for(s.tune, 1), *gpu = spec_tune_for(s.tune, 0);
    CHECK(cpu->cpu == 1 && cpu->naxes == 2);
    if (cpu->naxes == 2) {
        CHECK_STR(cpu->axes[0].name, "MILP");
        CHECK_STR(cpu->axes[1].name, "local");
    }
    CHECK(cpu->seconds == 300);
    CHECK(gpu->cpu == 0 && gpu->naxes == 3 && gpu->seconds == 180);
    if (gpu->naxes == 3) CHECK_STR(gpu->axes[1].name, "WGPC");
    spec_free(&s);
}

int main(void)
{
    RUN(test_fixture_loads);
    RUN(test_variants_cross_params);
    RUN(test_override_param_axis);
    RUN(test_override_variant_key);
    RUN(test_variant_full_id);
    RUN(test_override_variant_selection);
    RUN(test_override_builds);
    RUN(test_override_launch);
    RUN(test_join_values);
    RUN(test_override_add);
    RUN(test_override_errors);
    RUN(test_override_param_words);
    RUN(test_override_peak_code);
    RUN(test_quick_mode);
    RUN(test_spec_axis_errors_at_line);
    RUN(test_launch_points);
    RUN(test_find_variant);
    RUN(test_spec_without_variants);
    RUN(test_word_parameters);
    RUN(test_build_helpers);
    RUN(test_tune_overrides);
    RUN(test_peaks_cpu_launch);
    RUN(test_plan_table);
    RUN(test_restrictions);
    RUN(test_restrictions_nan);
    if (spec_ok) spec_free(&S);
    CHECK_EXIT();
}
