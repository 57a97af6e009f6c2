/* finding_spread.h — the sampling error of a spread of a row's trials (cv, stddev_ms, iqr_ms, spread,
 * time_se: column_spread_over) that a finding reads, as the floor finding_noise.c varies it within. */
#ifndef FINDING_SPREAD_H
#define FINDING_SPREAD_H
#include "finding_pick.h"
#include "spec/finding_form.h"

/* finding_spread_floor: the floor of s's value on p's rows where s reads a spread of their trials:
 * expm1(z(alpha) / sqrt(2 df)), df the degrees of freedom of its rows' counts (trials or rounds, each
 * less 1) pooled, as if the value were one spread over all of them: the sampling error of a standard
 * deviation of normal trials, a lower bound of the value's uncertainty (another spread's, heavier
 * tails' or an aggregate's of fewer is larger). INFINITY where a row gives no count above 1 (not
 * known); NAN where s reads no spread (a count of rows, any other column). */
double finding_spread_floor(const struct rundir *r, const struct selector *s, const struct pick *p);
#endif
