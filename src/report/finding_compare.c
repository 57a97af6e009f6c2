/* finding_compare.c — compare's pairs judged: each side's replicates of its metric (a row's rounds,
 * or a group's round by round), the verdict rule on them, and the ratio's place against the claim. */
#include "finding_compare.h"
#include "finding_noise.h"
#include "finding_noise_verdict.h"
#include "finding_leftout.h"
#include "finding_pick.h"
#include "finding_points.h"
#include "finding_size.h"
#include "finding_trace.h"
#include "floor_said.h"
#include "samebin.h"
#include "verdict.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Each side's work a launch, where the pair's metric is a time and the two sides did different
 * work (a no-opt build given fewer loop trips): the pair is then judged per unit of work, as clx
 * compare judges every configuration. unit LAUNCHWORK_NONE (a and b 1): judged as they are. */
struct pair_work { enum launchwork_unit unit; double a, b; };

static struct pair_work pair_work(const struct rundir *r, const char *metric, const struct pick *a, const struct pick *b)
{
    struct pair_work w = { LAUNCHWORK_NONE, 1, 1 };
    if (!rowwork_per_launch(metric)) return w;
    for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u)) {
        double x = finding_pick_work(r, a, u), y = finding_pick_work(r, b, u);
        if (!(x > 0 && y > 0)) continue;
        if (!launchwork_same(x, y)) w = (struct pair_work){ u, x, y };
        break;
    }
    return w;
}

/* The rule findings judge by: clx compare's defaults. */
static const struct verdict_rule finding_rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };

/* rule_on: the verdict rule on a's replicates against b's (the ratio a / b, each over its work w;
 * SLOWER: a's value higher beyond the noise). Two rows whose rounds took turns are paired by clx
 * compare --by's rule (rundir_paired); UNSURE with an infinite floor where a side has no replicate. */
static void rule_on(const struct rundir *r, const struct compare_pair *pr, const struct pick *a, const struct pick *b,
                    enum metric_kind kind, const struct pair_work *w, struct verdict_result *vr, int n[2])
{
    double *xa, *xb;
    int na = finding_replicates(r, &pr->a.sel[0], a, kind, &xa), nb = finding_replicates(r, &pr->b.sel[0], b, kind, &xb);
    for (int k = 0; k < na; k++) xa[k] /= w->a;
    for (int k = 0; k < nb; k++) xb[k] /= w->b;
    n[0] = na;
    n[1] = nb;
    int m = na < nb ? na : nb;
    if (!m) *vr = (struct verdict_result){ .v = VERDICT_UNSURE, .ratio = NAN, .p = 1, .floor = INFINITY, .se = INFINITY };
    else if (a->row >= 0 && b->row >= 0 && rundir_paired(r, a->row, b->row, na, nb))
        verdict_decide_paired(&finding_rule, xb, xa, m, vr);
    else verdict_decide(&finding_rule, xb, nb, xa, na, 0, vr);
    free(xa);
    free(xb);
}

/* rank_words: where the rank test alone left the rule UNSURE (the difference past the noise floor
 * and the least effect, its p not under alpha), why: too few rounds a side for any p under alpha
 * (a stop's rows: 2 against 2 give 0.33 at the least), or rounds it did not tell apart. Else NULL.
 * Before, "UNSURE ... (noise floor 7.6%)" beside a ratio of 2.28 read as the noise's doing. */
static char *rank_words(const struct verdict_rule *rule, const struct verdict_result *vr, const int n[2])
{
    double d = fabs(log(vr->ratio));
    if (vr->v != VERDICT_UNSURE || vr->borrowed || !isfinite(vr->floor) || !isfinite(d) || d < log1p(rule->min_effect) ||
        d <= log1p(vr->floor) || !(vr->p >= rule->alpha))
        return NULL;
    /* The least p these counts can give: one side's every round beyond the other's. */
    double *x = xmalloc(sizeof *x * (size_t)(n[0] + n[1]));
    for (int k = 0; k < n[0] + n[1]; k++) x[k] = k + 1;
    double least = verdict_mann_whitney(x, n[0], x + n[0], n[1]);
    free(x);
    char p[32], a[32];
    if (least >= rule->alpha)
        return xasprintf("the difference is past it, but %d round%s against %d are too few for the rank test to "
                         "reach p < %s whatever they show (the least p they can give: %s); more rounds decide it",
                         n[0], n[0] == 1 ? "" : "s", n[1], finding_num(a, sizeof a, rule->alpha),
                         finding_num(p, sizeof p, least));
    return xasprintf("the difference is past it, but the rank test did not tell the %d rounds from the %d apart "
                     "(p = %s, not under %s); "
                     "more rounds decide it", n[0], n[1], finding_num(p, sizeof p, vr->p),
                     finding_num(a, sizeof a, rule->alpha));
}

/* floor_span: ", ratios 0.8475 to 1.18 within it" where the ratio shown lies below 1, past the floor,
 * though the share lower it is said as is not above the floor's percentage ("17.3% lower ... SLOWER,
 * by 17.3% (noise floor 18%)" read as a difference under its floor decided): a floor f holds the
 * ratios from 1 / (1 + f) to 1 + f, so on the lower side it is 1 - 1 / (1 + f), 15.3% for 18%.
 * Else "". ratio: the pair's as show_pair says it (finding_amount's percentage: above 0.5). */
static char *floor_span(double ratio, double f)
{
    char lo[32], hi[32];
    if (!(ratio > 0.5 && ratio < 1 && isfinite(f) && f > 0 && 1 - ratio <= f && ratio < 1 / (1 + f))) return xstrdup("");
    return xasprintf(", ratios %s to %s within it", finding_num(lo, sizeof lo, 1 / (1 + f)), finding_num(hi, sizeof hi, 1 + f));
}

/* floor_words: "noise floor 2.1%", with where it came from when one side had one replicate, or why
 * there is none, and why the rule said UNSURE where its floor did not (rank_words); the ratios it
 * holds where the ratio's words would read as within it (floor_span). n: each side's replicates;
 * ratio: the pair's as shown. */
static char *floor_words(const struct verdict_rule *rule, const struct verdict_result *vr, const int n[2], double ratio)
{
    char pct[FLOOR_SAID_SIZE];
    char *rank = rank_words(rule, vr, n), *span = floor_span(ratio, vr->floor), *s = NULL;
    floor_said(pct, sizeof pct, vr->floor, 0);
    if (rank) s = xasprintf("noise floor %s%s: %s", pct, span, rank);
    else if (isfinite(vr->floor) && vr->borrowed)
        s = xasprintf("noise floor %s%s: one replicate against %d, whose scatter it takes", pct, span, n[0] == 1 ? n[1] : n[0]);
    else if (isfinite(vr->floor)) s = xasprintf("noise floor %s%s", pct, span);
    free(rank);
    free(span);
    if (s) return s;
    if (n[0] == 1 && n[1] == 1) return xstrdup("no noise floor: one replicate a side");
    if (n[0] == 1 || n[1] == 1)
        return xasprintf("no noise floor: one replicate against %d, fewer than the %d whose scatter it could take",
                         n[0] == 1 ? n[1] : n[0], VERDICT_BORROW_LEAST);
    return xstrdup("no noise floor: no replicates");
}

/* work_words: ", per unit of work: the two did different work (0.0005243 against 0.03355 GFLOP a
 * launch, the spec's flops)" where w has a unit, else "" (a new string). */
static char *work_words(const struct pair_work *w)
{
    if (w->unit == LAUNCHWORK_NONE) return xstrdup("");
    char wa[32], wb[32];
    return xasprintf(", per unit of work: the two did different work (%s against %s %s a launch, the spec's %s)",
                     finding_num(wa, sizeof wa, w->a), finding_num(wb, sizeof wb, w->b), launchwork_unit_name(w->unit),
                     launchwork_unit_source(w->unit));
}

/* side_name: how the rule's words name a side: its conditions ("build=default") where both sides
 * are one metric taken alike and differ only in them, else as the spec wrote it. A new string. */
static char *side_name(const struct selector *s, const struct selector *other)
{
    const char *open = strchr(s->text, '['), *close = strrchr(s->text, ']');
    if (s->agg != other->agg || strcmp(s->metric, other->metric) || !open || !close || close - open < 2) return xstrdup(s->text);
    return xasprintf("%.*s", (int)(close - open - 1), open + 1);
}

/* rule_words: the rule's verdict said of the claim's sides, in speed terms (speed: the verdict of a
 * against b), and by how much: the amount the ratio's own words say (ratio a / b, per unit of work;
 * finding_amount), so that one line says one pair one way: "ratio 0.5296, 47% lower; verdict rule:
 * ... SLOWER ..., by 47%" (it said "by 88.8%", the inverse's, beside the 47%). "build=default FASTER
 * than build=-cl-opt-disable, by 12.3x"; a bare "verdict rule: FASTER" under "-cl-opt-disable costs
 * more than 10x" left the reader to work out which build it meant. A new string. */
static char *rule_words(const struct compare_pair *pr, enum speed_verdict speed, double ratio)
{
    char *a = side_name(&pr->a.sel[0], &pr->b.sel[0]), *b = side_name(&pr->b.sel[0], &pr->a.sel[0]), *s;
    if (speed == VERDICT_FASTER || speed == VERDICT_SLOWER) {
        char *by = finding_amount(ratio);
        s = xasprintf("%s %s than %s, by %s", a, verdict_name(speed), b, by);
        free(by);
    } else if (speed == VERDICT_SAME) {
        s = xasprintf("%s SAME as %s", a, b);
    } else {
        s = xasprintf("UNSURE which of %s and %s is faster", a, b);
    }
    free(a);
    free(b);
    return s;
}

/* show_pair: "A = 5.811 against B = 31.2: ratio 0.1863, 5.37x lower; verdict rule: A SLOWER than B,
 * by 5.37x (noise floor 2.1%); claimed 0.97..0.99, 1-3% lower", the rule's verdict in speed, not
 * value, terms (rule: rule_words, floor: floor_words); the ratio per unit of work where w says the
 * two did different work. */
static void show_pair(const struct compare_pair *pr, const struct pick *a, const struct pick *b, const struct pair_work *w,
                      const char *rule, const char *floor, const struct claim_range *claimed, struct sbuf *shown)
{
    char nr[32];
    double ratio = a->x / w->a / (b->x / w->b);
    char *words = finding_ratio_words(ratio), *cw = finding_range_words(claimed), *ct = claim_range_text(claimed);
    /* Sides that left out the same points say it once, of both: the same words twice read as two
     * gaps. Each said without them, then "(each over 2 of 3 points: ...)". */
    struct pick q[2] = { *a, *b };
    char *over = finding_picks_points_said(q, 2);
    if (over) q[0].left_out = q[1].left_out = 0;
    char *per = work_words(w), *sa = finding_pick_said(&pr->a.sel[0], &q[0]), *sb = finding_pick_said(&pr->b.sel[0], &q[1]);
    sb_printf(shown, "%s%s against %s%s%s%s%s: ratio %s, %s; verdict rule: %s (%s); claimed %s, %s", shown->len ? "; " : "", sa,
              sb, over ? " (" : "", over ? over : "", over ? ")" : "", per, finding_num(nr, sizeof nr, ratio), words, rule,
              floor, ct, cw);
    free(over);
    free(sa);
    free(sb);
    free(per);
    free(words);
    free(cw);
    free(ct);
}

/* judge_why: why a pair whose ratio the rule allows from lo to hi cannot be decided against
 * claimed (finding_judge's V_UNDECIDED), in a new string: no noise floor to judge by, the rule
 * that leaves the claimed side open, or the ratios that lie both in and out of claimed. */
static char *judge_why(const struct claim_range *claimed, int side, int decided, const char *rule, const char *floor,
                       double lo, double hi)
{
    char *ct = claim_range_text(claimed), *why, a[32], b[32];
    if (!isfinite(hi))                       /* no floor: any ratio */
        why = xasprintf("the verdict rule says %s (%s)", rule, floor);
    else if (side && decided != side)
        why = xasprintf("the verdict rule says %s (%s), which does not put the ratio %s 1, the side claimed (%s)",
                        rule, floor, side > 0 ? "above" : "below", ct);
    else
        why = xasprintf("the ratios the noise floor allows, %s to %s, lie both in and out of claimed %s",
                        finding_num(a, sizeof a, lo), finding_num(b, sizeof b, hi), ct);
    free(ct);
    return why;
}

/* unpassed_verdict: v, or V_NODATA (the reason added to why) where the rows a's or b's selector
 * names that did not pass could change it: the ratios their values could give, judged as a size's. */
static enum verdict unpassed_verdict(const struct compare_pair *pr, const struct pick *a, const struct pick *b,
                                     const struct pair_work *w, const struct claim_range *claimed, enum verdict v,
                                     struct finding_why *why)
{
    if (v == V_NODATA || (!a->unpassed && !b->unpassed)) return v;
    double alo, ahi, blo, bhi;
    finding_points_unpassed_ends(&pr->a.sel[0], a, &alo, &ahi);
    finding_points_unpassed_ends(&pr->b.sel[0], b, &blo, &bhi);
    int side = claim_range_side(claimed, 1);
    struct claim_range dir = { .lo = side > 0 ? 1 : -INFINITY, .hi = side > 0 ? INFINITY : 1, .lo_open = 1, .hi_open = 1 };
    double lo = alo / w->a / (bhi / w->b), hi = ahi / w->a / (blo / w->b);
    if (lo > 0 && hi > 0 && finding_unpassed_stands(claimed, &dir, side, 1, lo, hi, v)) return v;
    const struct selector s[2] = { pr->a.sel[0], pr->b.sel[0] };
    const struct pick p[2] = { *a, *b };
    finding_why_add(why, NULL, finding_points_unpassed_why(s, p, 2));
    return V_NODATA;
}

/* pair_eval: one pair's verdict against claimed: its ratio, and the interval the rule's noise floor
 * allows around it (finding_judge); the pair a part of *t. V_NODATA: each side's reason (both
 * where both have none) added to why. */
static enum verdict pair_eval(const struct rundir *r, struct compare_pair *pr, const struct filter *where,
                              const struct claim_range *claimed, struct sbuf *shown, struct finding_why *why,
                              struct finding_trace *t)
{
    struct pick a, b;
    char *text = xasprintf("%s vs %s", pr->a.sel[0].text, pr->b.sel[0].text);
    struct finding_part *part = trace_part(t, text);
    free(text);
    char *none_a = finding_pick(r, &pr->a.sel[0], where, &a), *none_b = finding_pick(r, &pr->b.sel[0], where, &b);
    if (none_a || none_b) {
        finding_why_add(why, pr->a.sel[0].text, none_a);
        finding_why_add(why, pr->b.sel[0].text, none_b);
        pick_free(&a);
        pick_free(&b);
        return V_NODATA;
    }
    enum verdict v = V_NODATA;
    /* Builds that compiled to one binary (rusticl ignores -cl-opt-disable): their ratio is the spec's
     * other work a launch or per-launch costs, no "does not hold" of the option. */
    char *same = samebin_pair_said(r, &pr->a.sel[0], a.rows, a.n, &pr->b.sel[0], b.rows, b.n);
    /* Two aggregates over different points (a row that failed on one side alone): their ratio is
     * of the mix, not of the claim. */
    char *apart = same ? NULL : finding_points_apart(r, &pr->a.sel[0], &a, &pr->b.sel[0], &b);
    if (same) {
        finding_why_add(why, NULL, same);
    } else if (apart) {
        finding_why_add(why, NULL, apart);
    } else if (!(a.x > 0 && b.x > 0)) {
        finding_why_add(why, NULL, xasprintf("%s = %g against %s = %g: no ratio of values that are not both above 0",
                                             pr->a.sel[0].text, a.x, pr->b.sel[0].text, b.x));
    } else {
        enum metric_kind kind = finding_metric_kind(pr->a.sel[0].metric);
        struct pair_work w = pair_work(r, pr->a.sel[0].metric, &a, &b);
        struct verdict_result vr;
        int n[2];
        rule_on(r, pr, &a, &b, kind, &w, &vr, n);
        double ratio = a.x / w.a / (b.x / w.b), f = vr.floor >= 0 ? vr.floor : INFINITY;
        int decided = vr.v == VERDICT_SLOWER ? 1 : vr.v == VERDICT_FASTER ? -1 : 0, side = claim_range_side(claimed, 1);
        v = finding_judge(claimed, side, 1, ratio / (1 + f), ratio * (1 + f), decided);
        /* The rule's verdict in speed terms: a higher rate is faster. */
        enum speed_verdict speed = vr.v;
        if (kind == MK_RATE && speed != VERDICT_SAME && speed != VERDICT_UNSURE)
            speed = speed == VERDICT_SLOWER ? VERDICT_FASTER : VERDICT_SLOWER;
        char *floor = floor_words(&finding_rule, &vr, n, ratio), *rule = rule_words(pr, speed, ratio);
        show_pair(pr, &a, &b, &w, rule, floor, claimed, shown);
        /* "does not hold" beside "UNSURE which ... is faster" read as a contradiction (rusticl's
         * optflags, a floor of 48%): the rule leaves the side open, but no ratio its floor allows
         * reaches the claim, whichever side is faster (docs/spec.md's table). */
        if (vr.v == VERDICT_UNSURE && v == V_FAILS) {
            char lo[32], hi[32], *ct = claim_range_text(claimed);
            sb_printf(shown, "; whichever is faster, every ratio the noise floor allows (%s to %s) lies outside claimed %s",
                      finding_num(lo, sizeof lo, ratio / (1 + f)), finding_num(hi, sizeof hi, ratio * (1 + f)), ct);
            free(ct);
        }
        /* The side claimed, every ratio allowed outside claimed, and no "holds in direction": the size
         * is nowhere near the claim's (finding_nowhere), which the line says. */
        if (v == V_FAILS && side && decided == side) {
            char *nowhere = finding_nowhere_words(claimed, side, 1, ratio);
            sb_printf(shown, "; %s", nowhere);
            free(nowhere);
        }
        part->value = ratio;
        if (isfinite(f)) { part->lo = ratio / (1 + f); part->hi = ratio * (1 + f); }
        if (v == V_UNDECIDED) part->undecided = judge_why(claimed, side, decided, rule, floor, ratio / (1 + f), ratio * (1 + f));
        free(floor);
        free(rule);
        /* Rows a stop cut short stand on fewer rounds than the run asked (one round's trials
         * claim differences the next run does not repeat): what they say is left open. */
        int cut = finding_rows_cut(r, &a) + finding_rows_cut(r, &b);
        if (cut) {
            finding_cut_words(cut, rundir_cut_resume(r, cut), shown);
            v = V_UNDECIDED;
            struct sbuf w = {0};
            finding_cut_words(cut, rundir_cut_resume(r, cut), &w);
            free(part->undecided);
            part->undecided = w.s;
        }
        /* A best of the rows that passed where a row that did not, had it passed, could change the
         * verdict (a faster one on the side of a min): no measure of the claim. */
        v = unpassed_verdict(pr, &a, &b, &w, claimed, v, why);
        trace_rows(t, &a);
        trace_rows(t, &b);
    }
    part->verdict = v;
    pick_free(&a);
    pick_free(&b);
    return v;
}

enum verdict finding_compare_eval(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                                  struct sbuf *shown, struct finding_why *why, struct finding_trace *t)
{
    struct compare c;
    struct claim_range claimed;
    char *err = NULL;
    if (claim_range_parse(f->claimed, &claimed, &err) || compare_parse(f->compare, &c, &err)) {
        finding_why_add(why, NULL, err);
        trace_part(t, f->compare);
        return V_NODATA;
    }
    enum verdict v = V_HOLDS;
    /* Every pair, also after one that cannot be checked: each one's reasons are said at once. */
    for (int i = 0; i < c.n; i++) v = finding_worse(v, pair_eval(r, &c.pair[i], where, &claimed, shown, why, t));
    compare_free(&c);
    return v;
}
