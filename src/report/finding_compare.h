/* finding_compare.h — a finding's compare: pairs of timed rows (or groups of rows), each side's
 * ratio judged against the claimed range by the verdict rule's noise floor, so that a difference
 * within the rounds' noise is never called slower. */
#ifndef FINDING_COMPARE_H
#define FINDING_COMPARE_H
#include "finding_trace.h"
#include "finding_verdict.h"
#include "finding_why.h"
#include "spec/select.h"
#include "spec/spec.h"
#include "store/rundir.h"

/* finding_compare_eval: every pair of f->compare on r (where's conditions applied to each side)
 * against f->claimed; the worst verdict of the pairs (finding_worse), what decided each appended
 * to *shown, each pair a part of *t. Every pair is judged: the reason of each side of each that
 * cannot be checked goes to why. */
enum verdict finding_compare_eval(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                                  struct sbuf *shown, struct finding_why *why, struct finding_trace *t);
#endif
