/* compare_bywords.c — what `clx compare --by` takes in a run, and why a name it was given is none
 * (compare_bywords.h). */
#include "compare_bywords.h"
#include "compare_param.h"
#include "compare_result.h"
#include "store/columns.h"
#include "lib/names.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

int cmp_several_values(const struct rundir *r, int col, int measured)
{
    const char *first = NULL;
    for (int i = 0; col >= 0 && i < r->t.nrows; i++) {
        if (measured && !cmp_row_result(r, i)) continue;
        const char *v = table_cell(&r->t, i, col);
        if (!*v) continue;
        if (first && strcmp(first, v)) return 1;
        first = v;
    }
    return 0;
}

/* by_takes: what --by takes in run r, into out: its identifying columns (variant, build, the launch
 * axes), then its template parameters, each where its measured rows take two values or more (one of
 * a single value has nothing to compare along: offering GPC where every row had GPC 2 sent the user
 * to a refusal). */
static void by_takes(const struct rundir *r, struct strlist *out)
{
    for (int k = 0; k < r->id_names.n; k++)
        if (cmp_several_values(r, r->id_col[k], 1)) sl_push(out, r->id_names.v[k]);
    struct strlist params = {0};
    cmp_param_names(r, &params);
    for (int k = 0; k < params.n; k++)
        if (cmp_several_values(r, cmp_param_col(r, params.v[k]), 1)) sl_push(out, params.v[k]);
    sl_free(&params);
}

char *cmp_by_takes_said(const struct rundir *r, const char *by, int near)
{
    struct strlist takes = {0};
    by_takes(r, &takes);
    struct sbuf b = {0};
    if (!takes.n) {
        sl_free(&takes);
        return xstrdup("no column of the run takes two measured values: --by has nothing to compare along in it");
    }
    sb_printf(&b, "--by takes ");
    for (int k = 0; k < takes.n; k++) sb_printf(&b, "%s%s", k ? k == takes.n - 1 ? " or " : ", " : "", takes.v[k]);
    char *dym = near ? did_you_mean(by, takes.v, takes.n) : xstrdup("");
    /* A name the run has but takes one value of (RADIUS at 2 alone, given as radius) is still the
     * one meant: the refusal it gets then says why. */
    if (near && !*dym) {
        struct strlist all = {0};
        for (int k = 0; k < r->id_names.n; k++) sl_push(&all, r->id_names.v[k]);
        cmp_param_names(r, &all);
        free(dym);
        dym = did_you_mean(by, all.v, all.n);
        sl_free(&all);
    }
    sb_printf(&b, "%s", dym);
    free(dym);
    sl_free(&takes);
    return b.s;
}

char *cmp_by_refused(const struct rundir *r, const char *dir, const char *by)
{
    struct sbuf why = {0};
    const struct column_info *col = column_find(by);
    int derived = 0, none = 0;
    for (int k = 0; k < r->derived.n && !derived; k++) derived = !strcmp(r->derived.v[k], by);
    if (col)
        sb_printf(&why, "%s is what clx writes of each row (%s), not a column that picks its configuration", by, col->label);
    else if (derived)
        sb_printf(&why, "%s is computed from what picks a configuration (the spec's derived: of the parameters, the "
                  "build and the launch axes), so it moves with them", by);
    else if (table_col(&r->t, by) >= 0)
        sb_printf(&why, "%s is a column of each row, not one that picks its configuration", by);
    else
        sb_printf(&why, "%s has no such column", dir), none = 1;
    char *takes = cmp_by_takes_said(r, by, none);
    char *e = xasprintf("--by %s: %s; %s", by, why.s, takes);
    free(takes);
    sb_free(&why);
    return e;
}
