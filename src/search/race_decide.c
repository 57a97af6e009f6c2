/* race_decide.c — what the race's rounds decide (race_impl.h): each configuration's error and the
 * noise learned, SLOWER by the verdict rule, decisions taken back, the incumbent; and, where
 * contenders are left at the round cap, whether more rounds can decide them (the cap doubled). */
#include "race_impl.h"
#include "lib/stats.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

double race_median(const struct race *r, int i)
{
    return r->nrounds[i] ? stats_median(r->rounds[i], r->nrounds[i]) : NAN;
}

double race_se(const struct race *r, int i)
{
    int n = r->nrounds[i];
    double prior = r->noise * 1.2533 / sqrt(n);
    if (n < 3) return prior;
    double se = verdict_median_se(r->rounds[i], n);
    return se > prior / 2 ? se : prior / 2;
}

double race_floor(const struct race *r, int inc, int i)
{
    double sa = race_se(r, inc), sb = race_se(r, i);
    return fmax(r->rule.min_effect, r->z * sqrt(sa * sa + sb * sb));
}

/* learn_noise: a round's relative scatter, from the configurations with LEARN_ROUNDS rounds and more
 * (the median of theirs, once LEARN_FROM have them): what a device shows replaces the prior's guess
 * (an H200's rounds scatter by a few tenths of a percent, PoCL's by several percent), never under
 * LEARN_FLOOR. */
#define LEARN_FROM 5
#define LEARN_FLOOR 0.002
void race_learn_noise(struct ctx *c)
{
    struct race *r = c->r;
    double *x = xmalloc(sizeof *x * (size_t)(c->nseen ? c->nseen : 1));
    int n = 0;
    for (int k = 0; k < c->nseen; k++) {
        int i = c->seen[k];
        if (r->nrounds[i] >= LEARN_ROUNDS) x[n++] = verdict_median_se(r->rounds[i], r->nrounds[i]) * sqrt(r->nrounds[i]) / 1.2533;
    }
    if (n >= LEARN_FROM) {
        double m = stats_median(x, n);
        r->noise = m > LEARN_FLOOR ? m : LEARN_FLOOR;
    } else if (n > 0) {
        /* Too few to replace the prior, enough to widen it: a device noisier than the prior says
         * (PoCL's short copies: 8% between an incumbent's first three rounds) would otherwise have
         * its first rounds decide SLOWER what is only a round away from the best. */
        double m = c->o.prior_noise;
        for (int k = 0; k < n; k++) m = x[k] > m ? x[k] : m;
        r->noise = m;
    }
    free(x);
}

/* beyond_all: every round of configuration i slower than every round of the incumbent. */
static int beyond_all(const struct race *r, int inc, int i)
{
    double fastest = INFINITY, slowest = 0;
    for (int k = 0; k < r->nrounds[i]; k++) fastest = fmin(fastest, r->rounds[i][k]);
    for (int k = 0; k < r->nrounds[inc]; k++) slowest = fmax(slowest, r->rounds[inc][k]);
    return fastest > slowest;
}

/* decided_slower: whether configuration i is SLOWER than the incumbent by the verdict rule: beyond
 * min_effect and the noise floor (z(alpha) x the two times' combined error), and the rank test of
 * their rounds below alpha, or RACE_HOPELESS_FLOORS times past that margin. A configuration of fewer
 * than LEARN_ROUNDS rounds shows nothing of its own scatter, and no rank test decides on them: it is
 * decided only beyond every round of the incumbent too, as clx compare decides one round against
 * many (verdict.h: the one beyond every one of the many), so that a round of the incumbent's that
 * stood far off (PoCL: a 4x slow round among three 4% apart) keeps it from deciding. */
int race_decided_slower(const struct ctx *c, int inc, int i)
{
    const struct race *r = c->r;
    double ratio = race_median(r, i) / race_median(r, inc);
    double margin = race_floor(r, inc, i);
    if (!(ratio - 1 > margin)) return 0;
    if (r->nrounds[i] < LEARN_ROUNDS && !beyond_all(r, inc, i)) return 0;
    if (ratio - 1 > RACE_HOPELESS_FLOORS * margin) return 1;
    return r->nrounds[inc] >= 2 && r->nrounds[i] >= 2 &&
           verdict_mann_whitney(r->rounds[inc], r->nrounds[inc], r->rounds[i], r->nrounds[i]) < r->rule.alpha;
}

void race_pick_incumbent(struct ctx *c)
{
    struct race *r = c->r;
    double best = INFINITY;
    r->incumbent = -1;
    for (int k = 0; k < c->nseen; k++) {
        int i = c->seen[k];
        double t = r->status[i] == RACE_ALIVE ? race_median(r, i) : NAN;
        if (t < best) { best = t; r->incumbent = i; }
    }
}

/* withdraw: the decisions that the rounds measured since do not bear out, taken back: a decision
 * stands on the rounds known when it was made, and the incumbent's later rounds (or another
 * incumbent) may show more noise than those (on PoCL a tile decided 25% slower after one round,
 * against an incumbent of three rounds 4% apart, whose next round was 4x off). Each is raced again
 * (it is a contender once more: measured again while it has rounds left), and the incumbent is
 * picked again (one taken back may be faster than it now). How many were taken back. */
int race_withdraw(struct ctx *c)
{
    struct race *r = c->r;
    int inc = r->incumbent, n = 0;
    for (int k = 0; k < c->nseen && inc >= 0; k++) {
        int i = c->seen[k];
        if (r->status[i] != RACE_SLOWER || race_decided_slower(c, inc, i)) continue;
        r->status[i] = RACE_ALIVE;
        r->slower_at[i] = -1;
        r->withdrawn++;
        n++;
    }
    if (n) race_pick_incumbent(c);
    return n;
}


/* apart: configuration i's time lies more than min_effect from the incumbent's: a difference the
 * verdict decides, were the rounds' noise smaller (within it, more rounds cannot decide it SLOWER). */
static int apart(const struct ctx *c, int i)
{
    const struct race *r = c->r;
    return race_median(r, i) / race_median(r, r->incumbent) - 1 > c->o.rule.min_effect;
}

int race_more_rounds(struct ctx *c)
{
    struct race *r = c->r;
    int inc = r->incumbent, open = 0;
    if (inc < 0 || c->o.max_rounds >= RACE_ROUNDS_LIMIT) return 0;
    /* Only those at the cap: one passed over (its round dearer than the budget left) ends the race
     * as the budget's, and more rounds for the others would be no answer. */
    for (int k = 0; k < c->nseen; k++) {
        int i = c->seen[k];
        if (i == inc || r->status[i] != RACE_ALIVE || c->too_dear[i]) continue;
        if (r->nrounds[i] < c->o.max_rounds) return 0;
        open += apart(c, i);
    }
    if (!open) return 0;
    int cap = 2 * c->o.max_rounds < RACE_ROUNDS_LIMIT ? 2 * c->o.max_rounds : RACE_ROUNDS_LIMIT;
    for (int k = 0; k < c->nseen; k++)
        if (c->r->rounds[c->seen[k]])
            r->rounds[c->seen[k]] = xrealloc(r->rounds[c->seen[k]], sizeof **r->rounds * (size_t)cap);
    c->o.max_rounds = r->max_rounds = cap;
    return 1;
}

void race_open_said(struct ctx *c)
{
    struct race *r = c->r;
    r->open = r->open_close = 0;
    for (int k = 0; k < c->nseen && r->incumbent >= 0; k++) {
        int i = c->seen[k];
        if (i == r->incumbent || r->status[i] != RACE_ALIVE) continue;
        r->open++;
        r->open_close += !apart(c, i);
    }
}
