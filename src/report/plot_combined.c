/* plot_combined.c — the line under a figure's title that says what its points combine: where a
 * point stands for several rows (an axis the plot does not show, such as N, took several values),
 * which one it shows and over which values ("best of N=1Mi..4Mi at each point (the row of the highest
 * GB/s)"), so that the picture read alone does not pass those rows' best for every row's. */
#include "plot_impl.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

/* More values than this of a column that is no number are counted, not listed. */
#define LISTED_VALUES 3

/* agg_word: how a point is made of its rows, as the line says it. */
static const char *agg_word(const char *agg)
{
    if (!agg || !strcmp(agg, "best")) return "best";
    if (!strcmp(agg, "max")) return "highest";
    if (!strcmp(agg, "min")) return "lowest";
    return agg;                  /* mean, median */
}

/* values_of: identifying column k's distinct values among the rows of the cells [from, to) that
 * combine several, in the file's order. */
static void values_of(const struct rundir *r, const struct plotdata *d, int k, size_t from, size_t to, struct strlist *out)
{
    for (size_t c = from; c < to; c++) {
        int n = d->start[c + 1] - d->start[c];
        if (n < 2) continue;
        for (int j = 0; j < n; j++) {
            const char *v = table_cell(&r->t, d->rows[d->start[c] + j], r->id_col[k]);
            int seen = 0;
            for (int q = 0; q < out->n && !seen; q++) seen = !strcmp(out->v[q], v);
            if (!seen) sl_push(out, v);
        }
    }
}

/* per_cell: the fewest (*lo) and most (*hi) distinct values of identifying column k among the rows
 * of each cell of [from, to) that combines several. */
static void per_cell(const struct rundir *r, const struct plotdata *d, int k, size_t from, size_t to, int *lo, int *hi)
{
    *lo = 0;
    *hi = 0;
    for (size_t c = from; c < to; c++) {
        if (d->start[c + 1] - d->start[c] < 2) continue;
        struct strlist v = {0};
        values_of(r, d, k, c, c + 1, &v);
        if (!*hi || v.n < *lo) *lo = v.n;
        if (v.n > *hi) *hi = v.n;
        sl_free(&v);
    }
}

/* column_values: "N=1Mi..4Mi" (numbers: the lowest and highest, as the axes write them),
 * "build=default|-cl-opt-disable" (a few words, as a filter writes alternatives), "5 variants"
 * (many words: counted); appended to b after a comma where b has text. Where each point takes
 * fewer of them than all (lo..hi a point), their number first: "2-3 of 6 variants" (sgemm's bars
 * said "best of 6 variants" over 2 rows each). */
static void column_values(struct sbuf *b, const char *col, const struct strlist *v, int each_lo, int each_hi)
{
    sb_printf(b, "%s", b->len ? ", " : "");
    if (each_hi > 0 && each_lo < v->n) {
        if (each_lo < each_hi) sb_printf(b, "%d-%d of ", each_lo, each_hi);
        else sb_printf(b, "%d of ", each_hi);
    }
    double lo = 0, hi = 0, x;
    int ilo = 0, ihi = 0, numeric = 1;
    for (int i = 0; i < v->n && numeric; i++) {
        numeric = parse_number(v->v[i], &x) == 0;
        if (numeric && (i == 0 || x < lo)) { lo = x; ilo = i; }
        if (numeric && (i == 0 || x > hi)) { hi = x; ihi = i; }
    }
    if (numeric) {
        char *a = cat_label(v->v[ilo], NULL), *z = cat_label(v->v[ihi], NULL);
        sb_printf(b, "%s=%s%s%s", col, a, v->n > 2 ? ".." : "|", z);
        free(a);
        free(z);
        return;
    }
    if (v->n > LISTED_VALUES) {
        int plural = !strcmp(col, "variant") || !strcmp(col, "build");
        sb_printf(b, plural ? "%d %ss" : "%d values of %s", v->n, col);
        return;
    }
    sb_printf(b, "%s=", col);
    for (int i = 0; i < v->n; i++) sb_printf(b, "%s%s", i ? "|" : "", *v->v[i] ? v->v[i] : "''");
}

/* shown_alike: where each point shows one of its rows (best, max, min) and every point of [from,
 * to) that combines rows shows one with the same value of column k, that value as the axes write
 * it (a new string): every point of a bandwidth plot may be the smallest N's, whose data sat in the
 * cache; else NULL. */
static char *shown_alike(const struct rundir *r, const struct plotdata *d, int k, size_t from, size_t to)
{
    const char *value = NULL;
    for (size_t c = from; c < to; c++) {
        if (d->start[c + 1] - d->start[c] < 2) continue;
        if (d->cells[c].row < 0) return NULL;             /* a mean or median: no row of its own */
        const char *v = table_cell(&r->t, d->cells[c].row, r->id_col[k]);
        if (value && strcmp(value, v)) return NULL;
        value = v;
    }
    return value ? cat_label(value, NULL) : NULL;
}

char *plot_combined_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, const char *noun)
{
    size_t per = (size_t)d->d[D_PANEL].vals.n * (size_t)d->d[D_SERIES].vals.n * (size_t)d->d[D_X].vals.n
                 * (size_t)d->d[D_Y].vals.n;
    size_t from = (size_t)fg * per, to = from + per;
    int points = 0, combined = 0;
    for (size_t c = from; c < to; c++) {
        int n = d->start[c + 1] - d->start[c];
        points += n > 0;
        combined += n > 1;
    }
    if (!combined) return NULL;
    struct sbuf what = {0}, one = {0};
    for (int k = 0; k < r->id_names.n; k++) {
        /* A column that differs between points but within none (the series' own) is not combined. */
        int differs = 0;
        for (size_t c = from; c < to && !differs; c++)
            differs = rundir_id_differs(r, k, d->rows + d->start[c], d->start[c + 1] - d->start[c]);
        if (!differs) continue;
        struct strlist v = {0};
        values_of(r, d, k, from, to, &v);
        int lo, hi;
        per_cell(r, d, k, from, to, &lo, &hi);
        if (v.n > 1) column_values(&what, r->id_names.v[k], &v, lo, hi);
        sl_free(&v);
        char *same = shown_alike(r, d, k, from, to);
        if (same) { sb_printf(&one, "%s%s=%s", one.len ? ", " : "", r->id_names.v[k], same); free(same); }
    }
    /* Rows alike in every identifying column (a results file with a configuration twice): said as rows. */
    struct sbuf line = {0};
    sb_printf(&line, "%s of %s at ", agg_word(p->agg), what.s ? what.s : "several rows");
    if (combined == points) sb_printf(&line, "each %s", noun);
    else sb_printf(&line, "%d of %d %ss", combined, points, noun);
    /* Which row best is, whatever column the figure draws: the Best table's (a mean time's bar is
     * that row's mean, not the lowest mean of the rows). */
    const char *by = !p->agg || !strcmp(p->agg, "best") ? plotdata_best_by(r, d, from, to) : "";
    /* A chart of another column says whose ranking that is: "(the row of the highest GB/s)" over
     * GFLOP/s bars read as a slip. */
    if (*by) sb_printf(&line, " (the row of %s%s)", by, plot_order_ranked(p->metric, by) ? "" : ", the Best table's ranking");
    if (one.s && combined > 1) sb_printf(&line, ": all at %s", one.s);
    char *drawn = *by ? plot_order_said(r, p->metric, d, fg, by) : NULL;   /* a mean time of it: said */
    if (drawn) sb_printf(&line, "\n%s", drawn);
    free(drawn);
    sb_free(&what);
    sb_free(&one);
    return line.s;
}
