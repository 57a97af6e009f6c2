/* hostlaunch.h — an empty launch's time on a device whose events do not time kernels (rusticl's,
 * timercheck.h), measured as that device's rows and probe trials are timed: the one figure that
 * the launch floor (blocker_floor_by_host) and the probes' latency rule (probe_host_launch) set a
 * host-timed time against. */
#ifndef HOSTLAUNCH_H
#define HOSTLAUNCH_H
#include "device/ocl.h"

/* How many launches are timed (after one untimed). */
#define HOSTLAUNCH_LAUNCHES 32

/* hostlaunch_ns: the median, in ns, of HOSTLAUNCH_LAUNCHES launches on q of k (an empty kernel that
 * takes no arguments) of one work-item, one at a time after one untimed (the first pays for the
 * driver's lazy set-up), each from its enqueue to its end by the host clock: a launch's cost
 * included, as in the rows. 0 where a launch failed (no figure). */
double hostlaunch_ns(cl_command_queue q, cl_kernel k);
#endif
