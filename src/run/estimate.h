/* estimate.h — a sweep's size said before it starts, and how long it will take once its first
 * rounds have run: on stdout always (a log keeps it; the terminal's status line is not in a log),
 * with --quick suggested where a CPU device would take more than a few minutes. Each configuration
 * begun is priced by its own first round (a sweep's first configurations are often its small ones:
 * taylor's said a third of what it took when the large ones' later rounds were priced at the small
 * ones' pace); one not begun at the mean of the first rounds. The figure is revised as the sweep
 * goes, from the rounds its configurations take (--target-se and episodes add rounds to the planned
 * ones: known of each once its planned ones have run) and the pace of its visits: the status line
 * shows it, and a sweep that will take much longer than said says so once, in a line a log keeps too,
 * as does one that will take much less once every configuration has begun. */
#ifndef ESTIMATE_H
#define ESTIMATE_H

#include "measure/trials.h"

/* Past this many seconds left, a CPU device's sweep suggests --quick. */
#define ESTIMATE_QUICK_HINT_S 180
/* A sweep on a simulator longer than this is pointed at the sizes that suit it, --quick or not: a
 * quick vecsum on Oclgrind took 1.7 s a launch, 6 minutes. */
#define ESTIMATE_SIM_HINT_S 60
/* The revision is said once the sweep will take this many times the seconds first said, and at
 * least ESTIMATE_REVISE_S more: a sweep of seconds that takes twice as long is no news, but one said
 * 20 s that takes 100 s is (at 30 s, one said 10 s that took 35 s went unrevised). */
#define ESTIMATE_REVISE_FACTOR 2.0
#define ESTIMATE_REVISE_S 15.0
/* ...and once this many configurations have finished (one that took --max-rounds says little of
 * the others), unless the sweep has run that long already. */
#define ESTIMATE_REVISE_ROWS 3
/* A shorter figure is said once every configuration has begun (before, those not begun are priced at
 * the mean of the first ones, often a sweep's slowest: memcopy_ilp's low-occupancy copies said 49 s
 * for 31 s on an H200) and ESTIMATE_REVISE_ROWS have run their planned rounds (what --target-se and
 * episodes add is known of them: counting the planned 5 alone, memcopy_ilp's said 22 s for 30 s, its
 * rows taking 12.8 rounds on average), and the sweep will take at most 1/ESTIMATE_LOWER_FACTOR of the
 * figure said,
 * ESTIMATE_LOWER_S less at least. */
#define ESTIMATE_LOWER_FACTOR 1.3
#define ESTIMATE_LOWER_S 10.0

/* One configuration's part, kept by its caller beside it and updated by estimate_visit: what prices
 * its later rounds. Zeroed before its first visit. */
struct estimate_config {
    double first_s;              /* its first round's seconds */
    int visits;                  /* its visits so far */
    int known;                   /* the rounds it takes, known once its planned ones have run (with those an
                                  * episode or --target-se added); 0 before */
};

struct estimate {
    long configs;                /* configurations this sweep times */
    int rounds;                  /* rounds planned for each (--rounds) */
    double target_se;            /* --target-se (0: off), which adds rounds up to max_rounds */
    int max_rounds;              /* --max-rounds */
    int cpu, quick;              /* a CPU device; the run is --quick already */
    double t0;                   /* the sweep's start */
    long firsts, laters;         /* visits so far: first rounds, later rounds */
    double first_s, later_s;     /* their seconds */
    double ratio_later_s;        /* the later rounds' seconds (of configurations whose first round took any) */
    double ratio_first_s;        /* ... and each one's own first round's seconds: their ratio is estimate_later_ratio */
    double open_first_s;         /* the first rounds' seconds of the configurations begun and not finished */
    double open_first_visits;    /* ... each times its visits so far */
    long finished, finished_rounds;  /* configurations whose rounds are over, and the rounds they took */
    /* The configurations in flight whose rounds are known (estimate_config.known): how many, their
     * rounds, their first rounds' seconds, and those each times its rounds. Finished ones alone priced
     * the others low: one given more rounds finishes last (memcopy_ilp's on an H200, once every
     * configuration had begun: those finished had taken the planned 5, those in flight up to 20). */
    long known, known_rounds;
    double known_first_s, known_first_rounds;
    int said;                    /* the estimate has been printed */
    double said_s;               /* the sweep's seconds it said */
    double said_visit_s;         /* a visit's mean seconds when it was said */
    int revised;                 /* the longer figure has been printed */
    int lowered;                 /* the shorter figure has been printed (said_s is then that one) */
    double said_first_s;         /* the mean first round's seconds when the figure was said */
    const char *experiment;
    const char *sim;             /* the device is this simulator (simulator.h's name; NULL: a device): the
                                  * estimate's line points at the small sizes that suit it */
};

/* estimate_begin: says the sweep's size ("N configurations to time, R rounds each ..."); from now
 * the visits count. bo gives the planned rounds, --target-se and --max-rounds. */
void estimate_begin(struct estimate *e, long configs, const struct bench_opts *bo, int cpu, int quick,
                    const char *experiment);
/* estimate_visit: one visit of configuration c done in seconds (its first round when c has had no
 * visit), counted in c, which is to take rounds as its caller knows after the visit (the planned
 * ones, and those an episode or --target-se added; 0: none more, estimate_config_done follows);
 * prints the estimate once there is enough to go on: 5 s into the sweep, or every configuration's
 * first round done, with later rounds seen (ESTIMATE_LATERS, or all there are; none where there is
 * one round each); later, the revision (estimate_overrun_s) or the shorter figure
 * (estimate_underrun_s). */
void estimate_visit(struct estimate *e, struct estimate_config *c, double seconds, int rounds);
/* estimate_config_done: c's rounds are over, after its visits (more than planned where --target-se
 * or an episode added some); prints the revision when it is due. */
void estimate_config_done(struct estimate *e, const struct estimate_config *c);
/* estimate_rounds_each: the rounds a configuration takes: the mean of those known (the finished
 * ones', and those in flight past their planned rounds), the planned ones before any is known. */
double estimate_rounds_each(const struct estimate *e);
/* estimate_later_ratio: what a later round costs, as a share of its configuration's first round: the
 * later rounds' seconds so far over their own first rounds' (a mean of each one's ratio let one later
 * round of 0.2 ms held up by the host's load for 20 ms count 100x), 1 before any (a first round's
 * cost is an upper bound). */
double estimate_later_ratio(const struct estimate *e);
/* estimate_left_s: the seconds the sweep still needs: the rounds its configurations have left, to the
 * rounds known of each (estimate_config.known), else estimate_rounds_each, each begun one's later
 * rounds at estimate_later_ratio times its own first round, each not begun at the mean first round
 * and that ratio of it for its later rounds; -1 when
 * nothing is known yet, or the estimate was never begun (a tuning pass, a search, a later worker). */
double estimate_left_s(const struct estimate *e);
/* estimate_overrun_s: elapsed seconds into the sweep, the seconds it will take past the figure
 * first said, where that is worth a line (ESTIMATE_REVISE_FACTOR times it, ESTIMATE_REVISE_S more,
 * ESTIMATE_REVISE_ROWS finished or that long gone already); 0 otherwise, or when nothing was said
 * yet or the revision was said already. */
double estimate_overrun_s(const struct estimate *e, double elapsed);
/* estimate_underrun_s: the seconds the sweep will take less than the figure said, where that is worth
 * a line (every configuration begun, ESTIMATE_REVISE_ROWS of them, or all, with their rounds known,
 * at most 1/ESTIMATE_LOWER_FACTOR of it and ESTIMATE_LOWER_S less); 0 otherwise, or when nothing was
 * said, or a revision either way was said already. */
double estimate_underrun_s(const struct estimate *e, double elapsed);
#endif
