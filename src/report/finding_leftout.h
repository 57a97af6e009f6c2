/* finding_leftout.h — the points an aggregate of a finding left out, where no row of theirs passed. */
#ifndef FINDING_LEFTOUT_H
#define FINDING_LEFTOUT_H
#include "finding_pick.h"
#include "store/rundir.h"

/* finding_points_left_out: of rows[0..n) of r, the first kept those an aggregate took and the rest
 * rows that did not pass, the points (each row's values in the identifying columns the rows differ
 * in) where only rows that did not pass stand: their count into *left, the points of all into
 * *points, and the first named of them in the file's order ("local=128, local=256 and 2 more"), a
 * new string, NULL where none. Points are looked up in sorted lists, not by a walk over every row's
 * (sgemm's 62k rows). *how: what stands at those points, 1 rows that did not pass, 2 configurations a
 * stopped run never reached (store/rundir_unreached.h), 3 both. */
char *finding_points_left_out(const struct rundir *r, const int *rows, int n, int kept, int named, int *left,
                              int *points, int *how);
/* finding_row_at: for a value taken from row chosen of rows[0..n), the identifying values of that row
 * that differ among them ("local=64 N=200000000"), so the reader knows which row it was; a new
 * string, "" where they differ in none. */
char *finding_row_at(const struct rundir *r, const int *rows, int n, int chosen);
/* finding_pick_points_said: "over 2 of 3 points: local=128 did not pass" ("... local=128 not reached"
 * of a stopped run's configurations never reached: p->left_how) where p's aggregate left
 * points out (p->left_out), else NULL; a new string. */
char *finding_pick_points_said(const struct pick *p);
/* finding_picks_points_said: "each over 2 of 3 points: local=128 did not pass" where the n >= 2
 * picks p[] (a compare's two sides, a check's or a size's selectors, each once) all left out the same
 * points of as many, else NULL; a new string. They then say it once, of all: the same words after
 * each read as so many gaps. The caller says each pick without its points (left_out 0). */
char *finding_picks_points_said(const struct pick *p, int n);
#endif
