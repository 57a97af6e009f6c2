/* finding_points.h — whether two aggregates of several rows (mean, gmean, median, sum) that a finding
 * sets against each other (a compare's pair, two selectors of a check or a size) stand on the same
 * points: a row that did not pass (or that a stop left unrun) on one side alone set the other side's
 * mix of work sizes against a smaller one. */
#ifndef FINDING_POINTS_H
#define FINDING_POINTS_H
#include "finding_pick.h"
#include "finding_verdict.h"
#include "spec/finding_form.h"

/* finding_points_apart: where sa and sb both aggregate rows (mean, gmean, median, sum) and a point
 * (the values of the identifying columns their conditions do not set, nor those values set) has rows
 * on one side and none on the other, why their ratio is no measure of the claim, in a new string:
 * "gmean(median_ms[variant=func]) and gmean(median_ms[variant=define]) aggregate different points:
 * local=256 has rows in the second and none in the first ..." (inline's gmean over work-group sizes,
 * func's local 256 row FAILed: "func FASTER than define, by 42.9%" where at each size it was slower).
 * Alike, whatever they aggregate, where both keep the rows at one end of a configuration's column
 * (ORDERS=max, from a where) and stand at different values of it (double's largest size skipped):
 * "... stand on different points: ORDERS=max is 20000 in the first and 5000 in the second ...".
 * Else NULL. a and b: finding_pick's picks of sa and sb. */
char *finding_points_apart(const struct rundir *r, const struct selector *sa, const struct pick *a,
                           const struct selector *sb, const struct pick *b);
/* finding_points_check: finding_points_apart of every two of c's selectors (a check's or a size's,
 * picks: finding_selectors'), each such pair's reason added to why; returns how many: the part then
 * cannot be checked, as a compare's pair cannot (finding_samebin's rule for one binary, alike). */
int finding_points_check(const struct rundir *r, const struct check *c, const struct pick *picks, struct finding_why *why);

/* The rule of a value one row's chosen by value (max, min, a COLUMN=max condition) where some rows
 * it names did not pass (struct pick's unpassed): it is the best of the rows that passed, and a row
 * that did not pass could have been the best had it passed, moving the value as far as any value
 * goes, in unpassed_dir. A part whose verdict another such value could change cannot be checked
 * (histogram's min(median_ms[variant=naive]) vs min(median_ms[variant=gridstride]): a gridstride
 * row that FAILed could have been faster than its best); one it cannot change stands, the measured
 * column naming the rows (finding_pick_said); the reason's words: FINDING_UNPASSED_SAID. */
/* finding_points_unpassed_ends: the least and greatest value s's pick p could have had, had the rows
 * it names that did not pass passed (both p->x where none did not). */
void finding_points_unpassed_ends(const struct selector *s, const struct pick *p, double *lo, double *hi);
/* finding_points_unpassed_why: where some of the n picks p[i] of selectors s[i] have rows that did not
 * pass, why another value of theirs could change the verdict, in a new string ("min(median_ms[variant=b])
 * = 1 is the least of the rows that passed (local=128 FAIL did not): a row that did not pass could change
 * the verdict, had it passed"); NULL where none has such rows. */
char *finding_points_unpassed_why(const struct selector *s, const struct pick *p, int n);
/* finding_points_unpassed_span: expr (in c's terms) on v, whose sel_i hold picks[i - 1]'s values, at
 * every combination of its values at their unpassed ends (v left as it was): its least and greatest
 * value into *lo and *hi, whether it is true somewhere and false somewhere into truth[0] and truth[1].
 * Returns how many values have rows that did not pass (0: *lo, *hi and truth untouched). */
int finding_points_unpassed_span(const struct check *c, const struct pick *picks, struct vars *v, const char *expr,
                                 double *lo, double *hi, int truth[2]);
/* finding_points_unpassed_check: where some of c's selectors have rows that did not pass and the
 * check is true at some of their values and false at others (finding_points_unpassed_span), the reason
 * added to why (finding_points_unpassed_why) and 1: the check then cannot be checked; else 0. */
int finding_points_unpassed_check(const struct check *c, const struct pick *picks, struct vars *v, const char *expr,
                                  struct finding_why *why);
#endif
