/* compare_energy.h — what `clx compare` says of energy: each side's energy per launch and each
 * other side's energy ratio against A, per configuration (compare.tsv), and their geometric mean
 * (compare.md), where the runs measured energy (clx run --energy). */
#ifndef COMPARE_ENERGY_H
#define COMPARE_ENERGY_H
#include "compare_join.h"
#include <stdio.h>

/* cmp_energy_head: compare.tsv's energy columns: energy_j_A, energy_j_B..., then energy_ratio_B...
 * (the energy per unit of work of B over A's: below 1, B spends less). */
void cmp_energy_head(const struct cmp_join *j, struct strlist *head);
/* cmp_energy_cells: configuration c's cells for those columns (empty where a side has no energy). */
void cmp_energy_cells(const struct cmp_join *j, int c, struct strlist *v);
/* cmp_energy_ratio: the energy ratio of configuration c, side s against side 0; NAN when either lacks it. */
double cmp_energy_ratio(const struct cmp_join *j, int c, int s);
/* cmp_energy_line: one sentence for compare.md: side s's geometric mean energy ratio over the
 * configurations in common[0..n) that have energy on both sides, or that none has. */
void cmp_energy_line(FILE *out, const struct cmp_join *j, const int *common, int n, int s);
#endif
