/* verdict.h — whether one configuration's time differs between two sets of replicates (each
 * round's median, or each trial where there was one round): SAME, FASTER, SLOWER or UNSURE, from
 * a rank test, a practical threshold and the noise floor the replicates themselves show
 * (docs/compare.md, "Verdicts"). */
#ifndef VERDICT_H
#define VERDICT_H

enum speed_verdict { VERDICT_SAME, VERDICT_FASTER, VERDICT_SLOWER, VERDICT_UNSURE };

/* alpha: the rank test's significance level (--alpha, default 0.01); min_effect: the smallest
 * difference worth a verdict, as a share of the time (--min-effect, default 0.01); a noise floor
 * of SAME_MAX_FLOORS x min_effect and more leaves nothing but UNSURE. */
struct verdict_rule { double alpha, min_effect; };
#define VERDICT_ALPHA 0.01
#define VERDICT_MIN_EFFECT 0.01
#define SAME_MAX_FLOORS 5

struct verdict_result {
    enum speed_verdict v;
    double ratio;        /* median of b over median of a: above 1, b is slower */
    double p;            /* the two-sided Mann-Whitney p of a against b */
    double floor;        /* the noise floor: differences (as a share) below it cannot be decided */
    double se;           /* the relative standard error of the ratio the floor came from */
    int borrowed;        /* one replicate against VERDICT_BORROW_LEAST and more: the floor is the many's scatter */
};
/* One replicate against this many and more: the one borrows their scatter (verdict_decide). */
#define VERDICT_BORROW_LEAST 5

/* verdict_decide: b's replicates against a's (each round's median; with one round, each trial;
 * times in any unit, n >= 1 each). The rounds, not the trials within them, are the replicates: the
 * trials of a round share its moment of the device, and a verdict built on them claims differences
 * the next run does not repeat. extra_noise: a relative standard error to add to what the
 * replicates show (run-to-run noise known from elsewhere; 0 for none). FASTER or SLOWER: the
 * difference is at least min_effect, beyond the noise floor (z(alpha) x the combined standard
 * error of the two medians), and the rank test's p is below alpha (5 rounds against 5: every round
 * of one side beyond every round of the other, p = 0.0079). SAME: otherwise, when the difference
 * is within the larger of min_effect and the floor, and the floor is under SAME_MAX_FLOORS x
 * min_effect. UNSURE: everything else. One replicate against VERDICT_BORROW_LEAST and more (a
 * search's configuration dropped after one round, against its best's ten): no rank test reaches
 * alpha (1 against 10: p >= 0.18), so the one takes the many's scatter a replicate (never under
 * half min_effect), and FASTER or SLOWER asks twice the floor and the one beyond every one of the
 * many; `borrowed` says so. */
void verdict_decide(const struct verdict_rule *rule, const double *a, int na, const double *b, int nb,
                    double extra_noise, struct verdict_result *out);
/* verdict_decide_paired: the same where a[k] and b[k] ran at the same moment (round k of two
 * configurations of one block of one run, interleaved): the noise floor is then that of the
 * rounds' ratios b[k] / a[k], in which whatever the device did to both rounds cancels; n each. */
void verdict_decide_paired(const struct verdict_rule *rule, const double *a, const double *b, int n,
                           struct verdict_result *out);
/* One round far out: an UNSURE verdict whose floor one replicate makes, its floor without it under
 * 1/VERDICT_FAR_FLOORS of the floor with it (a round of 5.2 ms among rounds of 0.18 ms gave a floor
 * of 402150%). The rule keeps that floor (the range is in a median's error so that rounds in two
 * modes widen it: docs/compare.md), so the verdict stays UNSURE; what made it is said instead. */
#define VERDICT_FAR_FLOORS 10
struct verdict_far {
    int set;                     /* 0: the replicate is a's, 1: b's */
    int index;                   /* its place in that set */
    double floor_without;        /* the floor the verdict would have without it (of the pair, where paired) */
};
/* The replicates a verdict was decided on: a's against b's, with verdict_decide's extra_noise, or
 * (paired) by verdict_decide_paired, na == nb. */
struct verdict_sets { const double *a; int na; const double *b; int nb; double extra_noise; int paired; };
/* verdict_far_round: for verdict v (UNSURE) of x, whether one replicate makes its floor: of each set
 * of 3 or more, the one farthest from the set's median (by the log of their ratio), left out
 * (paired: its round of both, said as the set's whose round there lies farther from its own
 * median); the one whose leaving out gives the smaller floor, where that is under v's floor /
 * VERDICT_FAR_FLOORS. 1 and *far, else 0. */
int verdict_far_round(const struct verdict_rule *rule, const struct verdict_sets *x, const struct verdict_result *v,
                      struct verdict_far *far);
/* verdict_name: "SAME", "FASTER", "SLOWER", "UNSURE". */
const char *verdict_name(enum speed_verdict v);
/* verdict_mann_whitney: the two-sided p of the Mann-Whitney U test of a against b: exact (ties
 * counted half, then rounded against significance) up to 30 replicates a side, else the normal
 * approximation with the tie and continuity corrections. */
double verdict_mann_whitney(const double *a, int na, const double *b, int nb);
/* verdict_median_se: the standard error of the median of x, as a share of it: 1.2533 x a robust
 * standard deviation (the larger of 1.4826 x the median absolute deviation and the range over its
 * expected multiple) over sqrt(n). Infinite for n < 2. */
double verdict_median_se(const double *x, int n);
/* verdict_z: the standard normal quantile z with P(|Z| > z) = alpha. */
double verdict_z(double alpha);
#endif
