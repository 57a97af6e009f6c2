/* compare_builds.h — whether one speed-up may stand over a comparison's builds: a geometric mean over
 * a default build at 0.925x and a -cl-opt-disable one at 3.090x read "1.691x", a win the optimised
 * code does not have. Where the builds' speed-ups differ, each build's is said and none over them. */
#ifndef COMPARE_BUILDS_H
#define COMPARE_BUILDS_H
#include "compare_outcome.h"
#include <stdio.h>

/* One build's share of a side's groups: its configurations, verdicts' counts and log speed-ups. */
struct build_mean {
    const char *build;           /* the groups' own string */
    int groups, n, count[4];
    double logsum;
    struct decided_way decided;  /* its decided configurations, each way */
};

/* cmp_builds_of: side s's groups summed per build, in the groups' order, into *b (the caller frees
 * it); their number, 0 where the groups' build is a placeholder ("(each)" of --by build: the sides
 * are the builds, no mean spans two). */
int cmp_builds_of(const struct outcome *o, int s, struct build_mean **b);
/* cmp_builds_differ: whether, of side s's nb builds b, two speed-ups (geometric means over their
 * configurations) differ by --min-effect or more and by more than the side's noise floor
 * (o->floor[s], the verdicts' median): then no one figure stands over them. */
int cmp_builds_differ(const struct outcome *o, int s, const struct build_mean *b, int nb);
/* cmp_builds_line: where side s's builds differ, the line under its table saying so, with each
 * build's speed-up ("the builds' speed-ups differ (default 0.925x, -cl-opt-disable 3.090x) ..."); 1
 * where said, else nothing and 0. */
int cmp_builds_line(FILE *out, const struct outcome *o, int s, int markdown);
#endif
