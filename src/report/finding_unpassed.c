/* finding_unpassed.c — the rows a selector names that did not pass, where they bear on its pick
 * (finding_unpassed.h). */
#include "finding_unpassed.h"
#include "finding_leftout.h"
#include "finding_timeout.h"
#include "store/rowstatus.h"
#include "store/rundir_unreached.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* chosen_by_value: whether s's value is one row's chosen by its value (max, min, a COLUMN=max
 * condition), and where another row's value would move it (struct pick's unpassed_dir). */
static int chosen_by_value(const struct selector *s, int *dir)
{
    int extreme = 0;
    for (int j = 0; j < s->f.n; j++) extreme |= s->f.c[j].extreme != 0;
    *dir = extreme ? 0 : s->agg == AGG_MAX ? 1 : -1;
    return s->agg != AGG_COUNT && (extreme || s->agg == AGG_MAX || s->agg == AGG_MIN);
}

/* could_be_extreme: whether row k, which did not pass, could have been among the rows s's COLUMN=max
 * and COLUMN=min conditions keep, beside chosen (a row they kept): its value of an identifying column
 * is as it is whatever the row measured (local=max: a row at 128 is not at 256), one of any other
 * (gflops=max) not known, but for a timed-out row's bound (finding_row_could_beat: its gbs at most
 * its work over the limit, below chosen's, is no max). */
static int could_be_extreme(const struct rundir *r, const struct selector *s, int k, int chosen)
{
    for (int j = 0; j < s->f.n; j++) {
        const struct cond *c = &s->f.c[j];
        if (!c->extreme || c->colidx < 0) continue;
        if (rundir_id_index(r, c->col) < 0) {
            double y = rundir_value(r, c->col, chosen, NULL);
            if (isfinite(y) && !finding_row_could_beat(r, c->col, k, y, c->extreme, NULL)) return 0;
            continue;
        }
        double x = table_num(&r->t, k, c->colidx), y = table_num(&r->t, chosen, c->colidx);
        if (isfinite(x) && isfinite(y) && (c->extreme > 0 ? x < y : x > y)) return 0;
    }
    return 1;
}

/* missing: whether row k, which s names, is one that did not pass and might have changed p's value:
 * not skipped (the device cannot run those), and one s's COLUMN=max/min could have kept. */
static int missing(const struct rundir *r, const struct selector *s, const struct pick *p, int k)
{
    return !rundir_row_ok(r, k) && !row_status_skipped(table_cell(&r->t, k, r->c_status)) &&
           could_be_extreme(r, s, k, p->rows[0]);
}

/* The rows of a pick that did not pass named at most this many; the rest counted. */
#define UNPASSED_NAMED 3

/* unpassed: where p's value is one row's chosen by value, the rows s names that did not pass (not
 * skipped: the device cannot run those) into p's unpassed, each by the identifying values in which
 * the rows s names differ, with its status: a best of the rows that passed is no best of those it
 * names (histogram's naive at 100M FAILed at one work-group size: "min" took the others). */
static void unpassed(const struct rundir *r, const struct selector *s, struct pick *p)
{
    if (!p->n || !chosen_by_value(s, &p->unpassed_dir)) return;
    int *all = xmalloc(sizeof *all * (size_t)(r->t.nrows + 1)), n = 0, first = -1, dir = p->unpassed_dir, bounded = dir != 0;
    double far = p->x, reach;
    for (int k = 0; k < r->t.nrows; k++) {
        if (!filter_match(&s->f, &r->t, k)) continue;
        int ok = rundir_row_ok(r, k);
        /* One rule: a row that did not pass and could not have beaten the best (a timed-out row
         * whose time is past it) leaves the best as it is. */
        if (!ok && (!missing(r, s, p, k) || (dir && !finding_row_could_beat(r, s->metric, k, p->x, dir, &reach)))) continue;
        all[n++] = k;
        if (ok) continue;
        if (first < 0) first = k;
        if (!dir || isnan(reach)) bounded = 0;
        else far = dir > 0 ? fmax(far, reach) : fmin(far, reach);
    }
    p->bounded = first >= 0 && bounded;
    p->reach = far;
    struct sbuf b = {0};
    for (int i = 0; first >= 0 && i < n; i++) {
        int k = all[i];
        if (rundir_row_ok(r, k)) continue;
        p->unreached += rundir_row_unreached(r, k);
        if (p->unpassed++ >= UNPASSED_NAMED) continue;
        char *at = finding_row_at(r, all, n, k);
        /* A configuration a stopped run never reached has no status of its own: said as what it is. */
        sb_printf(&b, "%s%s%s%s", b.len ? ", " : "", at, *at ? " " : "",
                  rundir_row_unreached(r, k) ? "not reached" : rundir_above_peak(r, k) ? "above the peak"
                                                                                     : table_cell(&r->t, k, r->c_status));
        free(at);
        finding_timeout_said(r, s->metric, k, &b);
    }
    if (p->unpassed > UNPASSED_NAMED) sb_printf(&b, " and %d more", p->unpassed - UNPASSED_NAMED);
    p->unpassed_at = b.s;
    free(all);
}

/* left_out: where p's value aggregates rows (mean, gmean, median, sum), the points (finding_row_at of
 * the rows s names) at which no row passed into p's left_out and left_at, and how many points s names
 * into p's points: an aggregate of the rest stands on fewer points than the sweep (a gmean over
 * work-group sizes where local 256 FAILed for both variants), which a pair's sides standing on the
 * same points (finding_points_apart) does not say. */
static void left_out(const struct rundir *r, const struct selector *s, struct pick *p)
{
    if (!p->n || s->agg == AGG_ONE || s->agg == AGG_COUNT || s->agg == AGG_MIN || s->agg == AGG_MAX) return;
    int *all = xmalloc(sizeof *all * (size_t)(r->t.nrows + p->n + 1)), n = 0;
    for (int i = 0; i < p->n; i++)
        if (isfinite(rundir_value(r, s->metric, p->rows[i], NULL))) all[n++] = p->rows[i];
    int kept = n;
    for (int k = 0; k < r->t.nrows; k++)
        if (filter_match(&s->f, &r->t, k) && missing(r, s, p, k)) all[n++] = k;
    /* Every row passed (the common case): nothing to say, and no labels made (sgemm's 62k rows). */
    if (n > kept)
        p->left_at = finding_points_left_out(r, all, n, kept, UNPASSED_NAMED, &p->left_out, &p->points, &p->left_how);
    free(all);
}


void finding_unpassed(const struct rundir *r, const struct selector *s, struct pick *p)
{
    unpassed(r, s, p);
    left_out(r, s, p);
}
