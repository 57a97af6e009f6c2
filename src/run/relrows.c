/* relrows.c — a results.tsv row's configuration by its ids and cells (relrows.h). */
#include "relrows.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

struct line { char *key; long dp; };
struct relrows {
    const struct relrows_sweep *sw;
    size_t nlocal;               /* the local axis's values (1: it has none) */
    struct line *lines;          /* [nlines] by key: a launch point apart from its local */
    long nlines;
    int *seen;                   /* [(v * builds + b) * nlines + dp]: rows of each so far */
    int cv, cb, *col;            /* t's columns: variant, build, each axis's */
    char **ids;                  /* [nvars]: the variants' ids, and byid their indexes by id (a row's */
    int *byid;                   /* variant found by halves: sgemm's sweep has 62k variants) */
};

static int line_cmp(const void *a, const void *b)
{
    return strcmp(((const struct line *)a)->key, ((const struct line *)b)->key);
}

static int has_local(const struct relrows_sweep *sw)
{
    return sw->naxes > 0 && !strcmp(sw->axes[sw->naxes - 1], "local");
}

/* line_key: the cells of the axes but local, of line dp of the sweep (t NULL) or of row of t. */
static char *line_key(const struct relrows *x, long dp, const struct table *t, int row)
{
    const struct relrows_sweep *sw = x->sw;
    int n = sw->naxes - has_local(sw);
    struct sbuf b = {0};
    for (int a = n - 1; a >= 0; a--) {           /* the last axis varies fastest */
        size_t nv = (size_t)sw->values[a].n;
        const char *cell = t ? table_cell(t, row, x->col[a]) : nv ? sw->values[a].v[(size_t)dp % nv] : "";
        if (!t && nv) dp /= (long)nv;
        sb_printf(&b, "%s\t", cell);
    }
    return b.s ? b.s : xstrdup("");
}

struct relrows *relrows_new(const struct relrows_sweep *sw)
{
    struct relrows *x = xcalloc(1, sizeof *x);
    x->sw = sw;
    x->nlocal = has_local(sw) && sw->values[sw->naxes - 1].n > 0 ? (size_t)sw->values[sw->naxes - 1].n : 1;
    x->nlines = 1;
    for (int a = 0; a < sw->naxes - has_local(sw); a++) x->nlines *= sw->values[a].n;
    x->lines = xcalloc((size_t)x->nlines + 1, sizeof *x->lines);
    for (long dp = 0; dp < x->nlines; dp++) x->lines[dp] = (struct line){ line_key(x, dp, NULL, -1), dp };
    qsort(x->lines, (size_t)x->nlines, sizeof *x->lines, line_cmp);
    x->seen = xcalloc((size_t)sw->nvars * (size_t)sw->builds->n * (size_t)x->nlines + 1, sizeof *x->seen);
    x->cv = x->cb = -2;
    x->col = xcalloc((size_t)sw->naxes + 1, sizeof *x->col);
    x->ids = xcalloc((size_t)sw->nvars + 1, sizeof *x->ids);
    x->byid = xcalloc((size_t)sw->nvars + 1, sizeof *x->byid);
    for (int v = 0; v < sw->nvars; v++) {
        x->ids[v] = sw->vars[v].id;
        x->byid[v] = v;
    }
    sort_by_keys(x->byid, sw->nvars, x->ids);
    return x;
}

/* columns: t's columns, found at its first row. */
static void columns(struct relrows *x, const struct table *t)
{
    if (x->cv != -2) return;
    x->cv = table_col(t, "variant");
    x->cb = table_col(t, "build");
    for (int a = 0; a < x->sw->naxes; a++) x->col[a] = table_col(t, x->sw->axes[a]);
}

/* local_of: row's local index on line dp of variant v, build b; -1 where it has none. */
static long local_of(struct relrows *x, const struct table *t, int row, int v, int b, long dp)
{
    const struct relrows_sweep *sw = x->sw;
    if (x->nlocal == 1) return 0;
    if (sw->local_cell) {
        const struct strlist *l = &sw->values[sw->naxes - 1];
        const char *cell = table_cell(t, row, x->col[sw->naxes - 1]);
        for (int k = 0; k < l->n; k++)
            if (!strcmp(l->v[k], cell)) return k;
        return -1;
    }
    int k = x->seen[((long)v * sw->builds->n + b) * x->nlines + dp]++;
    for (size_t l = 0; l < x->nlocal; l++)
        if ((!sw->swept || sw->swept(sw->ctx, v, b, dp * (long)x->nlocal + (long)l)) && k-- == 0) return (long)l;
    return -1;
}

int relrows_config(struct relrows *x, const struct table *t, int row, int *v, int *b, size_t *pt)
{
    const struct relrows_sweep *sw = x->sw;
    columns(x, t);
    int point = 0;                               /* a build phase's row has no launch point */
    for (int a = 0; a < sw->naxes && !point; a++) point = *table_cell(t, row, x->col[a]) != '\0';
    if (!point) return -1;
    const char *id = table_cell(t, row, x->cv), *label = table_cell(t, row, x->cb);
    *v = find_by_keys(x->ids, x->byid, sw->nvars, id);
    for (*b = 0; *b < sw->builds->n && strcmp(plan_build_label(sw->builds->v[*b]), label); ++*b) {}
    if (*v < 0 || *b == sw->builds->n) return -1;
    struct line key = { line_key(x, 0, t, row), 0 }, *at = bsearch(&key, x->lines, (size_t)x->nlines, sizeof *x->lines, line_cmp);
    free(key.key);
    long l = at ? local_of(x, t, row, *v, *b, at->dp) : -1;
    if (l < 0) return -1;
    *pt = (size_t)at->dp * x->nlocal + (size_t)l;
    return 0;
}

void relrows_free(struct relrows *x)
{
    if (!x) return;
    for (long dp = 0; dp < x->nlines; dp++) free(x->lines[dp].key);
    free(x->lines);
    free(x->seen);
    free(x->col);
    free(x->ids);
    free(x->byid);
    free(x);
}
