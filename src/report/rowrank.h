/* rowrank.h — how fast a row is, for the console's tables that show only the fastest (the best rows
 * of each variant, the speed of light of each): one ranking, so the two tables show the same ones. */
#ifndef ROWRANK_H
#define ROWRANK_H
#include "store/rundir.h"

/* The console's tables of one line a variant hold at most this many (the fastest first) where a run
 * has more: a search of sgemm measures hundreds of configurations, a sweep thousands, and a table
 * the terminal scrolls away reads as nothing. report.md keeps them all. */
enum { ROWRANK_CONSOLE_MAX = 25 };

/* rowrank_memory_bound: whether row i's work is memory-bound, so that its GB/s says how fast it is
 * and its GFLOP/s (vecsum's one flop per 12 bytes: 0.0 on every grid-stride row) does not: by the
 * roofline, its share of the bandwidth peak above its share of the FP32 peak where both are known
 * (pct_bw_peak, pct_fp32_peak), else fewer flops than bytes (gflops < gbs: under one flop a byte,
 * below every device's balance of FP32 peak to bandwidth). 0 where it lacks either rate. */
int rowrank_memory_bound(const struct rundir *r, int i);
/* rowrank: row i's speed: GB/s where its work is memory-bound (rowrank_memory_bound), else GFLOP/s,
 * else GB/s, else the inverse of its median time (higher is faster in each; 0: none). */
double rowrank(const struct rundir *r, int i);

/* rowrank_best: the fastest row of each group, -1 for none (an array of ng, the caller freeing it):
 * group[i] is row i's group in [0, ng), -1 for a row of none; only rows that ran and verified count.
 * The work may differ between a group's rows (a grid sized by the work-group, an intensity that grows
 * with a tile), so one measure decides for the whole group: the highest GB/s where a row of the group
 * is memory-bound (rowrank_memory_bound: vecsum's GFLOP/s says nothing of it), else the highest
 * GFLOP/s where the group's rows have it, else the highest GB/s, else the lowest median time; never
 * one row's GB/s against another's GFLOP/s, nor a rate against a time. The best rows' table and the
 * speed of light's table take their rows by it (the latter among the former's: rowrank_best_of_bests). */
int *rowrank_best(const struct rundir *r, const int *group, int ng);
/* rowrank_next: the runner-up of each group by the same measure (the fastest row after rowrank_best's),
 * -1 for a group of fewer than two such rows; an array of ng, the caller freeing it. A best whose
 * runner-up the rounds cannot tell from it is no winner (bestnear.h). */
int *rowrank_next(const struct rundir *r, const int *group, int ng);

/* rowrank_bests: the Best table's rows: rowrank_best of r's groups (variant, build and launch point
 * apart from local), an array of r->ngroups, the caller freeing it. */
int *rowrank_bests(const struct rundir *r);
/* rowrank_best_of_bests: the fastest of each coarser group (group[i] in [0, ng), -1 for none: a
 * variant and build across its launch points) by rowrank_best's rule, taken among the Best table's
 * rows only (bests: rowrank_bests'), so that a table of a line a variant and build names a row the
 * Best table names, and its mark (bestnear.h) is that row's; -1 for a group with none. An array of
 * ng, the caller freeing it. */
int *rowrank_best_of_bests(const struct rundir *r, const int *bests, const int *group, int ng);

/* The measure a set of rows was ranked by (rowrank_best's units, in its order). */
enum rowrank_by { ROWRANK_NONE, ROWRANK_TIME, ROWRANK_GBS, ROWRANK_GFLOPS, ROWRANK_GBS_MEMORY };
/* rowrank_best_of: the fastest of rows[0..n) by rowrank_best's rule, as one group (the highest GB/s
 * where one of them is memory-bound, else GFLOP/s, else GB/s, else the lowest median time), as a
 * position in rows; -1 where none has that measure. It takes the rows it is given, whatever their
 * status. *by (where by is not NULL): the measure. What a chart's "best" point shows: the row the Best
 * table takes, whatever column the chart draws (a mean time's bar and a GB/s bar of one variant were
 * local=256 and local=64). */
int rowrank_best_of(const struct rundir *r, const int *rows, int n, enum rowrank_by *by);
/* rowrank_by_said: "the highest GB/s", "the highest GFLOP/s", "the lowest median time" ("" for none). */
const char *rowrank_by_said(enum rowrank_by by);

/* rowrank_order: the order of rows[0..n) fastest first, as positions in rows (order[k]: the k-th
 * fastest's), the caller freeing it: the highest rowrank first, ties to the lower row, so both tables
 * cut the same rows in the same order every time; a row of -1 (none) ranks 0. Each speed is taken
 * once, and the sort reads only what it was given. */
int *rowrank_order(const struct rundir *r, const int *rows, int n);
#endif
