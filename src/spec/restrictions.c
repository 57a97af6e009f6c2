/* restrictions.c — a spec's `restrictions` (restrictions.h): read with their lines, checked to name
 * only template parameters and launch axes, applied to the crossed variants (those over the
 * parameters alone) and to each configuration (those that read a launch axis). */
#include "restrictions.h"
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
 * per configuration (restrictions_point), the others to the variants. */
int spec_check_restrictions(struct loader *L, const struct spec *s)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r) return 0;
    struct vars v = {0};
    param_names(s, &v);
    for (int i = 0; i < s->nlaunch; i++) vars_set(&v, s->launch[i].name, 1);
    int rc = 0;
    for (int i = 0; i < r->exprs.n && !rc; i++) {
        char *e = NULL;
        struct expr_prog *x = expr_compile(r->exprs.v[i], &v, &e);
        if (!x) {
            rc = spec_fail_line(L, r->lines[i], "restrictions[%d] (template parameters and launch axes only): %s", i + 1, e);
            free(e);
            break;
        }
        for (int k = 0; k < s->nlaunch; k++) r->per_point[i] |= expr_reads(x, s->launch[k].name);
        expr_free(x);
    }
    vars_free(&v);
    return rc;
}

int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err)
{
    const struct spec_restrictions *r = s->restrictions;
    if (!r || r->exprs.n == 0) return 0;
    /* Parsed once: a large space has hundreds of thousands of combinations. */
    struct vars names = {0};
    param_names(s, &names);
    struct expr_prog **x = xcalloc((size_t)r->exprs.n, sizeof *x);
    double *val = xcalloc((size_t)(names.n ? names.n : 1), sizeof *val);
    int rc = 0, kept = 0, last = -1;
    for (int i = 0; i < r->exprs.n && !rc; i++)
        if (!r->per_point[i] && !(x[i] = expr_compile(r->exprs.v[i], &names, err))) rc = -1;   /* checked at load */
    for (int i = 0; i < p->nvariants && !rc; i++) {
        struct variant *var = &p->variants[i];
        for (int k = 0; k < names.n; k++) {
            const char *t = plan_variant_value(var, names.names[k]);
            if (!t || parse_number(t, &val[k])) val[k] = NAN;
        }
        int hit = -1;
        for (int k = 0; k < r->exprs.n && hit < 0 && !rc; k++) {
            double y;
            char *e = NULL;
            /* A value that is no number (a % 0) is not 0: muparser's comparisons of it give 0. */
            if (x[k] && expr_run(x[k], val, &y, &e) == -1) {
                *err = xasprintf("restrictions[%d] '%s' (line %d) for variant %s: %s", k + 1, r->exprs.v[k], r->lines[k],
                                 var->id, e ? e : "invalid");
                rc = -1;
            } else if (x[k] && y == 0) {
                hit = k;
            }
            free(e);
        }
        if (rc) break;
        if (hit >= 0) {
            last = hit;
            plan_variant_free(var);
            p->restricted++;
        } else {
            p->variants[kept++] = *var;
        }
    }
    if (!rc) {
        p->nvariants = kept;
        if (kept == 0 && last >= 0) {
            *err = xasprintf("%sthe restrictions leave no configuration: %d of %d combinations left out, the last by "
                             "restrictions[%d] '%s' (line %d)", picked ? "--set: " : "", p->restricted, p->restricted,
                             last + 1, r->exprs.v[last], r->lines[last]);
            rc = picked ? -2 : -1;
        }
    }
    for (int i = 0; i < r->exprs.n; i++) expr_free(x[i]);
    free(x);
    free(val);
    vars_free(&names);
    return rc;
}

/* point_compile: r's per-point restrictions compiled over s's template parameters and launch axes
 * (once: they were checked at load, so they compile). */
static void point_compile(const struct spec *s, struct spec_restrictions *r)
{
    r->point_names = xcalloc(1, sizeof *r->point_names);
    param_names(s, r->point_names);
    for (int i = 0; i < s->nlaunch; i++) vars_set(r->point_names, s->launch[i].name, 1);
    r->point_prog = xcalloc((size_t)r->exprs.n + 1, sizeof *r->point_prog);
    r->point_values = xcalloc((size_t)r->point_names->n + 1, sizeof *r->point_values);
    for (int i = 0; i < r->exprs.n; i++) {
        char *e = NULL;
        if (r->per_point[i]) r->point_prog[i] = expr_compile(r->exprs.v[i], r->point_names, &e);
        free(e);
    }
}

char *restrictions_point(const struct spec *s, const struct vars *vv, char **err)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r) return NULL;
    if (!r->point_prog) point_compile(s, r);
    for (int k = 0; k < r->point_names->n; k++)
        if (!vars_get(vv, r->point_names->names[k], &r->point_values[k])) r->point_values[k] = NAN;
    for (int i = 0; i < r->exprs.n; i++) {
        if (!r->per_point[i]) continue;
        double y;
        char *e = NULL;
        if (!r->point_prog[i] || expr_run(r->point_prog[i], r->point_values, &y, &e) == -1) {
            *err = xasprintf("restrictions[%d] '%s' (line %d): %s", i + 1, r->exprs.v[i], r->lines[i], e ? e : "invalid");
            free(e);
            return NULL;
        }
        free(e);
        if (y == 0) return xasprintf("left out by the spec's restrictions[%d] '%s' (line %d)", i + 1, r->exprs.v[i], r->lines[i]);
    }
    return NULL;
}

void restrictions_free(struct spec_restrictions *r)
{
    if (!r) return;
    for (int i = 0; r->point_prog && i < r->exprs.n; i++) expr_free(r->point_prog[i]);
    free(r->point_prog);
    if (r->point_names) vars_free(r->point_names);
    free(r->point_names);
    free(r->point_values);
    sl_free(&r->exprs);
    free(r->lines);
    free(r->per_point);
    free(r);
}
