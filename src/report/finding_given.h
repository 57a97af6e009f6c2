/* finding_given.h — a finding's premise (`given`, docs/spec.md "Findings"): a check that must be true
 * on the run's rows for the claim to be judged at all. "ILP 4 at 64 work-items reaches ILP 1 at 256"
 * says that ILP stands in for occupancy only where ILP 1 gains from more work-items a group; on a
 * CPU, where ILP 1 is slowest at 256, it holds and says nothing. */
#ifndef FINDING_GIVEN_H
#define FINDING_GIVEN_H
#include "finding_trace.h"
#include "finding_verdict.h"
#include "finding_why.h"
#include "spec/spec.h"
#include "store/rundir.h"

/* finding_given_apply: the verdict of f, whose parts gave v, once its premise f->given (none: v) is
 * judged on r as a check (finding_check_eval), a part of *t: true, v, the premise's numbers after the
 * claim's in *shown; false, cannot be checked (V_NODATA), *shown the premise's numbers alone and why
 * FINDING_PREMISE_FAILS; within its noise, cannot be decided here (V_UNDECIDED; V_NODATA where v is);
 * with no value to decide by, cannot be checked, its reasons added to why. */
enum verdict finding_given_apply(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                                 enum verdict v, struct sbuf *shown, struct finding_why *why, struct finding_trace *t);
#endif
