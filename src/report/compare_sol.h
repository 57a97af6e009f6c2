/* compare_sol.h — what `clx compare` says of each side's speed of light in compare.md's table of every
 * configuration in common: a row's share of its bound and the bound ("87.2% (dram)"), and, under the
 * table, why a cell has none ("-" alone read as a value lost). */
#ifndef COMPARE_SOL_H
#define COMPARE_SOL_H
#include "compare_join.h"
#include "lib/texttab.h"
#include <stdio.h>

/* cmp_sol_cell: row i of r's share of its speed of light and its bound, "-" without one (or i -1). */
void cmp_sol_cell(struct texttab *t, const struct rundir *r, int i);
/* cmp_sol_dashes_note: under that table, where some side's cell is "-" for a configuration in common
 * (common[0..ncommon), rows in j->where), how many per side and why: the rows' most common sol_note,
 * cut as the run's summary cuts it, or a run made before the speed of light's columns. Nothing
 * where no cell is "-". */
void cmp_sol_dashes_note(FILE *md, const struct cmp_join *j, const int *common, int ncommon);
#endif
