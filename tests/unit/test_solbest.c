/* test_solbest.c — the speed-of-light table's best row is the row the Best table calls best, marked
 * as it marks it where the rounds cannot tell it from its runner-up: the table named the row of the
 * highest sol_pct, firm, where the Best table said "local=32 (or 128: UNSURE)", or another row. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/solsummary.h"
#include "report/summary.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solbest"

/* make_run: one build, local 32 and 128, five rounds a row; each local's own bound (an occupancy's
 * latency), so that the slower row has the higher sol_pct. near: 1.00 against 1.01 ms in rounds 20%
 * apart (UNSURE), the slower at 60% of its bound, the faster at 50%; clear: 1 against 2 ms, tight (the
 * best decided), the slower at 90%; unbound: the faster row has no bound, the slower one 80%; over:
 * the faster row past its bound (sol>100). No rate: the median time ranks them. */
static void make_run(const char *dir)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\trounds\tround_ms\tsol_ms\tsol_pct\tbound\t"
                  "sol_note\tflag\n");
    sb_printf(&t, "t\tnear\tdefault\t128\t32\tok\t1\t5\t0.8;1.2;1.0;0.9;1.1\t0.5\t50\tfp32\t\t\n");
    sb_printf(&t, "t\tnear\tdefault\t512\t128\tok\t1.01\t5\t0.85;1.21;1.01;0.92;1.12\t0.606\t60\tlatency\t\t\n");
    sb_printf(&t, "t\tclear\tdefault\t128\t32\tok\t1\t5\t1.01;0.99;1.0;1.02;0.98\t0.5\t50\tfp32\t\t\n");
    sb_printf(&t, "t\tclear\tdefault\t512\t128\tok\t2\t5\t2.02;1.98;2.0;2.04;1.96\t1.8\t90\tlatency\t\t\n");
    sb_printf(&t, "t\tunbound\tdefault\t128\t32\tok\t1\t5\t1.01;0.99;1.0;1.02;0.98\t\t\t\tno l2 ceiling\t\n");
    sb_printf(&t, "t\tunbound\tdefault\t512\t128\tok\t2\t5\t2.02;1.98;2.0;2.04;1.96\t1.6\t80\tfp32\t\t\n");
    sb_printf(&t, "t\tover\tdefault\t128\t32\tok\t1\t5\t1.01;0.99;1.0;1.02;0.98\t1.1\t110\tfp32\t\tsol>100\n");
    sb_printf(&t, "t\tover\tdefault\t512\t128\tok\t2\t5\t2.02;1.98;2.0;2.04;1.96\t1.6\t80\tfp32\t\t\n");
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\"], "
                       "\"launch\": { \"local\": [\"32\", \"128\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* summary: the Best table and the speed-of-light table of the run in dir (a new string). */
static char *summary(const char *dir, int markdown) { return run_summary(dir, SUMMARY_BEST | SUMMARY_SOL, markdown); }

/* sol_table: where the speed-of-light table begins in s (its heading), s's end where none. */
static const char *sol_table(const char *s, int markdown)
{
    const char *p = strstr(s, markdown ? "### Speed of light" : "\nSpeed of light (");
    return p ? p : s + strlen(s);
}

static void test_same_best(void)
{
    make_run(DIR_ "/run");
    char *md = summary(DIR_ "/run", 1), *con = summary(DIR_ "/run", 0);
    const char *sol = sol_table(md, 1);
    /* The Best table's marks, as before. */
    CHECK_CONTAINS(md, "| near | default | local=32 (or 128: UNSURE) |");
    CHECK_CONTAINS(md, "| clear | default | local=32 |");
    /* The speed of light's best: the Best table's row, with its mark, its own share and bound. */
    CHECK_CONTAINS(sol, "| near | default | 2 of 2 | 55.0% | 1 each: fp32, latency | local=32 (or 128: UNSURE) | 50.0% | fp32 |");
    CHECK_CONTAINS(sol, "| clear | default | 2 of 2 | 70.0% | 1 each: fp32, latency | local=32 | 50.0% | fp32 |");
    /* The fastest row without a bound: named, its share and bound none. */
    CHECK_CONTAINS(sol, "| unbound | default | 1 of 2 | 80.0% | fp32 | local=32 | - | - |");
    /* The fastest row past its bound: named with its flag, no result. */
    CHECK_CONTAINS(sol, "| over | default | 1 of 2 | 80.0% | fp32 | local=32 | 110.0% sol>100 | fp32 |");
    CHECK(!strstr(sol, "local=128 |"));
    /* The note the Best table has, under this table too, counting its own marks. */
    CHECK_CONTAINS(sol, "\n**Note:** 1 of these bests (marked \"or N: UNSURE\" or \"or N: SAME\") cannot be decided here");
    const char *csol = sol_table(con, 0);
    CHECK_CONTAINS(csol, "local=32 (or 128: UNSURE)");
    CHECK_CONTAINS(csol, "\nNote: 1 of these bests");
    free(md);
    free(con);
}

int main(void)
{
    RUN(test_same_best);
    CHECK_EXIT();
}
