/* rannone.c — a run of which the device ran no configuration, told from its rows (rannone.h). */
#include "rannone.h"
#include "rowstatus.h"

char *rundir_ran_none(const struct rundir *r)
{
    struct status_counts c = {0};
    for (int i = 0; i < r->t.nrows; i++) {
        enum row_status s = row_status_of(table_cell(&r->t, i, r->c_status));
        if (row_status_is_ran(s)) return NULL;
        status_counts_note(&c, s);
    }
    if (!c.rows) return xstrdup("no rows");
    return status_counts_some(&c);
}
