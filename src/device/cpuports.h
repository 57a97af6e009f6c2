/* cpuports.h — the most a CPU device's cores can load and store a second: no cache (nor __local
 * memory, which a CPU keeps in its caches) delivers more to them, so it is an upper limit of those
 * classes' rates where nothing measured them (sol/ceilings.c), never a rate. */
#ifndef CPUPORTS_H
#define CPUPORTS_H
#include "ocl.h"
#include <stddef.h>

struct hostcpu;

/* The widest vectors a logical CPU loads and stores a clock at most: above every core of the
 * vendors' documentation at hand (cpuports.c says which, with their figures). */
#define CPU_PORT_VECTORS 6

/* cpuports_gbs: for a CPU device p on the host h: GB/s (10^9 bytes) its logical CPUs' load/store
 * ports can move at most (each CPU_PORT_VECTORS of its widest vectors a clock, at hostcpu_clock's
 * clock), its derivation into source (n bytes: "2 logical CPUs x 6 vectors ..."); the clock's slack (peak.h's clock_slack) is the
 * caller's to add. 0 and "" for another device, or where the host cannot say its CPUs, vectors or
 * clock. */
double cpuports_gbs(const struct devprops *p, const struct hostcpu *h, char *source, size_t n);
#endif
