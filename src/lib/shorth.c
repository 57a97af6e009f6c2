/* shorth.c — the shortest half of values with their own errors, as a standard deviation (shorth.h). */
#include "shorth.h"
#include "util.h"
#include <math.h>
#include <stdlib.h>

/* The factor for n = 3 .. SMALL_N: 1 over the median, across 400000 draws of n standard normal
 * values, of their shortest half's half-width (computed once, outside clx; tests/unit/test_shorth.c
 * checks it on draws of its own). Odd and even n alternate: an odd n's half holds one value more
 * than half of them. */
#define SMALL_N 40
static const double small[SMALL_N + 1] = {
    [3] = 5.5560, 10.5855, 3.3774, 4.7200, 2.7703, 3.4624, 2.4851, 2.9289, 2.3139, 2.6405,
    2.1998, 2.4546, 2.1173, 2.3246, 2.0546, 2.2252, 2.0053, 2.1541, 1.9644, 2.0939,
    1.9312, 2.0477, 1.9034, 2.0066, 1.8780, 1.9715, 1.8566, 1.9420, 1.8388, 1.9176,
    1.8214, 1.8926, 1.8087, 1.8759, 1.7943, 1.8565, 1.7816, 1.8405,
};

double shorth_factor(int n)
{
    if (n < 3) return NAN;
    if (n <= SMALL_N) return small[n];
    /* Past the table: 1.4826 and a bias that fades as n^-0.76, fitted to such medians (within 0.3%
     * of them from n = 41 to 2048). */
    return 1.4826 * (1 + 3.96 * pow(n, -0.76)) * (n % 2 ? 1 - 1.38 / n : 1);
}

static int cmp_double(const void *p, const void *q)
{
    double a = *(const double *)p, b = *(const double *)q;
    return (a > b) - (a < b);
}

/* covered: whether some point lies within r se_i of h of the x_i (intervals closed: one that ends
 * where another starts holds that point with it); where so, such a point into *at. lo, hi: room for
 * n values each. */
static int covered(const double *x, const double *se, int n, int h, double r, double *lo, double *hi, double *at)
{
    for (int i = 0; i < n; i++) {
        double e = se ? se[i] : 1;
        lo[i] = x[i] - r * e;
        hi[i] = x[i] + r * e;
    }
    qsort(lo, (size_t)n, sizeof *lo, cmp_double);
    qsort(hi, (size_t)n, sizeof *hi, cmp_double);
    /* Sweep: each start opens an interval, each end past it closes one; starts first at a tie. */
    for (int i = 0, j = 0; i < n; i++) {
        while (j < n && hi[j] < lo[i]) j++;
        if (i + 1 - j >= h) { *at = lo[i]; return 1; }
    }
    return 0;
}

/* least_r: the least r such that some point lies within r se_i of h of the x_i; that point into *at. */
static double least_r(const double *x, const double *se, int n, int h, double *at)
{
    double *lo = xmalloc(sizeof *lo * (size_t)n), *hi = xmalloc(sizeof *hi * (size_t)n);
    double xmin = x[0], xmax = x[0], emin = se ? se[0] : 1;
    *at = x[0];
    for (int i = 1; i < n; i++) {
        xmin = fmin(xmin, x[i]);
        xmax = fmax(xmax, x[i]);
        if (se) emin = fmin(emin, se[i]);
    }
    /* At r_hi every interval holds every value: the least r lies in [0, r_hi]; halved to 1e-12 of it. */
    double r_lo = 0, r_hi = (xmax - xmin) / emin;
    if (covered(x, se, n, h, 0, lo, hi, at)) r_hi = 0;     /* h of them equal */
    else {
        covered(x, se, n, h, r_hi, lo, hi, at);
        for (int k = 0; k < 200 && r_hi - r_lo > 1e-12 * r_hi; k++) {
            double r = (r_lo + r_hi) / 2, m;
            if (covered(x, se, n, h, r, lo, hi, &m)) { r_hi = r; *at = m; }
            else r_lo = r;
        }
    }
    free(lo);
    free(hi);
    /* At the least r the h values' intervals meet at one point: the one found. */
    return r_hi;
}

double shorth_scale(const double *x, const double *se, int n, double *centre)
{
    if (n < 3) return NAN;
    double at, r = least_r(x, se, n, (n + 1) / 2, &at);
    if (centre) *centre = at;
    return r * shorth_factor(n);
}

/* A normal value's variance within SHORTH_CLIP (2.24) deviations of its mean is 0.8506 of its whole:
 * 1 / sqrt(0.8506) puts back what the clip takes. */
#define CLIP_FACTOR 1.0843

/* The majority's factor for n = 3 .. SMALL_N: 1 over the median, across 200000 draws of n standard
 * normal values, of the standard deviation of the n / 2 + 1 of them that lie closest together
 * (computed once, outside clx; tests/unit/test_shorth.c checks shorth_sd's median on draws of its
 * own). Those are about the central half, whose deviation is 0.378 of the whole; an even n's share is
 * a little over half, an odd n's more. */
static const double majority[SMALL_N + 1] = {
    [3] = 3.9330, 2.1013, 3.2106, 2.3337, 3.0416, 2.4505, 2.9534, 2.5085, 2.9086, 2.5477,
    2.8715, 2.5707, 2.8379, 2.5867, 2.8156, 2.5963, 2.7965, 2.6076, 2.7841, 2.6141,
    2.7726, 2.6163, 2.7627, 2.6197, 2.7516, 2.6197, 2.7451, 2.6225, 2.7364, 2.6223,
    2.7307, 2.6256, 2.7251, 2.6267, 2.7204, 2.6283, 2.7147, 2.6267,
};
/* What is left of the final deviation's median bias over such draws, after CLIP_FACTOR and
 * few_values (the clip's reach varies with the majority's deviation): 1 over its median. */
static const double final[SMALL_N + 1] = {
    [3] = 1.2486, 1.0999, 1.1164, 1.0783, 1.0850, 1.0658, 1.0689, 1.0579, 1.0613, 1.0512,
    1.0526, 1.0473, 1.0468, 1.0413, 1.0433, 1.0386, 1.0399, 1.0365, 1.0384, 1.0350,
    1.0354, 1.0327, 1.0328, 1.0307, 1.0313, 1.0290, 1.0298, 1.0279, 1.0277, 1.0266,
    1.0266, 1.0253, 1.0261, 1.0240, 1.0249, 1.0234, 1.0235, 1.0231,
};

/* Past the tables, fitted to such medians at 41 to 400 values (within 0.3%). */
static double majority_factor(int n)
{
    return n <= SMALL_N ? majority[n] : 2.63 * (n % 2 ? 1 + 1.25 / n : 1);
}

static double final_factor(int n)
{
    return n <= SMALL_N ? final[n] : 1 + 0.476 * pow(n, -0.82);
}

/* few_values: 1 over the median of a deviation from k normal values in units of the true one
 * (Wilson and Hilferty's chi-square median): 5 values' lies at 0.92. */
static double few_values(int k)
{
    return pow(1 - 2 / (9.0 * (k - 1)), -1.5);
}

/* mean_sd: the mean of the x_i that `in` admits (weighted by 1 / se_i^2) into *mean, and their
 * deviation about it in their own errors (n - 1); how many it admits. */
static int mean_sd(const double *x, const double *se, int n, const char *in, double *mean, double *sd)
{
    double sw = 0, swx = 0, ss = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        double e = se ? se[i] : 1;
        if (!in[i]) continue;
        sw += 1 / (e * e);
        swx += x[i] / (e * e);
        k++;
    }
    *mean = swx / sw;
    for (int i = 0; i < n; i++) {
        double z = (x[i] - *mean) / (se ? se[i] : 1);
        if (in[i]) ss += z * z;
    }
    *sd = k > 1 ? sqrt(ss / (k - 1)) : 0;
    return k;
}

/* two_sets: where n is even and its closest n / 2 values and the other n / 2 are each tight and lie
 * apart (every value of each farther than SHORTH_GAP of their pooled deviation from the other's
 * mean), their pooled deviation (n - 2), corrected for few values, and the closer half's mean into
 * *centre; -1 otherwise. Nothing moved, the other half lies on both sides of the closest one, its mean
 * amid it. */
static double two_sets(const double *x, const double *se, int n, char *in, double *centre)
{
    if (n % 2 || n < 4) return -1;
    double at, r = least_r(x, se, n, n / 2, &at) * (1 + 1e-9), mean[2], sd[2];
    int k[2];
    for (int i = 0; i < n; i++) in[i] = fabs(x[i] - at) <= r * (se ? se[i] : 1);
    k[0] = mean_sd(x, se, n, in, &mean[0], &sd[0]);
    for (int i = 0; i < n; i++) in[i] = !in[i];
    k[1] = mean_sd(x, se, n, in, &mean[1], &sd[1]);
    if (k[0] != n / 2 || k[1] != n / 2) return -1;    /* ties at the half's edge */
    double sp = sqrt(((k[0] - 1) * sd[0] * sd[0] + (k[1] - 1) * sd[1] * sd[1]) / (n - 2));
    for (int i = 0; i < n; i++)
        if (fabs(x[i] - mean[in[i] ? 0 : 1]) <= SHORTH_GAP * sp * (se ? se[i] : 1)) return -1;
    *centre = mean[0];
    return sp * few_values(n - 1);
}

double shorth_sd(const double *x, const double *se, int n, double *centre)
{
    if (n < 3) return NAN;
    char *in = xcalloc((size_t)n, 1);
    double m, s = two_sets(x, se, n, in, &m);
    if (s < 0) {
        /* The majority: the n / 2 + 1 values closest together, all of them unmoved where fewer than
         * half moved far. Their deviation, scaled to the whole's, sets the clip: a scale of consistent
         * tail, not the shortest half's width (median-calibrated, its upper tail let values moved 8
         * deviations in). */
        double at, r = least_r(x, se, n, n / 2 + 1, &at) * (1 + 1e-9), hm, hs;
        for (int i = 0; i < n; i++) in[i] = fabs(x[i] - at) <= r * (se ? se[i] : 1);
        mean_sd(x, se, n, in, &hm, &hs);
        double s0 = hs * majority_factor(n), sd;
        for (int i = 0; i < n; i++) in[i] = fabs(x[i] - hm) <= SHORTH_CLIP * s0 * (se ? se[i] : 1);
        int k = mean_sd(x, se, n, in, &m, &sd);
        s = k > 1 ? sd * CLIP_FACTOR * few_values(k) * final_factor(n) : s0;
    }
    free(in);
    if (centre) *centre = m;
    return s;
}
