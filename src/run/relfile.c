/* relfile.c — rel_time and speedup made anew from a run's folder alone (relfile.h). */
#include "relfile.h"
#include "relative.h"
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

/* intern: the index of text in l, pushed where l lacks it. */
static int intern(struct strlist *l, const char *text)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], text)) return i;
    sl_push(l, text);
    return l->n - 1;
}

/* point_key: row i's launch point as t has it: its cells of the axes as run, one string. */
static char *point_key(const struct table *t, int i, const struct rj_as_run *a)
{
    struct sbuf b = {0};
    for (int x = 0; x < a->naxes; x++) sb_printf(&b, "%s\t", table_cell(t, i, table_col(t, a->axes[x].name)));
    return b.s ? b.s : xstrdup("");
}

/* set_cells: vals' rel_time and speedup into dir/results.tsv, under the run's lock. */
static int set_cells(const char *dir, const struct strlist *rel, const struct strlist *sp)
{
    int fd = results_lock(dir, 5);
    if (fd < 0) return -1;
    struct results res = { .dir = (char *)dir, .lock_fd = -1 };
    const char *names[] = { "rel_time", "speedup" };
    const struct strlist *set[] = { rel, sp };
    int rc = results_set_columns(&res, names, set, 2), err = errno;
    close(fd);
    errno = err;
    return rc;
}

int relative_refresh_dir(const struct spec *s, const char *dir, char **why)
{
    *why = NULL;
    int rel_v = s->relative ? spec_variant_find(s, s->relative) : -1;
    if (rel_v < 0) return 0;
    struct runjson rj;
    struct table t = {0};
    char *err = NULL, *path = path_join(dir, "results.tsv");
    if (runjson_read(dir, &rj, &err) || !rj.as_run.has || rj.as_run.variants_hash) {
        *why = err ? err : xasprintf("%s/run.json lists no variants as run", dir);
        runjson_free(&rj);
        free(path);
        return -1;
    }
    if (table_read(path, &t, &err)) {
        *why = err;
        runjson_free(&rj);
        free(path);
        return -1;
    }
    int rc = 0;
    if (table_col(&t, "rel_time") >= 0 && table_col(&t, "speedup") >= 0) {
        const struct rj_as_run *a = &rj.as_run;
        struct variant *vars = relative_vars_as_run(s, a);
        struct relative rel;
        relative_init_from(&rel, vars, &s->variants[rel_v], 1);
        struct strlist builds = {0}, points = {0}, vals[2] = {{0}, {0}};
        int cv = table_col(&t, "variant"), cb = table_col(&t, "build"), cs = table_col(&t, "status"),
            cm = table_col(&t, "median_ms"), cg = table_col(&t, "gflops"), cy = table_col(&t, "gbs");
        int *rec_of = xcalloc((size_t)t.nrows + 1, sizeof *rec_of);
        /* In the file's order, the sweep's: each row against the relative rows before it. */
        for (int i = 0; i < t.nrows; i++) {
            int v = -1;
            for (int k = 0; k < a->nvariants && v < 0; k++)
                if (!strcmp(vars[k].id, table_cell(&t, i, cv))) v = k;
            rec_of[i] = -1;
            if (v < 0) continue;                    /* not a variant as run: kept as it is */
            char *key = point_key(&t, i, a);
            struct rel_rec rec = relative_rec(v, intern(&builds, table_cell(&t, i, cb)), (size_t)intern(&points, key),
                                              row_status_of(table_cell(&t, i, cs)), table_num(&t, i, cm),
                                              table_num(&t, i, cg), table_num(&t, i, cy));
            free(key);
            rec_of[i] = (int)rel.n;
            relative_add(&rel, &rec);
        }
        for (int i = 0; i < t.nrows; i++) {
            double x = rec_of[i] < 0 ? NAN : relative_time(&rel, &rel.recs[rec_of[i]], NULL), y = relative_speedup(x);
            sl_push_own(&vals[0], rec_of[i] < 0 ? NULL : isnan(x) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, x));
            sl_push_own(&vals[1], rec_of[i] < 0 ? NULL : isnan(y) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, y));
        }
        if (set_cells(dir, &vals[0], &vals[1])) {
            *why = xasprintf("cannot write %s: %s", path, strerror(errno));
            rc = -1;
        }
        free(rec_of);
        sl_free(&vals[0]);
        sl_free(&vals[1]);
        sl_free(&builds);
        sl_free(&points);
        relative_free(&rel);
        relative_vars_free(vars, a->nvariants);
    }
    table_free(&t);
    runjson_free(&rj);
    free(path);
    return rc;
}
