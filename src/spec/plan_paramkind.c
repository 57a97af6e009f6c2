/* plan_paramkind.c — a template parameter's values from the command line against the kind of the
 * spec's own: where every value the spec gives it is a whole number, so must --set's be. */
#include "plan_impl.h"
#include "axis.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int whole(const char *v)
{
    char *end;
    errno = 0;
    (void)strtoll(v, &end, 10);
    return end != v && !*end && !errno;
}

/* push_new: v onto out where it is not there yet. */
static void push_new(struct strlist *out, const char *v)
{
    if (!sl_has(out, v)) sl_push(out, v);
}

/* spec_values: what the spec itself gives name, each value once: its params axis expanded, and each
 * named variant's value of that key; pushed onto out. */
static void spec_values(const struct spec *s, const char *name, struct strlist *out)
{
    const struct spec_axis *ax = spec_axis_find(s->params, s->nparams, name);
    for (int i = 0; ax && i < ax->items.n; i++) {
        char *e = NULL;
        struct strlist one = {0};
        if (axis_expand(ax->items.v[i], 0, &one, &e)) { push_new(out, ax->items.v[i]); free(e); }
        for (int k = 0; k < one.n; k++) push_new(out, one.v[k]);
        sl_free(&one);
    }
    for (int v = 0; v < s->nvariants; v++)
        for (int k = 0; k < s->variants[v].keys.n; k++)
            if (!strcmp(s->variants[v].keys.v[k], name)) push_new(out, s->variants[v].values.v[k]);
}

int plan_check_param_kind(const struct spec *s, const char *name, const struct strlist *values,
                          const struct override *from, char **err)
{
    if (!from) return 0;
    int bad = -1;
    for (int i = 0; i < values->n && bad < 0; i++)
        if (!whole(values->v[i])) bad = i;
    if (bad < 0) return 0;
    struct strlist own = {0};
    spec_values(s, name, &own);
    int all_whole = own.n > 0;
    for (int i = 0; i < own.n && all_whole; i++) all_whole = whole(own.v[i]);
    int rc = 0;
    if (all_whole) {
        /* A few of them: a tuning space's axis may have hundreds. */
        struct strlist few = {0};
        for (int i = 0; i < own.n && i < 8; i++) sl_push(&few, own.v[i]);
        char *list = sl_join(&few, ", ");
        rc = plan_blame(s, 0, from, name, xasprintf("'%s' is not a whole number, as every value %s gives %s is (%s%s)",
                                                    values->v[bad], s->name, name, list, own.n > 8 ? ", ..." : ""), err);
        free(list);
        sl_free(&few);
    }
    sl_free(&own);
    return rc;
}
