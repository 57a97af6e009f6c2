/* plot_order.c — where a chart's "best" point is the row the Best table takes but is drawn by another
 * column than the one it was ranked by (vecsum's time.png: the mean time of the row of the highest
 * GB/s, those from the median time), what the caption says of it, and the points the two put in
 * opposite orders: with noisy rows a mean and a median differ by half, and the bars reversed the
 * table's "fastest". */
#include "plotdata.h"
#include "lib/util.h"
#include "rowrank.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ranked_column: the column the Best table's measure (plotdata_best_by's words) is, NULL for none or
 * several. */
static const char *ranked_column(const char *by)
{
    return !strcmp(by, "the highest GB/s") ? "gbs" : !strcmp(by, "the highest GFLOP/s") ? "gflops"
           : !strcmp(by, "the lowest median time") ? "median_ms" : NULL;
}

/* cell_at: the cell of the given indexes, row-major as plotdata.h lays them out (its own function is
 * not called: plotdata.c calls this file). */
static const struct pcell *cell_at(const struct plotdata *d, int fg, int pn, int s, int x, int y)
{
    size_t i = (size_t)fg;
    int idx[D_N] = { fg, pn, s, x, y };
    for (int k = 1; k < D_N; k++) i = i * (size_t)d->d[k].vals.n + (size_t)idx[k];
    return &d->cells[i];
}

/* reversed: whether cells a and b (each one row's) are drawn in the other order than rowrank ranks
 * their rows (only rows ranked by the same measure compared). */
static int reversed(const struct rundir *r, const struct plotdata *d, const struct pcell *a, const struct pcell *b)
{
    if (!a->nrows || !b->nrows || a->row < 0 || b->row < 0 || !isfinite(a->value) || !isfinite(b->value)) return 0;
    if (rowrank_memory_bound(r, a->row) != rowrank_memory_bound(r, b->row)) return 0;
    double ka = rowrank(r, a->row), kb = rowrank(r, b->row);
    if (!(ka > 0 && kb > 0) || ka == kb) return 0;
    if (ka < kb) { const struct pcell *t = a; a = b; b = t; }   /* a: the faster by the table's measure */
    return d->better > 0 ? a->value < b->value : a->value > b->value;
}

int plot_order_ranked(const char *metric, const char *by)
{
    const char *col = ranked_column(by);
    return col ? !strcmp(metric, col) : !strcmp(metric, "gbs") || !strcmp(metric, "gflops") || !strcmp(metric, "median_ms");
}

char *plot_order_said(const struct rundir *r, const char *metric, const struct plotdata *d, int fg, const char *by)
{
    if (!*by || plot_order_ranked(metric, by)) return NULL;
    int f0 = fg < 0 ? 0 : fg, f1 = fg < 0 ? d->d[D_FIG].vals.n : fg + 1, pairs = 0;
    char *first = NULL;
    for (int f = f0; f < f1; f++)
        for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
            for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
                for (int y = 0; y < d->d[D_Y].vals.n; y++)
                    for (int a = 0; a < d->d[D_X].vals.n; a++)
                        for (int b = a + 1; b < d->d[D_X].vals.n; b++) {
                            const struct pcell *ca = cell_at(d, f, pn, s, a, y), *cb = cell_at(d, f, pn, s, b, y);
                            if (!reversed(r, d, ca, cb)) continue;
                            if (pairs++) continue;
                            int af = rowrank(r, ca->row) > rowrank(r, cb->row);
                            const struct cats *ss = &d->d[D_SERIES];
                            char *at = !ss->cols.n ? xstrdup("")
                                       : ss->cols.n == 1 ? xasprintf(" at %s=%s", ss->cols.v[0], ss->vals.v[s])
                                       : xasprintf(" at %s", ss->vals.v[s]);
                            first = xasprintf("%s ranks above %s%s in the Best table", d->d[D_X].vals.v[af ? a : b],
                                              d->d[D_X].vals.v[af ? b : a], at);
                            free(at);
                        }
    /* A rate of the same median time (GFLOP/s where GB/s ranked), or that time, orders as the table
     * does where the points' work is alike: unsaid unless two points show otherwise. Another time (a
     * mean) may not. */
    size_t ml = strlen(metric);
    if (!pairs && !(ml > 3 && !strcmp(metric + ml - 3, "_ms") && strcmp(metric, "median_ms"))) return NULL;
    char *more = pairs > 1 ? xasprintf(" (%d pairs so)", pairs) : xstrdup("");
    char *said = pairs ? xasprintf("drawn by its %s, not by %s: %s, drawn the other way%s", d->label, by, first, more)
                       : xasprintf("drawn by its %s, not by %s: in the Best table's order here", d->label, by);
    free(first);
    free(more);
    return said;
}
