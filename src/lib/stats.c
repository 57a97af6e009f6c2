/* stats.c — summary statistics (min, max, quartiles, median, mean, sample stddev, cv) of trial times. */
#include "stats.h"
#include "util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* quantile: the p-quantile of sorted c[0..n-1], interpolated linearly between the order
 * statistics around position p(n-1) (R's and numpy's default), so the median is the usual one. */
static double quantile(const double *c, int n, double p)
{
    double pos = p * (n - 1);
    int lo = (int)floor(pos);
    if (lo >= n - 1) return c[n - 1];
    return c[lo] + (pos - lo) * (c[lo + 1] - c[lo]);
}

/* order_stats: sorts a copy (the caller's order is kept) for the median and the quartiles. */
static void order_stats(const double *x, int n, struct stats *s)
{
    double *c = xmalloc(sizeof *c * (size_t)n);
    memcpy(c, x, sizeof *c * (size_t)n);
    qsort(c, (size_t)n, sizeof *c, cmp_double);
    s->q1 = quantile(c, n, 0.25);
    s->median = quantile(c, n, 0.5);
    s->q3 = quantile(c, n, 0.75);
    free(c);
}

/* mean: sum/n, then one correction pass that removes most of the rounding error of the sum. */
static double mean(const double *x, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    double m = s / n, c = 0;
    for (int i = 0; i < n; i++) c += x[i] - m;
    return m + c / n;
}

/* sample_stddev: two-pass (corrected) so a large common offset does not cancel the spread away. */
static double sample_stddev(const double *x, int n, double m)
{
    if (n < 2) return 0;
    double ss = 0, sd = 0;
    for (int i = 0; i < n; i++) {
        double d = x[i] - m;
        ss += d * d;
        sd += d;
    }
    double var = (ss - sd * sd / n) / (n - 1);
    return var > 0 ? sqrt(var) : 0;
}

void stats_compute(const double *x, int n, struct stats *s)
{
    memset(s, 0, sizeof *s);
    if (n <= 0) return;
    s->n = n;
    s->min = s->max = x[0];
    for (int i = 1; i < n; i++) {
        if (x[i] < s->min) s->min = x[i];
        if (x[i] > s->max) s->max = x[i];
    }
    order_stats(x, n, s);
    s->mean = mean(x, n);
    s->stddev = sample_stddev(x, n, s->mean);
    s->cv = s->mean != 0 ? s->stddev / s->mean : 0;
}

double stats_cv(const double *x, int n)
{
    if (n < 2) return 0;
    double m = mean(x, n);
    return m != 0 ? sample_stddev(x, n, m) / m : 0;
}

double stats_median(const double *x, int n)
{
    if (n <= 0) return 0;
    struct stats s;
    order_stats(x, n, &s);
    return s.median;
}
