/* test_rowwork.c — rows of different work side by side: a row's work a launch from its rate and
 * time; the builds of a run that did different work at the same configuration (a no-opt build given
 * 64x fewer loop trips), said under the summary's best table on the console and in report.md, and
 * nothing said where they did the same; which metrics grow with the work; the columns one vendor's
 * devices alone fill. */
#include "check.h"
#include "runfixture.h"
#include "lib/util.h"
#include "report/rowwork.h"
#include "report/summary.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_rowwork"

/* make_run: a run of variants ILP=1 and ILP=4, builds default, -cl-opt-disable and -O0 (work
 * shares noopt and o0 of the default's at the same configuration), local 32 and 128; a launch does
 * 2 * ILP * 1024 * 4 * local flops optimised, at ILP GFLOP/s, and 100 times slower without. */
static void make_run(const char *dir, double noopt, double o0)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tILP\tbuild\tglobal\tlocal\tstatus\tmedian_ms\tgflops\tgbs\tflag\n");
    const char *builds[] = {"default", "-cl-opt-disable", "-O0"};
    double share[] = {1, noopt, o0}, slow[] = {1, 100, 2};
    for (int ilp = 1; ilp <= 4; ilp *= 4)
        for (int b = 0; b < 3; b++)
            for (int l = 32; l <= 128; l *= 4) {
                double flops = 2.0 * ilp * 1024 * 4 * l * share[b], rate = ilp / slow[b], ms = flops / (rate * 1e9) * 1e3;
                sb_printf(&t, "t\tILP=%d\t%d\t%s\t%d\t%d\tok\t%.6g\t%.6g\t%.6g\t\n", ilp, ilp, builds[b], 4 * l, l, ms, rate,
                          4.0 * 4 * l / (ms * 1e-3) * 1e-9);
            }
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\", "
                       "\"-cl-opt-disable\", \"-O0\"], \"launch\": { \"local\": [\"32\", \"128\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

static int open_run(const char *dir, struct rundir *r)
{
    char *err = NULL;
    if (rundir_open(dir, r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return -1; }
    return 0;
}

/* summary: the run's summary tables as the console (markdown 0) or report.md (1) has them. */
static char *summary(const char *dir, int markdown)
{
    struct rundir r;
    if (open_run(dir, &r)) return xstrdup("");
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    summary_print(&r, SUMMARY_BEST | SUMMARY_BUILDS, f, markdown);
    fclose(f);
    rundir_free(&r);
    return buf;
}

static void test_work_of_row(void)
{
    make_run(DIR_ "/noopt", 1.0 / 64, 1);
    struct rundir r;
    if (open_run(DIR_ "/noopt", &r)) { CHECK(0); return; }
    /* Row 0: ILP=1 default local=32: 2 * 1024 * 128 flops; row 2: its -cl-opt-disable, 64x less. */
    CHECK_NEAR(rowwork_of(&r, 0, LAUNCHWORK_GFLOP), 2.0 * 1024 * 128 * 1e-9, 1e-12);
    double w0, w2;
    CHECK(rowwork_pair(&r, 0, &r, 2, &w0, &w2) == LAUNCHWORK_GFLOP);
    CHECK_NEAR(w0 / w2, 64, 1e-3);
    CHECK(!launchwork_same(w0, w2) && launchwork_same(w0, w0 * (1 + 1e-6)));
    int rows[] = {0, 2};
    CHECK(isnan(rowwork_common(&r, rows, 2, LAUNCHWORK_GFLOP)));
    CHECK_NEAR(rowwork_common(&r, rows, 1, LAUNCHWORK_GFLOP), w0, 1e-12);
    /* rundir_speedup (store) takes the same rule (lib/launchwork.c): the no-opt row is 100x slower per
     * unit of work, though its time is 1.56x the default's. */
    CHECK_NEAR(rundir_speedup(&r, 0, &r, 2), 0.01, 1e-6);
    struct launchwork a = rundir_work(&r, 0), b = rundir_work(&r, 2);
    CHECK(rundir_speedup(&r, 0, &r, 2) == launchwork_speedup(&a, &b));
    rundir_free(&r);
}

static void test_builds_differ(void)
{
    struct rundir r;
    if (open_run(DIR_ "/noopt", &r)) { CHECK(0); return; }
    const char *rate = NULL;
    char *s = rowwork_builds_differ(&r, "default", &rate);
    CHECK_STR(s, "-cl-opt-disable's rows did 64x less work a launch than default's at the same variant, launch point and "
                 "work-group size (GFLOP: the spec's flops at each build's values)");
    CHECK_STR(rate, "GFLOP/s");
    free(s);
    rundir_free(&r);
    /* Two builds of other work, one more than the default's. */
    make_run(DIR_ "/two", 1.0 / 64, 4);
    if (open_run(DIR_ "/two", &r)) { CHECK(0); return; }
    s = rowwork_builds_differ(&r, "default", NULL);
    CHECK_CONTAINS(s, "-cl-opt-disable's rows did 64x less work a launch than default's; -O0's rows did 4x more work a "
                      "launch than default's at the same variant");
    free(s);
    rundir_free(&r);
    /* The same work in every build: nothing to say. */
    make_run(DIR_ "/same", 1, 1);
    if (open_run(DIR_ "/same", &r)) { CHECK(0); return; }
    s = rowwork_builds_differ(&r, "default", NULL);
    CHECK(s == NULL);
    free(s);
    rundir_free(&r);
}

/* The summary says it under the best table, on the console and in report.md, before the slowdown
 * per unit of work (100x, where the median times are 1.56x apart); not where the work is the same. */
static void test_summary_note(void)
{
    const char *note = "the builds do different work: -cl-opt-disable's rows did 64x less work a launch than default's at "
                       "the same variant, launch point and work-group size (GFLOP: the spec's flops at each build's values). "
                       "Their median times are no comparison of the builds; their GFLOP/s are, and so is the slowdown per "
                       "unit of work.";
    char *con = summary(DIR_ "/noopt", 0), *md = summary(DIR_ "/noopt", 1);
    char want[1024];
    snprintf(want, sizeof want, "\nNote: %s\n", note);
    CHECK_CONTAINS(con, want);
    snprintf(want, sizeof want, "\n**Note:** %s\n", note);
    CHECK_CONTAINS(md, want);
    const char *at = strstr(con, "Note: the builds"), *best = strstr(con, "Best work-group size"),
               *slow = strstr(con, "Slowdown of each build");
    CHECK(best && at && slow && best < at && at < slow);
    CHECK_CONTAINS(md, "| ILP=4 | 100.00x slower, UNSURE | 2.00x slower, UNSURE |");   /* one replicate a row decides nothing; no point */
    free(con);
    free(md);
    char *same = summary(DIR_ "/same", 0);
    CHECK(!strstr(same, "different work"));
    free(same);
}

static void test_per_launch(void)
{
    CHECK(rowwork_per_launch("median_ms") && rowwork_per_launch("min_ms") && rowwork_per_launch("median_cycles"));
    CHECK(rowwork_per_launch("energy_j"));
    CHECK(!rowwork_per_launch("gflops") && !rowwork_per_launch("gbs") && !rowwork_per_launch("rel_time"));
    CHECK(!rowwork_per_launch("ptx_instr") && !rowwork_per_launch("median_ms * 2") && !rowwork_per_launch("ILP"));
}

static void test_words(void)
{
    char b[64];
    CHECK_STR(launchwork_times_words(b, sizeof b, 1.0 / 64, 1.0 / 64), "64x less");
    CHECK_STR(launchwork_times_words(b, sizeof b, 1.0 / 64, 1.0 / 16), "16-64x less");
    CHECK_STR(launchwork_times_words(b, sizeof b, 4, 4), "4x more");
    CHECK_STR(launchwork_times_words(b, sizeof b, 2, 4), "2-4x more");
    CHECK_STR(launchwork_times_words(b, sizeof b, 0.5, 4), "from 2x less to 4x more");
}

/* The columns only NVIDIA's devices fill: a finding or plot of them on another device says what they
 * need, and no sweep there decides it. */
static void test_column_needs(void)
{
    CHECK_STR(column_needs("ptx_instr"), "NVIDIA's PTX");
    CHECK_STR(column_needs("ptx_op_count"), "NVIDIA's PTX");
    CHECK_CONTAINS(column_needs("regs"), "NVIDIA's build log");
    CHECK(column_needs("bin_bytes") == NULL && column_needs("median_ms") == NULL && column_needs(NULL) == NULL);
}

int main(void)
{
    RUN(test_work_of_row);
    RUN(test_builds_differ);
    RUN(test_summary_note);
    RUN(test_per_launch);
    RUN(test_words);
    RUN(test_column_needs);
    CHECK_EXIT();
}
