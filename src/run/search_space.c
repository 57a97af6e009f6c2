/* search_space.c — clx run --search's space (search_impl.h): the plan's configurations that the
 * spec's restrictions leave, placed along the parameters that vary, and how they are named. */
#include "search_impl.h"
#include "spec/restrictions.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* value_index: where text is in the list (added at the end when new). */
static int value_index(struct strlist *l, const char *text)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], text)) return i;
    sl_push(l, text);
    return l->n - 1;
}

/* order_values: a dimension's values in numeric order where they are all numbers (a neighbour is one
 * step up or down), else as first met. */
static void order_values(struct strlist *vals, int *rank)
{
    int numeric = 1;
    for (int i = 0; i < vals->n && numeric; i++) {
        char *end;
        strtod(vals->v[i], &end);
        numeric = end != vals->v[i] && !*end;
    }
    for (int i = 0; i < vals->n; i++) {
        rank[i] = 0;
        for (int j = 0; j < vals->n; j++)
            rank[i] += numeric ? strtod(vals->v[j], NULL) < strtod(vals->v[i], NULL) : j < i;
    }
}

void search_space_make(struct search *se)
{
    struct runner *r = se->r;
    const struct plan *p = &r->plan;
    /* The dimensions: each template parameter with more than one value, the builds, each launch axis. */
    /* The spec's named variants (vecsum's naive, gridstride...) are a dimension of their own: two
     * of them may share every parameter's value. */
    struct strlist keys = {0};
    value_index(&keys, "variant");
    for (int v = 0; v < p->nvariants; v++)
        for (int k = 0; k < p->variants[v].keys.n; k++) value_index(&keys, p->variants[v].keys.v[k]);
    int nk = keys.n, naxes = p->naxes;
    int nd = nk + 1 + naxes;
    struct strlist *vals = xcalloc((size_t)nd, sizeof *vals);
    int *vcoord = xmalloc(sizeof *vcoord * (size_t)(p->nvariants * nk));
    for (int v = 0; v < p->nvariants; v++)
        for (int k = 0; k < nk; k++) {
            const char *x = k == 0 ? p->variants[v].name : plan_variant_value(&p->variants[v], keys.v[k]);
            vcoord[v * nk + k] = value_index(&vals[k], x ? x : "");
        }
    for (int b = 0; b < p->builds.n; b++) value_index(&vals[nk], p->builds.v[b]);
    for (int a = 0; a < naxes; a++)
        for (int i = 0; i < p->axis_values[a].n; i++) value_index(&vals[nk + 1 + a], p->axis_values[a].v[i]);
    int **rank = xcalloc((size_t)nd, sizeof *rank);
    for (int d = 0; d < nd; d++) {
        rank[d] = xcalloc((size_t)vals[d].n + 1, sizeof **rank);
        order_values(&vals[d], rank[d]);
    }
    /* Only the dimensions that vary are the search's. */
    int *used = xcalloc((size_t)nd, sizeof *used);
    for (int d = 0; d < nd; d++) {
        used[d] = vals[d].n > 1;
        if (used[d]) sl_push(&se->dims, d < nk ? keys.v[d] : d == nk ? "build" : p->axis_names[d - nk - 1]);
    }
    se->ndims = se->dims.n;
    int cap = 1024;
    se->cf = xmalloc(sizeof *se->cf * (size_t)cap);
    se->coord = xmalloc(sizeof *se->coord * (size_t)cap * (size_t)(se->ndims ? se->ndims : 1));
    int *at = xmalloc(sizeof *at * (size_t)nd);
    for (size_t pt = 0; pt < p->npoints; pt++) {
        for (int a = 0; a < naxes; a++) at[nk + 1 + a] = value_index(&vals[nk + 1 + a], plan_point_value(p, pt, a));
        for (int v = 0; v < p->nvariants; v++) {
            /* A restriction that reads a launch axis leaves this configuration out of the space. */
            struct vars pv = {0};
            char *rerr = NULL;
            plan_variant_vars(&p->variants[v], &pv);
            plan_point_vars(p, pt, &pv);
            char *why = restrictions_point(r->s, &pv, &rerr);
            vars_free(&pv);
            int out = why || rerr;
            free(why);
            free(rerr);
            if (out) continue;
            for (int k = 0; k < nk; k++) at[k] = vcoord[v * nk + k];
            for (int b = 0; b < p->builds.n; b++) {
                at[nk] = b;
                if (se->n == cap) {
                    cap *= 2;
                    se->cf = xrealloc(se->cf, sizeof *se->cf * (size_t)cap);
                    se->coord = xrealloc(se->coord, sizeof *se->coord * (size_t)cap * (size_t)(se->ndims ? se->ndims : 1));
                }
                se->cf[se->n] = (struct sconf){ v, b, pt };
                int *c = se->coord + (size_t)se->n * se->ndims, k = 0;
                for (int d = 0; d < nd; d++)
                    if (used[d]) c[k++] = rank[d][at[d]];
                se->n++;
            }
        }
    }
    for (int d = 0; d < nd; d++) { sl_free(&vals[d]); free(rank[d]); }
    free(vals);
    free(rank);
    free(used);
    free(at);
    free(vcoord);
    sl_free(&keys);
}

const char *search_config_label(const struct search *se, int i, char *buf, size_t n)
{
    const struct sconf *c = &se->cf[i];
    const struct plan *p = &se->r->plan;
    const struct variant *v = &p->variants[c->v];
    char *pt = run_point_label(p, NULL, c->pt);
    /* An id that names no parameter (the spec's name, where each has one value: a space of one) is
     * said by the parameters, as any other configuration is. */
    struct sbuf id = {0};
    for (int k = 0; !v->name && !strchr(v->id, '=') && k < v->keys.n; k++)
        sb_printf(&id, "%s%s=%s", k ? "," : "", v->keys.v[k], v->values.v[k]);
    snprintf(buf, n, "%s %s%s", id.s ? id.s : v->id, plan_build_label(p->builds.v[c->b]), pt);
    free(id.s);
    free(pt);
    return buf;
}

double search_figure(const struct search *se, double ranked)
{
    return *se->unit ? 1e3 / ranked : ranked;
}

