/* finding_noise.c — how much of a finding's check or size is noise: each timed value's floor from
 * its replicates, the expression again at the ends of every floor, and the rows a stop cut short
 * (what that makes of a verdict: finding_noise_verdict.c). */
#include "finding_noise.h"
#include "finding_spread.h"
#include "verdict.h"
#include "spec/spec.h"
#include "store/columns.h"
#include <ctype.h>
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
    double o = column_origin(column_find(s->metric));
    if (p->row >= 0) return row_replicates(r, p->row, p->x + o, kind, out);
    double **reps = xcalloc((size_t)p->n + 1, sizeof *reps);
    int n = INT_MAX, m = 0;
    for (int k = 0; k < p->n; k++) {
        double y = rundir_value(r, s->metric, p->rows[k], NULL);
        if (!isfinite(y)) continue;
        int c = row_replicates(r, p->rows[k], y + o, kind, &reps[m++]);
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

/* One quantity an expression is varied in: a value of selectors (the sel_i of its group) or a device's
 * figure by name (var), at x, from lo to hi (both x: held). */
struct knob { double x, lo, hi; const char *var; };

/* noise_knob: value x within floor f: (x + origin) / (1 + f) - origin to (x + origin) x (1 + f) - origin
 * (origin: column_origin, 1 for a deviation, whose value plus 1 moves with the time). */
static struct knob noise_knob(double x, double f, double origin)
{
    return (struct knob){ .x = x, .lo = (x + origin) / (1 + f) - origin, .hi = (x + origin) * (1 + f) - origin };
}

static double knob_end(const struct knob *k, int high) { return high ? k->hi : k->lo; }

/* The range and truths of an expression over combinations of its knobs' ends. */
struct span { double lo, hi; int some_true, some_false; };

/* vary: expr at every combination of the ends of the knobs that move (knob[g] for the selectors of
 * group g, then those of a var), its range and truths into *out (which holds the value at the values
 * measured); v's sel_i and vars put back. */
static void vary(const struct check *c, const struct pick *picks, const int *group, const struct knob *knob, int nknobs,
                 struct vars *v, const char *expr, struct span *out)
{
    char name[32];
    int *bit = xcalloc((size_t)nknobs + 1, sizeof *bit), nbits = 0;
    for (int g = 0; g < nknobs; g++) bit[g] = knob[g].lo != knob[g].x || knob[g].hi != knob[g].x ? nbits++ : -1;
    for (long mask = 0; nbits && mask < 1L << nbits; mask++) {
        for (int i = 0; i < c->nsel; i++) {
            if (group[i] < 0 || bit[group[i]] < 0) continue;
            snprintf(name, sizeof name, "sel_%d", i + 1);
            vars_set(v, name, knob_end(&knob[group[i]], mask >> bit[group[i]] & 1));
        }
        for (int g = 0; g < nknobs; g++)
            if (knob[g].var && bit[g] >= 0) vars_set(v, knob[g].var, knob_end(&knob[g], mask >> bit[g] & 1));
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
    for (int g = 0; g < nknobs; g++)
        if (knob[g].var) vars_set(v, knob[g].var, knob[g].x);
    free(bit);
}

/* names_var: whether expr names the variable name (as a whole word). */
static int names_var(const char *expr, const char *name)
{
    size_t n = strlen(name);
    for (const char *at = strstr(expr, name); at; at = strstr(at + 1, name)) {
        int before = at > expr && (isalnum((unsigned char)at[-1]) || at[-1] == '_');
        int after = isalnum((unsigned char)at[n]) || at[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
}

/* estimate_said: one more quantity under an upper-bound estimate, words of it
 * ("pct_fp64_peak[variant=fp64_fma] = 46.73 is a share of the fp64 peak", "PEAK_FP64_GFLOPS = 237 is
 * the fp64 peak": taken) kept in out->estimate where it is the first, with its peak's figure and
 * the best share of it a row of the run reached (best, %). */
static void estimate_said(struct expr_noise *out, char *words, const char *figure, double best, double low,
                          double low_pct)
{
    out->estimated++;
    if (out->estimate) { free(words); return; }
    out->estimate = words;
    out->estimate_of = figure;
    out->estimate_best = best;
    out->estimate_low = low;
    out->estimate_low_pct = low_pct;
}

/* low_share: the lower figure r's run.json states for the estimate of figure, as a share of it (%),
 * where it lies above best (the best share a row reached, which bounds the true peak from below
 * already) and no row reached past the estimate; NAN otherwise, and into *low the figure. */
static double low_share(const struct rundir *r, const char *figure, double best, double *low)
{
    double l = runjson_peak_low(&r->rj, figure);
    double e = runjson_figure(&r->rj, !strcmp(figure, "fp32") ? RJF_PEAK_FP32 : RJF_PEAK_FP64);
    double pct = l > 0 && e > 0 ? 100 * l / e : NAN;
    if (!(pct > 0) || best > 100 || pct <= best) { *low = NAN; return NAN; }
    *low = l;
    return pct;
}

/* best_share: the highest value of column over the run's measured rows that passed (no IMPOSSIBLE
 * row: rundir_row_ok), NAN where none has one. Every such row's rate is one the device reached:
 * its true peak is no lower. */
static double best_share(const struct rundir *r, const char *column)
{
    double best = NAN;
    for (int i = 0; column && i < r->t.nrows; i++) {
        double x = rundir_row_ok(r, i) ? rundir_value(r, column, i, NULL) : NAN;
        if (isfinite(x) && !(x <= best)) best = x;
    }
    return best;
}

/* The values of an expression's selectors: c's, picked into picks, selector i of value group[i]
 * (-1: none, an exact one), nvalues of them. */
struct values { const struct check *c; const struct pick *picks; const int *group; int nvalues; };

/* estimates: the knobs under a peak run.json calls an upper-bound estimate E. The true peak P lies
 * from the best rate a row of the run reached against it (R, best% of E: the device did that) up to
 * E; past it where a row reached more than E (P unbounded above then). A share x of E is x E / P of
 * P: from x to x x 100 / best (value g, knob[g]); a peak expr names (a device figure, after the
 * values) from R to E. Every other knob held. How many knobs in all, into a new *out. */
static int estimates(const struct rundir *r, const struct values *vs, const struct vars *v, const char *expr,
                     struct expr_noise *n, struct knob **out)
{
    const struct check *c = vs->c;
    const struct pick *picks = vs->picks;
    const int *group = vs->group;
    int nvalues = vs->nvalues, most = nvalues;
    for (const struct spec_device_name *d = spec_finding_devices; d->name; d++) most++;
    struct knob *k = *out = xcalloc((size_t)most + 1, sizeof *k);
    /* The others held (xcalloc's zeros: lo and hi at x): vary gives them no bit. */
    char nb[32];
    int *seen = xcalloc((size_t)nvalues + 1, sizeof *seen);
    for (int i = 0; i < c->nsel; i++) {
        int g = group[i];
        const char *figure = column_share_of(c->sel[i].metric);
        if (g < 0 || seen[g]++ || !runjson_peak_estimate(&r->rj, figure)) continue;
        double best = best_share(r, c->sel[i].metric), x = picks[i].x, low, pct = low_share(r, figure, best, &low);
        double least = pct > 0 ? pct : best;          /* the true peak's lower end, % of the estimate */
        k[g] = (struct knob){ .x = x, .lo = best > 100 ? x / NOISE_UNBOUNDED : x,
                              .hi = least > 0 ? 100 * (x / least) : x * NOISE_UNBOUNDED };
        estimate_said(n, xasprintf("%s = %s is a share of the %s peak", c->sel[i].text, finding_num(nb, sizeof nb, picks[i].x),
                                   figure), figure, best, low, pct);
    }
    free(seen);
    int nk = nvalues;
    for (const struct spec_device_name *d = spec_finding_devices; d->name; d++) {
        const char *figure = runjson_figure_peak(d->figure);
        double x;
        if (!figure || !runjson_peak_estimate(&r->rj, figure) || !names_var(expr, d->name) || !vars_get(v, d->name, &x))
            continue;
        double best = best_share(r, column_share_column(figure)), low, pct = low_share(r, figure, best, &low);
        double least = pct > 0 ? pct : best, reached = least > 0 ? x * (least / 100) : x / NOISE_UNBOUNDED;
        k[nk++] = (struct knob){ .x = x, .lo = reached, .hi = best > 100 ? x * NOISE_UNBOUNDED : x, .var = d->name };
        estimate_said(n, xasprintf("%s = %s is the %s peak", d->name, finding_num(nb, sizeof nb, x), figure), figure, best,
                      low, pct);
    }
    return nk;
}

/* both_at_once: expr with its timed values within their floors (noise[g]) and the true peaks under
 * estimates (est[0..nk), estimates' knobs) varied together, into out->both_*: a share of an estimated
 * peak moves by both factors, x / (1 + f) x lo / x to x (1 + f) x hi / x (a share has no origin), up to
 * 100% of the true peak. */
static void both_at_once(const struct values *vs, const struct knob *noise, const struct knob *est, int nk, struct vars *v,
                         const char *expr, struct expr_noise *out)
{
    out->both_lo = out->est_lo;
    out->both_hi = out->est_hi;
    out->both_true = out->est_true;
    out->both_false = out->est_false;
    if (!out->estimated || !vs->nvalues) return;
    if (vs->nvalues > NOISE_MOST_VALUES) {       /* not varied: it may be anything */
        out->both_lo = -INFINITY;
        out->both_hi = INFINITY;
        out->both_true = out->both_false = 1;
        return;
    }
    struct knob *k = xcalloc((size_t)nk + 1, sizeof *k);
    for (int g = 0; g < nk; g++) k[g] = est[g];
    for (int g = 0; g < vs->nvalues; g++) {
        int scaled = (est[g].lo != est[g].x || est[g].hi != est[g].x) && est[g].x != 0;
        k[g] = noise[g];
        /* A share of the true peak is 100% at most, whatever the noise: no row's true rate is above
         * the true peak (the estimate's range alone never passes it either). */
        if (scaled) {
            k[g].lo = noise[g].lo * (est[g].lo / est[g].x);
            k[g].hi = fmax(k[g].lo, fmin(noise[g].hi * (est[g].hi / est[g].x), 100));
        }
    }
    struct span sp = { .lo = out->lo, .hi = out->hi, .some_true = out->some_true, .some_false = out->some_false };
    vary(vs->c, vs->picks, vs->group, k, nk, v, expr, &sp);
    out->both_lo = fmin(sp.lo, out->est_lo);
    out->both_hi = fmax(sp.hi, out->est_hi);
    out->both_true = sp.some_true || out->est_true;
    out->both_false = sp.some_false || out->est_false;
    free(k);
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
    struct knob *knob = xcalloc((size_t)c->nsel + 1, sizeof *knob);
    out->floor_lo = INFINITY;
    for (int i = 0; i < c->nsel; i++) {
        enum metric_kind kind = timed_kind(c, i);
        /* A spread of the trials (a cv) is no exact number either: varied within its sampling error. */
        double spread = kind == MK_UNTIMED ? finding_spread_floor(r, &c->sel[i], &picks[i]) : NAN;
        group[i] = -1;
        if (kind == MK_UNTIMED && isnan(spread)) continue;
        int before = nvalues, g = value_of(c, picks, group, i, &nvalues);
        group[i] = g;
        if (nvalues == before) continue;          /* a value met before */
        out->spreads += kind == MK_UNTIMED;
        /* A stop's cut leaves a spread fewer trials, which its count says: its floor has them. */
        int cut = kind == MK_UNTIMED ? 0 : finding_rows_cut(r, &picks[i]);
        out->cut += cut;
        out->cut_resume = rundir_cut_resume(r, out->cut);
        double f = kind == MK_UNTIMED ? spread : value_floor(r, &c->sel[i], &picks[i], kind);
        if (!isfinite(f) && !out->no_floor) {
            out->no_floor = xstrdup(c->sel[i].text);
            out->no_floor_why = kind == MK_UNTIMED ? "a spread with no count above 1 of what it spreads over" : "one replicate";
        }
        if (cut || !isfinite(f)) {
            f = NOISE_UNBOUNDED;
            out->unbounded = 1;
        } else {
            out->floor_lo = fmin(out->floor_lo, f);
            out->floor_hi = fmax(out->floor_hi, f);
        }
        knob[g] = noise_knob(picks[i].x, f, column_origin(column_find(c->sel[i].metric)));
    }
    out->timed = nvalues;
    struct span sp = { .lo = out->lo, .hi = out->hi, .some_true = out->some_true, .some_false = out->some_false };
    if (nvalues > NOISE_MOST_VALUES) {            /* not varied: it may be anything */
        sp = (struct span){ .lo = -INFINITY, .hi = INFINITY, .some_true = 1, .some_false = 1 };
    } else if (nvalues) vary(c, picks, group, knob, nvalues, v, expr, &sp);
    out->lo = sp.lo;
    out->hi = sp.hi;
    out->some_true = sp.some_true;
    out->some_false = sp.some_false;
    /* Apart from the noise: the shares of a peak that is only an upper-bound estimate, which the true
     * peak may lie well below (a CPU's), and such peaks themselves. */
    struct knob *est;
    const struct values vs = { .c = c, .picks = picks, .group = group, .nvalues = nvalues };
    int nk = estimates(r, &vs, v, expr, out, &est);
    struct span es = { .lo = y, .hi = y, .some_true = y != 0 && !isnan(y), .some_false = y == 0 };
    if (out->estimated) vary(c, picks, group, est, nk, v, expr, &es);
    out->est_lo = es.lo;
    out->est_hi = es.hi;
    out->est_true = es.some_true;
    out->est_false = es.some_false;
    both_at_once(&vs, knob, est, nk, v, expr, out);
    free(est);
    free(group);
    free(knob);
}

void expr_noise_free(struct expr_noise *n)
{
    free(n->no_floor);
    free(n->estimate);
    memset(n, 0, sizeof *n);
}
