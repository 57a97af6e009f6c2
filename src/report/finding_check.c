/* finding_check.c — a check (docs/spec.md, "Findings"): an expression over selectors, true or false
 * on a run's rows, with both sides of each comparison shown by name and value, judged against its
 * timed values' noise and the peaks that are only estimates; a finding's check and its premise. */
#include "finding_check.h"
#include "finding_noise.h"
#include "finding_noise_verdict.h"
#include "finding_pick.h"
#include "finding_points.h"
#include "lib/expr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* comparison_true: whether a OP b. */
static int comparison_true(const char *op, double a, double b)
{
    return !strcmp(op, ">=") ? a >= b : !strcmp(op, "<=") ? a <= b : !strcmp(op, ">") ? a > b : !strcmp(op, "<") ? a < b
         : !strcmp(op, "==") ? a == b : a != b;
}

/* show_comparisons: each top-level comparison of c as "LEFT = a, asked OP RIGHT = b" (a constant
 * right side by its value alone; "(true)" or "(false)" after each where there are several), after
 * the selectors no side shows whole; appended to *shown. Frees sel[]. */
static void show_comparisons(const struct check *c, const struct vars *v, char **sel, int *whole, struct sbuf *shown)
{
    struct sbuf cmp = {0}, rest = {0};
    for (int k = 0; k < c->ops.n; k++) {
        const char *left = c->sides.v[2 * k], *right = c->sides.v[2 * k + 1], *op = c->ops.v[k];
        double a, b, constant;
        if (expr_eval(left, v, &a, NULL) || expr_eval(right, v, &b, NULL)) continue;
        char *l = finding_labelled(c, v, left, sel, whole);
        char *rt = parse_number(right, &constant) == 0 ? xstrdup(right) : finding_labelled(c, v, right, sel, whole);
        sb_printf(&cmp, "%s%s, asked %s %s%s", cmp.len ? "; " : "", l, op, rt,
                  c->ops.n > 1 ? (comparison_true(op, a, b) ? " (true)" : " (false)") : "");
        free(l);
        free(rt);
    }
    finding_shown_rest(c, sel, whole, &rest);
    sb_printf(shown, "%s%s%s%s", shown->len && (rest.s || cmp.s) ? "; " : "", rest.s ? rest.s : "",
              rest.s && cmp.s ? "; " : "", cmp.s ? cmp.s : "");
    sb_free(&rest);
    sb_free(&cmp);
}

enum verdict finding_check_eval(const struct rundir *r, const char *text, const char *setting, const struct filter *where,
                                struct sbuf *shown, struct finding_why *why, struct finding_trace *t)
{
    struct check c;
    char *err = NULL;
    if (check_parse(text, &c, &err)) { finding_why_add(why, NULL, err); trace_part(t, text); return V_NODATA; }
    struct vars v = {0};
    finding_device_vars(r, &v);
    char **sel = xcalloc((size_t)c.nsel + 1, sizeof *sel);
    int *whole = xcalloc((size_t)c.nsel + 1, sizeof *whole);
    struct pick *picks = xcalloc((size_t)c.nsel + 1, sizeof *picks);
    enum verdict verdict = V_NODATA;
    double x;
    struct finding_part *part = NULL;
    int missing = finding_selectors(r, &c, where, &v, sel, picks, why);
    if (!missing && expr_eval(c.expr, &v, &x, &err)) {
        finding_why_add(why, NULL, xasprintf("%s '%s': %s%s", setting, text, err, finding_unknown_why(r, err)));
        free(err);
    } else if (!missing) {
        verdict = x != 0 ? V_HOLDS : V_FAILS;
        char *over = finding_selectors_points_said(&c, picks, sel);
        show_comparisons(&c, &v, sel, whole, shown);
        if (over) sb_printf(shown, " (%s)", over);
        free(over);
        finding_work_apart(r, &c, picks, shown);
        /* Its timed values anywhere within their noise floors: a check that is true at some and
         * false at others is not decided by these rows (the verdict rule's standard). */
        struct expr_noise n;
        part = trace_part(t, text);
        finding_expr_noise(r, &c, picks, &v, c.expr, &n);
        /* A share of a peak that is only an upper-bound estimate is a lower bound of the true share:
         * a check another true peak would turn cannot be checked on this device, whatever the noise. */
        verdict = finding_estimate_verdict(&n, verdict, !(n.est_true && n.est_false), shown, why);
        if (verdict != V_NODATA)
            verdict = finding_noise_verdict(&n, verdict, !(n.some_true && n.some_false), shown, &part->undecided);
        verdict = finding_both_verdict(&n, verdict, !(n.both_true && n.both_false), shown, &part->undecided);
        /* Builds set against each other that are one binary, or aggregates over different points (a
         * row that failed on one side alone): no measure of the claim, as a compare's pair. Nor is a
         * best of the rows that passed where a row that did not could turn the check. */
        if (finding_samebin(r, &c, picks, why) || finding_points_check(r, &c, picks, why) ||
            finding_points_unpassed_check(&c, picks, &v, c.expr, why))
            verdict = V_NODATA;
        part->verdict = verdict;
        for (int i = 0; i < c.nsel; i++) trace_rows(t, &picks[i]);
        expr_noise_free(&n);
    }
    if (verdict == V_NODATA && !part) trace_part(t, text);
    for (int i = 0; i < c.nsel; i++) {
        free(sel[i]);
        pick_free(&picks[i]);
    }
    free(sel);
    free(whole);
    free(picks);
    vars_free(&v);
    check_free(&c);
    return verdict;
}
