/* compare_work.h — where the sides of a comparison did different work a launch (volkov_fma's
 * -cl-opt-disable build, given 64x fewer loop trips by the spec's derived ITERS so that a sweep
 * ends): their times are of other work, which compare.tsv's time_ratio would read as a speed-up,
 * and what compares them is the rate (the speed-up and the verdicts, per unit of work). Said under
 * the side's table in the run summary's words (rowwork.h). */
#ifndef COMPARE_WORK_H
#define COMPARE_WORK_H
#include "compare_outcome.h"
#include <stdio.h>

/* cmp_work_line: where some configuration of side s did other work a launch than A's, "Note: the
 * builds do different work: -cl-opt-disable's rows did 64x less work a launch than default's ...",
 * a line (markdown: a paragraph, "**Note:**"); or where side s ran A's kernels under a spec that
 * declares other work, that (cmp_declwork_note); 1 where said, else nothing and 0. */
int cmp_work_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown);
#endif
