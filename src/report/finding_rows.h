/* finding_rows.h — the rows each part of a finding is checked on, for its "on rows" line: the
 * finding's where, with a selector's own conditions in place of the where's on the same columns
 * (maths' second pair reads GPC=8, local=256 under a where of GPC=0, local=32). */
#ifndef FINDING_ROWS_H
#define FINDING_ROWS_H
#include "spec/spec.h"

/* finding_rows_said: f's where as it is, where every part reads the where's rows; else each set of
 * rows with the parts that read it: "build=default, GPC=0, local=32 (pair 1); build=default, GPC=8,
 * local=256 (pair 2)" (parts: "check", a compare's "pair N", "size"). NULL where f has no where. A
 * new string. */
char *finding_rows_said(const struct spec_finding *f);
/* finding_result_said: what a finding's measured column shows: the values of its parts that were
 * measured, and, where it cannot be checked, what is missing after them ("...; cannot be checked: WHY");
 * measured and why as findings_eval left them (either may be NULL or empty). A new string. */
char *finding_result_said(int nodata, const char *measured, const char *why);
#endif
