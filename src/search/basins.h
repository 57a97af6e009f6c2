/* basins.h — where a search climbs next once its climb around the incumbent is spent: the
 * configurations it measured far from the incumbent and from every earlier such start, fastest
 * first (race.c's climb in another basin, docs/search.md). */
#ifndef BASINS_H
#define BASINS_H
#include "race.h"

/* A start: this many parameters from the incumbent, and BASINS_STARTS_APART from each earlier
 * start (tried on test_race's spaces and test_race_landscape's: 1-4 and 0-4; from the best far
 * configurations alone, not away from the earlier starts, the climbs went round the first basin's
 * rim: test_race's test_climb 33 of 40 seeds, against 36). */
#define BASINS_FAR_APART 2
#define BASINS_STARTS_APART 4

struct basins { int *starts, n; };

/* basins_apart: the parameters along which configurations i and j of sp differ. */
int basins_apart(const struct race_space *sp, int i, int j);
/* basins_far: of the configurations seen[0..n) with times t[0..n) (NAN: none, skipped), those far
 * enough from inc and from every start (an earlier start itself included), fastest first (ties
 * by configuration), into out (room for n); how many. */
int basins_far(const struct basins *b, const struct race_space *sp, const int *seen, const double *t, int n, int inc,
               int *out);
/* basins_started: configuration i is a start (once). */
void basins_started(struct basins *b, int i);
void basins_free(struct basins *b);
#endif
