/* solsummary.c — the speed-of-light table of a run (solsummary.h). */
#include "solsummary.h"
#include "solreason.h"
#include "store/solwords.h"
#include "bestnear.h"
#include "rowrank.h"
#include "lib/pctnear.h"
#include "lib/stats.h"
#include "lib/texttab.h"
#include "spec/solkinds.h"
#include "store/columns.h"
#include "store/jsonval.h"
#include "store/rowstatus.h"
#include "store/runjson.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One variant and build: its rows' sol_pct, the bounds they name, where their work came from, the
 * best row (the Best table's, rowrank_best_of_bests). */
struct solgroup { char *variant, *build; double *pct, *more; int n, nmore, rows, over, best; struct strlist bounds, from; };

/* more_in_flight: for a latency-bound row, how many times more it would need in flight for its
 * latency bound to fall to its throughput bound (sol_lat_ms / sol_tput_ms); 0 for any other row. */
static double more_in_flight(const struct table *t, int i, int cb, int cl, int ct)
{
    const char *b = table_cell(t, i, cb);
    if (cl < 0 || ct < 0 || (strcmp(b, sol_class_name(SOL_LATENCY)) && strcmp(b, sol_class_name(SOL_DRAM_LATENCY))))
        return 0;
    double lat = table_num(t, i, cl), tput = table_num(t, i, ct);
    return lat > 0 && tput > 0 ? lat / tput : 0;
}

static struct solgroup *group_of(struct solgroup **g, int *ng, const char *variant, const char *build)
{
    for (int k = 0; k < *ng; k++)
        if (!strcmp((*g)[k].variant, variant) && !strcmp((*g)[k].build, build)) return &(*g)[k];
    *g = xrealloc(*g, sizeof **g * (size_t)(*ng + 1));
    struct solgroup *x = &(*g)[(*ng)++];
    memset(x, 0, sizeof *x);
    x->variant = xstrdup(variant);
    x->build = xstrdup(build);
    x->best = -1;
    return x;
}


/* most_said: sl_most(l), or on a tie every word held that often, in l's order, and how often ("1 each:
 * launch, fp32": one of a 1-1 tie named alone read as the rows' bound), the count first: after the
 * words, "(1 each)" read as a second aside of a CPU's "l2 (the CPU's last-level cache)"; a new string. */
static char *most_said(const struct strlist *l)
{
    const char *w = sl_most(l);
    int top = 0, tied = 0;
    for (int j = 0; j < l->n; j++) top += !strcmp(l->v[j], w);
    struct sbuf b = {0};
    for (int i = 0; i < l->n; i++) {
        int c = 0, seen = 0;
        for (int j = 0; j < l->n; j++) c += !strcmp(l->v[i], l->v[j]);
        for (int j = 0; j < i; j++) seen |= !strcmp(l->v[i], l->v[j]);
        if (c != top || seen) continue;
        sb_printf(&b, "%s%s", tied++ ? ", " : "", l->v[i]);
    }
    if (tied < 2) {
        sb_free(&b);
        return xstrdup(w);
    }
    char *said = xasprintf("%d each: %s", top, b.s);
    sb_free(&b);
    return said;
}

/* predicts_said: how many of the with rows with a bound the model predicts within 15% (sol_pct 85
 * and more), said the way round it means ("0 of the rows ... are within 15% of it: the model predicts
 * their time" read as the opposite); where none is within it, that the over rows are past it. */
static void predicts_said(FILE *out, long predicted, long with, long over)
{
    const char *model = "the model (the larger of the throughput and latency bounds)";
    /* Every row past its bound: "Of the 0 rows with a bound" read as none having one. */
    if (with == 0 && over)
        fprintf(out, "\nNo row is within its bound: the %ld row%s with one %s past it (%s: the spec's declared work or "
                     "a ceiling is wrong, as %s sol_note says), so the model predicts no time here.\n", over,
                over == 1 ? "" : "s", over == 1 ? "is" : "are", SOL_OVER_FLAG, over == 1 ? "its" : "their");
    else if (with == 1)
        fprintf(out, "\nOf the one row with a bound, %s %s its time within 15%%.\n", model,
                predicted ? "predicts" : "does not predict");
    else if (predicted == 0)
        fprintf(out, "\nOf the %ld rows with a bound, %s predicts none of their times within 15%%.\n", with, model);
    else if (predicted == with)
        fprintf(out, "\nOf the %ld rows with a bound, %s predicts all of their times within 15%%.\n", with, model);
    else {
        char share[16];
        fprintf(out, "\nOf the %ld rows with a bound, %s predicts %ld of their times (%s) within 15%%.\n", with, model,
                predicted, fmt_share(share, sizeof share, predicted, with));
    }
}

int sol_row_shown(const struct rundir *r, int i)
{
    return rundir_row_ok(r, i) || (rundir_above_peak(r, i) && rundir_sol_over(r, i));
}

/* collect: every measured row into its group, its best row among the Best table's (bests); -1 when
 * the run has no sol columns. */
static int collect(const struct rundir *r, const int *bests, struct solgroup **g, int *ng, struct sol_reasons *why)
{
    const struct table *t = &r->t;
    int cp = table_col(t, COLUMN(sol_pct)), cb = table_col(t, COLUMN(bound));
    int cf = table_col(t, COLUMN(sol_from)), cl = table_col(t, COLUMN(sol_lat_ms)), ct = table_col(t, COLUMN(sol_tput_ms));
    if (cp < 0 || cb < 0) return -1;
    int *in = xmalloc(sizeof *in * (size_t)(t->nrows + 1));    /* [row]: its group, -1 for none */
    for (int i = 0; i < t->nrows; i++) {
        in[i] = -1;
        if (!sol_row_shown(r, i)) continue;
        struct solgroup *x = group_of(g, ng, table_cell(t, i, r->c_variant), table_cell(t, i, r->c_build));
        in[i] = (int)(x - *g);
        x->rows++;
        if (sol_reasons_count(why, r, i)) continue;
        double p = table_num(t, i, cp);
        if (flag_has(table_cell(t, i, r->c_flag), SOL_OVER_FLAG)) { x->over++; continue; }
        x->pct = xrealloc(x->pct, sizeof *x->pct * (size_t)(x->n + 1));
        x->pct[x->n++] = p;
        if (cf >= 0) sl_push(&x->from, table_cell(t, i, cf));
        sl_push(&x->bounds, sol_bound_said(table_cell(t, i, cb), rundir_cpu(r)));
        double more = more_in_flight(t, i, cb, cl, ct);
        if (more > 0) {
            x->more = xrealloc(x->more, sizeof *x->more * (size_t)(x->nmore + 1));
            x->more[x->nmore++] = more;
        }
    }
    /* The best row is the one the Best table and the charts call best, the fastest of its launch
     * points' bests in one unit a group (a variant's rows mixing memory-bound and compute-bound ones:
     * its GB/s never set against its GFLOP/s); not the row of the highest sol_pct, which named a
     * firm best the Best table called undecided, or another row. */
    int *best = rowrank_best_of_bests(r, bests, in, *ng);
    for (int k = 0; k < *ng; k++) (*g)[k].best = best[k];
    free(best);
    free(in);
    return 0;
}

double sol_summary_fp32_slack(const struct rundir *r)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(runjson_part(&r->rj, RJ_SOL), "ceilings");
    const cJSON *fp = cJSON_GetObjectItemCaseSensitive(c, "fp32"), *v = fp ? fp->child : NULL;
    /* The peak's own kind of ceiling (theoretical, estimate, environment), not a peaks run's measured one. */
    const char *kind = json_str(fp, "kind");
    if (!cJSON_IsNumber(v) || !(r->fp32_gflops > 0) || !strcmp(kind, "measured") || !strcmp(kind, "upper limit")) return 0;
    double x = v->valuedouble / r->fp32_gflops;
    return x > 1.001 ? x : 0;    /* run.json keeps the ceiling to 6 digits */
}

/* two_fp32_said: on the console, under the table, where a row it shows is bound by fp32 and that
 * ceiling is the FP32 peak with a CPU's slack: the best table's %fp32 (of the peak) and this table's
 * share (of the ceiling) are two figures of one row (6.1% and 5.0%), which report.md says under its
 * ceilings table and the console did not. */
static void two_fp32_said(const struct rundir *r, FILE *out, int any_fp32)
{
    double x = sol_summary_fp32_slack(r);
    if (!x || !any_fp32) return;
    fprintf(out, "Note: a row bound by fp32 reads a lower share here than its %%fp32 above: that is of the FP32 peak "
                 "(%.4g GFLOP/s), this of the fp32 ceiling %.0f%% above it, the room a CPU core's clock as timed needs "
                 "(docs/sol.md).\n", r->fp32_gflops, 100 * (x - 1));
}

/* no_latency_said: where bounded rows have no latency bound (no occupancy rules for the device, or
 * the kernel's registers unknown), that their `bound` is the throughput's alone: a row held back by
 * a dependent chain or by memory's latency reads a low sol_pct against a class that is not what
 * holds it (volkov_fma's ILP 1 on a CPU: 0.6% of fp32). */
static void no_latency_said(const struct rundir *r, FILE *out)
{
    int cp = table_col(&r->t, COLUMN(sol_pct)), cn = table_col(&r->t, COLUMN(sol_note));
    long n = 0;
    const char *why = NULL;
    for (int i = 0; cp >= 0 && cn >= 0 && i < r->t.nrows; i++) {
        const char *note = table_cell(&r->t, i, cn), *at = strstr(note, "no latency bound: ");
        if (!at || isnan(table_num(&r->t, i, cp))) continue;
        n++;
        if (!why) why = at + strlen("no latency bound: ");
    }
    if (!n) return;
    int len = (int)strcspn(why, ";");
    fprintf(out, "%ld row%s no latency bound (%.*s): %s bound is the throughput's alone, and a row held back by a "
                 "dependent chain or by memory's latency reads a low sol_pct against a class that is not what holds it.\n",
            n, n == 1 ? " has" : "s have", len, why, n == 1 ? "its" : "their");
}

/* best_cells: the best row's three cells, b (-1: none): its point and local with bestnear's mark where
 * the rounds cannot tell it from its runner-up (the Best table's words), its sol_pct (a row past its
 * bound flagged so: no result) and its bound; "-" for what it lacks (the fastest row may have no
 * bound where others of its variant have one). */
static void best_cells(const struct rundir *r, struct texttab *t, int b, const struct best_near *near, int cp, int cb)
{
    if (b < 0) {
        for (int k = 0; k < 3; k++) tt_cell(t, "-");
        return;
    }
    char mark[96], *pt = rundir_point(r, b, 1);
    tt_cell(t, "%s%s", *pt ? pt : "-", bestnear_mark(r, near, mark, sizeof mark));
    free(pt);
    double p = table_num(&r->t, b, cp);
    int past = flag_has(table_cell(&r->t, b, r->c_flag), SOL_OVER_FLAG);
    if (p >= 0) tt_cell(t, "%.1f%%%s", p, past ? " " SOL_OVER_FLAG : "");
    else tt_cell(t, "-");
    const char *bound = table_cell(&r->t, b, cb);
    tt_cell(t, "%s", p >= 0 && *bound ? sol_bound_said(bound, rundir_cpu(r)) : "-");
}

void sol_summary(const struct rundir *r, FILE *out, int markdown)
{
    struct solgroup *g = NULL;
    int ng = 0;
    struct sol_reasons why = {0};
    int *bests = rowrank_bests(r);
    if (collect(r, bests, &g, &ng, &why)) { free(bests); return; }
    /* The console's cut, the fastest variants first, as the table of best rows above it. */
    int shown = ng, *order = NULL;
    if (!markdown && ng > ROWRANK_CONSOLE_MAX) {
        int *fastest = xmalloc(sizeof *fastest * (size_t)ng);
        for (int k = 0; k < ng; k++) fastest[k] = g[k].best;
        order = rowrank_order(r, fastest, ng);
        free(fastest);
        shown = ROWRANK_CONSOLE_MAX;
    }
    struct texttab t = {0};
    /* The latency-bound column only where a row is: a CPU's runs (no occupancy rules, no latency
     * bound) would show a column of dashes. */
    int any_more = 0;
    for (int k = 0; k < ng; k++) any_more |= g[k].nmore > 0;
    static const char *const head[] = { "variant", "build", "rows with a bound", SOLWORDS_MEDIAN_PCT, "bound (most rows)",
                                        "best row", SOLWORDS_ITS_PCT, "its bound", "within 15%", NULL };
    tt_head(&t, head);
    if (any_more) tt_head_add(&t, "latency-bound: more in flight");
    tt_head_add(&t, SOL_OVER_FLAG);
    tt_head_add(&t, "work from");
    int cp = table_col(&r->t, COLUMN(sol_pct)), cb = table_col(&r->t, COLUMN(bound));
    long with = 0, predicted = 0, latency_bound = 0, over = 0;
    int any_fp32 = 0, undecided = 0;
    /* A best the rounds cannot tell from its runner-up is marked as the Best table marks it. */
    struct best_near *near = bestnear_find(r, bests);
    for (int k = 0; k < ng; k++) {
        struct solgroup *x = &g[order ? order[k] : k];
        int within = 0;
        for (int i = 0; i < x->n; i++) within += x->pct[i] >= SOL_PREDICTS_PCT;
        with += x->n;
        over += x->over;
        predicted += within;
        latency_bound += x->nmore;
        if (k >= shown) continue;
        for (int i = 0; i < x->bounds.n; i++) any_fp32 |= !strcmp(x->bounds.v[i], sol_class_name(SOL_FP32));
        tt_cell(&t, "%s", x->variant);
        tt_cell(&t, "%s", x->build);
        tt_cell(&t, "%d of %d", x->n, x->rows);
        tt_cell(&t, x->n ? "%.1f%%" : "-", x->n ? stats_median(x->pct, x->n) : 0);
        char *bounds = x->n ? most_said(&x->bounds) : xstrdup("-");
        tt_cell(&t, "%s", bounds);
        free(bounds);
        best_cells(r, &t, x->best, x->best >= 0 ? &near[r->group[x->best]] : NULL, cp, cb);
        undecided += x->best >= 0 && near[r->group[x->best]].row >= 0;
        char share[16];
        tt_cell(&t, x->n ? "%d (%s)" : "-", within, fmt_share(share, sizeof share, within, x->n));
        if (any_more) tt_cell(&t, x->nmore ? "%d: x%.3g" : "-", x->nmore, x->nmore ? stats_median(x->more, x->nmore) : 0);
        tt_cell(&t, "%d", x->over);
        tt_cell(&t, "%s", x->from.n ? sl_most(&x->from) : "-");
    }
    /* The table's words said once: its columns' "% of sol" is results.tsv's sol_pct. */
    if (markdown) fprintf(out, "\n### Speed of light: each row against the least time its work can take here\n\n");
    else if (shown < ng && with > 0)
        fprintf(out, "\nSpeed of light (%s: a row's sol_pct, the least time its work can take here over its own; bound: "
                     "what sets that time): the %d fastest of %d variants and builds (all of them: report.md):\n",
                SOLWORDS_PCT, shown, ng);
    else fprintf(out, "\nSpeed of light (%s: a row's sol_pct, the least time its work can take here over its own; "
                      "bound: what sets that time):\n", SOLWORDS_PCT);
    /* No row with a bound: a table of dashes, a line per variant (a search of sgemm: 196), says
     * nothing the reason does not. */
    if (with == 0 && why.n) {
        char *said = sol_reason_most(&why, r, 1);
        fprintf(out, "%sNo row has a bound (%ld row%s); the most common reason: %s.\n", markdown ? "" : "  ", why.n,
                why.n == 1 ? "" : "s", said);
        free(said);
    } else {
        tt_print(&t, out, markdown);
        bestnear_note(out, markdown, undecided);
        predicts_said(out, predicted, with, over);
        if (latency_bound)
            fprintf(out, "%ld row%s bound by a latency: \"more in flight\" is how many times more they would need in flight "
                         "(independent operations or loads a work-item, or resident work-items) to reach their throughput "
                         "bound, the median of the variant's (sol_lat_ms / sol_tput_ms).\n", latency_bound,
                    latency_bound == 1 ? " is" : "s are");
        if (why.n) {
            char *said = sol_reason_most(&why, r, 1);
            fprintf(out, "%ld row%s without a bound; the most common reason: %s.\n", why.n, why.n == 1 ? "" : "s", said);
            free(said);
        }
        no_latency_said(r, out);
        if (!markdown) two_fp32_said(r, out, any_fp32);
    }
    tt_free(&t);
    for (int k = 0; k < ng; k++) {
        free(g[k].variant); free(g[k].build); free(g[k].pct); free(g[k].more);
        sl_free(&g[k].bounds); sl_free(&g[k].from);
    }
    free(g);
    free(order);
    free(near);
    free(bests);
    sol_reasons_free(&why);
}
