/* tune.h — a spec's tuning pass, then its sweep at the configurations the pass picked. */
#ifndef TUNE_H
#define TUNE_H
#include "run.h"

/* tune_run: supervise_run(s, o) after the spec's tuning pass where one applies (the spec has a
 * `tune`; not --quick, --shard, or an override of a tuned axis): the tuned variants over the
 * candidates with few trials, each one's best configuration said and run. --resume takes the
 * picks from the run's tune/ folder. Returns the exit status as supervise_run does (1 also when
 * a row of the pass failed). */
int tune_run(const struct spec *s, struct run_opts *o, char **run_dir);
#endif
