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
    /* Broken after the last ", " within the width, and a word alone never left on a line. */
    char *w = gp_title_wrap("optflags on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing "
                            "Language, driver 3.1+debian), 2026-12-02", 120);
    CHECK_STR(w, "optflags on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing Language,\n"
                 "driver 3.1+debian), 2026-12-02");
    free(w);
    w = gp_title_wrap("a, b, c", 80);
    CHECK_STR(w, "a, b, c");
    free(w);
    /* Without a ", " the last space within the width. */
    w = gp_title_wrap("GFLOP/s, one two three four five six seven eight", 30);
    CHECK_STR(w, "GFLOP/s,\none two three four five six\nseven eight");
    free(w);
}

int main(void)
{
    RUN(test_series_apart);
    RUN(test_title_wrap);
    CHECK_EXIT();
}
