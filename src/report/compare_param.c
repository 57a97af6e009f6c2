/* compare_param.c — one run's rows along a template parameter of its variants, for
 * `clx compare RUN --by PARAM` (compare_param.h). */
#include "compare_param.h"
#include "compare_result.h"
#include "spec/variantid.h"
#include <stdlib.h>
#include <string.h>

void cmp_param_names(const struct rundir *r, struct strlist *out)
{
    if (r->c_variant < 0 || r->c_build < 0) return;
    for (int c = r->c_variant + 1; c < r->c_build; c++) sl_push(out, r->t.cols.v[c]);
}

int cmp_param_col(const struct rundir *r, const char *name)
{
    if (r->c_variant < 0 || r->c_build < 0) return -1;
    for (int c = r->c_variant + 1; c < r->c_build; c++)
        if (!strcmp(r->t.cols.v[c], name)) return c;
    return -1;
}

/* varies: whether column col's cells differ among r's rows (an empty one, a variant without the
 * parameter, counts as a value): a parameter of one value everywhere holds nothing apart. */
static int varies(const struct rundir *r, int col)
{
    for (int i = 1; i < r->t.nrows; i++)
        if (strcmp(table_cell(&r->t, i, col), table_cell(&r->t, 0, col))) return 1;
    return 0;
}

/* kernels_differ: whether the run's variants name more than one kernel (a variant's own kernel =
 * "..."): then two variants of equal parameters are other code, and the name is held too. */
static int kernels_differ(const struct rundir *r)
{
    const struct rj_as_run *as = &r->rj.as_run;
    for (int v = 1; v < as->nvariants; v++)
        if (strcmp(as->variants[v].kernel ? as->variants[v].kernel : "", as->variants[0].kernel ? as->variants[0].kernel : ""))
            return 1;
    return 0;
}

/* rest_of: row i's variant less parameter col (each 0), or with it as "(each)" (each 1), in the
 * variant ids' grammar (spec/variantid.h), so that "VEC=4" picks the rows held fixed: the other
 * parameters that vary in the run (in results.tsv's order; none where a row has no value of it),
 * after the variant's name where named (name 1). A new string. */
static char *rest_of(const struct rundir *r, int i, int col, const int *vary, int name, int each)
{
    struct sbuf b = {0};
    int npairs = 0;
    if (name) {
        struct vid x;
        char *err = NULL;
        if (!vid_parse(table_cell(&r->t, i, r->c_variant), &x, &err) && x.name) sb_printf(&b, "%s", x.name);
        free(err);
        vid_free(&x);
    }
    int named = b.len > 0;
    for (int c = r->c_variant + 1; c < r->c_build; c++) {
        const char *v = table_cell(&r->t, i, c);
        if ((c == col && !each) || (c != col && (!vary[c - r->c_variant - 1] || !*v))) continue;
        sb_printf(&b, "%s%s=%s", npairs++ ? "," : named ? ":" : "", r->t.cols.v[c], c == col ? "(each)" : v);
    }
    return b.s ? b.s : xstrdup("");
}

/* id_name: the name of row i's variant id (a new string), NULL where it has none ("ILP=4"). */
static char *id_name(const struct rundir *r, int i)
{
    struct vid x;
    char *err = NULL, *name = NULL;
    if (!vid_parse(table_cell(&r->t, i, r->c_variant), &x, &err) && x.name) name = xstrdup(x.name);
    free(err);
    vid_free(&x);
    return name;
}

/* one_name_each: whether every row with a value of the parameter has a named variant and the rows
 * held alike (p->held) have one name: then the name says what is held, the named variants' own
 * settings, as their ids do ("naive:TILE=(each)", not "TILED=0,TILE=(each)": a parameter crossed
 * with the named variants). Where a name-less or two names share what is held (vecsum's naive and
 * float4 under STRIDE=0,VEC=(each),ILP=1), the held parameters say it. names[row]: each row's. */
static int one_name_each(const struct cmp_param *p, char **names)
{
    int *idx = xcalloc((size_t)p->nrows + 1, sizeof *idx), n = 0, one = 1;
    for (int i = 0; i < p->nrows && one; i++) {
        if (!p->value[i]) continue;
        one = names[i] != NULL;
        idx[n++] = i;
    }
    sort_by_keys(idx, n, p->held);
    for (int k = 1; k < n && one; k++)
        one = strcmp(p->held[idx[k]], p->held[idx[k - 1]]) || !strcmp(names[idx[k]], names[idx[k - 1]]);
    free(idx);
    return one && n > 0;
}

/* named_said: row i's table label by its variant's name: the name, then the pairs of held its id
 * prints (the parameters crossed with the named variants) and the parameter as "(each)", in
 * results.tsv's order (a new string). */
static char *named_said(const struct rundir *r, int i, int col, const int *vary, const char *name)
{
    struct vid x;
    char *err = NULL;
    int parsed = !vid_parse(table_cell(&r->t, i, r->c_variant), &x, &err);
    free(err);
    struct sbuf b = {0};
    sb_printf(&b, "%s:", name);
    int npairs = 0;
    for (int c = r->c_variant + 1; c < r->c_build; c++) {
        const char *v = table_cell(&r->t, i, c);
        if (c != col && (!vary[c - r->c_variant - 1] || !*v || !parsed || !vid_value(&x, r->t.cols.v[c]))) continue;
        sb_printf(&b, "%s%s=%s", npairs++ ? "," : "", r->t.cols.v[c], c == col ? "(each)" : v);
    }
    if (parsed) vid_free(&x);
    return b.s;
}

void cmp_param_open(const struct rundir *r, int col, struct cmp_param *p)
{
    memset(p, 0, sizeof *p);
    p->name = r->t.cols.v[col];
    p->col = col;
    p->nrows = r->t.nrows;
    p->value = xcalloc((size_t)p->nrows + 1, sizeof *p->value);
    p->held = xcalloc((size_t)p->nrows + 1, sizeof *p->held);
    p->said = xcalloc((size_t)p->nrows + 1, sizeof *p->said);
    int nparams = r->c_build - r->c_variant - 1, name = kernels_differ(r);
    int *vary = xcalloc((size_t)nparams + 1, sizeof *vary);
    for (int k = 0; k < nparams; k++) vary[k] = varies(r, r->c_variant + 1 + k);
    for (int i = 0; i < p->nrows; i++) {
        const char *v = table_cell(&r->t, i, col);
        p->value[i] = *v ? xstrdup(v) : NULL;
        p->held[i] = rest_of(r, i, col, vary, name, 0);
        p->said[i] = rest_of(r, i, col, vary, name, 1);
    }
    char **names = xcalloc((size_t)p->nrows + 1, sizeof *names);
    for (int i = 0; i < p->nrows; i++) names[i] = id_name(r, i);
    /* Where the kernels differ, rest_of holds the name already. */
    int by_name = !name && one_name_each(p, names);
    for (int i = 0; i < p->nrows && by_name; i++) {
        if (!p->value[i]) continue;
        free(p->said[i]);
        p->said[i] = named_said(r, i, col, vary, names[i]);
    }
    for (int i = 0; i < p->nrows; i++) free(names[i]);
    free(names);
    free(vary);
}

char *cmp_param_rest(const struct rundir *r, const struct cmp_param *p, int i)
{
    int nparams = r->c_build - r->c_variant - 1;
    int *all = xcalloc((size_t)nparams + 1, sizeof *all);
    for (int k = 0; k < nparams; k++) all[k] = 1;
    char *rest = rest_of(r, i, p->col, all, kernels_differ(r), 0);
    free(all);
    return rest;
}

void cmp_param_free(struct cmp_param *p)
{
    for (int i = 0; i < p->nrows; i++) {
        free(p->value[i]);
        free(p->held[i]);
        free(p->said[i]);
    }
    free(p->value);
    free(p->held);
    free(p->said);
    memset(p, 0, sizeof *p);
}

static int index_of(const struct strlist *l, const char *s)
{
    for (int k = 0; k < l->n; k++)
        if (!strcmp(l->v[k], s)) return k;
    return -1;
}

void cmp_param_values(const struct rundir *r, const struct cmp_param *p, int results, struct strlist *out)
{
    struct strlist met = {0}, spec = {0};
    for (int i = 0; i < p->nrows; i++)
        if (p->value[i] && (!results || cmp_row_result(r, i)) && index_of(&met, p->value[i]) < 0) sl_push(&met, p->value[i]);
    /* ILP=2,4,8 against ILP=1 as the spec lists them, whatever order the rows came in (a resume, a merge) */
    const struct rj_as_run *as = &r->rj.as_run;
    for (int v = 0; v < as->nvariants; v++)
        for (int k = 0; k < as->variants[v].keys.n; k++)
            if (!strcmp(as->variants[v].keys.v[k], p->name) && index_of(&spec, as->variants[v].values.v[k]) < 0)
                sl_push(&spec, as->variants[v].values.v[k]);
    for (int k = 0; k < spec.n; k++)
        if (index_of(&met, spec.v[k]) >= 0) sl_push(out, spec.v[k]);
    for (int k = 0; k < met.n; k++)
        if (index_of(&spec, met.v[k]) < 0) sl_push(out, met.v[k]);
    sl_free(&met);
    sl_free(&spec);
}

char *cmp_param_each_one(const struct rundir *r, const struct cmp_param *p)
{
    int *idx = xcalloc((size_t)p->nrows + 1, sizeof *idx), n = 0;
    for (int i = 0; i < p->nrows; i++)
        if (p->value[i]) idx[n++] = i;
    sort_by_keys(idx, n, p->held);
    int two = 0;
    for (int k = 1; k < n && !two; k++)
        two = !strcmp(p->held[idx[k]], p->held[idx[k - 1]]) && strcmp(p->value[idx[k]], p->value[idx[k - 1]]);
    free(idx);
    if (two) return NULL;
    /* Each variant (its id) with its value where the id does not print it, in the rows' order. */
    struct strlist ids = {0};
    struct sbuf b = {0};
    for (int i = 0; i < p->nrows; i++) {
        const char *id = table_cell(&r->t, i, r->c_variant);
        if (!p->value[i] || index_of(&ids, id) >= 0) continue;
        sl_push(&ids, id);
        struct vid x;
        char *err = NULL;
        int printed = !vid_parse(id, &x, &err) && vid_value(&x, p->name);
        vid_free(&x);          /* empty where it did not parse */
        free(err);
        if (ids.n > 3) continue;
        sb_printf(&b, "%s%s", ids.n > 1 ? "; " : "", id);
        if (!printed) sb_printf(&b, ": %s=%s", p->name, p->value[i]);
    }
    char *said = xasprintf("no two variants differ in %s alone (%s%s)", p->name, b.s ? b.s : "", ids.n > 3 ? "; ..." : "");
    sl_free(&ids);
    sb_free(&b);
    return said;
}

char *cmp_param_clash(const struct rundir *r, const struct cmp_param *p)
{
    char **keys = xcalloc((size_t)p->nrows + 1, sizeof *keys);
    int *idx = xcalloc((size_t)p->nrows + 1, sizeof *idx), n = 0;
    for (int i = 0; i < p->nrows; i++)
        if (p->value[i]) {
            keys[i] = xasprintf("%s\t%s", p->held[i], p->value[i]);
            idx[n++] = i;
        }
    sort_by_keys(idx, n, keys);
    char *said = NULL;
    for (int k = 1; k < n && !said; k++) {
        int a = idx[k - 1], b = idx[k];
        const char *ida = table_cell(&r->t, a, r->c_variant), *idb = table_cell(&r->t, b, r->c_variant);
        if (!strcmp(keys[a], keys[b]) && strcmp(ida, idb))
            said = xasprintf("%s and %s have the same parameters (%s%s%s=%s)", ida, idb, p->held[a], *p->held[a] ? "," : "",
                             p->name, p->value[a]);
    }
    for (int i = 0; i < p->nrows; i++) free(keys[i]);
    free(keys);
    free(idx);
    return said;
}

/* in_every_run: whether every one of runs has a column of template parameter name (a spec that
 * gained one since an older run: that run's rows join as before, the spec's change said apart). */
static int in_every_run(const struct rundir *runs, int nruns, const char *name)
{
    for (int k = 0; k < nruns; k++)
        if (cmp_param_col(&runs[k], name) < 0) return 0;
    return 1;
}

char *cmp_param_unsaid(const struct rundir *runs, int nruns, const struct rundir *r, int i)
{
    struct strlist names = {0};
    struct vid id;
    char *err = NULL;
    cmp_param_names(r, &names);
    int parsed = !vid_parse(table_cell(&r->t, i, r->c_variant), &id, &err);
    free(err);
    struct sbuf b = {0};
    for (int k = 0; k < names.n; k++) {
        const char *v = table_cell(&r->t, i, cmp_param_col(r, names.v[k]));
        if (*v && !(parsed && vid_value(&id, names.v[k])) && in_every_run(runs, nruns, names.v[k]))
            sb_printf(&b, "\t%s=%s", names.v[k], v);
    }
    if (parsed) vid_free(&id);
    sl_free(&names);
    return b.s ? b.s : xstrdup("");
}
