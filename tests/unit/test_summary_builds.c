/* test_summary_builds.c — the summary's slowdown of each build carries the verdict `clx compare RUN
 * --by build` gives the same rows (one rule, compare_decide.c): a 1.23x within a noise floor of tens
 * of percent is UNSURE, said beside the ratio and once under the table, not read as a cost. */
#include "check.h"
#include "runfixture.h"
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

static char *summary(const char *dir, int markdown)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return xstrdup(""); }
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    summary_print(&r, SUMMARY_BUILDS, f, markdown);
    fclose(f);
    rundir_free(&r);
    return buf;
}

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
    CHECK_CONTAINS(con, "how many times slower or faster, from the two rows' rounds, and the verdict clx compare RUN --by build gives them");
    CHECK_CONTAINS(con, "  naive   10.00x SLOWER   1.23x slower, UNSURE  2.00x SLOWER");
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

int main(void)
{
    RUN(test_verdicts);
    CHECK_EXIT();
}
