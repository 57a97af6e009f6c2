/* compare_pair.h — two runs of a join as a join of their own (a view: the runs stay the join's), so
 * that what clx compare says of RUN_A and RUN_B, and what its --fail-on fails on, is said of two of
 * a history's runs by the same code (clx history --fail-on: the last run against the one before it
 * and against the first). */
#ifndef COMPARE_PAIR_H
#define COMPARE_PAIR_H
#include "compare_join.h"

/* cmp_join_pair: side b of j against side a as p: p's side 0 is a's (labelled la, which also names
 * it in the gate's words: cmp_base_name), side 1 b's (labelled lb); its configurations those either
 * has, in j's order, each row as j has it. j's runs are p's runs too: p lives no longer than j, and
 * is freed by cmp_join_pair_free, never cmp_join_free. j is compared along nothing (a history). */
void cmp_join_pair(const struct cmp_join *j, int a, int b, const char *la, const char *lb, struct cmp_join *p);
void cmp_join_pair_free(struct cmp_join *p);
#endif
