/* plotsown.h — which files in a run's plots/ a report may replace: those an earlier report made
 * (named in its report.md, or after a plot or chart the report draws), never another's (a picture or
 * script of the user's own there, or one no report.md names, with none left to say whose it is). */
#ifndef PLOTSOWN_H
#define PLOTSOWN_H
#include "lib/util.h"

struct plots_own {
    char *md;                    /* the earlier report.md's text, or NULL where there is none */
    struct strlist stems;        /* the report's plots and charts: STEM.EXT and STEM-FIGURE.EXT are its */
};

/* plots_own_read: o with the earlier run_dir/report.md read (none: a report stopped, or failed,
 * before it, or a folder the user emptied of it) and the stems the report draws (its spec's plots'
 * and its own charts' names, stems[0..n)). Freed by plots_own_free. */
void plots_own_read(struct plots_own *o, const char *run_dir, const struct strlist *stems);
/* plots_own_is: whether name, a picture, data or script in plots/, is a report's: named in the
 * earlier report.md ("plots/NAME"), or STEM.EXT or STEM-FIGURE.EXT of one of the stems. */
int plots_own_is(const struct plots_own *o, const char *name);
void plots_own_free(struct plots_own *o);
#endif
