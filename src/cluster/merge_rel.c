/* merge_rel.c — the merged rows' columns that are measured against other rows of the run: rel_time
 * and speedup (against the spec's relative variant at the same build and point) and dev_row_avg
 * (against the row's other work-group sizes), recomputed over the rows the merge keeps by the run's
 * own rule (run/relative.c). A shard's were against its own rows, among them the relative variant's
 * that it ran only for that and that the merge drops for the owner's: kept, they disagreed with the
 * merged file's own median_ms. */
#include "merge_impl.h"
#include "run/relative.h"
#include "run/relfile.h"
#include "spec/spec.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct merge_rel {
    struct spec s;               /* the spec as run (run.json's text): its relative variant */
    int has_spec;
    int own;                     /* rel_time and speedup: each part's own (its device's relative rows) */
    struct variant *vars;        /* the plan's variants as run (run.json's as_run), named by the spec */
    long nvars;
    double *rel_time, *row_dev;  /* [configuration in sweep order]: NAN where there is none */
    int col_rel, col_speedup, col_dev;
};

static double median_of(const struct merge *m, long c)
{
    const struct table *t = &m->in[m->sweep_in[c]].t;
    double x = table_num(t, m->sweep_row[c], table_col(t, "median_ms"));
    return isfinite(x) && x > 0 ? x : NAN;
}

static const char *ref_dir(const struct merge *m)
{
    for (int x = 0; x < m->nin; x++)
        if (&m->in[x].rj == m->ref) return m->in[x].dir;
    return "?";
}

/* relative_variant: the spec's relative variant, with mr->vars the plan's variants it is matched
 * against; NULL where the spec names none, or (said, the columns then left empty: never a shard's
 * value against a row the merge dropped) where run.json lacks the spec or the variants as run. */
static const struct spec_variant *relative_variant(struct merge_rel *mr, const struct merge *m)
{
    const struct rj_as_run *as_run = &m->ref->as_run;
    char *err = NULL, *label = xasprintf("%s/run.json (spec)", ref_dir(m)), *why = NULL;
    if (!m->ref->spec || !*m->ref->spec) why = xasprintf("%s/run.json holds no spec", ref_dir(m));
    else if (spec_load_text(label, rj_str(m->ref->experiment), m->ref->spec, &mr->s, &err)) {
        spec_free(&mr->s);
        why = err;                                   /* "DIR/run.json (spec):LINE: ..." */
        err = NULL;
    } else mr->has_spec = 1;
    int rel = mr->has_spec && mr->s.relative ? spec_variant_find(&mr->s, mr->s.relative) : -1;
    if (rel >= 0 && as_run->nvariants != m->shape.variants)
        why = xasprintf("%s/run.json's as_run does not list the sweep's %ld variants", ref_dir(m), m->shape.variants);
    if (why && mr->col_rel >= 0) fprintf(stderr, "clx merge: %s: rel_time and speedup are left empty\n", why);
    int none = why != NULL;
    free(why);
    free(err);
    free(label);
    if (none || rel < 0) return NULL;
    mr->nvars = as_run->nvariants;
    mr->vars = relative_vars_as_run(&mr->s, as_run);
    return &mr->s.variants[rel];
}

/* devices_differ: whether the parts of a --split-any ran on devices that differ (model, platform or
 * driver). */
static int devices_differ(const struct merge *m)
{
    if (m->kind != MERGE_SPLIT_ANY) return 0;
    const struct rj_device *a = &m->in[0].rj.device;
    for (int x = 1; x < m->nin; x++) {
        const struct rj_device *b = &m->in[x].rj.device;
        if (strcmp(rj_str(a->name), rj_str(b->name)) || strcmp(rj_str(a->platform), rj_str(b->platform)) ||
            strcmp(rj_str(a->driver_version), rj_str(b->driver_version)))
            return 1;
    }
    return 0;
}

struct merge_rel *merge_rel_new(const struct merge *m, const struct table *head)
{
    struct merge_rel *mr = xcalloc(1, sizeof *mr);
    /* Parts on different devices: a row's rel_time against the relative variant's row that another
     * device ran compared the devices (PoCL's float4 at 0.33 of Intel's naive, 0.40 of its own).
     * Each part ran the relative variant's rows itself for that (the merge keeps the owner's): its
     * own cells stand. */
    mr->own = devices_differ(m);
    mr->col_rel = table_col(head, "rel_time");
    mr->col_speedup = table_col(head, "speedup");
    mr->col_dev = table_col(head, "dev_row_avg");
    const struct spec_variant *ref = relative_variant(mr, m);
    struct relative rel;
    relative_init_from(&rel, mr->vars, ref, (size_t)m->shape.locals);
    mr->rel_time = xcalloc((size_t)m->configs + 1, sizeof *mr->rel_time);
    mr->row_dev = xcalloc((size_t)m->configs + 1, sizeof *mr->row_dev);
    long *rec_of = xcalloc((size_t)m->configs + 1, sizeof *rec_of);
    /* As the run computes them: each row's rel_time over the rows before it in the sweep's order
     * (the relative variant's run first at each point), dev_row_avg once every row is in. */
    for (long c = 0; c < m->configs; c++) {
        mr->rel_time[c] = mr->row_dev[c] = NAN;
        rec_of[c] = -1;
        if (m->sweep_in[c] < 0) continue;
        long v, i, b, line, l;
        shard_decode(&m->shape, m->groups + c, &v, &i, &b, &line, &l);
        const struct table *t = &m->in[m->sweep_in[c]].t;
        struct rel_rec rec = relative_rec(m->order[i], (int)b, (size_t)(line * m->shape.locals + l),
                                          row_status_of(table_cell(t, m->sweep_row[c], table_col(t, "status"))), median_of(m, c),
                                          table_num(t, m->sweep_row[c], table_col(t, "gflops")),
                                          table_num(t, m->sweep_row[c], table_col(t, "gbs")));
        /* The row's note is its shard's, which said the same of it: the work is the spec's, not a timing. */
        mr->rel_time[c] = relative_time(&rel, &rec, NULL);
        rec_of[c] = (long)rel.n;
        relative_add(&rel, &rec);
    }
    long unmatched = 0;
    for (long c = 0; c < m->configs; c++) {
        if (rec_of[c] < 0) continue;
        mr->row_dev[c] = relative_row_dev(&rel, (size_t)rec_of[c]);
        unmatched += isnan(mr->rel_time[c]) && !isnan(rel.recs[rec_of[c]].median_ms);
    }
    /* A partial merge's rows whose reference row is one it lacks: empty, as a run leaves a row whose
     * reference has no time, and said, since it is the merge's doing (the shards had a value). */
    if (unmatched && ref && m->missing && mr->col_rel >= 0)
        fprintf(stderr, "clx merge: %ld timed rows have no rel_time or speedup: the %s rows they are timed against "
                "are among the missing configurations (or have no time)\n", unmatched, ref->name);
    free(rec_of);
    relative_free(&rel);
    return mr;
}

char *merge_rel_cell(const struct merge_rel *mr, long c, int col)
{
    double x;
    const char *format = RELATIVE_TIME_FORMAT;
    if (col < 0) return NULL;
    if (mr->own && (col == mr->col_rel || col == mr->col_speedup)) return NULL;
    if (col == mr->col_rel) x = mr->rel_time[c];
    else if (col == mr->col_speedup) x = relative_speedup(mr->rel_time[c]);
    else if (col == mr->col_dev) { x = mr->row_dev[c]; format = RELATIVE_ROW_DEV_FORMAT; }
    else return NULL;
    return isfinite(x) ? xasprintf(format, x) : xstrdup("");
}

void merge_rel_free(struct merge_rel *mr)
{
    if (!mr) return;
    relative_vars_free(mr->vars, mr->nvars);
    if (mr->has_spec) spec_free(&mr->s);
    free(mr->rel_time);
    free(mr->row_dev);
    free(mr);
}
