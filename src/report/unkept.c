/* unkept.c — the rows a plot or a finding matched but cannot take, said by why (unkept.h). */
#include "unkept.h"
#include "lib/util.h"
#include <stdlib.h>

void unkept_add(struct unkept *u, const struct rundir *r, int i)
{
    u->rows++;
    if (rundir_above_peak(r, i)) u->above_peak++;
    else status_counts_add(&u->failed, table_cell(&r->t, i, r->c_status));
}

char *unkept_aside_said(const struct unkept *u, const char *which, const char *failed_one, const char *failed_many)
{
    if (!u->above_peak) return NULL;
    if (!u->failed.rows)
        return xasprintf("the %d row%s %s %s " RUNDIR_ABOVE_PEAK_SAID, u->rows, u->rows == 1 ? "" : "s", which,
                         u->rows == 1 ? "is" : "are");
    char *some = status_counts_some(&u->failed);
    char *s = xasprintf("the %d rows %s: %d %s (%s), %d " RUNDIR_ABOVE_PEAK_SAID, u->rows, which, u->failed.rows,
                        u->failed.rows == 1 ? failed_one : failed_many, some, u->above_peak);
    free(some);
    return s;
}
