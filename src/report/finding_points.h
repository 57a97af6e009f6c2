/* finding_points.h — whether two aggregates of several rows (mean, gmean, median, sum) that a finding
 * sets against each other (a compare's pair, two selectors of a check or a size) stand on the same
 * points: a row that did not pass (or that a stop left unrun) on one side alone set the other side's
 * mix of work sizes against a smaller one. */
#ifndef FINDING_POINTS_H
#define FINDING_POINTS_H
#include "finding_pick.h"

/* finding_points_apart: where sa and sb both aggregate rows (mean, gmean, median, sum) and a point
 * (the values of the identifying columns their conditions do not set, nor those values set) has rows
 * on one side and none on the other, why their ratio is no measure of the claim, in a new string:
 * "gmean(median_ms[variant=func]) and gmean(median_ms[variant=define]) aggregate different points:
 * local=256 has rows in the second and none in the first ..." (inline's gmean over work-group sizes,
 * func's local 256 row FAILed: "func FASTER than define, by 42.9%" where at each size it was slower).
 * Else NULL. a and b: finding_pick's picks of sa and sb. */
char *finding_points_apart(const struct rundir *r, const struct selector *sa, const struct pick *a,
                           const struct selector *sb, const struct pick *b);
/* finding_points_check: finding_points_apart of every two of c's selectors (a check's or a size's,
 * picks: finding_selectors'), each such pair's reason added to why; returns how many: the part then
 * cannot be checked, as a compare's pair cannot (finding_samebin's rule for one binary, alike). */
int finding_points_check(const struct rundir *r, const struct check *c, const struct pick *picks, struct finding_why *why);
#endif
