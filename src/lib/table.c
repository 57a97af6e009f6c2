/* table.c — reads a tab-separated file into memory for reports and comparisons. */
#include "table.h"
#include "expr.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char empty[] = "";

int table_read(const char *path, struct table *t, char **err)
{
    memset(t, 0, sizeof *t);
    t->path = xstrdup(path);
    t->text = read_file(path, NULL);
    if (!t->text) {
        *err = xasprintf("%s: %s", path, strerror(errno));
        table_free(t);
        return -1;
    }
    char *line = t->text;
    /* Older runs began with "# provenance: ..." lines; run.json holds that now. */
    while (*line == '#') {
        char *nl = strchr(line, '\n');
        line = nl ? nl + 1 : line + strlen(line);
    }
    int cap = 0, header = 1;
    while (*line) {
        char *nl = strchr(line, '\n');
        char *next = nl ? nl + 1 : line + strlen(line);
        if (nl) *nl = '\0';
        if (nl > line && nl[-1] == '\r') nl[-1] = '\0';
        if (header) {
            sl_split(&t->cols, line, '\t');
            header = 0;
        } else if (*line && !nl) {
            t->cut = 1;
        } else if (*line) {
            /* A last line without its newline is a row cut off (a run killed while writing it:
             * the writer ends every row with one): left out, never guessed. A short row that is
             * whole is padded with empty cells ("not measured"). */
            if (t->nrows == cap) {
                cap = cap ? cap * 2 : 256;
                t->cells = xrealloc(t->cells, sizeof *t->cells * (size_t)cap);
            }
            const char **row = xmalloc(sizeof *row * (size_t)(t->cols.n ? t->cols.n : 1));
            char *c = line;
            for (int i = 0; i < t->cols.n; i++) {
                if (!c) { row[i] = empty; continue; }
                char *tab = strchr(c, '\t');
                if (tab) *tab = '\0';
                row[i] = c;
                c = tab ? tab + 1 : NULL;
            }
            t->cells[t->nrows++] = row;
        }
        line = next;
    }
    if (header || t->cols.n == 0) {
        *err = xasprintf("%s: no header line", path);
        table_free(t);
        return -1;
    }
    return 0;
}

void table_free(struct table *t)
{
    for (int i = 0; i < t->nrows; i++) free(t->cells[i]);
    free(t->cells);
    sl_free(&t->cols);
    free(t->text);
    free(t->path);
    memset(t, 0, sizeof *t);
}

void table_keep_rows(struct table *t, int n)
{
    while (t->nrows > n && t->nrows > 0) free(t->cells[--t->nrows]);
}

int table_col(const struct table *t, const char *name)
{
    for (int i = 0; i < t->cols.n; i++)
        if (!strcmp(t->cols.v[i], name)) return i;
    return -1;
}

const char *table_cell(const struct table *t, int row, int col)
{
    return col < 0 || row < 0 || row >= t->nrows ? empty : t->cells[row][col];
}

double table_num(const struct table *t, int row, int col)
{
    double x;
    return parse_number(table_cell(t, row, col), &x) ? NAN : x;
}
