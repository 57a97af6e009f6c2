/* rundir_row.c — what a run's row says of itself: its flags (IMPOSSIBLE, sol>100, cut rounds), whether
 * it is a variant and build's row as a whole, and its launch point (rundir.h). */
#include "rundir.h"
#include "results.h"
#include "rowstatus.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

int rundir_impossible(const struct rundir *r, int i)
{
    return r->c_flag >= 0 && strstr(table_cell(&r->t, i, r->c_flag), "IMPOSSIBLE") != NULL;
}

int rundir_above_peak(const struct rundir *r, int i)
{
    return row_status_measured(table_cell(&r->t, i, r->c_status)) && rundir_impossible(r, i);
}

int rundir_sol_over(const struct rundir *r, int i)
{
    return r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), SOL_OVER_FLAG);
}

int rundir_build_row(const struct rundir *r, int i)
{
    if (i < 0 || r->id_names.n <= 2) return 0;      /* no launch axis: every row is a variant and build's */
    for (int k = 2; k < r->id_names.n; k++)
        if (*table_cell(&r->t, i, r->id_col[k])) return 0;
    return 1;
}

char *rundir_point(const struct rundir *r, int i, int with_local)
{
    struct sbuf b = {0};
    int local_axis = 0;
    for (int a = 0; a < r->axes.n; a++) {
        int is_local = !strcmp(r->axes.v[a], "local");
        local_axis |= is_local;
        const char *v = table_cell(&r->t, i, r->axis_col[a]);
        /* An empty cell is no value (a variant and build's row as a whole: rundir_build_row): "local=" read as one. */
        if ((is_local ? !with_local : r->axis_len[a] < 2) || !*v) continue;
        sb_printf(&b, "%s%s=%s", b.len ? " " : "", r->axes.v[a], v);
    }
    /* A shape from the spec's local_size alone (no local axis: a transpose's TILE x TILE) is the
     * row's work-group size all the same: a "point (best local)" cell was empty beside it. */
    const char *own = with_local && !local_axis && r->c_local >= 0 ? table_cell(&r->t, i, r->c_local) : "";
    if (*own) sb_printf(&b, "%slocal=%s", b.len ? " " : "", own);
    return b.s ? b.s : xstrdup("");
}

/* number: whether s is a number as written (no trailing text), into *x. */

int rundir_row_cut(const struct rundir *r, int i)
{
    return i >= 0 && r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), ROUNDS_CUT_FLAG);
}
