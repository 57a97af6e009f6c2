/* report_sol.c — report.md's speed-of-light section, drawn for every experiment: each row's share
 * of its bound against its time, a colour per bound (what holds it back), rows past it (sol>100)
 * apart, one panel per build; the table of solsummary.h; and where each ceiling came from
 * (run.json's "sol"). */
#include "report.h"
#include "report_draft.h"
#include "report_charts.h"
#include "plot.h"
#include "solreason.h"
#include "solsummary.h"
#include "store/solwords.h"
#include "device/hostcaches.h"
#include "lib/texttab.h"
#include "spec/solkinds.h"
#include "sol/measuredpeaks.h"
#include "spec/spec.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include "store/rundir.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* slack_said: where fp32's ceiling is the header's FP32 peak with a CPU's timed-clock slack, the
 * sentence that says which figure uses which and why (one reader found two FP32 peaks in one report). */
static void slack_said(FILE *out, const struct rundir *r)
{
    double x = sol_summary_fp32_slack(r);
    if (!x) return;
    fprintf(out, "\nTwo FP32 figures, one peak: the fp32 ceiling above is the FP32 peak of %.4g GFLOP/s that the "
                 "header's theoretical peaks, the `%%fp32` column and the roofline use, with %.0f%% added (fp64's and "
                 "fp16's likewise). That peak rests on a CPU core's clock as timed (its source says which), which moves "
                 "from run to run; the speed-of-light bound leaves that room so that no row reads past 100%% of it for "
                 "a clock timed low, and a row is flagged IMPOSSIBLE only past the same margin. The device row's clock "
                 "is the one the device reports, which neither uses.\n", r->fp32_gflops, 100 * (x - 1));
}

/* measured_from: where the measured ceilings came from, as the console's speed-of-light line says it: a
 * --quick or narrowed peaks run named by --peaks is not the device's full one, which the sentence
 * called every such run while the console said "not the device's peaks" (a new string). */
static char *measured_from(const cJSON *sol)
{
    /* What the run read is, in the words the console's line says it (sol_peaks_what_said), how it
     * was timed too (run.json sol.peaks_run_note), which this sentence left out. */
    struct sol_peaks_what w;
    sol_peaks_what_recorded(sol, &w);
    const char *dir = json_str(sol, "peaks_run");
    char *d = tt_md_escape(dir), *is = sol_peaks_what_said(&w);
    char *said = !*dir ? xstrdup("the device's full `clx run peaks`")
               : w.quick ? xasprintf("%s, a `--quick` peaks run named by `--peaks` (run.json `sol.peaks_run_quick`): %s, "
                                     "which a full `clx run peaks` measures", d, is)
               : w.narrowed ? xasprintf("%s, a peaks run narrowed by `%s` named by `--peaks` (run.json "
                                        "`sol.peaks_run_narrowed`): %s, which a full `clx run peaks` measures", d,
                                        w.narrowed, is)
               : is ? xasprintf("the device's full `clx run peaks`, %s (%s: run.json `sol.peaks_run_note`)", d, is)
                    : xasprintf("the device's full `clx run peaks`, %s", d);
    free(d);
    free(is);
    sol_peaks_what_free(&w);
    return said;
}

/* ceilings: one line per class run.json's "sol" has a figure for: value, kind, source. */
static void ceilings(FILE *out, const struct rundir *r)
{
    const cJSON *sol = runjson_part(&r->rj, RJ_SOL);
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(sol, "ceilings"), *k;
    if (!c) return;
    char *from = measured_from(sol);
    /* The launch floor is measured too, but by this run (its row is the table's last). */
    double floor_us = json_num(sol, "launch_floor_us");
    fprintf(out, "\nThe ceilings (run.json `sol`): theoretical ones are physical bounds at the row's clock; an estimate "
                 "is an upper bound of the rate where clx's tables do not know the device's units (a CPU's: a row's "
                 "`sol_pct` is then a lower bound of its share of the true speed of light); environment, a `CLX_PEAK_*` "
                 "variable's figure; an upper limit is a rate the class cannot pass but not its own (a loose bound: a "
                 "row it binds may be nearer its bound than `sol_pct` says); measured ones come from %s%s, and one that "
                 "verified rows of this run passed by more than 2%% bounds none of its rows (docs/sol.md).\n\n"
                 "| class | ceiling | kind | source |\n|---|---:|---|---|\n", from,
            floor_us > 0 ? " (the launch floor from this run's set-up)" : "");
    free(from);
    cJSON_ArrayForEach(k, c) {
        const cJSON *v = k->child;      /* the first member: the figure in its unit */
        const char *class = sol_bound_said(k->string, rundir_cpu(r));
        if (!cJSON_IsNumber(v)) continue;
        char *src = tt_md_escape(json_str(k, "source"));
        /* A measured figure that verified rows of the run passed: what it is, and that it bounds nothing. */
        const cJSON *passed = cJSON_GetObjectItemCaseSensitive(k, "passed_by_rows");
        int np = cJSON_IsNumber(passed) ? passed->valueint : 0;
        char *kind = np > 0 ? xasprintf("%s, passed by %d verified row%s: bounds no row", json_str(k, "kind"), np,
                                        np == 1 ? "" : "s")
                            : xstrdup(json_str(k, "kind"));
        /* Whole units from a thousand up: a tensor rate of 1.07e+06 GFLOP/s reads as 1070530. */
        fprintf(out, v->valuedouble >= 1000 ? "| %s | %.0f %s | %s | %s |\n" : "| %s | %.6g %s | %s | %s |\n", class,
                v->valuedouble, v->string, kind, src);
        free(kind);
        free(src);
    }
    /* The launch floor, a ceiling like the others: a row bound by `launch` found no figure or source for it
     * here (run.json alone had it). Where it was not measured, no row has it: their sol_note says so. */
    if (floor_us > 0) {
        int np = json_int(sol, "launch_floor_passed_by_rows");
        char *kind = np > 0 ? xasprintf("measured, passed by %d verified row%s: bounds no row", np, np == 1 ? "" : "s")
                            : xstrdup("measured");
        fprintf(out, "| launch | %.4g us | %s | measured: an empty kernel's least time, launched back to back behind "
                     "the blocking kernel at this run's set-up (run.json `sol.launch_floor_us`) |\n", floor_us, kind);
        free(kind);
    }
    /* A CPU's caches as its host listed them for the run: the l2 class is the last of them. */
    char *caches = hostcaches_json_said(cJSON_GetObjectItemCaseSensitive(sol, "host_caches"));
    if (caches)
        fprintf(out, "\nThe host's caches, as its sysfs listed them for the run (run.json `sol.host_caches`): %s; the "
                     "`l2` class is the last of them, the CPU's last-level cache.\n", caches);
    free(caches);
    /* A resume that could not read its peaks run again: the table is the last session's, and the rows
     * kept from before it were bounded by that run's measured figures, so the rows' sol_pct are against
     * two sets of ceilings; the console said so once, and report.md said nothing. */
    const cJSON *lost = cJSON_GetObjectItemCaseSensitive(sol, "peaks_run_lost");
    if (cJSON_IsString(lost)) {
        char *dir = tt_md_escape(lost->valuestring);
        fprintf(out, "\nTwo sets of ceilings: the peaks run this run read at first, %s, could not be read again at a "
                     "resume (run.json `sol.peaks_run_lost`). The rows measured before that resume were bounded by its "
                     "measured figures, those measured since by the ceilings above, so their `sol_pct` are not against "
                     "the same ceilings; a new run reads one set for every row.\n", dir);
        free(dir);
    }
    slack_said(out, r);
}

/* Each bound's look in the chart (gp_series_style's index: a colour, past the eight colours another
 * mark), the same in every report: by the bounds a run happened to have, fp32 was blue in one report
 * and orange in the next. The bounds a CPU's rows have most (fp32, the memories, the launch floor)
 * take the first colours. To add a class (spec/solkinds.h), give it the next free index. */
static const struct { enum sol_class k; int style; } bound_style[] = {
    {SOL_FP32, 0}, {SOL_DRAM, 1}, {SOL_L2, 2}, {SOL_LOCAL, 3}, {SOL_LAUNCH, 4}, {SOL_LATENCY, 5},
    {SOL_DRAM_LATENCY, 6}, {SOL_L1, 7}, {SOL_FP64, 8}, {SOL_FP16, 9}, {SOL_INT32, 10}, {SOL_INT16, 11},
    {SOL_INT64, 12}, {SOL_INT8, 13}, {SOL_SFU, 14}, {SOL_TENSOR_F16, 15}, {SOL_TENSOR_TF32, 16},
    {SOL_TENSOR_INT8, 17},
};

/* style_of_bound: bound's index in bound_style, -1 for a word no class has. */
static int style_of_bound(const char *bound)
{
    int k = sol_class_of_name(bound);
    for (size_t i = 0; k >= 0 && i < sizeof bound_style / sizeof *bound_style; i++)
        if ((int)bound_style[i].k == k) return bound_style[i].style;
    return -1;
}

/* bound_said_on_cpu: a bound's word in the chart's key on a CPU (sol_bound_said). */
static const char *bound_said_on_cpu(const char *bound) { return sol_bound_said(bound, 1); }

/* left_out_said: where some rows the chart would show have no bound (so no point), how many of them
 * and the most common reason, for report.md (where_rest: with where the whole reason is) and the
 * picture's subtitle: a chart of 7 points from a run of 8 rows said nothing of the eighth (a new
 * string); NULL where every row has a bound. */
static char *left_out_said(const struct rundir *r, int where_rest)
{
    struct sol_reasons why = {0};
    long shown = 0;
    for (int i = 0; i < r->t.nrows; i++)
        if (sol_row_shown(r, i)) {
            shown++;
            sol_reasons_count(&why, r, i);
        }
    char *said = NULL;
    if (why.n) {
        char *most = sol_reason_most(&why, r, where_rest);
        said = xasprintf("%ld of the %ld rows %s no bound and %s not drawn; %s: %s", why.n, shown,
                         why.n == 1 ? "has" : "have", why.n == 1 ? "is" : "are", why.n == 1 ? "why" : "the most common reason",
                         most);
        free(most);
    }
    sol_reasons_free(&why);
    return said;
}

int report_sol(FILE *out, const struct rundir *r, const struct report_draft *d, int *full)
{
    if (table_col(&r->t, COLUMN(sol_pct)) < 0) return 0;
    fprintf(out, "\n## Speed of light\n\nEach row's `sol_pct` is the least time its work can take on this device (`sol_ms`: "
                 "the larger of the throughput bound, class by class and the launch floor, and the latency bound of a "
                 "work-item's dependent chain or of memory's latency over the bytes in flight) over its time; `bound` "
                 "says what sets it (docs/sol.md). In the chart, rows flagged `sol>100` (past their bound by more than 2%%: "
                 "the spec's work or a ceiling is wrong, so they are no results) are red crosses of their own.\n");
    struct spec_plot p;
    memset(&p, 0, sizeof p);
    p.kind = "scatter";
    p.kind_id = PLOT_SCATTER;
    p.name = PLOT_NAME_SOL;
    p.title = "each row's " SOLWORDS_PCT " against its time, a colour per bound";
    p.ylabel = SOLWORDS_PCT;
    p.metric = "sol_pct";
    p.x = "median_ms";
    p.series = "bound";
    p.panels = "build";
    p.peak = "100";
    /* 100% is each row's own speed of light (a CPU's fp32 ceiling is its peak with 20% slack), not the peak. */
    p.peak_title = "speed of light";
    p.series_style = style_of_bound;
    if (rundir_cpu(r)) p.series_said = bound_said_on_cpu;
    p.xlog = 1;
    /* A row past its speed of light measured nothing the model describes (docs/sol.md): its own
     * series, not a point of its bound's colour among the results. */
    p.apart_flag = SOL_OVER_FLAG;
    p.apart_title = "sol>100: counts or ceilings wrong";
    /* A chart of no point would guess at why (the plot's "a column this device does not
     * report?"); the rows say why they have no bound, and sol_summary prints it. */
    int bounded = 0, cp = table_col(&r->t, COLUMN(sol_pct));
    for (int i = 0; i < r->t.nrows && !bounded; i++) bounded = sol_row_shown(r, i) && table_num(&r->t, i, cp) >= 0;
    if (!bounded) {
        fprintf(out, "\n*The chart is not drawn:* no row has a bound (below: why).\n");
        sol_summary(r, out, 1);
        ceilings(out, r);
        return 0;
    }
    /* The rows with no point, said on the picture (a chart pasted elsewhere keeps it) and below it. */
    char *left_out = left_out_said(r, 1), *subtitle = left_out_said(r, 0);
    p.subtitle = subtitle;
    struct plot_result pr;
    int rc = plot_draw(r, &p, d->plots, &pr);
    /* As the spec's plots and the report's other charts: a failure is said on the console too, and
     * the want of gnuplot (said once, with the spec's plots) is none, nor is a full disk (said once,
     * with the report's files). */
    int drawn = report_chart_state(rc, pr.full, full);
    if (rc == 0)
        for (int k = 0; k < pr.figures.n; k++)
            fprintf(out, "\n![%s](plots/%s.png)\n\n[SVG](plots/%s.svg) · [data](plots/%s.tsv) · [script](plots/%s.gp)\n",
                    pr.captions.v[k], pr.figures.v[k], pr.figures.v[k], pr.figures.v[k], pr.figures.v[k]);
    /* The points carry no names (a label on each would cover its neighbours): said where a reader
     * looks for them. */
    if (rc == 0)
        fprintf(out, "\nA panel per build (a single build is named in the title), every panel's y axis from 0 on one "
                     "scale; a point is a row, unnamed (the data file has each time and %s). The table below names "
                     "each variant's best row and %s.\n", SOLWORDS_PCT, SOLWORDS_ITS_PCT);
    else if (rc > 0) fprintf(out, "\n*The chart is not drawn:* %s.\n", pr.not_drawn);
    else {
        char *said = report_draft_in_place(d, pr.error);
        if (drawn == REPORT_CHART_FAILED && !report_draft_stopped(0)) warn("%s", said);
        fprintf(out, "\n*The chart is not drawn:* %s.\n", said);
        free(said);
    }
    if (rc == 0 && left_out) fprintf(out, "\n%s.\n", left_out);
    free(left_out);
    free(subtitle);
    plot_result_free(&pr);
    sol_summary(r, out, 1);
    ceilings(out, r);
    return drawn;
}
