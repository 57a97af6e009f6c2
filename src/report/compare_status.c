/* compare_status.c — configurations whose row did not pass on some side, put beside the other
 * sides' rows of them (compare_status.h). */
#include "compare_status.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* One row that did not pass (compare_result.h: or is no result): its side and row. */
struct failed_row { int s, i; };

/* find: the index (into keys) whose key is key, by binary search over sorted; -1. */
static int find(char *const *keys, const int *sorted, int n, const char *key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(keys[sorted[mid]], key);
        if (!c) return sorted[mid];
        if (c < 0) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

static int by_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* conf_keys: the key of every configuration of the join (from the first side that measured it). */
static char **conf_keys(const struct cmp_join *j)
{
    char **k = xcalloc((size_t)j->nconf + 1, sizeof *k);
    for (int c = 0; c < j->nconf; c++)
        for (int s = 0; s < j->n && !k[c]; s++)
            if (j->where[c * j->n + s] >= 0) k[c] = cmp_row_key(j, s, j->where[c * j->n + s]);
    return k;
}

/* add: a listed configuration from its rows that did not pass, f[0..m-1] (sides in order); kept
 * only where some side's row of it did not pass and that side measured none. */
static void add(const struct cmp_join *j, struct cmp_status *st, int c, const struct failed_row *f, int m)
{
    int n = j->n, k = st->n;
    st->row = xrealloc(st->row, sizeof *st->row * (size_t)(k + 1) * (size_t)n);
    st->passed = xrealloc(st->passed, sizeof *st->passed * (size_t)(k + 1) * (size_t)n);
    int *row = &st->row[k * n], *passed = &st->passed[k * n], failed = 0;
    for (int s = 0; s < n; s++) {
        row[s] = c >= 0 ? j->where[c * n + s] : -1;
        passed[s] = row[s] >= 0 ? 1 : -1;
    }
    for (int e = 0; e < m; e++)
        if (passed[f[e].s] < 0) { row[f[e].s] = f[e].i; passed[f[e].s] = 0; failed = 1; }
    if (!failed) return;
    st->n++;
    if (c >= 0) st->listed[c] = 1;
    for (int s = 0; s < n; s++) {
        if (passed[s]) continue;
        cmp_counts_add(&st->per[s], j->side[s].r, row[s]);
    }
    int worse = 0;
    for (int s = 1; s < n; s++) {
        if (passed[s] || !passed[0]) continue;    /* A's did not pass either: not the change's */
        cmp_counts_add(&st->worse[s], j->side[s].r, row[s]);
        st->worse_a_none[s] += passed[0] < 0;
        worse = 1;
    }
    st->nworse += worse;
}

/* unsided: along a column of one run, the rows that did not pass of a value that is no side. */
static void unsided(const struct cmp_join *j, struct cmp_status *st)
{
    if (j->nruns != 1 || j->along < 0) return;
    const struct rundir *r = &j->runs[0];
    for (int i = 0; i < r->t.nrows; i++) {
        if (!cmp_row_apart(r, i)) continue;
        int sided = 0;
        for (int s = 0; s < j->n && !sided; s++) {
            char *key = cmp_row_key(j, s, i);
            sided = key != NULL;
            free(key);
        }
        if (sided) continue;
        cmp_counts_add(&st->unsided, r, i);
        const char *v = table_cell(&r->t, i, r->id_col[j->along]);
        const char *colon = j->by_name ? strchr(v, ':') : NULL;
        char *value = colon ? xasprintf("%.*s", (int)(colon - v), v) : xstrdup(*v ? v : "''");
        int seen = 0;
        for (int k = 0; k < st->unsided_values.n && !seen; k++) seen = !strcmp(st->unsided_values.v[k], value);
        if (!seen) sl_push(&st->unsided_values, value);
        free(value);
    }
}

void cmp_status_make(const struct cmp_join *j, struct cmp_status *st)
{
    memset(st, 0, sizeof *st);
    int n = j->n;
    st->listed = xcalloc((size_t)j->nconf + 1, sizeof *st->listed);
    st->per = xcalloc((size_t)n, sizeof *st->per);
    st->worse = xcalloc((size_t)n, sizeof *st->worse);
    st->worse_a_none = xcalloc((size_t)n, sizeof *st->worse_a_none);
    unsided(j, st);
    /* Every row that did not pass, with its key, sides in order. */
    struct failed_row *f = NULL;
    char **fkey = NULL;
    int nf = 0;
    for (int s = 0; s < n; s++) {
        const struct rundir *r = j->side[s].r;
        for (int i = 0; i < r->t.nrows; i++) {
            if (!cmp_row_apart(r, i)) continue;
            char *key = cmp_row_key(j, s, i);
            if (!key) continue;
            f = xrealloc(f, sizeof *f * (size_t)(nf + 1));
            fkey = xrealloc(fkey, sizeof *fkey * (size_t)(nf + 1));
            f[nf] = (struct failed_row){ s, i };
            fkey[nf++] = key;
        }
    }
    /* Grouped by key: a group's rows lie together in byk, in the order met (ties by index); the
     * groups are listed in the order their first row was met. */
    int *byk = xcalloc((size_t)nf + 1, sizeof *byk), *start = xcalloc((size_t)nf + 1, sizeof *start), ng = 0;
    for (int e = 0; e < nf; e++) byk[e] = e;
    sort_by_keys(byk, nf, fkey);
    for (int e = 0; e < nf; e++)
        if (!e || strcmp(fkey[byk[e]], fkey[byk[e - 1]])) start[ng++] = e;
    /* A group's first row met is byk[start[q]] (sort_by_keys keeps ties in index order): the
     * groups' first rows in order, each back to its group by its place in byk. */
    int *order = xcalloc((size_t)ng + 1, sizeof *order), *at = xcalloc((size_t)nf + 1, sizeof *at);
    for (int q = 0; q < ng; q++) { order[q] = byk[start[q]]; at[byk[start[q]]] = q; }
    qsort(order, (size_t)ng, sizeof *order, by_int);
    for (int q = 0; q < ng; q++) order[q] = at[order[q]];
    char **ckeys = conf_keys(j);
    int *csorted = xcalloc((size_t)j->nconf + 1, sizeof *csorted);
    for (int c = 0; c < j->nconf; c++) csorted[c] = c;
    sort_by_keys(csorted, j->nconf, ckeys);
    struct failed_row *g = xcalloc((size_t)nf + 1, sizeof *g);
    for (int q = 0; q < ng; q++) {
        int from = start[order[q]], to = order[q] + 1 < ng ? start[order[q] + 1] : nf, m = 0;
        for (int e = from; e < to; e++) g[m++] = f[byk[e]];
        add(j, st, find(ckeys, csorted, j->nconf, fkey[byk[from]]), g, m);
    }
    for (int c = 0; c < j->nconf; c++) st->nmissing += !cmp_in_all(j, c) && !st->listed[c];
    for (int c = 0; c < j->nconf; c++) free(ckeys[c]);
    for (int e = 0; e < nf; e++) free(fkey[e]);
    free(ckeys); free(csorted); free(fkey); free(f); free(g); free(byk); free(start); free(order); free(at);
}

void cmp_status_free(struct cmp_status *st)
{
    free(st->row); free(st->passed); free(st->listed); free(st->per); free(st->worse); free(st->worse_a_none);
    sl_free(&st->unsided_values);
    memset(st, 0, sizeof *st);
}

const char *cmp_status_cell(const struct cmp_join *j, const struct cmp_status *st, int k, int s)
{
    int i = st->row[k * j->n + s];
    return i < 0 ? "no row" : cmp_row_word(j->side[s].r, i);
}

/* where_of: the k-th listed configuration's first side with a row, and that row. */
static void where_of(const struct cmp_join *j, const struct cmp_status *st, int k, int *side, int *row)
{
    *side = 0;
    while (*side < j->n - 1 && st->row[k * j->n + *side] < 0) ++*side;
    *row = st->row[k * j->n + *side];
}

/* side_name: side s as the outputs name it: its label, or (numbered) "run 2" (a new string). */
static char *side_name(const struct cmp_join *j, int s, int numbered)
{
    return numbered ? xasprintf("run %d", s + 1) : xstrdup(j->side[s].label);
}

/* id_cells: the k-th listed configuration's variant, build and point: what picks it (the column
 * compared along is each side's own: "(each)"), into three new strings. */
static void id_cells(const struct cmp_join *j, const struct cmp_status *st, int k, char **variant, char **build, char **point)
{
    int s, i;
    where_of(j, st, k, &s, &i);
    const struct rundir *r = j->side[s].r;
    const char *v = table_cell(&r->t, i, r->c_variant), *colon = strchr(v, ':');
    *variant = j->along != 0 ? xstrdup(v) : j->by_name && colon ? xasprintf("(each):%s", colon + 1) : xstrdup("(each)");
    *build = xstrdup(j->along == 1 ? "(each)" : table_cell(&r->t, i, r->c_build));
    char *p = rundir_point(r, i, 1);
    *point = *p ? p : (free(p), xstrdup("-"));
}

void cmp_status_table(const struct cmp_join *j, const struct cmp_status *st, int numbered, struct texttab *t)
{
    tt_head(t, (const char *const []){ "variant", "build", "point", NULL });
    for (int s = 0; s < j->n; s++) {
        char *name = side_name(j, s, numbered);
        tt_head_add(t, name);
        free(name);
    }
    for (int k = 0; k < st->n; k++) {
        char *v, *b, *p;
        id_cells(j, st, k, &v, &b, &p);
        tt_cell(t, "%s", v);
        tt_cell(t, "%s", *b ? b : "default");
        tt_cell(t, "%s", p);
        for (int s = 0; s < j->n; s++) tt_cell(t, "%s", cmp_status_cell(j, st, k, s));
        free(v); free(b); free(p);
    }
}

char *cmp_status_side(const struct cmp_status *st, int s)
{
    return cmp_counts_some(&st->per[s]);
}

char *cmp_status_sides(const struct cmp_join *j, const struct cmp_status *st, int numbered)
{
    struct sbuf b = {0};
    for (int s = 0; s < j->n; s++) {
        if (!st->per[s].rows) continue;
        char *name = side_name(j, s, numbered), *some = cmp_status_side(st, s);
        sb_printf(&b, "%s%s: %s", b.len ? "; " : "", name, some);
        free(name);
        free(some);
    }
    return b.s ? b.s : xstrdup("");
}

void cmp_status_print(FILE *out, const struct cmp_join *j, const struct cmp_status *st, int numbered, const char *md)
{
    for (int k = 0; k < st->n && k < 10; k++) {
        char *v, *b, *p;
        id_cells(j, st, k, &v, &b, &p);
        fprintf(out, "%s  did not pass: %s %s %s:", k ? "" : "\n", v, *b ? b : "default", p);
        for (int s = 0; s < j->n; s++) {
            char *name = side_name(j, s, numbered);
            fprintf(out, "%s %s %s", s ? "," : "", name, cmp_status_cell(j, st, k, s));
            free(name);
        }
        fprintf(out, "\n");
        free(v); free(b); free(p);
    }
    if (st->n > 10) fprintf(out, "  ... and %d more (%s)\n", st->n - 10, md);
}

char *cmp_status_worse(const struct cmp_join *j, const struct cmp_status *st)
{
    if (!st->nworse) return NULL;
    struct sbuf b = {0};
    for (int s = 1; s < j->n; s++) {
        int m = st->worse[s].rows, none = st->worse_a_none[s];
        if (!m) continue;
        char *some = cmp_counts_some(&st->worse[s]);
        sb_printf(&b, "%s%d configuration%s did not pass on %s (%s) where %s", b.len ? "; " : "", m, m == 1 ? "" : "s",
                  j->side[s].label, some, none == m ? "A has no row" : none ? "A's row passed or A has none" : "A's passed");
        free(some);
    }
    return b.s;
}

char *cmp_status_unsided(const struct cmp_join *j, const struct cmp_status *st)
{
    int n = st->unsided.rows;
    if (!n) return NULL;
    struct sbuf b = {0};
    char *some = cmp_counts_some(&st->unsided);
    sb_printf(&b, "%d row%s of %s ", n, n == 1 ? "" : "s", j->along_name);
    for (int k = 0; k < st->unsided_values.n; k++) sb_printf(&b, "%s%s", k ? ", " : "", st->unsided_values.v[k]);
    sb_printf(&b, " did not pass (%s) and none of %s passed: no side here", some, st->unsided_values.n == 1 ? "its" : "theirs");
    free(some);
    return b.s;
}
