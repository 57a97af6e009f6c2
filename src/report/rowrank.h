/* rowrank.h — how fast a row is, for the console's tables that show only the fastest (the best rows
 * of each variant, the speed of light of each): one ranking, so the two tables show the same ones. */
#ifndef ROWRANK_H
#define ROWRANK_H
#include "store/rundir.h"

/* The console's tables of one line a variant hold at most this many (the fastest first) where a run
 * has more: a search of sgemm measures hundreds of configurations, a sweep thousands, and a table
 * the terminal scrolls away reads as nothing. report.md keeps them all. */
enum { ROWRANK_CONSOLE_MAX = 25 };

/* rowrank: row i's speed: GFLOP/s, else GB/s, else the inverse of its median time (higher is
 * faster in each; 0: none). */
double rowrank(const struct rundir *r, int i);

/* rowrank_order: the order of rows[0..n) fastest first, as positions in rows (order[k]: the k-th
 * fastest's), the caller freeing it: the highest rowrank first, ties to the lower row, so both tables
 * cut the same rows in the same order every time; a row of -1 (none) ranks 0. Each speed is taken
 * once, and the sort reads only what it was given. */
int *rowrank_order(const struct rundir *r, const int *rows, int n);
#endif
