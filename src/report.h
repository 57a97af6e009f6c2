/* report.h — the end-of-run summary: best work-group size per variant/build/point, and the time
 * ratio between build-option sets (e.g. -cl-opt-disable vs default); also rel_time lookups. */
#ifndef REPORT_H
#define REPORT_H
#include "peak.h"
#include "plan.h"
#include "spec.h"
#include <stdio.h>

/* What the summary keeps of each measured row. */
struct report_rec {
    int variant, build;
    size_t point;
    char status[16];
    double median_ms, stddev_ms, gflops, gbs, pct_flops, pct_bw;
    double wall_ms, cpu_ms;      /* offload wall time with transfers; the CPU reference's time */
    int impossible;
};

struct report {
    const struct spec *s;
    const struct plan *p;
    const struct peak *pk;
    struct report_rec *recs;
    size_t n, cap;
};

void report_init(struct report *r, const struct spec *s, const struct plan *p, const struct peak *pk);
void report_add(struct report *r, const struct report_rec *rec);
/* report_rel_time: rec's median over the median of variant rel at the same build and point (the
 * rel variant runs first at each point); NAN when rel < 0 or that row has no time. */
double report_rel_time(const struct report *r, int rel, const struct report_rec *rec, const struct plan *p);
/* report_row_dev: the seed's "deviation from the row average" of record i: its median time over
 * the mean of the timed records of the same variant, build and point apart from the work-group
 * size, minus 1; NAN when it has no time or there is one work-group size. */
double report_row_dev(const struct report *r, size_t i);
/* report_print: the summary tables. */
void report_print(const struct report *r, FILE *out);
void report_free(struct report *r);
#endif
