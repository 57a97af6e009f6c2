/* summary_common.c — what the summary's tables share: a table's title, a value's place in a list,
 * the variants in the spec's order. */
#include "summary_impl.h"
#include <stdlib.h>
#include <string.h>

void summary_heading(FILE *out, int markdown, const char *title)
{
    if (markdown) fprintf(out, "\n### %s\n\n", title);
    else fprintf(out, "\n%s:\n", title);
}

int summary_value_index(const struct rundir *r, int i, int c, struct strlist *l)
{
    const char *v = table_cell(&r->t, i, c);
    for (int k = 0; k < l->n; k++)
        if (!strcmp(l->v[k], v)) return k;
    sl_push(l, v);
    return l->n - 1;
}

void summary_variants(const struct rundir *r, struct strlist *out)
{
    struct strlist met = {0};
    for (int i = 0; i < r->t.nrows; i++) summary_value_index(r, i, r->c_variant, &met);
    const struct rj_as_run *as = &r->rj.as_run;
    int n = as->nvariants;
    char **ids = xcalloc((size_t)n + 1, sizeof *ids);
    int *sorted = xcalloc((size_t)n + 1, sizeof *sorted);
    for (int v = 0; v < n; v++) {
        ids[v] = (char *)as->variants[v].id;
        sorted[v] = v;
    }
    sort_by_keys(sorted, n, ids);   /* found by bisection: a run of thousands of variants */
    /* rank[k]: met's k-th variant's place in the spec's order; those run.json does not list after them */
    int *rank = xcalloc((size_t)met.n + 1, sizeof *rank), *idx = xcalloc((size_t)met.n + 1, sizeof *idx);
    char **keys = xcalloc((size_t)met.n + 1, sizeof *keys);
    for (int k = 0; k < met.n; k++) {
        int at = find_by_keys(ids, sorted, n, met.v[k]);
        rank[k] = at >= 0 ? at : n + k;
        keys[k] = xasprintf("%012d", rank[k]);
        idx[k] = k;
    }
    sort_by_keys(idx, met.n, keys);
    for (int k = 0; k < met.n; k++) {
        sl_push(out, met.v[idx[k]]);
        free(keys[k]);
    }
    free(keys);
    free(idx);
    free(rank);
    free(sorted);
    free(ids);
    sl_free(&met);
}
