/* history.h — `clx history RUN_DIR...`: runs of one experiment on one device model at several dates,
 * in date order: per configuration its median over the dates, the verdict between consecutive runs
 * and between the first and the last (the configurations that drifted), a line per variant and
 * build of the geometric-mean speed-up against the first date. */
#ifndef HISTORY_H
#define HISTORY_H
#include "verdict.h"

/* history_runs: prints the history and writes history.tsv, history.md and history.{svg,png} into
 * out (NULL: results/history-EXPERIMENT-TIME). Returns 0; 1 when the runs cannot be joined (see
 * compare_runs), are of different device models, a file cannot be written or the plot drawn. */
int history_runs(const char *const *dirs, int n, const char *out, const struct verdict_rule *rule);
#endif
