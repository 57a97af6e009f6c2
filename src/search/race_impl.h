/* race_impl.h — what the parts of the racing search share (race.c, race_decide.c): the search's state
 * as it goes, and what its rounds decide. Not for callers: race.h is the interface. */
#ifndef RACE_IMPL_H
#define RACE_IMPL_H
#include "race.h"
#include "basins.h"
#include "neighbours.h"

/* A configuration's rounds before its own scatter counts (race_se, learn_noise), and before a best
 * is taken as confirmed (race.c's confirm). */
#define LEARN_ROUNDS 3

struct pass;

struct ctx {
    const struct race_space *sp;
    struct race_opts o;
    const struct race_step *replay;
    int nreplay;
    race_measure m;
    void *arg;
    struct race *r;
    char **err;
    int confirming;             /* past the budget, the best's confirming rounds (race_run's end) */
    /* What budget_share's estimate of the sweep is made of (race.c's estimate_budget): */
    int builds, ngroups;        /* steps that made a build (a group's first), and the space's builds */
    double built_s;             /* those builds' seconds */
    double first_built_s;       /* the build seconds of the steps that were a configuration's first (price_older's) */
    double first_once;          /* the search's very first round, less its build (priced once) */
    int firsts;                 /* the other steps that were a configuration's first */
    double first_s;             /* their seconds less the build */
    double *first_round;        /* [config]: its first round's seconds less its build (0: none yet) */
    int laters;                 /* later rounds of configurations whose first round took any: */
    double later_s;             /* their seconds, */
    double later_first_s;       /* and each one's own first round's (their ratio prices a sweep's later rounds) */
    int *seen, nseen;           /* the configurations measured, in the order first measured */
    unsigned char *built;       /* [group]: a configuration of it is in the log (its build made) */
    unsigned char *too_dear;    /* [config]: passed over, its build or round dearer than the budget left */
    double build_max;           /* the dearest build in the log */
    double *last_round;         /* [config]: its last round's seconds, less a build (0: none yet) */
    double first_max;           /* the dearest first round in the log, less its build */
    int rounds_refused;         /* a round was not started: the budget left would not pay for it */
    const int *next;            /* the pass's configurations after the one measured now (o.ahead's) */
    int nnext;
    int *perm, drawn;           /* a shuffle of the space, drawn from in order (random batches) */
    unsigned char *queued;      /* [config]: in this pass's list already */
    struct neighbours nb;       /* the places around a configuration */
    struct pass *explored;      /* the pass the neighbours join (take_unseen's) */
    struct basins basins;       /* far_climb's starts so far */
};

/* What the rounds decide (race_decide.c). race_learn_noise: c->noise from the rounds so far.
 * race_decided_slower: configuration i SLOWER than the incumbent inc by the verdict rule.
 * race_pick_incumbent: the fastest alive. race_withdraw: the decisions the rounds since do not bear
 * out taken back, the incumbent picked again; how many. race_more_rounds: when a pass comes out
 * empty with contenders left at the cap, the cap doubled (1) or not (0: none of them lies more than
 * min_effect from the incumbent, so more rounds cannot decide them, or the cap is at
 * RACE_ROUNDS_LIMIT). race_open_said: r->open and r->open_close, as the race ends. */
void race_learn_noise(struct ctx *c);
int race_decided_slower(const struct ctx *c, int inc, int i);
void race_pick_incumbent(struct ctx *c);
int race_withdraw(struct ctx *c);
int race_more_rounds(struct ctx *c);
void race_open_said(struct ctx *c);
#endif
