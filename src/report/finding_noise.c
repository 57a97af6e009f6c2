/* finding_noise.c — how much of a finding's check or size is noise: each timed value's floor from
 * its replicates, the expression again at the ends of every floor, and the rows a stop cut short. */
#include "finding_noise.h"
#include "verdict.h"
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* row_replicates: row's replicates of its metric value x: x at each round's time (rundir_replicates)
 * instead of the median's; a time grows with it, a rate falls. How many, in a new *out. */
static int row_replicates(const struct rundir *r, int row, double x, enum metric_kind kind, double **out)
{
    double *t, m = table_num(&r->t, row, r->c_median);
    int n = m > 0 ? rundir_replicates(r, row, &t) : 0;
    *out = xcalloc((size_t)n + 1, sizeof **out);
    for (int k = 0; k < n; k++) (*out)[k] = kind == MK_TIME ? x * t[k] / m : x * m / t[k];
    if (m > 0) free(t);
    return n;
}

int finding_replicates(const struct rundir *r, const struct selector *s, const struct pick *p, enum metric_kind kind,
                       double **out)
{
    if (p->row >= 0) return row_replicates(r, p->row, p->x, kind, out);
    double **reps = xcalloc((size_t)p->n + 1, sizeof *reps);
    int n = INT_MAX, m = 0;
    for (int k = 0; k < p->n; k++) {
        double y = rundir_value(r, s->metric, p->rows[k], NULL);
        if (!isfinite(y)) continue;
        int c = row_replicates(r, p->rows[k], y, kind, &reps[m++]);
        if (c < n) n = c;
    }
    if (!m) n = 0;
    double *col = xcalloc((size_t)m + 1, sizeof *col);
    *out = xcalloc((size_t)n + 1, sizeof **out);
    for (int j = 0; j < n; j++) {
        for (int k = 0; k < m; k++) col[k] = reps[k][j];
        (*out)[j] = finding_aggregate(s->agg, col, m);
    }
    for (int k = 0; k < m; k++) free(reps[k]);
    free(reps);
    free(col);
    return n;
}

int finding_rows_cut(const struct rundir *r, const struct pick *p)
{
    int cut = 0;
    for (int k = 0; k < p->n; k++) cut += rundir_row_cut(r, p->rows[k]);
    return cut;
}

/* More timed values than this are not varied (2^N combinations): no spec comes near. */
#define NOISE_MOST_VALUES 16
/* The floor of a value whose noise is not known (one replicate, or rows a stop cut short): varied
 * from near 0 to near infinity, so that only the parts that do not read it decide. */
#define NOISE_UNBOUNDED 1e9

/* timed_kind: the kind of c's selector i where it is a timed value, else MK_UNTIMED. */
static enum metric_kind timed_kind(const struct check *c, int i)
{
    return c->sel[i].agg == AGG_COUNT ? MK_UNTIMED : finding_metric_kind(c->sel[i].metric);
}

/* value_of: the index of the value selector i is (one before it of the same metric on the same one
 * row, or of the same text, is the same value), given group[0..i). */
static int value_of(const struct check *c, const struct pick *picks, const int *group, int i, int *nvalues)
{
    for (int j = 0; j < i; j++) {
        if (group[j] < 0 || strcmp(c->sel[j].metric, c->sel[i].metric)) continue;
        if (!strcmp(c->sel[j].text, c->sel[i].text) || (picks[i].row >= 0 && picks[j].row == picks[i].row)) return group[j];
    }
    return (*nvalues)++;
}

/* value_floor: the verdict rule's noise floor of one value: z(alpha) x the standard error of its
 * median over its replicates (INFINITY with one). */
static double value_floor(const struct rundir *r, const struct selector *s, const struct pick *p, enum metric_kind kind)
{
    double *x;
    int n = finding_replicates(r, s, p, kind, &x);
    double se = verdict_median_se(x, n);
    free(x);
    return isfinite(se) ? expm1(verdict_z(VERDICT_ALPHA) * se) : INFINITY;
}

/* vary: expr at every combination of the values' floor ends (floor[g] around picks' x), its range
 * and truths into out; v's sel_i put back. */
static void vary(const struct check *c, const struct pick *picks, const int *group, const double *floor, int nvalues,
                 struct vars *v, const char *expr, struct expr_noise *out)
{
    char name[32];
    for (long mask = 0; mask < 1L << nvalues; mask++) {
        for (int i = 0; i < c->nsel; i++) {
            if (group[i] < 0) continue;
            double f = 1 + floor[group[i]];
            snprintf(name, sizeof name, "sel_%d", i + 1);
            vars_set(v, name, mask >> group[i] & 1 ? picks[i].x * f : picks[i].x / f);
        }
        double y;
        if (expr_eval(expr, v, &y, NULL)) {               /* no value there (a division by 0): anything */
            out->some_true = out->some_false = 1;
            out->lo = -INFINITY;
            out->hi = INFINITY;
            continue;
        }
        out->lo = fmin(out->lo, y);
        out->hi = fmax(out->hi, y);
        if (y != 0) out->some_true = 1; else out->some_false = 1;
    }
    for (int i = 0; i < c->nsel; i++) {
        snprintf(name, sizeof name, "sel_%d", i + 1);
        vars_set(v, name, picks[i].x);
    }
}

void finding_expr_noise(const struct rundir *r, const struct check *c, const struct pick *picks, struct vars *v,
                        const char *expr, struct expr_noise *out)
{
    memset(out, 0, sizeof *out);
    double y = NAN;
    if (expr_eval(expr, v, &y, NULL) == 0) {
        out->some_true = y != 0;
        out->some_false = y == 0;
    }
    out->lo = out->hi = y;
    int *group = xcalloc((size_t)c->nsel + 1, sizeof *group), nvalues = 0;
    double *floor = xcalloc((size_t)c->nsel + 1, sizeof *floor);
    out->floor_lo = INFINITY;
    for (int i = 0; i < c->nsel; i++) {
        enum metric_kind kind = timed_kind(c, i);
        group[i] = -1;
        if (kind == MK_UNTIMED) continue;
        int before = nvalues, g = value_of(c, picks, group, i, &nvalues);
        group[i] = g;
        if (nvalues == before) continue;          /* a value met before */
        int cut = finding_rows_cut(r, &picks[i]);
        out->cut += cut;
        floor[g] = value_floor(r, &c->sel[i], &picks[i], kind);
        if (!isfinite(floor[g]) && !out->no_floor) out->no_floor = xstrdup(c->sel[i].text);
        if (cut || !isfinite(floor[g])) {
            floor[g] = NOISE_UNBOUNDED;
            out->unbounded = 1;
            continue;
        }
        out->floor_lo = fmin(out->floor_lo, floor[g]);
        out->floor_hi = fmax(out->floor_hi, floor[g]);
    }
    out->timed = nvalues;
    if (nvalues > NOISE_MOST_VALUES) {            /* not varied: it may be anything */
        out->some_true = out->some_false = 1;
        out->lo = -INFINITY;
        out->hi = INFINITY;
    } else if (nvalues) vary(c, picks, group, floor, nvalues, v, expr, out);
    free(group);
    free(floor);
}

void expr_noise_free(struct expr_noise *n)
{
    free(n->no_floor);
    memset(n, 0, sizeof *n);
}

void finding_cut_words(int cut, struct sbuf *shown)
{
    sb_printf(shown, "%son %d row%s a stop cut short (rounds-cut: clx run --resume measures %s again)", shown->len ? "; " : "",
              cut, cut > 1 ? "s" : "", cut > 1 ? "them" : "it");
}

enum verdict finding_noise_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown, char **why)
{
    if (!n->timed || v == V_NODATA) return v;
    /* The words go to *shown; where the noise leaves the part open, to *why too (findings.tsv's). */
    struct sbuf w = {0};
    enum verdict out = V_UNDECIDED;
    int open = 1;
    if (n->timed > NOISE_MOST_VALUES) {
        sb_printf(&w, "%d timed values, more than the %d varied within their noise", n->timed, NOISE_MOST_VALUES);
    } else if (decided && n->unbounded) {
        /* Its exact parts decide, whatever the values whose noise is not known. */
        sb_printf(&w, "the same verdict whatever its %d timed value%s", n->timed, n->timed > 1 ? "s" : "");
        out = v;
        open = 0;
    } else if (n->cut) {
        finding_cut_words(n->cut, &w);
    } else if (n->no_floor) {
        sb_printf(&w, "no noise floor for %s (one replicate): the verdict rule cannot judge it", n->no_floor);
    } else {
        char lo[32], hi[32];
        fmt_pct(lo, sizeof lo, n->floor_lo * 100);
        fmt_pct(hi, sizeof hi, n->floor_hi * 100);
        char *floors = strcmp(lo, hi) ? xasprintf("%.*s-%s", (int)strlen(lo) - 1, lo, hi) : xstrdup(lo);
        sb_printf(&w, "%s within the noise floor%s (%s) of its %d timed value%s",
                  decided ? "the same verdict anywhere" : "another verdict somewhere", n->timed > 1 ? "s" : "", floors, n->timed,
                  n->timed > 1 ? "s" : "");
        free(floors);
        if (decided) { out = v; open = 0; }
    }
    sb_printf(shown, "%s%s", shown->len ? "; " : "", w.s);
    if (open && why) {
        free(*why);
        *why = w.s;
    } else sb_free(&w);
    return out;
}
