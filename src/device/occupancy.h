/* occupancy.h — how many work-groups of a kernel a compute unit holds at once, from the vendor's
 * rules where clx knows them (NVIDIA's per compute capability), and how many warps its schedulers
 * can keep busy: what is in flight, for the latency bounds of the speed of light (sol/). */
#ifndef OCCUPANCY_H
#define OCCUPANCY_H
#include "ocl.h"

/* One compute capability's limits per SM (CUDA C++ Programming Guide, "Technical Specifications per
 * Compute Capability"): resident threads, work-groups, 32-bit registers and shared (__local) memory,
 * the register allocation unit (per warp), the shared memory the driver reserves per work-group, and
 * the warp schedulers (each issues one warp instruction a clock). */
struct occ_rules {
    int max_threads, max_groups, regs, reg_unit, schedulers, warp;
    double shared_bytes, shared_reserved;
    const char *why;
};

/* occ_rules_of: dp's rules, or NULL where clx has none (a device that is not NVIDIA's, or a compute
 * capability not in the table). */
const struct occ_rules *occ_rules_of(const struct devprops *dp);
/* occ_rules_none_why: why dp has none (where occ_rules_of gives NULL), in words that follow "no
 * latency bound: ": a device of a kind that has no occupancy (a CPU), or one clx knows no rules of. */
const char *occ_rules_none_why(const struct devprops *dp);
/* OCC_RULES_UNKNOWN: those words for a device of a kind that has rules clx does not know. */
#define OCC_RULES_UNKNOWN "clx knows no occupancy rules for this device"

/* What is resident: work-groups and work-items per compute unit, and what limits them. */
struct occ {
    int groups;                  /* resident work-groups per compute unit; 0 when the kernel cannot run */
    int items;                   /* groups x work-group size */
    const char *limit;           /* "threads", "work-groups", "registers", "local memory" */
};

/* occ_resident: the work-groups of `group` work-items, each work-item using `regs` registers and the
 * group `local_bytes` of __local memory, that one compute unit holds at once by rules r. regs 0:
 * not known (registers left out of the limit, *o->limit says so only when they would have bound). */
void occ_resident(const struct occ_rules *r, int group, int regs, double local_bytes, struct occ *o);
#endif
