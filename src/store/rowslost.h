/* rowslost.h — whether a finished run's results.tsv still holds every row its run.json counts. */
#ifndef ROWSLOST_H
#define ROWSLOST_H
#include "rundir.h"

/* rundir_rows_lost: where run.json says the run finished (not stopped, not a partial merge) and
 * counts more rows than results.tsv holds, a sentence naming both numbers (a new string); else
 * NULL. Such a file is not what the run wrote: its findings, plots and verdicts would be of what
 * is left, read as if whole. */
char *rundir_rows_lost(const struct rundir *r);
#endif
