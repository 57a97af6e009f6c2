/* run_energy.h — what a run asked for energy (--energy) says where none was measured: one sentence,
 * said at a run's end from its runner (run_energy.c) and after a run over several devices from each
 * device's run.json (cluster/multi.c), whose consoles the terminal does not show. */
#ifndef RUN_ENERGY_H
#define RUN_ENERGY_H
#include "store/runjson.h"
#include <stdio.h>

/* run_energy_unmeasured: why the run of run.json j measured no energy though it was asked for
 * (its energy part: asked, no source), a string in j; NULL where it was not asked, was measured, or
 * j has no energy part (a run stopped before it, an older clx). */
const char *run_energy_unmeasured(const struct runjson *j);
/* run_energy_say_unmeasured: "clx: energy: asked for (--energy) but not measured[ on ON]: WHY". */
void run_energy_say_unmeasured(FILE *out, const char *on, const char *why);
#endif
