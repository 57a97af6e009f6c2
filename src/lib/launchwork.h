/* launchwork.h — the work a launch did, from its rate and its time, and the one rule that sets two
 * launches side by side per unit of it: GFLOP where both have a flops rate, else GB, else their times
 * as they are. rel_time (run), rundir_speedup (store) and the reports' rows (report/rowwork.c) all
 * take it from here: times of different work are no comparison (a -cl-opt-disable build given 64x
 * fewer loop trips, so that a sweep ends, is "1.5x slower" in time and 100x per unit of work). */
#ifndef LAUNCHWORK_H
#define LAUNCHWORK_H
#include <stddef.h>

/* What a launch's work is counted in: GFLOP where the spec declares flops, else GB (bytes); none. */
enum launchwork_unit { LAUNCHWORK_NONE, LAUNCHWORK_GB, LAUNCHWORK_GFLOP };
/* The order the rule tries the units in: for (u = LAUNCHWORK_FIRST; u; u = launchwork_next(u)). */
#define LAUNCHWORK_FIRST LAUNCHWORK_GFLOP
static inline enum launchwork_unit launchwork_next(enum launchwork_unit u)
{
    return u == LAUNCHWORK_GFLOP ? LAUNCHWORK_GB : LAUNCHWORK_NONE;
}

/* One launch as a row has it: its GFLOP/s and GB/s (NAN or 0: none) and its median time in ms. */
struct launchwork { double gflops, gbs, ms; };

/* launchwork_of: x's work a launch in unit u, its rate times its time (a rate is the spec's work over
 * the median time: run_rows.c); NAN where it has none. */
double launchwork_of(const struct launchwork *x, enum launchwork_unit u);
/* launchwork_pair: the first unit of the rule that a and b both have a work in, and each one's work a
 * launch in it (*wa, *wb; one number, a's, where they are the same within launchwork_same: a work
 * taken back out of a rounded rate and time is 0.999998 of itself); LAUNCHWORK_NONE with 1 and 1
 * where they have none in common. */
enum launchwork_unit launchwork_pair(const struct launchwork *a, const struct launchwork *b, double *wa, double *wb);
/* launchwork_counted: whether x has a work in any unit (a pair of which one has and the other has
 * none, in no common unit, cannot be compared at all). */
int launchwork_counted(const struct launchwork *x);
/* launchwork_same: whether works a and b are one, within what results.tsv's six digits of a rate and
 * a time keep of it. */
int launchwork_same(double a, double b);
/* launchwork_speedup: how many times faster b is than a per unit of work: the ratio of their GFLOP/s
 * where both have one, else of their GB/s, else of their times. */
double launchwork_speedup(const struct launchwork *a, const struct launchwork *b);
/* launchwork_unit_name: "GFLOP", "GB" or "". launchwork_unit_source: what the spec declares it as:
 * "flops", "bytes" or "". */
const char *launchwork_unit_name(enum launchwork_unit u);
const char *launchwork_unit_source(enum launchwork_unit u);
/* launchwork_times_words: "64x less" (ratio 1/64), "4x more" (4), "2x less to 4x more" for a range:
 * how one work stands to another, lo and hi the range of its ratio (equal for one); in buf. */
const char *launchwork_times_words(char *buf, size_t n, double lo, double hi);
#endif
