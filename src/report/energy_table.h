/* energy_table.h — report.md's energy section: per variant and build, the fastest configuration
 * beside the most energy-efficient one, and how far apart they are. */
#ifndef ENERGY_TABLE_H
#define ENERGY_TABLE_H
#include "store/rundir.h"
#include <stdio.h>

/* energy_table: the section (a Markdown heading and table), or, for a run without energy
 * (clx run without --energy, or no source on the device), one line saying why, from run.json. */
void energy_table(const struct rundir *r, FILE *out);
#endif
