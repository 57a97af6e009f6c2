/* finding_size.c — whether a measured size is the size a claim states: one rule for compare's
 * ratios and for the size form's values, each with the interval its noise allows. */
#include "finding_size.h"
#include "finding_noise.h"
#include "finding_noise_verdict.h"
#include "finding_pick.h"
#include "finding_points.h"
#include "finding_trace.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* effect: how far x lies from pivot towards side on a log scale, so that a ratio's 2x and 0.5x are
 * one size: ln(x / pivot) times side; an end at 0 or below (a ratio's "<= 0.5" reaches down to 0)
 * or an infinite one lies infinitely far. */
static double effect(double x, int side, double pivot)
{
    if (x <= 0) return side < 0 ? INFINITY : -INFINITY;
    if (isinf(x)) return side > 0 ? INFINITY : -INFINITY;
    return side * log(x / pivot);
}

/* Nowhere near takes both a tenfold effect and a twofold gap: the effect alone would call 2% "nowhere
 * near" a claimed 0.1%, a tiny claim its denominator; the gap alone would call 4x "nowhere near" at
 * least 10x. Both: 1-3% slower against 99.9x slower is nowhere near, against 30% or 2x slower not. */
int finding_nowhere(const struct claim_range *claimed, int side, double pivot, double x)
{
    if (!side || !(pivot > 0) || !(x > 0) || isinf(x)) return 0;
    double e = effect(x, side, pivot), a = effect(claimed->lo, side, pivot), b = effect(claimed->hi, side, pivot);
    double near = a < b ? a : b, far = a < b ? b : a, gap = log(NOWHERE_FACTOR);
    if (e > far) return e > NOWHERE_EFFECT * far && e - far > gap;
    if (e < near) return e < near / NOWHERE_EFFECT && near - e > gap;
    return 0;
}

char *finding_nowhere_words(const struct claim_range *claimed, int side, double pivot, double x)
{
    double e = effect(x, side, pivot), a = effect(claimed->lo, side, pivot), b = effect(claimed->hi, side, pivot);
    char *how = e > (a < b ? b : a)
                    ? xasprintf("over %g times the claimed size on a log scale, and over %gx past it", NOWHERE_EFFECT, NOWHERE_FACTOR)
                    : xasprintf("under 1/%g of the claimed size on a log scale, and over %gx short of it", NOWHERE_EFFECT,
                                NOWHERE_FACTOR);
    char *s;
    if (pivot == 1) {
        char *words = finding_ratio_words(x), *cw = finding_range_words(claimed);
        s = xasprintf("%s, nowhere near the claimed %s (%s)", words, cw, how);
        free(words);
        free(cw);
    } else {
        char num[32], *ct = claim_range_text(claimed);
        s = xasprintf("%s, nowhere near claimed %s (%s)", finding_num(num, sizeof num, x), ct, how);
        free(ct);
    }
    free(how);
    return s;
}

enum verdict finding_judge(const struct claim_range *claimed, int side, double pivot, double lo, double hi, int decided)
{
    int all = claim_range_covers(claimed, lo, hi), some = claim_range_meets(claimed, lo, hi);
    if (side && decided == side)
        return all ? V_HOLDS : some ? V_UNDECIDED
             : finding_nowhere(claimed, side, pivot, lo) && finding_nowhere(claimed, side, pivot, hi) ? V_FAILS : V_SIZE;
    if (!some) return V_FAILS;
    return !side && all ? V_HOLDS : V_UNDECIDED;
}

int finding_unpassed_stands(const struct claim_range *claimed, const struct claim_range *dir, int side, double pivot,
                            double lo, double hi, enum verdict v)
{
    /* Undecided within the noise, a value far off on either side decides it. */
    if (lo < hi && v == V_UNDECIDED) return 0;
    int decided = side ? (claim_range_covers(dir, lo, hi) ? side : claim_range_meets(dir, lo, hi) ? 0 : -side) : 0;
    return finding_judge(claimed, side, pivot, lo, hi, decided) == v;
}

/* finding_amount: how far ratio x lies from 1, without its direction: "2.13%" below 2x (and above 0.5x), else
 * "5.37x"; three significant digits as a plain decimal (fmt_sig), as the rest of clx writes them: %g
 * wrote a ratio within 1e-7 of 1 as "1e-05%", and one of 1500 as "1.5e+03x". */
char *finding_amount(double x)
{
    char num[400];
    if (x >= 1 && x < 2) return xasprintf("%s%%", fmt_sig(num, sizeof num, (x - 1) * 100, 3, FMT_PCT_PLACES));
    if (x < 1 && x > 0.5) return xasprintf("%s%%", fmt_sig(num, sizeof num, (1 - x) * 100, 3, FMT_PCT_PLACES));
    double y = x >= 1 ? x : 1 / x;
    return isfinite(y) ? xasprintf("%sx", fmt_sig(num, sizeof num, y, 3, 2)) : xasprintf("%gx", y);
}

char *finding_ratio_words(double x)
{
    if (x == 1) return xstrdup("the same");
    char *a = finding_amount(x), *s = xasprintf("%s %s", a, x > 1 ? "higher" : "lower");
    free(a);
    return s;
}

/* bound_words: one finite end of a claimed range: "at least 10x higher", "at most 3% higher". */
static char *bound_words(double x, int at_least)
{
    if (x == 1) return xstrdup(at_least ? "higher" : "lower");
    char *a = finding_amount(x);
    /* ">= 0.95" is at most 5% lower; "<= 0.8" at least 20% lower. */
    int more = (x > 1) == at_least;
    char *s = xasprintf("at %s %s %s", more ? "least" : "most", a, x > 1 ? "higher" : "lower");
    free(a);
    return s;
}

char *finding_range_words(const struct claim_range *c)
{
    if (isinf(c->hi)) return bound_words(c->lo, 1);
    if (isinf(c->lo)) return bound_words(c->hi, 0);
    char *lo = finding_amount(c->lo), *hi = finding_amount(c->hi), *s;
    if (claim_range_side(c, 1) > 0) s = xasprintf("%s to %s higher", lo, hi);
    else if (claim_range_side(c, 1) < 0) s = xasprintf("%s to %s lower", hi, lo);
    else s = xasprintf("from %s lower to %s higher", lo, hi);
    free(lo);
    free(hi);
    return s;
}

/* A size's value x, and the least and greatest it could have had, lo and hi, had the rows its
 * selectors name that did not pass passed (finding_points_unpassed_span; lo = hi = x where none
 * did not), with why they did not (NULL where none). */
struct size_at { double x, lo, hi; char *unpassed; };

/* size_value: f's size on r into *at, its selectors and value shown in *shown, what its timed
 * values' noise does to it into *noise, the rows they read into *t; 0, or 1 where two of its
 * selectors set builds against each other that compiled to one binary (finding_samebin) or
 * aggregates over different points (finding_points_check), their reasons added to why, or -1 with
 * every reason it has none added to why (*noise then empty). */
static int size_value(const struct rundir *r, const struct spec_finding *f, const struct filter *where, struct size_at *at,
                      struct sbuf *shown, struct expr_noise *noise, struct finding_trace *t, struct finding_why *why)
{
    double *x = &at->x;
    at->unpassed = NULL;
    int unlike = 0;
    struct check c;
    char *err = NULL;
    memset(noise, 0, sizeof *noise);
    if (check_parse(f->size, &c, &err)) { finding_why_add(why, NULL, err); return -1; }
    struct vars v = {0};
    finding_device_vars(r, &v);
    char **sel = xcalloc((size_t)c.nsel + 1, sizeof *sel);
    int *whole = xcalloc((size_t)c.nsel + 1, sizeof *whole);
    struct pick *picks = xcalloc((size_t)c.nsel + 1, sizeof *picks);
    int bad = finding_selectors(r, &c, where, &v, sel, picks, why) > 0;
    if (!bad && expr_eval(c.expr, &v, x, &err)) {
        finding_why_add(why, NULL, xasprintf("size '%s': %s%s", f->size, err, finding_unknown_why(r, err)));
        free(err);
        bad = 1;
    }
    if (!bad) {
        char *over = finding_selectors_points_said(&c, picks, sel), *all = finding_labelled(&c, &v, c.expr, sel, whole);
        struct sbuf rest = {0};
        finding_shown_rest(&c, sel, whole, &rest);
        sb_printf(shown, "%s%s%s%s%s%s%s", shown->len ? "; " : "", rest.s ? rest.s : "", rest.s ? "; " : "", all,
                  over ? " (" : "", over ? over : "", over ? ")" : "");
        sb_free(&rest);
        free(all);
        free(over);
        finding_work_apart(r, &c, picks, shown);
        finding_expr_noise(r, &c, picks, &v, c.expr, noise);
        unlike = finding_samebin(r, &c, picks, why) > 0 || finding_points_check(r, &c, picks, why) > 0;
        int truth[2] = {0, 0};
        at->lo = at->hi = *x;
        if (finding_points_unpassed_span(&c, picks, &v, c.expr, &at->lo, &at->hi, truth))
            at->unpassed = finding_points_unpassed_why(c.sel, picks, c.nsel);
        for (int i = 0; i < c.nsel; i++) trace_rows(t, &picks[i]);
    }
    for (int i = 0; i < c.nsel; i++) {
        free(sel[i]);                                     /* what finding_shown_rest did not take */
        pick_free(&picks[i]);
    }
    free(picks);
    free(sel);
    free(whole);
    vars_free(&v);
    check_free(&c);
    return bad ? -1 : unlike;
}

enum verdict finding_size_eval(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                               struct sbuf *shown, struct finding_why *why, struct finding_trace *t)
{
    struct claim_range claimed, dir = { .lo = -INFINITY, .hi = INFINITY, .lo_open = 1, .hi_open = 1 };
    struct finding_part *part = trace_part(t, f->size);
    char *err = NULL;
    if (claim_range_parse(f->claimed, &claimed, &err) || (f->direction && claim_range_parse(f->direction, &dir, &err))) {
        finding_why_add(why, NULL, err);
        return V_NODATA;
    }
    struct size_at at;
    struct expr_noise n;
    int unlike = size_value(r, f, where, &at, shown, &n, t, why);
    if (unlike < 0) return V_NODATA;
    double x = at.x;
    /* A direction is a one-sided range: the side it states is where its infinite end is. */
    int side = f->direction ? (isinf(dir.hi) ? 1 : -1) : 0;
    double pivot = side > 0 ? dir.lo : side < 0 ? dir.hi : 1;
    int decided = side ? (claim_range_has(&dir, x) ? side : -side) : 0;
    sb_printf(shown, "; claimed %s%s%s", f->claimed, f->direction ? ", direction " : "", f->direction ? f->direction : "");
    enum verdict v = finding_judge(&claimed, side, pivot, x, x, decided);
    part->value = part->lo = part->hi = x;
    /* Exact, it is undecided only on the other side of its direction and within claimed. */
    if (v == V_UNDECIDED)
        part->undecided = xasprintf("%s is within claimed %s but not on the side of direction %s", f->size, f->claimed,
                                    f->direction ? f->direction : "");
    if (n.estimated) {
        /* The values the true peaks under its estimates allow, judged alike: another verdict there
         * and it cannot be checked on this device. */
        int est = side ? (claim_range_covers(&dir, n.est_lo, n.est_hi) ? side
                          : claim_range_meets(&dir, n.est_lo, n.est_hi) ? 0 : -side) : 0;
        v = finding_estimate_verdict(&n, v, finding_judge(&claimed, side, pivot, n.est_lo, n.est_hi, est) == v, shown, why);
    }
    if (n.timed && v != V_NODATA) {
        /* The values its timed values' noise allows, judged as a compare's ratios are: within the
         * floors it may lie anywhere from n.lo to n.hi. */
        int noisy = side ? (claim_range_covers(&dir, n.lo, n.hi) ? side : claim_range_meets(&dir, n.lo, n.hi) ? 0 : -side) : 0;
        enum verdict within = finding_judge(&claimed, side, pivot, n.lo, n.hi, noisy);
        v = finding_noise_verdict(&n, v, within == v, shown, &part->undecided);
        /* Each alone may leave it, and both at once (a share within its floor of a lower true peak) not. */
        int both = side ? (claim_range_covers(&dir, n.both_lo, n.both_hi) ? side
                           : claim_range_meets(&dir, n.both_lo, n.both_hi) ? 0 : -side) : 0;
        v = finding_both_verdict(&n, v, finding_judge(&claimed, side, pivot, n.both_lo, n.both_hi, both) == v, shown,
                                 &part->undecided);
        if (n.unbounded) { part->lo = -INFINITY; part->hi = INFINITY; }
        else { part->lo = n.lo; part->hi = n.hi; }
    }
    /* Builds set against each other that are one binary, or aggregates over different points: no
     * size of the claim, as a compare's pair. */
    if (unlike) v = V_NODATA;
    /* A best of the rows that passed where a row that did not could change the verdict: no size of
     * the claim either. */
    if (at.unpassed && v != V_NODATA && !finding_unpassed_stands(&claimed, &dir, side, pivot, at.lo, at.hi, v)) {
        finding_why_add(why, NULL, at.unpassed);
        at.unpassed = NULL;
        v = V_NODATA;
    }
    free(at.unpassed);
    /* On the side claimed and not held: nowhere near the size claimed, said as such. */
    if (v == V_FAILS && side && decided == side) {
        char *nowhere = finding_nowhere_words(&claimed, side, pivot, x);
        sb_printf(shown, "; %s", nowhere);
        free(nowhere);
    }
    part->verdict = v;
    expr_noise_free(&n);
    return v;
}
