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

double shorth_scale(const double *x, const double *se, int n, double *centre)
{
    if (n < 3) return NAN;
    int h = (n + 1) / 2;
    double *lo = xmalloc(sizeof *lo * (size_t)n), *hi = xmalloc(sizeof *hi * (size_t)n);
    double xmin = x[0], xmax = x[0], emin = se ? se[0] : 1, at = x[0];
    for (int i = 1; i < n; i++) {
        xmin = fmin(xmin, x[i]);
        xmax = fmax(xmax, x[i]);
        if (se) emin = fmin(emin, se[i]);
    }
    /* At r_hi every interval holds every value: the least r lies in [0, r_hi]; halved to 1e-12 of it. */
    double r_lo = 0, r_hi = (xmax - xmin) / emin;
    if (covered(x, se, n, h, 0, lo, hi, &at)) r_hi = 0;     /* half of them equal */
    else {
        covered(x, se, n, h, r_hi, lo, hi, &at);
        for (int k = 0; k < 200 && r_hi - r_lo > 1e-12 * r_hi; k++) {
            double r = (r_lo + r_hi) / 2, m;
            if (covered(x, se, n, h, r, lo, hi, &m)) { r_hi = r; at = m; }
            else r_lo = r;
        }
    }
    free(lo);
    free(hi);
    /* At the least r the shortest half's intervals meet at one point: the one found. */
    if (centre) *centre = at;
    return r_hi * shorth_factor(n);
}

/* A normal value's variance within SHORTH_CLIP deviations of its mean is 0.9113 of its whole:
 * 1 / sqrt(0.9113) puts back what the clip takes. */
#define CLIP_FACTOR 1.0475

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

double shorth_sd(const double *x, const double *se, int n, double *centre)
{
    double m, s = shorth_scale(x, se, n, &m);
    if (s > 0) {
        char *in = xcalloc((size_t)n, 1);
        /* The shortest half: those within r of its centre (r: its half-width, a hair's room). */
        double r = s / shorth_factor(n) * (1 + 1e-9), hm, hs;
        for (int i = 0; i < n; i++) in[i] = fabs(x[i] - m) <= r * (se ? se[i] : 1);
        int h = mean_sd(x, se, n, in, &hm, &hs), near = 0;
        hs *= 1 + 1.0 / h;
        for (int i = 0; i < n; i++) near += !in[i] && fabs(x[i] - hm) <= SHORTH_GAP * hs * (se ? se[i] : 1);
        /* Exactly half moved: the shortest half is the other half whole, its factor's "a normal's
         * central half" wrong, and s its range (over 8 values, 3.5x their deviation in the median:
         * a 2x move 7 deviations away stayed within the clip). A half with no other value within
         * SHORTH_GAP of its own deviation is taken as a set of its own, of that deviation. */
        if (!near && h < n && hs < s) s = hs;
        for (int i = 0; i < n; i++) in[i] = fabs(x[i] - m) <= SHORTH_CLIP * s * (se ? se[i] : 1);
        double sd;
        int k = mean_sd(x, se, n, in, &m, &sd);
        /* The deviation of few values lies low in the median (8: 0.87 of the draws' without 1 + 1/n). */
        s = k > 1 ? sd * CLIP_FACTOR * (1 + 1.0 / n) : s;
        free(in);
    }
    if (centre) *centre = m;
    return s;
}
