/* par.h — a range of independent work split over the host's cores (input generation, host
 * references, host verification: each element on its own). */
#ifndef PAR_H
#define PAR_H
#include <stddef.h>

/* par_fn: does elements [lo, hi) as part k of the split; non-zero stops nothing but is returned. */
typedef int (*par_fn)(void *arg, int k, size_t lo, size_t hi);

/* par_threads: how many parts par_for would use for total elements, at least min_each per part
 * (1 on a one-core host or for small totals, at most 64). */
int par_threads(size_t total, size_t min_each);
/* par_for: runs fn over [0, total) in par_threads(total, min_each) parts, each on its own thread
 * (a thread that cannot be started: its part runs on the caller's). Returns the first part's
 * non-zero result in part order, else 0. */
int par_for(size_t total, size_t min_each, par_fn fn, void *arg);
#endif
