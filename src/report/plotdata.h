/* plotdata.h — the numbers a plot shows, from a run's rows: the rows a plot's filter picks, each
 * put on its figure, panel, series, x and y category, several rows on one point aggregated. */
#ifndef PLOTDATA_H
#define PLOTDATA_H
#include "store/rundir.h"
#include "spec/spec.h"

/* The values one dimension takes (a figure, panel, series, x or y), in order: numerically sorted
 * when every value is one number, else as first met in the file. */
struct cats {
    struct strlist cols;         /* the columns it is made of (none: one category "") */
    struct strlist vals;         /* "4" for one column, "ILP=4, VEC=2" for several */
    /* Where a column is variant: the parameters the plot shows beside it, which its values leave
     * out of the ids (x = "variant" with series = "TILE": "tiled", not "tiled:TILE=16",
     * as a finding's variant=tiled picks them), so that a variant's bars stand in one group. */
    struct strlist hide;
    double *num;                 /* numeric values when numeric */
    int numeric;
};

enum { D_FIG, D_PANEL, D_SERIES, D_X, D_Y, D_N };

/* One point: the aggregated value, its error bar, the plot's label column there (NAN: none), the
 * row it came from (-1 for a mean or median), how many rows fell on it (0: none), and whether its
 * value rests on a row a stop cut short (flag rounds-cut: the row it came from, or one of those a
 * mean or median combines), which every kind draws hollow (plot_impl.h). */
struct pcell { double value, err, label; int row, nrows, cut; };

struct plotdata {
    struct cats d[D_N];
    struct pcell *cells;         /* [fig][panel][series][x][y], row-major */
    const char *unit, *label;    /* of the metric (the spec's unit, else the column's) */
    int better;                  /* +1 higher is better, -1 lower */
    char *note;                  /* "12 points combine several rows (varying: local): the row of the highest GB/s ..." */
    int nrows;                   /* rows the filter picked */
    int apart;                   /* the series of the rows carrying the plot's apart_flag (spec.h), -1 for none */
    const char *(*series_said)(const char *value);   /* the plot's (spec.h): a series value in its words */
    int point_per_row;           /* the kind's (plotkinds.h): each row an x category of its own, PLOTDATA_ROW_MARK */
    /* The rows each cell combines: cell c's (plotdata_cell's index) are rows[start[c]] to
     * rows[start[c + 1] - 1], in the file's order; what a figure says its points combine. */
    int *start, *rows;
};

/* plotdata_make: collects plot p's data from r. x_col: the x dimension's column (p->x, or a
 * default for the kind); series_col likewise. Returns 0; 1 and *err when this run has nothing to
 * draw (no row matches, none has a value of the metric: a column the device does not report, or
 * a column an older clx did not write: the spec's columns are checked when it is read); -1 and
 * *err on an error (an expression that cannot be evaluated). */
/* A point-per-row kind's x category: the row's x value, this mark, the row's index; the number before
 * the mark is the x (strtod stops at it). Two rows of one median time were one cell, and the chart
 * said it drew the "best of" them. */
#define PLOTDATA_ROW_MARK "\x1f"

int plotdata_make(const struct rundir *r, const struct spec_plot *p, const char *x_col, const char *series_col,
                  struct plotdata *d, char **err);
/* plotdata_best_by: what the best row of each of cells [from, to) that combine several rows was
 * taken by (rowrank_best_of: "the highest GB/s", "the highest GFLOP/s", "the lowest median time"),
 * "the fastest by GB/s, GFLOP/s or median time" where it differs between them, "" for none: a static
 * text. */
const char *plotdata_best_by(const struct rundir *r, const struct plotdata *d, size_t from, size_t to);
/* plot_order_said: where the points show the Best table's rows (by: plotdata_best_by's words) drawn by
 * another column, metric ("mean_ms" where the table ranks by GB/s of the median time), the words that
 * follow "the one the Best table takes, ": "drawn by its mean time, not by the highest GB/s: 1 pair
 * drawn in the other order than the Best table's (gs_f4_ilp4 ranks above gs_float4 at N=1000003
 * there)", pairs of one series and figure (fg; -1: every figure) compared; NULL where the column drawn
 * is the one ranked by, or by is "". A new string (plot_order.c). */
char *plot_order_said(const struct rundir *r, const char *metric, const struct plotdata *d, int fg, const char *by);
/* plot_order_ranked: whether column metric is the one the Best table ranked by (by: plotdata_best_by's
 * words; where they name several measures, any of GB/s, GFLOP/s and median time). */
int plot_order_ranked(const char *metric, const char *by);
/* plotdata_cell: the cell at the given category indexes. */
struct pcell *plotdata_cell(const struct plotdata *d, int fig, int panel, int series, int x, int y);
void plotdata_free(struct plotdata *d);
/* cat_label: the display form of a category value (a new string): whole multiples of 1024^k or
 * 1000^k from 10000 up are shortened (8192 stays, 1048576 is "1Mi", 200000000 "200M"); fmt
 * "bytes" writes sizes ("8 KiB", "256 MiB"), "plain" leaves the value as it is. */
char *cat_label(const char *value, const char *fmt);
#endif
