/* shorth.h — the spread of a set that the half of it that moved cannot inflate: the shortest half
 * ("shorth", the location of Rousseeuw's least median of squares) of values that each carry their
 * own standard error, then the standard deviation of those that agree with it (one reweighting
 * step, Rousseeuw and Leroy's). A median's distance from the values (the MAD) is no such spread
 * where half of them moved: half of a sweep's configurations 2x slower put the median between the
 * two halves, and every value half the move from it. */
#ifndef SHORTH_H
#define SHORTH_H

/* shorth_sd: for x[0..n) with standard errors se[0..n) (all > 0; NULL: all 1), the s that makes
 * (x_i - m) / se_i look like draws of N(0, s^2), from the values that agree: m and a first s from
 * the shortest half (shorth_scale; where no other value lies within SHORTH_GAP of that half's own
 * deviation, the half is a set of its own, exactly half of them moved, and its deviation is the
 * first s), then the values within SHORTH_CLIP s se_i of m, their mean (weighted by 1 / se_i^2) for
 * m and their standard deviation about it, in their own errors, corrected for the clip and for few
 * values (the median over normal draws is their deviation within 3% from 8 values up:
 * tests/unit/test_shorth.c). With fewer than half the values (rounded down) moved, by any amount,
 * the others' spread; with exactly half moved far, the tighter half's (which half moved, the values
 * cannot say). *centre (NULL: not wanted): m. NAN for n < 3. */
double shorth_sd(const double *x, const double *se, int n, double *centre);
/* Values within this many s (in their own errors) of the shortest half's centre agree with it: a
 * normal value lies farther once in 80. */
#define SHORTH_CLIP 2.5
/* A shortest half with no other value within this many of its own deviations is a set of its own:
 * 8 normal values give such a gap once in 12, 12 values once in 50, 24 values about never; half of
 * 8 moved 7 deviations away, 9 times in 10. */
#define SHORTH_GAP 4.0
/* shorth_scale: the first step: the least r such that some m lies within r se_i of (n + 1) / 2 of
 * the x_i (the shortest half, measured in each value's own errors), times shorth_factor(n); *centre
 * that m. The half not counted may lie anywhere; where exactly half moved, the other half is all of
 * what is counted, its widest values with it, and r is that half's range (over 400 normal values,
 * 4x their deviation): shorth_sd's step removes that. NAN for n < 3. */
double shorth_scale(const double *x, const double *se, int n, double *centre);
/* shorth_factor: what makes shorth_scale's median over draws of n normal values their standard
 * deviation: 1.4826 (a normal's central half spans 1/1.4826 of a deviation either way) where n is
 * large; more for few values, whose shortest half is the shortest of several, and whose half is a
 * smaller share of them where n is even (8 values: 3.46). NAN for n < 3. */
double shorth_factor(int n);
#endif
