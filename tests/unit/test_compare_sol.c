/* test_compare_sol.c — each side's speed of light in compare.md's table of every configuration
 * (report/compare_sol.c): `clx compare --by build` of volkov_fma --quick on PoCL put "0.3% (fp32)" for
 * A beside a bare "-" for B, a row whose sol_note said why it had no bound; the note under the table
 * now counts such cells per side and gives the most common reason, and a run made before the columns
 * is said as that. */
#include "check.h"
#include "runfixture.h"
#include "lib/texttab.h"
#include "report/compare_sol.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_compare_sol"
#define JSON "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, " \
             "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"32\", \"128\"] } } }"
#define CPU_JSON "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\", \"type\": \"CPU\" }, " \
                 "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"32\", \"128\"] } } }"
#define NOTE "no bound that binds: the launch floor (0.41 us) is the only ceiling above its work's time"

/* note_of: the note under the table for sides a and b, their rows 0 and 1 joined as two configurations. */
static char *note_of(const char *a, const char *b)
{
    struct rundir r[2];
    char *err = NULL, *buf = NULL;
    size_t len = 0;
    CHECK(rundir_open(a, &r[0], &err) == 0 && rundir_open(b, &r[1], &err) == 0);
    if (err) { fprintf(stderr, "  %s\n", err); free(err); return strdup(""); }
    struct cmp_side side[2] = { { .r = &r[0] }, { .r = &r[1] } };
    int where[4] = { 0, 0, 1, 1 }, common[2] = { 0, 1 };
    struct cmp_join j = { .n = 2, .side = side, .where = where, .nconf = 2, .ncommon = 2 };
    FILE *f = open_memstream(&buf, &len);
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "A", "B", NULL });
    for (int k = 0; k < 2; k++) { cmp_sol_cell(&t, &r[0], k); cmp_sol_cell(&t, &r[1], k); }
    tt_print(&t, f, 1);
    tt_free(&t);
    cmp_sol_dashes_note(f, &j, common, 2);
    fclose(f);
    rundir_free(&r[0]);
    rundir_free(&r[1]);
    return buf;
}

static void make_runs(void)
{
    const char *head = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_note\n";
    char *a = xasprintf("%st\tILP=1\tdefault\t1000\t32\tok\t6.1\t0.018\t0.3\tfp32\t\n"
                        "t\tILP=1\tdefault\t1000\t128\tok\t24.7\t0.073\t0.3\tfp32\t\n", head);
    char *b = xasprintf("%st\tILP=1\tdefault\t1000\t32\tok\t0.35\t\t\t\t" NOTE "\n"
                        "t\tILP=1\tdefault\t1000\t128\tok\t1.5\t0.0011\t0.1\tfp32\t\n", head);
    const char *old = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\n"
                      "t\tILP=1\tdefault\t1000\t32\tok\t6.0\nt\tILP=1\tdefault\t1000\t128\tok\t24.0\n";
    write_run(DIR_ "/a", a, strlen(a), JSON);
    write_run(DIR_ "/b", b, strlen(b), JSON);
    write_run(DIR_ "/old", old, strlen(old), JSON);
    /* A CPU device's: its l2 class is its last-level cache. */
    const char *cpu = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_note\n"
                      "t\tILP=1\tdefault\t1000\t32\tok\t0.1\t0.0075\t7.5\tl2\t\n"
                      "t\tILP=1\tdefault\t1000\t128\tok\t1.5\t0.0015\t0.1\tfp32\t\n";
    write_run(DIR_ "/cpu", cpu, strlen(cpu), CPU_JSON);
    free(a);
    free(b);
}

/* B's row without a bound: its "-" is counted and its reason said, cut before the floor's figure. */
static void test_dash_said(void)
{
    char *md = note_of(DIR_ "/a", DIR_ "/b");
    CHECK(strstr(md, "| 0.3% (fp32) | - |") != NULL);
    CHECK(strstr(md, "**Note:** a `-` under a side's `% of sol (bound)` is a row with no bound (1 on B); the most "
                     "common reason: no bound that binds:") != NULL);
    CHECK(strstr(md, "on A") == NULL);
    free(md);
}

/* Every row with a bound: no note. */
static void test_no_dash_no_note(void)
{
    char *md = note_of(DIR_ "/a", DIR_ "/a");
    CHECK(strstr(md, "**Note:**") == NULL);
    free(md);
}

/* A run before the columns: no reason to count, said as an older run, not as rows without a bound. */
static void test_older_run(void)
{
    char *md = note_of(DIR_ "/old", DIR_ "/b");
    CHECK(strstr(md, "**Note:** side A: no `% of sol (bound)`, its run made before clx wrote the speed of light's "
                     "columns") != NULL);
    CHECK(strstr(md, "(1 on B)") != NULL);
    free(md);
}

/* A CPU's l2 bound is its last-level cache, as the run's own tables and the note under this one say
 * it: compare.md's cell said a bare "7.5% (l2)" beside that note's "l2 (the CPU's last-level cache)";
 * a GPU's stays "l2". */
static void test_cpu_l2_said(void)
{
    char *md = note_of(DIR_ "/cpu", DIR_ "/a");
    CHECK(strstr(md, "| 7.5% (l2, the CPU's last-level cache) | 0.3% (fp32) |") != NULL);
    CHECK(strstr(md, "| 0.1% (fp32) | 0.3% (fp32) |") != NULL);
    free(md);
}

int main(void)
{
    remove_tree(DIR_);
    make_runs();
    RUN(test_dash_said);
    RUN(test_no_dash_no_note);
    RUN(test_older_run);
    RUN(test_cpu_l2_said);
    CHECK_EXIT();
}
