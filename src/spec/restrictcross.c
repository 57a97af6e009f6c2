/* restrictcross.c — a crossing's combinations judged by the spec's restrictions (restrictcross.h):
 * what each restriction reads looked up once per crossing, not once per combination. */
#include "restrictcross.h"
#include "restrictions.h"
#include "plan_impl.h"
#include "spec_impl.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a crossing's restrictions read, worked out once for it: for each name, the axis that sets
 * it, or its value where none does (the spec variant's own key; NAN: no number, or none). */
struct restrictions_cross {
    const struct spec_restrictions *r;
    struct restrictions_nans **nans; /* where the combinations a restriction is NaN on are counted */
    int *axis_of;       /* [name]: the axis (-1: none) */
    double **num;       /* [axis][value index]: its value as a number (NAN: none) */
    double *fixed;      /* [name]: where no axis sets it */
    int nax;
};

struct restrictions_cross *restrictions_cross_begin(const struct spec *s, const struct spec_variant *sv,
                                                    const struct caxis *ax, int nax, struct restrictions_nans **nans)
{
    const struct spec_restrictions *r = s->restrictions;
    if (!r || r->exprs.n == 0) return NULL;
    struct restrictions_cross *c = xcalloc(1, sizeof *c);
    c->r = r;
    c->nans = nans;
    c->nax = nax;
    c->axis_of = xmalloc(sizeof *c->axis_of * ((size_t)r->names.n + 1));
    c->fixed = xmalloc(sizeof *c->fixed * ((size_t)r->names.n + 1));
    c->num = xcalloc((size_t)nax + 1, sizeof *c->num);
    for (int a = 0; a < nax; a++) {
        c->num[a] = xmalloc(sizeof **c->num * ((size_t)ax[a].values.n + 1));
        for (int k = 0; k < ax[a].values.n; k++)
            if (parse_number(ax[a].values.v[k], &c->num[a][k])) c->num[a][k] = NAN;
    }
    /* As plan_add_variant makes a variant: an axis sets a name before the spec variant's key does. */
    for (int k = 0; k < r->names.n; k++) {
        c->axis_of[k] = -1;
        c->fixed[k] = NAN;
        for (int a = 0; a < nax && c->axis_of[k] < 0; a++)
            if (!strcmp(ax[a].name, r->names.names[k])) c->axis_of[k] = a;
        for (int j = 0; sv && c->axis_of[k] < 0 && j < sv->keys.n; j++)
            if (!strcmp(sv->keys.v[j], r->names.names[k])) {
                if (parse_number(sv->values.v[j], &c->fixed[k])) c->fixed[k] = NAN;
                break;
            }
    }
    return c;
}

/* set_values: r->values for the combination pick. */
static void set_values(const struct restrictions_cross *c, const int *pick)
{
    const struct spec_restrictions *r = c->r;
    for (int k = 0; k < r->names.n; k++) r->values[k] = c->axis_of[k] >= 0 ? c->num[c->axis_of[k]][pick[c->axis_of[k]]] : c->fixed[k];
}

int restrictions_cross_left_out(struct restrictions_cross *c, const int *pick)
{
    set_values(c, pick);
    int failed;
    return restrictions_judge(c->r, &failed, c->nans, NULL);
}

void restrictions_cross_tally(struct restrictions_cross *c, const int *pick, struct restrictions_tally **t)
{
    set_values(c, pick);
    restrictions_tally_add(c->r, t);
}

char *restrictions_values_said(const struct spec_restrictions *r, int k)
{
    struct sbuf b = {0};
    for (int i = 0; i < r->names.n; i++)
        if (expr_reads(r->prog[k], r->names.names[i]))
            sb_printf(&b, "%s%s=%.15g", b.len ? ", " : "", r->names.names[i], r->values[i]);
    if (!b.s) sb_printf(&b, "%s", "");
    return b.s;
}

void restrictions_nans_add(const struct spec_restrictions *r, int k, struct restrictions_nans **nn)
{
    if (!*nn) {
        *nn = xcalloc(1, sizeof **nn);
        (*nn)->n = r->exprs.n;
        (*nn)->count = xcalloc((size_t)r->exprs.n + 1, sizeof *(*nn)->count);
        (*nn)->first = xcalloc((size_t)r->exprs.n + 1, sizeof *(*nn)->first);
    }
    if ((*nn)->count[k]++ == 0) (*nn)->first[k] = restrictions_values_said(r, k);
}

void restrictions_tally_add(const struct spec_restrictions *r, struct restrictions_tally **t)
{
    if (!*t) {
        *t = xcalloc(1, sizeof **t);
        (*t)->rejects = xcalloc((size_t)r->exprs.n + 1, sizeof *(*t)->rejects);
        (*t)->undefined = xcalloc((size_t)r->exprs.n + 1, sizeof *(*t)->undefined);
    }
    (*t)->judged++;
    for (int k = 0; k < r->exprs.n; k++) {
        if (r->per_point[k]) continue;
        double y;
        int undefined;
        int rc = expr_run_traced(r->prog[k], r->values, &y, &undefined);
        (*t)->undefined[k] += undefined;
        int nan = rc != -1 && isnan(y);
        if (nan) restrictions_nans_add(r, k, &(*t)->nan);
        /* As restrictions_judge: 0 or NaN leaves it out; one that cannot be evaluated is
         * restrictions_apply's error, not counted. */
        (*t)->rejects[k] += rc != -1 && (y == 0 || nan);
    }
}

int restrictions_judge(const struct spec_restrictions *r, int *failed, struct restrictions_nans **nans, char **err)
{
    for (int k = 0; k < r->exprs.n; k++) {
        if (r->per_point[k]) continue;
        double y;
        char *e = NULL;
        int bad = expr_run(r->prog[k], r->values, &y, &e) == -1;
        if (bad && err) *err = e;
        else free(e);
        if (bad) {
            *failed = k;
            return -1;
        }
        /* NaN is not 0, yet a restriction that is no number on a combination ("log(P)" at P < 0,
         * "0/0") cannot say that it is valid. Its value only: a NaN inside it is what the
         * comparisons make of it, as in "B == 0 || A % B == 0" at B = 0 (muparser's || and &&
         * evaluate both sides, so a guard in them would read as NaN). */
        if (isnan(y)) {
            if (nans) restrictions_nans_add(r, k, nans);
            return k + 1;
        }
        if (y == 0) return k + 1;
    }
    return 0;
}

void restrictions_cross_end(struct restrictions_cross *c)
{
    if (!c) return;
    for (int a = 0; a < c->nax; a++) free(c->num[a]);
    free(c->num);
    free(c->axis_of);
    free(c->fixed);
    free(c);
}

