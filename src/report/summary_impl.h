/* summary_impl.h — what the summary's parts share (summary.c, summary_builds.c). */
#ifndef SUMMARY_IMPL_H
#define SUMMARY_IMPL_H
#include "store/rundir.h"
#include <stdio.h>

/* summary_heading: a table's title, a markdown heading or a console line. */
void summary_heading(FILE *out, int markdown, const char *title);
/* summary_value_index: the position of row i's value of column c in l, added when new. */
int summary_value_index(const struct rundir *r, int i, int c, struct strlist *l);
/* summary_variants: the variants r's rows name, in the spec's order (run.json as_run's; those it
 * does not list after them, as met), into out: rows come in the order they were written, and a
 * variant whose build failed has its row written before the sweep's. */
void summary_variants(const struct rundir *r, struct strlist *out);
/* summary_builds: the slowdown of each build against the first, each at its own best work-group size
 * (bests: summary.c's best row of each group), decided by clx compare's rule; where the two bests
 * differ in work-group size, both named, and what clx compare RUN --by build (equal configurations
 * only) says at the first build's best said under the table. */
void summary_builds(const struct rundir *r, const int *bests, FILE *out, int markdown);
/* summary_builds_work: the note where the spec gives a build other work than the first's. */
void summary_builds_work(const struct rundir *r, FILE *out, int markdown);

#endif
