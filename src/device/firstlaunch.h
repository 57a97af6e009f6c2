/* firstlaunch.h — drivers known to compile a kernel at its first launch rather than at
 * clBuildProgram, and how long that was seen to take: the only ones whose first launch gets more
 * than the watchdog's usual limit (trials_launch_limit). */
#ifndef FIRSTLAUNCH_H
#define FIRSTLAUNCH_H
#include "ocl.h"

/* firstlaunch_allowance_s: the seconds a first launch may take on dp's driver where it is known to
 * compile then (*why: what was measured), else 0 (*why NULL). */
double firstlaunch_allowance_s(const struct devprops *dp, const char **why);
#endif
