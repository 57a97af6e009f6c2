/* compare_apart.c — why runs joined on their configurations have none in common: said from what
 * the runs hold (a side with no measured row, --quick against full, an identifying column whose
 * values no two sides share), so that the advice fits the runs given. */
#include "compare_apart.h"
#include "compare_result.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* col_values: the distinct values of identifying column k in r's measured rows. */
static void col_values(const struct rundir *r, int k, struct strlist *out)
{
    for (int i = 0; i < r->t.nrows; i++) {
        if (!cmp_row_result(r, i)) continue;
        const char *v = table_cell(&r->t, i, r->id_col[k]);
        int seen = 0;
        for (int m = 0; m < out->n && !seen; m++) seen = !strcmp(out->v[m], v);
        if (!seen) sl_push(out, v);
    }
}

static int shares(const struct strlist *a, const struct strlist *b)
{
    for (int i = 0; i < a->n; i++)
        for (int m = 0; m < b->n; m++)
            if (!strcmp(a->v[i], b->v[m])) return 1;
    return 0;
}

/* some: at most 3 of values, "'' " for the default build, "and N more" past them. */
static void some(struct sbuf *b, const struct strlist *values)
{
    for (int i = 0; i < values->n && i < 3; i++) sb_printf(b, "%s%s", i ? ", " : "", *values->v[i] ? values->v[i] : "''");
    if (values->n > 3) sb_printf(b, " and %d more", values->n - 3);
}

char *cmp_apart(const struct cmp_join *j)
{
    /* With --by, or along a column, the sides are one column's values of the same runs. */
    if (j->along >= 0)
        return xasprintf("no configuration was measured at every %s compared", j->along_name);
    for (int k = 0; k < j->nruns; k++) {
        int any = 0;
        for (int i = 0; i < j->runs[k].t.nrows && !any; i++) any = cmp_row_result(&j->runs[k], i);
        if (!any) return xasprintf("%c (%s) has no measured row that passed", 'A' + k, j->runs[k].dir);
    }
    for (int k = 1; k < j->nruns; k++)
        if (rundir_quick(&j->runs[0]) != rundir_quick(&j->runs[k]))
            return xasprintf("A is a %s run and %c a %s one: compare runs of the same sweep (both --quick, or both full)",
                             rundir_quick(&j->runs[0]) ? "--quick" : "full", 'A' + k,
                             rundir_quick(&j->runs[k]) ? "--quick" : "full");
    /* Both of one kind: what differs is the values some column takes (a variant renamed by --set,
     * another --build, another --size), said with the values of each side. */
    const struct rundir *a = &j->runs[0];
    for (int c = 0; c < a->id_names.n; c++)
        for (int k = 1; k < j->nruns; k++) {
            struct strlist x = {0}, y = {0};
            col_values(a, c, &x);
            col_values(&j->runs[k], c, &y);
            char *why = NULL;
            if (!shares(&x, &y)) {
                struct sbuf b = {0};
                sb_printf(&b, "A and %c share no %s (A: ", 'A' + k, a->id_names.v[c]);
                some(&b, &x);
                sb_printf(&b, "; %c: ", 'A' + k);
                some(&b, &y);
                sb_printf(&b, ")%s", c == 0 ? ": a named variant given another value of its own parameter by --set is "
                                              "named with it (gs_float4:ILP=2)" : "");
                why = b.s;
            }
            sl_free(&x);
            sl_free(&y);
            if (why) return why;
        }
    return xstrdup("the runs share each variant, build and launch value, but measured no combination of them alike: "
                   "compare runs of the same sweep");
}
