/* test_rundir_paired.c — two rows of one run are paired only where each took every round in turn
 * with the other's (rundir_paired): a row re-measured for an episode (ten rounds against five) is
 * decided unpaired over all its rounds, so that compare's ratio, the report's builds table and the
 * rows' own times (what findings and charts read) are one figure; 6.01x paired against 4.94x by the
 * rows was one pair of rows said two ways. */
#include "check.h"
#include "runfixture.h"
#include "lib/util.h"
#include "report/compare_join.h"
#include "report/summary.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_rundir_paired"

/* make_run: one variant at one launch point in four builds: the default's five rounds about 1 ms;
 * -cl-opt-disable's first five interleaved with them, an episode among them, and five more taken
 * alone after (the optflags row: its time, the median of all ten, 5.495 ms; of its first five,
 * 6.69); -cl-mad-enable's five interleaved (paired); -cl-fast-relaxed-math's five taken after the
 * default's, none in turn (not paired). */
static void make_run(const char *dir)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\trounds\tround_ms\tround_at_s\tflag\n");
    sb_printf(&t, "t\tnaive\tdefault\t256\t64\tok\t1\t5\t1.0;1.01;0.99;1.02;0.98\t0;10;20;30;40\t\n");
    sb_printf(&t, "t\tnaive\t-cl-opt-disable\t256\t64\tok\t5.495\t10\t6.69;4.33;6.23;6.69;8.54;5.87;5.12;4.79;4.76;5.01\t"
                  "1;11;21;31;41;50;52;54;56;58\t\n");
    sb_printf(&t, "t\tnaive\t-cl-mad-enable\t256\t64\tok\t2\t5\t2.0;2.02;1.98;2.01;1.99\t2;12;22;32;42\t\n");
    sb_printf(&t, "t\tnaive\t-cl-fast-relaxed-math\t256\t64\tok\t3\t5\t3.0;3.02;2.98;3.01;2.99\t60;61;62;63;64\t\n");
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\", "
                       "\"-cl-opt-disable\", \"-cl-mad-enable\", \"-cl-fast-relaxed-math\"], \"launch\": { \"local\": [\"64\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* The rule itself: rows 0 (default), 1 (ten rounds), 2 (interleaved), 3 (after). */
static void test_rule(void)
{
    make_run(DIR_ "/run");
    struct rundir r;
    char *err = NULL;
    CHECK(rundir_open(DIR_ "/run", &r, &err) == 0);
    free(err);
    CHECK(rundir_paired(&r, 0, 2, 5, 5) == 1);
    CHECK(rundir_paired(&r, 2, 0, 5, 5) == 1);
    CHECK(rundir_paired(&r, 0, 1, 5, 10) == 0);      /* an episode's five more, taken alone */
    CHECK(rundir_paired(&r, 1, 0, 10, 5) == 0);
    CHECK(rundir_paired(&r, 0, 3, 5, 5) == 0);       /* not in turn */
    CHECK(rundir_paired(&r, 0, 0, 5, 5) == 0);       /* a row is not its own pair */
    rundir_free(&r);
}

/* compare --by build's cell for build (against the default's). */
static int compare_cell(const char *dir, const char *build, struct cmp_cell *c)
{
    struct cmp_join j;
    char *err = NULL;
    int usage = 0, found = 0;
    if (cmp_join_by(dir, "build", &j, &err, &usage)) { fprintf(stderr, "  %s\n", err); free(err); return 0; }
    for (int s = 1; s < j.n; s++)
        if (!strcmp(j.side[s].value, build)) {
            const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
            cmp_decide(&j, 0, 0, s, &rule, 0, c);
            found = 1;
        }
    cmp_join_free(&j);
    return found;
}

static void test_compare(void)
{
    make_run(DIR_ "/run");
    struct cmp_cell c;
    CHECK(compare_cell(DIR_ "/run", "-cl-opt-disable", &c));
    CHECK(!c.paired);
    CHECK(fabs(c.v.ratio - 5.495) < 1e-9);            /* the rows' times', not the first five's 6.69 */
    CHECK(compare_cell(DIR_ "/run", "-cl-mad-enable", &c));
    CHECK(c.paired);
    CHECK(fabs(c.v.ratio - 2.0) < 1e-9);
    CHECK(compare_cell(DIR_ "/run", "-cl-fast-relaxed-math", &c));
    CHECK(!c.paired);
    /* The report's builds table says compare's figure: the rows' 5.50x, not 6.69x. */
    struct rundir r;
    char *err = NULL;
    CHECK(rundir_open(DIR_ "/run", &r, &err) == 0);
    free(err);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    summary_print(&r, SUMMARY_BUILDS, f, 1);
    fclose(f);
    CHECK_CONTAINS(buf, "5.50x SLOWER");
    CHECK(strstr(buf, "6.69x") == NULL);
    free(buf);
    rundir_free(&r);
}

int main(void)
{
    RUN(test_rule);
    RUN(test_compare);
    CHECK_EXIT();
}
