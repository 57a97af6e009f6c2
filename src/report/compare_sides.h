/* compare_sides.h — the runs `clx compare` compares, as the console and compare.md name them
 * (compare_sides.c; private to report/compare*.c and history's, through compare_outcome.h). */
#ifndef COMPARE_SIDES_H
#define COMPARE_SIDES_H
#include "compare_join.h"
#include <stdio.h>

/* cmp_side_folder: run r's folder as compare's sides and history.md's runs name it, its real path
 * (a `latest` link resolved: the link moves with the next run, and a file is read later, from
 * anywhere), with " (given as DIR)" where r->dir is such a link; in backticks where markdown. A new
 * string. */
char *cmp_side_folder(const struct rundir *r, int markdown);
/* cmp_print_sides: each side's folder, device, driver, start (a markdown table, or console lines). */
void cmp_print_sides(FILE *out, const struct cmp_join *j, int markdown);
/* cmp_print_timers: a side timed otherwise than A is said: by the host clock a time holds the
 * launch's cost, which events leave out, so part of the speed-up is that. */
void cmp_print_timers(FILE *out, const struct cmp_join *j, int markdown);
#endif
