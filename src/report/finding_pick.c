/* finding_pick.c — a finding's selectors on a run: each picks measured rows and reduces them to one
 * number; when none can, the reason names the rows or the condition that left none. */
#include "finding_pick.h"
#include "finding_leftout.h"
#include "finding_unpassed.h"
#include "samebin.h"
#include "unkept.h"
#include "device/peak.h"
#include "lib/stats.h"
#include "spec/finding_swept.h"
#include "spec/spec.h"
#include "spec/wgunknown.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include "store/rundir_unreached.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void finding_device_vars(const struct rundir *r, struct vars *v)
{
    for (const struct spec_device_name *d = spec_finding_devices; d->name; d++) {
        double x = runjson_figure(&r->rj, d->figure);
        if (!isnan(x)) vars_set(v, d->name, x);
    }
}

const char *finding_unknown_why(const struct rundir *r, const char *err)
{
    if (!strstr(err, "unknown name")) return "";
    if (strstr(err, "unknown name 'MAX_WG'") && r->rj.device.max_work_group_size == 0) return "; MAX_WG is " WGUNKNOWN_SIZE;
    return " (run.json does not record it)";
}

const char *finding_num(char *buf, size_t n, double x)
{
    if (fabs(x) >= 1000 && fabs(x) < 1e12) snprintf(buf, n, "%.0f", x);
    else snprintf(buf, n, "%.4g", x);
    return buf;
}

/* differ_in: the identifying columns in which rows[0..n) differ, each with its values there (the
 * first three, in the file's order): "N (1048576, 4194304), local (64, 128, 256, ...)". */
static char *differ_in(const struct rundir *r, const int *rows, int n)
{
    struct sbuf b = {0};
    for (int k = 0; k < r->id_names.n; k++) {
        if (!rundir_id_differs(r, k, rows, n)) continue;
        struct strlist seen = {0};
        for (int i = 0; i < n; i++) {
            const char *v = table_cell(&r->t, rows[i], r->id_col[k]);
            int again = 0;
            for (int j = 0; j < seen.n && !again; j++) again = !strcmp(seen.v[j], v);
            if (!again) sl_push(&seen, v);
        }
        sb_printf(&b, "%s%s (", b.len ? ", " : "", r->id_names.v[k]);
        for (int j = 0; j < seen.n && j < 3; j++) sb_printf(&b, "%s%s", j ? ", " : "", seen.v[j]);
        sb_printf(&b, "%s)", seen.n > 3 ? ", ..." : "");
        sl_free(&seen);
    }
    return b.s ? b.s : xstrdup("no identifying column");
}

/* none_have: where the run has measured rows but none with a value of col (a column, or an
 * expression over the row's numbers), why (a new string) after "TEXT: " and lead ("" or "COND reads
 * COL, and "): whatever rows the selector picks, in this run or a full sweep of it, none gives a
 * number. NULL otherwise. */
static char *none_have(const struct rundir *r, const char *text, const char *lead, const char *col)
{
    /* A condition's column has a value where its cell is not empty (text too: variant=naive). */
    int measured = 0, cell = *lead ? table_col(&r->t, col) : -1;
    for (int k = 0; k < r->t.nrows; k++) {
        if (!rundir_row_ok(r, k)) continue;
        measured++;
        if (cell >= 0 ? *table_cell(&r->t, k, cell) != '\0' : isfinite(rundir_value(r, col, k, NULL))) return NULL;
    }
    if (!measured) return NULL;
    /* Not the device's doing where the run lacks what the column is made from: a stopped taylor's
     * report said so of its 22 findings of dev_row_avg. Not a reason a fuller sweep cannot change. */
    const char *absent = column_absent_why(col, rundir_end(r) == RUNDIR_FINISHED);
    if (absent) return xasprintf("%s: %sno measured row has a value of %s: %s", text, lead, col, absent);
    /* A column one vendor's devices alone fill (PTX instructions on PoCL): no sweep here decides it. */
    const char *needs = column_needs(col);
    if (needs) return xasprintf("%s: cannot be checked on this device: %s" FINDING_NO_VALUE_HERE " %s (it needs %s)", text,
                                lead, col, needs);
    /* A share of a precision the device lacks (rusticl on llvmpipe has no cl_khr_fp64): that first,
     * not the peak's variable, which gives no row to share it. */
    const char *fig = column_share_of(col), *var = peak_env_var(fig);
    int lacks = fig && ((!strcmp(fig, "fp64") && r->rj.device.fp64 == 0) || (!strcmp(fig, "fp16") && r->rj.device.fp16 == 0));
    if (lacks)
        return xasprintf("%s: the device has no %s (no cl_khr_%s): %s" FINDING_NO_VALUE_HERE " %s", text,
                         !strcmp(fig, "fp64") ? "FP64" : "FP16", fig, lead, col);
    /* A share of a peak the device does not state (a CPU's memory bandwidth): how to give one. */
    if (var)
        return xasprintf("%s: %s" FINDING_NO_VALUE_HERE " %s (clx knows no %s of this device: %s=VALUE gives it)", text,
                         lead, col, !strcmp(fig, "mem") ? "memory bandwidth" : "peak of its kind", var);
    /* A rate clx works out from the spec's work (run_rows.c): none is the spec's doing, not the device's. */
    const char *work = !strcmp(col, "gflops") ? "flops" : !strcmp(col, "gbs") ? "bytes" : NULL;
    if (work)
        return xasprintf("%s: %s" FINDING_NO_VALUE_HERE " %s (a rate of the spec's %s, which it does not give or "
                         "which is not above 0 at them)", text, lead, col, work);
    return xasprintf("%s: %s" FINDING_NO_VALUE_HERE " %s (the device or the run's options give none)", text, lead, col);
}

/* no_value_here: where s reduces values (not count) and no measured row has a value of its metric,
 * why (none_have); NULL otherwise. */
static char *no_value_here(const struct rundir *r, const struct selector *s)
{
    return s->agg == AGG_COUNT ? NULL : none_have(r, s->text, "", s->metric);
}

/* cond_no_value: where a condition of s's filter is on a column no measured row has a value of (a
 * where of "ptx_instr>0" on a device with no PTX), why no row matches (none_have): a full sweep
 * gives no row one either. NULL otherwise. */
static char *cond_no_value(const struct rundir *r, const struct selector *s)
{
    for (int j = 0; j < s->f.n; j++) {
        const struct cond *c = &s->f.c[j];
        if (c->colidx < 0) continue;
        char *ct = filter_cond_text(c), *lead = xasprintf("%s reads %s, and ", ct, c->col);
        char *why = none_have(r, s->text, lead, c->col);
        free(ct);
        free(lead);
        if (why) return why;
    }
    return NULL;
}

/* why_none: why no measured row meets selector s: the rows it names that did not pass (by status) or
 * are set aside above the peak (unkept.h), or the one condition that leaves none, or, failing both,
 * that none does. */
static char *why_none(const struct rundir *r, const struct selector *s)
{
    struct unkept st = {0};
    int unreached = 0;
    for (int k = 0; k < r->t.nrows; k++)
        if (filter_match(&s->f, &r->t, k)) {
            unkept_add(&st, r, k);
            unreached += rundir_row_unreached(r, k);
        }
    int matched = st.rows;
    char *why, *aside = unkept_aside_said(&st, "it names", "did not pass", "did not pass");
    /* Configurations a stopped run never reached alone: its --resume decides, not "did not pass". */
    if (matched && unreached == matched)
        why = xasprintf("%s: no measured row matches: the stopped run did not reach the %d configuration%s it names (its "
                        "--resume measures %s)", s->text, matched, matched > 1 ? "s" : "", matched > 1 ? "them" : "it");
    else if (aside) {
        why = xasprintf("%s: no measured row matches: %s", s->text, aside);
        free(aside);
    } else if (matched) {
        char *some = status_counts_some(&st.failed);
        why = xasprintf("%s: no measured row matches: the %d row%s " FINDING_ROWS_NOT_PASSED " (%s)", s->text, matched,
                        matched > 1 ? "s" : "", some);
        free(some);
    } else {
        char *blank = cond_no_value(r, s);
        if (blank) return blank;
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

/* best_of: the index in v[0..m) of the largest (agg max) or smallest (min) value; 0 otherwise. */
static int best_of(enum sel_agg agg, const double *v, int m)
{
    int best = 0;
    for (int k = 1; k < m; k++)
        if (agg == AGG_MAX ? v[k] > v[best] : agg == AGG_MIN ? v[k] < v[best] : 0) best = k;
    return best;
}

double finding_aggregate(enum sel_agg agg, const double *v, int m)
{
    double sum = 0, logsum = 0;
    for (int k = 0; k < m; k++) {
        sum += v[k];
        logsum += v[k] > 0 ? log(v[k]) : NAN;
    }
    switch (agg) {
    case AGG_MEAN: return sum / m;
    case AGG_SUM: return sum;
    case AGG_GMEAN: return exp(logsum / m);
    case AGG_MEDIAN: return stats_median(v, m);
    default: return v[best_of(agg, v, m)];
    }
}

/* reduce: p's number from its rows; NULL, or why it has none (a new string). */
static char *reduce(const struct rundir *r, const struct selector *s, struct pick *p)
{
    if (s->agg == AGG_COUNT) { p->x = p->n; return NULL; }
    if (s->agg == AGG_ONE && p->n > 1) {
        /* Several rows match a selector that names one: ambiguous, even when only one has a value. */
        char *d = differ_in(r, p->rows, p->n);
        char *why = xasprintf("%s " FINDING_AMBIGUOUS " %d rows match (they differ in %s): name one, or aggregate with max(...), "
                              "mean(...)", s->text, p->n, d);
        free(d);
        return why;
    }
    double *v = xmalloc(sizeof *v * (size_t)(p->n + 1));
    int *vr = xmalloc(sizeof *vr * (size_t)(p->n + 1)), m = 0;
    for (int k = 0; k < p->n; k++) {
        double y = rundir_value(r, s->metric, p->rows[k], NULL);
        if (isfinite(y)) { vr[m] = p->rows[k]; v[m++] = y; }
    }
    char *why = NULL;
    if (m == 0) {
        why = p->n ? xasprintf("%s: %d row%s match, none with a value of %s", s->text, p->n, p->n > 1 ? "s" : "", s->metric)
                   : why_none(r, s);
    } else {
        p->x = finding_aggregate(s->agg, v, m);
        if (s->agg == AGG_ONE || s->agg == AGG_MIN || s->agg == AGG_MAX) {
            int best = best_of(s->agg, v, m);
            p->row = vr[best];
            if (m > 1) p->at = finding_row_at(r, vr, m, vr[best]);
        }
        if (!isfinite(p->x)) why = xasprintf("%s: no finite value (a geometric mean of a value <= 0?)", s->text);
    }
    free(v);
    free(vr);
    return why;
}

int finding_sweep_decides(const char *why)
{
    return why && !strstr(why, FINDING_NO_VALUE_HERE) && !strstr(why, FINDING_ROWS_NOT_PASSED) &&
           !strstr(why, RUNDIR_ABOVE_PEAK_SAID) &&
           !strstr(why, FINDING_NONE_MEASURED) && !strstr(why, FINDING_NOT_SWEPT) &&
           !strstr(why, FINDING_PEAK_ESTIMATE) && !strstr(why, SAMEBIN_SAID) &&
           !strstr(why, FINDING_PREMISE_FAILS) && !strstr(why, FINDING_UNPASSED_SAID) && !finding_ambiguous(why);
}

int finding_ambiguous(const char *why) { return why && strstr(why, FINDING_AMBIGUOUS) != NULL; }

char *finding_pick(const struct rundir *r, struct selector *s, const struct filter *where, struct pick *p)
{
    memset(p, 0, sizeof *p);
    p->row = -1;
    p->x = NAN;
    char *err = NULL;
    filter_merge(&s->f, where);
    if (filter_bind(&s->f, &r->t, &err)) {
        char *why = xasprintf("%s: %s", s->text, err);
        free(err);
        return why;
    }
    char *none = no_value_here(r, s);
    if (none) return none;
    p->rows = xmalloc(sizeof *p->rows * (size_t)(r->t.nrows + 1));
    int any_status = filter_names(&s->f, "status");
    for (int k = 0; k < r->t.nrows; k++)
        if ((any_status || rundir_row_ok(r, k)) && filter_match(&s->f, &r->t, k)) p->rows[p->n++] = k;
    p->n = filter_extremes(&s->f, &r->t, p->rows, p->n);
    char *why = reduce(r, s, p);
    if (why) pick_free(p);
    else if (!any_status) {
        finding_unpassed(r, s, p);
    }
    return why;
}

const char *finding_pick_unpassed_did(const struct pick *p) { return p->unreached ? "" : " did not"; }

const char *finding_pick_unpassed_words(const struct pick *p)
{
    return p->unpassed_dir < 0 ? "the least of the rows that passed" : p->unpassed_dir > 0 ? "the greatest of the rows that passed"
                                                                                          : "picked from the rows that passed";
}

char *finding_pick_said(const struct selector *s, const struct pick *p)
{
    char nb[32];
    int at = p->at && *p->at;
    struct sbuf b = {0};
    sb_printf(&b, "%s = %s", s->text, finding_num(nb, sizeof nb, p->x));
    if (at || p->unpassed) sb_printf(&b, " (%s%s", at ? p->at : "", at && p->unpassed ? "; " : "");
    if (p->unpassed) sb_printf(&b, "%s: %s%s", finding_pick_unpassed_words(p), p->unpassed_at, finding_pick_unpassed_did(p));
    if (at || p->unpassed) sb_printf(&b, ")");
    char *over = finding_pick_points_said(p);
    if (over) sb_printf(&b, " (%s)", over);
    free(over);
    return b.s;
}

double finding_pick_work(const struct rundir *r, const struct pick *p, enum launchwork_unit u)
{
    return p->row >= 0 ? rowwork_of(r, p->row, u) : rowwork_common(r, p->rows, p->n, u);
}

void finding_work_apart(const struct rundir *r, const struct check *c, const struct pick *picks, struct sbuf *shown)
{
    for (int i = 0; i < c->nsel; i++) {
        if (c->sel[i].agg == AGG_COUNT || !rowwork_per_launch(c->sel[i].metric) || !picks[i].n) continue;
        for (int j = i + 1; j < c->nsel; j++) {
            if (c->sel[j].agg == AGG_COUNT || !rowwork_per_launch(c->sel[j].metric) || !picks[j].n ||
                !strcmp(c->sel[i].text, c->sel[j].text))
                continue;
            for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u)) {
                double a = finding_pick_work(r, &picks[i], u), b = finding_pick_work(r, &picks[j], u);
                if (!(a > 0 && b > 0)) continue;
                char na[32], nb[32];
                if (!launchwork_same(a, b))
                    sb_printf(shown, "%s%s and %s are times of different work (%s against %s %s a launch, the spec's %s): "
                                     "not a ratio per unit of work", shown->len ? "; " : "", c->sel[i].text, c->sel[j].text,
                              finding_num(na, sizeof na, a), finding_num(nb, sizeof nb, b), launchwork_unit_name(u),
                              launchwork_unit_source(u));
                break;
            }
        }
    }
}

int finding_samebin(const struct rundir *r, const struct check *c, const struct pick *picks, struct finding_why *why)
{
    int n = 0;
    for (int i = 0; i < c->nsel; i++) {
        if (!picks[i].n) continue;
        for (int j = i + 1; j < c->nsel; j++) {
            if (!picks[j].n || !strcmp(c->sel[i].text, c->sel[j].text)) continue;
            char *same = samebin_pair_said(r, &c->sel[i], picks[i].rows, picks[i].n, &c->sel[j], picks[j].rows, picks[j].n);
            if (same) n++;
            finding_why_add(why, NULL, same);
        }
    }
    return n;
}

void pick_free(struct pick *p)
{
    free(p->rows);
    free(p->at);
    free(p->unpassed_at);
    free(p->left_at);
    memset(p, 0, sizeof *p);
    p->row = -1;
}

int finding_selectors(const struct rundir *r, struct check *c, const struct filter *where, struct vars *v, char **shown,
                      struct pick *picks, struct finding_why *why)
{
    for (int i = 0; i < c->nsel && picks; i++) {
        memset(&picks[i], 0, sizeof picks[i]);
        picks[i].row = -1;
    }
    int missing = 0;
    for (int i = 0; i < c->nsel; i++) {
        struct pick p;
        char *none = finding_pick(r, &c->sel[i], where, &p);
        /* Every selector is tried: the reasons of all that have no number are said at once. */
        if (none) { finding_why_add(why, c->sel[i].text, none); missing++; continue; }
        char name[32];
        snprintf(name, sizeof name, "sel_%d", i + 1);
        vars_set(v, name, p.x);
        /* A selector used twice in the check is shown once. */
        int again = 0;
        for (int j = 0; j < i && !again; j++) again = !strcmp(c->sel[j].text, c->sel[i].text);
        if (!again) shown[i] = finding_pick_said(&c->sel[i], &p);
        if (picks) picks[i] = p;
        else pick_free(&p);
    }
    return missing;
}

char *finding_selectors_points_said(const struct check *c, const struct pick *picks, char **shown)
{
    /* The selectors shown: one written twice is one selector, shown once. */
    struct pick *said = xmalloc(sizeof *said * (size_t)(c->nsel + 1));
    int n = 0;
    for (int i = 0; i < c->nsel; i++)
        if (shown[i]) said[n++] = picks[i];
    char *over = finding_picks_points_said(said, n);
    free(said);
    for (int i = 0; i < c->nsel && over; i++) {
        if (!shown[i]) continue;
        struct pick q = picks[i];
        q.left_out = 0;
        free(shown[i]);
        shown[i] = finding_pick_said(&c->sel[i], &q);
    }
    return over;
}

/* lone_selector: the index i of sel_{i+1} when expr is that alone (its first, for a selector written
 * twice), else -1. */
static int lone_selector(const struct check *c, const char *expr)
{
    int i, end = 0;
    if (strncmp(expr, "sel_", 4) || !isdigit((unsigned char)expr[4]) || sscanf(expr, "sel_%d%n", &i, &end) != 1 || expr[end] || i < 1 || i > c->nsel) return -1;
    for (int j = 0; j < i - 1; j++)
        if (!strcmp(c->sel[j].text, c->sel[i - 1].text)) return j;
    return i - 1;
}

char *finding_labelled(const struct check *c, const struct vars *v, const char *expr, char **shown, int *whole)
{
    int i = lone_selector(c, expr);
    if (i >= 0 && shown[i]) {
        whole[i] = 1;
        return xstrdup(shown[i]);
    }
    double x;
    if (expr_eval(expr, v, &x, NULL)) return NULL;
    char *text = check_text(c, expr), nb[32];
    char *s = xasprintf("%s = %s", text, finding_num(nb, sizeof nb, x));
    free(text);
    return s;
}

void finding_shown_rest(const struct check *c, char **shown, const int *whole, struct sbuf *out)
{
    for (int i = 0; i < c->nsel; i++) {
        if (shown[i] && !whole[i]) sb_printf(out, "%s%s", out->len ? "; " : "", shown[i]);
        free(shown[i]);
        shown[i] = NULL;
    }
}
