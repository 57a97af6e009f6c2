/* finding_swept.h — a finding that names a value of a launch axis the spec never sweeps (N=16M
 * where it sweeps 1Mi, 4Mi, 16Mi): no row of any sweep of the spec can match it, so it is warned of
 * when the spec is read, and a --quick run's report suggests no sweep to decide it. */
#ifndef FINDING_SWEPT_H
#define FINDING_SWEPT_H
#include "plan.h"
#include "sweepcheck.h"

/* finding_unswept: of f's conditions AXIS=VALUE (its where, its selectors', its compare's) on a
 * launch axis of s, the first whose value is none of the spec's values of that axis (its own and
 * quick's, compared as numbers: 16M is not 16Mi) but within a tenth of one of them (a typo: a value
 * far from all is meant, for a run with --set, as expint's n = m = 20000), said with them as the
 * spec writes them: "N=16M is none of the spec's values of N (1Mi/4Mi/16Mi): no row of the spec's
 * sweep matches it (did you mean N=16Mi?)"; *line: the line of the setting that holds it. NULL
 * where there is none (an axis whose values run to 'max' is the device's, never judged). Then, with
 * c the rows of the spec's sweep (sweepcheck_open, once for all of a spec's findings: it plans the
 * whole sweep), its where or a selector that no row matches, or a selector several match
 * (sweepcheck.h). A new string. */
char *finding_unswept(const struct spec *s, const struct sweepcheck *c, const struct spec_finding *f, int *line);
/* FINDING_NOT_SWEPT: the words of finding_unswept's reason, which no sweep of the spec changes (a
 * --quick run's report suggests none for it: finding_sweep_decides). */
#define FINDING_NOT_SWEPT "no row of the spec's sweep matches it"
/* finding_unswept_warnings: "path:line: finding K ('claim'): N=16M is none of ...", pushed onto
 * warnings for each finding that has one; where the run's values of that axis come from an
 * override (--size, --set), the line says that the spec's are the ones compared. */
void finding_unswept_warnings(const struct spec *s, const struct override *ov, int nov, struct strlist *warnings);
#endif
