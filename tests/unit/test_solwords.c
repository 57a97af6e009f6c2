/* test_solwords.c — the speed of light's words as users read them: one "% of sol" in every table
 * (store/solwords.h), `l2` said as the CPU's last-level cache on a CPU while the data keeps `l2`
 * (spec/solkinds.h), the rows without a bound counted and their most common reason said by one rule
 * (report/solreason.h: the table, the chart and compare.md), and an axis label that opens with its
 * unit not given it twice ("% of sol (%)"). */
#include "check.h"
#include "runfixture.h"
#include "report/plot_impl.h"
#include "report/solreason.h"
#include "lib/aside.h"
#include "store/columns.h"
#include "store/solwords.h"
#include "spec/solkinds.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solwords"
#define NOTE_FLOOR "no bound that binds: the launch floor (0.41 us) is the only ceiling above its work's time"
#define NOTE_L2 "no l2 ceiling that binds: its l2 work would set the bound"
#define NOTE_L2_CPU "no l2 (the CPU's last-level cache) ceiling that binds: its l2 work would set the bound"

/* The three phrases are one wording: each names "% of sol", the compare column's words. */
static void test_one_wording(void)
{
    CHECK_STR(SOLWORDS_PCT, "% of sol");
    CHECK_CONTAINS(SOLWORDS_MEDIAN_PCT, SOLWORDS_PCT);
    CHECK_CONTAINS(SOLWORDS_ITS_PCT, SOLWORDS_PCT);
    CHECK_STR(SOLWORDS_MEDIAN_PCT, "median % of sol");
    CHECK_STR(SOLWORDS_ITS_PCT, "its % of sol");
    /* sol_pct's own label in the columns' table, which any plot of it (a spec's too) puts on its axis,
     * is the same words, from the same home: it said "of the speed of light". */
    const struct column_info *ci = column_find("sol_pct");
    CHECK(ci != NULL);
    CHECK_STR(ci ? ci->label : NULL, SOLWORDS_PCT);
    char *axis = ci ? gp_axis_label(ci->label, ci->unit) : NULL;
    CHECK_STR(axis, "% of sol");
    free(axis);
}

/* On a CPU, l2 is its last-level cache and says so; elsewhere, and every other class, its word. */
static void test_class_said(void)
{
    CHECK_STR(sol_class_said(SOL_L2, 1), "l2 (the CPU's last-level cache)");
    CHECK_STR(sol_class_said(SOL_L2, 0), "l2");
    CHECK_STR(sol_class_said(SOL_FP32, 1), "fp32");
    CHECK_STR(sol_class_said(SOL_DRAM, 1), "dram");
    CHECK_STR(sol_class_said(SOL_LOCAL, 1), "local");
    CHECK_STR(sol_bound_said("l2", 1), "l2 (the CPU's last-level cache)");
    CHECK_STR(sol_bound_said("l2", 0), "l2");
    CHECK_STR(sol_bound_said("dram-latency", 1), "dram-latency");
    /* A word of no class (an older run's, a typo) as it is; an empty cell empty. */
    CHECK_STR(sol_bound_said("l3", 1), "l3");
    CHECK_STR(sol_bound_said("", 1), "");
    /* The data's word is unchanged: results.tsv's bound column and findings' bound=l2 still read it. */
    CHECK(sol_class_of_name("l2") == SOL_L2);
    CHECK(sol_class_of_name(sol_class_said(SOL_L2, 1)) < 0);
}

/* An aside after words that end in a bracket of their own joins it: one bracket, not two in a row; a
 * word's own bracket ("f(x)") is none; the class's gloss is one, sol_gloss_len tells it. */
static void test_one_bracket(void)
{
    char *a = words_aside(sol_class_said(SOL_L2, 1), "the one series"), *b = words_aside("bound=fp32", "the one series");
    char *c = words_aside("fp32 l2 (the CPU's last-level cache)", "from results/peaks-x");
    char *d = words_aside("f(x)", "an aside"), *e = words_aside("none", "no peaks run (of this device) found");
    CHECK_STR(a, "l2 (the CPU's last-level cache; the one series)");
    CHECK_STR(b, "bound=fp32 (the one series)");
    CHECK_STR(c, "fp32 l2 (the CPU's last-level cache; from results/peaks-x)");
    CHECK_STR(d, "f(x) (an aside)");
    CHECK_STR(e, "none (no peaks run (of this device) found)");
    free(a); free(b); free(c); free(d); free(e);
    const char *said = sol_class_said(SOL_L2, 1);
    CHECK(sol_gloss_len(said + 2) == (int)strlen(said) - 2);
    CHECK(sol_gloss_len(" (the one series)") == 0);
    CHECK(sol_gloss_len(NULL) == 0);
}

/* open_run: the run in dir, with the rows of tsv and run.json json; 0 when opened. */
static int open_run(const char *dir, const char *tsv, const char *json, struct rundir *r)
{
    write_run(dir, tsv, strlen(tsv), json);
    char *err = NULL;
    if (rundir_open(dir, r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return -1; }
    return 0;
}

#define JSON(type) "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\", \"type\": \"" type "\" }, " \
                   "\"as_run\": { \"launch\": { \"N\": [\"1\", \"2\", \"3\", \"4\", \"5\"] } } }"

/* Five rows: two with a bound, three without (the floor's note twice, one empty): three counted, the
 * floor's reason the most common, cut before its figure; a run without sol_pct counts nothing. */
static void test_reasons_counted(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tstatus\tmedian_ms\tsol_pct\tbound\tsol_note\n"
                      "t\ta\tdefault\t1\tok\t1\t40\tfp32\t\n"
                      "t\ta\tdefault\t2\tok\t1\t\t\t" NOTE_FLOOR "\n"
                      "t\ta\tdefault\t3\tok\t1\t\t\t" NOTE_FLOOR "\n"
                      "t\ta\tdefault\t4\tok\t1\t\t\t\n"
                      "t\ta\tdefault\t5\tok\t1\t60\tl2\t\n";
    struct rundir r;
    if (open_run(DIR_ "/a", tsv, JSON("CPU"), &r)) { CHECK(0); return; }
    struct sol_reasons why = {0};
    int counted[5];
    for (int i = 0; i < 5; i++) counted[i] = sol_reasons_count(&why, &r, i);
    CHECK(counted[0] == 0 && counted[1] == 1 && counted[2] == 1 && counted[3] == 1 && counted[4] == 0);
    CHECK(why.n == 3);
    CHECK(why.why.n == 2);            /* the empty note is no reason */
    char *most = sol_reason_most(&why, &r, 1), *head = sol_reason_most(&why, &r, 0);
    CHECK_STR(most, "no bound that binds: the launch floor is the only ceiling above its work's time (the whole of it: "
                    "the rows' sol_note in results.tsv)");
    CHECK_STR(head, "no bound that binds: the launch floor is the only ceiling above its work's time");
    free(most);
    free(head);
    sol_reasons_free(&why);
    CHECK(why.n == 0 && why.why.n == 0);
    /* Only empty notes: said as none given, not as an empty reason. */
    sol_reasons_count(&why, &r, 3);
    most = sol_reason_most(&why, &r, 1);
    CHECK_STR(most, "their rows give none (an empty sol_note)");
    free(most);
    sol_reasons_free(&why);
    /* A note without a figure's bracket is said whole, with or without the pointer to the rest. */
    sl_push(&why.why, NOTE_L2);
    why.n = 1;
    most = sol_reason_most(&why, &r, 0);
    CHECK_STR(most, NOTE_L2);
    free(most);
    sol_reasons_free(&why);
    rundir_free(&r);

    const char *old = "experiment\tvariant\tbuild\tN\tstatus\tmedian_ms\nt\ta\tdefault\t1\tok\t1\n";
    if (open_run(DIR_ "/old", old, JSON("GPU"), &r)) { CHECK(0); return; }
    CHECK(sol_reasons_count(&why, &r, 0) == -1);
    CHECK(why.n == 0);
    sol_reasons_free(&why);
    rundir_free(&r);
}

/* A CPU's note names l2 with its gloss: the summary's reason is cut at the bracket of figures after
 * it, as a GPU's at its first, not said whole (nor cut at the gloss, "no l2"). */
static void test_cpu_note_cut(void)
{
    struct rundir r;
    const char *tsv = "experiment\tvariant\tbuild\tN\tstatus\tmedian_ms\tsol_pct\tbound\tsol_note\n"
                      "t\ta\tdefault\t1\tok\t1\t\t\t" NOTE_L2_CPU " (upper limit: 2765 GB/s)\n";
    if (open_run(DIR_ "/cut", tsv, JSON("CPU"), &r)) { CHECK(0); return; }
    struct sol_reasons why = {0};
    CHECK(sol_reasons_count(&why, &r, 0) == 1);
    char *most = sol_reason_most(&why, &r, 0);
    CHECK_STR(most, NOTE_L2_CPU);
    free(most);
    sol_reasons_free(&why);
    rundir_free(&r);
}

/* The device's type read back from run.json: what the words above are chosen by. */
static void test_run_on_cpu(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tstatus\tmedian_ms\nt\ta\tdefault\t1\tok\t1\n";
    struct rundir r;
    if (open_run(DIR_ "/cpu", tsv, JSON("CPU"), &r) == 0) { CHECK(rundir_cpu(&r)); rundir_free(&r); }
    if (open_run(DIR_ "/gpu", tsv, JSON("GPU"), &r) == 0) { CHECK(!rundir_cpu(&r)); rundir_free(&r); }
}

/* An axis label that opens with its unit is not given it again; any other gets it in brackets. */
static void test_axis_label(void)
{
    char *a = gp_axis_label(SOLWORDS_PCT, "%"), *b = gp_axis_label("throughput", "GFLOP/s");
    char *c = gp_axis_label("%fp32", "%"), *d = gp_axis_label("time", "");
    CHECK_STR(a, "% of sol");
    CHECK_STR(b, "throughput (GFLOP/s)");
    CHECK_STR(c, "%fp32 (%)");
    CHECK_STR(d, "time");
    free(a); free(b); free(c); free(d);
}

int main(void)
{
    RUN(test_one_wording);
    RUN(test_class_said);
    RUN(test_reasons_counted);
    RUN(test_one_bracket);
    RUN(test_cpu_note_cut);
    RUN(test_run_on_cpu);
    RUN(test_axis_label);
    CHECK_EXIT();
}
