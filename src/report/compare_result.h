/* compare_result.h — which rows of a run a comparison (or a history) takes as results: a row
 * measured and passed whose time is of its work. A row that is none is said per side as what it
 * is: a row that did not pass its check or has no time (its status: FAIL, error, crashed, timeout,
 * build-failed, stopped), or a verified row faster than the device can do its work, flagged
 * IMPOSSIBLE (above a theoretical peak) or sol>100 (past its speed of light): the work was probably
 * optimised away, or is counted wrong, and its time is not of that work. */
#ifndef COMPARE_RESULT_H
#define COMPARE_RESULT_H
#include "store/rundir.h"
#include "store/rowstatus.h"

/* The word said of a measured row flagged IMPOSSIBLE (results.tsv's flag is IMPOSSIBLE:WHAT); a
 * row flagged sol>100 is said by its flag, SOL_OVER_FLAG. */
#define CMP_IMPOSSIBLE "IMPOSSIBLE"
/* What such a row is, for the files that list them (compare.md, history.md). */
#define CMP_APART_SAID "IMPOSSIBLE, sol>100: its output passed, but faster than the device can do its work (above its " \
    "theoretical peak, past its speed of light): the spec's declared work (bytes or flops) or a ceiling is wrong, or " \
    "the work was optimised away, so the time is not of it"

/* cmp_row_result: whether row i of r is a result to put beside another: measured and passed, not
 * IMPOSSIBLE (rundir_row_ok) and not past its speed of light (flag sol>100). */
int cmp_row_result(const struct rundir *r, int i);
/* cmp_row_flagged: for a row measured (ok or unverified, with a time) that is no result, its flag's
 * word: CMP_IMPOSSIBLE or SOL_OVER_FLAG (IMPOSSIBLE where it has both); else NULL. */
const char *cmp_row_flagged(const struct rundir *r, int i);
/* cmp_row_apart: whether row i is one a comparison says apart: it did not pass (row_status_failed)
 * or it is flagged (cmp_row_flagged). */
int cmp_row_apart(const struct rundir *r, int i);
/* cmp_row_skipped: whether row i was skipped (store/rowstatus.h, ROW_SKIPPED): no result and no
 * failure; said beside another side's row where some side measured the configuration. */
int cmp_row_skipped(const struct rundir *r, int i);
/* cmp_row_word: what a comparison says of row i: its status, or for a flagged row its flag's word
 * ("IMPOSSIBLE" where results.tsv says ok); points into the table or is static. */
const char *cmp_row_word(const struct rundir *r, int i);

/* Rows said apart, counted by what they are: by status (those that did not pass), and the flagged. */
struct cmp_counts { struct status_counts status; int impossible, sol_over, rows; };
/* cmp_counts_add: one more of row i of r, which cmp_row_apart says apart. */
void cmp_counts_add(struct cmp_counts *c, const struct rundir *r, int i);
/* cmp_counts_some: "2 FAIL, 1 crashed, 4 IMPOSSIBLE, 1 sol>100", only those there are; "" for none
 * (a new string). */
char *cmp_counts_some(const struct cmp_counts *c);
#endif
