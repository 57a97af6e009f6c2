/* compare_apart.h — why runs joined on their configurations have none in common. */
#ifndef COMPARE_APART_H
#define COMPARE_APART_H
#include "compare_join.h"

/* cmp_apart: for a join with no configuration on every side (j->ncommon == 0), what keeps them
 * apart, as advice to follow: a side with no measured row, a --quick run against a full one, or
 * the first identifying column (variant, build, a launch axis) whose values two runs do not share,
 * with some of each side's; a new string. */
char *cmp_apart(const struct cmp_join *j);
#endif
