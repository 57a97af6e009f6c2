/* compare_chartwords.h — the words of clx compare's charts (speedup.png, verdicts.png): each side's
 * run named apart from the others (its start and folder: a before and an after made on one day read
 * alike by experiment, device and date), what it ran otherwise than A, what its bars leave out, and
 * each group of bars named by what its sides share (no "(each)", a table's placeholder). */
#ifndef COMPARE_CHARTWORDS_H
#define COMPARE_CHARTWORDS_H
#include "compare_outcome.h"
#include "compare_status.h"

/* cmp_chart_subtitle: a chart's lines under its title: A's run, then each other side's run where it
 * is another (started, folder, its device where not A's, what it ran otherwise than A: "B: started
 * 2026-12-02 08:45:10, folder vecsum-2, on A's device, platform and driver; ran otherwise than A:
 * the template"), and (decided) how many of each side's configurations were decided: the
 * speed-ups' chart, whose bars' heights say nothing of that. Along a column the sides are named by
 * their value, the run's title once. A new string. */
char *cmp_chart_subtitle(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, int decided);
/* cmp_chart_group: group g's name under its bars: "naive (default)", "build default" where the variant is
 * what the sides differ in (--by variant), "naive" where the build is (--by build), the rest of the
 * variant where a parameter is ("VEC=4 (default)"). A new string. */
char *cmp_chart_group(const struct group *g);
#endif
