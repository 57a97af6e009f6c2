/* plan_table.c — a plan's configurations as the rows results.tsv would name them by, and the values
 * each of those columns takes. */
#include "plan_table.h"
#include <stdlib.h>
#include <string.h>

int plan_local_is_axis(const struct spec *s)
{
    return s->global.n <= 1 && (s->local_size.n == 0 || (s->local_size.n == 1 && !strcmp(s->local_size.v[0], "local")));
}

int plan_table(const struct spec *s, const struct plan *p, size_t most, struct table *t)
{
    int local = plan_local_is_axis(s);
    memset(t, 0, sizeof *t);
    size_t n = (size_t)p->nvariants * (size_t)p->builds.n * p->npoints;
    if (n > most) return -1;
    sl_push(&t->cols, "variant");
    for (int k = 0; k < p->params.n; k++) sl_push(&t->cols, p->params.v[k]);
    sl_push(&t->cols, "build");
    for (int a = 0; a < p->naxes; a++)
        if (local || strcmp(p->axis_names[a], "local")) sl_push(&t->cols, p->axis_names[a]);
    t->cells = xmalloc(sizeof *t->cells * (n + 1));
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++)
            for (size_t pt = 0; pt < p->npoints; pt++) {
                const char **row = xmalloc(sizeof *row * (size_t)t->cols.n), *x;
                int c = 0;
                row[c++] = p->variants[v].id;
                for (int k = 0; k < p->params.n; k++)
                    row[c++] = (x = plan_variant_value(&p->variants[v], p->params.v[k])) ? x : "";
                row[c++] = plan_build_label(p->builds.v[b]);
                for (int a = 0; a < p->naxes; a++)
                    if (local || strcmp(p->axis_names[a], "local")) row[c++] = plan_point_value(p, pt, a);
                t->cells[t->nrows++] = row;
            }
    return 0;
}

/* push_once: s onto out unless it holds it. */
static void push_once(struct strlist *out, const char *s)
{
    for (int i = 0; i < out->n; i++)
        if (!strcmp(out->v[i], s)) return;
    sl_push(out, s);
}

int plan_values(const struct plan *p, const char *col, struct strlist *out)
{
    if (!strcmp(col, "variant")) {
        for (int v = 0; v < p->nvariants; v++) push_once(out, p->variants[v].id);
        return 0;
    }
    if (!strcmp(col, "build")) {
        for (int b = 0; b < p->builds.n; b++) push_once(out, p->builds.v[b]);
        return 0;
    }
    for (int a = 0; a < p->naxes; a++)
        if (!strcmp(p->axis_names[a], col)) {
            for (int i = 0; i < p->axis_values[a].n; i++) push_once(out, p->axis_values[a].v[i]);
            return 0;
        }
    if (!plan_is_param(p, col)) return -1;
    for (int v = 0; v < p->nvariants; v++) {
        const char *x = plan_variant_value(&p->variants[v], col);
        if (x) push_once(out, x);
    }
    return 0;
}
