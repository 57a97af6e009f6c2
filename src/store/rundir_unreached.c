/* rundir_unreached.c — the configurations a stopped run's sweep never reached, as rows of their own
 * (rundir_unreached.h). */
#include "rundir_unreached.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* The most configurations crossed: past it (a tuning space's) they are not known cheaply. */
#define UNREACHED_MOST 1000000L

/* same_value: whether cell is v as as_run writes it: the same text, or the same number ("200M" is
 * no number and must be written alike). */
static int same_value(const char *cell, const char *v)
{
    if (!strcmp(cell, v)) return 1;
    char *e1, *e2;
    double a = strtod(cell, &e1), b = strtod(v, &e2);
    return *cell && *v && !*e1 && !*e2 && a == b;
}

/* index_of: the index of the value among vs that cell is (same_value), or -1. */
static int index_of(const struct strlist *vs, const char *cell)
{
    for (int k = 0; k < vs->n; k++)
        if (same_value(cell, vs->v[k])) return k;
    return -1;
}

static const char *build_label(const char *opts) { return *opts ? opts : "default"; }

/* The crossing of as_run: variants x builds x each axis's values, a configuration's index the
 * variant's, then the build's, then each axis's (the last fastest). ids: the variants' ids, byid
 * their indexes in the ids' order (a row's variant found by halves: a sweep of 60k variants). */
struct cross { const struct rj_as_run *as; int *col; long n, points; char **ids; int *byid; };

/* cross_make: c for r; 0, or -1 where the crossing cannot be matched to the rows (a search's list
 * left out, an axis with several values and no column, too many configurations). */
static int cross_make(const struct rundir *r, struct cross *c)
{
    const struct rj_as_run *as = &r->rj.as_run;
    c->as = as;
    c->col = xcalloc((size_t)as->naxes + 1, sizeof *c->col);
    c->points = 1;
    if (as->variants_hash || as->nvariants < 1 || as->builds.n < 1 || r->c_variant < 0 || r->c_build < 0) return -1;
    for (int a = 0; a < as->naxes; a++) {
        c->col[a] = !strcmp(as->axes[a].name, "local") ? r->c_local : table_col(&r->t, as->axes[a].name);
        if ((c->col[a] < 0 && as->axes[a].values.n > 1) || as->axes[a].values.n < 1) return -1;
        c->points *= as->axes[a].values.n;
        if (c->points > UNREACHED_MOST) return -1;
    }
    c->n = c->points * as->nvariants * as->builds.n;
    if (c->n > UNREACHED_MOST) return -1;
    c->ids = xcalloc((size_t)as->nvariants + 1, sizeof *c->ids);
    c->byid = xcalloc((size_t)as->nvariants + 1, sizeof *c->byid);
    for (int k = 0; k < as->nvariants; k++) {
        c->ids[k] = (char *)rj_str(as->variants[k].id);
        c->byid[k] = k;
    }
    sort_by_keys(c->byid, as->nvariants, c->ids);
    return 0;
}

/* variant_of, build_of: row i's variant's and build's indexes in as_run, or -1. */
static int variant_of(const struct rundir *r, const struct cross *c, int i)
{
    return find_by_keys(c->ids, c->byid, c->as->nvariants, table_cell(&r->t, i, r->c_variant));
}

static int build_of(const struct rundir *r, const struct cross *c, int i)
{
    const char *b = table_cell(&r->t, i, r->c_build);
    for (int k = 0; k < c->as->builds.n; k++)
        if (!strcmp(build_label(c->as->builds.v[k]), b)) return k;
    return -1;
}

/* reached_mark: every configuration r's rows stand for, marked in seen[c->n]; 0, or -1 where a row
 * is of none (its variant, build or a value not as_run's: the crossing is not the rows'). A variant
 * and build's row as a whole (rundir_build_row: a failed build, a skipped variant) stands for all
 * of its points. */
static int reached_mark(const struct rundir *r, const struct cross *c, char *seen)
{
    for (int i = 0; i < r->t.nrows; i++) {
        int v = variant_of(r, c, i), b = build_of(r, c, i);
        if (v < 0 || b < 0) return -1;
        long base = ((long)v * c->as->builds.n + b) * c->points, at = 0;
        if (rundir_build_row(r, i)) {
            memset(seen + base, 1, (size_t)c->points);
            continue;
        }
        for (int a = 0; a < c->as->naxes; a++) {
            int k = c->col[a] < 0 ? 0 : index_of(&c->as->axes[a].values, table_cell(&r->t, i, c->col[a]));
            if (k < 0) return -1;
            at = at * c->as->axes[a].values.n + k;
        }
        seen[base + at] = 1;
    }
    return 0;
}

/* unreached_row: the cells of configuration x of c as a row of r's columns: its variant, build,
 * template parameters and launch point, status RUNDIR_UNREACHED_STATUS, the rest empty. Its strings
 * are run.json's (r's) or constant. */
static const char **unreached_row(const struct rundir *r, const struct cross *c, long x)
{
    int ncols = r->t.cols.n;
    const char **row = xcalloc((size_t)ncols + 1, sizeof *row);
    for (int k = 0; k < ncols; k++) row[k] = "";
    long at = x % c->points, vb = x / c->points;
    const struct rj_variant *v = &c->as->variants[vb / c->as->builds.n];
    int ce = table_col(&r->t, "experiment");
    if (ce >= 0) row[ce] = r->experiment;
    row[r->c_variant] = rj_str(v->id);
    row[r->c_build] = build_label(c->as->builds.v[vb % c->as->builds.n]);
    for (int k = 0; k < v->keys.n && k < v->values.n; k++) {
        int col = table_col(&r->t, v->keys.v[k]);
        if (col >= 0) row[col] = v->values.v[k];
    }
    for (int a = c->as->naxes - 1; a >= 0; a--) {
        const struct strlist *vs = &c->as->axes[a].values;
        if (c->col[a] >= 0) row[c->col[a]] = vs->v[at % vs->n];
        at /= vs->n;
    }
    if (r->c_status >= 0) row[r->c_status] = RUNDIR_UNREACHED_STATUS;
    return row;
}

/* short_of_plan: whether r's run stopped before its sweep's end: stopped (interrupted, or rows a stop
 * cut short), or unfinished with fewer rows than it planned (a resume not yet done). A sweep that
 * plans no rows (a search's, a shard's, a tuning's) is none: its rows are not the plan's alone. */
static int short_of_plan(const struct rundir *r)
{
    enum rundir_end end = rundir_end(r);
    if (end == RUNDIR_FINISHED || rundir_is_search(r)) return 0;
    return end == RUNDIR_STOPPED || (r->rj.planned_rows > 0 && r->t.nrows < r->rj.planned_rows);
}

/* add_rows: the configurations seen[] lacks, but those skip says the run would have skipped,
 * appended to out's rows; how many. */
static int add_rows(const struct rundir *r, const struct cross *c, const char *seen, rundir_unreached_skip skip, void *ctx,
                    struct rundir *out)
{
    long n = 0, added = 0;
    for (long x = 0; x < c->n; x++) n += !seen[x];
    if (!n) return 0;
    out->t.cells = xrealloc(out->t.cells, sizeof *out->t.cells * (size_t)(out->t.nrows + n + 1));
    for (long x = 0; x < c->n; x++) {
        if (seen[x]) continue;
        const char **row = unreached_row(r, c, x);
        if (skip && skip(ctx, r, row)) { free(row); continue; }
        out->t.cells[out->t.nrows++] = row;
        added++;
    }
    return (int)added;
}

void rundir_unreached_open(const struct rundir *r, struct rundir *out, rundir_unreached_skip skip, void *ctx)
{
    *out = *r;
    int n = r->t.nrows;
    out->t.cells = xmalloc(sizeof *out->t.cells * (size_t)(n + 1));
    if (n) memcpy(out->t.cells, r->t.cells, sizeof *out->t.cells * (size_t)n);
    out->reach = RUNDIR_REACH_WHOLE;
    out->nunreached = 0;
    if (short_of_plan(r)) {
        struct cross c = {0};
        char *seen = NULL;
        out->reach = RUNDIR_REACH_UNKNOWN;
        /* A shard's as_run is the whole sweep's, most of it other shards'; a tuning's rows are not
         * its plan's alone: what it did not reach is not known from them. */
        int own_plan = r->rj.shard.n == 0 && !runjson_part(&r->rj, RJ_TUNE);
        if (own_plan && !cross_make(r, &c)) {
            seen = xcalloc((size_t)c.n + 1, 1);
            if (!reached_mark(r, &c, seen)) {
                out->reach = RUNDIR_REACH_KNOWN;
                out->nunreached = add_rows(r, &c, seen, skip, ctx, out);
            }
        }
        free(seen);
        free(c.col);
        free(c.ids);
        free(c.byid);
    }
    int total = out->t.nrows;
    out->ok = xcalloc((size_t)total + 1, sizeof *out->ok);
    if (n) memcpy(out->ok, r->ok, sizeof *out->ok * (size_t)n);
    out->point = xcalloc((size_t)total + 1, sizeof *out->point);
    if (n) memcpy(out->point, r->point, sizeof *out->point * (size_t)n);
    for (int i = n; i < total; i++) out->point[i] = rundir_point(out, i, 0);
    if (out->nunreached) {
        out->ngroups = 0;
        rundir_group_rows(out);
    } else {
        out->group = xcalloc((size_t)n + 1, sizeof *out->group);
        out->group_first = xcalloc((size_t)n + 1, sizeof *out->group_first);
        if (n) memcpy(out->group, r->group, sizeof *out->group * (size_t)n);
        if (n) memcpy(out->group_first, r->group_first, sizeof *out->group_first * (size_t)n);
    }
}

void rundir_unreached_close(struct rundir *out)
{
    for (int i = rundir_rows_read(out); i < out->t.nrows; i++) {
        free(out->t.cells[i]);
        free(out->point[i]);
    }
    free(out->t.cells);
    free(out->ok);
    free(out->point);
    free(out->group);
    free(out->group_first);
    memset(out, 0, sizeof *out);
}
