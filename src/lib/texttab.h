/* texttab.h — a table of text cells printed two ways: aligned for the console, or as Markdown
 * for report.md and compare.md, so the two never disagree. */
#ifndef TEXTTAB_H
#define TEXTTAB_H
#include "util.h"
#include <stdio.h>

struct texttab {
    struct strlist head;
    struct strlist cells;        /* row-major, head.n per row */
    int nrows;
};

/* tt_head: sets the column names (a NULL-terminated list). */
void tt_head(struct texttab *t, const char *const *names);
void tt_head_add(struct texttab *t, const char *name);
/* tt_cell: appends a cell to the current row; a row ends when it holds head.n cells. */
void tt_cell(struct texttab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* tt_num: a number with prec digits after the point ("%.*f"), or "-" when not finite. */
void tt_num(struct texttab *t, double x, int prec);
/* tt_num_read: a number read back from a file as its text, with at most prec digits after the point
 * and never more than the text holds: results.tsv keeps six significant digits, so its "1140.13"
 * reads "1140.13", not "1140.1300", whose last two digits were never measured; rounded half away
 * from zero on its digits (lib/decround.h: "2.56295" reads "2.5630", as the row line says it); "-"
 * when it is no number. */
void tt_num_read(struct texttab *t, const char *text, int prec);
/* Spaces between two columns of words side by side on the console (one elsewhere). */
#define TT_WORDS_GAP 3
/* tt_print: the table, aligned (numbers to the right) with two leading spaces, or as Markdown; on the
 * console two columns of words side by side (some cell of each holds a space) TT_WORDS_GAP apart. */
void tt_print(const struct texttab *t, FILE *out, int markdown);
void tt_free(struct texttab *t);
/* tt_md_escape: s for a Markdown table cell ('|' would end it), in a new string. */
char *tt_md_escape(const char *s);
#endif
