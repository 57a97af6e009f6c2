/* workcheck.c — a spec's flops and bytes checked at every planned configuration (workcheck.h). */
#include "workcheck.h"
#include "geometry.h"
#include "plan.h"
#include "restrictions.h"
#include "spec.h"
#include <math.h>
#include <stdlib.h>

/* work_at: setting's text with vv: NULL where it is a number >= 0 or reads a name vv lacks (then
 * *unknown is set: it does at every point); else why not. */
static char *work_at(const struct spec *s, const char *setting, const char *text, int line, const struct vars *vv,
                     int *unknown)
{
    double x;
    char *err = NULL, *where = line > 0 ? xasprintf("%s:%d", s->path, line) : xstrdup(s->path), *said = NULL;
    int rc = expr_eval_as(setting, where, text, vv, &x, &err);
    if (rc == -1) *unknown = 1;
    if (rc == -2) said = err, err = NULL;
    else if (rc == 0 && x < 0) said = expr_negative_said(setting, where, text, vv, x);
    free(err);
    free(where);
    return said;
}

/* point_vars: vv for variant v at point pt built with noopt: its derived values and launch sizes
 * as the run works them out; 0, else 1 where they are errors or left out here (not this check's),
 * 2 where they read a device's names (so do the variant's other points). */
static int point_vars(const struct spec *s, const struct plan *p, int v, size_t pt, int noopt, struct vars *vv)
{
    char *err = NULL, *rerr = NULL;
    plan_variant_vars(&p->variants[v], vv);
    plan_point_vars(p, pt, vv);
    char *left_out = restrictions_point(s, vv, &rerr);
    int rc = left_out || rerr ? -1 : 0;
    free(left_out);
    free(rerr);
    vars_set(vv, "NOOPT", noopt);
    if (!rc) rc = geometry_derived(s, vv, 1, &err);
    double groups = 1, total = 1;
    for (int d = 0; !rc && d < s->global.n; d++) {
        double lx, gx;
        rc = geometry_dim(s, (unsigned)d, vv, &lx, &gx, &err);
        if (rc == -1) {
            free(err);
            return 2;
        }
        if (!rc) groups *= ceil(gx / lx), total *= ceil(gx / lx) * lx;
    }
    if (!rc) {
        vars_set(vv, "GLOBAL", total);
        vars_set(vv, "GROUPS", groups);
        rc = geometry_derived(s, vv, 1, &err);
    }
    free(err);
    return rc ? 1 : 0;
}

/* The most configurations evaluated: a larger plan's variants are taken evenly spread, each at all
 * of its points (sgemm's 62,128 variants: 20,000 of them took 0.4-1.2 s more of every run's set-up,
 * a search's included; 2,000 a tenth of that, and an expression that fails at one variant of a
 * parameter's value fails at a thousand). */
#define WORKCHECK_MOST 2000

char *workcheck_plan(const struct spec *s, const struct plan *p)
{
    if (!s->flops && !s->bytes) return NULL;
    /* NOOPT is all a build changes in the names: each of its values the builds give, once. */
    int noopts[2] = { 0, 0 };
    for (int b = 0; b < p->builds.n; b++) noopts[plan_is_noopt(p->builds.v[b]) ? 1 : 0] = 1;
    char *said = NULL;
    size_t total = (size_t)p->nvariants * p->npoints * (size_t)(noopts[0] + noopts[1]);
    int step = total > WORKCHECK_MOST ? (int)((total + WORKCHECK_MOST - 1) / WORKCHECK_MOST) : 1;
    for (int v = 0; v < p->nvariants && !said; v += step)
        for (int o = 0; o < 2 && !said; o++) {
            if (!noopts[o]) continue;
            /* A variant's points have the same names: one that reads a device's at one does at all. */
            int unknown = 0;
            for (size_t pt = 0; pt < p->npoints && !said && !unknown; pt++) {
                struct vars vv = {0};
                int rc = point_vars(s, p, v, pt, o, &vv);
                unknown = rc == 2;
                if (!rc) {
                    if (s->flops) said = work_at(s, "flops", s->flops, s->flops_line, &vv, &unknown);
                    if (!said && s->bytes) said = work_at(s, "bytes", s->bytes, s->bytes_line, &vv, &unknown);
                }
                vars_free(&vv);
            }
        }
    return said;
}
