/* run_hostload.h — how busy the host was during a CPU device's sweep or a modes run on one (run.json
 * host_load), said at the run's end where other processes took a notable share of it: from the
 * runner itself (run_hostload.c), from a modes run's worker (modes/modes_run.c), and after a run
 * over several devices from each device's run.json (cluster/multi_say.c), whose consoles the
 * terminal does not show. */
#ifndef RUN_HOSTLOAD_H
#define RUN_HOSTLOAD_H
#include "store/runjson.h"
#include "lib/hostload.h"
#include <stdio.h>

/* run_hostload_json: run.json's host_load from the marks taken as the work began (from) and as it
 * ended (to), rounded to what the ticks resolve: the one record a sweep's and a modes run's share. */
void run_hostload_json(const struct hostload_mark *from, const struct hostload_mark *to, struct rj_host_load *out);
/* run_hostload_notable: whether h (a run.json's host_load) says others took HOSTLOAD_NOTABLE or more. */
int run_hostload_notable(const struct rj_host_load *h);
/* What the load was taken over, as the line names it: a sweep's configurations, a search's, a modes
 * run's modes. */
enum hostload_over { HOSTLOAD_SWEEP, HOSTLOAD_MODES, HOSTLOAD_SEARCH };
/* run_hostload_say: where notable, one line: "clx: host load[ on ON]: other processes took 46% of
 * the host's CPU time during the sweep (2 logical CPUs; load average 1.90 at its start, 3.10 at its
 * end): ..." ("during the search", "during the modes", as over says), and 1; else nothing, and 0. */
int run_hostload_say(FILE *out, const char *on, enum hostload_over over, const struct rj_host_load *h);
#endif
