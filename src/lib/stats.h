/* stats.h — summary statistics of a set of trial times. */
#ifndef STATS_H
#define STATS_H

struct stats {
    int n;
    double min, max, median, mean, stddev, cv;  /* stddev is the sample (n-1) one; cv = stddev/mean */
    double q1, q3;                              /* quartiles (linear between order statistics) */
};

/* stats_compute: fills s from x[0..n-1] (x is not modified); all zero when n == 0. */
void stats_compute(const double *x, int n, struct stats *s);
/* stats_median: the median of x[0..n-1] (x is not modified; 0 when n == 0). */
double stats_median(const double *x, int n);
/* stats_cv: the coefficient of variation of x[0..n-1] (0 when n < 2 or the mean is 0). */
double stats_cv(const double *x, int n);
#endif
