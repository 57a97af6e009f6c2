/* relative.c — rel_time and the deviation from the row average, from the rows of a run. */
#include "relative.h"
#include "lib/launchwork.h"
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

/* counted_in: the units x's work is counted in, for a note. */
static const char *counted_in(const struct launchwork *x)
{
    int f = launchwork_of(x, LAUNCHWORK_GFLOP) > 0, b = launchwork_of(x, LAUNCHWORK_GB) > 0;
    return f && b ? "GFLOP and GB" : f ? "GFLOP" : b ? "GB" : "nothing (the spec gives it no flops or bytes)";
}

/* ratio: row rec's time over reference x's, per unit of work where they did different work (the
 * builds' rule, report/rowwork.c: a time of other work is no comparison); NAN where one has a work
 * and the other none in any unit of it. */
static double ratio(const struct rel_rec *rec, const struct rel_rec *x, const char *name, char **note)
{
    struct launchwork a = { rec->gflops, rec->gbs, rec->median_ms }, b = { x->gflops, x->gbs, x->median_ms };
    double wa, wb;
    enum launchwork_unit u = launchwork_pair(&a, &b, &wa, &wb);
    if (u == LAUNCHWORK_NONE && (launchwork_counted(&a) || launchwork_counted(&b))) {
        if (note)
            *note = xasprintf("no rel_time: this row's work a launch is counted in %s, %s's in %s: in no unit of both, "
                              "so their times are no comparison", counted_in(&a), name, counted_in(&b));
        return NAN;
    }
    if (u == LAUNCHWORK_NONE || launchwork_same(wa, wb)) return rec->median_ms / x->median_ms;
    if (note) {
        char w[64];
        *note = xasprintf("rel_time per %s: this row did %s work a launch than %s's (the spec's %s at each one's values)",
                          launchwork_unit_name(u), launchwork_times_words(w, sizeof w, wa / wb, wa / wb), name,
                          launchwork_unit_source(u));
    }
    return launchwork_speedup(&a, &b);              /* how many times faster x is per unit of work */
}

double relative_time(const struct relative *r, const struct rel_rec *rec, char **note)
{
    if (note) *note = NULL;
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
            return ratio(rec, x, name, note);
    }
    return NAN;
}

double relative_build_work(const struct relative *r, const struct rel_rec *rec, enum launchwork_unit *unit)
{
    *unit = LAUNCHWORK_NONE;
    if (rec->build == 0 || !timed(rec)) return 0;
    for (size_t i = 0; i < r->n; i++) {
        const struct rel_rec *x = &r->recs[i];
        if (x->build || x->variant != rec->variant || x->point != rec->point || !timed(x)) continue;
        struct launchwork a = { rec->gflops, rec->gbs, rec->median_ms }, b = { x->gflops, x->gbs, x->median_ms };
        double wa, wb;
        enum launchwork_unit u = launchwork_pair(&a, &b, &wa, &wb);
        if (u == LAUNCHWORK_NONE || launchwork_same(wa, wb)) return 0;
        *unit = u;
        return wa / wb;
    }
    return 0;
}

char *relative_build_work_note(const struct relative *r, const struct rel_rec *rec, const char *first)
{
    enum launchwork_unit u;
    double x = relative_build_work(r, rec, &u);
    if (!(x > 0)) return NULL;
    char w[64];
    return xasprintf("work a launch: %s than build %s's at the same variant and launch point (the spec's %s at each "
                     "build's values): their median times are no comparison, their %s/s are",
                     launchwork_times_words(w, sizeof w, x, x), first, launchwork_unit_source(u), launchwork_unit_name(u));
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
