/* summary.c — the tables that say what a run found, from its results.tsv. */
#include "summary.h"
#include "summary_warn.h"
#include "summary_impl.h"
#include "bestnear.h"
#include "compare_join.h"
#include "ratecol.h"
#include "rowrank.h"
#include "rowwork.h"
#include "solsummary.h"
#include "lib/stats.h"
#include "lib/expr.h"
#include "lib/texttab.h"
#include "measure/rounds.h"
#include "spec/plan.h"
#include "store/jsonval.h"
#include "store/rowstatus.h"
#include "store/rundevs.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* sort_numeric: l in increasing order where every value is one number (work-group sizes), as a
 * plot orders its categories (plotdata.c); else as met. A search or a tuning pass meets them in
 * the order it measured them, 64, 128, 512, 256. */
static void sort_numeric(struct strlist *l)
{
    double *x = xcalloc((size_t)l->n + 1, sizeof *x);
    int numeric = 1;
    for (int k = 0; k < l->n && numeric; k++) numeric = parse_number(l->v[k], &x[k]) == 0;
    for (int a = 1; numeric && a < l->n; a++)          /* insertion sort: tens of values */
        for (int b = a; b > 0 && x[b] < x[b - 1]; b--) {
            double t = x[b]; x[b] = x[b - 1]; x[b - 1] = t;
            char *s = l->v[b]; l->v[b] = l->v[b - 1]; l->v[b - 1] = s;
        }
    free(x);
}

/* rate_cell: a rate as every rate column shows it (rate_fig: "2.4", "0.056", "0.047"), "-" for none:
 * one decimal here read a grid stride's 0.0563 GB/s as "0.1" beside its 0.047. */
static void rate_cell(struct texttab *tt, double x)
{
    char b[32];
    if (isfinite(x)) tt_cell(tt, "%s", rate_fig(b, sizeof b, x));
    else tt_cell(tt, "-");
}

/* A work-group sweep reads best as one table per build and point: a row per work-group size, a
 * column per variant (the seed's "GFLOPS vs block size per ILP" plots). */
static void by_local(const struct rundir *r, FILE *out, int markdown)
{
    int n = r->t.nrows;
    struct strlist variants = {0}, locals = {0}, tables = {0};
    int *vi = xcalloc((size_t)n + 1, sizeof *vi), *li = xcalloc((size_t)n + 1, sizeof *li);
    int *ti = xcalloc((size_t)n + 1, sizeof *ti);
    for (int i = 0; i < n; i++)
        if (*table_cell(&r->t, i, r->c_local)) summary_value_index(r, i, r->c_local, &locals);
    sort_numeric(&locals);
    summary_variants(r, &variants);
    for (int i = 0; i < n; i++) {
        vi[i] = summary_value_index(r, i, r->c_variant, &variants);
        /* A row without a work-group size (its build failed) has no line of its own. */
        li[i] = *table_cell(&r->t, i, r->c_local) ? summary_value_index(r, i, r->c_local, &locals) : -1;
        char *key = xasprintf("%s\t%s", table_cell(&r->t, i, r->c_build), r->point[i]);
        int k;
        for (k = 0; k < tables.n && strcmp(tables.v[k], key); k++) {}
        if (k == tables.n) sl_push(&tables, key);
        ti[i] = k;
        free(key);
    }
    /* The table reads across work-group sizes of one variant: where each variant has one size (a
     * search, or a space whose parameters set the group, as sgemm's), it would be a column per
     * variant with one number in each, thousands wide. */
    int *first_local = xmalloc(sizeof *first_local * (size_t)(variants.n + 1)), across = 0;
    for (int v = 0; v < variants.n; v++) first_local[v] = -1;
    for (int i = 0; i < n && !across; i++) {
        if (li[i] < 0 || !rundir_row_ok(r, i)) continue;
        if (first_local[vi[i]] < 0) first_local[vi[i]] = li[i];
        else if (first_local[vi[i]] != li[i]) across = 1;
    }
    free(first_local);
    int *grid = xmalloc(sizeof *grid * (size_t)(locals.n * variants.n + 1));
    for (int tb = 0; tb < tables.n && locals.n > 1 && across; tb++) {
        /* unit 0 GFLOP/s, 1 GB/s, 2 ms: GB/s where a row is memory-bound and some row has it measurable
         * (rate_shown: at least 0.05), else the first rate some usable row has so, else the time: a
         * grid of token rates says nothing, nor does vecsum's GFLOP/s. */
        int first = -1, usable = 0, shows[2] = {0, 0}, memory = 0;
        for (int k = 0; k < locals.n * variants.n; k++) grid[k] = -1;
        for (int i = 0; i < n; i++) {
            if (ti[i] != tb) continue;
            if (first < 0) first = i;
            if (!rundir_row_ok(r, i) || li[i] < 0) continue;
            grid[li[i] * variants.n + vi[i]] = i;
            usable = 1;
            shows[0] |= rate_shown(table_num(&r->t, i, r->c_gflops));
            shows[1] |= rate_shown(table_num(&r->t, i, r->c_gbs));
            memory |= rowrank_memory_bound(r, i);
        }
        if (!usable) continue;
        int unit = memory && shows[1] ? 1 : shows[0] ? 0 : shows[1] ? 1 : 2;
        int col = unit == 0 ? r->c_gflops : unit == 1 ? r->c_gbs : r->c_median;
        struct texttab tt = {0};
        tt_head_add(&tt, "local");
        for (int v = 0; v < variants.n; v++) tt_head_add(&tt, variants.v[v]);
        for (int l = 0; l < locals.n; l++) {
            tt_cell(&tt, "%s", locals.v[l]);
            for (int v = 0; v < variants.n; v++) {
                int k = grid[l * variants.n + v];
                if (unit == 2) tt_num_read(&tt, k < 0 ? NULL : table_cell(&r->t, k, col), 4);
                else rate_cell(&tt, k < 0 ? NAN : table_num(&r->t, k, col));
            }
        }
        const char *pt = r->point[first];
        char *title = xasprintf("%s by work-group size, build \"%s\"%s%s", unit == 0 ? "GFLOP/s" : unit == 1 ? "GB/s" : "Median ms",
                                table_cell(&r->t, first, r->c_build), *pt ? ", " : "", pt);
        summary_heading(out, markdown, title);
        tt_print(&tt, out, markdown);
        free(title);
        tt_free(&tt);
    }
    free(grid); free(vi); free(li); free(ti);
    sl_free(&variants);
    sl_free(&locals);
    sl_free(&tables);
}

static void pct_cell(struct texttab *tt, const struct rundir *r, int i, const char *col)
{
    double x = table_num(&r->t, i, table_col(&r->t, col));
    if (isfinite(x)) tt_cell(tt, "%.1f%%", x);
    else tt_cell(tt, "-");
}


/* The best table's rates, each with the share of its peak beside it: the column of results.tsv,
 * the header, the share's column and header. */
enum { RATE_GBS, RATE_GFLOPS, RATE_N };
static const struct { const char *col, *head, *pct, *pct_head; } rate_kinds[RATE_N] = {
    [RATE_GBS] = {"gbs", "GB/s", "pct_bw_peak", "%bw"},
    [RATE_GFLOPS] = {"gflops", "GFLOP/s", "pct_fp32_peak", "%fp32"},
};

/* rate_columns: which of the rates the table of rows[0..n) leaves out (out[k]): those every row of
 * which has below 0.05 (rate_column_empty), their share of the peak with them. */
static void rate_columns(const struct rundir *r, const int *rows, int n, int out[RATE_N])
{
    double *x = xmalloc(sizeof *x * (size_t)(n + 1));
    for (int k = 0; k < RATE_N; k++) {
        int c = table_col(&r->t, rate_kinds[k].col);
        for (int i = 0; i < n; i++) x[i] = c >= 0 ? table_num(&r->t, rows[i], c) : NAN;
        out[k] = c >= 0 && rate_column_empty(x, n);
    }
    free(x);
}

/* lines_give: whether the console's row lines give every rate left[] leaves out: some row of the run
 * whose line shows it by rate_row_shown (ratecol.h), the rule those lines print by. */
static int lines_give(const struct rundir *r, const int left[RATE_N])
{
    for (int k = 0; k < RATE_N; k++) {
        if (!left[k]) continue;
        int c = k == RATE_GBS ? r->c_gbs : r->c_gflops, o = k == RATE_GBS ? r->c_gflops : r->c_gbs, any = 0;
        for (int i = 0; i < r->t.nrows && !any; i++)
            any = rate_row_shown(c >= 0 ? table_num(&r->t, i, c) : NAN, o >= 0 ? table_num(&r->t, i, o) : NAN);
        if (!any) return 0;
    }
    return 1;
}

/* rates_left_out: under the best table, once, the rates it leaves out and why; on the console,
 * whether the row lines above give them (run_console.c: a rate below 0.05 beside the row's other,
 * measurable one is left out there too, by rate_row_shown; one said "the row lines above give it"
 * under volkov_fma's lines of 0.00023 GB/s, which the table left out). */
static void rates_left_out(FILE *out, int markdown, const int left[RATE_N], int given)
{
    struct sbuf heads = {0}, cols = {0};
    int n = 0;
    for (int k = 0; k < RATE_N; k++)
        if (left[k]) {
            sb_printf(&heads, "%s%s", n ? " and " : "", rate_kinds[k].head);
            sb_printf(&cols, "%s%s", n ? " and " : "", rate_kinds[k].col);
            n++;
        }
    const char *lines = markdown ? ""
                        : given ? (n == 1 ? "the row lines above give it, and " : "the row lines above give them, and ")
                                : (n == 1 ? "the row lines above leave it out too, and " : "the row lines above leave them out too, and ");
    if (n)
        fprintf(out, "\n%s %s %s left out of the table above: below " RATE_SHOWN_WORDS " in each of its rows (%sresults.tsv's "
                "%s column%s %s every value).\n", markdown ? "**Note:**" : "Note:", heads.s, n == 1 ? "is" : "are", lines,
                cols.s, n == 1 ? "" : "s", n == 1 ? "has" : "have");
    sb_free(&heads);
    sb_free(&cols);
}

static void best(const struct rundir *r, const int *bests, FILE *out, int markdown)
{
    /* The median's spread is its trials' interquartile range (docs/timing.md: "the median with its
     * interquartile range"): a "+/- ms" column here was their standard deviation, unsaid, which one
     * slow first trial made 1.76 ms beside an interquartile range of 0.058. */
    int c_iqr = table_col(&r->t, "iqr_ms");
    int *rows = xmalloc(sizeof *rows * (size_t)(r->ngroups + 1)), n = 0;
    for (int g = 0; g < r->ngroups; g++)
        if (bests[g] >= 0) rows[n++] = bests[g];
    int shown = n, *order = NULL;
    if (!markdown && n > ROWRANK_CONSOLE_MAX) {
        order = rowrank_order(r, rows, n);
        shown = ROWRANK_CONSOLE_MAX;
    }
    /* What the table shows decides which rates it leaves out: the rows it holds. */
    int *held = xmalloc(sizeof *held * (size_t)(shown + 1)), left[RATE_N];
    for (int k = 0; k < shown; k++) held[k] = rows[order ? order[k] : k];
    rate_columns(r, held, shown, left);
    struct texttab tt = {0};
    static const char *const lead[] = {"variant", "build", "point (best local)", "median ms", "IQR ms", NULL};
    tt_head(&tt, lead);
    for (int k = 0; k < RATE_N; k++)
        if (!left[k]) {
            tt_head_add(&tt, rate_kinds[k].head);
            tt_head_add(&tt, rate_kinds[k].pct_head);
        }
    tt_head_add(&tt, "status");
    /* A best the rounds cannot tell from its runner-up is marked, "local=128 (or 32: UNSURE)": named
     * alone, a 0.5% lead in rows of 10-40% noise read as the winner (and fed the builds' table). */
    struct best_near *near = bestnear_find(r, bests);
    int undecided = 0;
    for (int k = 0; k < shown; k++) {
        int b = held[k];
        char mark[96];
        undecided += near[r->group[b]].row >= 0;
        char *pt = rundir_point(r, b, 1);
        const char *flag = table_cell(&r->t, b, r->c_flag);
        tt_cell(&tt, "%s", table_cell(&r->t, b, r->c_variant));
        tt_cell(&tt, "%s", table_cell(&r->t, b, r->c_build));
        tt_cell(&tt, "%s%s", pt, bestnear_mark(r, &near[r->group[b]], mark, sizeof mark));
        /* As results.tsv keeps it, at most four places: never zeros it did not keep. */
        tt_num_read(&tt, table_cell(&r->t, b, r->c_median), 4);
        /* As results.tsv keeps it (three digits): "0.058", not "0.0580". */
        double iqr = c_iqr >= 0 ? table_num(&r->t, b, c_iqr) : NAN;
        char fig[32];
        if (isfinite(iqr)) tt_cell(&tt, "%s", fmt_fig(fig, sizeof fig, iqr));
        else tt_cell(&tt, "-");
        for (int q = 0; q < RATE_N; q++)
            if (!left[q]) {
                rate_cell(&tt, table_num(&r->t, b, q == RATE_GBS ? r->c_gbs : r->c_gflops));
                pct_cell(&tt, r, b, rate_kinds[q].pct);
            }
        tt_cell(&tt, "%s%s%s", table_cell(&r->t, b, r->c_status), *flag ? " " : "", flag);
        free(pt);
    }
    char *title = shown < n ? xasprintf("Best work-group size per variant, build and point: the %d fastest of %d "
                                        "(all of them: report.md, results.tsv)", shown, n)
                            : xstrdup("Best work-group size per variant, build and point (highest GB/s where the work is "
                                      "memory-bound, else GFLOP/s, else GB/s, else lowest median time)");
    summary_heading(out, markdown, title);
    free(title);
    tt_print(&tt, out, markdown);
    rates_left_out(out, markdown, left, lines_give(r, left));
    bestnear_note(out, markdown, undecided);
    free(near);
    tt_free(&tt);
    free(held);
    free(order);
    free(rows);
}

/* When the spec times whole offloads and the reference is a full CPU implementation, the seed's
 * question is the speed-up over the CPU, transfers included: the best local by speed-up, the rows
 * a plot of speedup_vs_cpu with agg "max" draws (expint's), so the table and the picture agree. The
 * kernel's time and the offload's are two measurements (the trials' median by the device's events;
 * the median of as many uploads, launches and downloads timed on the host's clock): a wall below the
 * kernel alone is their noise, marked and said, never shown as if it were a time. */
static void cpu(const struct rundir *r, FILE *out, int markdown)
{
    int cw = table_col(&r->t, "wall_ms"), cc = table_col(&r->t, "cpu_ms");
    if (cw < 0 || cc < 0) return;
    static const char *const head[] = {"variant", "build", "point (best local)", "kernel ms", "wall ms", "cpu ms", "speed-up", NULL};
    struct texttab tt = {0};
    tt_head(&tt, head);
    int *fastest = xmalloc(sizeof *fastest * (size_t)(r->ngroups + 1)), below = 0;
    for (int g = 0; g < r->ngroups; g++) fastest[g] = -1;
    for (int k = 0; k < r->t.nrows; k++) {
        int g = r->group[k], f = fastest[g];
        double w = table_num(&r->t, k, cw), c = table_num(&r->t, k, cc);
        if (rundir_row_ok(r, k) && w > 0 && c > 0 && (f < 0 || c / w > table_num(&r->t, f, cc) / table_num(&r->t, f, cw)))
            fastest[g] = k;
    }
    for (int g = 0; g < r->ngroups; g++) {
        int bx = fastest[g];
        if (bx < 0) continue;
        char *pt = rundir_point(r, bx, 1);
        double kernel = table_num(&r->t, bx, r->c_median), wall = table_num(&r->t, bx, cw);
        tt_cell(&tt, "%s", table_cell(&r->t, bx, r->c_variant));
        tt_cell(&tt, "%s", table_cell(&r->t, bx, r->c_build));
        tt_cell(&tt, "%s", pt);
        tt_num(&tt, kernel, 3);
        if (wall < kernel) { tt_cell(&tt, "%.3f%s", wall, markdown ? "\\*" : "*"); below++; }
        else tt_num(&tt, wall, 3);
        tt_num(&tt, table_num(&r->t, bx, cc), 3);
        tt_cell(&tt, "%.1fx", table_num(&r->t, bx, cc) / wall);
        free(pt);
    }
    free(fastest);
    if (tt.nrows) {
        /* A CPU device is the host's own cores: the "speed-up" is of OpenCL's code on the cores the
         * reference ran on, no offload to other hardware; said once, where the reader meets it. */
        int on_cpu = rundir_cpu(r);
        char *title = xasprintf("Speed-up over the host reference on all CPU cores, transfers included (best local by "
                                "speed-up)%s", on_cpu ? "; the device is a CPU: the host's own cores, the ones the "
                                "reference ran on" : "");
        summary_heading(out, markdown, title);
        free(title);
        tt_print(&tt, out, markdown);
        if (below)
            fprintf(out, "\n%sThe wall ms marked %s %s below %s kernel ms: the two are separate measurements (the "
                    "trials' median by the device's events; the median of as many uploads, launches and downloads on the "
                    "host's clock), and an offload takes no less than its kernel: the gap is their noise, and a speed-up "
                    "read from such a wall is that much too high.\n", markdown ? "**Note:** " : "Note: ",
                    markdown ? "\\*" : "*", below == 1 ? "is" : "are", below == 1 ? "its" : "their");
    }
    tt_free(&tt);
}

/* repeatability: how far the rows' rounds agreed, where they were timed in rounds (counted as the
 * run counted them: rounds.h). */
static void repeatability(const struct rundir *r, FILE *out, int markdown)
{
    const struct table *t = &r->t;
    int sc = table_col(t, "spread"), rc = table_col(t, "rounds"), ec = table_col(t, "time_se"), fc = table_col(t, "flag");
    int nc = table_col(t, "timing_note");
    double target = rj_num(r->rj.target_se);
    if (sc < 0) return;
    struct rounds_tally rt = {0};
    for (int i = 0; i < t->nrows; i++)
        rounds_tally_row(&rt, table_cell(t, i, rc), table_cell(t, i, sc), table_cell(t, i, ec), table_cell(t, i, fc),
                         table_cell(t, i, nc), target);
    if (!rt.rows) return;
    fprintf(out, "\n%s", markdown ? "**Repeatability:** " : "Repeatability: ");
    /* Rows of one round (a search's raced ones, --rounds 1) have no spread: the count is of the
     * others, said as such where it is not every row. */
    if (rt.rows == t->nrows)
        fprintf(out, "%d of %d row%s (%.1f%%)", rt.spread1, rt.rows, rt.rows == 1 ? "" : "s", 100.0 * rt.spread1 / rt.rows);
    else {
        /* The others by what they are: skipped rows were never timed, which "one round or none" hid
         * among rows measured once. */
        int skipped = 0, one = 0;
        for (int i = 0; i < t->nrows; i++) {
            if (atoi(table_cell(t, i, rc)) >= 2 && *table_cell(t, i, sc)) continue;
            if (row_status_skipped(table_cell(t, i, r->c_status))) skipped++;
            else if (atoi(table_cell(t, i, rc)) == 1) one++;
        }
        int other = t->nrows - rt.rows - skipped - one;
        struct sbuf why = {0};
        if (skipped) sb_printf(&why, "%d skipped", skipped);
        if (one) sb_printf(&why, "%s%d timed in one round", why.len ? ", " : "", one);
        if (other) sb_printf(&why, "%s%d not timed (failed or stopped)", why.len ? ", " : "", other);
        int kinds = (skipped > 0) + (one > 0) + (other > 0);
        fprintf(out, "%d of the %d row%s timed in two or more rounds (%.1f%%; ", rt.spread1, rt.rows, rt.rows == 1 ? "" : "s",
                100.0 * rt.spread1 / rt.rows);
        if (kinds == 1)     /* one kind: "the other 10 of 28 rows were skipped" */
            fprintf(out, "the other %d of %d rows %s)", t->nrows - rt.rows, t->nrows, skipped ? "were skipped"
                    : one ? "were timed in one round" : "were not timed (failed or stopped)");
        else fprintf(out, "of the other %d of %d rows, %s)", t->nrows - rt.rows, t->nrows, why.s);
        sb_free(&why);
    }
    fprintf(out, " %s round medians more than 1%% apart (column spread)", rt.spread1 == 1 ? "has" : "have");
    if (rt.episodes)
        fprintf(out, "; %d had a round apart beyond %s trials' noise (an episode) and %s measured again", rt.episodes,
                rt.episodes == 1 ? "its" : "their", rt.episodes == 1 ? "was" : "were");
    char ts[32];
    if (target > 0)
        fprintf(out, "; %d took more rounds for --target-se %s, and %d row%s standard error (column time_se) stayed "
                "above it", rt.more, fmt_pct(ts, sizeof ts, 100 * target), rt.over, rt.over == 1 ? "'s" : "s'");
    fprintf(out, ".\n");
}

/* blocked: trials kept although their batch was not all queued behind the blocking kernel before
 * it ended, three times (run.json blocker): those ran partly as the host fed them. */
static void blocked(const struct rundir *r, FILE *out, int markdown)
{
    const cJSON *b = runjson_part(&r->rj, RJ_BLOCKER);
    const cJSON *late = b ? cJSON_GetObjectItemCaseSensitive(b, "kept_late") : NULL;
    const cJSON *held = b ? cJSON_GetObjectItemCaseSensitive(b, "batches") : NULL;
    if (!cJSON_IsNumber(late) || !cJSON_IsNumber(held) || late->valuedouble < 1) return;
    fprintf(out, "\n%s%.0f of %.0f batches were not all queued before the blocking kernel in front of them ended, "
            "in three tries each: their launches ran partly as the host fed them (docs/timing.md, \"Batches behind a "
            "blocking kernel\").\n", markdown ? "**Note:** " : "Note: ", late->valuedouble, held->valuedouble);
}

void summary_mixed_devices(const struct rundir *r, FILE *out, int markdown)
{
    char *parts = rundevs_parts(&r->rj);
    if (!parts) return;
    fprintf(out, "\n%s these rows ran on different devices (--split-any: %s): a table%s below that puts two variants "
                 "side by side may compare the devices as much as the variants; the device column says where each row "
                 "ran, and rel_time and speedup are against the relative variant's rows its own device ran (in its "
                 "part, parts/).\n", markdown ? "**Warning:**" : "WARNING:", parts, markdown ? " or plot" : "");
    free(parts);
}

void summary_print(const struct rundir *r, int sections, FILE *out, int markdown)
{
    /* No row measured and passed (nothing built, every row failed): the tables would be headers
     * alone, and the speed of light's "0 of the rows ... (0%)"; the run's last lines say why. */
    int any = 0, sol = 0;
    for (int i = 0; i < r->t.nrows && !any; i++) any = rundir_row_ok(r, i);
    /* A row past its bound and above the peak is no result, but the speed of light's to show (sol_row_shown). */
    for (int i = 0; i < r->t.nrows && !sol; i++) sol = sol_row_shown(r, i);
    if (!any) sections &= ~(SUMMARY_BY_LOCAL | SUMMARY_BEST | SUMMARY_BUILDS);
    if (!sol) sections &= ~SUMMARY_SOL;
    int *bests = rowrank_bests(r);
    /* report.md says it in its header, above the findings and plots that read the rows too. */
    if (!markdown && (sections & (SUMMARY_BY_LOCAL | SUMMARY_BEST | SUMMARY_BUILDS | SUMMARY_WARN)))
        summary_mixed_devices(r, out, 0);
    if (sections & SUMMARY_BY_LOCAL) by_local(r, out, markdown);
    if (sections & SUMMARY_BEST) best(r, bests, out, markdown);
    if (sections & (SUMMARY_BEST | SUMMARY_BUILDS)) summary_builds_work(r, out, markdown);
    if (sections & SUMMARY_BUILDS) summary_builds(r, bests, out, markdown);
    if (sections & SUMMARY_CPU) cpu(r, out, markdown);
    if (sections & SUMMARY_SOL) sol_summary(r, out, markdown);
    if (sections & SUMMARY_REPEAT) {
        repeatability(r, out, markdown);
        blocked(r, out, markdown);
    }
    if (sections & SUMMARY_WARN) summary_warnings(r, out, markdown);
    free(bests);
}
