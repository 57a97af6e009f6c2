/* findings.c — evaluates a finding's check: each selector picks rows and reduces them to a number,
 * then the expression decides, and both sides of each comparison are shown. */
#include "findings.h"
#include "lib/expr.h"
#include "spec/select.h"
#include "lib/stats.h"
#include "store/rowstatus.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* device_vars_set: the device's properties into v; one run.json lacks (or 0 for a peak) stays
 * unset, so a check that uses it cannot be checked rather than misjudged. */
static void device_vars_set(const struct rundir *r, struct vars *v)
{
    for (const struct spec_device_name *d = spec_finding_devices; d->name; d++) {
        double x = runjson_figure(&r->rj, d->figure);
        if (!isnan(x)) vars_set(v, d->name, x);
    }
}

const char *verdict_text(enum verdict v)
{
    return v == V_HOLDS ? "holds" : v == V_FAILS ? "does not hold" : "cannot be checked";
}

/* num: a measured number as a reader wants it: 32370 rather than 3.237e+04, 0.008285 as it is. */
static const char *num(char *buf, size_t n, double x)
{
    if (fabs(x) >= 1000 && fabs(x) < 1e12) snprintf(buf, n, "%.0f", x);
    else snprintf(buf, n, "%.4g", x);
    return buf;
}

/* where_it_is: for a value taken from one of several rows, the identifying values of that row
 * that differ among them ("local=64 N=200000000"), so the reader knows which row it was. */
static char *where_it_is(const struct rundir *r, const int *rows, int n, int chosen)
{
    struct sbuf b = {0};
    for (int k = 0; k < r->id_names.n; k++)
        if (rundir_id_differs(r, k, rows, n))
            sb_printf(&b, "%s%s=%s", b.len ? " " : "", r->id_names.v[k], table_cell(&r->t, chosen, r->id_col[k]));
    return b.s ? b.s : xstrdup("");
}

/* why_none: why no measured row meets selector s: the rows it names that did not pass (by status),
 * or the one condition that leaves none, or, failing both, that none does. */
static char *why_none(const struct rundir *r, const struct selector *s)
{
    struct status_counts st = {0};
    for (int k = 0; k < r->t.nrows; k++)
        if (filter_match(&s->f, &r->t, k)) status_counts_add(&st, table_cell(&r->t, k, r->c_status));
    int matched = st.rows;
    char *why;
    if (matched) {
        char *some = status_counts_some(&st);
        why = xasprintf("%s: no measured row matches: the %d row%s it names did not pass (%s)", s->text, matched,
                        matched > 1 ? "s" : "", some);
        free(some);
    } else {
        int *ok = xcalloc((size_t)r->t.nrows + 1, sizeof *ok);
        for (int k = 0; k < r->t.nrows; k++) ok[k] = rundir_row_ok(r, k);
        char *which = filter_explain(&s->f, &r->t, ok);
        why = which ? xasprintf("%s: no measured row matches: %s", s->text, which)
                    : xasprintf("%s: no measured row matches", s->text);
        free(which);
        free(ok);
    }
    return why;
}

/* reduce: the selector's number over its rows into *x; NULL, or why it has none (a new string). */
static char *reduce(const struct rundir *r, const struct selector *s, const int *rows, int n, double *x, char **at)
{
    *at = NULL;
    if (s->agg == AGG_COUNT) { *x = n; return NULL; }
    double *v = xmalloc(sizeof *v * (size_t)(n + 1));
    int *vr = xmalloc(sizeof *vr * (size_t)(n + 1)), m = 0;
    for (int k = 0; k < n; k++) {
        double y = rundir_value(r, s->metric, rows[k], NULL);
        if (isfinite(y)) { vr[m] = rows[k]; v[m++] = y; }
    }
    char *why = NULL;
    if (s->agg == AGG_ONE && n > 1) {
        /* Several rows match a selector that names one: ambiguous, even when only one has a value. */
        char *d = where_it_is(r, rows, n, rows[0]);
        why = xasprintf("%s: %d rows match (they differ in %s...): name one, or aggregate with max(...), mean(...)", s->text, n, d);
        free(d);
    } else if (m == 0) {
        why = n ? xasprintf("%s: %d row%s match, none with a value of %s", s->text, n, n > 1 ? "s" : "", s->metric)
                : why_none(r, s);
    } else {
        int best = 0;
        double sum = 0, logsum = 0;
        for (int k = 0; k < m; k++) {
            sum += v[k];
            logsum += v[k] > 0 ? log(v[k]) : NAN;
            if (s->agg == AGG_MAX ? v[k] > v[best] : s->agg == AGG_MIN ? v[k] < v[best] : 0) best = k;
        }
        switch (s->agg) {
        case AGG_ONE: case AGG_MIN: case AGG_MAX:
            *x = v[best];
            if (m > 1) *at = where_it_is(r, vr, m, vr[best]);
            break;
        case AGG_MEAN: *x = sum / m; break;
        case AGG_SUM: *x = sum; break;
        case AGG_GMEAN: *x = exp(logsum / m); break;
        default: {
            struct stats st;
            stats_compute(v, m, &st);
            *x = st.median;
        }
        }
        if (!isfinite(*x)) why = xasprintf("%s: no finite value (a geometric mean of a value <= 0?)", s->text);
    }
    free(v);
    free(vr);
    return why;
}

void findings_eval(const struct rundir *r, const struct spec_finding *f, struct finding_result *out)
{
    memset(out, 0, sizeof *out);
    out->verdict = V_NODATA;
    struct check c;
    struct filter where = {0};
    char *err = NULL;
    if (check_parse(f->check, &c, &err)) { out->why = err; return; }
    if (filter_parse(f->where, &where, &err)) { out->why = err; check_free(&c); return; }
    struct vars vars = {0};
    struct sbuf m = {0};
    device_vars_set(r, &vars);
    int *rows = xmalloc(sizeof *rows * (size_t)(r->t.nrows + 1));
    for (int i = 0; i < c.nsel && !out->why; i++) {
        struct selector *s = &c.sel[i];
        filter_merge(&s->f, &where);
        if (filter_bind(&s->f, &r->t, &err)) { out->why = xasprintf("%s: %s", s->text, err); free(err); break; }
        int n = 0, any_status = filter_names(&s->f, "status");
        for (int k = 0; k < r->t.nrows; k++)
            if ((any_status || rundir_row_ok(r, k)) && filter_match(&s->f, &r->t, k)) rows[n++] = k;
        n = filter_extremes(&s->f, &r->t, rows, n);
        double x = NAN;
        char *at = NULL;
        out->why = reduce(r, s, rows, n, &x, &at);
        if (out->why) break;
        char name[32];
        snprintf(name, sizeof name, "sel_%d", i + 1);
        vars_set(&vars, name, x);
        /* A selector used twice in the check is shown once. */
        int again = 0;
        for (int j = 0; j < i && !again; j++) again = !strcmp(c.sel[j].text, s->text);
        char nb[32];
        if (!again)
            sb_printf(&m, "%s%s = %s%s%s%s", m.len ? "; " : "", s->text, num(nb, sizeof nb, x), at && *at ? " (" : "",
                      at ? at : "", at && *at ? ")" : "");
        free(at);
    }
    if (!out->why) {
        double v;
        if (expr_eval(c.expr, &vars, &v, &err)) {
            out->why = strstr(err, "unknown name") ? xasprintf("check '%s': %s (run.json does not record it)", f->check, err)
                                                   : xasprintf("check '%s': %s", f->check, err);
            free(err);
        } else {
            out->verdict = v != 0 ? V_HOLDS : V_FAILS;
            /* Both sides of each top-level comparison, evaluated. */
            for (int k = 0; k < c.ops.n; k++) {
                double a, b;
                if (expr_eval(c.sides.v[2 * k], &vars, &a, NULL) || expr_eval(c.sides.v[2 * k + 1], &vars, &b, NULL)) continue;
                /* Each comparison says whether it is true: with several, the reader sees which decided. */
                const char *op = c.ops.v[k];
                int yes = !strcmp(op, ">=") ? a >= b : !strcmp(op, "<=") ? a <= b : !strcmp(op, ">") ? a > b
                        : !strcmp(op, "<") ? a < b : !strcmp(op, "==") ? a == b : a != b;
                char na[32], nb[32];
                sb_printf(&m, "%s%s %s %s%s", m.len ? "; " : "", num(na, sizeof na, a), op, num(nb, sizeof nb, b),
                          c.ops.n > 1 ? (yes ? " (true)" : " (false)") : "");
            }
        }
    }
    out->measured = m.s ? m.s : xstrdup("");
    free(rows);
    vars_free(&vars);
    filter_free(&where);
    check_free(&c);
}

void finding_result_free(struct finding_result *o)
{
    free(o->measured);
    free(o->why);
    memset(o, 0, sizeof *o);
}
