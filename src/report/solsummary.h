/* solsummary.h — the speed of light of a run's rows, per variant and build: how many rows have a
 * bound, their median share of it and what bounds them most, the best row (never one flagged
 * sol>100), and the share the model predicts (within 15%: sol_pct 85 and more); then the rows
 * without a bound and why. In the console at the end of a run and in report.md. */
#ifndef SOLSUMMARY_H
#define SOLSUMMARY_H
#include "store/rundir.h"
#include <stdio.h>

/* Rows at this share of their bound or more: the model (the larger bound) predicts them to 15%. */
#define SOL_PREDICTS_PCT 85.0

/* sol_row_shown: whether row i is one of the speed of light's: measured and passed (rundir_row_ok),
 * or set aside above the device's peak (IMPOSSIBLE) and past its bound (sol>100), which the chart
 * draws apart and the table counts: a rate above the peak is past the bound as well, most often
 * for a spec's wrong bytes or flops, the very thing this section shows. */
int sol_row_shown(const struct rundir *r, int i);
/* sol_summary: the table (aligned text, or Markdown under a ### heading); nothing when no row has
 * a sol column (an older run). */
void sol_summary(const struct rundir *r, FILE *out, int markdown);
/* sol_summary_fp32_slack: where run.json's fp32 ceiling (run.json `sol`) is its FP32 peak times a
 * margin (a CPU's timed clock: sol/ceilings.c), that factor (1.2); else 0: the two are one figure. */
double sol_summary_fp32_slack(const struct rundir *r);
#endif
