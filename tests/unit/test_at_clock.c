/* test_at_clock.c — a row's share of the peak at the clock it ran at, and the flag when that clock
 * is above the maximum the device reports (an H100's chains at 1992 MHz against 1980). */
#include "check.h"
#include "run/run_impl.h"
#include <stdlib.h>
#include <string.h>

/* A row with the columns the function writes, all empty. */
static void row_make(struct row *w)
{
    static const char *const cols[] = { "pct_fp32_peak", "pct_fp64_peak", "pct_fp32_at_clock", "pct_fp64_at_clock", "flag" };
    memset(w, 0, sizeof *w);
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++) { sl_push(&w->cols, cols[i]); sl_push(&w->vals, ""); }
}

static void test_above_max(void)
{
    struct run_device d;
    memset(&d, 0, sizeof d);
    d.dp.clock_mhz = 1980;
    struct row w;
    row_make(&w);
    row_set(&w, COL_pct_fp64_peak, "%s", "100.3");
    run_peak_at_clock(&d, &w, 1992, 0);
    CHECK_NEAR(atof(row_get(&w, COL_pct_fp64_at_clock)), 99.7, 0.051);
    CHECK_STR(row_get(&w, COL_flag), "clock>max");
    row_free(&w);
}

static void test_at_or_below_max(void)
{
    struct run_device d;
    memset(&d, 0, sizeof d);
    d.dp.clock_mhz = 1980;
    struct row w;
    row_make(&w);
    row_set(&w, COL_pct_fp32_peak, "%s", "90.0");
    run_peak_at_clock(&d, &w, 1983, 0);          /* within 0.2%: a reading, not a faster clock */
    CHECK_STR(row_get(&w, COL_flag), "");
    run_peak_at_clock(&d, &w, 990, 1);           /* half the clock: the same work at twice the share */
    CHECK_NEAR(atof(row_get(&w, COL_pct_fp32_at_clock)), 180.0, 1e-9);
    CHECK_STR(row_get(&w, COL_flag), "throttled");
    CHECK_STR(row_get(&w, COL_pct_fp64_at_clock), "");
    row_free(&w);
}

int main(void)
{
    RUN(test_above_max);
    RUN(test_at_or_below_max);
    CHECK_EXIT();
}
