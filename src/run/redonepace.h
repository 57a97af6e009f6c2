/* redonepace.h — when a resume's rows measured again rewrite results.tsv (run_redone_flush): the first at
 * once, each next no sooner than REDONE_PACE times the last one's duration after it, nor REDONE_GAP_MIN_S. */
#ifndef REDONEPACE_H
#define REDONEPACE_H

/* REDONE_PACE: a rewrite of results.tsv that took c seconds is followed by the next no sooner than this
 * many times c after its end: rewriting is at most 1/REDONE_PACE of the resume's time. */
enum { REDONE_PACE = 50 };

/* REDONE_GAP_MIN_S: the least time between the end of a rewrite and the next, however cheap it was. The
 * pace bounds the time rewrites take, not what they write: each writes the whole file, fsynced, so on a
 * file system where that costs next to nothing (tmpfs: tens of microseconds; a disk's write cache) the
 * pace alone let every row measured again rewrite the file, a resume of N rows writing N times the file
 * (the 3.9 GB of a 2.7 MB file that the pace was made to end). With it a resume rewrites at most once a
 * second, and a kill -9 loses the rows measured again in the last second at most (their old rows stay). */
#define REDONE_GAP_MIN_S 1.0

/* The rewrites so far, zeroed before the first. */
struct redonepace {
    int rewrites;            /* how many were made (0: the next is the first, made at once) */
    double at, took;         /* the last one's start (now_seconds) and its duration, in seconds */
    double gap_s;            /* the least gap in its place, where > 0 (CLX_REDONE_GAP, a test's) */
};

/* redonepace_next: the time (now_seconds's clock) from which the next rewrite may come: -INFINITY
 * before the first; else the last one's end and REDONE_PACE times its duration, REDONE_GAP_MIN_S (or gap_s)
 * at least. */
double redonepace_next(const struct redonepace *p);
/* redonepace_due: whether the `pending` rows waiting are written now: never where none waits; always
 * where the sweep ends or stops (ending: none may stay behind); else once now reaches redonepace_next. */
int redonepace_due(const struct redonepace *p, int pending, int ending, double now);
/* redonepace_done: a rewrite that began at `at` and took `took` seconds was made: the next is paced on it. */
void redonepace_done(struct redonepace *p, double at, double took);

#endif
