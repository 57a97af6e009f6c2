/* plan_tune.c — what a tuning pass's overrides cross (plan_impl.h): the tuned variants and the
 * baseline and relative ones; every other variant keeps the spec's own values and an id without
 * the tuned axes (peaks' chains are "fp32_fma" in a tuned run as in any other). */
#include "plan_impl.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <string.h>

static int is_tune(const struct override *o) { return o->flag && !strcmp(o->flag, OVERRIDE_TUNE); }

struct caxis *plan_tune_own_axes(const struct spec *s, const struct override *ov, int nov, int quick,
                                 const struct caxis *ax, int nax)
{
    int ntune = 0;
    for (int i = 0; i < nov; i++) ntune += is_tune(&ov[i]);
    if (!ntune || !s->tune) return NULL;
    struct override *rest = xcalloc((size_t)nov + 1, sizeof *rest);
    int nrest = 0;
    for (int i = 0; i < nov; i++)
        if (!is_tune(&ov[i])) rest[nrest++] = ov[i];
    struct caxis *own = xcalloc((size_t)nax + 1, sizeof *own);
    for (int a = 0; a < nax; a++) {
        own[a].name = ax[a].name;
        char *t = plan_effective_items(s, rest, nrest, quick, ax[a].name, spec_axis_find(s->params, s->nparams, ax[a].name), NULL);
        char *err = NULL;
        /* The spec's own values expanded for the run already (plan.c checked them): an axis they
         * leave empty keeps the run's. */
        if (!t || plan_expand_into(s, 0, ax[a].name, t, 0, &own[a].values, NULL, &err) || !own[a].values.n) {
            sl_free(&own[a].values);
            for (int k = 0; k < ax[a].values.n; k++) sl_push(&own[a].values, ax[a].values.v[k]);
        }
        free(err);
        free(t);
    }
    free(rest);
    return own;
}

void plan_tune_own_free(struct caxis *own, int nax)
{
    if (!own) return;
    for (int a = 0; a < nax; a++) sl_free(&own[a].values);
    free(own);
}

int plan_tune_crosses(const struct spec *s, const struct spec_variant *sv, const struct caxis *own, int nax)
{
    if (sv && ((s->baseline && !strcmp(sv->name, s->baseline)) || (s->relative && !strcmp(sv->name, s->relative))))
        return 1;
    struct plan all = {0};
    plan_cross_variant(&all, s, sv, own, nax, 0);
    int crosses = 0;
    for (int i = 0; i < all.nvariants && !crosses; i++) {
        struct vars v = {0};
        plan_variant_vars(&all.variants[i], &v);
        double x = 0;
        char *err = NULL;
        crosses = expr_eval(s->tune->variants, &v, &x, &err) != 0 || x != 0;
        free(err);
        vars_free(&v);
    }
    for (int i = 0; i < all.nvariants; i++) plan_variant_free(&all.variants[i]);
    free(all.variants);
    return crosses;
}
