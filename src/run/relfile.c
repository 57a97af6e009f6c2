/* relfile.c — a resumed sweep's rel_time and speedup made anew over its results.tsv (relfile.h). */
#include "relfile.h"
#include "relative.h"
#include "spec/plan_table.h"
#include "spec/variantid.h"
#include "store/results.h"
#include "lib/table.h"
#include "lib/util.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct variant *relative_vars_as_run(const struct spec *s, const struct rj_as_run *a)
{
    struct variant *vars = xcalloc((size_t)a->nvariants + 1, sizeof *vars);
    for (int v = 0; v < a->nvariants; v++) {
        const struct rj_variant *x = &a->variants[v];
        struct variant *y = &vars[v];
        y->id = xstrdup(x->id ? x->id : "");
        /* Its name is its id's (plan_add_variant's "NAME:K=V,..."), where the spec has that variant. */
        struct vid id;
        char *bad = NULL;
        if (vid_parse(y->id, &id, &bad) == 0) {
            int sv = id.name ? spec_variant_find(s, id.name) : -1;
            y->name = sv >= 0 ? s->variants[sv].name : NULL;
            vid_free(&id);
        }
        free(bad);
        for (int k = 0; k < x->keys.n && k < x->values.n; k++) {
            sl_push(&y->keys, x->keys.v[k]);
            sl_push(&y->values, x->values.v[k]);
        }
    }
    return vars;
}

void relative_vars_free(struct variant *vars, long n)
{
    for (long v = 0; vars && v < n; v++) {
        free(vars[v].id);
        sl_free(&vars[v].keys);
        sl_free(&vars[v].values);
    }
    free(vars);
}

/* fill: vals[0], vals[1] the rel_time and speedup cells of t's rows (NULL: kept as it is). */
static void fill(const struct relrows_sweep *sw, const struct spec_variant *ref, const struct table *t,
                 struct strlist vals[2])
{
    struct relrows *rows = relrows_new(sw);
    struct relative rel;
    relative_init_from(&rel, sw->vars, ref, 1);
    int cs = table_col(t, "status"), cm = table_col(t, "median_ms"), cg = table_col(t, "gflops"), cy = table_col(t, "gbs");
    int *rec_of = xcalloc((size_t)t->nrows + 1, sizeof *rec_of);
    /* Every row recorded first: each against the relative variant's row at its build and point. */
    for (int i = 0; i < t->nrows; i++) {
        int v, b;
        size_t pt;
        rec_of[i] = -1;
        if (relrows_config(rows, t, i, &v, &b, &pt)) continue;        /* not a row of the sweep: as it is */
        struct rel_rec rec = relative_rec(v, b, pt, row_status_of(table_cell(t, i, cs)), table_num(t, i, cm),
                                          table_num(t, i, cg), table_num(t, i, cy));
        rec_of[i] = (int)rel.n;
        relative_add(&rel, &rec);
    }
    for (int i = 0; i < t->nrows; i++) {
        double x = rec_of[i] < 0 ? NAN : relative_time(&rel, &rel.recs[rec_of[i]], NULL), y = relative_speedup(x);
        sl_push_own(&vals[0], rec_of[i] < 0 ? NULL : isnan(x) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, x));
        sl_push_own(&vals[1], rec_of[i] < 0 ? NULL : isnan(y) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, y));
    }
    free(rec_of);
    relrows_free(rows);
    relative_free(&rel);
}

int relative_refresh_rows(const struct relrows_sweep *sw, const struct spec_variant *ref, struct results *res, char **why)
{
    *why = NULL;
    if (!ref) return 0;
    char *path = path_join(res->dir, "results.tsv");
    struct table t = {0};
    int rc = 0;
    if (table_read(path, &t, why)) rc = -1;
    else if (table_col(&t, "rel_time") >= 0 && table_col(&t, "speedup") >= 0) {
        struct strlist vals[2] = {{0}, {0}};
        fill(sw, ref, &t, vals);
        const char *names[] = { "rel_time", "speedup" };
        const struct strlist *set[] = { &vals[0], &vals[1] };
        if (results_set_columns(res, names, set, 2)) {
            *why = xasprintf("cannot write %s: %s", path, strerror(errno));
            rc = -1;
        }
        sl_free(&vals[0]);
        sl_free(&vals[1]);
    }
    table_free(&t);
    free(path);
    return rc;
}

int relative_refresh_dir(const struct spec *s, const char *dir, char **why)
{
    *why = NULL;
    int rel_v = s->relative ? spec_variant_find(s, s->relative) : -1;
    if (rel_v < 0) return 0;
    struct runjson rj;
    char *err = NULL;
    if (runjson_read(dir, &rj, &err) || !rj.as_run.has || rj.as_run.variants_hash) {
        *why = err ? err : xasprintf("%s/run.json lists no variants as run", dir);
        runjson_free(&rj);
        return -1;
    }
    const struct rj_as_run *a = &rj.as_run;
    const char **axes = xcalloc((size_t)a->naxes + 1, sizeof *axes);
    struct strlist *values = xcalloc((size_t)a->naxes + 1, sizeof *values);
    for (int x = 0; x < a->naxes; x++) {
        axes[x] = a->axes[x].name;
        values[x] = a->axes[x].values;           /* borrowed */
    }
    struct variant *vars = relative_vars_as_run(s, a);
    struct relrows_sweep sw = { .vars = vars, .nvars = a->nvariants, .builds = &a->builds, .axes = axes,
                                .values = values, .naxes = a->naxes, .local_cell = plan_local_is_axis(s) };
    /* Read and written under the run's lock: no worker writes it between the two. */
    int fd = results_lock(dir, 5), rc = -1;
    if (fd < 0) *why = xasprintf("cannot lock %s/results.tsv: %s", dir, strerror(errno));
    else {
        struct results res = { .dir = (char *)dir, .lock_fd = -1 };
        rc = relative_refresh_rows(&sw, &s->variants[rel_v], &res, why);
        close(fd);
    }
    relative_vars_free(vars, a->nvariants);
    free(axes);
    free(values);
    runjson_free(&rj);
    return rc;
}
