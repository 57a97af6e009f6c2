/* history.h — `clx history RUN_DIR...`: runs of one experiment on one device model at several dates,
 * in date order: per configuration its median over the dates, the verdict between consecutive runs
 * and between the first and the last (the configurations that drifted), a line per variant and
 * build of the geometric-mean speed-up against the first date. */
#ifndef HISTORY_H
#define HISTORY_H
#include "verdict.h"

/* history_runs: prints the history and writes history.tsv, history.md and history.{svg,png} into
 * out (NULL: a new folder results/history-EXPERIMENT-TIME; an out holding an earlier history.md is
 * refused); a run's results.tsv rewritten while it was read (a merge into its folder, a resume) is
 * said on the console and in history.md (compare_reread.h), the exit unchanged. Returns 0; EXIT_CANNOT_RUN when the runs cannot be joined (see compare_runs), are of
 * different device models, a file cannot be written or the plot drawn; EXIT_USAGE for such an out. */
int history_runs(const char *const *dirs, int n, const char *out, const struct verdict_rule *rule);
#endif
