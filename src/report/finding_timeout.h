/* finding_timeout.h — what a row whose launch ran past its limit (status timeout) is known to have
 * measured: no value, but a bound. It ran that long without finishing, so its time a launch is at
 * least the limit (its note says it: ROW_TIMEOUT_NOTE), and its rate at most its work over the limit.
 * A best of the rows that passed that such a row could not have beaten stands, its verdict given;
 * one it could have beaten is said as any row's that did not pass (finding_unpassed.h). */
#ifndef FINDING_TIMEOUT_H
#define FINDING_TIMEOUT_H
#include "store/rundir.h"
#include "lib/util.h"

/* finding_timeout_bound: where row k of r timed out and metric is a time a launch (median_ms,
 * mean_ms, min_ms: *side +1, the value at least the bound, the limit in ms) or a rate (gbs, gflops:
 * *side -1, at most the work over the limit, the work being that of the rows that passed at its
 * point, variant and build, where they all did the same), the bound; else NAN (*side 0): a row that
 * FAILed or crashed, or another metric, is known to be nothing. */
double finding_timeout_bound(const struct rundir *r, const char *metric, int k, int *side);
/* finding_row_could_beat: whether row k, which did not pass, could have had a value of metric beyond
 * x in direction dir (+1 above, -1 below), had it passed: every such row but a timed-out one whose
 * bound lies on x's side. *reach (where reach is not NULL): how far it could have gone, its bound
 * where it has one beyond x, else NAN (as far as a value goes). The one rule for a best's rows
 * that did not pass. */
int finding_row_could_beat(const struct rundir *r, const char *metric, int k, double x, int dir, double *reach);
/* finding_timeout_said: " (at least 500 ms)" where row k timed out with a bound of metric (" (at most
 * 3.2 GB/s)"), appended to b: what the row is known to have measured; nothing otherwise. */
void finding_timeout_said(const struct rundir *r, const char *metric, int k, struct sbuf *b);
#endif
