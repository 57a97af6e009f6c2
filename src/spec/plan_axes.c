/* plan_axes.c — a plan's axes after overrides and the variants made at their values (plan_impl.h):
 * the pieces plan.c expands a spec with and plan_tune.c judges a tuning pass's crossing by. */
#include "plan_impl.h"
#include "axis.h"
#include "restrictcross.h"
#include "variantid.h"
#include <stdlib.h>
#include <string.h>

char *plan_effective_items(const struct spec *s, const struct override *ov, int nov, int quick,
                           const char *name, const struct spec_axis *base, const struct override **from)
{
    if (from) *from = NULL;
    for (int i = nov - 1; i >= 0; i--)
        if (!strcmp(ov[i].name, name)) {
            if (from) *from = &ov[i];
            return xstrdup(ov[i].values);
        }
    const struct spec_axis *ax = quick ? spec_axis_find(s->quick, s->nquick, name) : NULL;
    if (!ax) ax = base;
    if (!ax) return NULL;
    return sl_join(&ax->items, ",");
}

char *plan_axis_written(const struct spec *s, const struct override *ov, int nov, int quick, const char *name)
{
    char *t = plan_effective_items(s, ov, nov, quick, name, spec_axis_find(s->launch, s->nlaunch, name), NULL);
    if (!t) return NULL;
    struct strlist l = {0};
    sl_split(&l, t, ',');
    for (int i = 0; i < l.n; i++) {
        char *w = xstrdup(str_trim(l.v[i]));
        free(l.v[i]);
        l.v[i] = w;
    }
    /* A value written twice is one point in the plan (plan_expand_into), so once here: "local = 64"
     * beside "1 launch point", not "64, 64". */
    plan_drop_repeats(&l);
    char *j = sl_join(&l, ", ");
    sl_free(&l);
    free(t);
    return j;
}

char *plan_override_text(const struct override *o)
{
    if (o->flag && strcmp(o->flag, "--set")) return xasprintf("%s %s", o->flag, o->values);
    return xasprintf("--set %s=%s", o->name, o->values);
}

int plan_axis_line(const struct spec *s, int quick, const char *name)
{
    const struct spec_axis *ax = quick ? spec_axis_find(s->quick, s->nquick, name) : NULL;
    if (!ax) ax = spec_axis_find(s->params, s->nparams, name);
    if (!ax) ax = spec_axis_find(s->launch, s->nlaunch, name);
    if (ax) return ax->line;
    return strcmp(name, "builds") ? 0 : s->builds_line;
}

int plan_blame(const struct spec *s, int line, const struct override *from, const char *name, char *e, char **err)
{
    if (from) {
        char *t = plan_override_text(from);
        *err = xasprintf("%s: %s", t, e);
        free(t);
    } else if (line > 0) {
        *err = xasprintf("%s:%d: axis %s: %s", s->path, line, name, e);
    } else *err = xasprintf("axis %s: %s", name, e);
    free(e);
    return from ? -2 : -1;
}

/* plan_drop_repeats: a value a list or overlapping ranges give twice ("1:4,2") is dropped. Sorted
 * indexes find the repeats: a range may give 100,000 values, which pairwise would take seconds. */
void plan_drop_repeats(struct strlist *out)
{
    if (out->n < 2) return;
    int *idx = xcalloc((size_t)out->n, sizeof *idx);
    char *repeat = xcalloc((size_t)out->n, 1);
    for (int i = 0; i < out->n; i++) idx[i] = i;
    sort_by_keys(idx, out->n, out->v);         /* by text, then by place: the first of each is kept */
    int any = 0;
    for (int k = 1; k < out->n; k++)
        if (!strcmp(out->v[idx[k]], out->v[idx[k - 1]])) repeat[idx[k]] = 1, any = 1;
    if (any) {
        struct strlist kept = {0};
        for (int i = 0; i < out->n; i++)
            if (!repeat[i]) sl_push(&kept, out->v[i]);
        sl_free(out);
        *out = kept;
    }
    free(idx);
    free(repeat);
}

int plan_expand_into(const struct spec *s, int line, const char *name, const char *text, double max,
                     struct strlist *out, const struct override *from, char **err)
{
    char *e = NULL;
    if (axis_expand(text, max, out, &e)) return plan_blame(s, line, from, name, e, err);
    plan_drop_repeats(out);
    return 0;
}

int plan_axis_count(const struct spec *s, const struct override *ov, int nov, int quick, const char *name,
                    const struct spec_axis *base, const struct override **from)
{
    char *t = plan_effective_items(s, ov, nov, quick, name, base, from), *err = NULL;
    struct strlist v = {0};
    int n = !t ? 0 : plan_expand_into(s, plan_axis_line(s, quick, name), name, t, 0, &v, *from, &err) ? -1 : v.n;
    free(t);
    free(err);
    sl_free(&v);
    return n;
}

/* join_items: text's items into out: variant ids as the plan reads them (an id's pairs hold commas
 * of their own), other values split at commas and trimmed (an empty one kept, for the plan to
 * refuse). */
static void join_items(int ids, const char *text, struct strlist *out)
{
    if (ids) { vid_split_list(text, out); return; }
    struct strlist parts = {0};
    sl_split(&parts, text, ',');
    for (int i = 0; i < parts.n; i++) sl_push(out, str_trim(parts.v[i]));
    sl_free(&parts);
}

char *plan_join_values(const char *name, const char *before, const char *more)
{
    int ids = !strcmp(name, "variant");
    struct strlist items = {0}, kept = {0};
    join_items(ids, before, &items);
    join_items(ids, more, &items);
    for (int i = 0; i < items.n; i++) {
        int seen = 0;
        for (int k = 0; k < kept.n && !seen; k++)
            seen = ids ? !strcmp(kept.v[k], items.v[i]) : vid_values_equal(kept.v[k], items.v[i]);
        if (!seen) sl_push(&kept, items.v[i]);
    }
    /* Ids parted by ';': each given --set variant= stays one id ("VWM=4,SA=0" and "SB=1" joined by a
     * comma would read as one). */
    char *joined = sl_join(&kept, ids ? ";" : ",");
    sl_free(&items);
    sl_free(&kept);
    return joined;
}

void plan_override_add(struct override **ov, int *nov, const char *flag, const char *name, const char *values)
{
    for (int i = 0; i < *nov; i++) {
        struct override *o = &(*ov)[i];
        if (strcmp(o->name, name)) continue;
        char *joined = plan_join_values(name, o->values, values);
        free(o->values);
        o->values = joined;
        if (strcmp(o->flag, flag)) o->flag = "--set";
        return;
    }
    *ov = xrealloc(*ov, sizeof **ov * (size_t)(*nov + 1));
    (*ov)[(*nov)++] = (struct override){ xstrdup(name), xstrdup(values), flag };
}

void plan_variant_free(struct variant *v)
{
    free(v->id);
    free(v->slug);
    sl_free(&v->keys);
    sl_free(&v->values);
}

const char *plan_variant_name(const struct spec *s, const char *name) { return name && *name ? name : s->name; }

char *plan_kernel_origin(const struct spec *s, const struct variant *var, int *line)
{
    int sv = var->name ? spec_variant_find(s, var->name) : -1, at = 0;
    char *o;
    if (sv >= 0 && s->variants[sv].kernel)
        at = s->variants[sv].line, o = xasprintf("the name is variant %s's kernel = \"%s\" (%s:%d)", var->name,
                                                 var->kernel, s->path, at);
    else if (s->kernel_line > 0)
        at = s->kernel_line, o = xasprintf("the name is the spec's kernel = \"%s\" (%s:%d)", var->kernel, s->path, at);
    else
        o = xasprintf("the name is the experiment's (%s sets no kernel = \"...\")", s->path);
    if (line) *line = at;
    return o;
}

void plan_add_variant(struct plan *p, const struct spec *s, const struct spec_variant *sv,
                      const struct caxis *ax, int nax, const int *pick)
{
    /* Grown by doubling (room for the next at every power of two), not by a realloc a variant:
     * sgemm's crossing adds 62,128, and a realloc may copy the whole array. */
    if ((p->nvariants & (p->nvariants - 1)) == 0)
        p->variants = xrealloc(p->variants, sizeof *p->variants * (size_t)(p->nvariants ? 2 * p->nvariants : 1));
    struct variant *v = &p->variants[p->nvariants++];
    memset(v, 0, sizeof *v);
    v->name = sv ? sv->name : NULL;
    v->kernel = sv && sv->kernel ? sv->kernel : s->kernel;
    struct sbuf id = {0};
    if (sv) sb_printf(&id, "%s", sv->name);
    for (int k = 0; sv && k < sv->keys.n; k++) {
        int overridden = 0;
        for (int a = 0; a < nax; a++) overridden |= !strcmp(ax[a].name, sv->keys.v[k]);
        if (overridden) continue;
        sl_push(&v->keys, sv->keys.v[k]);
        sl_push(&v->values, sv->values.v[k]);
    }
    int first = 1;
    for (int a = 0; a < nax; a++) {
        const char *val = ax[a].values.v[pick[a]];
        sl_push(&v->keys, ax[a].name);
        sl_push(&v->values, val);
        /* Only axes with several values name the variant: a constant says nothing; but a named
         * variant's own key set to something else does ("gs_f4_ilp2:ILP=3", not a false
         * gs_f4_ilp2), and set to its own value does not: that is the named variant itself, whose
         * rows then join a run's without --set (gs_float4 at ILP=1 of --set ILP=1,2 was
         * "gs_float4:ILP=1", which clx compare found in no plain run). */
        int own = 0, same = 0;
        for (int k = 0; sv && k < sv->keys.n; k++)
            if (!strcmp(sv->keys.v[k], ax[a].name)) { own = 1; same = vid_values_equal(sv->values.v[k], val); }
        if ((ax[a].values.n < 2 && !own) || same) continue;
        sb_printf(&id, "%s%s=%s", id.len ? (first ? ":" : ",") : "", ax[a].name, val);
        first = 0;
    }
    if (!id.s) sb_printf(&id, "%s", plan_variant_name(s, v->name));
    v->id = id.s;
    v->slug = slugify(v->id);
}

char *plan_variant_full_id(const struct spec *s, const struct variant *v)
{
    const struct spec_variant *sv = NULL;
    int named = v->name && *v->name;
    for (int i = 0; named && i < s->nvariants && !sv; i++)
        if (s->variants[i].name && !strcmp(s->variants[i].name, v->name)) sv = &s->variants[i];
    struct vid said;
    char *err = NULL;
    if (vid_parse(v->id, &said, &err)) { free(err); return xstrdup(v->id); }
    struct sbuf id = {0};
    if (named) sb_printf(&id, "%s", v->name);
    int pairs = 0;
    for (int k = 0; k < v->keys.n; k++) {
        /* The id's own pairs stay; of those it leaves out, a value the spec gives is said by the
         * name (a named variant's own, the one value of the spec's params: volkov_fma's UNROLL = 128
         * stays out of "ILP=4"), and any other is a pair. */
        const char *key = v->keys.v[k], *val = v->values.v[k];
        int own = 0;
        for (int j = 0; sv && j < sv->keys.n && !own; j++)
            own = !strcmp(sv->keys.v[j], key) && vid_values_equal(sv->values.v[j], val);
        const struct spec_axis *param = spec_axis_find(s->params, s->nparams, key);
        if (!own && param && !(sv && sl_has(&sv->keys, key)))
            own = param->items.n == 1 && vid_values_equal(param->items.v[0], val);
        if (own && !vid_value(&said, key)) continue;
        sb_printf(&id, "%s%s=%s", pairs++ ? "," : named ? ":" : "", key, val);
    }
    vid_free(&said);
    if (!id.s) return xstrdup(v->id);
    return id.s;
}

void plan_cross_variant(struct plan *p, const struct spec *s, const struct spec_variant *sv, const struct caxis *ax,
                        int nax, int by_restrictions)
{
    int *pick = xcalloc((size_t)nax + 1, sizeof *pick);
    /* Judged before a variant is made: sgemm crosses 221,184 combinations, of which its restrictions
     * keep 62,128, and making the others only to drop them was most of a second. */
    struct restrictions_cross *rc = by_restrictions ? restrictions_cross_begin(s, sv, ax, nax, &p->nans) : NULL;
    for (;;) {
        int by = rc ? restrictions_cross_left_out(rc, pick) : 0;
        if (by > 0) {
            p->restricted++;
            /* Until one is admitted (after which none left is no error), every restriction on it. */
            if (p->nvariants == 0) restrictions_cross_tally(rc, pick, &p->tally);
        } else {
            p->unjudged += by < 0;
            plan_add_variant(p, s, sv, ax, nax, pick);
        }
        int a = nax - 1;            /* the last axis varies fastest */
        while (a >= 0 && ++pick[a] == ax[a].values.n) pick[a--] = 0;
        if (a < 0) break;
    }
    restrictions_cross_end(rc);
    free(pick);
}

const char *plan_point_value(const struct plan *p, size_t idx, int a)
{
    /* The last axis varies fastest. */
    for (int k = p->naxes - 1; k > a; k--) idx /= (size_t)p->axis_values[k].n;
    return p->axis_values[a].v[idx % (size_t)p->axis_values[a].n];
}

static void set_numeric(struct vars *v, const char *name, const char *text)
{
    double x;
    if (parse_number(text, &x) == 0) vars_set(v, name, x);
}

void plan_point_vars(const struct plan *p, size_t idx, struct vars *v)
{
    for (int a = 0; a < p->naxes; a++) set_numeric(v, p->axis_names[a], plan_point_value(p, idx, a));
}

const char *plan_variant_value(const struct variant *var, const char *key)
{
    for (int k = 0; k < var->keys.n; k++)
        if (!strcmp(var->keys.v[k], key)) return var->values.v[k];
    return NULL;
}

void plan_variant_vars(const struct variant *var, struct vars *v)
{
    for (int k = 0; k < var->keys.n; k++) set_numeric(v, var->keys.v[k], var->values.v[k]);
}
