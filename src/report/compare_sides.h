/* compare_sides.h — the runs `clx compare` compares, as the console and compare.md name them
 * (compare_sides.c; private to report/compare*.c, through compare_outcome.h). */
#ifndef COMPARE_SIDES_H
#define COMPARE_SIDES_H
#include "compare_join.h"
#include <stdio.h>

/* cmp_print_sides: each side's folder, device, driver, start (a markdown table, or console lines). */
void cmp_print_sides(FILE *out, const struct cmp_join *j, int markdown);
/* cmp_print_timers: a side timed otherwise than A is said: by the host clock a time holds the
 * launch's cost, which events leave out, so part of the speed-up is that. */
void cmp_print_timers(FILE *out, const struct cmp_join *j, int markdown);
#endif
