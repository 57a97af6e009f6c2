/* expandcheck.h — every variant of a plan expanded by m4 before anything runs, so that a value the
 * template refuses (--set VEC=3) or a template's own mistake is found without a device. */
#ifndef EXPANDCHECK_H
#define EXPANDCHECK_H
#include "plan.h"
#include "spec.h"

/* At most this many variants are expanded, spread evenly over a larger plan: m4 takes a few ms a
 * variant, and sgemm's plan has 62,128 (five minutes); a refused value or a template's mistake
 * shows in a sample. */
#define EXPANDCHECK_MAX 256

/* expandcheck_plan: the variants of p (all, or EXPANDCHECK_MAX of them spread evenly) expanded from
 * s's template as the run expands them (expand.h), m4's failures said on stderr grouped as the run
 * says them (expandfail.h). Returns how many failed (0: all expanded); *checked: how many were
 * expanded. Nothing is written. */
int expandcheck_plan(const struct spec *s, const struct plan *p, int *checked);
#endif
