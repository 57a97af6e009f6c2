/* rowwork.h — the work a row did a launch, and whether rows set side by side did the same: times of
 * rows of different work are no comparison (a -cl-opt-disable build given 64x fewer loop trips, so
 * that a sweep ends, is "1.5x slower" in time and 100x per unit of work). */
#ifndef ROWWORK_H
#define ROWWORK_H
#include "store/rundir.h"
#include "lib/util.h"

/* What a row's work is counted in: GFLOP where the spec declares flops, else GB (bytes); none. */
enum rowwork_unit { ROWWORK_NONE, ROWWORK_GB, ROWWORK_GFLOP };

/* rowwork_pair: the unit rows ia (of a) and ib (of b) both have a work in, GFLOP before GB
 * (rundir_speedup's rule), and each one's work a launch in it (*wa, *wb; 1 and 1 for none): a row's
 * rate times its time, the spec's flops or bytes at the row's values to results.tsv's six digits. */
enum rowwork_unit rowwork_pair(const struct rundir *a, int ia, const struct rundir *b, int ib, double *wa, double *wb);
/* rowwork_of: row i's work a launch in unit u; NAN where it has none. */
double rowwork_of(const struct rundir *r, int i, enum rowwork_unit u);
/* rowwork_common: the work each of rows[0..n) did a launch in unit u where they all did the same,
 * else NAN (one has none, or they differ). */
double rowwork_common(const struct rundir *r, const int *rows, int n, enum rowwork_unit u);
/* rowwork_same: whether works a and b are one, within what results.tsv's six digits of a rate and a
 * time keep of it. */
int rowwork_same(double a, double b);
/* rowwork_unit_name: "GFLOP", "GB" or "". */
const char *rowwork_unit_name(enum rowwork_unit u);
/* rowwork_per_launch: whether metric is an amount a launch takes that grows with its work (a time in
 * ms or cycles, an energy in J), so that rows of different work are compared over their work; a
 * rate, a share of a peak, a size or a count is not. */
int rowwork_per_launch(const char *metric);
/* rowwork_times_words: "64x less" (ratio 1/64), "4x more" (4), "2x less to 4x more" for a range:
 * how one work stands to another, lo and hi the range of its ratio (equal for one); in buf. */
const char *rowwork_times_words(char *buf, size_t n, double lo, double hi);
/* How one set of rows' work a launch stands to another's: the range of the ratio over the pairs
 * that differ (lo, hi; n pairs) and the units they were counted in (bits 1 << ROWWORK_GFLOP, GB). */
struct rowwork_span { double lo, hi; int n; unsigned units; };
/* rowwork_span_add: one pair more, of work ratio x counted in u; a pair of the same work
 * (rowwork_same(x, 1)) or of no unit is not one that differs and is left out. */
void rowwork_span_add(struct rowwork_span *s, enum rowwork_unit u, double x);
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
