/* compare.h — `clx compare RUN_A RUN_B ...` and `clx compare RUN --by AXIS`: runs of one experiment
 * joined on their configurations (or one run's rows along one column), with a verdict per
 * configuration (SAME, FASTER, SLOWER, UNSURE), speed-ups and their geometric means against A. */
#ifndef COMPARE_H
#define COMPARE_H
#include "verdict.h"

/* out: where the files go (NULL: a new folder root/compare-EXPERIMENT-TIME, root "results" when
 * NULL; an out that holds an earlier compare.md is refused); by: compare one run along this column
 * (NULL: runs); rule: the verdicts' alpha and min_effect; fail_on_slower: exit 1 when a
 * configuration is SLOWER. */
struct compare_opts { const char *out, *by; struct verdict_rule rule; int fail_on_slower; const char *root; };
#define COMPARE_OPTS_DEFAULT { NULL, NULL, { VERDICT_ALPHA, VERDICT_MIN_EFFECT }, 0, NULL }

/* compare_runs: prints the comparison and writes compare.tsv, compare.md and bar plots of the
 * speed-ups and (two sides) the verdicts into the out folder. Returns 0; EXIT_CANNOT_RUN when the
 * runs cannot be joined (different experiments or launch axes, no configuration in common, several
 * rows of one configuration), a file cannot be written or the plot cannot be drawn; EXIT_USAGE when
 * --out holds an earlier comparison; 1 with fail_on_slower when a configuration is SLOWER. */
int compare_runs(const char *const *dirs, int n, const struct compare_opts *o);
#endif
