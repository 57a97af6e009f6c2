/* race.h — a search over a large space of configurations that races them on verdicts (issue 46): a
 * seeded, spread-out sample measured one round each; an incumbent, the fastest so far; further
 * rounds only for configurations not yet decided SLOWER than it; the neighbours of the survivors
 * explored; a budget of device seconds. Every measurement is logged in order, and the search is a
 * function of its seed and of what it measured, so a stopped search replays its log and goes on.
 * The measuring is the caller's: one round of one configuration at a time (race_measure). */
#ifndef RACE_H
#define RACE_H
#include "report/verdict.h"
#include <stdint.h>

struct race;

/* The space: configurations 0..n-1, each placed along ndims parameters: configuration i has the
 * value of index coord[i * ndims + d] along parameter d. Two configurations are neighbours when
 * they differ along one parameter by one step of its values. */
struct race_space {
    int n, ndims;
    const int *coord;
    /* group[i]: which build configuration i runs (those of one variant and build share it, built
     * once, at the first measured); NULL: each its own. A build is dear, so none is started that
     * the budget left could not pay for (at the dearest build's cost so far): the search races
     * the configurations already built instead. */
    const int *group;
};

/* What a search may spend and how it decides; a field left 0 takes the default in brackets. */
struct race_opts {
    uint64_t seed;
    double budget_s;            /* device seconds: no measurement starts once they are spent, and
                                 * no build that they would not pay for */
    double budget_share;        /* > 0: the budget is this share of the sweep's device seconds as the
                                 * rounds estimate them (race.c's estimate_budget; budget_s unused) */
    int sweep_rounds;           /* the rounds a sweep's row is worth, for that estimate [10] */
    int initial;                /* the first sample's size [the space's 1/64th, within 16..256] */
    int max_rounds;             /* rounds of one configuration at most [10]; doubled while contenders
                                 * are not decided at it (RACE_ROUNDS_LIMIT) */
    /* A --budget P% priced as the clx before the sweep's builds were priced once a variant and build
     * did: a build at every configuration at the mean over first rounds, the search's very first
     * round one of the first rounds (no once). Only to resume a search such a clx stopped: its log
     * was made under that budget, which the pricing since would cut short or send elsewhere. */
    int price_older;
    double prior_noise;         /* a round's relative scatter before a configuration's rounds show
                                 * their own (the verdict's floor needs one from the first round) [0.02] */
    struct verdict_rule rule;   /* alpha and min_effect, as clx compare's [0.01, 0.01] */
    /* Called after each step measured (not replayed) is logged, with the race as it stands: a
     * caller writes its log as the search goes, so that a stop of any kind loses no round. */
    void (*logged)(void *arg, const struct race *r);
    /* Called before each measurement (not replayed) with the configurations the pass measures
     * after it, in order (none for the best's confirming rounds): a caller may build them ahead
     * (NULL: none). */
    void (*ahead)(void *arg, const int *next, int n);
};
#define RACE_MAX_ROUNDS 10
/* Contenders still not decided at the cap when nothing else is left to measure, some more than the
 * verdict's min_effect from the incumbent (their noise alone keeps them open), take more rounds:
 * the cap doubles, up to this (a row keeps ROUNDS_KEPT, 64). PoCL's quick sgemm search (6
 * configurations) ended on 2 contenders not decided in 10 rounds with 0.38 of 30 s spent. */
#define RACE_ROUNDS_LIMIT 40
/* The best's confirming rounds past the budget (a best of fewer than 3 rounds) take this share of
 * the budget at most, at what its last round cost; none where it is the one configuration measured
 * (nothing to confirm it against). PoCL's full-size sgemm: 35 s a round, budget 30 s: a second
 * round of its one configuration took the search to 66 s. */
#define RACE_CONFIRM_SHARE 0.25
#define RACE_BUDGET_FROM 16
/* A --budget P%'s estimate of the sweep prices a sweep's later rounds once this many later rounds are
 * in the log (the first sample is first rounds alone): before, every round at a first round's cost,
 * which on PoCL's sgemm said 26 s for a sweep of 11 s (a first round carries the warm-ups, the
 * set-up and the driver's compile at the first launch, which a sweep pays once a configuration). */
#define RACE_LATER_FROM 4
#define RACE_PRIOR_NOISE 0.02
/* A configuration this many noise floors slower than the incumbent is decided SLOWER without the
 * rank test (which needs 4-5 rounds a side to reach p < 0.01): a 2x slower tile after one round. */
#define RACE_HOPELESS_FLOORS 2.0

/* One measurement: one round of a configuration, its median time and the device seconds it took
 * (its build with the first: build_s of them); ok 0: the configuration failed (it is never
 * measured again). */
struct race_step { int config; double median_ms, cost_s, build_s; int ok; };

/* race_measure: one round of configuration `config`: 0 with *median_ms, *cost_s and *build_s (the
 * part of the cost that was its build); -1 when it failed (the costs still counted); -2 to stop
 * the search here (a signal: what was logged resumes). */
typedef int (*race_measure)(void *arg, int config, double *median_ms, double *cost_s, double *build_s);

enum race_status { RACE_UNSEEN, RACE_ALIVE, RACE_SLOWER, RACE_FAILED };
enum race_end { RACE_BUDGET, RACE_DECIDED, RACE_STOPPED };

struct race {
    int n;
    unsigned char *status;      /* [config]: enum race_status */
    int *nrounds;               /* [config]: rounds measured */
    double **rounds;            /* [config]: their medians (allocated at the first) */
    int *slower_at;             /* [config]: the log's length when it was decided SLOWER (-1: never, or the
                                 * decision taken back since) */
    int withdrawn;              /* decisions taken back: the rounds measured after them did not bear them out */
    int incumbent;              /* the fastest configuration measured (-1: none yet) */
    double spent_s;
    struct race_step *log;      /* every measurement, in order */
    double *best_ms;            /* [step]: the incumbent's time after it (the trajectory) */
    int *best_at;               /* [step]: the incumbent after it (-1: none yet) */
    int nlog, caplog;
    int measured;               /* configurations measured at least once */
    int unbuilt;                /* configurations left unmeasured: their build would have overrun the budget */
    double budget_s;            /* the budget: given, or worked out from budget_share (INFINITY until then) */
    double sweep_estimate_s;    /* budget_share's estimate of the sweep (0: none made) */
    int sweep_firsts, sweep_laters; /* the first rounds and later rounds it was made of (laters under
                                 * RACE_LATER_FROM: every round priced at a first round's cost) */
    int sweep_builds, sweep_built;  /* the space's builds it priced (a variant and build's configurations
                                 * share one), and the builds made that priced them */
    double sweep_first_once;    /* > 0: the search's very first round (its build aside), dearer than the
                                 * others' mean, priced once (it carries the process's one-offs) */
    double sweep_later_ratio;   /* what it priced a later round at, as a share of its first (1: none known) */
    int sweep_priced_older;     /* priced as race_opts' price_older says: sweep_builds is the space's size */
    int confirm_rounds;         /* rounds past the budget that confirmed the best, and their seconds */
    double confirm_s;
    int confirm_alone;          /* the best wanted confirming, but it was the one configuration measured */
    double confirm_dear;        /* > 0: it wanted confirming, but a round of it (these seconds) would have
                                 * taken the confirming past RACE_CONFIRM_SHARE of the budget */
    int max_rounds;             /* the rounds cap as the race ended: opts' max_rounds, or doubled since
                                 * (RACE_ROUNDS_LIMIT at most) for contenders not decided at it */
    int open, open_close;       /* as it ended: contenders alive but the incumbent, and of them those
                                 * within the verdict's min_effect of it (more rounds cannot decide those) */
    enum race_end end;
    /* What its decisions read (race_se, race_floor): the rule and its z(alpha), and a round's relative
     * scatter as the rounds so far show it (race_decide.c's learn_noise; the prior's before). */
    struct verdict_rule rule;
    double z, noise;
};

/* race_run: the search over sp with o, measuring with m(arg, ...); the first nreplay steps come from
 * replay (a stopped search's log) instead of m, and must be what this search asks for (else -1 and
 * *err: another seed, space or budget). 0 (r filled; r->end says why it ended), or -1 and *err. */
int race_run(const struct race_space *sp, const struct race_opts *o, const struct race_step *replay, int nreplay,
             race_measure m, void *arg, struct race *r, char **err);
/* race_median: configuration i's time so far, the median of its rounds (NAN: none). */
double race_median(const struct race *r, int i);
/* race_se: the relative standard error of race_median(r, i) as the race decides by it: that of the
 * median of its rounds (verdict_median_se) from LEARN_ROUNDS (3) rounds on, never under half what
 * r->noise gives them; before, what r->noise gives them (a guess, not its rounds'). A row's time_se is
 * another estimator (the rounds' standard deviation) and may differ several-fold (PoCL: 2.4% against
 * 0.2% for 40 rounds with a few far off): what is said beside a decision is this. */
double race_se(const struct race *r, int i);
/* race_floor: the least relative difference of configuration i's time from inc's that the race
 * decides SLOWER beyond: the rule's min_effect, or z(alpha) x their race_se combined. */
double race_floor(const struct race *r, int inc, int i);
/* race_sweep_price: a --budget P%'s estimate of the sweep of n configurations in `builds` builds
 * (race.c): each build made once at build_mean, each row worth `rounds` rounds, the first at
 * first_mean (its build aside) and the later ones at ratio times it; and once, what the very first
 * round (`once`) cost above first_mean. */
double race_sweep_price(long n, long builds, int rounds, double build_mean, double first_mean, double ratio, double once);
void race_free(struct race *r);
#endif
