/* plot.h — the pictures a spec declares, drawn with gnuplot from a run's results: for each figure
 * a data file (NAME.tsv), the gnuplot script that draws it (NAME.gp, re-runnable by hand), an SVG
 * and a PNG, in one folder. */
#ifndef PLOT_H
#define PLOT_H
#include "store/rundir.h"
#include "spec/spec.h"

struct plot_result {
    struct strlist figures;      /* file stems of the figures drawn ("lines_gflops", "heatmap_rel_time-base") */
    struct strlist captions;     /* a title per figure */
    char *note;                  /* what the points combine, peaks that are unknown; NULL when nothing */
    char *warning;               /* what the note says that the console says too (lines of one point); else NULL */
    char *not_drawn;             /* why this run has nothing to draw (plot_draw returned 1); else NULL */
    char *error;                 /* why nothing (or not everything) was drawn; NULL on success */
    /* The want of room the plot failed for (ENOSPC, EDQUOT: a figure's data, script or picture not
     * written), else 0: the first figure's so refused, kept (with its error) over a later one's
     * want of gnuplot, where every figure is tried; a value, as errno is reset by the next figure. */
    int full;
};

/* plot_draw: draws plot p of run r into dir (which exists). Returns 0; 1 when this run has nothing
 * to draw (out->not_drawn says why: not an error: a --quick sweep lacks the values, the device does
 * not report a column, an older clx did not write one); -1 with out->error (gnuplot missing or
 * failing, an expression that cannot be evaluated, too many points). */
int plot_draw(const struct rundir *r, const struct spec_plot *p, const char *dir, struct plot_result *out);
void plot_result_free(struct plot_result *o);
/* plot_gnuplot_missing: NULL when gnuplot can be run, else why not (a static text). A machine
 * without it gets each plot's data and script, no pictures, and no failure for that alone. */
const char *plot_gnuplot_missing(void);

/* A bar chart made by the caller (clx compare, clx history): groups of bars, one bar per series in
 * each; or, with lines, one line per series over the groups (dates, in order). */
struct bar_chart {
    const char *name, *title, *subtitle, *ylabel, *xlabel;   /* xlabel: NULL for none */
    struct strlist groups, series;
    double *value;               /* [group * nseries + series]; NAN for none */
    double ref;                  /* a horizontal line (1 for ratios); NAN for none */
    int ylog;
    int counts;                  /* values are counts: labelled "12", not "1.20x" */
    int lines;                   /* a line per series instead of bars */
    /* Each series' bar colour where its meaning has one (compare's verdicts: FASTER green, SLOWER
     * vermillion); NULL: the palette's, in order. */
    const char *const *series_colour;
    /* clx compare's verdicts (clx history's, with lines), NULL for none: per bar [group * nseries +
     * series], what its configurations were called (BAR_* below), and how many of its rows were
     * decided FASTER or SLOWER. Only a decided bar keeps its series' colour: any other is grey, its
     * height within the noise (docs/compare.md); a line's point is hollow, the segment to it dashed. */
    const char *const *verdict;
    const int *decided, *rows;
};
/* A bar's verdict: every configuration of it had that one (verdict_name's), or where they differed
 * their counts in the console's words and order, "2 SLOWER, 1 UNSURE" (cmp_verdicts_said); anything
 * but FASTER, SLOWER and SAME is drawn undecided. */
/* A line's point that is no verdict: the reference the others are against (a history's first run). */
#define BAR_REF "-"
/* plot_bars: draws c into dir/NAME.{tsv,gp,svg,png}. 0, or -1, *err and *full: the want of room it
 * failed for (ENOSPC, EDQUOT: its data, script or pictures not written), else 0 (full may be NULL). */
int plot_bars(const struct bar_chart *c, const char *dir, char **err, int *full);
#endif
