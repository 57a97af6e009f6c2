/* rowwork.h — the work a row of a results folder did a launch, and whether rows set side by side did
 * the same, by lib/launchwork.h's rule: times of rows of different work are no comparison. */
#ifndef ROWWORK_H
#define ROWWORK_H
#include "store/rundir.h"
#include "lib/util.h"

/* rowwork_pair: the unit rows ia (of a) and ib (of b) both have a work in, by launchwork's rule
 * (GFLOP before GB: lib/launchwork.h, rundir_speedup's too), and each one's work a launch in it (*wa,
 * *wb; 1 and 1 for none): a row's rate times its time, the spec's flops or bytes at the row's values to
 * results.tsv's six digits. */
enum launchwork_unit rowwork_pair(const struct rundir *a, int ia, const struct rundir *b, int ib, double *wa, double *wb);
/* rowwork_of: row i's work a launch in unit u; NAN where it has none. */
double rowwork_of(const struct rundir *r, int i, enum launchwork_unit u);
/* rowwork_common: the work each of rows[0..n) did a launch in unit u where they all did the same,
 * else NAN (one has none, or they differ). */
double rowwork_common(const struct rundir *r, const int *rows, int n, enum launchwork_unit u);
/* rowwork_per_launch: whether metric is an amount a launch takes that grows with its work (a time in
 * ms or cycles, an energy in J), so that rows of different work are compared over their work; a
 * rate, a share of a peak, a size or a count is not. */
int rowwork_per_launch(const char *metric);
/* How one set of rows' work a launch stands to another's: the range of the ratio over the pairs
 * that differ (lo, hi; n pairs) and the units they were counted in (bits 1 << LAUNCHWORK_GFLOP, GB). */
struct rowwork_span { double lo, hi; int n; unsigned units; };
/* rowwork_span_add: one pair more, of work ratio x counted in u; a pair of the same work
 * (launchwork_same(x, 1)) or of no unit is not one that differs and is left out. */
void rowwork_span_add(struct rowwork_span *s, enum launchwork_unit u, double x);
/* rowwork_span_said: "WHO's rows did 64x less work a launch than THAN's" for span s, appended to b
 * (nothing where no pair differs): the summary's and compare's one wording. */
void rowwork_span_said(struct sbuf *b, const char *who, const char *than, const struct rowwork_span *s);
/* rowwork_units_said: " (GFLOP: the spec's flops at each EACH's values)" for the units seen, appended
 * to b; *rate (where rate is not NULL): the rate that compares such rows, "GFLOP/s", "GB/s" or
 * "GFLOP/s or GB/s". */
void rowwork_units_said(struct sbuf *b, unsigned units, const char *each, const char **rate);
/* rowwork_builds_differ: where measured rows that differ in their build alone (the same variant,
 * launch point and work-group size) did different work, how each other build's work stands to base's
 * ("-cl-opt-disable's rows did 64x less work a launch than default's (GFLOP: the spec's flops at each
 * build's values)"); NULL where every such pair did the same, or none has a work. A new string; *rate
 * (where rate is not NULL): the rate that compares them, "GFLOP/s", "GB/s" or "GFLOP/s or GB/s". */
char *rowwork_builds_differ(const struct rundir *r, const char *base, const char **rate);
#endif
