/* restrictpoints.c — whether the restrictions that read a launch axis leave a plan any configuration
 * (restrictpoints.h): each variant at each launch point judged as restrictions_point judges a row,
 * every such restriction counted, so that the one to blame is the one that leaves out the most. */
#include "restrictpoints.h"
#include "restrictions.h"
#include "plan.h"
#include "spec_impl.h"
#include "lib/expr.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* judge: restriction k's verdict on the values in r->values: 1 admitted, 0 left out (0 or NaN), -1
 * not evaluable. */
static int judge(const struct spec_restrictions *r, int k)
{
    double y;
    char *e = NULL;
    int rc = expr_run(r->prog[k], r->values, &y, &e);
    free(e);
    if (rc == -1) return -1;
    return !isnan(y) && y != 0;
}

/* blamed_options: " --set MNK=96" for each override of a launch axis that restriction k reads. */
static void blamed_options(struct sbuf *b, const struct spec *s, const struct override *ov, int nov, int k)
{
    const struct spec_restrictions *r = s->restrictions;
    for (int i = 0; i < nov; i++)
        if (ov[i].flag && spec_axis_find(s->launch, s->nlaunch, ov[i].name) && expr_reads(r->prog[k], ov[i].name))
            sb_printf(b, "%s%s %s=%s", b->len ? " " : "", ov[i].flag, ov[i].name, ov[i].values);
}

int restrictions_points_none_left(const struct spec *s, const struct plan *p, const struct override *ov, int nov,
                                  char **err)
{
    struct spec_restrictions *r = s->restrictions;
    if (!r || p->nvariants == 0 || p->npoints == 0) return 0;
    int any = 0;
    for (int k = 0; k < r->exprs.n; k++) any |= r->per_point[k];
    if (!any) return 0;
    long *rejects = xcalloc((size_t)r->exprs.n, sizeof *rejects), judged = 0;
    int admitted = 0;
    for (int v = 0; v < p->nvariants && !admitted; v++)
        for (size_t pt = 0; pt < p->npoints && !admitted; pt++) {
            struct vars vv = {0};
            plan_variant_vars(&p->variants[v], &vv);
            plan_point_vars(p, pt, &vv);
            restrictions_point_values(s, &vv);
            vars_free(&vv);
            int in = 1;
            for (int k = 0; k < r->exprs.n; k++) {
                if (!r->per_point[k]) continue;
                int y = judge(r, k);
                if (y < 0) admitted = 1;          /* the run's row says why: not this module's to refuse */
                else if (!y) { in = 0; rejects[k]++; }
            }
            judged++;
            admitted |= in;
        }
    int rc = 0;
    if (!admitted) {
        int most = -1;
        for (int k = 0; k < r->exprs.n; k++)
            if (r->per_point[k] && (most < 0 || rejects[k] > rejects[most])) most = k;
        struct sbuf opts = {0}, b = {0};
        blamed_options(&opts, s, ov, nov, most);
        long configs = judged * p->builds.n;
        long out = rejects[most] * p->builds.n;
        char *count = out == configs ? xasprintf("%s%ld configuration%s", configs == 1 ? "the " : "all ", configs,
                                                 configs == 1 ? "" : "s")
                                     : xasprintf("%ld of the %ld configurations (the others by the other restrictions)",
                                                 out, configs);
        sb_printf(&b, "%s%sthe spec's restrictions[%d] '%s' (line %d) leaves out %s (%d variant%s x %d build%s x %zu "
                      "launch point%s): a search has none to measure (a sweep writes each one left out as a skipped row "
                      "naming the restriction)%s", opts.s ? opts.s : "", opts.s ? ": " : "", most + 1, r->exprs.v[most],
                  r->lines[most], count, p->nvariants, p->nvariants == 1 ? "" : "s", p->builds.n,
                  p->builds.n == 1 ? "" : "s", p->npoints, p->npoints == 1 ? "" : "s",
                  opts.s ? "; a value it admits gives the search a space" : "");
        free(count);
        *err = b.s;
        rc = opts.s ? -2 : -1;
        free(opts.s);
    }
    free(rejects);
    return rc;
}
