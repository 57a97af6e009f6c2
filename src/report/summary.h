/* summary.h — what a run found, as tables read from its results: throughput by work-group size,
 * the best configuration of each variant, what each build costs against the first, the speed-up
 * over the host. Printed at the end of a run, and written into report.md. */
#ifndef SUMMARY_H
#define SUMMARY_H
#include "store/rundir.h"
#include <stdio.h>

enum {
    SUMMARY_BY_LOCAL = 1,        /* one table per build and point: variants x work-group sizes */
    SUMMARY_BEST = 2,            /* the best work-group size of each variant, build and point */
    SUMMARY_BUILDS = 4,          /* slowdown of each build against the first, per unit of work */
    SUMMARY_CPU = 8,             /* speed-up over the host reference, transfers included */
    SUMMARY_WARN = 16,           /* the WARNING lines: rows whose figures need a caveat (above a peak,
                                  * cache-resident, noisy...), rows of several devices side by side */
    SUMMARY_SOL = 32,            /* each variant's rows against their speed of light (solsummary.h) */
    SUMMARY_REPEAT = 64,         /* how far the rows' rounds agreed; batches the blocking kernel did not hold */
    SUMMARY_ALL = 127,
    /* What clx run --quiet prints of it: the warnings alone (the tables are report.md's). */
    SUMMARY_QUIET = SUMMARY_WARN
};

/* summary_flag_says: what the summary's warning says of rows carrying flag (results.tsv's flag
 * column: "moved data that fits the device's last-level cache (flag cache-resident): their GB/s are
 * the cache's, not the memory's"), after "N row(s) "; NULL for a flag it has no words for. */
const char *summary_flag_says(const char *flag);
/* summary_mixed_devices: where r's rows ran on devices of different models, platforms or drivers
 * (a --split-any: store/rundevs.h), a warning naming each part's, before anything that puts two
 * variants (so two devices) side by side: the console's summary says it above its tables, report.md
 * in its header, above the findings and plots. Nothing for a run on one device. */
void summary_mixed_devices(const struct rundir *r, FILE *out, int markdown);
/* summary_print: the sections asked for, aligned text or Markdown (### headings). */
void summary_print(const struct rundir *r, int sections, FILE *out, int markdown);
#endif
