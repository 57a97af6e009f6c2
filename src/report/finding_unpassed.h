/* finding_unpassed.h — the rows a selector names that did not pass, where they bear on its pick: a
 * best (max, min, a COLUMN=max condition) they could have changed, had they passed, or the points an
 * aggregate stands on without them. */
#ifndef FINDING_UNPASSED_H
#define FINDING_UNPASSED_H
#include "finding_pick.h"

/* finding_unpassed: p's unpassed, unpassed_dir, unpassed_at, bounded and reach (a best's rows that
 * did not pass and could have beaten it: finding_row_could_beat's rule, so that a timed-out row
 * whose time is known to be past the best is none of them), and its points, left_out and left_at
 * (an aggregate's), from the rows s names in r. p: finding_pick's, its rows and value made. */
void finding_unpassed(const struct rundir *r, const struct selector *s, struct pick *p);
#endif
