/* compare_status.c — configurations whose row did not pass on some side, put beside the other
 * sides' rows of them (compare_status.h). */
#include "compare_status.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* One row that did not pass (compare_result.h: or is no result): its side and row. */
struct failed_row { int s, i; };

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

/* add: a listed configuration from its rows that are no result, f[0..m-1] (sides in order); kept
 * where some side's row of it did not pass and that side measured none, or where a side skipped it
 * and another measured it (c >= 0: the join has it). */
static void add(const struct cmp_join *j, struct cmp_status *st, int c, const struct failed_row *f, int m)
{
    int n = j->n, k = st->n;
    st->row = xrealloc(st->row, sizeof *st->row * (size_t)(k + 1) * (size_t)n);
    st->passed = xrealloc(st->passed, sizeof *st->passed * (size_t)(k + 1) * (size_t)n);
    st->skip_only = xrealloc(st->skip_only, sizeof *st->skip_only * (size_t)(k + 1));
    int *row = &st->row[k * n], *passed = &st->passed[k * n], failed = 0, skipped = 0;
    for (int s = 0; s < n; s++) {
        row[s] = c >= 0 ? j->where[c * n + s] : -1;
        passed[s] = row[s] >= 0 ? 1 : -1;
    }
    for (int e = 0; e < m; e++)
        if (passed[f[e].s] < 0) {
            row[f[e].s] = f[e].i;
            passed[f[e].s] = 0;
            if (cmp_row_skipped(j->side[f[e].s].r, f[e].i)) skipped = 1; else failed = 1;
        }
    /* Skipped wherever it has a row: nothing measured, nothing lost. */
    if (!failed && !(skipped && c >= 0)) return;
    st->n++;
    st->skip_only[k] = !failed;
    st->nskip += !failed;
    if (c >= 0) st->listed[c] = 1;
    for (int s = 0; s < n; s++) {
        if (passed[s]) continue;
        if (cmp_row_skipped(j->side[s].r, row[s])) st->skipped[s]++;
        else cmp_counts_add(&st->per[s], j->side[s].r, row[s]);
    }
    int worse = 0, lost = 0;
    for (int s = 1; s < n; s++) {
        if (passed[s] || !passed[0]) continue;    /* A's did not pass either: not the change's */
        if (cmp_row_skipped(j->side[s].r, row[s])) {
            /* Another run skipped what A measured: that run lost it (a busy host's memory, another
             * device's limits). Within one run (--by) a value's skips are the spec's or the
             * device's, the same in every run of it. */
            if (passed[0] > 0 && j->side[s].r != j->side[0].r) { st->lost[s]++; lost = 1; }
            continue;
        }
        cmp_counts_add(&st->worse[s], j->side[s].r, row[s]);
        st->worse_a_none[s] += passed[0] < 0;
        worse = 1;
    }
    st->nworse += worse;
    st->nlost += lost;
}

/* key_head: of a configuration's key (cmp_row_key), the fields that are no launch axis: its variant
 * and build (less the one compared along) and its ids' parameters, which a variant and build's row
 * as a whole (rundir_build_row) shares with each of their configurations (a new string). */
static char *key_head(const char *key)
{
    struct sbuf b = {0};
    for (const char *p = key; p && *p;) {
        const char *end = strchr(p, '\t');
        int len = end ? (int)(end - p) : (int)strlen(p);
        if (!strncmp(p, "variant=", 8) || !strncmp(p, "build=", 6) || !strncmp(p, "params=", 7))
            sb_printf(&b, "%s%.*s", b.len ? "\t" : "", len, p);
        p = end ? end + 1 : NULL;
    }
    return b.s ? b.s : xstrdup("");
}

/* planned: whether run r's sweep had the launch point of a configuration's key (cmp_row_key: its
 * "NAME=VALUE" fields, those of r's launch axes checked: rundir_planned). */
static int planned(const struct rundir *r, const char *key)
{
    int yes = 1;
    for (const char *p = key; p && *p && yes;) {
        const char *end = strchr(p, '\t'), *eq = strchr(p, '=');
        int len = end ? (int)(end - p) : (int)strlen(p);
        if (eq && eq < p + len) {
            char *name = xasprintf("%.*s", (int)(eq - p), p), *value = xasprintf("%.*s", (int)(p + len - eq - 1), eq + 1);
            for (int a = 0; a < r->axes.n && yes; a++)
                if (!strcmp(r->axes.v[a], name)) yes = rundir_planned(r, name, value);
            free(name);
            free(value);
        }
        p = end ? end + 1 : NULL;
    }
    return yes;
}

/* cover_build_rows: the rows f[0..nf) (keys fkey) with, for each of them that is a variant and
 * build's row as a whole (build-failed, or skipped before its build: rundir_build_row), that row
 * again under the key of every configuration of that variant and build its side has no row of,
 * among those of the join (ckeys) and those the other rows name, at a point its run planned; such a row that stands for some
 * is no entry of its own (a build that failed on B is B's row of each configuration A measured,
 * not "only in A" beside a row no side has). Returns the new count; *f and *fkey grow. */
static int cover_build_rows(const struct cmp_join *j, char *const *ckeys, struct failed_row **f, char ***fkey, int nf)
{
    /* The configurations: the join's, then those only rows that are no result name. */
    struct strlist conf = {0};
    for (int c = 0; c < j->nconf; c++) sl_push(&conf, ckeys[c]);
    for (int e = 0; e < nf; e++) {
        if (rundir_build_row(j->side[(*f)[e].s].r, (*f)[e].i)) continue;
        int seen = 0;
        for (int q = 0; q < conf.n && !seen; q++) seen = !strcmp(conf.v[q], (*fkey)[e]);
        if (!seen) sl_push(&conf, (*fkey)[e]);
    }
    int n0 = nf, *drop = xcalloc((size_t)n0 + 1, sizeof *drop);
    for (int e = 0; e < n0; e++) {
        int s = (*f)[e].s, i = (*f)[e].i;
        if (!rundir_build_row(j->side[s].r, i)) continue;
        char *head = key_head((*fkey)[e]);
        for (int q = 0; q < conf.n; q++) {
            char *h = key_head(conf.v[q]);
            int has = strcmp(h, head) != 0;          /* another variant or build: not this row's */
            free(h);
            if (!has && q < j->nconf) has = j->where[q * j->n + s] >= 0;
            for (int x = 0; x < n0 && !has; x++) has = (*f)[x].s == s && !strcmp((*fkey)[x], conf.v[q]);
            /* A point its run never planned (another run's --set TERMS=1,2 beside its TERMS=1):
             * not a configuration its failed build stands for, but one it lacks. */
            if (!has && !planned(j->side[s].r, conf.v[q])) continue;
            if (has) continue;
            *f = xrealloc(*f, sizeof **f * (size_t)(nf + 1));
            *fkey = xrealloc(*fkey, sizeof **fkey * (size_t)(nf + 1));
            (*f)[nf] = (struct failed_row){ s, i };
            (*fkey)[nf++] = xstrdup(conf.v[q]);
            drop[e] = 1;
        }
        free(head);
    }
    sl_free(&conf);
    int m = 0;
    for (int e = 0; e < nf; e++) {
        if (e < n0 && drop[e]) { free((*fkey)[e]); continue; }
        (*f)[m] = (*f)[e];
        (*fkey)[m++] = (*fkey)[e];
    }
    free(drop);
    return m;
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
        char *value = cmp_along_said(j, r, i);
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
    st->skipped = xcalloc((size_t)n, sizeof *st->skipped);
    st->lost = xcalloc((size_t)n, sizeof *st->lost);
    unsided(j, st);
    /* Every row that did not pass or was skipped, with its key, sides in order. */
    struct failed_row *f = NULL;
    char **fkey = NULL;
    int nf = 0;
    for (int s = 0; s < n; s++) {
        const struct rundir *r = j->side[s].r;
        for (int i = 0; i < r->t.nrows; i++) {
            if (!cmp_row_apart(r, i) && !cmp_row_skipped(r, i)) continue;
            char *key = cmp_row_key(j, s, i);
            if (!key) continue;
            f = xrealloc(f, sizeof *f * (size_t)(nf + 1));
            fkey = xrealloc(fkey, sizeof *fkey * (size_t)(nf + 1));
            f[nf] = (struct failed_row){ s, i };
            fkey[nf++] = key;
        }
    }
    char **ckeys = conf_keys(j);
    nf = cover_build_rows(j, ckeys, &f, &fkey, nf);
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
    int *csorted = xcalloc((size_t)j->nconf + 1, sizeof *csorted);
    for (int c = 0; c < j->nconf; c++) csorted[c] = c;
    sort_by_keys(csorted, j->nconf, ckeys);
    struct failed_row *g = xcalloc((size_t)nf + 1, sizeof *g);
    for (int q = 0; q < ng; q++) {
        int from = start[order[q]], to = order[q] + 1 < ng ? start[order[q] + 1] : nf, m = 0;
        for (int e = from; e < to; e++) g[m++] = f[byk[e]];
        add(j, st, find_by_keys(ckeys, csorted, j->nconf, fkey[byk[from]]), g, m);
    }
    for (int c = 0; c < j->nconf; c++) st->nmissing += !cmp_in_all(j, c) && !st->listed[c];
    for (int c = 0; c < j->nconf; c++) free(ckeys[c]);
    for (int e = 0; e < nf; e++) free(fkey[e]);
    free(ckeys); free(csorted); free(fkey); free(f); free(g); free(byk); free(start); free(order); free(at);
}

void cmp_status_free(struct cmp_status *st)
{
    free(st->row); free(st->passed); free(st->listed); free(st->per); free(st->worse); free(st->worse_a_none);
    free(st->skip_only); free(st->skipped); free(st->lost);
    sl_free(&st->unsided_values);
    memset(st, 0, sizeof *st);
}

const char *cmp_status_cell(const struct cmp_join *j, const struct cmp_status *st, int k, int s)
{
    int i = st->row[k * j->n + s];
    return i < 0 ? "no row" : cmp_row_word(j->side[s].r, i);
}

void cmp_status_where(const struct cmp_join *j, const struct cmp_status *st, int k, int *side, int *row)
{
    *side = -1;
    for (int s = 0; s < j->n && *side < 0; s++) {
        int i = st->row[k * j->n + s];
        if (i >= 0 && !rundir_build_row(j->side[s].r, i)) *side = s;
    }
    for (int s = 0; s < j->n && *side < 0; s++)
        if (st->row[k * j->n + s] >= 0) *side = s;
    if (*side < 0) *side = 0;
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
    cmp_status_where(j, st, k, &s, &i);
    const struct rundir *r = j->side[s].r;
    *variant = cmp_variant_said(j, r, i);
    *build = xstrdup(j->along == 1 ? "(each)" : table_cell(&r->t, i, r->c_build));
    char *p = rundir_point(r, i, 1);
    /* A variant and build's row as a whole, named by no other side's row: it stands for each point. */
    *point = *p ? p : (free(p), xstrdup(rundir_build_row(r, i) ? "every point" : "-"));
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

char *cmp_status_said(const struct cmp_status *st, int numbered)
{
    const char *where = numbered ? "in some run" : "on some side";
    if (st->nskip == st->n)
        return xasprintf("%s measured %s and skipped %s", st->n == 1 ? "was" : "were", where,
                         numbered ? "in another" : "on another");
    return xasprintf("did not pass%s %s", st->nskip ? " or were skipped" : "", where);
}

char *cmp_status_side(const struct cmp_status *st, int s)
{
    char *some = cmp_counts_some(&st->per[s]);
    if (!st->skipped[s]) return some;
    char *both = xasprintf("%s%s%d skipped", some, *some ? ", " : "", st->skipped[s]);
    free(some);
    return both;
}

char *cmp_status_side_said(const struct cmp_status *st, int s)
{
    char *some = cmp_status_side(st, s);
    if (!*some || !st->per[s].rows) return some;
    char *said = xasprintf("did not pass%s: %s", st->skipped[s] ? " or skipped" : "", some);
    free(some);
    return said;
}

char *cmp_status_sides(const struct cmp_join *j, const struct cmp_status *st, int numbered)
{
    struct sbuf b = {0};
    for (int s = 0; s < j->n; s++) {
        if (!st->per[s].rows && !st->skipped[s]) continue;
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
        fprintf(out, "%s  %s: %s %s %s:", k ? "" : "\n", st->skip_only[k] ? "skipped" : "did not pass", v,
                *b ? b : "default", p);
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

/* first_lost: side s's first listed row that A measured and s skipped: "naive default
 * N=1000003 local=64: NOTE" (its note: why it was skipped), a new string. */
static char *first_lost(const struct cmp_join *j, const struct cmp_status *st, int s)
{
    for (int k = 0; k < st->n; k++) {
        const int *passed = &st->passed[k * j->n];
        int i = st->row[k * j->n + s];
        const struct rundir *r = j->side[s].r;
        if (passed[0] <= 0 || passed[s] || !cmp_row_skipped(r, i)) continue;
        char *v, *b, *p;
        id_cells(j, st, k, &v, &b, &p);
        int cn = table_col(&r->t, "note");
        const char *note = cn >= 0 ? table_cell(&r->t, i, cn) : "";
        char *said = xasprintf("%s %s %s%s%s", v, *b ? b : "default", p, *note ? ": " : "", note);
        free(v); free(b); free(p);
        return said;
    }
    return xstrdup("");
}

char *cmp_status_worse(const struct cmp_join *j, const struct cmp_status *st)
{
    if (!st->nworse && !st->nlost) return NULL;
    struct sbuf b = {0};
    for (int s = 1; s < j->n; s++) {
        int m = st->worse[s].rows, none = st->worse_a_none[s];
        if (!m) continue;
        char *some = cmp_counts_some(&st->worse[s]);
        const char *a = cmp_base_name(j);
        char *where = none == m ? xasprintf("%s has no row", a) : none ? xasprintf("%s's row passed or %s has none", a, a)
                                                                       : xasprintf("%s's passed", a);
        sb_printf(&b, "%s%d configuration%s did not pass on %s (%s) where %s", b.len ? "; " : "", m, m == 1 ? "" : "s",
                  j->side[s].label, some, where);
        free(where);
        free(some);
    }
    /* A configuration A measured and a later run skipped is one the gate no longer sees pass: as a
     * row a stopped run lacks, never shown to pass (a nightly run on a busy host skipped its large
     * sizes for the host's memory, and its gate passed on the small ones). */
    for (int s = 1; s < j->n; s++) {
        int m = st->lost[s];
        if (!m) continue;
        char *first = first_lost(j, st, s);
        sb_printf(&b, "%s%d configuration%s %s measured %s skipped on %s, which lost %s (%s%s)", b.len ? "; " : "", m,
                  m == 1 ? "" : "s", cmp_base_name(j), m == 1 ? "was" : "were", j->side[s].label, m == 1 ? "it" : "them",
                  m == 1 ? "" : "the first, ", first);
        free(first);
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
