/* compare_apart.h — what keeps runs joined on their configurations apart: why they have none in
 * common, or which configurations a run lacks that others measured. */
#ifndef COMPARE_APART_H
#define COMPARE_APART_H
#include "compare_join.h"
#include "lib/texttab.h"

/* cmp_apart: for a join with no configuration on every side (j->ncommon == 0), what keeps them
 * apart, as advice to follow: a side with no measured row, a --quick run against a full one, or
 * the first identifying column (variant, build, a launch axis) whose values two runs do not share,
 * with some of each side's; the runs named by side letter ("B"), or (numbered: a history's runs, in
 * date order) by number ("run 2"); a new string. */
char *cmp_apart(const struct cmp_join *j, int numbered);
/* cmp_apart_past_resume: for a join with no configuration in common where a run did not finish,
 * what keeps two runs apart that resuming would not mend: an identifying column (a launch axis: N
 * 1000003 against 10M, 100M and 200M) whose values the two share none of, measured or (a run that
 * did not finish) in its sweep as run.json lists it, as cmp_apart says it, then that a resume would
 * add none and, where one is a --quick run, that; NULL where a resume may add configurations in
 * common (or it cannot be told: a variant or build column). A new string. */
char *cmp_apart_past_resume(const struct cmp_join *j);
/* cmp_missing_table: configurations some side lacks: counted and listed, never dropped silently;
 * those skip[c] marks (some side's row did not pass: compare_status.h lists them) left out. The
 * last column names the sides that measured each: by label ("A, C"), or (numbered: a history's
 * runs) by number ("1, 3", headed "measured in runs"). */
void cmp_missing_table(const struct cmp_join *j, const int *skip, int numbered, struct texttab *t);
/* cmp_side_lacks: what side s lacks of the configurations other sides measured (skip[c] left out,
 * as above), said after "run 3 lacks ": "16 configurations other runs measured: it has no row at
 * TERMS=8" (two columns' values: "TERMS=8 nor at local=64") where values of the identifying columns
 * it has no row at account for them all, else with
 * up to three of the others by variant, build and point ("... and 4 more"); NULL where it lacks
 * none (a new string). */
char *cmp_side_lacks(const struct cmp_join *j, const int *skip, int s);
#endif
