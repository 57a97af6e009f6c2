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
/* A point whose trials' CV passes this is noise, not a step: it opens no level, and a level it
 * cuts in two is one (PoCL's 4 KiB point at a CV of 28% moved its levels' numbering off Intel's
 * on the same chip). */
#define LEVELS_NOISY_CV 0.20

/* levels_find: the plateaus of the curve bytes[i] -> ns[i], i < n, footprints ascending: runs of
 * consecutive points taken greedily from the smallest footprint, each as long as its latencies stay
 * within tol of its lowest; runs shorter than min_points are transitions between levels (a point
 * half in one level, half in the next), not levels; a run that follows the last level with no point
 * between, or only noisy ones, and whose median lies within tol of that level's joins it (a noisy
 * point cut it). A noisy point (cv[i] > LEVELS_NOISY_CV; cv NULL: none is) opens no run. Points
 * whose latency is not a positive number (a failed footprint) end a run. Writes at most max levels
 * to out; returns how many. Pure. */
int levels_find(const double *bytes, const double *ns, const double *cv, int n, double tol, int min_points,
                struct level *out, int max);
/* levels_at: the index of the level a footprint of bytes falls in, or -1: the level that starts at
 * or below it and either reaches the curve's end (the last, open level) or ends no further than
 * half below it (its capacity lies between its last footprint and the next, where latency is still
 * rising: a read at up to twice its last footprint is taken as its, short of the next footprint,
 * which the chase shows beyond it), and before the next level. */
int levels_at(const struct level *lv, int n, double bytes);
/* levels_memory: memory's level among the n levels lv of a chase that went past a last-level cache
 * of llc bytes (the size the device or clx's tables report): the first level that starts past llc;
 * else the last level where it starts at or below llc and goes on past it to the curve's end: the
 * chase shows no level of its own at the reported size, whose latency there is memory's (a PoCL
 * VM's 32 MiB "cache" at 156 ns, as past it). -1: none (llc unknown, the curve stops at or short of it, or the level that
 * holds the reported size is followed by slower points: a cache larger than reported). */
int levels_memory(const struct level *lv, int n, double llc);
/* levels_cache_bytes: the cache size a buffer must fit to be in a cache, as the chase shows it:
 * where memory's level (lv[mem], levels_memory's) starts at or below the reported llc, the largest
 * footprint measured before it (bytes[], the curve's; 0 where it is the first: nothing is faster
 * than memory), else llc. */
double levels_cache_bytes(const double *bytes, const struct level *lv, int mem, double llc);
/* levels_footprints: the footprints of a latency curve: first, 1.5 x first, 2 x first, 3 x first,
 * ... (a point near the middle of each doubling on a log scale, so a knee between two doublings
 * is placed to half of one), up to the first one at or above top, at most max of them into out;
 * returns how many. */
int levels_footprints(double first, double top, double *out, int max);
#endif
