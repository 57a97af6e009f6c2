/* test_solsummary.c — the speed-of-light table of a run made here: each variant's rows with a
 * bound, what bounds them most, the share the model predicts, and for its latency-bound rows how
 * many times more they would need in flight to reach their throughput bound (the median of
 * sol_lat_ms / sol_tput_ms), said once below the table; a run without latency-bound rows has no
 * such column and says nothing of it. */
#include "check.h"
#include "runfixture.h"
#include "lib/util.h"
#include "report/rowrank.h"
#include "report/solsummary.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solsummary"

/* One row: its variant, time, bound and the two bounds (ms). */
static const struct { const char *variant, *bound; double ms, lat, tput; } rows[] = {
    {"ilp1", "latency", 1.0, 0.9, 0.45},       /* x2 */
    {"ilp1", "latency", 1.0, 0.9, 0.3},        /* x3 */
    {"ilp1", "latency", 1.0, 0.96, 0.24},      /* x4 */
    {"ilp1", "fp32", 1.0, 0.2, 0.5},           /* throughput-bound: not counted */
    {"ilp4", "fp32", 0.5, 0.12, 0.48},
    {"ilp4", "fp32", 0.5, 0.1, 0.47},
    {"copy", "dram-latency", 2.0, 1.5, 1.0},   /* x1.5: memory's latency counts too */
};

/* make_run: the rows above, latency-bound where with_latency, each slow times slower (10: no row
 * within 15% of its bound); with note, no row has a bound and each has that sol_note. */
static void make_run_as(const char *dir, int with_latency, double slow, const char *note)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_lat_ms\t"
                  "sol_tput_ms\tsol_from\tsol_note\tflag\n");
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *b = with_latency ? rows[i].bound : "fp32";
        double sol = !strcmp(b, "fp32") ? rows[i].tput : rows[i].lat;
        if (note) sb_printf(&t, "t\t%s\tdefault\t%zu\t64\tok\t%g\t\t\t\t\t\t\t%s\t\n", rows[i].variant, 1000 + i,
                            rows[i].ms, note);
        else sb_printf(&t, "t\t%s\tdefault\t%zu\t64\tok\t%g\t%g\t%g\t%s\t%g\t%g\tspec\t\t\n", rows[i].variant,
                       1000 + i, slow * rows[i].ms, sol, 100 * sol / (slow * rows[i].ms), b, rows[i].lat, rows[i].tput);
    }
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }");
    write_run(dir, t.s, t.len, json);
    free(json);
    sb_free(&t);
}

static void make_run(const char *dir, int with_latency) { make_run_as(dir, with_latency, 1, NULL); }

/* summary: sol_summary of the run in dir, as Markdown (a new string). */
static char *summary(const char *dir)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return xstrdup(""); }
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    sol_summary(&r, f, 1);
    fclose(f);
    rundir_free(&r);
    return buf;
}

/* row_of: the Markdown table row of variant v ("" when none), its cells as written. */
static const char *row_of(const char *md, const char *v, char *line, size_t size)
{
    char want[64];
    snprintf(want, sizeof want, "\n| %s | ", v);
    const char *p = strstr(md, want);
    line[0] = 0;
    if (!p) return line;
    const char *e = strchr(p + 1, '\n');
    size_t len = e ? (size_t)(e - p - 1) : strlen(p + 1);
    if (len >= size) len = size - 1;
    memcpy(line, p + 1, len);
    line[len] = 0;
    return line;
}

static void test_more_in_flight(void)
{
    make_run(DIR_ "/lat", 1);
    char *md = summary(DIR_ "/lat"), line[512];
    CHECK(strstr(md, "latency-bound: more in flight") != NULL);
    /* ilp1: three latency-bound rows needing 2, 3 and 4 times: the median 3. */
    CHECK(strstr(row_of(md, "ilp1", line, sizeof line), "| 3: x3 |") != NULL);
    /* ilp4: none latency-bound. */
    CHECK(strstr(row_of(md, "ilp4", line, sizeof line), "| - |") != NULL);
    CHECK(strstr(row_of(md, "copy", line, sizeof line), "| 1: x1.5 |") != NULL);
    /* 90, 90, 96, 50, 96, 94 and 75% of their bounds: 5 within 15%. */
    CHECK(strstr(md, "Of the 7 rows with a bound, the model (the larger of the throughput and latency bounds) predicts 5 "
                     "of their times (71%) within 15%.") != NULL);
    CHECK(strstr(md, "4 rows are bound by a latency: \"more in flight\" is how many times more") != NULL);
    free(md);
}

static void test_none_latency_bound(void)
{
    make_run(DIR_ "/tput", 0);
    char *md = summary(DIR_ "/tput");
    CHECK(strstr(md, "### Speed of light") != NULL);
    CHECK(strstr(md, "bound by a latency") == NULL);
    /* No latency-bound row: no column of dashes for it (a CPU's runs). */
    CHECK(strstr(md, "more in flight") == NULL);
    CHECK(strstr(md, "| within 15% | sol>100 | work from |") != NULL);
    free(md);
}

/* A CPU's fp32 ceiling 20% above its FP32 peak: the console says once, under the table, why its
 * share of a row bound by fp32 reads lower than the best table's %fp32 (report.md says it under its
 * ceilings table); where the ceiling is the peak, nothing. */
static void test_two_fp32(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_from\tflag\n"
                  "t\ta\tdefault\t1000\t64\tok\t1\t0.05\t5\tfp32\tspec\t\n");
    for (int slack = 0; slack < 2; slack++) {
        char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"peak\": { "
                               "\"fp32_gflops\": 100 }, \"sol\": { \"ceilings\": { \"fp32\": { \"gflops\": %d, "
                               "\"kind\": \"estimate\" } } }, \"as_run\": { \"launch\": { \"N\": [\"1000\"], "
                               "\"local\": [\"64\"] } } }", slack ? 120 : 100);
        write_run(DIR_ "/cpu", t.s, t.len, json);
        free(json);
        struct rundir r;
        char *err = NULL, *buf = NULL;
        size_t n = 0;
        if (rundir_open(DIR_ "/cpu", &r, &err)) { CHECK(!err); free(err); continue; }
        FILE *f = open_memstream(&buf, &n);
        sol_summary(&r, f, 0);
        fclose(f);
        if (slack) CHECK_CONTAINS(buf, "Note: a row bound by fp32 reads a lower share here than its %fp32 above: that is "
                                       "of the FP32 peak (100 GFLOP/s), this of the fp32 ceiling 20% above it");
        else CHECK(!strstr(buf, "Note: a row bound by fp32"));
        free(buf);
        rundir_free(&r);
    }
    sb_free(&t);
}

/* None within 15%: said as none, not "0 of the rows (0%) are within 15% of it: the model predicts their
 * time", which read as the opposite. */
static void test_none_predicted(void)
{
    make_run_as(DIR_ "/slow", 0, 10, NULL);
    char *md = summary(DIR_ "/slow");
    CHECK(strstr(md, "Of the 7 rows with a bound, the model (the larger of the throughput and latency bounds) predicts "
                     "none of their times within 15%.") != NULL);
    CHECK(strstr(md, "predicts their time") == NULL);
    free(md);
}

/* A few rows of many within 15%: "(0%)" beside a count above none read as none (7 of memcopy_ilp's
 * 1536 rows on an H200, said "7 ... (0%)"); the table's cell and the line below it say "<1%". */
static void test_few_predicted_of_many(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_lat_ms\t"
                  "sol_tput_ms\tsol_from\tsol_note\tflag\n");
    for (int i = 0; i < 300; i++) {
        double ms = i == 0 ? 1.0 : 2.0;    /* the first at 90% of its bound, the rest at 45% */
        sb_printf(&t, "t\tcopy\tdefault\t%d\t64\tok\t%g\t0.9\t%g\tdram\t\t0.9\tspec\t\t\n", 1000 + i, ms,
                  100 * 0.9 / ms);
    }
    write_run(DIR_ "/many", t.s, t.len, "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                                        "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }");
    sb_free(&t);
    char *md = summary(DIR_ "/many"), line[512];
    CHECK(strstr(md, "predicts 1 of their times (<1%) within 15%.") != NULL);
    CHECK(strstr(row_of(md, "copy", line, sizeof line), "| 1 (<1%) |") != NULL);
    CHECK(strstr(md, "(0%)") == NULL);
    free(md);
}

/* A reason cut where its source begins, at a clause boundary: "a full clx run peaks (not --quick)
 * measures one" has its bracket mid-clause, so the cut is at the "; " before it (it read "...; a full
 * clx run peaks (the whole of it: ...)"); a bracket that ends its clause is cut at. */
static void test_reason_cut(void)
{
    make_run_as(DIR_ "/nodram", 0, 1, "no dram ceiling: unknown: no datasheet bandwidth for this device; a full clx run "
                                      "peaks (not --quick) measures one (or set CLX_PEAK_GBS)");
    char *md = summary(DIR_ "/nodram");
    CHECK(strstr(md, "the most common reason: no dram ceiling: unknown: no datasheet bandwidth for this device (the whole "
                     "of it: the rows' sol_note in results.tsv).") != NULL);
    CHECK(strstr(md, "a full clx run peaks (the whole") == NULL);
    free(md);
    make_run_as(DIR_ "/nol2", 0, 1, "no l2 ceiling that binds: its l2 work would set the bound (theoretical: 2 TB/s), "
                                    "and more");
    md = summary(DIR_ "/nol2");
    CHECK(strstr(md, "the most common reason: no l2 ceiling that binds: its l2 work would set the bound (the whole of "
                     "it: the rows' sol_note in results.tsv).") != NULL);
    free(md);
}

/* A measured ceiling the rows passed: its note's first bracket (the ceiling's figure and source) sits
 * mid-clause. Cut at the clause boundary before it, the reason was "no l2 ceiling" right above a ceilings
 * table listing an l2 ceiling; now the bracket is left out and what tells the reason apart stays. */
static void test_reason_passed(void)
{
    make_run_as(DIR_ "/passed", 0, 1, "no l2 ceiling: the measured one (3.689 GB/s, cachebw: read, last-level cache in "
                                      "results/peaks-x) bounds nothing here: 7 verified rows of this run passed it by "
                                      "more than 2% (naive default local=256 the most, 5.72 times it): the kernel's "
                                      "counts or that measurement is wrong");
    char *md = summary(DIR_ "/passed");
    CHECK_CONTAINS(md, "the most common reason: no l2 ceiling: the measured one bounds nothing here: 7 verified rows of "
                       "this run passed it by more than 2% (the whole of it: the rows' sol_note in results.tsv).");
    free(md);
}

/* A 1-1 tie of bounds names both: one named alone (launch) read as the variant's bound. */
static void test_bound_tie(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_from\tflag\n"
                  "t\ttie\tdefault\t1000\t32\tok\t1\t0.1\t10\tlaunch\tspec\t\n"
                  "t\ttie\tdefault\t1000\t128\tok\t1\t0.2\t20\tfp32\tspec\t\n"
                  "t\tone\tdefault\t1000\t32\tok\t1\t0.1\t10\tfp32\tspec\t\n"
                  "t\tone\tdefault\t1000\t128\tok\t1\t0.2\t20\tfp32\tspec\t\n");
    write_run(DIR_ "/tie", t.s, t.len, "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
              "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"32\", \"128\"] } } }");
    sb_free(&t);
    char *md = summary(DIR_ "/tie"), line[512];
    CHECK_CONTAINS(row_of(md, "tie", line, sizeof line), "| 1 each: launch, fp32 |");
    CHECK_CONTAINS(row_of(md, "one", line, sizeof line), "| fp32 |");
    free(md);
}

/* The table's words: one "% of sol" (its median and the best row's), and on a CPU the l2 bound said as
 * the CPU's last-level cache, in the most rows' cell and the best row's, a tie's too; on a GPU "l2". */
static void test_words_on_cpu(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_from\tflag\n"
                  "t\tcache\tdefault\t1000\t32\tok\t1\t0.1\t10\tl2\tspec\t\n"
                  "t\tcache\tdefault\t1000\t128\tok\t2\t0.2\t10\tl2\tspec\t\n"
                  "t\ttie\tdefault\t1000\t32\tok\t1\t0.1\t10\tfp32\tspec\t\n"
                  "t\ttie\tdefault\t1000\t128\tok\t2\t0.2\t10\tl2\tspec\t\n");
    for (int cpu = 0; cpu < 2; cpu++) {
        char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\", \"type\": \"%s\" }, "
                               "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"32\", \"128\"] } } }",
                               cpu ? "CPU" : "GPU");
        write_run(DIR_ "/words", t.s, t.len, json);
        free(json);
        char *md = summary(DIR_ "/words"), line[512];
        CHECK_CONTAINS(md, "| variant | build | rows with a bound | median % of sol | bound (most rows) | best row | "
                           "its % of sol | its bound |");
        CHECK(!strstr(md, "% of it"));
        const char *l2 = cpu ? "l2 (the CPU's last-level cache)" : "l2";
        char cell[128];
        snprintf(cell, sizeof cell, "| 2 of 2 | 10.0%% | %s | local=32", l2);
        CHECK_CONTAINS(row_of(md, "cache", line, sizeof line), cell);
        snprintf(cell, sizeof cell, "| 10.0%% | %s | 0 (0%%) |", l2);
        CHECK_CONTAINS(row_of(md, "cache", line, sizeof line), cell);
        snprintf(cell, sizeof cell, "| 1 each: fp32, %s |", l2);
        CHECK_CONTAINS(row_of(md, "tie", line, sizeof line), cell);
        free(md);
    }
    sb_free(&t);
}

/* Rows without a bound whose notes are all empty: one line that says so, not a table of dashes. */
static void test_no_bound_no_note(void)
{
    make_run_as(DIR_ "/nonote", 0, 1, "");
    char *md = summary(DIR_ "/nonote");
    CHECK_CONTAINS(md, "No row has a bound (7 rows); the most common reason: their rows give none (an empty sol_note).");
    free(md);
}

/* A variant whose rows mix a memory-bound one (40 GB/s, 4 GFLOP/s) and a compute-bound one (50 GFLOP/s,
 * 30 GB/s), among 25 variants at 45 GFLOP/s: its fastest row is taken in one unit, GB/s (a row of it is
 * memory-bound), as the best rows' table takes it: the memory-bound row, at 40 the slowest of the 26,
 * which the console's cut of 25 leaves out. Ranked by each row's own unit, its 50 GFLOP/s beat its 40
 * GB/s and put it first. */
static void test_fastest_one_unit(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tgflops\tsol_ms\tsol_pct\tbound\tflag\n"
                  "t\tmixed\tdefault\t1000\t64\tok\t1\t40\t4\t0.5\t50\tdram\t\n"
                  "t\tmixed\tdefault\t2000\t64\tok\t1\t30\t50\t0.5\t50\tfp32\t\n");
    for (int v = 0; v < 25; v++)
        sb_printf(&t, "t\tf%02d\tdefault\t1000\t64\tok\t1\t1\t45\t0.5\t50\tfp32\t\n", v);
    write_run(DIR_ "/mixed", t.s, t.len, "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
              "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }");
    sb_free(&t);
    struct rundir r;
    char *err = NULL, *buf = NULL;
    size_t n = 0;
    if (rundir_open(DIR_ "/mixed", &r, &err)) { CHECK(!err); free(err); return; }
    /* The shared rule: one group of mixed's two rows, the rest in none. */
    int *in = xmalloc(sizeof *in * (size_t)r.t.nrows);
    for (int i = 0; i < r.t.nrows; i++) in[i] = i < 2 ? 0 : -1;
    int *best = rowrank_best(&r, in, 1);
    CHECK(best[0] == 0);
    free(best);
    free(in);
    FILE *f = open_memstream(&buf, &n);
    sol_summary(&r, f, 0);
    fclose(f);
    CHECK_CONTAINS(buf, "the 25 fastest of 26 variants and builds");
    CHECK(!strstr(buf, "mixed"));
    CHECK_CONTAINS(buf, "f24");
    free(buf);
    rundir_free(&r);
}

int main(void)
{
    RUN(test_fastest_one_unit);
    RUN(test_two_fp32);
    RUN(test_none_predicted);
    RUN(test_few_predicted_of_many);
    RUN(test_reason_cut);
    RUN(test_reason_passed);
    RUN(test_bound_tie);
    RUN(test_more_in_flight);
    RUN(test_none_latency_bound);
    RUN(test_words_on_cpu);
    RUN(test_no_bound_no_note);
    CHECK_EXIT();
}
