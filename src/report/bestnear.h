/* bestnear.h — a best work-group size the rounds cannot tell from the next best: the summary's best
 * table named one winner where the runner-up was 0.5% behind in rows of 10-40% noise. */
#ifndef BESTNEAR_H
#define BESTNEAR_H
#include "store/rundir.h"
#include "verdict.h"
#include <stdio.h>

/* One group's best against its runner-up: row, the runner-up (-1: none, or the verdict tells them
 * apart), and the verdict clx compare's rule gives the runner-up against the best (UNSURE or SAME). */
struct best_near { int row; enum speed_verdict v; };

/* bestnear_find: for each group g whose best is bests[g] (rowrank_best's), its runner-up by the same
 * measure (rowrank_next) where the verdict rule of clx compare on the two rows' rounds
 * (cmp_decide_rows, VERDICT_ALPHA, VERDICT_MIN_EFFECT) does not decide that the best is faster: UNSURE
 * (within the noise) or SAME (within the least effect); else row -1. One pair test a group. An array
 * of r->ngroups, the caller freeing it. */
struct best_near *bestnear_find(const struct rundir *r, const int *bests);
/* bestnear_mark: what the best table says after such a best's point, " (or 32: UNSURE)" (the
 * runner-up's local, the verdict's word), "" where n->row is -1; into buf (n bytes), returned. */
const char *bestnear_mark(const struct rundir *r, const struct best_near *n, char *buf, size_t len);
/* bestnear_note: under the best table, once, what marked bests (count of them) mean: the best is no
 * winner, it cannot be decided here. Nothing for a count of 0. */
void bestnear_note(FILE *out, int markdown, int count);
#endif
