/* test_pctnear.c — a percentage beside the threshold it is judged by (lib/pctnear.c): a search's best
 * flagged noisy for a standard error above 1% (1.05%) was said "+/- 1%". */
#include "check.h"
#include "lib/pctnear.h"
#include "lib/util.h"
#include <math.h>

static void test_near_the_limit(void)
{
    char b[32];
    CHECK_STR(fmt_pct_near(b, sizeof b, 1.0499, 1), "1.05%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 1.004, 1), "1.004%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 0.996, 1), "0.996%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 3.04, 3), "3.04%");
    /* Four digits at most: closer than that is the threshold to a reader. */
    CHECK_STR(fmt_pct_near(b, sizeof b, 1.00001, 1), "1%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 1, 1), "1%");
}

static void test_away_from_the_limit(void)
{
    char b[32];
    /* As fmt_pct writes it wherever two digits do not read as the threshold. */
    CHECK_STR(fmt_pct_near(b, sizeof b, 1.2, 1), "1.2%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 8.24, 1), "8.2%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 0.314, 1), "0.31%");
    CHECK_STR(fmt_pct_near(b, sizeof b, 1.0499, 3), fmt_pct(b + 16, 16, 1.0499));
    CHECK_STR(fmt_pct_near(b, sizeof b, NAN, 1), "unknown");
}

/* A count's share: 7 of 1536 rows within 15% of their bound were said "(0%)", as none. */
static void test_share_of_a_count(void)
{
    char b[32];
    CHECK_STR(fmt_share(b, sizeof b, 7, 1536), "<1%");
    CHECK_STR(fmt_share(b, sizeof b, 0, 1536), "0%");
    CHECK_STR(fmt_share(b, sizeof b, 1535, 1536), ">99%");
    CHECK_STR(fmt_share(b, sizeof b, 1536, 1536), "100%");
    CHECK_STR(fmt_share(b, sizeof b, 5, 7), "71%");
    CHECK_STR(fmt_share(b, sizeof b, 1, 200), "<1%");    /* 0.5%, which printf rounds to "0%" */
    CHECK_STR(fmt_share(b, sizeof b, 2, 200), "1%");
    CHECK_STR(fmt_share(b, sizeof b, 199, 200), ">99%");
    CHECK_STR(fmt_share(b, sizeof b, 0, 0), "-");
}

/* A search's share of its space, to a tenth of a percent: 1 of sgemm's 62128 configurations said
 * "0.0%" (and "0%" under the plots' titles), read as none measured. */
static void test_share_fine(void)
{
    char b[32];
    CHECK_STR(fmt_share_fine(b, sizeof b, 1, 62128), "0.0016%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 53, 62128), "0.085%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 99, 62128), "0.2%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 0, 62128), "0.0%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 198, 768), "25.8%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 767, 768), "99.9%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 62127, 62128), ">99.9%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 8, 8), "100.0%");
    CHECK_STR(fmt_share_fine(b, sizeof b, 0, 0), "-");
}

int main(void)
{
    RUN(test_near_the_limit);
    RUN(test_away_from_the_limit);
    RUN(test_share_of_a_count);
    RUN(test_share_fine);
    CHECK_EXIT();
}
