/* levels.h — the levels of a memory hierarchy found in a latency-versus-footprint curve: each
 * plateau of the curve (caches, then memory) with its latency and the footprint where it ends. */
#ifndef LEVELS_H
#define LEVELS_H

/* One plateau: the points first..last of the curve (indexes, in footprint order). */
struct level {
    int first, last;             /* its first and last point */
    double from_bytes, to_bytes; /* their footprints: the level holds at least to_bytes */
    double next_bytes;           /* the footprint after it (its size lies below); 0 when it reaches the curve's end */
    double ns;                   /* the median latency of its points */
    double min_ns, max_ns;
};

/* How flat a plateau is and how long: its points' latencies lie within tol of its lowest (max <=
 * min x (1 + tol)), and it has at least min_points of them. */
enum { LEVELS_MIN_POINTS = 3 };
#define LEVELS_TOL 0.10

/* levels_find: the plateaus of the curve bytes[i] -> ns[i], i < n, footprints ascending: runs of
 * consecutive points taken greedily from the smallest footprint, each as long as its latencies stay
 * within tol of its lowest; runs shorter than min_points are transitions between levels (a point
 * half in one level, half in the next), not levels; a run that follows the last level with no point
 * between and whose median lies within tol of that level's joins it (one noisy point cut it).
 * Points whose latency is not a positive number (a failed footprint) end a run. Writes at most max
 * levels to out; returns how many. Pure. */
int levels_find(const double *bytes, const double *ns, int n, double tol, int min_points, struct level *out, int max);
/* levels_at: the index of the level a footprint of bytes falls in, or -1: the level that starts at
 * or below it and either reaches the curve's end (the last, open level) or ends no further than
 * half below it (its capacity lies between its last footprint and the next, where latency is still
 * rising: a read at up to twice its last footprint is taken as its), and before the next level. */
int levels_at(const struct level *lv, int n, double bytes);
/* levels_footprints: the footprints of a latency curve: first, 1.5 x first, 2 x first, 3 x first,
 * ... (a point near the middle of each doubling on a log scale, so a knee between two doublings
 * is placed to half of one), up to the first one at or above top, at most max of them into out;
 * returns how many. */
int levels_footprints(double first, double top, double *out, int max);
#endif
