/* compare_search.h — what `clx compare` says where a side is a search's run (clx run --search): its
 * race dropped most configurations after a round or two (decided SLOWER than its best and never
 * measured again), too few rounds for a verdict, so most rows of two searches compared are UNSURE by
 * the search's design, not for anything the code did; and the two searches' bests, compared first. */
#ifndef COMPARE_SEARCH_H
#define COMPARE_SEARCH_H
#include "compare_outcome.h"
#include <stdio.h>

/* cmp_search_lines: for side s against A, where both are searches, their bests (the same
 * configuration: its verdict and speed-up here; different ones: each named, with their figures'
 * ratio), then, where either is a search, how many UNSURE configurations in common a race dropped
 * and after how many rounds. Console lines start "clx: compare: ", Markdown ones are paragraphs.
 * Returns how many lines it said. */
int cmp_search_lines(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown);
#endif
