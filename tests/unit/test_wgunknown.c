/* test_wgunknown.c — a spec on a device whose driver reports no largest work-group (max_wg 0): what
 * reads it (MAX_WG in an expression, "max" in the local axis, the spec's or an option's) said once
 * where it is written, by wgunknown_said and by plan_make at PLAN_WG_UNREPORTED; KMAX_WG, given sizes
 * and a device that reports its limit are left alone. axis_reads_max's syntax. A finding that reads
 * MAX_WG of a run whose run.json holds 0 cannot be checked, saying why, not judged against 0. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "spec/axis.h"
#include "spec/plan.h"
#include "spec/spec.h"
#include "spec/wgunknown.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* A spec of these lines: its launch axes (line 3), global (line 4) and one more setting (line 7). */
static int load(const char *launch, const char *global, const char *more, struct spec *s)
{
    char *text = xasprintf("description = \"d\";\ntemplate = \"t.cl.m4\";\nlaunch = { %s };\nglobal = \"%s\";\n"
                           "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"zero\"; } );\n"
                           "args = [ \"x\", \"uint:N\" ];\n%s\n", launch, global, more);
    char *err = NULL;
    int rc = spec_load_text("f.spec", "f", text, s, &err);
    if (rc) fprintf(stderr, "  spec did not load: %s\n", err ? err : "?");
    free(err);
    free(text);
    return rc == 0;
}

/* plan_err: plan_make's error at PLAN_WG_UNREPORTED (NULL: it planned), its return code in *rc. */
static char *plan_err(const struct spec *s, const struct override *ov, int nov, int quick, int *rc)
{
    struct plan p;
    char *err = NULL;
    *rc = plan_make(s, ov, nov, quick, PLAN_WG_UNREPORTED, &p, &err);
    plan_free(&p);
    return *rc ? err : NULL;
}

#define SIZE_SAID "the device's largest work-group, which its driver does not report (CL_DEVICE_MAX_WORK_GROUP_SIZE 0)"

static void test_reads_max(void)
{
    CHECK(axis_reads_max("max"));
    CHECK(axis_reads_max("32, max"));
    CHECK(axis_reads_max("64:max:64"));
    CHECK(axis_reads_max("32: max :*2"));
    CHECK(axis_reads_max("max:1024"));
    CHECK(!axis_reads_max("32,64"));
    CHECK(!axis_reads_max("64:1024:64"));
    CHECK(!axis_reads_max("maximum"));
    CHECK(!axis_reads_max("64:1024:max"));       /* a step, refused as one: no size */
}

/* An expression that reads MAX_WG: one line naming the setting, its line and what to write instead,
 * at plan_make's first step, where every row would have divided by 0. */
static void test_expression(void)
{
    struct spec s;
    if (!load("N = 1024; local = 64;", "ceil_div(N, MAX_WG) * MAX_WG", "", &s)) { CHECK(0); return; }
    char *said = wgunknown_said(&s, NULL, 0, 0);
    CHECK_STR(said, "f.spec:4: global = 'ceil_div(N, MAX_WG) * MAX_WG' reads MAX_WG, " SIZE_SAID ": write a fixed "
                    "work-group size in its place (256, say) to run on this device");
    int rc;
    char *err = plan_err(&s, NULL, 0, 0, &rc);
    CHECK(rc == -1);                              /* the device's lack: the run's exit 4, not a usage error */
    CHECK_STR(err, said);
    free(err);
    free(said);
    /* A device that reports its limit plans as ever. */
    struct plan p;
    err = NULL;
    CHECK(plan_make(&s, NULL, 0, 0, 1024, &p, &err) == 0 && !err);
    plan_free(&p);
    free(err);
    spec_free(&s);
    /* A derived value's, named as geometry names it; KMAX_WG (the built kernel's) is no MAX_WG. */
    if (!load("N = 1024; local = 64;", "N", "derived = { G = \"round_up(N, MAX_WG)\"; };", &s)) { CHECK(0); return; }
    said = wgunknown_said(&s, NULL, 0, 0);
    CHECK_CONTAINS(said, "f.spec:7: derived G = 'round_up(N, MAX_WG)' reads MAX_WG, " SIZE_SAID);
    free(said);
    spec_free(&s);
    if (!load("N = 1024; local = 64;", "N", "bytes = \"4 * N + 0 * KMAX_WG\";", &s)) { CHECK(0); return; }
    CHECK(wgunknown_said(&s, NULL, 0, 0) == NULL);
    CHECK(plan_err(&s, NULL, 0, 0, &rc) == NULL && rc == 0);
    spec_free(&s);
}

/* "max" in the local axis: the spec's (its line; quick's under --quick), or an option's (as the user
 * wrote it); sizes given in its place run. */
static void test_local_max(void)
{
    struct spec s;
    if (!load("N = 1024; local = \"64:max:64\";", "N", "quick = { local = [ \"32\", \"max\" ]; };", &s)) { CHECK(0); return; }
    char *said = wgunknown_said(&s, NULL, 0, 0);
    CHECK_STR(said, "f.spec:3: local = '64:max:64' reaches 'max', " SIZE_SAID ": give the sizes themselves "
                    "(local = [64, 128], or --local 64,128)");
    free(said);
    said = wgunknown_said(&s, NULL, 0, 1);
    CHECK_STR(said, "f.spec:7: local = '32,max' reaches 'max', " SIZE_SAID ": give the sizes themselves "
                    "(local = [64, 128], or --local 64,128)");
    free(said);
    struct override mx[] = { {"local", "128,max", "--local"} };
    said = wgunknown_said(&s, mx, 1, 0);
    CHECK_STR(said, "--local 128,max: 'max' is " SIZE_SAID ": give the sizes themselves (--local 64,128)");
    int rc;
    char *err = plan_err(&s, mx, 1, 0, &rc);
    CHECK(rc == -1);
    CHECK_STR(err, said);                         /* the option's words, no spec file before them */
    free(err);
    free(said);
    struct override given[] = { {"local", "32,64", "--local"} };
    CHECK(wgunknown_said(&s, given, 1, 0) == NULL);
    CHECK(plan_err(&s, given, 1, 1, &rc) == NULL && rc == 0);
    spec_free(&s);
}

#define RUN_DIR "tests/tmp/test_wgunknown"

/* judged_why: a finding whose check is check on a run whose device's largest work-group is max_wg
 * (run.json's number); its verdict, what it says in *said (a new string). */
static enum verdict judged_why(const char *max_wg, const char *check, char **said)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\n"
                      "t\tnaive\tdefault\t1000\t64\tok\t1\t100\t0.999;0.9995;1;1.0005;1.001\n";
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\", \"max_work_group_size\": %s }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }", max_wg);
    write_run(RUN_DIR, tsv, strlen(tsv), json);
    free(json);
    struct spec_finding f = { .claim = "c", .check = (char *)check };
    struct finding_result fr;
    enum verdict v = run_judged(RUN_DIR, &f, &fr);
    *said = xstrdup(v == V_NODATA ? (fr.why ? fr.why : "") : fr.measured ? fr.measured : "");
    finding_result_free(&fr);
    return v;
}

static void test_finding(void)
{
    char *said;
    CHECK(judged_why("0", "gbs[variant=naive] > 0.01 * MAX_WG", &said) == V_NODATA);
    CHECK_CONTAINS(said, "unknown name 'MAX_WG'");
    CHECK_CONTAINS(said, "; MAX_WG is " SIZE_SAID);
    CHECK(!strstr(said, "run.json does not record it"));
    free(said);
    CHECK(judged_why("1024", "gbs[variant=naive] > 0.01 * MAX_WG", &said) == V_HOLDS);
    CHECK_CONTAINS(said, "0.01 * MAX_WG = 10.24");
    free(said);
    /* Another name run.json lacks keeps its words. */
    CHECK(judged_why("0", "gbs[variant=naive] > CU", &said) == V_NODATA);
    CHECK_CONTAINS(said, "(run.json does not record it)");
    free(said);
}

int main(void)
{
    RUN(test_reads_max);
    RUN(test_expression);
    RUN(test_local_max);
    RUN(test_finding);
    CHECK_EXIT();
}
