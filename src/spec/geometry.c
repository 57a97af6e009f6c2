/* geometry.c — a configuration's derived values and launch sizes from its names, each error naming
 * its setting and line (geometry.h). */
#include "geometry.h"
#include "plan.h"
#include "restrictions.h"
#include "spec.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* at_line: "f.spec:9", a new string. */
static char *at_line(const struct spec *s, int line)
{
    return line > 0 ? xasprintf("%s:%d", s->path, line) : xstrdup(s->path);
}

int geometry_derived(const struct spec *s, struct vars *vv, int partial, char **err)
{
    for (int i = 0; i < s->derived_names.n; i++) {
        double x;
        char *label = xasprintf("derived %s", s->derived_names.v[i]), *where = at_line(s, s->derived_lines[i]), *e = NULL;
        int rc = expr_eval_as(label, where, s->derived_exprs.v[i], vv, &x, &e);
        free(label);
        free(where);
        /* A name not known yet (the geometry, read by a value that does not feed it) is left for
         * the second pass; a value that is no number is the spec's mistake at these values, and is
         * said now: global, reading the value, would only find it missing. */
        if (rc == -1 && partial) {
            free(e);
            continue;
        }
        if (rc) {
            *err = e;
            return -1;
        }
        vars_set(vv, s->derived_names.v[i], x);
    }
    return 0;
}

/* eval_dim: one setting's entry for dimension d (global, local_size) with vv. */
static int eval_dim(const struct spec *s, const char *setting, const struct strlist *l, int line, unsigned d,
                    const struct vars *vv, double *x, char **err)
{
    char *label = l->n > 1 ? xasprintf("%s[%u]", setting, d) : xstrdup(setting), *where = at_line(s, line);
    int rc = expr_eval_as(label, where, l->v[d], vv, x, err);
    free(label);
    free(where);
    return rc;
}

int geometry_dim(const struct spec *s, unsigned d, const struct vars *vv, double *lx, double *gx, char **err)
{
    double local = 1;
    vars_get(vv, "local", &local);
    *lx = d == 0 ? local : 1;
    int rc = (int)d < s->local_size.n ? eval_dim(s, "local_size", &s->local_size, s->local_size_line, d, vv, lx, err) : 0;
    if (!rc) rc = eval_dim(s, "global", &s->global, s->global_line, d, vv, gx, err);
    if (rc) return rc;
    if (*lx < 1 || *gx < 1) {
        *err = xasprintf("dimension %u: local %.0f, global %.0f must be >= 1", d, *lx, *gx);
        return -3;
    }
    return 0;
}

char *geometry_local_said(const struct spec *s, const size_t *local, unsigned dims, const struct vars *vv)
{
    size_t items = 1;
    for (unsigned d = 0; d < dims; d++) items *= local[d];
    if (dims <= 1 && !s->local_size.n) return xasprintf("of %zu", items);
    struct sbuf shape = {0}, exprs = {0};
    for (unsigned d = 0; d < dims; d++) sb_printf(&shape, "%s%zu", d ? "x" : "", local[d]);
    if (!s->local_size.n) {
        double l = 0;
        vars_get(vv, "local", &l);
        char *at = number_words(l);
        char *said = xasprintf("%s (%zu work-items; local=%s)", shape.s, items, at);
        free(at);
        sb_free(&shape);
        return said;
    }
    for (int i = 0; i < s->local_size.n; i++) sb_printf(&exprs, "%s\"%s\"", i ? ", " : "", s->local_size.v[i]);
    char *where = at_line(s, s->local_size_line), *at = expr_values_read(exprs.s, vv);
    char *said = xasprintf("%s (%zu work-items; local_size = [ %s ] (%s)%s%s)", shape.s, items, exprs.s, where,
                           at ? " at " : "", at ? at : "");
    free(where);
    free(at);
    sb_free(&shape);
    sb_free(&exprs);
    return said;
}

int geometry_point(const struct spec *s, const struct plan *p, int v, size_t pt, int noopt, struct vars *vv, char **err)
{
    char *rerr = NULL;
    plan_variant_vars(&p->variants[v], vv);
    plan_point_vars(p, pt, vv);
    char *left_out = restrictions_point(s, vv, &rerr);
    int out = left_out || rerr;
    free(left_out);
    free(rerr);
    if (out) return 1;
    vars_set(vv, "NOOPT", noopt);
    if (geometry_derived(s, vv, 1, err)) return -2;
    double groups = 1, total = 1;
    for (int d = 0; d < s->global.n; d++) {
        double lx, gx;
        int rc = geometry_dim(s, (unsigned)d, vv, &lx, &gx, err);
        if (rc) return rc;
        double global = ceil(gx / lx) * lx;
        groups *= global / lx;
        total *= global;
    }
    vars_set(vv, "GLOBAL", total);
    vars_set(vv, "GROUPS", groups);
    return geometry_derived(s, vv, 1, err) ? -2 : 0;
}
