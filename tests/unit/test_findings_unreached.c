/* test_findings_unreached.c — findings over a run stopped before its sweep's end: the configurations
 * it never reached (run.json's as_run crossed, less the rows results.tsv has: store/rundir_unreached.h)
 * are taken as rows that did not pass, named "not reached". Before, a best or an aggregate of the rows
 * it had was one of the whole sweep: "holds" where a configuration not reached could change it. A run
 * made here: a measured at local 64, 128 and 256, b at 64 alone before the stop; c's build failed
 * (one row for all its points). */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/finding_pick.h"
#include "report/findings.h"
#include "store/rundir_unreached.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_unreached"

#define TSV "experiment\tvariant\tK\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\n" \
            "t\ta\t1\tdefault\t1000\t64\tok\t2\t1.999;1.9995;2;2.0005;2.001\n" \
            "t\ta\t1\tdefault\t1000\t128\tok\t1.5\t1.499;1.4995;1.5;1.5005;1.501\n" \
            "t\ta\t1\tdefault\t1000\t256\tok\t1.8\t1.799;1.7995;1.8;1.8005;1.801\n" \
            "t\tc\t3\tdefault\t\t\tbuild-failed\t\t\n" \
            "t\tb\t2\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"

/* The run.json of the run, its end (END: "\"interrupted\": \"...\", " or "\"finished\": ..., ") and
 * its variants' list (VARIANTS) given. */
#define JSON(END, VARIANTS) \
    "{ \"experiment\": \"t\", " END "\"planned_rows\": 7, \"device\": { \"name\": \"Test\" }, " \
    "\"as_run\": { \"variants\": [ " VARIANTS " ], \"builds\": [ \"\" ], " \
    "\"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\", \"256\"] } } }"
#define VARIANTS_ABC "{ \"id\": \"a\", \"kernel\": \"k\", \"params\": { \"K\": \"1\" } }, " \
                     "{ \"id\": \"b\", \"kernel\": \"k\", \"params\": { \"K\": \"2\" } }, " \
                     "{ \"id\": \"c\", \"kernel\": \"k\", \"params\": { \"K\": \"3\" } }"
#define STOPPED "\"interrupted\": \"2026-12-06T04:00:00+00:00\", \"interrupted_by\": \"SIGINT\", "
#define FINISHED "\"finished\": \"2026-12-06T04:00:00+00:00\", "

static void make_run(const char *json)
{
    remove_tree(DIR_);
    write_run(DIR_, TSV, strlen(TSV), json);
}

/* expect: f judged v on the run, its measured column holding said and its reason why (each NULL:
 * not asked; why's "!" prefix: the reason must not hold the rest). */
static void expect(const struct spec_finding *f, enum verdict v, const char *said, const char *why)
{
    struct finding_result fr;
    enum verdict got = run_judged(DIR_, f, &fr);
    int ok = got == v && (!said || (fr.measured && strstr(fr.measured, said))) && (!why || (fr.why && strstr(fr.why, why)));
    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  %s%s: got %s\n    measured: %s\n    why: %s\n", f->check ? f->check : "", f->compare ? f->compare : "",
                got == V_COUNT ? "(no run)" : verdict_text(got), fr.measured ? fr.measured : "(none)", fr.why ? fr.why : "(none)");
    if (got != V_COUNT) finding_result_free(&fr);
}

/* A best of b's rows: local 128 and 256 were never reached, and could have been its best. */
static void test_best(void)
{
    make_run(JSON(STOPPED, VARIANTS_ABC));
    /* b's least time could only be lower: "b at most 1 ms" holds whatever they give, and names them. */
    struct spec_finding lower = { .claim = "c", .check = "min(median_ms[variant=b]) <= 1.01" };
    expect(&lower, V_HOLDS, "min(median_ms[variant=b]) = 1 (the least of the rows that passed: local=128 not reached, "
                            "local=256 not reached)", NULL);
    /* "b's best is at least 0.9 ms": a row not reached could be faster. */
    struct spec_finding floor = { .claim = "c", .check = "min(median_ms[variant=b]) >= 0.9" };
    expect(&floor, V_NODATA, "local=128 not reached", FINDING_UNREACHED_SAID);
    /* A compare's pair alike: a lower b only makes a / b larger. */
    struct spec_finding cmp = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                .claimed = "> 1" };
    expect(&cmp, V_HOLDS, "local=128 not reached", NULL);
    struct spec_finding cmp2 = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                 .claimed = "< 1.6" };
    expect(&cmp2, V_NODATA, NULL, FINDING_UNREACHED_SAID);
    /* a was measured at every point: its best stands, no word of a stop. */
    struct spec_finding a_min = { .claim = "c", .check = "min(median_ms[variant=a]) >= 1.4" };
    expect(&a_min, V_HOLDS, "min(median_ms[variant=a]) = 1.5 (local=128)", NULL);
    /* A selector on a template parameter finds the rows not reached by their parameters too. */
    struct spec_finding by_param = { .claim = "c", .check = "min(median_ms[K=2]) >= 0.9" };
    expect(&by_param, V_NODATA, "local=128 not reached", FINDING_UNREACHED_SAID);
    /* A row the selector names alone, not reached: its --resume decides it, no "did not pass". */
    struct spec_finding one = { .claim = "c", .check = "median_ms[variant=b, local=128] < 5" };
    expect(&one, V_NODATA, NULL, "no measured row matches: the stopped run did not reach the 1 configuration it names");
    char *why = NULL;
    CHECK(run_judged_why(DIR_, &one, &why) == V_NODATA && finding_sweep_decides(why));
    free(why);
    /* c's failed build stands for all its points: none of them is "not reached". */
    struct spec_finding c_rows = { .claim = "c", .check = "min(median_ms[variant=c]) > 0" };
    struct finding_result fr;
    CHECK(run_judged(DIR_, &c_rows, &fr) == V_NODATA && fr.why && !strstr(fr.why, "stopped"));
    finding_result_free(&fr);
}

/* An aggregate says the points it stands on, and which were not reached. */
static void test_aggregate(void)
{
    make_run(JSON(STOPPED, VARIANTS_ABC));
    struct spec_finding mean = { .claim = "c", .check = "mean(median_ms[variant=b]) <= 1.01" };
    expect(&mean, V_HOLDS, "mean(median_ms[variant=b]) = 1 (over 1 of 3 points: local=128, local=256 not reached)", NULL);
}

/* A finished run, and a stopped one whose configurations cannot be known (a row of a variant its
 * as_run does not list): the first as it was, the second's verdicts said to stand on its rows alone. */
static void test_whole_and_unknown(void)
{
    make_run(JSON(FINISHED, VARIANTS_ABC));
    struct spec_finding floor = { .claim = "c", .check = "min(median_ms[variant=b]) >= 0.9" };
    expect(&floor, V_HOLDS, "min(median_ms[variant=b]) = 1", NULL);
    struct finding_result fr;
    CHECK(run_judged(DIR_, &floor, &fr) == V_HOLDS && !strstr(fr.measured, "reach"));
    finding_result_free(&fr);
    make_run(JSON(STOPPED, "{ \"id\": \"a\", \"kernel\": \"k\" }"));
    expect(&floor, V_HOLDS, "on the 5 rows of 7 planned this stopped run measured alone: " FINDINGS_STOPPED_SAID, NULL);
    /* A stopped shard's as_run is the whole sweep's: the rest is the other shards', not known here. */
    make_run(JSON(STOPPED "\"shard\": { \"k\": 1, \"n\": 2, \"unit\": \"configurations\" }, ", VARIANTS_ABC));
    expect(&floor, V_HOLDS, FINDINGS_STOPPED_SAID, NULL);
    /* A resume not yet done (no end said, fewer rows than planned) is one stopped short as well. */
    make_run(JSON("", VARIANTS_ABC));
    expect(&floor, V_NODATA, "local=128 not reached", FINDING_UNREACHED_SAID);
}

/* The rows added: one per configuration not reached, with its variant, build, parameters and point. */
static void test_rows(void)
{
    make_run(JSON(STOPPED, VARIANTS_ABC));
    struct rundir r, x;
    char *err = NULL;
    CHECK(rundir_open(DIR_, &r, &err) == 0);
    rundir_unreached_open(&r, &x, NULL, NULL);
    CHECK(x.reach == RUNDIR_REACH_KNOWN && x.nunreached == 2 && rundir_rows_read(&x) == 5 && x.t.nrows == 7);
    int k = table_col(&x.t, "K");
    CHECK(rundir_row_unreached(&x, 5) && !rundir_row_unreached(&x, 4) && !x.ok[5]);
    CHECK(!strcmp(table_cell(&x.t, 5, x.c_variant), "b") && !strcmp(table_cell(&x.t, 5, x.c_local), "128") &&
          !strcmp(table_cell(&x.t, 6, x.c_local), "256") && !strcmp(table_cell(&x.t, 6, k), "2") &&
          !strcmp(table_cell(&x.t, 6, x.c_build), "default") && !strcmp(table_cell(&x.t, 6, x.c_status), "stopped"));
    rundir_unreached_close(&x);
    rundir_free(&r);
}

int main(void)
{
    RUN(test_best);
    RUN(test_aggregate);
    RUN(test_whole_and_unknown);
    RUN(test_rows);
    remove_tree(DIR_);
    CHECK_EXIT();
}
