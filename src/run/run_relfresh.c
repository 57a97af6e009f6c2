/* run_relfresh.c — a resumed sweep's rel_time and speedup made anew over the rows results.tsv holds
 * when it ends or stops. */
#include "run_impl.h"
#include "lib/table.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int run_config_swept(const struct runner *r, int v, int b, long pt)
{
    return build_of(&r->bl, v, b)->ok && shard_map_role(&r->shard, v, b, pt) != SHARD_NONE;
}

/* file_recs: rel's records of t's swept rows (those after the build phase's first rows, in sweep()'s
 * order: line, variant in the order they run, build, local), their times as t has them; 0, or -1
 * where a row is not the configuration the order puts there (its variant, build or an axis), said
 * by nothing: the caller leaves the file as it is. */
static int file_recs(const struct runner *r, const struct table *t, struct relative *rel)
{
    const struct plan *p = &r->plan;
    size_t nlocal = (size_t)p->axis_values[p->naxes - 1].n;
    int i = r->tally.nbuildrows, cv = table_col(t, "variant"), cb = table_col(t, "build"),
        cs = table_col(t, "status"), cm = table_col(t, "median_ms"), cg = table_col(t, "gflops"), cy = table_col(t, "gbs");
    for (size_t dp = 0; dp < p->npoints / nlocal && i < t->nrows; dp++)
        for (int k = 0; k < p->nvariants && i < t->nrows; k++)
            for (int b = 0; b < p->builds.n && i < t->nrows; b++)
                for (size_t l = 0; l < nlocal && i < t->nrows; l++) {
                    int v = r->order[k];
                    size_t pt = dp * nlocal + l;
                    if (!run_config_swept(r, v, b, (long)pt)) continue;
                    int same = !strcmp(table_cell(t, i, cv), p->variants[v].id) &&
                               !strcmp(table_cell(t, i, cb), plan_build_label(p->builds.v[b]));
                    for (int a = 0; a < p->naxes && same; a++)
                        same = !strcmp(p->axis_names[a], "local") ||
                               !strcmp(table_cell(t, i, table_col(t, p->axis_names[a])), plan_point_value(p, pt, a));
                    if (!same) return -1;
                    struct rel_rec rec = relative_rec(v, b, pt, row_status_of(table_cell(t, i, cs)), table_num(t, i, cm),
                                                      table_num(t, i, cg), table_num(t, i, cy));
                    relative_add(rel, &rec);
                    i++;
                }
    return i == t->nrows ? 0 : -1;
}

/* A row kept from before the stop was timed against the relative variant's row as it stood then,
 * which may since have been measured again (a stop cut it short): its rel_time then disagreed with
 * the file's own medians (inline's func at 0.911 where they give 1.029, drawn so in rel_time.png).
 * Every row is computed again against the rows as the file has them: at a stop of the resume too
 * (which had left 5 where the medians gave 4.8), whose file holds rows the sweep never reached, and
 * keeps a kept row where the row measured again was cut shorter; the run's own records lack the
 * first and may differ from the file where a rewrite failed. */
void run_rel_refresh(struct runner *r)
{
    if (!r->o->resume_dir || r->o->search.on || !r->sweep_begun || r->rel_fresh) return;
    r->rel_fresh = 1;
    char *path = results_path(&r->out.res, "results.tsv"), *err = NULL;
    struct table t;
    struct relative rel;
    relative_init(&rel, r->s, &r->plan);
    int bad = table_read(path, &t, &err) || file_recs(r, &t, &rel);
    if (bad) {
        warn("cannot compute the resumed sweep's rel_time and speedup anew from %s: %s: rows kept from before the stop "
             "may keep theirs against a relative row since measured again", path,
             err ? err : "its rows are not in the sweep's order");
        r->out.write_failed = 1;
    }
    struct strlist vals[2] = {{0}, {0}};
    for (int i = 0; !bad && i < r->tally.nbuildrows; i++) {
        sl_push_own(&vals[0], NULL);          /* kept as they are */
        sl_push_own(&vals[1], NULL);
    }
    for (size_t i = 0; !bad && i < rel.n; i++) {
        double x = relative_time(&rel, &rel.recs[i], NULL), y = relative_speedup(x);
        sl_push_own(&vals[0], isnan(x) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, x));
        sl_push_own(&vals[1], isnan(y) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, y));
    }
    const char *names[] = { "rel_time", "speedup" };
    const struct strlist *set[] = { &vals[0], &vals[1] };
    if (!bad && results_set_columns(&r->out.res, names, set, 2)) {
        warn("cannot write the resumed sweep's rel_time and speedup anew in %s: %s: rows kept from before the stop may "
             "keep theirs against a relative row since measured again", path, strerror(errno));
        r->out.write_failed = 1;
    }
    sl_free(&vals[0]);
    sl_free(&vals[1]);
    relative_free(&rel);
    table_free(&t);
    free(err);
    free(path);
}
