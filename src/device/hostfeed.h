/* hostfeed.h — drivers measured to take a held batch's launches faster from two host threads than
 * from one (feeder.h does the feeding): the only ones whose held batches are fed so by default. */
#ifndef HOSTFEED_H
#define HOSTFEED_H
#include "ocl.h"

/* hostfeed_shared: 1 where dp's driver is known to enqueue faster from two threads (*why: what was
 * measured), else 0 (*why NULL). */
int hostfeed_shared(const struct devprops *dp, const char **why);
#endif
