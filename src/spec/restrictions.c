/* restrictions.c — a spec's `restrictions` (restrictions.h): read with their lines, checked to name
 * only template parameters, and applied to the crossed variants. */
#include "restrictions.h"
#include "plan_impl.h"
#include "spec_impl.h"
#include "lib/expr.h"
#include <stdlib.h>

int spec_read_restrictions(struct loader *L, struct spec *s, const config_setting_t *st)
{
    if (!st) return 0;
    if (!spec_is_sequence(st))
        return spec_fail(L, st, "'restrictions' must be a list of expressions over the template parameters, "
                                "[ \"MWG %% (MDIMC * VWM) == 0\", ... ]");
    struct spec_restrictions *r = s->restrictions = xcalloc(1, sizeof *r);
    int n = config_setting_length(st);
    r->lines = xcalloc((size_t)n + 1, sizeof *r->lines);
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(st, (unsigned)i);
        if (config_setting_type(e) != CONFIG_TYPE_STRING)
            return spec_fail(L, e, "restrictions: element %d must be a string (an expression)", i + 1);
        sl_push(&r->exprs, config_setting_get_string(e));
        r->lines[i] = config_setting_source_line(e);
    }
    return 0;
}

/* A restriction names template parameters alone: it decides which variants exist, before any
 * device or launch point. */
int spec_check_restrictions(struct loader *L, const struct spec *s)
{
    const struct spec_restrictions *r = s->restrictions;
    if (!r) return 0;
    struct vars v = {0};
    for (int i = 0; i < s->nparams; i++) vars_set(&v, s->params[i].name, 1);
    for (int i = 0; i < s->nvariants; i++)
        for (int k = 0; k < s->variants[i].keys.n; k++) vars_set(&v, s->variants[i].keys.v[k], 1);
    int rc = 0;
    for (int i = 0; i < r->exprs.n && !rc; i++) {
        char *what = xasprintf("restrictions[%d] (only template parameters may be named)", i + 1);
        rc = spec_check_vars(L, what, r->exprs.v[i], r->lines[i], &v);
        free(what);
    }
    vars_free(&v);
    return rc;
}

int restrictions_violated(const struct spec_restrictions *r, const struct variant *var, char **err)
{
    if (!r) return -1;
    struct vars v = {0};
    plan_variant_vars(var, &v);
    int hit = -1;
    for (int i = 0; i < r->exprs.n && hit == -1; i++) {
        double x;
        char *e = NULL;
        /* A value that is no number (a % 0) is not 0: muparser's comparisons of it give 0. */
        if (expr_eval(r->exprs.v[i], &v, &x, &e) == -1) {
            *err = xasprintf("restrictions[%d] '%s' (line %d) for variant %s: %s", i + 1, r->exprs.v[i], r->lines[i],
                             var->id, e ? e : "invalid");
            hit = i;
        } else if (x == 0) {
            hit = i;
        }
        free(e);
    }
    vars_free(&v);
    return hit;
}

int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err)
{
    const struct spec_restrictions *r = s->restrictions;
    if (!r || r->exprs.n == 0) return 0;
    int kept = 0, last = -1;
    for (int i = 0; i < p->nvariants; i++) {
        char *e = NULL;
        int hit = restrictions_violated(r, &p->variants[i], &e);
        if (e) {
            *err = e;
            return -1;
        }
        if (hit >= 0) {
            last = hit;
            plan_variant_free(&p->variants[i]);
            p->restricted++;
        } else {
            p->variants[kept++] = p->variants[i];
        }
    }
    p->nvariants = kept;
    if (kept > 0 || last < 0) return 0;
    *err = xasprintf("%sthe restrictions leave no configuration: %d of %d combinations left out, the last by "
                     "restrictions[%d] '%s' (line %d)", picked ? "--set: " : "", p->restricted, p->restricted, last + 1,
                     r->exprs.v[last], r->lines[last]);
    return picked ? -2 : -1;
}

void restrictions_free(struct spec_restrictions *r)
{
    if (!r) return;
    sl_free(&r->exprs);
    free(r->lines);
    free(r);
}
