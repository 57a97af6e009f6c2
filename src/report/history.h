/* history.h — `clx history RUN_DIR...`: runs of one experiment on one device model at several dates,
 * in date order: per configuration its median over the dates, the verdict between consecutive runs
 * and between the first and the last (the configurations that drifted), a line per variant and
 * build of the geometric-mean speed-up against the first date. */
#ifndef HISTORY_H
#define HISTORY_H
#include "compare.h"         /* enum cmp_fail_on: --fail-on, clx compare's gate */

/* HIST_FAIL_WORDS: what clx history --fail-on fail exits 1 on, in the user's words: clx compare's
 * gate (CMP_FAIL_WORDS) with the last run under test and, as RUN_A, the run before it and again the
 * first. One home for --fail-on's help, its usage error and history's exit statuses. */
#define HIST_FAIL_WORDS "a configuration that did not pass in the last run where the run before it or the first " \
                        "did not fail, or that the last run, stopped or unfinished, lacks of theirs, or whose row a " \
                        "stop cut short in the last run, or that the run before it or the first measured and the last " \
                        "run skipped, or a run whose results.tsv was rewritten while clx history read it"

/* history_runs: prints the history and writes history.tsv, history.md and history.{svg,png} into
 * out (NULL: a new folder results/history-EXPERIMENT-TIME; an out holding an earlier history.md is
 * refused); a run's results.tsv rewritten while it was read (a merge into its folder, a resume) is
 * said on the console and in history.md (compare_reread.h), the exit unchanged but under fail_on. Returns 0; EXIT_CANNOT_RUN when the runs cannot be joined (see compare_runs), are of
 * different device models, a file cannot be written or the plot drawn; EXIT_USAGE for such an out;
 * else 1 where fail_on fails on the last run against the one before it or against the first, as clx
 * compare of each pair would, SLOWER included (its verdicts over the configurations both runs have,
 * not history's over those every run has: history_gate.h), each reason said on the console's last
 * lines and in history.md. */
int history_runs(const char *const *dirs, int n, const char *out, const struct verdict_rule *rule, enum cmp_fail_on fail_on);
#endif
