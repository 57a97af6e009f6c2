/* workcheck.c — a spec's flops and bytes checked at every planned configuration (workcheck.h). */
#include "workcheck.h"
#include "geometry.h"
#include "plan.h"
#include "spec.h"
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

/* The most configurations evaluated: a larger plan's variants are taken evenly spread, each at all
 * of its points (sgemm's 62,128 variants: 20,000 of them took 0.4-1.2 s more of every run's set-up,
 * a search's included; 2,000 a tenth of that, and an expression that fails at one variant of a
 * parameter's value fails at a thousand). */
#define WORKCHECK_MOST 2000

char *workcheck_plan(const struct spec *s, const struct plan *p, const struct devprops *dev)
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
            /* A variant's points have the same names: a setting that reads a name none has at one
             * (a device's, a built kernel's) does at all; the other is checked on. */
            int unknown[2] = { !s->flops, !s->bytes };
            for (size_t pt = 0; pt < p->npoints && !said && !(unknown[0] && unknown[1]); pt++) {
                struct vars vv = {0};
                if (dev) plan_device_vars(dev, &vv);
                char *err = NULL;
                /* A configuration whose values are errors of their own is the run's to say. A launch
                 * that needs a name vv lacks (grid-stride's CU * local in a dry run) leaves the
                 * names it does not feed: bytes = '-12 * N' is checked there as anywhere. */
                int rc = geometry_point(s, p, v, pt, o, &vv, &err);
                free(err);
                if (!rc || rc == -1) {
                    if (!unknown[0]) said = work_at(s, "flops", s->flops, s->flops_line, &vv, &unknown[0]);
                    if (!said && !unknown[1]) said = work_at(s, "bytes", s->bytes, s->bytes_line, &vv, &unknown[1]);
                }
                vars_free(&vv);
            }
        }
    return said;
}
