/* cpuports.h — the most a CPU device's cores can load and store a second: no cache (nor __local
 * memory, which a CPU keeps in its caches) delivers more to them, so it is an upper limit of those
 * classes' rates where nothing measured them (sol/ceilings.c), never a rate. */
#ifndef CPUPORTS_H
#define CPUPORTS_H
#include "ocl.h"
#include <stddef.h>

struct hostcpu;

/* The vectors a logical CPU loads and stores a clock at most: above every core of the
 * vendors' documentation at hand (cpuports.c says which, with their figures). */
#define CPU_PORT_VECTORS 6

/* cpuports_gbs: for a CPU device p on the host h: GB/s (10^9 bytes) its logical CPUs' load/store
 * ports can move at most (each CPU_PORT_VECTORS vectors a clock of the width p's kernels run at,
 * cpufma_width's, at hostcpu_clock's clock), its derivation into source (n bytes): the formula, then
 * the width and the clock in words ("2 logical CPUs x 6 vectors loaded or stored/clock x 32 bytes x
 * 3000 MHz. Vectors: 256 bits, 8 floats, as the device's name states (the host has AVX-512). Clock:
 * ..."); the clock's slack (peak.h's clock_slack) is the caller's to add. 0 and "" for another
 * device, or where the host cannot say its CPUs, vectors or clock. */
double cpuports_gbs(const struct devprops *p, const struct hostcpu *h, char *source, size_t n);
#endif
