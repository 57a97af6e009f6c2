/* test_bestnear.c — the summary's best work-group size where the verdict rule cannot tell it from the
 * runner-up of the same variant, build and point: marked with the runner-up's size and the verdict
 * ("local=32 (or 128: UNSURE)") and said once under the table; a best the rounds decide, or one
 * with no runner-up, stands alone. volkov_fma's local=128 was named best, 0.5% ahead of 32 in rows of
 * 10-40% noise, where clx compare --by local said UNSURE. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/bestnear.h"
#include "report/rowrank.h"
#include "report/summary.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_bestnear"

/* make_run: one build, local 32 and 128, five rounds a row. near: 1.00 against 1.01 ms in rounds 20%
 * apart (UNSURE); same: 1.0000 against 1.0005 in rounds 0.01% apart (SAME); clear: 1 against 2 ms,
 * tight (the best decided); alone: local 32 only (no runner-up). */
static void make_run(const char *dir)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\trounds\tround_ms\tflag\n");
    sb_printf(&t, "t\tnear\tdefault\t128\t32\tok\t1\t5\t0.8;1.2;1.0;0.9;1.1\t\n");
    sb_printf(&t, "t\tnear\tdefault\t512\t128\tok\t1.01\t5\t0.85;1.21;1.01;0.92;1.12\t\n");
    sb_printf(&t, "t\tsame\tdefault\t128\t32\tok\t1\t5\t1.0001;0.9999;1.0;1.0002;0.9998\t\n");
    sb_printf(&t, "t\tsame\tdefault\t512\t128\tok\t1.0005\t5\t1.0006;1.0004;1.0005;1.0007;1.0003\t\n");
    sb_printf(&t, "t\tclear\tdefault\t128\t32\tok\t1\t5\t1.01;0.99;1.0;1.02;0.98\t\n");
    sb_printf(&t, "t\tclear\tdefault\t512\t128\tok\t2\t5\t2.02;1.98;2.0;2.04;1.96\t\n");
    sb_printf(&t, "t\talone\tdefault\t128\t32\tok\t1\t5\t0.8;1.2;1.0;0.9;1.1\t\n");
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\"], "
                       "\"launch\": { \"local\": [\"32\", \"128\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* summary: the run's Best table, as the console (0) or report.md (1) says it; a new string. */
static char *summary(const char *dir, int markdown) { return run_summary(dir, SUMMARY_BEST, markdown); }

/* The runner-up by the best's own measure: the second fastest of each group, -1 alone. */
static void test_next(void)
{
    make_run(DIR_ "/run");
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_ "/run", &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); CHECK(0); return; }
    int *best = rowrank_best(&r, r.group, r.ngroups), *next = rowrank_next(&r, r.group, r.ngroups);
    CHECK(r.ngroups == 4);
    CHECK(best[0] == 0 && next[0] == 1);
    CHECK(best[2] == 4 && next[2] == 5);
    CHECK(best[3] == 6 && next[3] == -1);
    struct best_near *near = bestnear_find(&r, best);
    CHECK(near[0].row == 1 && near[0].v == VERDICT_UNSURE);
    CHECK(near[1].row == 3 && near[1].v == VERDICT_SAME);
    CHECK(near[2].row == -1 && near[3].row == -1);
    free(near);
    free(next);
    free(best);
    rundir_free(&r);
}

static void test_marked(void)
{
    make_run(DIR_ "/run");
    char *md = summary(DIR_ "/run", 1), *con = summary(DIR_ "/run", 0);
    CHECK_CONTAINS(md, "| near | default | local=32 (or 128: UNSURE) |");
    CHECK_CONTAINS(md, "| same | default | local=32 (or 128: SAME) |");
    CHECK_CONTAINS(md, "| clear | default | local=32 |");
    CHECK_CONTAINS(md, "| alone | default | local=32 |");
    CHECK_CONTAINS(md, "\n**Note:** 2 of these bests (marked \"or N: UNSURE\" or \"or N: SAME\") cannot be decided here: by "
                       "clx compare's verdict rule on the two rows' rounds, the next-best work-group size N of the same "
                       "variant, build and point is not slower");
    CHECK_CONTAINS(con, "local=32 (or 128: UNSURE)");
    CHECK_CONTAINS(con, "\nNote: 2 of these bests");
    free(md);
    free(con);
}

int main(void)
{
    RUN(test_next);
    RUN(test_marked);
    CHECK_EXIT();
}
