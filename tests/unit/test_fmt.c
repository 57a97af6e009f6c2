/* test_fmt.c — figures, percentages and ratios for readers, and plain decimals for tables (lib/util.c):
 * never an exponent where a reader meets one (a search's 35,450 GFLOP/s had printed as 3.545e+04,
 * compare.tsv's p 0.0000108 as 1.08e-05, a tiny percentage as 1e-05%). */
#include "check.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_fig(void)
{
    char b[32];
    CHECK_STR(fmt_fig(b, sizeof b, 35450.4), "35450");
    CHECK_STR(fmt_fig(b, sizeof b, 1000), "1000");
    CHECK_STR(fmt_fig(b, sizeof b, 999.94), "999.9");
    CHECK_STR(fmt_fig(b, sizeof b, 16.3449), "16.34");
    CHECK_STR(fmt_fig(b, sizeof b, 0.123449), "0.1234");
    CHECK_STR(fmt_fig(b, sizeof b, 1.2e6), "1200000");
    CHECK_STR(fmt_fig(b, sizeof b, 0.00012345), "0.0001234");
    CHECK_STR(fmt_fig(b, sizeof b, 5e-5), "0.00005");
    CHECK_STR(fmt_fig(b, sizeof b, 2.5e-05), "0.000025");
    CHECK_STR(fmt_fig(b, sizeof b, -1.23456e-7), "-0.0000001235");
    CHECK_STR(fmt_fig(b, sizeof b, NAN), "unknown");
}

static void test_pct_and_ratio(void)
{
    char b[32];
    CHECK_STR(fmt_pct(b, sizeof b, 120.4), "120%");
    CHECK_STR(fmt_pct(b, sizeof b, 0.314), "0.31%");
    CHECK_STR(fmt_pct(b, sizeof b, 4.2), "4.2%");
    CHECK_STR(fmt_pct(b, sizeof b, 5), "5%");
    CHECK_STR(fmt_pct(b, sizeof b, 9.97), "10%");
    CHECK_STR(fmt_pct(b, sizeof b, 0), "0%");
    /* A tiny share (a noise floor of identical rounds) as a plain decimal: %.2g wrote 1e-05%. */
    CHECK_STR(fmt_pct(b, sizeof b, 1e-5), "0.00001%");
    CHECK_STR(fmt_pct(b, sizeof b, 1.23e-5), "0.000012%");
    CHECK_STR(fmt_pct(b, sizeof b, 0.0999), "0.1%");
    CHECK_STR(fmt_pct(b, sizeof b, -0.042), "-0.042%");
    CHECK_STR(fmt_pct(b, sizeof b, 1e-12), "0%");
    CHECK_STR(fmt_pct(b, sizeof b, -1e-12), "0%");
    CHECK(!strchr(fmt_pct(b, sizeof b, 3e-7), 'e'));
    /* fmt_sig, fmt_pct's plain decimal at any number of digits. */
    CHECK_STR(fmt_sig(b, sizeof b, 23.08, 3, 9), "23.1");
    CHECK_STR(fmt_sig(b, sizeof b, 1500, 3, 2), "1500");
    CHECK_STR(fmt_sig(b, sizeof b, 1.0000000005838672e-05, 3, 9), "0.00001");
    CHECK_STR(fmt_sig(b, sizeof b, 2.0000000000000018, 3, 9), "2");
    CHECK_STR(fmt_sig(b, sizeof b, -0.0004, 1, 2), "0");
    CHECK_STR(fmt_ratio(b, sizeof b, 527.3), "527x");
    CHECK_STR(fmt_ratio(b, sizeof b, 0.98123), "0.981x");
    /* optnoopt's label: "0.5x" over a bar twice as tall read as half the speed */
    CHECK_STR(fmt_slower(b, sizeof b, 50.2), "50x slower");
    CHECK_STR(fmt_slower(b, sizeof b, 0.5), "2.0x faster");
    CHECK_STR(fmt_slower(b, sizeof b, 1.02), "same speed");
    CHECK_STR(fmt_slower(b, sizeof b, 0.96), "same speed");
}

/* A table's probability or fraction: a plain decimal a script parses as written, a tiny p too. */
static void test_plain_decimal(void)
{
    char *s;
    CHECK_STR(s = plain_decimal(2.0 / 184756), "0.0000108"); free(s);
    CHECK_STR(s = plain_decimal(0.0123), "0.0123"); free(s);
    CHECK_STR(s = plain_decimal(1), "1.00"); free(s);
    CHECK_STR(s = plain_decimal(8030.4), "8030"); free(s);
    CHECK_STR(s = plain_decimal(0), "0"); free(s);
    CHECK_STR(s = plain_decimal(NAN), ""); free(s);
    CHECK(!strchr(s = plain_decimal(1e-30), 'e') && !strncmp(s, "0.000", 5)); free(s);
}

int main(void)
{
    RUN(test_fig);
    RUN(test_pct_and_ratio);
    RUN(test_plain_decimal);
    CHECK_EXIT();
}
