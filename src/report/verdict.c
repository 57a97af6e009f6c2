/* verdict.c — SAME, FASTER, SLOWER or UNSURE for one configuration's two sets of replicates: the
 * Mann-Whitney U test (exact for small sets), the standard error of a median, the noise floor. */
#include "verdict.h"
#include "lib/stats.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *verdict_name(enum speed_verdict v)
{
    static const char *const names[] = { "SAME", "FASTER", "SLOWER", "UNSURE" };
    return names[v];
}

double verdict_z(double alpha)
{
    double lo = 0, hi = 40;                  /* erfc(z / sqrt 2) falls from 1 to 0 */
    for (int i = 0; i < 100; i++) {
        double mid = (lo + hi) / 2;
        if (erfc(mid / sqrt(2)) > alpha) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
}

/* u_of: U of a against b: pairs with a's value above b's, ties counting one half. */
static double u_of(const double *a, int na, const double *b, int nb)
{
    double u = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) u += a[i] > b[j] ? 1 : a[i] == b[j] ? 0.5 : 0;
    return u;
}

/* exact_below: P(U <= k) when a and b are drawn from one distribution: f(i, j, u), the orders of
 * i values of a and j of b with U = u, is f(i-1, j, u-j) (the largest is a's: it beats every b)
 * plus f(i, j-1, u) (it is b's). */
static double exact_below(int na, int nb, int k)
{
    int top = na * nb;
    double *f = xcalloc((size_t)(na + 1) * (size_t)(nb + 1) * (size_t)(top + 1), sizeof *f);
#define F(i, j, u) f[((size_t)(i) * (size_t)(nb + 1) + (size_t)(j)) * (size_t)(top + 1) + (size_t)(u)]
    for (int i = 0; i <= na; i++)
        for (int j = 0; j <= nb; j++) {
            if (!i || !j) { F(i, j, 0) = 1; continue; }
            for (int u = 0; u <= i * j; u++) F(i, j, u) = (u >= j ? F(i - 1, j, u - j) : 0) + F(i, j - 1, u);
        }
    double below = 0, all = 0;
    for (int u = 0; u <= top; u++) {
        all += F(na, nb, u);
        if (u <= k) below += F(na, nb, u);
    }
#undef F
    free(f);
    return below / all;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

double verdict_mann_whitney(const double *a, int na, const double *b, int nb)
{
    if (na < 1 || nb < 1) return 1;
    double u = u_of(a, na, b, nb), low = fmin(u, (double)na * nb - u);
    if (na <= 30 && nb <= 30)
        return fmin(1, 2 * exact_below(na, nb, (int)ceil(low)));      /* a half from a tie rounds up */
    /* The normal approximation, its variance lowered by the ties. */
    int n = na + nb;
    double *all = xmalloc(sizeof *all * (size_t)n), ties = 0;
    memcpy(all, a, sizeof *a * (size_t)na);
    memcpy(all + na, b, sizeof *b * (size_t)nb);
    qsort(all, (size_t)n, sizeof *all, cmp_double);
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && all[j] == all[i]) j++;
        double t = j - i;
        ties += t * t * t - t;
        i = j;
    }
    free(all);
    double var = (double)na * nb / 12 * ((n + 1) - ties / ((double)n * (n - 1)));
    if (!(var > 0)) return 1;
    double z = (fabs(u - (double)na * nb / 2) - 0.5) / sqrt(var);
    return z <= 0 ? 1 : erfc(z / sqrt(2));
}

/* range_sd: a standard deviation from the range of n <= 10 values (over its expected multiple),
 * relative to m; 0 beyond 10. A row whose rounds fall into two modes has a small median absolute
 * deviation and a wide range. */
static double range_sd(const double *x, int n, double m)
{
    static const double d2[] = { 0, 0, 1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847, 2.970, 3.078 };
    if (n < 2 || n > 10) return 0;
    double lo = x[0], hi = x[0];
    for (int i = 1; i < n; i++) { lo = fmin(lo, x[i]); hi = fmax(hi, x[i]); }
    return (hi - lo) / d2[n] / m;
}

double verdict_median_se(const double *x, int n)
{
    if (n < 2) return INFINITY;
    double med = stats_median(x, n);
    if (!(med > 0)) return INFINITY;
    double *dev = xmalloc(sizeof *dev * (size_t)n);
    for (int i = 0; i < n; i++) dev[i] = fabs(x[i] - med);
    double sd = fmax(1.4826 * stats_median(dev, n) / med, range_sd(x, n, med));
    free(dev);
    return 1.2533 * sd / sqrt(n);
}

/* pooled_se: the standard error of a median of a (or of b, sizes alike), as a share, from the
 * relative deviations of both sets from their own medians: 1.4826 x their median, scaled by
 * sqrt(n / (n - 1)) (values lie closer to their own median than to the device's), or the sets'
 * mean range estimate where that is larger. */
static double pooled_se(const double *a, int na, double ma, const double *b, int nb, double mb)
{
    if (na < 2 || nb < 2 || !(ma > 0) || !(mb > 0)) return INFINITY;
    double *dev = xmalloc(sizeof *dev * (size_t)(na + nb));
    for (int i = 0; i < na; i++) dev[i] = fabs(a[i] / ma - 1) * sqrt((double)na / (na - 1));
    for (int j = 0; j < nb; j++) dev[na + j] = fabs(b[j] / mb - 1) * sqrt((double)nb / (nb - 1));
    double sd = fmax(1.4826 * stats_median(dev, na + nb), (range_sd(a, na, ma) + range_sd(b, nb, mb)) / 2);
    free(dev);
    return 1.2533 * sd / sqrt((na + nb) / 2.0);
}

/* judge: the verdict from the log ratio d, the combined relative standard error u and p. */
static void judge(const struct verdict_rule *rule, double d, double u, struct verdict_result *out)
{
    double lm = log1p(rule->min_effect), fl = verdict_z(rule->alpha) * u;
    out->floor = expm1(fl);
    out->se = u;
    if (!isfinite(d)) out->v = VERDICT_UNSURE;
    else if (fabs(d) >= lm && fabs(d) > fl && out->p < rule->alpha) out->v = d > 0 ? VERDICT_SLOWER : VERDICT_FASTER;
    else if (fabs(d) < fmax(lm, fl) && fl < SAME_MAX_FLOORS * lm) out->v = VERDICT_SAME;
    else out->v = VERDICT_UNSURE;
}

void verdict_decide_paired(const struct verdict_rule *rule, const double *a, const double *b, int n,
                           struct verdict_result *out)
{
    double ma = stats_median(a, n), mb = stats_median(b, n);
    out->borrowed = 0;
    out->ratio = ma > 0 ? mb / ma : NAN;
    out->p = verdict_mann_whitney(a, n, b, n);
    double *r = xmalloc(sizeof *r * (size_t)(n > 0 ? n : 1));
    for (int k = 0; k < n; k++) r[k] = a[k] > 0 ? b[k] / a[k] : NAN;
    double u = verdict_median_se(r, n);
    free(r);
    judge(rule, log(out->ratio), u, out);
}

/* beyond_all: x above every y, or below every y. */
static int beyond_all(double x, const double *y, int n)
{
    int above = 1, below = 1;
    for (int i = 0; i < n; i++) {
        above &= x > y[i];
        below &= x < y[i];
    }
    return above || below;
}

/* one_against_many: the verdict where one side has one replicate and the other n >= BORROW_LEAST
 * (verdict_decide); 0 where that is not the case. The many's scatter a replicate, from the
 * standard error of their median, is the one's too: one device's noise shows in both. Twice the
 * floor, as the search's rule for a configuration dropped after one round (docs/search.md):
 * the one may come from a moment the many did not see. */
static int one_against_many(const struct verdict_rule *rule, const double *a, int na, const double *b, int nb,
                            double extra_noise, struct verdict_result *out)
{
    if ((na == 1) == (nb == 1) || (na == 1 ? nb : na) < VERDICT_BORROW_LEAST) return 0;
    const double *many = na == 1 ? b : a;
    int n = na == 1 ? nb : na;
    double one = na == 1 ? a[0] : b[0];
    double se = verdict_median_se(many, n);
    if (!isfinite(se)) return 0;
    double sd = fmax(se * sqrt(n) / 1.2533, rule->min_effect / 2);
    double u = sqrt(se * se + sd * sd + extra_noise * extra_noise), d = log(out->ratio);
    double lm = log1p(rule->min_effect), fl = verdict_z(rule->alpha) * u;
    out->floor = expm1(fl);
    out->se = u;
    out->borrowed = 1;
    if (!isfinite(d)) out->v = VERDICT_UNSURE;
    else if (fabs(d) >= lm && fabs(d) > 2 * fl && beyond_all(one, many, n)) out->v = d > 0 ? VERDICT_SLOWER : VERDICT_FASTER;
    else if (fabs(d) < fmax(lm, fl) && fl < SAME_MAX_FLOORS * lm) out->v = VERDICT_SAME;
    else out->v = VERDICT_UNSURE;
    return 1;
}

void verdict_decide(const struct verdict_rule *rule, const double *a, int na, const double *b, int nb,
                    double extra_noise, struct verdict_result *out)
{
    out->borrowed = 0;
    double ma = stats_median(a, na), mb = stats_median(b, nb);
    out->ratio = ma > 0 ? mb / ma : NAN;
    out->p = verdict_mann_whitney(a, na, b, nb);
    if (one_against_many(rule, a, na, b, nb, extra_noise, out)) return;
    double sa = verdict_median_se(a, na), sb = verdict_median_se(b, nb);
    /* One device's noise shows in both sets: where the two agree on it within 3x, their pooled
     * estimate (every deviation from its own set's median) is steadier than either. */
    double pooled = pooled_se(a, na, ma, b, nb, mb);
    if (sa < 3 * sb && sb < 3 * sa && isfinite(pooled)) sa = sb = pooled;
    double u = sqrt(sa * sa + sb * sb + extra_noise * extra_noise);
    judge(rule, log(out->ratio), u, out);
}

/* farthest: the index of x[0..n-1] farthest from their median by the log of the ratio. */
static int farthest(const double *x, int n)
{
    double med = stats_median(x, n), far = -1;
    int at = 0;
    for (int i = 0; i < n; i++) {
        double d = x[i] > 0 && med > 0 ? fabs(log(x[i] / med)) : 0;
        if (d > far) { far = d; at = i; }
    }
    return at;
}

/* without: x[0..n-1] less x[skip], into out (n - 1 values). */
static void without(const double *x, int n, int skip, double *out)
{
    for (int i = 0, k = 0; i < n; i++)
        if (i != skip) out[k++] = x[i];
}

int verdict_far_round(const struct verdict_rule *rule, const struct verdict_sets *x, const struct verdict_result *v,
                      struct verdict_far *far)
{
    if (v->v != VERDICT_UNSURE || !isfinite(v->floor) || v->borrowed) return 0;
    const double *a = x->a, *b = x->b;
    int na = x->na, nb = x->nb;
    double *ra = xmalloc(sizeof *ra * (size_t)(na + 1)), *rb = xmalloc(sizeof *rb * (size_t)(nb + 1));
    int found = 0;
    far->floor_without = INFINITY;
    for (int set = 0; set < 2; set++) {
        const double *in = set ? b : a;
        int n = set ? nb : na;
        if (n < 3) continue;
        int at = farthest(in, n);
        struct verdict_result w;
        without(a, na, set ? -1 : at, ra);
        without(b, nb, set ? at : -1, rb);
        if (x->paired) {
            /* The round of both: a pair is two configurations' rounds at one moment. */
            without(a, na, at, ra);
            without(b, nb, at, rb);
            verdict_decide_paired(rule, ra, rb, n - 1, &w);
        } else {
            verdict_decide(rule, ra, set ? na : na - 1, rb, set ? nb - 1 : nb, x->extra_noise, &w);
        }
        if (isfinite(w.floor) && w.floor < far->floor_without) {
            *far = (struct verdict_far){ .set = set, .index = at, .floor_without = w.floor };
            found = 1;
        }
    }
    /* Paired, both sets' farthest may be one pair, which leaving out gives one floor either way: the
     * round far out is the one farther from its own set's median (compare --by build named the
     * default build's round 1.8% off its median for the no-opt build's at half of its). */
    if (found && x->paired) {
        int at = far->index;
        double ma = stats_median(a, na), mb = stats_median(b, nb);
        double da = a[at] > 0 && ma > 0 ? fabs(log(a[at] / ma)) : 0, db = b[at] > 0 && mb > 0 ? fabs(log(b[at] / mb)) : 0;
        far->set = db > da;
    }
    free(ra);
    free(rb);
    return found && far->floor_without * VERDICT_FAR_FLOORS <= v->floor;
}
