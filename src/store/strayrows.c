/* strayrows.c — the rows whose kernels wrote outside their buffers, or left elements of an output
 * unwritten, from results.tsv (strayrows.h). */
#include "strayrows.h"
#include "lib/table.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* Named in full: a few are enough to find the kernel that did it; the rest are counted. */
#define NAMED 3

static int stray_note(const char *note)
{
    return strstr(note, STRAY_OUTSIDE) || strstr(note, STRAY_PAST) || strstr(note, STRAY_BEFORE);
}

/* rows_noting: how many of dir/results.tsv's rows have a note holding words (0 where it cannot be read). */
static int rows_noting(const char *dir, const char *words)
{
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    int n = 0;
    if (table_read(path, &t, &err) == 0) {
        int cn = table_col(&t, "note");
        for (int i = 0; cn >= 0 && i < t.nrows; i++) n += strstr(table_cell(&t, i, cn), words) != NULL;
        table_free(&t);
    }
    free(err);
    free(path);
    return n;
}

int unwritten_rows(const char *dir) { return rows_noting(dir, UNWRITTEN_WORDS); }

int stray_rows(const char *dir, char **names)
{
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    struct strlist l = {0};
    int n = 0;
    if (names) *names = NULL;
    if (table_read(path, &t, &err) == 0) {
        int cn = table_col(&t, "note"), cv = table_col(&t, "variant"), cb = table_col(&t, "build"),
            cl = table_col(&t, "local");
        for (int i = 0; cn >= 0 && i < t.nrows; i++) {
            if (!stray_note(table_cell(&t, i, cn))) continue;
            if (++n > NAMED) continue;
            const char *b = cb >= 0 ? table_cell(&t, i, cb) : "";
            sl_push_own(&l, xasprintf("%s %s%s%s", cv >= 0 ? table_cell(&t, i, cv) : "?", *b ? b : "default",
                                      cl >= 0 ? " local=" : "", cl >= 0 ? table_cell(&t, i, cl) : ""));
        }
        table_free(&t);
    }
    if (names && n) {
        char *list = sl_join(&l, ", ");
        *names = n > NAMED ? xasprintf("%s and %d more", list, n - NAMED) : xstrdup(list);
        free(list);
    }
    sl_free(&l);
    free(err);
    free(path);
    return n;
}
