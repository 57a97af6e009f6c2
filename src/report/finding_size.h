/* finding_size.h — a finding's measured size against the size its claim states: the verdict from
 * where the size (with the interval its noise allows) lies against the claimed range, and the size
 * form itself: an expression over selectors, with an optional direction. */
#ifndef FINDING_SIZE_H
#define FINDING_SIZE_H
#include "finding_trace.h"
#include "finding_verdict.h"
#include "spec/finding_form.h"
#include "spec/spec.h"
#include "store/rundir.h"

/* finding_judge: the verdict on a size measured as [lo, hi] (the values its noise allows; lo = hi
 * for an exact one) against claimed. side: the direction the claim states (+1 above pivot, -1
 * below, 0 none: a claim of sameness, or a bare size); pivot: the value the direction is of (1 for
 * a ratio); decided: the side the measurement lies on beyond its noise (0: neither). A claimed
 * direction the measurement shows: holds when all of [lo, hi] is in claimed, holds in direction
 * but not in size when none of it is, unless all of it is nowhere near claimed (finding_nowhere):
 * then it does not hold; else cannot be decided. Otherwise: does not hold when none of [lo, hi] is
 * in claimed; with no direction claimed, holds when all of it is; else cannot be decided. */
enum verdict finding_judge(const struct claim_range *claimed, int side, double pivot, double lo, double hi, int decided);
/* finding_unpassed_stands: whether verdict v, of a size or ratio lying anywhere from lo to
 * hi (its values at the unpassed ends: finding_points_unpassed_span), is the verdict there too,
 * judged as a size is (finding_judge: claimed, the side and pivot of direction dir). */
int finding_unpassed_stands(const struct claim_range *claimed, const struct claim_range *dir, int side, double pivot,
                            double lo, double hi, enum verdict v);
/* finding_nowhere: whether x, on side of pivot and outside claimed (a range on that side), is
 * nowhere near it (docs/spec.md "Verdicts"): its effect, ln(x / pivot) towards side, is over
 * NOWHERE_EFFECT times the effect of claimed's far end (or under 1 / NOWHERE_EFFECT times its near
 * end's), and x lies beyond that end by over NOWHERE_FACTOR times. 0 where the values are not all
 * above 0 (no ratio to take the log of). */
#define NOWHERE_EFFECT 10.0
#define NOWHERE_FACTOR 2.0
int finding_nowhere(const struct claim_range *claimed, int side, double pivot, double x);
/* finding_nowhere_words: "99.9x lower, nowhere near the claimed 1% to 3% lower (...)", x a ratio
 * of pivot 1; or "= 37, nowhere near claimed 1.2..1.4 (...)" for another pivot (a new string). */
char *finding_nowhere_words(const struct claim_range *claimed, int side, double pivot, double x);
/* finding_amount: how far ratio x lies from 1, without its direction: "2.13%", "5.37x" (a new
 * string). */
char *finding_amount(double x);
/* finding_ratio_words: a ratio as a difference a reader reads: "5.37x lower", "2.1% higher". */
char *finding_ratio_words(double x);
/* finding_range_words: a claimed ratio range the same way: "1-3% lower", "at least 10x higher",
 * "from 5% lower to 5% higher". */
char *finding_range_words(const struct claim_range *c);
/* finding_size_eval: f's size (f->size, with f->claimed and f->direction) on r, where's conditions
 * applied to each selector, judged at its value and over the range its timed values' noise floors
 * allow (finding_noise.h: another verdict there cannot be decided); what decided appended to
 * *shown ("min(rel_time[...]) = 3.2 (local=64); claimed >= 4, direction > 1; the same verdict
 * anywhere within ..."), the size a part of *t. V_NODATA: the reason of each selector that has no
 * number (or the size's own) added to why. */
enum verdict finding_size_eval(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                               struct sbuf *shown, struct finding_why *why, struct finding_trace *t);
#endif
