/* estimate.h — a sweep's size said before it starts, and how long it will take once its first
 * rounds have run: on stdout always (a log keeps it; the terminal's status line is not in a log),
 * with --quick suggested where a CPU device would take more than a few minutes. */
#ifndef ESTIMATE_H
#define ESTIMATE_H

/* Past this many seconds left, a CPU device's sweep suggests --quick. */
#define ESTIMATE_QUICK_HINT_S 180

struct estimate {
    long configs;                /* configurations this sweep times */
    int rounds;                  /* rounds each (--rounds) */
    int cpu, quick;              /* a CPU device; the run is --quick already */
    double t0;                   /* the sweep's start */
    long firsts, laters;         /* visits so far: first rounds, later rounds */
    double first_s, later_s;     /* their seconds */
    int said;                    /* the estimate has been printed */
    const char *experiment;
};

/* estimate_begin: says the sweep's size ("N configurations to time, R rounds each ..."); from now
 * the visits count. */
void estimate_begin(struct estimate *e, long configs, int rounds, int cpu, int quick, const char *experiment);
/* estimate_visit: one visit done (its first round when first) in seconds; prints the estimate once
 * there is enough to go on: 5 s into the sweep, or every configuration's first round done, with a
 * later round seen (unless there is one round each). */
void estimate_visit(struct estimate *e, int first, double seconds);
/* estimate_left_s: the seconds the sweep still needs at the pace of its visits so far (the rounds
 * added for episodes or --target-se not counted); -1 when nothing is known yet. */
double estimate_left_s(const struct estimate *e);
#endif
