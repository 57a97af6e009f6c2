/* plotsown.h — which files in a run's plots/ a report may replace: those an earlier report made, as
 * far as clx can know it (named in its report.md, or by exactly a name this report writes), never
 * another's: a picture or script of the user's own there, one merely named after a plot
 * (lines-mine.png beside the plot "lines"), or one no report.md names, with none left to say whose
 * it is (a plot since renamed: kept, unsaid, docs/report.md). */
#ifndef PLOTSOWN_H
#define PLOTSOWN_H
#include "lib/util.h"

struct plots_own {
    char *md;                    /* the earlier report.md's text, or NULL where there is none */
    struct strlist stems;        /* the stems this report writes: STEM.tsv, .gp, .svg and .png are its */
};

/* plots_own_read: o with the earlier run_dir/report.md read (none: a report stopped, or failed,
 * before it, or a folder the user emptied of it) and the stems the report writes: its spec's plots'
 * and its own charts' names (stems[0..n)) and those of the files it wrote into drawn (its draft's
 * plots/: a plot's figures, heat-fast.*; NULL for none). Freed by plots_own_free. */
void plots_own_read(struct plots_own *o, const char *run_dir, const struct strlist *stems, const char *drawn);
/* plots_own_is: whether name, a picture, data or script in plots/, is a report's: named in the
 * earlier report.md ("plots/NAME"), or exactly STEM.tsv, STEM.gp, STEM.svg or STEM.png of one of
 * the stems. */
int plots_own_is(const struct plots_own *o, const char *name);
void plots_own_free(struct plots_own *o);
#endif
