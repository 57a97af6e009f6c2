/* finding_pick.h — a finding's selectors on a run: the measured rows each picks, reduced to one
 * number, shown with the row it came from; the device's properties a finding may use besides. */
#ifndef FINDING_PICK_H
#define FINDING_PICK_H
#include "finding_why.h"
#include "rowwork.h"
#include "lib/expr.h"
#include "spec/select.h"
#include "store/rundir.h"

/* A selector on a run: its number x from rows[0..n) (the measured rows it picks), and where x is
 * one row's value (a plain selector, max, min) that row, else -1; at names that row among several
 * ("local=64 N=200000000"), else NULL. Where x is the value of one row chosen by value (max, min, a
 * COLUMN=max condition), unpassed counts the rows it names that did not pass (FAIL, timeout, crashed
 * ...; set aside above the peak), which a value could have been chosen from, and unpassed_at names
 * them ("local=128 FAIL, local=256 timeout"); skipped rows are none of them (the device cannot run
 * them). unpassed_dir: where such a row's value would move x, +1 up (max), -1 down (min), 0 either. */
struct pick { double x; int *rows, n, row; char *at; int unpassed, unpassed_dir; char *unpassed_at;
/* Where x aggregates rows (mean, gmean, median, sum): of the points it names (the identifying values
 * in which those rows differ), how many it stands on (points - left_out) and, at left_at, the ones at
 * which no row passed ("local=128, local=256"), which it leaves out (0 and NULL where none). */
int points, left_out; char *left_at;
/* Of a stopped run (store/rundir_unreached.h): unreached, how many of the unpassed rows are
 * configurations it never reached, each named "not reached" ("local=128 FAIL, local=256 not
 * reached"); left_how, what the rows at the left_out points were: 1 rows that did not pass, 2
 * configurations not reached, 3 both. */
int unreached, left_how;
/* Where x is one row's chosen by value and every row in unpassed is known not to go past a bound (a
 * timed-out row's: finding_timeout.h), bounded 1 and reach the farthest of them in unpassed_dir: the
 * value could have moved that far and no further. 0: as far as a value goes. */
int bounded; double reach; };

/* finding_pick: s on r's measured rows (status ok or unverified, unless s's filter names status),
 * with where's conditions on the columns s names none of. NULL and *p (pick_free frees it), or why
 * s has no number here (a new string; *p is then empty). */
char *finding_pick(const struct rundir *r, struct selector *s, const struct filter *where, struct pick *p);
/* FINDING_NO_VALUE_HERE: the words of a reason no sweep of this run's device and options can
 * change: not one measured row of the run has a value of the selector's metric (registers on a
 * device whose binary tells none, an energy without --energy). A --quick run's hint that the full
 * sweep decides its findings leaves those out (report.c). */
#define FINDING_NO_VALUE_HERE "no measured row of this run has a value of"
/* The words of the other reasons a fuller sweep does not change: the rows a selector names are
 * there and did not pass (a kernel that times out in the full sweep too) or are set aside above the
 * peak (RUNDIR_ABOVE_PEAK_SAID: a spec's wrong bytes is as wrong at every size), or the run measured
 * no row at all (findings.c). */
#define FINDING_ROWS_NOT_PASSED "it names did not pass"
#define FINDING_NONE_MEASURED "no row of this run was measured"
/* FINDING_AMBIGUOUS: the words of a selector that names one row and picks several ("2 rows match
 * (they differ in local (64, 256)): name one"): a sweep with more rows picks as many or more, so it
 * is the finding's to say which, not a sweep's. */
#define FINDING_AMBIGUOUS "is ambiguous:"
/* FINDING_PEAK_ESTIMATE: the words of a finding that cannot be checked because a peak it reads is
 * only an upper-bound estimate (a CPU's; finding_estimate_verdict): no sweep of the run changes that. */
#define FINDING_PEAK_ESTIMATE "an upper-bound estimate (run.json"
/* FINDING_PREMISE_FAILS: the words of a finding whose premise (`given`) is false on the run's rows
 * (finding_given.h): the claim does not apply to the device, which a fuller sweep does not change. */
#define FINDING_PREMISE_FAILS "its premise does not hold on this device"
/* FINDING_UNPASSED_SAID: the words of a finding whose best (max, min) stands on the rows that passed
 * where a row that did not could change its verdict (finding_points.h): a fuller sweep runs that
 * row as it did. */
#define FINDING_UNPASSED_SAID "did not pass could change the verdict"
/* FINDING_UNREACHED_SAID: the words of one where a configuration a stopped run never reached could
 * (store/rundir_unreached.h): its --resume measures it, so a fuller run decides it. */
#define FINDING_UNREACHED_SAID "the stopped run did not reach could change the verdict"
/* finding_pick_unpassed_did: what follows p's unpassed_at: " did not" where each row it names did
 * not pass; "" where some were not reached (each such named "not reached", each other by its status). */
const char *finding_pick_unpassed_did(const struct pick *p);
/* finding_sweep_decides: whether a finding that cannot be checked for reason why may be checked
 * on the full sweep of a --quick run: none of the reasons above, nor a value the spec never sweeps
 * (FINDING_NOT_SWEPT, which report_findings.c adds to the reason). */
int finding_sweep_decides(const char *why);
/* finding_ambiguous: whether why is that of a selector that picks several rows where it names one. */
int finding_ambiguous(const char *why);
void pick_free(struct pick *p);
/* finding_pick_said: "max(gbs[]) = 31.2 (variant=naive)" for s's pick p; where some rows it names
 * did not pass (p->unpassed), that x stands on the rest: "min(median_ms[]) = 1 (local=64; the least
 * of the rows that passed: local=128 FAIL did not)"; where an aggregate leaves points out
 * (p->left_out), on how many it stands: "gmean(median_ms[]) = 1.1 (over 2 of 3 points: local=128 did
 * not pass)". A new string. */
char *finding_pick_said(const struct selector *s, const struct pick *p);
/* finding_pick_unpassed_words: "the least of the rows that passed" (min), "the greatest ..." (max),
 * "picked from the rows that passed" (a row by a COLUMN=max condition): what p's value is where
 * rows it names did not pass. Static. */
const char *finding_pick_unpassed_words(const struct pick *p);
/* finding_pick_work: the work a launch of p's rows in unit u (rowwork.h): its row's where its value is
 * one row's, else the one its rows all did (NAN where they differ or have none). */
double finding_pick_work(const struct rundir *r, const struct pick *p, enum launchwork_unit u);
/* finding_work_apart: where two of c's selectors read a time (rowwork_per_launch) of rows that did
 * different work (a no-opt build given fewer loop trips), appends to *shown that they did, with their
 * work ("median_ms[build=-cl-opt-disable] and median_ms[build=default] are times of different work
 * (6.554e-05 against 0.004194 GFLOP a launch, the spec's flops): not a ratio per unit of work"): a
 * check or size over them is the spec's own expression, taken as written. picks: finding_selectors'. */
void finding_work_apart(const struct rundir *r, const struct check *c, const struct pick *picks, struct sbuf *shown);
/* finding_samebin: where two of c's selectors (a check's or a size's) set builds of one variant
 * against each other that compiled to the same binary (rusticl ignores -cl-opt-disable), each such
 * pair's reason added to why, in the words and by the rule a compare's pair says it (samebin_pair_said:
 * times and rates); returns how many: the part then cannot be checked, as a compare's pair cannot. */
int finding_samebin(const struct rundir *r, const struct check *c, const struct pick *picks, struct finding_why *why);
/* finding_aggregate: agg (not count) of v[0..m), m >= 1. */
double finding_aggregate(enum sel_agg agg, const double *v, int m);
/* finding_selectors: every selector of c picked into v as sel_1, sel_2 ... and, in shown[i] (new
 * strings, NULL for a selector written twice or one with no number), "max(gbs[]) = 31.2
 * (variant=naive)"; each pick kept in picks[i] (c->nsel of them, each freed with pick_free, empty
 * ones too) where picks is not NULL. Returns how many have no number, each one's reason added to
 * why (every one, not the first alone). */
int finding_selectors(const struct rundir *r, struct check *c, const struct filter *where, struct vars *v, char **shown,
                      struct pick *picks, struct finding_why *why);
/* finding_selectors_points_said: where c's selectors (two or more, each once) all left out the same
 * points (finding_picks_points_said, the rule a compare's pair's sides say it by), each shown[i]
 * said again without them and "each over 2 of 3 points: local=128 did not pass", a new string, for
 * the caller to say once after the values; else NULL, shown[] as it was. picks, shown: those
 * finding_selectors filled, every selector with a number. */
char *finding_selectors_points_said(const struct check *c, const struct pick *picks, char **shown);
/* finding_labelled: expr (in c's terms: sel_1, sel_2 ...) as the spec writes it with its value,
 * "max(gbs[]) / min(gbs[]) = 5.37"; a lone selector is its shown[i], which whole[i] then marks.
 * A new string; NULL when expr has no value with v. */
char *finding_labelled(const struct check *c, const struct vars *v, const char *expr, char **shown, int *whole);
/* finding_shown_rest: the shown[i] no whole[i] marks, each after "; " (none first when out is
 * empty), into out; frees every shown[i]. */
void finding_shown_rest(const struct check *c, char **shown, const int *whole, struct sbuf *out);
/* finding_device_vars: the device's properties from run.json into v (spec_finding_devices); one it
 * lacks (or 0 for a peak or the largest work-group: not known) stays unset, so that a check using it
 * cannot be checked. */
void finding_device_vars(const struct rundir *r, struct vars *v);
/* finding_unknown_why: the words after an expression's error err (expr_eval's) that say why a name it
 * reads has no value: "; MAX_WG is the device's largest work-group, which its driver does not report
 * (...)" where run.json holds that 0, " (run.json does not record it)" for any other unknown name,
 * else "". Static. */
const char *finding_unknown_why(const struct rundir *r, const char *err);
/* finding_num: x as a reader wants it: 32370 rather than 3.237e+04, 0.008285 as it is; in buf. */
const char *finding_num(char *buf, size_t n, double x);
#endif
