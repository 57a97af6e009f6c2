/* relative.c — rel_time and the deviation from the row average, from the rows of a run. */
#include "relative.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void relative_init_from(struct relative *r, const struct variant *vars, const struct spec_variant *ref, size_t nlocal)
{
    memset(r, 0, sizeof *r);
    r->vars = vars;
    r->ref = ref;
    r->nlocal = nlocal;
}

void relative_init(struct relative *r, const struct spec *s, const struct plan *p)
{
    int rel = s->relative ? spec_variant_find(s, s->relative) : -1;
    relative_init_from(r, p->variants, rel >= 0 ? &s->variants[rel] : NULL,
                       p->naxes > 0 ? (size_t)p->axis_values[p->naxes - 1].n : 1);
}

void relative_add(struct relative *r, const struct rel_rec *rec)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->recs = xrealloc(r->recs, sizeof *r->recs * r->cap);
    }
    r->recs[r->n++] = *rec;
}

void relative_free(struct relative *r)
{
    free(r->recs);
    memset(r, 0, sizeof *r);
}

static int timed(const struct rel_rec *x) { return !isnan(x->median_ms) && x->median_ms > 0; }

/* same_params: whether plan variant x carries the same values as variant y for every parameter
 * that is not one of spec variant sv's own (those come from params axes or overrides). */
static int same_params(const struct variant *x, const struct variant *y, const struct spec_variant *sv)
{
    for (int k = 0; k < x->keys.n; k++) {
        int own = 0;
        for (int j = 0; j < sv->keys.n; j++) own |= !strcmp(sv->keys.v[j], x->keys.v[k]);
        const char *yv = own ? NULL : plan_variant_value(y, x->keys.v[k]);
        if (yv && strcmp(yv, x->values.v[k])) return 0;
    }
    return 1;
}

double relative_time(const struct relative *r, const struct rel_rec *rec)
{
    if (!r->ref || !timed(rec)) return NAN;
    /* ref is a spec variant; match plan variants by its name. */
    const struct variant *vars = r->vars;
    const char *name = r->ref->name;
    if (vars[rec->variant].name && !strcmp(vars[rec->variant].name, name)) return 1.0;
    for (size_t i = 0; i < r->n; i++) {
        const struct rel_rec *x = &r->recs[i];
        if (x->build == rec->build && x->point == rec->point && timed(x) &&
            vars[x->variant].name && !strcmp(vars[x->variant].name, name) &&
            same_params(&vars[x->variant], &vars[rec->variant], r->ref))
            return rec->median_ms / x->median_ms;
    }
    return NAN;
}

double relative_row_dev(const struct relative *r, size_t i)
{
    const struct rel_rec *x = &r->recs[i];
    size_t nl = r->nlocal;
    if (nl < 2 || !timed(x)) return NAN;
    double sum = 0;
    int n = 0;
    for (size_t k = 0; k < r->n; k++) {
        const struct rel_rec *y = &r->recs[k];
        if (y->variant == x->variant && y->build == x->build && y->point / nl == x->point / nl && timed(y)) {
            sum += y->median_ms;
            n++;
        }
    }
    return n > 1 ? x->median_ms / (sum / n) - 1 : NAN;
}
