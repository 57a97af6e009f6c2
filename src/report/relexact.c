/* relexact.c — rel_time and speedup from the rows' times, unrounded (relexact.h). */
#include "relexact.h"
#include <math.h>
#include <string.h>

/* KEPT_DIGITS: results.tsv keeps rel_time and speedup to four significant digits (relative.h's
 * RELATIVE_TIME_FORMAT): a ratio of the times within this of the kept value is the same one. */
#define KEPT_DIGITS 6e-4

int relexact_reference(const struct rundir *r, int i)
{
    int rel = table_col(&r->t, "rel_time");
    if (rel < 0) return -1;
    if (table_num(&r->t, i, rel) == 1) return i;
    for (int j = 0; j < r->t.nrows; j++) {
        if (j == i || table_num(&r->t, j, rel) != 1) continue;
        int same = 1;
        for (int k = 0; k < r->id_names.n && same; k++)
            same = r->id_col[k] == r->c_variant || !strcmp(table_cell(&r->t, i, r->id_col[k]), table_cell(&r->t, j, r->id_col[k]));
        if (same) return j;
    }
    return -1;
}

double relexact_value(const struct rundir *r, const char *metric, int i, char **err)
{
    double kept = rundir_value(r, metric, i, err);
    int speedup = !strcmp(metric, "speedup");
    if (!isfinite(kept) || !(kept > 0) || (!speedup && strcmp(metric, "rel_time"))) return kept;
    int ref = relexact_reference(r, i);
    if (ref < 0 || ref == i) return kept;
    /* As relative.c: the times' ratio where the two did the same work, else per unit of it. */
    struct launchwork a = rundir_work(r, i), b = rundir_work(r, ref);
    double wa, wb;
    enum launchwork_unit u = launchwork_pair(&a, &b, &wa, &wb);
    double x = u == LAUNCHWORK_NONE || launchwork_same(wa, wb) ? a.ms / b.ms : launchwork_speedup(&a, &b);
    if (speedup) x = 1 / x;
    return x > 0 && isfinite(x) && fabs(x / kept - 1) < KEPT_DIGITS ? x : kept;
}
