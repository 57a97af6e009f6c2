/* rannone.h — whether a run's folder holds no configuration the device ran (every row build-failed,
 * skipped or an error): what the readers of several runs pass by, saying why. */
#ifndef RANNONE_H
#define RANNONE_H
#include "rundir.h"

/* rundir_ran_none: where no row of r is one the device ran to an answer (row_status_is_ran: ok, cut,
 * unverified or FAIL; the rule that keeps ROOT/latest off such a run, latest.h), its rows in words
 * ("12 build-failed", "no rows"), a new string; else NULL. Such a run (m4 or the compiler refused
 * every variant, the device could take no configuration, a stop before the first row) keeps its
 * folder: its build logs and rows say what went wrong (clx report reads them) and --resume
 * continues it. A reader that picks among runs (clx history's dates, the newest peaks run) passes it
 * by and says so: it has no figure to give, and taken it hid the runs that have. */
char *rundir_ran_none(const struct rundir *r);
#endif
