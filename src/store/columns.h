/* columns.h — the columns clx writes to results.tsv after the identifying ones: name, unit, axis
 * label, and which way is better. docs/results.md documents each; a test keeps the two in step. */
#ifndef COLUMNS_H
#define COLUMNS_H

/* How a column's value varies between trials, for error bars: not at all (a count, a size), by
 * the trials' standard deviation (a time), or in proportion to it (a rate or ratio of times). */
enum column_err { ERR_NONE, ERR_SD, ERR_CV };

struct column_info {
    const char *name;
    const char *unit;        /* for axis labels: "ms", "GB/s", "%"; "" for none */
    const char *label;       /* what a plot's axis says */
    int numeric;             /* every non-empty cell is a plain number */
    int better;              /* +1 higher is better, -1 lower is better, 0 neither */
    enum column_err err;
};

/* The metric columns in results.tsv order (NULL-terminated). */
extern const struct column_info column_table[];
/* column_find: the row for name, or NULL (parameters, launch axes and derived values have none). */
const struct column_info *column_find(const char *name);
#endif
