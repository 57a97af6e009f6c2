/* finding_spread.c — how far chance alone moves a spread of a row's trials that a finding reads: a cv
 * over 5 trials is uncertain by a third of itself, and a claim "twice the variance" on two of them
 * held in one run and not in an identical one. */
#include "finding_spread.h"
#include "verdict.h"
#include "store/columns.h"
#include <math.h>

double finding_spread_floor(const struct rundir *r, const struct selector *s, const struct pick *p)
{
    const char *over = column_spread_over(s->metric);
    if (!over || s->agg == AGG_COUNT) return NAN;
    int one = p->row >= 0, n = one ? 1 : p->n;
    double df = 0;
    for (int k = 0; k < n; k++) {
        int row = one ? p->row : p->rows[k];
        if (!one && !isfinite(rundir_value(r, s->metric, row, NULL))) continue;   /* not in the aggregate */
        double count = rundir_value(r, over, row, NULL);
        if (!(count >= 2)) return INFINITY;
        df += count - 1;
    }
    return df > 0 ? expm1(verdict_z(VERDICT_ALPHA) / sqrt(2 * df)) : INFINITY;
}
