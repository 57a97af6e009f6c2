/* relexact.h — a row's rel_time (and speedup) again from its and its reference's times, not from the
 * four digits results.tsv keeps of it: a label rounded from the kept 1.075 said 1.07 where the ratio
 * of the medians is 1.0754. */
#ifndef RELEXACT_H
#define RELEXACT_H
#include "store/rundir.h"

/* relexact_reference: the row row i's rel_time divides by: of its build and launch point (every
 * identifying column but the variant), the one whose rel_time is 1 (the reference variant's own,
 * which relative.c sets to exactly 1); i itself where it is that row; -1 where none is. */
int relexact_reference(const struct rundir *r, int i);
/* relexact_value: row i's metric where it is rel_time or speedup, from the row's and its reference's
 * times as relative.c takes them (their medians; per unit of work, by their rates, where they did
 * different work), where that agrees with the kept column to its four digits (else the column: a
 * reference not found, or not the run's); else, and for any other metric, rundir_value's. */
double relexact_value(const struct rundir *r, const char *metric, int i, char **err);
#endif
