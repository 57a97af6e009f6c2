/* finding_leftout.h — the points an aggregate of a finding left out, where no row of theirs passed. */
#ifndef FINDING_LEFTOUT_H
#define FINDING_LEFTOUT_H
#include "store/rundir.h"

/* finding_points_left_out: of rows[0..n) of r, the first kept those an aggregate took and the rest
 * rows that did not pass, the points (each row's values in the identifying columns the rows differ
 * in) where only rows that did not pass stand: their count into *left, the points of all into
 * *points, and the first named of them in the file's order ("local=128, local=256 and 2 more"), a
 * new string, NULL where none. Points are looked up in sorted lists, not by a walk over every row's
 * (sgemm's 62k rows). */
char *finding_points_left_out(const struct rundir *r, const int *rows, int n, int kept, int named, int *left,
                              int *points);
#endif
