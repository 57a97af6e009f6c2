/* plotdata.c — a plot's numbers from a run's rows: filter, categories, aggregation, error bars. */
#include "plotdata.h"
#include "unkept.h"
#include "relexact.h"
#include "rowrank.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include "lib/expr.h"
#include "spec/select.h"
#include "spec/variantid.h"
#include "lib/stats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* cats_init: the columns of a dimension from a comma-separated list (NULL: none). */
static int cats_init(struct cats *c, const struct rundir *r, const char *list, char **err)
{
    memset(c, 0, sizeof *c);
    if (!list) return 0;
    struct strlist l = {0};
    sl_split(&l, list, ',');
    for (int i = 0; i < l.n; i++) {
        char *name = str_trim(l.v[i]);
        if (table_col(&r->t, name) < 0) {
            *err = xasprintf("no column '%s' in %s (written by an older clx, or another spec)", name, r->t.path);
            sl_free(&l);
            return -1;
        }
        sl_push(&c->cols, name);
    }
    sl_free(&l);
    return 0;
}

/* hide_shown: for each dimension with a variant column, the plot's other columns (the parameters
 * it shows beside the variant, of which the ids need say nothing more). */
static void hide_shown(struct plotdata *d)
{
    for (int k = 0; k < D_N; k++) {
        int has = 0;
        for (int c = 0; c < d->d[k].cols.n; c++) has |= !strcmp(d->d[k].cols.v[c], "variant");
        for (int o = 0; o < D_N && has; o++)
            for (int c = 0; c < d->d[o].cols.n; c++)
                if (strcmp(d->d[o].cols.v[c], "variant")) sl_push(&d->d[k].hide, d->d[o].cols.v[c]);
    }
}

/* cat_value: row i's value of column col in dimension c: a variant's id less what c hides. */
static char *cat_value(const struct cats *c, const struct rundir *r, int i, const char *col)
{
    const char *v = table_cell(&r->t, i, table_col(&r->t, col));
    if (c->hide.n && !strcmp(col, "variant")) return vid_without(v, &c->hide, r->experiment);
    return xstrdup(v);
}

static char *cats_key(const struct cats *c, const struct rundir *r, int i)
{
    if (c->cols.n == 1) return cat_value(c, r, i, c->cols.v[0]);
    struct sbuf b = {0};
    for (int k = 0; k < c->cols.n; k++) {
        char *v = cat_value(c, r, i, c->cols.v[k]);
        sb_printf(&b, "%s%s=%s", k ? ", " : "", c->cols.v[k], v);
        free(v);
    }
    return b.s ? b.s : xstrdup("");
}

/* row_key: row i's category in dimension k: its columns' values, but a row carrying the plot's
 * apart flag is in the series of its own whatever its series column says (plotdata.h). */
static char *row_key(const struct plotdata *d, const struct spec_plot *p, int k, const struct rundir *r, int i)
{
    if (k == D_SERIES && p->apart_flag && flag_has(table_cell(&r->t, i, r->c_flag), p->apart_flag))
        return xstrdup(p->apart_title);
    if (k == D_X && d->point_per_row) {
        char *v = cats_key(&d->d[k], r, i), *key = xasprintf("%s" PLOTDATA_ROW_MARK "%d", v, i);
        free(v);
        return key;
    }
    return cats_key(&d->d[k], r, i);
}

static int cats_index(const struct cats *c, const char *key)
{
    for (int k = 0; k < c->vals.n; k++)
        if (!strcmp(c->vals.v[k], key)) return k;
    return -1;
}

/* cats_sort: numeric categories in increasing order (an axis of sizes or work-group sizes). */
static void cats_sort(struct cats *c)
{
    c->numeric = c->cols.n == 1 && c->vals.n > 0;
    c->num = xcalloc((size_t)c->vals.n + 1, sizeof *c->num);
    for (int k = 0; k < c->vals.n && c->numeric; k++) c->numeric = parse_number(c->vals.v[k], &c->num[k]) == 0;
    if (!c->numeric) return;
    for (int a = 1; a < c->vals.n; a++)          /* insertion sort: tens of values */
        for (int b = a; b > 0 && c->num[b] < c->num[b - 1]; b--) {
            double t = c->num[b]; c->num[b] = c->num[b - 1]; c->num[b - 1] = t;
            char *s = c->vals.v[b]; c->vals.v[b] = c->vals.v[b - 1]; c->vals.v[b - 1] = s;
        }
}

struct pcell *plotdata_cell(const struct plotdata *d, int fig, int panel, int series, int x, int y)
{
    size_t i = (size_t)fig;
    i = i * (size_t)d->d[D_PANEL].vals.n + (size_t)panel;
    i = i * (size_t)d->d[D_SERIES].vals.n + (size_t)series;
    i = i * (size_t)d->d[D_X].vals.n + (size_t)x;
    i = i * (size_t)d->d[D_Y].vals.n + (size_t)y;
    return &d->cells[i];
}

/* row_err: the error bar of one row's value: the trials' standard deviation for a time column,
 * the value times their coefficient of variation for a rate or ratio of times (or an expression
 * that uses one; a deviation's value plus 1: column_origin), none for a count or size, which does
 * not vary between trials. A ratio to the
 * reference variant's row has both rows' variations (their coefficients added in quadrature), and
 * none on the reference's own row, which is 1 by definition: not a measurement. */
static double row_err(const struct rundir *r, const char *metric, int i, double value)
{
    const struct column_info *ci = column_find(metric);
    enum column_err kind = ci ? ci->err : ERR_NONE;
    for (int k = 0; !ci && column_table[k].name && kind == ERR_NONE; k++)   /* an expression of a time or rate */
        if (column_table[k].err != ERR_NONE && strstr(metric, column_table[k].name)) kind = ERR_CV;
    int cv = table_col(&r->t, "cv");
    double x = kind == ERR_SD ? table_num(&r->t, i, r->c_stddev)
             : kind == ERR_CV ? fabs(value + column_origin(ci)) * table_num(&r->t, i, cv) : 0;
    if (kind == ERR_REL) {
        int ref = relexact_reference(r, i);
        double a = table_num(&r->t, i, cv), b = ref >= 0 ? table_num(&r->t, ref, cv) : 0;
        x = ref == i ? 0 : fabs(value) * sqrt(a * a + (isfinite(b) ? b * b : 0));
    }
    return isfinite(x) ? x : 0;
}

/* How a plot's cells combine their rows of r: by agg (the plot's; NULL: the best row, the fastest by
 * rowrank's rule; better says the side of the metric's values where none has a speed to rank), the
 * metric's values, and the label column lc (-1: none). */
struct cell_rule {
    const struct rundir *r;
    const char *metric;
    const char *agg;
    int better;
    int lc;
};

/* aggregate: the cell from its rows' values; its label (the label column, lc >= 0) from the row
 * it shows, or combined the same way as the values. */
static void aggregate(struct pcell *c, const int *rows, const double *vals, int n, const struct cell_rule *how)
{
    const struct rundir *r = how->r;
    const char *agg = how->agg, *metric = how->metric;
    int better = how->better, lc = how->lc;
    c->nrows = n;
    c->row = -1;
    c->label = NAN;
    if (n == 0) { c->value = c->err = NAN; return; }
    int want_max = agg && !strcmp(agg, "max") ? 1 : agg && !strcmp(agg, "min") ? 0 : better >= 0;
    int best = !agg || !strcmp(agg, "best");
    if (best || !strcmp(agg, "max") || !strcmp(agg, "min") || n == 1) {
        /* best: the row the Best table takes (rowrank.h: by its GB/s, GFLOP/s or median time), whatever
         * column this chart draws, so that a variant's bar is one row in every chart of a report: by
         * its own column, a mean time's bar took local=256 where the GB/s bar took local=64. Rows
         * with no time or rate to rank (a measured row has its median: none) by the column's values. */
        int ranked = best ? rowrank_best_of(r, rows, n, NULL) : -1, b = ranked >= 0 ? ranked : 0;
        for (int k = 1; k < n && ranked < 0; k++)
            if (want_max ? vals[k] > vals[b] : vals[k] < vals[b]) b = k;
        c->row = rows[b];
        c->value = vals[b];
        c->err = row_err(r, metric, rows[b], vals[b]);
        if (lc >= 0) c->label = table_num(&r->t, rows[b], lc);
        return;
    }
    int median = !strcmp(agg, "median");
    struct stats st;
    stats_compute(vals, n, &st);
    c->err = st.stddev;                /* the spread across the rows it combines */
    c->value = median ? st.median : st.mean;
    if (lc >= 0) {
        double *v = xmalloc(sizeof *v * (size_t)n);
        int m = 0;
        for (int k = 0; k < n; k++) {
            double x = table_num(&r->t, rows[k], lc);
            if (isfinite(x)) v[m++] = x;
        }
        if (m) { stats_compute(v, m, &st); c->label = median ? st.median : st.mean; }
        free(v);
    }
}

/* varying: the identifying columns (variant, build, launch axes) that differ among the rows of
 * any cell holding several, for the note that says what a point combines. */
static char *varying(const struct rundir *r, const int *start, const int *order, size_t ncells)
{
    struct sbuf b = {0};
    for (int k = 0; k < r->id_names.n; k++) {
        int differs = 0;
        for (size_t cell = 0; cell < ncells && !differs; cell++)
            differs = rundir_id_differs(r, k, order + start[cell], start[cell + 1] - start[cell]);
        if (differs) sb_printf(&b, "%s%s", b.len ? ", " : "", r->id_names.v[k]);
    }
    return b.s ? b.s : xstrdup("");
}

/* The measured rows a plot's where matched, with a value or not: how many, and the first of them
 * (where the spec's work is looked at when none has a rate: no_rows_why). */
struct matched {
    int n, first;
};

/* pick_rows: the rows the plot shows (pick[i]): measured, matching the plot's where, with a finite
 * value of the metric (val[i]); each dimension's categories gathered from them as they come.
 * *matched: the rows that matched, with a value or not, and the first; *unmeasured: those that matched the where
 * but were not measured or are set aside above the peak (unkept.h). Returns 0, or 1 and -1 as
 * plotdata_make. */
static int pick_rows(const struct rundir *r, const struct spec_plot *p, struct plotdata *d, int *pick, double *val,
                     struct matched *matched, struct unkept *unmeasured, char **err)
{
    struct filter f = {0};
    if (filter_parse(p->where, &f, err)) { filter_free(&f); return -1; }
    if (filter_bind(&f, &r->t, err)) { filter_free(&f); return 1; }
    for (int i = 0; i < r->t.nrows; i++) {
        if (!filter_match(&f, &r->t, i)) continue;
        /* A row set aside above the peak that carries the apart flag is drawn apart (report_sol.c's sol>100). */
        int apart = p->apart_flag && rundir_above_peak(r, i) && flag_has(table_cell(&r->t, i, r->c_flag), p->apart_flag);
        if (!rundir_row_ok(r, i) && !apart) { unkept_add(unmeasured, r, i); continue; }
        if (!matched->n++) matched->first = i;
        char *e = NULL;
        val[i] = relexact_value(r, p->metric, i, &e);   /* rel_time unrounded: a heat map's 1.0754, not 1.075 */
        if (e) { *err = xasprintf("metric '%s': %s", p->metric, e); free(e); filter_free(&f); return -1; }
        if (!isfinite(val[i])) continue;
        pick[i] = 1;
        d->nrows++;
        for (int k = 0; k < D_N; k++) {
            char *key = row_key(d, p, k, r, i);
            if (cats_index(&d->d[k], key) < 0) sl_push(&d->d[k].vals, key);
            free(key);
        }
    }
    filter_free(&f);
    return 0;
}

/* names_energy: whether an expression reads one of --energy's columns. */
static int names_energy(const char *e) { return e && (strstr(e, "energy_") || strstr(e, "_per_j")); }

/* work_why: what the spec's work (flops or bytes: setting, its text) is at the measured rows that
 * have no rate of it, row first among them: not given, 0, or (a run of a clx that did not refuse
 * it) negative or no number, said with its value at row first where the row's columns give one. */
static char *work_why(const char *setting, const char *text, const struct rundir *r, int first)
{
    if (!text) return xasprintf("the spec gives no %s", setting);
    /* In parentheses: an expression over the row's numbers, never a column's name ("0" is no column). */
    char *as_expr = xasprintf("(%s)", text);
    double x = rundir_value(r, as_expr, first, NULL);
    free(as_expr);
    if (x == 0) return xasprintf("the spec's %s is 0 at them", setting);
    if (x < 0) return xasprintf("the spec's %s = '%s' is negative at them (%g at the first)", setting, text, x);
    return xasprintf("the spec's %s = '%s' is not above 0 at them (0, negative or no number)", setting, text);
}

/* no_rows_why: why no row has a value to plot, given how many measured rows matched and the
 * rows that matched unmeasured or set aside (a new string). A plot of energy in a run that
 * measured none says why (run.json's energy.why: not asked for, or no source), not that the device
 * lacks a column; a where that names a value the sweep has is not guessed to be a wrong one. */
static char *no_rows_why(const struct spec_plot *p, int matched, int first, const struct unkept *unmeasured,
                         const struct rundir *r)
{
    const char *why = json_str(runjson_part(&r->rj, RJ_ENERGY), "why");
    if (matched && (names_energy(p->metric) || names_energy(p->x)) && *why)
        return xasprintf("%d measured row%s match%s, none with an energy: %s", matched, matched > 1 ? "s" : "",
                         matched > 1 ? "" : "es", why);
    /* A rate clx writes itself from the spec's work: none on a measured row is the spec's work
     * not above 0 there (run_rows.c: "0 is a row with no such rate"), not a column the device lacks. */
    const char *work = !strcmp(p->metric, "gflops") ? "flops" : !strcmp(p->metric, "gbs") ? "bytes" : NULL;
    if (matched && work) {
        char *at = work_why(work, *work == 'f' ? p->work_flops : p->work_bytes, r, first);
        char *why = xasprintf("%d measured row%s match%s, none with a value of %s: %s: %s needs %s", matched,
                              matched > 1 ? "s" : "", matched > 1 ? "" : "es", p->metric, at,
                              p->kind_id == PLOT_ROOFLINE ? "a roofline" : "the rate", work);
        free(at);
        return why;
    }
    const char *absent = matched ? column_absent_why(p->metric, rundir_end(r) == RUNDIR_FINISHED) : NULL;
    if (absent)
        return xasprintf("%d measured row%s match%s, none with a value of %s: %s", matched, matched > 1 ? "s" : "",
                         matched > 1 ? "" : "es", p->metric, absent);
    const char *needs = column_needs(p->metric);
    if (matched && needs)
        return xasprintf("%d measured row%s match%s, none with a value of %s: it needs %s, which this device does not "
                         "give", matched, matched > 1 ? "s" : "", matched > 1 ? "" : "es", p->metric, needs);
    if (matched) return xasprintf("%d measured row%s match%s, none with a value of %s (a column this device does "
                                  "not report?)", matched, matched > 1 ? "s" : "", matched > 1 ? "" : "es", p->metric);
    char *aside = unkept_aside_said(unmeasured, p->where ? "with it" : "of the run", "was not measured", "were not measured");
    if (aside) {
        char *why = xasprintf("no measured row%s%s: %s", p->where ? " matches " : "", p->where ? p->where : "", aside);
        free(aside);
        return why;
    }
    if (unmeasured->rows) {
        char *some = status_counts_some(&unmeasured->failed);
        char *why = xasprintf("no measured row%s%s: %s %d row%s%s %s measured (%s)", p->where ? " matches " : "",
                              p->where ? p->where : "", unmeasured->rows > 1 ? "none of the" : "the", unmeasured->rows,
                              unmeasured->rows > 1 ? "s" : "", p->where ? " with it" : "", unmeasured->rows > 1 ? "was" : "was not",
                              some);
        free(some);
        return why;
    }
    if (p->where) return xasprintf("no measured row matches %s (a value this sweep does not have?)", p->where);
    return xasprintf("the run has no rows");
}

/* count_cells: each dimension's categories sorted (a dimension not asked for has one, ""); the
 * number of cells, or 0 with *err when there would be too many to draw. */
static size_t count_cells(struct plotdata *d, char **err)
{
    size_t ncells = 1;
    for (int k = 0; k < D_N; k++) {
        if (d->d[k].vals.n == 0) sl_push(&d->d[k].vals, "");
        cats_sort(&d->d[k]);
        /* Checked at every step: the product of five large counts could wrap around. */
        ncells *= (size_t)d->d[k].vals.n;
        if (ncells > 4000000) {
            *err = xasprintf("more than 4 million points: choose fewer values of the axes, series, panels or figures");
            return 0;
        }
    }
    return ncells;
}

/* rows_by_cell: the picked rows grouped by cell (a counting sort): cell c's rows are order[start[c]]
 * to order[start[c + 1] - 1]; *start and *order are new arrays. */
static void rows_by_cell(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, const int *pick,
                         size_t ncells, int **start, int **order)
{
    int n = r->t.nrows;
    int *cellof = xcalloc((size_t)n + 1, sizeof *cellof), *st = xcalloc(ncells + 2, sizeof *st);
    int *ord = xcalloc((size_t)d->nrows + 1, sizeof *ord);
    for (int i = 0; i < n; i++) {
        if (!pick[i]) continue;
        int idx[D_N];
        for (int k = 0; k < D_N; k++) {
            char *key = row_key(d, p, k, r, i);
            idx[k] = cats_index(&d->d[k], key);
            free(key);
        }
        cellof[i] = (int)(plotdata_cell(d, idx[0], idx[1], idx[2], idx[3], idx[4]) - d->cells);
        st[cellof[i] + 1]++;
    }
    for (size_t c = 0; c < ncells; c++) st[c + 1] += st[c];
    int *fill = xcalloc(ncells + 1, sizeof *fill);
    for (int i = 0; i < n; i++)
        if (pick[i]) ord[st[cellof[i]] + fill[cellof[i]]++] = i;
    free(fill);
    free(cellof);
    *start = st;
    *order = ord;
}

/* aggregate_cells: each cell's value from the values val of its rows; returns how many cells
 * combine several rows. */
static int aggregate_cells(const struct rundir *r, const struct spec_plot *p, struct plotdata *d, const double *val,
                           const int *start, const int *order, size_t ncells)
{
    double *vals = xcalloc((size_t)d->nrows + 1, sizeof *vals);
    int multi = 0;
    struct cell_rule how = { .r = r, .metric = p->metric, .agg = p->agg, .better = d->better,
                             .lc = p->label ? table_col(&r->t, p->label) : -1 };
    for (size_t c = 0; c < ncells; c++) {
        int cnt = start[c + 1] - start[c];
        for (int k = 0; k < cnt; k++) vals[k] = val[order[start[c] + k]];
        aggregate(&d->cells[c], order + start[c], vals, cnt, &how);
        multi += cnt > 1;
    }
    free(vals);
    return multi;
}

const char *plotdata_best_by(const struct rundir *r, const struct plotdata *d, size_t from, size_t to)
{
    const char *said = NULL;
    for (size_t c = from; c < to; c++) {
        int n = d->start[c + 1] - d->start[c];
        enum rowrank_by by;
        if (n < 2 || rowrank_best_of(r, d->rows + d->start[c], n, &by) < 0) continue;
        if (said && strcmp(said, rowrank_by_said(by))) return "the fastest by GB/s, GFLOP/s or median time";
        said = rowrank_by_said(by);
    }
    return said ? said : "";
}

/* write_note: the plot's note: the novalue matching rows left out for want of a value, and, when
 * multi points combine several rows, what varies among them and which value is shown. */
static void write_note(struct plotdata *d, const struct spec_plot *p, const struct rundir *r, int novalue, int multi,
                       const int *start, const int *order, size_t ncells)
{
    if (novalue > 0)
        d->note = xasprintf("%d matching row%s without a value of %s (an empty cell, or an expression without a finite "
                            "value there) left out", novalue, novalue > 1 ? "s" : "", p->metric);
    if (!multi) return;
    char *v = varying(r, start, order, ncells);
    const char *by = plotdata_best_by(r, d, 0, ncells);
    /* The Best table's row drawn by another column (a mean time) is said to be so: bars in the other
     * order than the table's read as a contradiction of it. */
    char *drawn = !p->agg || !strcmp(p->agg, "best") ? plot_order_said(r, p->metric, d, -1, by) : NULL;
    char *best = *by ? xasprintf("the row of %s shown, the one the Best table takes%s%s", by, drawn ? ", " : "",
                                 drawn ? drawn : "") : NULL;
    free(drawn);
    const char *how = !p->agg || !strcmp(p->agg, "best") ? (best ? best : d->better < 0 ? "the lowest" : "the highest")
                      : !strcmp(p->agg, "max") ? "the highest" : !strcmp(p->agg, "min") ? "the lowest"
                      : !strcmp(p->agg, "mean") ? "their mean" : "their median";
    char *m = xasprintf("%d point%s combine%s several rows%s%s%s: %s%s", multi, multi > 1 ? "s" : "",
                        multi > 1 ? "" : "s", *v ? " (varying: " : "", v, *v ? ")" : "", how, how == best ? "" : " shown");
    free(best);
    char *both = d->note ? xasprintf("%s; %s", m, d->note) : xstrdup(m);
    free(d->note);
    free(m);
    d->note = both;
    free(v);
}

/* mark_cut: each of d's ncells cells' cut: its best's row cut short, or one its mean or median combines. */
static void mark_cut(const struct rundir *r, struct plotdata *d, size_t ncells)
{
    for (size_t c = 0; c < ncells; c++) {
        struct pcell *p = &d->cells[c];
        if (p->row >= 0) { p->cut = rundir_row_cut(r, p->row); continue; }
        for (int k = d->start[c]; k < d->start[c + 1] && !p->cut; k++) p->cut = rundir_row_cut(r, d->rows[k]);
    }
}

int plotdata_make(const struct rundir *r, const struct spec_plot *p, const char *x_col, const char *series_col,
                  struct plotdata *d, char **err)
{
    memset(d, 0, sizeof *d);
    d->apart = -1;
    d->series_said = p->series_said;
    const struct plot_kind_info *kind = plot_kind_info(p->kind_id);
    d->point_per_row = kind && kind->point_per_row && !p->agg;
    /* Every kind has a metric by now: the spec requires one, a roofline's is gflops (plot.c). */
    const struct column_info *ci = column_find(p->metric);
    d->unit = p->unit ? p->unit : ci ? ci->unit : "";
    d->label = ci ? ci->label : p->metric;
    d->better = p->better ? (!strcmp(p->better, "lower") ? -1 : 1) : ci ? ci->better : 1;
    const char *lists[D_N] = { p->figures, p->panels, series_col, x_col, p->y };
    for (int k = 0; k < D_N; k++)
        if (cats_init(&d->d[k], r, lists[k], err)) return 1;   /* the spec checked the name: an older run */
    hide_shown(d);
    int *pick = xcalloc((size_t)r->t.nrows + 1, sizeof *pick);
    double *val = xcalloc((size_t)r->t.nrows + 1, sizeof *val);
    struct matched matched = { 0, 0 };
    struct unkept unmeasured = {0};
    size_t ncells = 0;
    int rc = pick_rows(r, p, d, pick, val, &matched, &unmeasured, err);
    if (rc == 0 && d->nrows == 0) { *err = no_rows_why(p, matched.n, matched.first, &unmeasured, r); rc = 1; }
    if (rc == 0 && (ncells = count_cells(d, err)) == 0) rc = -1;
    if (rc == 0 && p->apart_flag) d->apart = cats_index(&d->d[D_SERIES], p->apart_title);
    if (rc == 0) {
        d->cells = xcalloc(ncells, sizeof *d->cells);
        rows_by_cell(r, p, d, pick, ncells, &d->start, &d->rows);
        int multi = aggregate_cells(r, p, d, val, d->start, d->rows, ncells);
        write_note(d, p, r, matched.n - d->nrows, multi, d->start, d->rows, ncells);
        mark_cut(r, d, ncells);
    }
    free(pick);
    free(val);
    return rc;
}

void plotdata_free(struct plotdata *d)
{
    for (int k = 0; k < D_N; k++) {
        sl_free(&d->d[k].cols);
        sl_free(&d->d[k].vals);
        sl_free(&d->d[k].hide);
        free(d->d[k].num);
    }
    free(d->cells);
    free(d->note);
    free(d->start);
    free(d->rows);
    memset(d, 0, sizeof *d);
}
