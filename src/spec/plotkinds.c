/* plotkinds.c — the table of plot kinds (plotkinds.h). */
#include "plotkinds.h"
#include "lib/util.h"
#include "lib/names.h"
#include <stddef.h>

static const struct plot_kind_info kinds[PLOT_KINDS] = {
    /* name        metric x  y  own  default x   default series  fixed metric, agg, shared ranges, point per row */
    [PLOT_HEATMAP]  = { "heatmap",  1, 1, 1, 0, NULL,      NULL,      NULL,     NULL, 0 },
    [PLOT_LINES]    = { "lines",    1, 1, 0, 0, NULL,      NULL,      NULL,     NULL, 1 },
    /* Bars group by variant unless told otherwise. */
    [PLOT_BARS]     = { "bars",     1, 0, 0, 0, "variant", NULL,      NULL,     NULL, 1 },
    /* Opt vs no-opt puts the builds side by side: its series are the builds. */
    [PLOT_OPTNOOPT] = { "optnoopt", 1, 0, 0, 1, "variant", "build",   NULL,     NULL, 1 },
    /* A roofline has a point per variant, at its best row: the Best table's (by GB/s where the work
     * is memory-bound), the row every other chart of the report draws for it. */
    [PLOT_ROOFLINE] = { "roofline", 0, 0, 0, 0, NULL,      "variant", "gflops", "best", 0 },
    /* A scatter has a point per row: its x is a measured column, each row's value its own category. */
    [PLOT_SCATTER]  = { "scatter",  1, 1, 0, 0, NULL,      NULL,      NULL,     NULL, 1, 1 },
};

const struct plot_kind_info *plot_kind_info(enum plot_kind k) { return k >= 0 && k < PLOT_KINDS ? &kinds[k] : NULL; }

int plot_kind_of(const char *name) { return name_row(&kinds[0].name, PLOT_KINDS, sizeof kinds[0], name); }

char *plot_kind_near(const char *word)
{
    return name_rows_did_you_mean(&kinds[0].name, PLOT_KINDS, sizeof kinds[0], word);
}

const char *plot_kind_names(void)
{
    static char list[256];
    if (!list[0]) name_rows_join(list, sizeof list, &kinds[0].name, PLOT_KINDS, sizeof kinds[0], " or ");
    return list;
}

/* clx's own charts (plotkinds.h): the name and what it is, for the message refusing it. */
static const struct { const char *name, *what; } reserved[] = {
    { PLOT_NAME_SOL, "the speed-of-light chart (report.md's Speed of light)" },
    { PLOT_NAME_SEARCH, "the search's trajectory (clx run --search)" },
    { PLOT_NAME_LATENCY, "the probes' load latency against footprint" },
};
#define NRESERVED (sizeof reserved / sizeof reserved[0])

const char *plot_name_reserved(const char *name)
{
    int i = name_row(&reserved[0].name, (int)NRESERVED, sizeof reserved[0], name);
    return i < 0 ? NULL : reserved[i].what;
}

const char *plot_reserved_names(void)
{
    static char list[128];
    if (!list[0]) name_rows_join(list, sizeof list, &reserved[0].name, (int)NRESERVED, sizeof reserved[0], " and ");
    return list;
}
