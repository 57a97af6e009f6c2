/* compare_join.c — the sides of a comparison and their configurations: runs joined on variant,
 * build and launch point, or one run's rows joined along one of those columns or along a template
 * parameter (compare_param.c) (their verdicts: compare_decide.c). */
#include "compare_join.h"
#include "compare_declwork.h"
#include "compare_bywords.h"
#include "compare_copies.h"
#include "compare_result.h"
#include "store/columns.h"
#include "store/rowslost.h"
#include "lib/stats.h"
#include "lib/util.h"
#include "lib/names.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Along the variant column of a run whose ids carry parameters ("naive:EXTRA=2"), the sides are the
 * variant names and the parameters stay in the key: naive is compared with float4 at each EXTRA,
 * not with itself at another one. by_name is set for that case. Along a parameter, the row's value
 * of it, NULL where its variant has none (then the row is of no side). */
static const char *along_value(const struct cmp_join *j, const struct rundir *r, int i, char **own)
{
    *own = NULL;
    if (j->by_param) return j->param.value[i];
    const char *cell = table_cell(&r->t, i, r->id_col[j->along]);
    if (!j->by_name) return cell;
    const char *colon = strchr(cell, ':');
    return colon ? (*own = xasprintf("%.*s", (int)(colon - cell), cell)) : cell;
}

/* One side's measured rows by key, sorted for lookup. */
struct keyed { char **keys; int *sorted, nsorted; };

static int find_key(const struct keyed *k, const char *key) { return find_by_keys(k->keys, k->sorted, k->nsorted, key); }

static void keyed_free(struct keyed *k, int nrows)
{
    for (int i = 0; k->keys && i < nrows; i++) free(k->keys[i]);
    free(k->keys);
    free(k->sorted);
}

char *cmp_row_key(const struct cmp_join *j, int s, int i)
{
    const struct rundir *r = j->side[s].r;
    int along = j->along;
    if (j->side[s].value) {
        char *own;
        const char *v = along_value(j, r, i, &own);
        int other = !v || strcmp(v, j->side[s].value) != 0;
        free(own);
        if (other) return NULL;
    }
    char *key = rundir_key_but(r, i, 1, along);
    if (!j->by_param && along != 0) {
        /* the template parameters the id leaves out (one value in its run) join too */
        char *unsaid = cmp_param_unsaid(j->runs, j->nruns, r, i), *with = xasprintf("%s%s", key, unsaid);
        free(unsaid);
        free(key);
        key = with;
    }
    const char *params = cmp_row_params(j, r, i);
    if (!params) return key;
    /* the id's parameters, which the name left out, join too; along a parameter, the rest of the variant */
    char *with = xasprintf("%s\tparams=%s", key, params);
    free(key);
    return with;
}

const char *cmp_row_params(const struct cmp_join *j, const struct rundir *r, int i)
{
    if (j->by_param) return j->param.held[i];
    if (!j->by_name) return NULL;
    const char *colon = strchr(table_cell(&r->t, i, r->id_col[0]), ':');
    return colon ? colon + 1 : "";
}

char *cmp_row_shared(const struct cmp_join *j, const struct rundir *r, int i)
{
    if (j->by_param) return cmp_param_rest(r, &j->param, i);
    if (j->along == 0) return xstrdup(cmp_row_params(j, r, i) ? cmp_row_params(j, r, i) : "");
    return xstrdup(table_cell(&r->t, i, r->c_variant));
}

char *cmp_variant_said(const struct cmp_join *j, const struct rundir *r, int i)
{
    if (j->by_param) return xstrdup(j->param.said[i]);
    if (j->along != 0) return xstrdup(table_cell(&r->t, i, r->c_variant));
    const char *params = cmp_row_params(j, r, i);
    return params && *params ? xasprintf("(each):%s", params) : xstrdup("(each)");
}

char *cmp_along_said(const struct cmp_join *j, const struct rundir *r, int i)
{
    char *own;
    const char *v = along_value(j, r, i, &own);
    char *said = xstrdup(v && *v ? v : "''");
    free(own);
    return said;
}

/* key_side: side s's rows that are results (compare_result.h: measured, passed, not IMPOSSIBLE or
 * sol>100; with its value of the column compared along) by their key without that column. -1 with
 * *err when two rows share a key. */
static int key_side(const struct cmp_join *j, int s, struct keyed *k, char **err)
{
    const struct rundir *r = j->side[s].r;
    int along = j->along;
    k->keys = xcalloc((size_t)r->t.nrows + 1, sizeof *k->keys);
    k->sorted = xcalloc((size_t)r->t.nrows + 1, sizeof *k->sorted);
    k->nsorted = 0;
    for (int i = 0; i < r->t.nrows; i++) {
        if (!cmp_row_result(r, i) || !(k->keys[i] = cmp_row_key(j, s, i))) continue;
        k->sorted[k->nsorted++] = i;
    }
    sort_by_keys(k->sorted, k->nsorted, k->keys);
    for (int j = 1; j < k->nsorted; j++)
        if (!strcmp(k->keys[k->sorted[j]], k->keys[k->sorted[j - 1]])) {
            *err = xasprintf("%s has several measured rows of one configuration (%s)%s", r->dir, k->keys[k->sorted[j]],
                             along < 0 ? ": its run.json does not name every launch axis" : "");
            return -1;
        }
    return 0;
}

/* join: every configuration measured on any side, side 0's order first, and where each side has it. */
static int join(struct cmp_join *j, char **err)
{
    struct keyed *k = xcalloc((size_t)j->n, sizeof *k);
    int rc = 0;
    for (int s = 0; s < j->n && !rc; s++) rc = key_side(j, s, &k[s], err);
    free(j->where);
    j->where = NULL;
    j->nconf = j->ncommon = 0;
    for (int s = 0; s < j->n && !rc; s++)
        for (int i = 0; i < j->side[s].r->t.nrows; i++) {
            const char *key = k[s].keys[i];
            if (!key) continue;
            int seen = 0;
            for (int t = 0; t < s && !seen; t++) seen = find_key(&k[t], key) >= 0;
            if (seen) continue;
            j->where = xrealloc(j->where, sizeof *j->where * (size_t)(j->nconf + 1) * (size_t)j->n);
            for (int t = 0; t < j->n; t++) j->where[j->nconf * j->n + t] = t == s ? i : t < s ? -1 : find_key(&k[t], key);
            j->ncommon += cmp_in_all(j, j->nconf++);
        }
    for (int s = 0; s < j->n; s++) keyed_free(&k[s], j->side[s].r->t.nrows);
    free(k);
    return rc;
}

int cmp_in_all(const struct cmp_join *j, int c)
{
    for (int s = 0; s < j->n; s++)
        if (j->where[c * j->n + s] < 0) return 0;
    return 1;
}

/* axes_text: "N,TERMS,local": a run's launch axes, for a refusal. */
static char *axes_text(const struct rundir *r)
{
    struct sbuf b = {0};
    for (int k = 2; k < r->id_names.n; k++) sb_printf(&b, "%s%s", b.len ? "," : "", r->id_names.v[k]);
    return b.s ? b.s : xstrdup("(none)");
}

/* values_of: the distinct values column j->along takes in run r's measured rows. */
static void values_of(const struct cmp_join *j, const struct rundir *r, struct strlist *out)
{
    for (int i = 0; i < r->t.nrows; i++) {
        if (!cmp_row_result(r, i)) continue;
        char *own;
        const char *v = along_value(j, r, i, &own);
        int seen = !v;
        for (int k = 0; k < out->n && !seen; k++) seen = !strcmp(out->v[k], v);
        if (!seen) sl_push(out, v);
        free(own);
    }
}

static void label_sides(struct cmp_join *j)
{
    for (int s = 0; s < j->n; s++) {
        free(j->side[s].label);
        j->side[s].label = j->side[s].value ? xasprintf("%c: %s %s", 'A' + s, j->along_name, *j->side[s].value ? j->side[s].value : "''")
                                            : xasprintf("%c", 'A' + s);
    }
}

static int join_read(const char *const *dirs, int n, struct cmp_join *j, char **err);

/* whole: a run read (rundir_open) taken whole: a merge writing its folder said, rundir.h's merging; refused
 * where results.tsv lost rows run.json counts (open_whole; r emptied then). */
static int whole(struct rundir *r, char **err)
{
    /* compare's and history's first line: a merge writing the folder now, read as it stands. */
    if (r->merging) warn("%s", r->merging);
    char *lost = rundir_rows_lost(r);
    if (!lost) return 0;
    *err = xasprintf("%s: not compared, since what is left would read as the whole run", lost);
    free(lost);
    rundir_free(r);          /* left empty, as a run rundir_open could not read */
    return -1;
}

/* open_whole: rundir_open (a merge writing dir said, rundir.h's merging), refusing a finished run whose results.tsv lost rows run.json counts: its
 * missing configurations would be "only in" the other side and its verdicts of an edited file, read
 * as a second run's (a copy cut short read "12 UNSURE, run-to-run noise about 30%"). */
static int open_whole(const char *dir, struct rundir *r, char **err)
{
    return rundir_open(dir, r, err) ? -1 : whole(r, err);
}

int cmp_join_runs(const char *const *dirs, int n, struct cmp_join *j, char **err)
{
    memset(j, 0, sizeof *j);
    j->runs = xcalloc((size_t)n, sizeof *j->runs);
    j->along = -1;
    for (int k = 0; k < n; k++, j->nruns++)
        if (open_whole(dirs[k], &j->runs[k], err)) return -1;
    return join_read(dirs, n, j, err);
}

int cmp_join_opened(struct rundir *runs, int n, struct cmp_join *j, char **err)
{
    memset(j, 0, sizeof *j);
    j->runs = runs;
    j->nruns = n;
    j->along = -1;
    const char **dirs = xcalloc((size_t)n + 1, sizeof *dirs);
    int rc = 0;
    for (int k = 0; k < n && !rc; k++) rc = whole(&runs[k], err);
    /* The folders as read (a folder of runs' latest, looked up once), which the messages name. */
    for (int k = 0; k < n && !rc; k++) dirs[k] = runs[k].dir;
    if (!rc) rc = join_read(dirs, n, j, err);
    free(dirs);
    return rc;
}

/* join_read: the runs j holds, read (dirs: the folders as given, for the messages), joined. */
static int join_read(const char *const *dirs, int n, struct cmp_join *j, char **err)
{
    const struct rundir *a = &j->runs[0];
    /* A run against itself has every ratio 1 and its own rounds' scatter for a floor: its verdicts
     * (UNSURE where that scatter is wide, "run-to-run noise" that no second run measured) would be
     * read as a finding about the device. One folder named twice is refused; a copy (tests make
     * one to edit its run.json) is said. Each folder resolved once: resolved again for each pair, a
     * history of 300 runs made 90,000 realpath calls (270,000 readlink). */
    char **real = xcalloc((size_t)n + 1, sizeof *real);
    for (int k = 0; k < n; k++) real[k] = realpath(j->runs[k].dir, NULL);
    int same = 0;
    for (int k = 1; k < n && !same; k++)
        for (int m = 0; m < k && !same; m++) {
            if (real[m] && real[k] && !strcmp(real[m], real[k])) {
                *err = xasprintf("%s and %s are the same run (%s): nothing to put beside it; clx compare RUN --by build "
                                 "(or variant, a launch axis or a template parameter) compares within one run", dirs[m], dirs[k], real[m]);
                same = 1;
            }
        }
    for (int k = 0; k < n; k++) free(real[k]);
    free(real);
    if (same) return -1;
    /* Copies said once per group of them: said once per pair, 300 copies were 45,000 lines. */
    j->copy_of = cmp_copies_find(j->runs, n);
    cmp_copies_say(stderr, j->runs, j->copy_of, n, dirs, 0);
    for (int k = 1; k < n; k++) {
        const struct rundir *b = &j->runs[k];
        if (strcmp(b->experiment, a->experiment)) {
            *err = xasprintf("%s is a run of %s, %s one of %s: only runs of one experiment can be joined", dirs[k],
                             b->experiment, dirs[0], a->experiment);
            return -1;
        }
        int differ = b->id_names.n != a->id_names.n;
        for (int c = 2; c < a->id_names.n && !differ; c++) differ = strcmp(a->id_names.v[c], b->id_names.v[c]) != 0;
        if (differ) {
            char *x = axes_text(a), *y = axes_text(b);
            *err = xasprintf("%s has the launch axes %s, %s has %s: runs of different sweeps cannot be joined", dirs[0], x,
                             dirs[k], y);
            free(x);
            free(y);
            return -1;
        }
    }
    j->n = n;
    j->side = xcalloc((size_t)n, sizeof *j->side);
    for (int k = 0; k < n; k++) j->side[k].r = &j->runs[k];
    if (join(j, err)) return -1;
    /* Nothing in common: runs that differ in one column only (each run a single value of it)
     * are compared along it, the column that joins the most configurations. */
    int best = -1, most = 0;
    for (int c = 0; c < a->id_names.n && j->ncommon == 0; c++) {
        int single = 1, differ = 0;
        char *first = NULL;
        for (int k = 0; k < n && single; k++) {
            struct strlist v = {0};
            struct cmp_join at = *j;
            at.along = c;
            values_of(&at, &j->runs[k], &v);
            single = v.n == 1;
            if (single && !first) first = xstrdup(v.v[0]);
            else if (single) differ |= strcmp(first, v.v[0]) != 0;
            sl_free(&v);
        }
        free(first);
        /* A column of one value on every side is not what keeps them apart ("variant scale" against
         * "variant scale", where a parameter outside the ids does: with_unsaid_params). */
        if (!single || !differ) continue;
        struct cmp_join trial = *j;
        trial.where = NULL;
        trial.along = c;
        char *e = NULL;
        if (!join(&trial, &e) && trial.ncommon > most) { best = c; most = trial.ncommon; }
        free(trial.where);
        free(e);
    }
    if (j->ncommon == 0 && best >= 0) {
        j->along = best;
        j->along_name = a->id_names.v[best];
        for (int k = 0; k < n; k++)          /* the one value of its measured rows */
            for (int i = 0; i < j->runs[k].t.nrows; i++)
                if (cmp_row_result(&j->runs[k], i)) { j->side[k].value = table_cell(&j->runs[k].t, i, j->runs[k].id_col[best]); break; }
        if (join(j, err)) return -1;
    }
    label_sides(j);
    cmp_declwork_join(j);
    return 0;
}

/* reference_variant: the variant every row of which has rel_time 1 (the spec's relative one), or NULL. */
static const char *reference_variant(const struct cmp_join *j, const struct rundir *r, const struct strlist *variants)
{
    int c = table_col(&r->t, "rel_time");
    for (int k = 0; c >= 0 && k < variants->n; k++) {
        int all = 1, any = 0;
        for (int i = 0; i < r->t.nrows && all; i++) {
            if (!cmp_row_result(r, i)) continue;
            char *own;
            int other = strcmp(along_value(j, r, i, &own), variants->v[k]) != 0;
            free(own);
            if (other) continue;
            any = 1;
            all = table_num(&r->t, i, c) == 1;
        }
        if (all && any) return variants->v[k];
    }
    return NULL;
}

/* by_param: along template parameter column col (--by ILP): j set to compare its values with the
 * rest of each variant held fixed. -1 with *err where there is nothing to compare along (one value
 * in the whole run, or one in each variant: named variants that set it themselves), a mistake of
 * the command line as a name the run lacks is. */
static int by_param(struct cmp_join *j, const char *dir, const char *by, int col, char **err)
{
    const struct rundir *r = &j->runs[0];
    j->by_param = 1;
    j->along = 0;                         /* the variant is what differs between the sides */
    cmp_param_open(r, col, &j->param);
    j->along_name = j->param.name;
    struct strlist all = {0};
    cmp_param_values(r, &j->param, 0, &all);
    char *each = all.n >= 2 ? cmp_param_each_one(r, &j->param) : NULL;
    char *clash = all.n >= 2 && !each ? cmp_param_clash(r, &j->param) : NULL;
    int rc = all.n < 2 || each || clash ? -1 : 0;
    if (all.n < 2) {
        char *takes = cmp_by_takes_said(r, by, 0);
        *err = xasprintf("--by %s: %s is a parameter of the variants with one value in %s (%s): nothing to compare it "
                         "with; %s", by, j->along_name, dir, all.n ? all.v[0] : "none", takes);
        free(takes);
    } else if (each || clash) {
        *err = xasprintf("--by %s: %s: nothing along %s holds the rest of the variant fixed; --by variant compares "
                         "them", by, each ? each : clash, j->along_name);
    }
    free(each);
    free(clash);
    sl_free(&all);
    return rc;
}

int cmp_join_by(const char *dir, const char *by, struct cmp_join *j, char **err, int *usage)
{
    memset(j, 0, sizeof *j);
    *usage = 0;
    j->runs = xcalloc(1, sizeof *j->runs);
    if (open_whole(dir, &j->runs[0], err)) return -1;
    j->nruns = 1;
    const struct rundir *r = &j->runs[0];
    /* The name as the run writes it (lib/names.h's name_given, as --set's): --by radius for RADIUS
     * is refused offering RADIUS, not taken as it. */
    j->along = name_given(by, r->id_names.v, r->id_names.n);
    int pcol = j->along < 0 ? cmp_param_col(r, by) : -1;
    /* The run was read: what is wrong is the name asked for, as with any option's bad value. */
    if (j->along < 0 && pcol < 0) {
        *err = cmp_by_refused(r, dir, by);
        *usage = 1;
        return -1;
    }
    if (pcol >= 0 && by_param(j, dir, by, pcol, err)) {
        *usage = 1;
        return -1;
    }
    if (!j->by_param) j->along_name = r->id_names.v[j->along];
    /* One value in every row (the sweep took one): a name with nothing to compare along, as a
     * parameter of one value is (by_param), exit 2; one whose other values' rows all did not pass is
     * the run's (below, exit 4). */
    if (!j->by_param && !cmp_several_values(r, r->id_col[j->along], 0)) {
        const char *one = NULL;
        for (int i = 0; i < r->t.nrows && !one; i++)
            if (*table_cell(&r->t, i, r->id_col[j->along])) one = table_cell(&r->t, i, r->id_col[j->along]);
        char *takes = cmp_by_takes_said(r, by, 0);
        *err = xasprintf("--by %s: every row of %s has %s %s: nothing to compare it with; %s", by, dir, j->along_name,
                         one ? one : "(none)", takes);
        free(takes);
        *usage = 1;
        return -1;
    }
    for (int i = 0; j->along == 0 && !j->by_param && i < r->t.nrows && !j->by_name; i++)
        j->by_name = cmp_row_result(r, i) && strchr(table_cell(&r->t, i, r->id_col[0]), ':') != NULL;
    struct strlist *v = &j->values;
    if (j->by_param) cmp_param_values(r, &j->param, 1, v);
    else values_of(j, r, v);
    if (v->n < 2) {
        /* The rows of another value that did not pass (a variant whose rows FAIL or are IMPOSSIBLE)
         * are why there is nothing to compare: said, not left to look like another sweep. */
        struct cmp_counts other = {0};
        for (int i = 0; i < r->t.nrows; i++) {
            char *own = NULL;
            const char *x = along_value(j, r, i, &own);
            if (cmp_row_apart(r, i) && x && (!v->n || strcmp(x, v->v[0]))) cmp_counts_add(&other, r, i);
            free(own);
        }
        char *some = cmp_counts_some(&other);
        *err = xasprintf("--by %s: every measured row of %s that passed has %s %s%s%s%s: nothing to compare it with", by,
                         dir, j->along_name, v->n ? v->v[0] : "(none)", *some ? " (the others did not pass: " : "", some,
                         *some ? ")" : "");
        free(some);
        return -1;
    }
    const char *ref = j->along == 0 && !j->by_param ? reference_variant(j, r, v) : NULL;
    j->n = v->n;
    j->side = xcalloc((size_t)j->n, sizeof *j->side);
    int s = 0;
    for (int k = 0; k < v->n; k++)
        if (ref && !strcmp(v->v[k], ref)) j->side[s++].value = v->v[k];
    for (int k = 0; k < v->n; k++)
        if (!ref || strcmp(v->v[k], ref)) j->side[s++].value = v->v[k];
    for (s = 0; s < j->n; s++) j->side[s].r = r;
    label_sides(j);
    return join(j, err);
}

const char *cmp_base_name(const struct cmp_join *j)
{
    return j->base ? j->base : "A";
}

void cmp_join_free(struct cmp_join *j)
{
    for (int s = 0; s < j->n; s++) free(j->side[s].label);
    free(j->side);
    for (int k = 0; k < j->nruns; k++) rundir_free(&j->runs[k]);
    free(j->runs);
    free(j->where);
    free(j->timed);
    free(j->copy_of);
    sl_free(&j->values);
    cmp_param_free(&j->param);
    memset(j, 0, sizeof *j);
}
