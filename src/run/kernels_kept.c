/* kernels_kept.c — kernels.tsv's rows of the builds made before this worker: a resumed search, or a
 * search's new worker after a crash, builds only what it measures next, and kernels.tsv is written
 * anew; the earlier rows are read first and written again at once (a later crash keeps them), and
 * a build made again writes no second row (it replaces the row that says otherwise: run_kernels.c). */
#include "run_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_kernels_read(const struct runner *r, const char *path, struct table *t)
{
    char *err = NULL;
    memset(t, 0, sizeof *t);
    if (!(r->o->resume_dir || run_worker_again(r->o)) || !file_exists(path)) return 0;
    if (table_read(path, t, &err) == 0) return 0;
    warn("cannot read %s: %s (the rows of the builds before this worker are not written again)", path, err);
    free(err);
    memset(t, 0, sizeof *t);
    return -1;
}

/* kept_index: the [variant * nbuilds + build] of t's row i, or -1 where this plan has no such pair. */
static int kept_index(const struct runner *r, const struct table *t, int i)
{
    const char *variant = table_cell(t, i, table_col(t, "variant")), *label = table_cell(t, i, table_col(t, "build"));
    for (int v = 0; v < r->plan.nvariants; v++) {
        if (strcmp(r->plan.variants[v].id, variant)) continue;
        for (int b = 0; b < r->plan.builds.n; b++)
            if (!strcmp(plan_build_label(r->plan.builds.v[b]), label)) return build_index(&r->bl, v, b);
    }
    return -1;
}

void run_kernels_again(struct runner *r, struct table *t, const struct strlist *header)
{
    int same = t->cols.n == header->n;
    for (int c = 0; same && c < t->cols.n; c++) same = !strcmp(t->cols.v[c], header->v[c]);
    if (t->nrows && !same) warn("kernels.tsv: its earlier rows have other columns: not written again");
    for (int i = 0; same && i < t->nrows; i++) {
        int k = kept_index(r, t, i);
        if (k >= 0) r->bl.row_kept[k] = i + 1;
        struct strlist row = {0};
        for (int c = 0; c < t->cols.n; c++) sl_push(&row, table_cell(t, i, c));
        tsv_row(&r->bl.ktsv, &row);
        sl_free(&row);
    }
    table_free(t);
}
