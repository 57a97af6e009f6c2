/* table.h — a tab-separated file read into memory (header on line 1; '#' lines that older clx
 * runs wrote before the header are skipped; a last row without its newline, cut off, is left
 * out): cells by row and column name, numbers on demand. */
#ifndef TABLE_H
#define TABLE_H
#include "util.h"

struct table {
    char *path;
    char *text;                  /* the file, split in place: cells point into it */
    struct strlist cols;         /* header names (copies) */
    const char ***cells;         /* [row][col]; short rows are padded with "" */
    int nrows;
    int cut;                     /* 1 when a last row without its newline was left out */
};

/* table_read: reads path. Returns 0, or -1 and *err ("results.tsv: no header line"), t then empty
 * (nothing to free; table_free of it does nothing). */
int table_read(const char *path, struct table *t, char **err);
void table_free(struct table *t);
/* table_keep_rows: the first n rows stay, the rest are forgotten. */
void table_keep_rows(struct table *t, int n);
/* table_col: the index of column name, or -1. */
int table_col(const struct table *t, const char *name);
/* table_cell: the text of a cell; "" for col < 0. */
const char *table_cell(const struct table *t, int row, int col);
/* table_num: the cell as a number (NAN when empty or not a number; "not measured"). */
double table_num(const struct table *t, int row, int col);
#endif
