/* shorth.h — the spread of a set that the part of it that moved cannot inflate: the values that lie
 * closest together (the shortest half, "shorth", the location of Rousseeuw's least median of
 * squares, and its majority, least trimmed squares' n / 2 + 1) of values that each carry their own
 * standard error, then the standard deviation of those that agree with them (one reweighting step,
 * Rousseeuw and Leroy's). A median's distance from the values (the MAD) is no such spread where half
 * of them moved: half of a sweep's configurations 2x slower put the median between the two halves,
 * and every value half the move from it. */
#ifndef SHORTH_H
#define SHORTH_H

/* shorth_sd: for x[0..n) with standard errors se[0..n) (all > 0; NULL: all 1), the s that makes
 * (x_i - m) / se_i look like draws of N(0, s^2), from the values that agree. Where n is even and its
 * closest n / 2 values and the other n / 2 are each tight and lie apart (every value farther than
 * SHORTH_GAP of their pooled deviation from the other half's mean), exactly half moved: s is the two
 * halves' pooled deviation, m the closer half's mean (which half moved, the values cannot say).
 * Otherwise the majority (the n / 2 + 1 values closest together, in their own errors) gives a first
 * s, its deviation scaled to the whole's, and m, its mean; then the values within SHORTH_CLIP s se_i
 * of m give m (their mean, weighted by 1 / se_i^2) and s (their deviation about it, in their own
 * errors, corrected for the clip and for few values). On normal draws the median is their deviation
 * within 3% from 8 values up (tests/unit/test_shorth.c). With fewer than half moved by 20
 * deviations or more, the others' spread (8 values, 3 moved: median 1.16, p90 1.75, true 1); by 8
 * or more at 12 and 16 values with 3 moved. Moves of 4-8 deviations at 8 values, or with n / 2 - 1
 * moved, lie within the others' reach often enough that the p90 is 2.9-3.9x (the MAD's 3.1-4.8x; at
 * 8 values, 3 moved by 6-8, the MAD's p90 is about 0.3 lower, its median 1 higher): the table in
 * docs/compare.md, from SCAN=1 build/tests/test_shorth. *centre (NULL: not wanted): m. NAN for n < 3. */
double shorth_sd(const double *x, const double *se, int n, double *centre);
/* Values within this many s (in their own errors) of the majority's mean agree with it: a normal
 * value lies farther once in 40 (the square root of chi-square(1)'s 0.975 point). */
#define SHORTH_CLIP 2.24
/* Two halves each tighter than this many of their pooled deviations from the other's mean are sets of
 * their own: nothing moved, 8 normal values are such once in 110, 12 values once in 800; half of 8
 * moved 6 deviations away, 7 times in 10, 8 away, 19 in 20. */
#define SHORTH_GAP 4.0
/* shorth_scale: the shortest half alone: the least r such that some m lies within r se_i of (n + 1) / 2 of
 * the x_i (the shortest half, measured in each value's own errors), times shorth_factor(n); *centre
 * that m. The half not counted may lie anywhere; where exactly half moved, the other half is all of
 * what is counted, its widest values with it, and r is that half's range (over 400 normal values,
 * 4x their deviation): shorth_sd does not use it as a scale. NAN for n < 3. */
double shorth_scale(const double *x, const double *se, int n, double *centre);
/* shorth_factor: what makes shorth_scale's median over draws of n normal values their standard
 * deviation: 1.4826 (a normal's central half spans 1/1.4826 of a deviation either way) where n is
 * large; more for few values, whose shortest half is the shortest of several, and whose half is a
 * smaller share of them where n is even (8 values: 3.46). NAN for n < 3. */
double shorth_factor(int n);
#endif
