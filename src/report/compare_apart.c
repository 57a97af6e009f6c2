/* compare_apart.c — what keeps runs joined on their configurations apart, said from what the runs
 * hold so that it fits the runs given: why they have none in common (a side with no measured row,
 * --quick against full (a run no option narrowed), an identifying column whose values no two sides
 * share), and which configurations a run lacks (the values it has no row at: another sweep's
 * options, a stop). */
#include "compare_apart.h"
#include "compare_result.h"
#include "compare_param.h"
#include "lib/args.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cell_values: the distinct values of results.tsv's column col in r's measured rows (where empty
 * ones count: not where skip_empty, a variant without the parameter). */
static void cell_values(const struct rundir *r, int col, int skip_empty, struct strlist *out)
{
    for (int i = 0; i < r->t.nrows; i++) {
        if (!cmp_row_result(r, i)) continue;
        const char *v = table_cell(&r->t, i, col);
        if (skip_empty && !*v) continue;
        int seen = 0;
        for (int m = 0; m < out->n && !seen; m++) seen = !strcmp(out->v[m], v);
        if (!seen) sl_push(out, v);
    }
}

/* col_values: the distinct values of identifying column k in r's measured rows. */
static void col_values(const struct rundir *r, int k, struct strlist *out) { cell_values(r, r->id_col[k], 0, out); }

static int shares(const struct strlist *a, const struct strlist *b)
{
    for (int i = 0; i < a->n; i++)
        for (int m = 0; m < b->n; m++)
            if (!strcmp(a->v[i], b->v[m])) return 1;
    return 0;
}

/* some: at most 3 of values, "'' " for the default build, "and N more" past them. */
static void some(struct sbuf *b, const struct strlist *values)
{
    for (int i = 0; i < values->n && i < 3; i++) sb_printf(b, "%s%s", i ? ", " : "", *values->v[i] ? values->v[i] : "''");
    if (values->n > 3) sb_printf(b, " and %d more", values->n - 3);
}

/* side_name: how run k is named in these sentences: compare's side letter ("B"), or a history's
 * run by its number in date order ("run 2"). */
static const char *side_name(char buf[16], int k, int numbered)
{
    if (numbered) snprintf(buf, 16, "run %d", k + 1);
    else snprintf(buf, 16, "%c", 'A' + k);
    return buf;
}

/* id_keys: the parameter names the variant ids in values name ("naive:TILE=8" names TILE; an id of
 * a spec without named variants, "ILP=4,VEC=2", names ILP and VEC), into out. */
static void id_keys(const struct strlist *values, struct strlist *out)
{
    for (int i = 0; i < values->n; i++) {
        const char *id = values->v[i], *colon = strchr(id, ':'), *eq = strchr(id, '=');
        const char *p = colon && (!eq || colon < eq) ? colon + 1 : eq ? id : NULL;
        while (p && *p) {
            size_t n = strcspn(p, "=,");
            if (p[n] == '=' && n) {
                char *k = xasprintf("%.*s", (int)n, p);
                if (!sl_has(out, k)) sl_push(out, k);
                free(k);
            }
            p += n;
            p += strcspn(p, ",");
            if (*p == ',') p++;
        }
    }
}

/* keys_only: the parameter names the ids in x name that those in y do not, comma-separated; NULL
 * where there is none (a new string). */
static char *keys_only(const struct strlist *x, const struct strlist *y)
{
    struct strlist kx = {0}, ky = {0};
    id_keys(x, &kx);
    id_keys(y, &ky);
    struct sbuf b = {0};
    for (int i = 0; i < kx.n; i++)
        if (!sl_has(&ky, kx.v[i])) sb_printf(&b, "%s%s", b.len ? ", " : "", kx.v[i]);
    sl_free(&kx);
    sl_free(&ky);
    return b.s;
}

/* ids_apart: why two runs' variant ids differ where one side's ids name parameters the other's do
 * not ("B's ids name TILE, which A's do not: ..."): a variant's id names each parameter that took
 * several values in its run, and a named variant's own one that --set gave another value, so the
 * same kernel is "naive" in a run of one TILE and "naive:TILE=16" in a run of two. "" where the
 * ids name the same parameters (their values differ, shown already) (a new string). */
static char *ids_apart(const struct strlist *x, const struct strlist *y, const char *nx, const char *ny)
{
    char *only = keys_only(y, x);
    const char *has = ny, *lacks = nx;
    if (!only) { only = keys_only(x, y); has = nx; lacks = ny; }
    if (!only) return xstrdup("");
    char *why = xasprintf(": %s's ids name %s, which %s's do not (a variant's id names each parameter that took several "
                          "values in its run, and a named variant's own parameter that --set gave another value): run "
                          "both with the same values of %s", has, only, lacks, only);
    free(only);
    return why;
}

/* param_apart: the first template parameter of A's whose measured values another run that has it
 * shares none of, where no identifying column keeps them apart: a parameter --set gave one value is
 * left out of the variant's id, so runs of ILP 1 and of ILP 4 both read "scale" and join nowhere
 * (compare_join.c). NULL where there is none (a new string). */
static char *param_apart(const struct cmp_join *j, int numbered)
{
    const struct rundir *a = &j->runs[0];
    struct strlist names = {0};
    cmp_param_names(a, &names);
    char *why = NULL;
    for (int p = 0; p < names.n && !why; p++)
        for (int k = 1; k < j->nruns && !why; k++) {
            int col = cmp_param_col(&j->runs[k], names.v[p]);
            if (col < 0) continue;
            struct strlist x = {0}, y = {0};
            cell_values(a, cmp_param_col(a, names.v[p]), 1, &x);
            cell_values(&j->runs[k], col, 1, &y);
            if (x.n && y.n && !shares(&x, &y)) {
                char n0[16], nk[16];
                side_name(n0, 0, numbered);
                side_name(nk, k, numbered);
                struct sbuf b = {0};
                sb_printf(&b, "%s and %s share no %s (%s: ", n0, nk, names.v[p], n0);
                some(&b, &x);
                sb_printf(&b, "; %s: ", nk);
                some(&b, &y);
                sb_printf(&b, "): their variants are other kernels, though a parameter of one value in a run is left "
                              "out of the variant's id; run both values in one run and compare it --by %s", names.v[p]);
                why = b.s;
            }
            sl_free(&x);
            sl_free(&y);
        }
    sl_free(&names);
    return why;
}

/* column_apart: the first identifying column whose measured values A and another run share none
 * of, said with some of each ("A and B share no N (A: 1000003; B: 10000000, ...)"; a history's
 * "run 1 and run 2 ...", numbered), its index in *col and the run's in *run where given; NULL where
 * every column shares one (a new string). */
static char *column_apart(const struct cmp_join *j, int numbered, int *col, int *run)
{
    const struct rundir *a = &j->runs[0];
    for (int c = 0; c < a->id_names.n; c++)
        for (int k = 1; k < j->nruns; k++) {
            struct strlist x = {0}, y = {0};
            col_values(a, c, &x);
            col_values(&j->runs[k], c, &y);
            char *why = NULL;
            if (!shares(&x, &y)) {
                char n0[16], nk[16];
                side_name(n0, 0, numbered);
                side_name(nk, k, numbered);
                struct sbuf b = {0};
                sb_printf(&b, "%s and %s share no %s (%s: ", n0, nk, a->id_names.v[c], n0);
                some(&b, &x);
                sb_printf(&b, "; %s: ", nk);
                some(&b, &y);
                char *ids = c == 0 ? ids_apart(&x, &y, n0, nk) : xstrdup("");
                sb_printf(&b, ")%s", ids);
                free(ids);
                why = b.s;
            }
            sl_free(&x);
            sl_free(&y);
            if (why) {
                if (col) *col = c;
                if (run) *run = k;
                return why;
            }
        }
    return param_apart(j, numbered);
}

/* full_run: whether r ran its experiment's whole sweep: no --quick, and none of the options that
 * narrow it (--size, --set, --local, --build ...: run.json's args), which a "full" one said of
 * `--size 1M,16M --set variant=naive` denied. */
static int full_run(const struct rundir *r)
{
    return !rundir_quick(r) && !args_shaped(r->rj.args.v, r->rj.args.n);
}

/* quick_apart: whether A and run k are a --quick run and a full one, so that "compare runs of the
 * same sweep (both --quick, or both full)" is true of them and its advice would join them; a quick
 * run against a narrowed one is kept apart by what its options chose, said by column_apart. */
static int quick_apart(const struct cmp_join *j, int k)
{
    int qa = rundir_quick(&j->runs[0]), qk = rundir_quick(&j->runs[k]);
    return qa != qk && full_run(qa ? &j->runs[k] : &j->runs[0]);
}

/* quick_words: "A is a --quick run and B a full one: compare runs of the same sweep (...)" (new). */
static char *quick_words(const struct cmp_join *j, int k, int numbered)
{
    char n0[16], nk[16];
    return xasprintf("%s is a %s run and %s a %s one: %s runs of the same sweep (both --quick, or both full)",
                     side_name(n0, 0, numbered), rundir_quick(&j->runs[0]) ? "--quick" : "full", side_name(nk, k, numbered),
                     rundir_quick(&j->runs[k]) ? "--quick" : "full", numbered ? "a history is of" : "compare");
}

char *cmp_apart(const struct cmp_join *j, int numbered)
{
    /* With --by, or along a column, the sides are one column's values of the same runs. */
    if (j->along >= 0)
        return xasprintf("no configuration was measured at every %s compared", j->along_name);
    for (int k = 0; k < j->nruns; k++) {
        int any = 0;
        for (int i = 0; i < j->runs[k].t.nrows && !any; i++) any = cmp_row_result(&j->runs[k], i);
        char nk[16];
        if (!any) return xasprintf("%s (%s) has no measured row that passed", side_name(nk, k, numbered), j->runs[k].dir);
    }
    for (int k = 1; k < j->nruns; k++)
        if (quick_apart(j, k)) return quick_words(j, k, numbered);
    /* Both of one kind, or a quick run against one its options narrowed (no "full one": B was not,
     * and a full B would not join A either): what differs is the values some column takes (a variant
     * renamed by --set, another --build, another --size), said with the values of each side. */
    char *why = column_apart(j, numbered, NULL, NULL);
    return why ? why : xstrdup("the runs share each variant, build and launch value, but measured no combination of "
                               "them alike: give them the same sweep");
}

/* planned: the values launch axis k (an identifying column past variant and build) takes in r's
 * sweep as its run.json lists them (as_run), into out; 0 where it does not list them (a variant or a
 * build: their cells are not the list's words). A row's cell is the list's word (plan_axes.c). */
static int planned(const struct rundir *r, int k, struct strlist *out)
{
    if (k < 2 || !r->rj.as_run.has) return 0;
    for (int a = 0; a < r->rj.as_run.naxes; a++) {
        const struct rj_axis *x = &r->rj.as_run.axes[a];
        if (strcmp(x->name, r->id_names.v[k])) continue;
        for (int v = 0; v < x->values.n; v++) sl_push(out, x->values.v[v]);
        return 1;
    }
    return 0;
}

/* may_have: the values of column k side s's run has or, where it did not finish, would have once
 * resumed (its sweep's), into out; 0 where that is not known (then a resume may add any). */
static int may_have(const struct cmp_join *j, int s, int k, struct strlist *out)
{
    const struct rundir *r = &j->runs[s];
    col_values(r, k, out);
    return rundir_end(r) == RUNDIR_FINISHED || planned(r, k, out);
}

char *cmp_apart_past_resume(const struct cmp_join *j)
{
    if (j->along >= 0) return NULL;
    int c, k;
    char *why = column_apart(j, 0, &c, &k);
    if (!why) return NULL;
    struct strlist x = {0}, y = {0};
    int known = may_have(j, 0, c, &x) && may_have(j, k, c, &y), helps = !known || shares(&x, &y);
    sl_free(&x);
    sl_free(&y);
    if (helps) { free(why); return NULL; }
    /* Which of the two a resume would go on with: a stop of a third run is no cause of these two. */
    int a_open = rundir_end(&j->runs[0]) != RUNDIR_FINISHED, k_open = rundir_end(&j->runs[k]) != RUNDIR_FINISHED;
    struct sbuf b = {0};
    sb_printf(&b, "%s", why);
    const char *axis = j->runs[0].id_names.v[c];
    if (a_open && k_open)
        sb_printf(&b, "; resuming A or %c would not add one: their sweeps (run.json) share no %s", 'A' + k, axis);
    else if (a_open || k_open)
        sb_printf(&b, "; resuming %c would not add one: its sweep (run.json) has no %s of %c's", a_open ? 'A' : 'A' + k, axis,
                  a_open ? 'A' + k : 'A');
    if (quick_apart(j, k)) {
        char *q = quick_words(j, k, 0);
        sb_printf(&b, "; %s", q);
        free(q);
    }
    free(why);
    return b.s;
}

void cmp_missing_table(const struct cmp_join *j, const int *skip, int numbered, struct texttab *t)
{
    tt_head(t, (const char *const []){ "variant", "build", "point", numbered ? "measured in runs" : "measured in", NULL });
    for (int c = 0; c < j->nconf; c++) {
        if (cmp_in_all(j, c) || (skip && skip[c])) continue;
        struct sbuf in = {0};
        int first = -1;
        for (int s = 0; s < j->n; s++) {
            if (j->where[c * j->n + s] < 0) continue;
            if (numbered) sb_printf(&in, "%s%d", in.len ? ", " : "", s + 1);
            else sb_printf(&in, "%s%c", in.len ? ", " : "", 'A' + s);
            if (first < 0) first = s;
        }
        const struct rundir *r = j->side[first].r;
        int i = j->where[c * j->n + first];
        char *pt = rundir_point(r, i, 1);
        tt_cell(t, "%s", table_cell(&r->t, i, r->c_variant));
        tt_cell(t, "%s", table_cell(&r->t, i, r->c_build));
        tt_cell(t, "%s", *pt ? pt : "-");
        tt_cell(t, "%s", in.s);
        free(pt);
        sb_free(&in);
    }
}

/* first_row: configuration c's row in the first side that has one, and that side's run. */
static int first_row(const struct cmp_join *j, int c, const struct rundir **r)
{
    for (int s = 0; s < j->n; s++)
        if (j->where[c * j->n + s] >= 0) { *r = j->side[s].r; return j->where[c * j->n + s]; }
    return -1;
}

/* absent_at: the values identifying column k takes in configurations lack[0..m-1] that side s's run
 * has no row at (measured or not), into out; covered[q] set for each configuration at one of them. */
static void absent_at(const struct cmp_join *j, int s, int k, const int *lack, int m, int *covered, struct strlist *out)
{
    const struct rundir *own = j->side[s].r;
    struct strlist has = {0};
    for (int i = 0; i < own->t.nrows; i++) {
        const char *v = table_cell(&own->t, i, own->id_col[k]);
        if (!sl_has(&has, v)) sl_push(&has, v);
    }
    for (int q = 0; q < m; q++) {
        const struct rundir *r = j->side[0].r;
        int i = first_row(j, lack[q], &r);
        const char *v = table_cell(&r->t, i, r->id_col[k]);
        if (sl_has(&has, v)) continue;
        covered[q] = 1;
        if (!sl_has(out, v)) sl_push(out, v);
    }
    sl_free(&has);
}

char *cmp_side_lacks(const struct cmp_join *j, const int *skip, int s)
{
    int *lack = xcalloc((size_t)j->nconf + 1, sizeof *lack), m = 0;
    for (int c = 0; c < j->nconf; c++)
        if (j->where[c * j->n + s] < 0 && !(skip && skip[c])) lack[m++] = c;
    if (!m) { free(lack); return NULL; }
    const struct rundir *own = j->side[s].r;
    int *covered = xcalloc((size_t)m, sizeof *covered), ncovered = 0;
    struct sbuf b = {0}, at = {0};
    sb_printf(&b, "%d configuration%s other %s measured", m, m == 1 ? "" : "s", j->nruns > 1 ? "runs" : "sides");
    /* The values it has no row at: "TERMS=8", "variant=fast|gridstride", "build=''" (the plots' "|");
     * those of two columns joined by "nor at": each accounts for its own configurations, and "no row
     * at variant=ILP=8, local=64|256" read as the rows with both. */
    for (int k = 0; k < own->id_names.n; k++) {
        struct strlist v = {0};
        absent_at(j, s, k, lack, m, covered, &v);
        if (v.n) {
            sb_printf(&at, "%s%s=", at.len ? " nor at " : "", own->id_names.v[k]);
            for (int q = 0; q < v.n && q < 4; q++) sb_printf(&at, "%s%s", q ? "|" : "", *v.v[q] ? v.v[q] : "''");
            if (v.n > 4) sb_printf(&at, "|... (%d values)", v.n);
        }
        sl_free(&v);
    }
    for (int q = 0; q < m; q++) ncovered += covered[q];
    if (ncovered) sb_printf(&b, ": it has no row at %s", at.s);
    if (ncovered && ncovered < m) sb_printf(&b, " (%d of them); the other%s:", ncovered, m - ncovered == 1 ? "" : "s");
    else if (!ncovered) sb_printf(&b, ":");
    /* The rest by what they are, as compare's "only in" lines say them. */
    int said = 0;
    for (int q = 0; q < m && ncovered < m; q++) {
        if (covered[q]) continue;
        if (said == 3) { sb_printf(&b, " and %d more", m - ncovered - said); break; }
        const struct rundir *r = j->side[0].r;
        int i = first_row(j, lack[q], &r);
        char *pt = rundir_point(r, i, 1);
        sb_printf(&b, "%s %s %s%s%s", said ? "," : "", table_cell(&r->t, i, r->c_variant), table_cell(&r->t, i, r->c_build),
                  *pt ? " " : "", pt);
        free(pt);
        said++;
    }
    sb_free(&at);
    free(covered);
    free(lack);
    return b.s;
}
