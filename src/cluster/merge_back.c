/* merge_back.c — what a merged folder records of itself, read back: its rows by status, its failed
 * probes and unwritten files (a merge run again over its own complete result ends as that merge did). */
#include "merge_impl.h"
#include "lib/table.h"
#include "store/rowstatus.h"
#include "store/runjson.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int merge_probes_failed(const char *out)
{
    char *path = path_join(out, "probes.tsv"), *err = NULL;
    struct table t;
    int n = 0;
    if (file_exists(path) && !table_read(path, &t, &err)) {
        int c = table_col(&t, "status");
        for (int i = 0; c >= 0 && i < t.nrows; i++) n += row_status_failed(table_cell(&t, i, c));
        table_free(&t);
    }
    free(err);
    free(path);
    return n;
}

int merge_read_back(struct merge *m, const char *out)
{
    char *path = path_join(out, "results.tsv"), *err = NULL;
    struct table t;
    struct runjson j;
    int rc = -1;
    memset(&m->rows, 0, sizeof m->rows);
    if (table_read(path, &t, &err) == 0) {
        int c = table_col(&t, "status");
        for (int i = 0; c >= 0 && i < t.nrows; i++) status_counts_add(&m->rows, table_cell(&t, i, c));
        table_free(&t);
        rc = c >= 0 ? 0 : -1;
        if (rc) fprintf(stderr, "clx merge: %s has no status column\n", path);
    } else fprintf(stderr, "clx merge: cannot read %s: %s\n", path, err);
    free(err);
    free(path);
    m->probes_failed = merge_probes_failed(out);
    if (rc == 0 && runjson_read(out, &j, &err) == 0) {
        m->files_unwritten = (int)rj_num(j.counts.files_unwritten);
        runjson_free(&j);
    }
    free(err);
    return rc;
}
