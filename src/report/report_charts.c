/* report_charts.c — the report's own charts tallied (report_charts.h): a table of their names and
 * pictures, and the states their sections return, judged and said one way for all of them. */
#include "report_charts.h"
#include "plot.h"
#include "spec/plotkinds.h"
#include "lib/diskfull.h"
#include "lib/util.h"
#include <stddef.h>

/* A row per chart, in enum report_chart's order (report.md's). */
static const struct { const char *what, *file, *stem; } chart[REPORT_CHARTS] = {
    [REPORT_CHART_SOL] = { "the speed-of-light chart", "plots/sol.png", PLOT_NAME_SOL },
    [REPORT_CHART_SEARCH] = { "the search's trajectory", "plots/search.png", PLOT_NAME_SEARCH },
    [REPORT_CHART_LATENCY] = { "the load-latency curve", "plots/latency.png", PLOT_NAME_LATENCY },
};

const char *report_chart_stem(int k) { return chart[k].stem; }

int report_chart_state(int rc, int full, int *first_full)
{
    int room = rc < 0 && disk_full(full);
    if (room && !*first_full) *first_full = full;
    return rc == 0 ? REPORT_CHART_DRAWN : room ? REPORT_CHART_FULL : rc < 0 && !plot_gnuplot_missing() ? REPORT_CHART_FAILED : 0;
}

int report_charts_failed(const int state[REPORT_CHARTS])
{
    int n = 0;
    for (int k = 0; k < REPORT_CHARTS; k++) n += state[k] == REPORT_CHART_FAILED || state[k] == REPORT_CHART_FULL;
    return n;
}

int report_charts_full(const int state[REPORT_CHARTS])
{
    int n = 0;
    for (int k = 0; k < REPORT_CHARTS; k++) n += state[k] == REPORT_CHART_FULL;
    return n;
}

void report_charts_list(const int state[REPORT_CHARTS], int which, struct sbuf *b)
{
    for (int k = 0; k < REPORT_CHARTS; k++)
        if (state[k] == which) sb_printf(b, "%s%s (%s)", b->len ? ", " : "", chart[k].what, chart[k].file);
}

char *report_charts_said(const int state[REPORT_CHARTS])
{
    struct sbuf b = {0};
    sb_printf(&b, "%s", "");
    for (int pass = REPORT_CHART_DRAWN; pass >= REPORT_CHART_FAILED; pass -= 2) {   /* the drawn, then the failed */
        int n = 0, said = 0;
        for (int k = 0; k < REPORT_CHARTS; k++) n += state[k] == pass;
        for (int k = 0; k < REPORT_CHARTS; k++) {
            if (state[k] != pass) continue;
            /* A list in words: "A, B and C". */
            const char *sep = !said ? pass == REPORT_CHART_DRAWN ? ", and " : ", not " : said == n - 1 ? " and " : ", ";
            sb_printf(&b, "%s%s", sep, chart[k].what);
            if (pass == REPORT_CHART_DRAWN) sb_printf(&b, " (%s)", chart[k].file);
            said++;
        }
    }
    return b.s;
}
