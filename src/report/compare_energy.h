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
 * configurations in common[0..n) that have energy on both sides, or that none has; and a second
 * where side s ran ENERGY_TEMP_SAY_C or more warmer or cooler than A (cmp_energy_temp_diff). */
void cmp_energy_line(FILE *out, const struct cmp_join *j, const int *common, int n, int s);
/* A temperature difference between two runs that the energy comparison names (C): on an H100,
 * 2-6 C moved the energy per launch by up to 2% (docs/energy.md). */
#define ENERGY_TEMP_SAY_C 2.0
/* cmp_energy_temp_diff: side s's temp_c less A's in the median configuration of common[0..n) with
 * an energy and a temperature on both sides; 0 where none has. */
double cmp_energy_temp_diff(const struct cmp_join *j, const int *common, int n, int s);
#endif
