/* test_ratecol.c — a rate's figure (one rule for every rate column: at least two significant
 * digits), a rate column that adds nothing: which values do, a column the rows leave empty, and the
 * summary's tables built on it: the best table leaves such a rate out and says so once (volkov_fma's
 * token bytes read "< 0.1" on every row), keeps it where one row has a measurable figure (the rows
 * decide, not the experiment), and the table by work-group size takes a measurable rate. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "testutil.h"
#include "lib/util.h"
#include "report/ratecol.h"
#include "report/summary.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_ratecol"

static void test_values(void)
{
    CHECK(rate_shown(0.05) && rate_shown(40) && !rate_shown(0.04) && !rate_shown(0) && !rate_shown(NAN));
    CHECK(rate_nothing(0.04) && rate_nothing(0) && !rate_nothing(NAN) && !rate_nothing(0.1));
    double tiny[] = {0.002, 0.0001, NAN}, mixed[] = {0.002, 12.5}, none[] = {NAN, NAN};
    CHECK(rate_column_empty(tiny, 3));
    CHECK(!rate_column_empty(mixed, 2));
    CHECK(!rate_column_empty(none, 2));      /* no value at all: "-", as before */
    CHECK(!rate_column_empty(tiny, 0));
    /* A row line's rate by the same rule: left out below 0.05 beside a measurable other rate (the
     * table leaves such a column out), kept where the other is no better (a grid stride's 0.047 GB/s
     * beside 0.029 GFLOP/s, or no other rate): a line always keeps a figure of its speed. */
    CHECK(!rate_row_shown(0.00049, 2.1) && rate_row_shown(2.1, 0.00049));
    CHECK(rate_row_shown(0.047, 0.029) && rate_row_shown(0.029, 0.047));
    CHECK(rate_row_shown(0.002, NAN) && !rate_row_shown(NAN, 2.1) && rate_row_shown(0.05, 40));
    /* Beside a measurable other that is not orders above it, a small rate is the kernel's work, and
     * the best table's column shows it: gridstride -cl-opt-disable's 0.044 GFLOP/s beside 0.48 GB/s
     * (vecsum's 12 bytes a flop) was a blank on its line. */
    CHECK(rate_row_shown(0.044, 0.48) && rate_row_shown(0.030, 0.36) && !rate_row_shown(0.0001, 0.48));
    /* A row line's figure: never a blank for a measured rate (gridstride's 0.045 GFLOP/s read as
     * an empty cell, "not measured", beside the by-work-group table's 0.0). */
    char b[32];
    CHECK_STR(rate_fig(b, sizeof b, 0.045), "0.045");
    CHECK_STR(rate_fig(b, sizeof b, 0.0012), "0.0012");
    CHECK_STR(rate_fig(b, sizeof b, 0.0496), "0.050");
    CHECK_STR(rate_fig(b, sizeof b, 3e-9), "3.0e-09");
    CHECK_STR(rate_fig(b, sizeof b, 0), "0.0");
    CHECK_STR(rate_fig(b, sizeof b, 12.34), "12.3");
}

/* One rule for every rate column: at least two significant digits, one decimal from 1 up. A grid
 * stride's 0.0562592 GB/s read "0.1" beside its 0.0468597's "0.047" (1.2x read as 2x): one decimal
 * from 0.05 up, two significant digits below. */
static void test_fig_digits(void)
{
    char b[32];
    CHECK_STR(rate_fig(b, sizeof b, 0.0562592), "0.056");
    CHECK_STR(rate_fig(b, sizeof b, 0.0563), "0.056");
    CHECK_STR(rate_fig(b, sizeof b, 0.0468597), "0.047");
    CHECK_STR(rate_fig(b, sizeof b, 2.75651), "2.8");
    CHECK_STR(rate_fig(b, sizeof b, 2.4), "2.4");
    CHECK_STR(rate_fig(b, sizeof b, 14484.3), "14484.3");
    CHECK_STR(rate_fig(b, sizeof b, 0.00012), "0.00012");
    CHECK_STR(rate_fig(b, sizeof b, 0.48), "0.48");
    /* About 0.05, the old threshold: the same two digits either side. */
    CHECK_STR(rate_fig(b, sizeof b, 0.0499), "0.050");
    CHECK_STR(rate_fig(b, sizeof b, 0.05), "0.050");
    CHECK_STR(rate_fig(b, sizeof b, 0.0501), "0.050");
    /* About 1, where one decimal takes over: two digits either side, a value rounding up to 1 reads
     * as 1 does ("1.0", never "1.00"). */
    CHECK_STR(rate_fig(b, sizeof b, 0.994), "0.99");
    CHECK_STR(rate_fig(b, sizeof b, 0.9996), "1.0");
    CHECK_STR(rate_fig(b, sizeof b, 1.0), "1.0");
    CHECK_STR(rate_fig(b, sizeof b, 1.04), "1.0");
    /* Every power of ten below: a value rounding up to it takes its places ("0.10", not "0.100"). */
    CHECK_STR(rate_fig(b, sizeof b, 0.0996), "0.10");
    CHECK_STR(rate_fig(b, sizeof b, 0.1), "0.10");
    CHECK_STR(rate_fig(b, sizeof b, 0.00999), "0.010");
    CHECK_STR(rate_fig(b, sizeof b, 0.001), "0.0010");
    /* Decimals down to six places, then e form (0.000012 stays short; 0.0000012 does not). */
    CHECK_STR(rate_fig(b, sizeof b, 0.000012), "0.000012");
    CHECK_STR(rate_fig(b, sizeof b, 0.0000099996), "0.000010");
    CHECK_STR(rate_fig(b, sizeof b, 0.0000012), "1.2e-06");
    CHECK_STR(rate_fig(b, sizeof b, NAN), "");
}

/* make_run: variants a and b at local 32 and 64, GFLOP/s gf (a's doubled) and GB/s gb, b's row at
 * local 64 with GB/s last_gb. */
static void make_run(const char *dir, double gf, double gb, double last_gb)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\tgflops\tgbs\tflag\n");
    for (int v = 0; v < 2; v++)
        for (int l = 32; l <= 64; l *= 2)
            sb_printf(&t, "t\t%s\tdefault\t256\t%d\tok\t%g\t%.6g\t%.6g\t\n", v ? "b" : "a", l, 1.0 + l / 64.0,
                      gf * (v ? 1 : 2) * l / 32, v && l == 64 ? last_gb : gb);
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\"], "
                       "\"launch\": { \"local\": [\"32\", \"64\"] } } }";
    write_run(dir, t.s, t.len, json);
    sb_free(&t);
}

/* summary: the run's tables by work-group size and of best rows, as the console (0) or report.md (1). */
static char *summary(const char *dir, int markdown)
{
    return run_summary(dir, SUMMARY_BY_LOCAL | SUMMARY_BEST, markdown);
}

static void test_best_leaves_out(void)
{
    make_run(DIR_ "/tiny", 2, 0.002, 0.003);
    char *con = summary(DIR_ "/tiny", 0), *md = summary(DIR_ "/tiny", 1);
    CHECK_CONTAINS(con, "median ms IQR ms GFLOP/s %fp32 status");
    CHECK(!strstr(con, "GB/s |") && !strstr(con, "< 0.1") && !strstr(con, "%bw"));
    CHECK_CONTAINS(md, "| variant | build | point (best local) | median ms | IQR ms | GFLOP/s | %fp32 | status |");
    CHECK(!strstr(md, "< 0.1") && !strstr(md, "%bw"));
    /* Said once, under the table; on the console, that the row lines above leave it out too, by the
     * same rule (rate_row_shown: beside a measurable GFLOP/s): the note said they gave it, and they
     * printed volkov_fma's 0.00049 GB/s that the table left out. */
    CHECK(count_of(con, "Note: GB/s is left out of the table above: below 0.05 in each of its rows (the row lines above leave "
                     "it out too, and results.tsv's gbs column has every value).") == 1);
    CHECK(!strstr(con, "blank"));
    CHECK(count_of(md, "**Note:** GB/s is left out of the table above: below 0.05 in each of its rows (results.tsv's gbs "
                    "column has every value).") == 1);
    free(con);
    free(md);
}

static void test_one_row_keeps(void)
{
    make_run(DIR_ "/mixed", 2, 0.002, 7.5);
    char *con = summary(DIR_ "/mixed", 1);
    CHECK_CONTAINS(con, "| median ms | IQR ms | GB/s | %bw | GFLOP/s | %fp32 | status |");
    /* Two significant digits, as the row line gives it: "< 0.1" said less than was measured. */
    CHECK_CONTAINS(con, "| 0.0020 |");
    CHECK_CONTAINS(con, "| 7.5 |");
    CHECK(!strstr(con, "left out"));
    free(con);
}

/* Both rates below one decimal: both left out, said in one note; the table by work-group size reads
 * the median time, not a grid of 0.0. */
static void test_both_left_out(void)
{
    make_run(DIR_ "/none", 0.001, 0.002, 0.003);
    char *con = summary(DIR_ "/none", 0);
    CHECK_CONTAINS(con, "Median ms by work-group size");
    CHECK(!strstr(con, "GFLOP/s by work-group size"));
    CHECK_CONTAINS(con, "Note: GB/s and GFLOP/s are left out of the table above: below 0.05 in each of its rows (the row "
                        "lines above give them, and results.tsv's gbs and gflops columns have every value).");
    free(con);
    /* GB/s that shows, GFLOP/s that does not: the grid is of GB/s. */
    make_run(DIR_ "/gb", 0.001, 3, 4);
    con = summary(DIR_ "/gb", 0);
    CHECK_CONTAINS(con, "GB/s by work-group size");
    CHECK_CONTAINS(con, "Note: GFLOP/s is left out");
    free(con);
}

/* A memory-bound run (vecsum's one flop per 12 bytes): its tables read GB/s, not a GFLOP/s whose
 * grid-stride cells all read 0.0; a small rate keeps two significant digits; and the median reads as
 * results.tsv keeps it, never with zeros it did not keep ("1140.13", not "1140.1300"). */
static void test_memory_bound(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\tgflops\tgbs\tflag\n"
                      "t\tnaive\tdefault\t256\t32\tok\t1140.13\t0.9\t10.8\t\n"
                      "t\tnaive\tdefault\t256\t64\tok\t311.122\t1.2\t14.4\t\n"
                      "t\tgs\tdefault\t256\t32\tok\t0.0123456\t0.04\t0.48\t\n"
                      "t\tgs\tdefault\t256\t64\tok\t2.5\t0.03\t0.36\t\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\"], "
                       "\"launch\": { \"local\": [\"32\", \"64\"] } } }";
    write_run(DIR_ "/memory", tsv, strlen(tsv), json);
    char *con = summary(DIR_ "/memory", 0), *md = summary(DIR_ "/memory", 1);
    CHECK_CONTAINS(con, "GB/s by work-group size");
    CHECK(!strstr(con, "GFLOP/s by work-group size"));
    CHECK_CONTAINS(con, "highest GB/s where the work is memory-bound");
    CHECK_CONTAINS(md, "| 311.122 |");
    CHECK_CONTAINS(md, "| 0.0123 |");         /* rounded to four places where results.tsv keeps more */
    CHECK(!strstr(md, "311.1220"));
    CHECK_CONTAINS(md, "| 0.040 |");          /* gs's GFLOP/s in the best table: not 0.0 */
    CHECK_CONTAINS(con, "0.48");              /* gs's GB/s by work-group size: two digits, not "0.5" */
    CHECK(!strstr(md, "| 0.0 |"));
    free(con);
    free(md);
    /* A compute-bound run keeps GFLOP/s: more flops than bytes. */
    make_run(DIR_ "/compute", 2, 0.5, 0.5);
    con = summary(DIR_ "/compute", 0);
    CHECK_CONTAINS(con, "GFLOP/s by work-group size");
    free(con);
}

/* The newcomer's stencil: a grid stride's 0.0468597 and 0.0562592 GB/s beside a contiguous
 * variant's 2.4 and 2.8. The table by work-group size and the best table read "0.047" and "0.056",
 * never "0.1" (1.2x read as 2x), and the ordinary figures keep one decimal. */
static void test_column_digits(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tglobal\tlocal\tstatus\tmedian_ms\tgflops\tgbs\tflag\n"
                      "t\tcontig\tdefault\t256\t64\tok\t213.4\t1.5\t2.4\t\n"
                      "t\tcontig\tdefault\t256\t256\tok\t182.9\t1.75\t2.8\t\n"
                      "t\tgridstride\tdefault\t256\t64\tok\t10926.2\t0.0292873\t0.0468597\t\n"
                      "t\tgridstride\tdefault\t256\t256\tok\t9100.74\t0.035162\t0.0562592\t\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"builds\": [\"\"], "
                       "\"launch\": { \"local\": [\"64\", \"256\"] } } }";
    write_run(DIR_ "/digits", tsv, strlen(tsv), json);
    char *con = summary(DIR_ "/digits", 0), *md = summary(DIR_ "/digits", 1);
    CHECK_CONTAINS(con, "GB/s by work-group size");
    CHECK_CONTAINS(md, "| 64 | 2.4 | 0.047 |");
    CHECK_CONTAINS(md, "| 256 | 2.8 | 0.056 |");
    CHECK_CONTAINS(md, "| 0.056 |");            /* gridstride's best, local=256, in the best table */
    CHECK_CONTAINS(md, "| 0.035 |");            /* its GFLOP/s by the same rule */
    CHECK(!strstr(md, "| 0.1 |") && !strstr(con, " 0.1 "));
    free(con);
    free(md);
}

int main(void)
{
    RUN(test_memory_bound);
    RUN(test_values);
    RUN(test_fig_digits);
    RUN(test_column_digits);
    RUN(test_best_leaves_out);
    RUN(test_one_row_keeps);
    RUN(test_both_left_out);
    CHECK_EXIT();
}
