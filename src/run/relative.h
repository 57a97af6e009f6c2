/* relative.h — comparisons between the rows of one run as it goes: rel_time against the spec's
 * reference variant (run first at each point), and dev_row_avg, the seed's deviation from the
 * row average over work-group sizes (known when the sweep ends). */
#ifndef RELATIVE_H
#define RELATIVE_H
#include "spec/plan.h"
#include "spec/spec.h"

/* One swept row: which configuration, and its median time (NAN when it has none). */
struct rel_rec { int variant, build; size_t point; double median_ms; };

struct relative {
    const struct spec *s;
    const struct plan *p;
    struct rel_rec *recs;
    size_t n, cap;
};

void relative_init(struct relative *r, const struct spec *s, const struct plan *p);
/* relative_add: records a swept row, in the order the rows are written. */
void relative_add(struct relative *r, const struct rel_rec *rec);
/* relative_time: rec's median over the median of the spec's relative variant at the same build,
 * point and non-own parameters; NAN when the spec names none or that row has no time. */
double relative_time(const struct relative *r, const struct rel_rec *rec);
/* relative_row_dev: the deviation from the row average of record i: its median over the mean of
 * the timed records of the same variant, build and point apart from the work-group size, minus
 * 1; NAN when it has no time or there is one work-group size. */
double relative_row_dev(const struct relative *r, size_t i);
void relative_free(struct relative *r);
#endif
