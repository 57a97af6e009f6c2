/* compare.h — `clx compare RUN_A RUN_B ...` and `clx compare RUN --by AXIS`: runs of one experiment
 * joined on their configurations (or one run's rows along one column), with a verdict per
 * configuration (SAME, FASTER, SLOWER, UNSURE), speed-ups and their geometric means against A. */
#ifndef COMPARE_H
#define COMPARE_H
#include "verdict.h"

/* --fail-on: what makes clx compare exit 1 (and clx history, of its last run: history_gate.h).
 * FAIL: a side whose results.tsv was rewritten while clx compare read it (a merge into its folder,
 * a resume: cmp_reread_said), whose verdicts may mix two versions of that run; a configuration
 * whose row did not pass on another side (FAIL, error, crashed, timeout, build-failed, stopped, or
 * no result: IMPOSSIBLE, sol>100, compare_result.h) where A's did not fail too: a kernel that
 * gives wrong answers, or none, or whose work was optimised away; one A measured that another run
 * skipped (it lost it) or that a side that did not finish lacks; one whose row on another side a
 * stop cut short (ROUNDS_CUT_FLAG: cmp_cut_rows); SLOWER: those, or a configuration SLOWER than A
 * (a regression in correctness is worse than one in speed: a gate on speed fails on it too).
 * Neither fails on A's own rows a stop cut short (cmp_cut_rows_a says why): A is the baseline, not
 * what is under test. */
enum cmp_fail_on { CMP_FAIL_NEVER, CMP_FAIL_FAIL, CMP_FAIL_SLOWER };
/* cmp_gate_parse: --fail-on's value (clx compare's, clx history's) as *f: 0, or -1 for a value
 * neither "slower" nor "fail" (compare_gate.c). */
int cmp_gate_parse(const char *value, enum cmp_fail_on *f);

/* CMP_FAIL_WORDS: what CMP_FAIL_FAIL exits 1 on, in the user's words: one home for --fail-on's help,
 * its usage error and compare's exit statuses (clx compare --help), so that a reason added to the
 * gate is added to all three at once. */
#define CMP_FAIL_WORDS "a configuration that did not pass on another side where RUN_A's did not fail, or that another " \
                       "side stopped or unfinished lacks, or whose row a stop cut short on another side, or that RUN_A " \
                       "measured and another run skipped, or a side whose results.tsv was rewritten while clx compare " \
                       "read it"

/* out: where the files go (NULL: a new folder root/compare-EXPERIMENT-TIME, root "results" when
 * NULL, or the current folder where RUN_A lies in it: outdir_make; an out that holds an earlier
 * compare.md is refused); by: compare one run along this column
 * (NULL: runs); rule: the verdicts' alpha and min_effect; fail_on: when to exit 1; quiet: the console
 * has each side's verdict counts and where the files are, no tables (--quiet: compare.md has them). */
struct compare_opts { const char *out, *by; struct verdict_rule rule; enum cmp_fail_on fail_on; const char *root; int quiet; };
#define COMPARE_OPTS_DEFAULT { NULL, NULL, { VERDICT_ALPHA, VERDICT_MIN_EFFECT }, CMP_FAIL_NEVER, NULL, 0 }

/* compare_runs: prints the comparison and writes compare.tsv, compare.md and bar plots of the
 * speed-ups and (two sides) the verdicts into the out folder. Returns 0; EXIT_CANNOT_RUN when the
 * runs cannot be joined (different experiments or launch axes, no configuration in common, several
 * rows of one configuration), a file cannot be written or the plot cannot be drawn; EXIT_USAGE when
 * --out holds an earlier comparison; 1 where fail_on says (enum cmp_fail_on). */
int compare_runs(const char *const *dirs, int n, const struct compare_opts *o);
#endif
