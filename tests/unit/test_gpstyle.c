/* test_gpstyle.c — the looks of a plot's series (gp_series_style): no two alike for more series
 * than there are colours, so a history of twelve variant x build lines can be read; a long title's
 * lines (gp_title_wrap). */
#include "check.h"
#include "report/plot_impl.h"
#include <stdlib.h>
#include <string.h>

static void test_series_apart(void)
{
    for (int lines = 0; lines < 2; lines++) {
        char *seen[3 * NCOLOURS];
        for (int s = 0; s < 3 * NCOLOURS; s++) {
            struct sbuf b = {0};
            gp_series_style(&b, s, lines);
            seen[s] = b.s;
            for (int t = 0; t < s; t++) CHECK(strcmp(seen[t], seen[s]) != 0);
        }
        /* The first colours are solid lines of round points: a plot of few series is as before. */
        CHECK_STR(seen[0], "pt 7 lc rgb \"#0072B2\"");
        CHECK(lines ? strstr(seen[NCOLOURS], " dt 2") != NULL : strstr(seen[NCOLOURS], "dt") == NULL);
        for (int s = 0; s < 3 * NCOLOURS; s++) free(seen[s]);
    }
}

static void test_title_wrap(void)
{
    /* Broken after the last ", " within the width (or space), into lines of about equal length, and a
     * word alone never left on a line: the device's name on one, its driver in parentheses whole. */
    char *w = gp_title_wrap("optflags on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing "
                            "Language, driver 3.1+debian), 2026-12-02", 120);
    CHECK_STR(w, "optflags on pthread-skylake-avx512-Intel(R) Xeon(R) Processor\n"
                 "(Portable Computing Language, driver 3.1+debian), 2026-12-02");
    free(w);
    w = gp_title_wrap("a, b, c", 80);
    CHECK_STR(w, "a, b, c");
    free(w);
    /* Without a ", " the last space within the width, the lines after the ", " balanced; an early
     * ", " passed over where it would leave the rest as long as ever. */
    w = gp_title_wrap("GFLOP/s, one two three four five six seven eight", 30);
    CHECK_STR(w, "GFLOP/s,\none two three four\nfive six seven eight");
    free(w);
    w = gp_title_wrap("no bar on this logarithmic axis, which shows no value at or below 0: naive with local=128 "
                      "-0.0476, fast with local=128 -0.0476", 120);
    CHECK_STR(w, "no bar on this logarithmic axis, which shows no value at or below\n"
                 "0: naive with local=128 -0.0476, fast with local=128 -0.0476");
    free(w);
    /* Lines balanced, never a word left alone: broken at the width, memcopy_ilp's noisy line, 114
     * characters in a figure of panels (110 a line), left "nothing" on a line of its own. */
    w = gp_title_wrap("19 of the 24 rows here are flagged noisy (a standard error above 1% of their time): a gap that "
                      "small says nothing", 110);
    CHECK_STR(w, "19 of the 24 rows here are flagged noisy (a standard error\n"
                 "above 1% of their time): a gap that small says nothing");
    free(w);
    /* As many lines as at the full width, not more: "a, b" stays whole where it fits. */
    w = gp_title_wrap("first line\nsecond, third", 80);
    CHECK_STR(w, "first line\nsecond, third");
    free(w);
}

int main(void)
{
    RUN(test_series_apart);
    RUN(test_title_wrap);
    CHECK_EXIT();
}
