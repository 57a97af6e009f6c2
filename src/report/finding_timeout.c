/* finding_timeout.c — the bound a timed-out row's value stands on (finding_timeout.h). */
#include "finding_timeout.h"
#include "rowwork.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* point_work: the work a launch in unit u that the rows that passed at row k's point, variant and
 * build (its other work-group sizes) all did; NAN where none did or they differ. */
static double point_work(const struct rundir *r, int k, enum launchwork_unit u)
{
    int *rows = xmalloc(sizeof *rows * (size_t)(r->t.nrows + 1)), n = 0;
    for (int j = 0; j < r->t.nrows; j++)
        if (j != k && rundir_same_point(r, j, k) && rundir_row_ok(r, j)) rows[n++] = j;
    double w = n ? rowwork_common(r, rows, n, u) : NAN;
    free(rows);
    return w;
}

double finding_timeout_bound(const struct rundir *r, const char *metric, int k, int *side)
{
    *side = 0;
    if (strcmp(table_cell(&r->t, k, r->c_status), "timeout")) return NAN;
    double limit = row_timeout_limit_s(table_cell(&r->t, k, table_col(&r->t, "note")));
    if (!(limit > 0)) return NAN;
    if (!strcmp(metric, "median_ms") || !strcmp(metric, "mean_ms") || !strcmp(metric, "min_ms")) {
        *side = 1;
        return limit * 1e3;
    }
    enum launchwork_unit u = !strcmp(metric, "gbs") ? LAUNCHWORK_GB : !strcmp(metric, "gflops") ? LAUNCHWORK_GFLOP
                                                                                                 : LAUNCHWORK_NONE;
    double w = u == LAUNCHWORK_NONE ? NAN : point_work(r, k, u);
    if (!(w > 0)) return NAN;
    *side = -1;
    return w / limit;
}

int finding_row_could_beat(const struct rundir *r, const char *metric, int k, double x, int dir, double *reach)
{
    int side;
    double b = finding_timeout_bound(r, metric, k, &side);
    if (reach) *reach = NAN;
    /* Known to lie at or past b on side: beyond x only where b is, and no further than b where the
     * side is the other way. */
    if (side && dir && side != dir) {
        if (!(dir > 0 ? b > x : b < x)) return 0;
        if (reach) *reach = b;
        return 1;
    }
    return 1;
}

void finding_timeout_said(const struct rundir *r, const char *metric, int k, struct sbuf *b)
{
    int side;
    double x = finding_timeout_bound(r, metric, k, &side);
    const struct column_info *c = column_find(metric);
    /* %.6g, not finding_num: finding_pick calls this module, which calls nothing of it back. */
    if (side) sb_printf(b, " (at %s %.6g%s%s)", side > 0 ? "least" : "most", x, c && *c->unit ? " " : "", c ? c->unit : "");
}
