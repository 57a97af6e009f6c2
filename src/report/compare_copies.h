/* compare_copies.h — runs of a comparison or history whose results.tsv rows are the same cell for
 * cell (a folder copied, the same shards merged twice): found in groups, by a hash of the rows
 * confirmed cell by cell, and said once per group, not once per pair (300 copies were 45,000
 * lines). Their verdicts measure no second run. */
#ifndef COMPARE_COPIES_H
#define COMPARE_COPIES_H
#include "store/rundir.h"
#include <stdio.h>

/* At most this many runs of a group are named; a larger group names the first few and counts the
 * rest ("and 297 others"). */
#define CMP_COPIES_NAMED 4

/* cmp_copies_find: for each of the n runs, the index of the first run (in the order given) whose
 * rows it holds cell for cell, itself for that first one, -1 for a run no other matches or one
 * with no rows. A new array, or NULL where no two runs match. */
int *cmp_copies_find(const struct rundir *runs, int n);
/* cmp_copies_say: one line per group of cmp_copies_find's (first; NULL: nothing to say), the runs
 * named by names (NULL: their folders as read): on the console, a warning each; with md, a
 * paragraph each to out ("**X holds the rows of Y cell for cell** (a copy of one run): ..."). */
void cmp_copies_say(FILE *out, const struct rundir *runs, const int *first, int n, const char *const *names, int md);
#endif
