/* test_summary_builds.c — the summary's slowdown of each build carries the verdict `clx compare RUN
 * --by build` gives the same rows (one rule, compare_decide.c): a 1.23x within a noise floor of tens
 * of percent is UNSURE, said beside the ratio and once under the table, not read as a cost. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/compare_join.h"
#include "report/summary.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_summary_builds"

/* make_run: one variant at one launch point in three builds, five rounds each: the default's tight
 * about 1 ms, -cl-opt-disable's tight about 10 ms, -cl-fast-relaxed-math's scattered about 1.23 ms. */
static void make_run(const char *dir)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\trounds\tround_ms\tflag\n");
    sb_printf(&t, "t\tnaive\tdefault\t256\t64\tok\t1\t5\t1.01;0.99;1.0;1.02;0.98\t\n");
    sb_printf(&t, "t\tnaive\t-cl-opt-disable\t256\t64\tok\t10\t5\t10.1;9.9;10.0;10.2;9.8\t\n");
    sb_printf(&t, "t\tnaive\t-cl-fast-relaxed-math\t256\t64\tok\t1.23\t5\t0.8;1.9;1.23;1.5;0.9\t\n");
    /* Its median of trials 3 times the default's, its rounds' 2 times: the summary says compare's. */
    sb_printf(&t, "t\tnaive\t-cl-mad-enable\t256\t64\tok\t3\t5\t2.0;2.1;2.0;1.9;2.0\t\n");
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\", "
                       "\"-cl-opt-disable\", \"-cl-fast-relaxed-math\", \"-cl-mad-enable\"], \"launch\": { \"local\": [\"64\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* summary: the run's table of builds, as the console (0) or report.md (1) says it; a new string. */
static char *summary(const char *dir, int markdown) { return run_summary(dir, SUMMARY_BUILDS, markdown); }

/* What compare along build says of each build's configuration against the default's (its slowdown
 * in *ratio where ratio is given). */
static enum speed_verdict compare_says_ratio(const char *dir, const char *build, double *ratio)
{
    struct cmp_join j;
    char *err = NULL;
    int usage = 0;
    if (cmp_join_by(dir, "build", &j, &err, &usage)) { fprintf(stderr, "  %s\n", err); free(err); return -1; }
    enum speed_verdict v = -1;
    for (int s = 1; s < j.n; s++)
        if (!strcmp(j.side[s].value, build)) {
            struct cmp_cell c;
            const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
            cmp_decide(&j, 0, 0, s, &rule, 0, &c);
            v = c.v.v;
            if (ratio) *ratio = c.v.ratio;
        }
    cmp_join_free(&j);
    return v;
}

/* compare_at: what compare along build says of -cl-opt-disable at variant's work-group size local
 * (its slowdown in *ratio). */
static enum speed_verdict compare_at(const char *dir, const char *variant, const char *local, double *ratio)
{
    struct cmp_join j;
    char *err = NULL;
    int usage = 0;
    if (cmp_join_by(dir, "build", &j, &err, &usage)) { fprintf(stderr, "  %s\n", err); free(err); return -1; }
    enum speed_verdict v = -1;
    const struct rundir *r = j.side[0].r;
    for (int c = 0; c < j.nconf; c++) {
        int i = j.where[c * j.n];
        if (i < 0 || strcmp(table_cell(&r->t, i, r->c_variant), variant) || strcmp(table_cell(&r->t, i, r->c_local), local))
            continue;
        struct cmp_cell x;
        const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
        cmp_decide(&j, c, 0, 1, &rule, 0, &x);
        v = x.v.v;
        *ratio = x.v.ratio;
    }
    cmp_join_free(&j);
    return v;
}

static enum speed_verdict compare_says(const char *dir, const char *build)
{
    return compare_says_ratio(dir, build, NULL);
}

static void test_verdicts(void)
{
    make_run(DIR_ "/run");
    CHECK(compare_says(DIR_ "/run", "-cl-opt-disable") == VERDICT_SLOWER);
    CHECK(compare_says(DIR_ "/run", "-cl-fast-relaxed-math") == VERDICT_UNSURE);
    char *con = summary(DIR_ "/run", 0), *md = summary(DIR_ "/run", 1);
    /* Each build at its own best, decided by compare's rule: no claim that compare --by build gave it. */
    CHECK_CONTAINS(con, "each build at its own best work-group size: how many times slower or faster, and the verdict by "
                        "clx compare's rule on the two rows' rounds");
    CHECK(strstr(con, "gives them") == NULL);
    CHECK_CONTAINS(con, "  naive   10.00x SLOWER     1.23x slower, UNSURE    2.00x SLOWER");
    /* Compare's own ratio beside its verdict, not the medians' 3.00x (31.12x in the summary where
     * compare said 40.1x). */
    double ratio = NAN;
    compare_says_ratio(DIR_ "/run", "-cl-mad-enable", &ratio);
    char want[64];
    snprintf(want, sizeof want, "%.2fx", ratio);
    CHECK(ratio > 0 && strcmp(want, "3.00x"));
    CHECK_CONTAINS(con, want);
    CHECK(strstr(con, "3.00x") == NULL);
    CHECK_CONTAINS(con, "\n1 of these ratios is UNSURE: within the noise");
    CHECK_CONTAINS(md, "| naive | 10.00x SLOWER | 1.23x slower, UNSURE |");
    CHECK(strstr(md, "| point |") == NULL);            /* every point "-": no column of them */
    free(con);
    free(md);
}

/* make_apart: variants apart and together, builds default and -cl-opt-disable, local 32 and 128, five
 * tight rounds each. apart: the default's best at 128 (1 ms against 2), the no-opt build's at 32 (1.5
 * against 3): best against best is 1.50x, rows of different work-group sizes; at 128, the pair compare
 * --by build forms, 3.00x. together: both bests at 32, 1.50x, one configuration. */
static void make_apart(const char *dir)
{
    static const struct { const char *variant, *build; int local; double ms; } rows[] = {
        {"apart", "default", 32, 2}, {"apart", "default", 128, 1},
        {"apart", "-cl-opt-disable", 32, 1.5}, {"apart", "-cl-opt-disable", 128, 3},
        {"together", "default", 32, 1}, {"together", "default", 128, 2},
        {"together", "-cl-opt-disable", 32, 1.5}, {"together", "-cl-opt-disable", 128, 3},
    };
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\trounds\tround_ms\tflag\n");
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++) {
        double m = rows[k].ms;
        sb_printf(&t, "t\t%s\t%s\t%d\t%d\tok\t%g\t5\t%g;%g;%g;%g;%g\t\n", rows[k].variant, rows[k].build, 4 * rows[k].local,
                  rows[k].local, m, m * 1.01, m * 0.99, m, m * 1.02, m * 0.98);
    }
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\", "
                       "\"-cl-opt-disable\"], \"launch\": { \"local\": [\"32\", \"128\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* Where the two bests differ in work-group size, the cell names both (the first build's first), and a
 * note under the table says compare --by build pairs equal configurations and what it gives at the
 * first build's best; where they share one, the cell is the ratio alone. memcopy_ilp's "2.00x
 * SLOWER" (default at 128, -cl-opt-disable at 32) was read as compare's verdict, where compare said
 * 1.18x faster, UNSURE at 32 and 2.23x SLOWER at 128. */
static void test_bests_apart(void)
{
    make_apart(DIR_ "/apart");
    char *con = summary(DIR_ "/apart", 0), *md = summary(DIR_ "/apart", 1);
    CHECK_CONTAINS(md, "| apart | 1.50x SLOWER, local 128 vs 32 |");
    CHECK_CONTAINS(md, "| together | 1.50x SLOWER |");
    CHECK_CONTAINS(con, "  apart    1.50x SLOWER, local 128 vs 32\n");
    CHECK_CONTAINS(md, "\n**Note:** 1 of these ratios (marked \"local A vs B\") put rows of different work-group sizes side "
                       "by side, each build at its own best: clx compare RUN --by build pairs equal configurations only. At "
                       "the first build's best work-group size it gives apart -cl-opt-disable at local 128: 3.00x SLOWER.\n");
    CHECK_CONTAINS(con, "\nNote: 1 of these ratios (marked \"local A vs B\")");
    CHECK_CONTAINS(con, "the cell names both, the first build's first (\"local 128 vs 32\")");
    /* What the note says at 128 is compare --by build's own verdict and ratio there. */
    double ratio = NAN;
    CHECK(compare_at(DIR_ "/apart", "apart", "128", &ratio) == VERDICT_SLOWER);
    CHECK_NEAR(ratio, 3, 1e-6);
    free(con);
    free(md);
    /* Every best at one work-group size: no such note. */
    char *one = summary(DIR_ "/run", 1);
    CHECK(strstr(one, "local A vs B") == NULL && strstr(one, ", local ") == NULL);
    free(one);
}

int main(void)
{
    RUN(test_verdicts);
    RUN(test_bests_apart);
    CHECK_EXIT();
}
