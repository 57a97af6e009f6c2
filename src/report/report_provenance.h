/* report_provenance.h — report.md's provenance table: where a run comes from, how its rows were
 * timed, what it counted (report_provenance.c). */
#ifndef REPORT_PROVENANCE_H
#define REPORT_PROVENANCE_H
#include "store/rundir.h"
#include <stdio.h>

/* report_provenance: the table of where the run r comes from on out, then a simulator's word where
 * it ran under one; spec_source: where its plots and findings are from; lost: rundir_rows_lost's
 * sentence, said on the rows line beside the counts it contradicts (NULL: none). */
void report_provenance(FILE *out, const struct rundir *r, const char *spec_source, const char *lost);
#endif
