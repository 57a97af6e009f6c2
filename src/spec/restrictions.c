/* restrictions.c — a spec's `restrictions` (restrictions.h): read with their lines, checked to name
 * only template parameters and launch axes, applied to the crossed variants (those over the
 * parameters alone) and to each configuration (those that read a launch axis). */
#include "restrictions.h"
#include "restrictcross.h"
#include "plan_impl.h"
#include "spec_impl.h"
#include "lib/expr.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int spec_read_restrictions(struct loader *L, struct spec *s, const config_setting_t *st)
{
    if (!st) return 0;
    if (!spec_is_sequence(st))
        return spec_fail(L, st, "'restrictions' must be a list of expressions over the template parameters, "
                                "[ \"MWG %% (MDIMC * VWM) == 0\", ... ]");
    struct spec_restrictions *r = s->restrictions = xcalloc(1, sizeof *r);
    int n = config_setting_length(st);
    r->lines = xcalloc((size_t)n + 1, sizeof *r->lines);
    r->per_point = xcalloc((size_t)n + 1, sizeof *r->per_point);
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(st, (unsigned)i);
        if (config_setting_type(e) != CONFIG_TYPE_STRING)
            return spec_fail(L, e, "restrictions: element %d must be a string (an expression)", i + 1);
        sl_push(&r->exprs, config_setting_get_string(e));
        r->lines[i] = config_setting_source_line(e);
    }
    return 0;
}

/* param_names: every template parameter's name (the params' and the named variants' keys), once. */
static void param_names(const struct spec *s, struct vars *v)
{
    for (int i = 0; i < s->nparams; i++) vars_set(v, s->params[i].name, 1);
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++) vars_set(v, s->variants[i].keys.v[k], 1);
}

/* A restriction names template parameters and launch axes: what decides whether a kernel exists
 * and whether it fits a problem size, before any device. One that reads a launch axis is applied
 * per configuration (restrictions_point), the others to the variants. Each is compiled here, once,
 * and kept for both: a large space asks hundreds of thousands of times. */
int spec_check_restrictions(struct loader *L, const struct spec *s)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r) return 0;
    param_names(s, &r->names);
    for (int i = 0; i < s->nlaunch; i++) vars_set(&r->names, s->launch[i].name, 1);
    r->prog = xcalloc((size_t)r->exprs.n + 1, sizeof *r->prog);
    r->values = xcalloc((size_t)r->names.n + 1, sizeof *r->values);
    for (int i = 0; i < r->exprs.n; i++) {
        char *e = NULL;
        if (!(r->prog[i] = expr_compile(r->exprs.v[i], &r->names, &e))) {
            int rc = spec_fail_line(L, r->lines[i], "restrictions[%d] (template parameters and launch axes only): %s", i + 1, e);
            free(e);
            return rc;
        }
        for (int k = 0; k < s->nlaunch; k++) r->per_point[i] |= expr_reads(r->prog[i], s->launch[k].name);
    }
    return 0;
}

/* named: restrictions[k] as a message names it, appended to b. */
static void named(struct sbuf *b, const struct spec_restrictions *r, int k)
{
    sb_printf(b, "restrictions[%d] '%s' (line %d)", k + 1, r->exprs.v[k], r->lines[k]);
}

/* nan_everywhere: where restrictions[k] was NaN on each of the n combinations of t, the error
 * saying so at its line, as the spec's errors are (-1, or -2 when `picked`), else 0. */
static int nan_everywhere(const struct spec *s, const struct restrictions_tally *t, int k, int picked, char **err)
{
    const struct spec_restrictions *r = s->restrictions;
    int n = t->judged;
    if (!t->nan || n == 0 || t->nan->count[k] < n) return 0;
    /* A restriction that reads no parameter ("0/0") has no values to show. */
    const char *at = t->nan->first[k];
    char *which = n == 1 ? xasprintf("the one combination of the template parameters%s%s%s", *at ? " (" : "", at, *at ? ")" : "")
                         : xasprintf("every combination of the template parameters (all %d%s%s)", n, *at ? "; the first: " : "", at);
    *err = xasprintf("%s%s:%d: restrictions[%d] '%s' is %s on %s: a restriction admits a combination only where it is a "
                     "number and not 0, so this one admits none", picked ? "--set: " : "", s->path, r->lines[k], k + 1,
                     r->exprs.v[k], RESTRICTION_NAN, which);
    free(which);
    return picked ? -2 : -1;
}

/* restrictions_none_left: the error when the restrictions left no variant at all, blaming by
 * p->tally, which judged every restriction on every combination (none was admitted): one NaN on
 * each of them is refused as that, at its line; else a restriction that is 0 on each of them is to
 * blame, not the one that judged the last (a correct one, where the restrictions are judged in
 * order); one with no finite value on any is said as that. */
int restrictions_none_left(const struct spec *s, const struct plan *p, int picked, char **err)
{
    const struct spec_restrictions *r = s->restrictions;
    const struct restrictions_tally *t = p->tally;
    if (!r || p->nvariants > 0 || !p->restricted || !t) return 0;
    for (int k = 0; k < r->exprs.n; k++) {
        int rc = r->per_point[k] ? 0 : nan_everywhere(s, t, k, picked, err);
        if (rc) return rc;
    }
    int n = t->judged, alone = 0, most = -1;
    struct sbuf b = {0};
    sb_printf(&b, "%sthe restrictions leave no configuration: %s%d combination%s left out", picked ? "--set: " : "",
              n == 1 ? "" : "all ", n, n == 1 ? "" : "s");
    for (int k = 0; k < r->exprs.n; k++) {
        if (r->per_point[k]) continue;
        int all = t->rejects[k] == n, never = t->undefined[k] == n;
        alone += all;
        if (most < 0 || t->rejects[k] > t->rejects[most]) most = k;
        if (!all && !never) continue;
        sb_printf(&b, "; ");
        named(&b, r, k);
        if (all) sb_printf(&b, " leaves %s", n == 1 ? "it out" : "out every one on its own");
        if (never) sb_printf(&b, "%s has no finite value on %s (a division by zero, 0/0 or x %% 0 in it)", all ? ": it" : "",
                             n == 1 ? "it" : "any of them");
    }
    if (!alone && most >= 0) {
        sb_printf(&b, "; no restriction leaves out every one on its own, together they leave none: ");
        named(&b, r, most);
        sb_printf(&b, " leaves out the most, %d of the %d", t->rejects[most], n);
    }
    /* NaN on some of them: those it left out for that, which the run's warning would have said. */
    for (int k = 0; t->nan && k < r->exprs.n; k++) {
        if (r->per_point[k] || !t->nan->count[k]) continue;
        sb_printf(&b, "; ");
        named(&b, r, k);
        sb_printf(&b, " is NaN on %d of them (the first: %s)", t->nan->count[k], t->nan->first[k]);
    }
    *err = b.s;
    return picked ? -2 : -1;
}

void restrictions_nan_warnings(const struct spec *s, const struct plan *p, struct strlist *w)
{
    const struct spec_restrictions *r = s->restrictions;
    const struct restrictions_nans *nn = p->nans;
    for (int k = 0; r && nn && k < r->exprs.n; k++) {
        int c = nn->count[k];
        if (!c) continue;
        sl_push_own(w, xasprintf("%s:%d: restrictions[%d] '%s' is %s on %d combination%s of the template parameters (the "
                                 "first: %s): left out, as where it is 0", s->path, r->lines[k], k + 1, r->exprs.v[k],
                                 RESTRICTION_NAN, c, c == 1 ? "" : "s", nn->first[k]));
    }
}

void restrictions_nan_warn(const struct spec *s, const struct plan *p)
{
    struct strlist w = {0};
    restrictions_nan_warnings(s, p, &w);
    for (int i = 0; i < w.n; i++) warn("%s", w.v[i]);
    sl_free(&w);
}

void restrictions_nans_free(struct restrictions_nans *nn)
{
    if (!nn) return;
    for (int k = 0; k < nn->n; k++) free(nn->first[k]);
    free(nn->first);
    free(nn->count);
    free(nn);
}

void restrictions_tally_free(struct restrictions_tally *t)
{
    if (!t) return;
    free(t->rejects);
    free(t->undefined);
    restrictions_nans_free(t->nan);
    free(t);
}

int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r || r->exprs.n == 0) return 0;
    int rc = 0, kept = 0;
    for (int i = 0; i < p->nvariants && !rc; i++) {
        struct variant *var = &p->variants[i];
        /* The launch axes have no value here: the restrictions that read one are restrictions_point's. */
        for (int k = 0; k < r->names.n; k++) {
            const char *t = plan_variant_value(var, r->names.names[k]);
            if (!t || parse_number(t, &r->values[k])) r->values[k] = NAN;
        }
        int failed;
        char *e = NULL;
        int by = restrictions_judge(r, &failed, &p->nans, &e);
        if (by < 0) {
            *err = xasprintf("restrictions[%d] '%s' (line %d) for variant %s: %s", failed + 1, r->exprs.v[failed],
                             r->lines[failed], var->id, e ? e : "invalid");
            rc = -1;
        }
        free(e);
        if (rc) break;
        if (by > 0) {
            /* Until one is admitted (after which none left is no error), every restriction on it. */
            if (kept == 0) restrictions_tally_add(r, &p->tally);
            plan_variant_free(var);
            p->restricted++;
        } else {
            p->variants[kept++] = *var;
        }
    }
    if (!rc) {
        p->nvariants = kept;
        rc = restrictions_none_left(s, p, picked, err);
    }
    return rc;
}

void restrictions_point_values(const struct spec *s, const struct vars *vv)
{
    struct spec_restrictions *r = s->restrictions;
    for (int k = 0; r && k < r->names.n; k++)
        if (!vars_get(vv, r->names.names[k], &r->values[k])) r->values[k] = NAN;
}

char *restrictions_point(const struct spec *s, const struct vars *vv, char **err)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r) return NULL;
    restrictions_point_values(s, vv);
    for (int i = 0; i < r->exprs.n; i++) {
        if (!r->per_point[i]) continue;
        double y;
        char *e = NULL;
        if (expr_run(r->prog[i], r->values, &y, &e) == -1) {
            *err = xasprintf("restrictions[%d] '%s' (line %d): %s", i + 1, r->exprs.v[i], r->lines[i], e ? e : "invalid");
            free(e);
            return NULL;
        }
        free(e);
        /* As restrictions_judge: NaN does not admit. */
        if (isnan(y))
            return xasprintf("left out by the spec's restrictions[%d] '%s' (line %d), %s here", i + 1, r->exprs.v[i], r->lines[i],
                             RESTRICTION_NAN);
        if (y == 0) return xasprintf("left out by the spec's restrictions[%d] '%s' (line %d)", i + 1, r->exprs.v[i], r->lines[i]);
    }
    return NULL;
}

char *restrictions_variant(const struct spec *s, const struct vars *vv)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r) return NULL;
    restrictions_point_values(s, vv);
    for (int i = 0; i < r->exprs.n; i++) {
        double y;
        char *e = NULL;
        int bad = r->per_point[i] || expr_run(r->prog[i], r->values, &y, &e) == -1;
        free(e);
        if (!bad && y == 0) return xasprintf("left out by the spec's restrictions[%d] '%s' (line %d)", i + 1, r->exprs.v[i], r->lines[i]);
    }
    return NULL;
}

void restrictions_free(struct spec_restrictions *r)
{
    if (!r) return;
    for (int i = 0; r->prog && i < r->exprs.n; i++) expr_free(r->prog[i]);
    free(r->prog);
    vars_free(&r->names);
    free(r->values);
    sl_free(&r->exprs);
    free(r->lines);
    free(r->per_point);
    free(r);
}
