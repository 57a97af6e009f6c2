/* report_search.c — report.md's search (clx run --search, docs/search.md): what it spent and found,
 * the fastest configurations it measured with what it decided of each, and its trajectory (the
 * best figure so far against the device seconds spent, every round beneath) drawn from search.tsv. */
#include "report.h"
#include "report_draft.h"
#include "report_charts.h"
#include "plot_impl.h"
#include "store/rundir.h"
#include "lib/pctnear.h"
#include "lib/texttab.h"
#include "measure/rounds.h"
#include "store/jsonval.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The colour of the line where a stopped search was resumed: a grey, apart from the rounds' and the
 * incumbent's. */
#define RESUMED_COLOUR "#555555"
/* The budget's line: a dark red, apart from the resumed line's grey and the series. */
#define BUDGET_COLOUR "#8b0000"

/* trajectory_plot: dir/search.{tsv,gp,svg,png}; 0, 1 with nothing to draw, -1, *err and *full (the
 * want of room it failed for, or 0: gp_finish). */
static int trajectory_plot(const struct rundir *r, const struct table *t, const char *unit, const char *dir, char **err,
                           int *full)
{
    char *round_col = xasprintf("round_%s", unit), *best_col = xasprintf("best_%s", unit);
    int cr = table_col(t, round_col), cb = table_col(t, best_col), cs = table_col(t, "spent_s"), ok = table_col(t, "ok");
    int cw = table_col(t, "wall_s");
    free(round_col);
    free(best_col);
    if (cr < 0 || cb < 0 || cs < 0 || ok < 0 || t->nrows < 2) return 1;
    struct fig f = {0};
    gp_block(&f, "device seconds spent, the round's figure, the best figure after it");
    double lo = INFINITY, hi = 0, right = 0;
    for (int i = 0; i < t->nrows; i++) {
        double x = table_num(t, i, cs), y = table_num(t, i, cr), b = table_num(t, i, cb);
        if (strcmp(table_cell(t, i, ok), "1") || !(y > 0)) continue;
        sb_printf(&f.data, "%.6g\t%.6g\t%.6g\n", x, y, b);
        lo = fmin(lo, y);
        hi = fmax(hi, fmax(y, b));
        right = fmax(right, x);
    }
    if (!(hi > 0)) { sb_free(&f.data); return 1; }
    char *title = xasprintf("%s: the search's trajectory\n%s, driver %s", r->experiment, r->device, r->driver);
    gp_layout(&f, 1, 760, 440, title);
    int higher = strcmp(unit, "ms") != 0;    /* GFLOP/s and GB/s: higher is better; ms: lower */
    char *ylab = gp_axis_label(higher ? "throughput" : "time", unit);
    sb_printf(&f.body, "set xlabel \"device seconds spent (builds and rounds)\"\nset ylabel ");
    gp_str(&f.body, ylab);
    /* Below the plot: inside, it hid the rounds that fell in its corner. */
    sb_printf(&f.body, "\nset grid xtics ytics\nset key below\n");
    /* Where a stopped search was resumed: its wall_s starts again from the new process's start, so
     * a step whose wall_s is below the one before it is the resumed process's first; the line goes
     * at the device seconds spent when it stopped (rows of configurations measured on both sides of
     * it hold only the rounds after it: docs/search.md). */
    int resumed = 0;
    for (int i = 1; cw >= 0 && i < t->nrows; i++) {
        if (!(table_num(t, i, cw) < table_num(t, i - 1, cw))) continue;
        double at = table_num(t, i - 1, cs);
        sb_printf(&f.body, "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 2 lw 1.5 lc rgb \"%s\"\n", at, at, RESUMED_COLOUR);
        resumed++;
    }
    /* The budget, a line of its own: a search's x axis ran to 45 s against a 30 s budget with nothing
     * to say where the budget ended (a round under way when it runs out is finished, and the best's
     * confirming rounds go past it: docs/search.md). The axis reaches it where the search ended short. */
    double budget = json_num(runjson_part(&r->rj, RJ_SEARCH), "budget_s");
    if (budget > 0 && isfinite(budget)) {
        char b[32];
        sb_printf(&f.body, "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead lw 1.5 lc rgb \"%s\"\n", budget, budget,
                  BUDGET_COLOUR);
        sb_printf(&f.body, "set label \"the budget (%s s)\" at %.6g, graph 0.97 right offset -0.5, 0 tc rgb \"%s\"\n",
                  fmt_fig(b, sizeof b, budget), budget, BUDGET_COLOUR);
        if (budget > right) sb_printf(&f.body, "set xrange [0:%.6g]\n", budget * 1.04);
    }
    if (hi / lo > 30) {
        sb_printf(&f.body, "set logscale y\n");
        gp_log_tics(&f.body, "y", lo / 1.2, hi * 1.2);
    }
    /* The incumbent's figure is the median of its rounds so far: it moves as they come, either way (a
     * line titled "the best so far" fell from 12.7 to 9 GFLOP/s: said as what it is). */
    sb_printf(&f.body, "plot \"@DATA@.tsv\" index 0 using 1:2 with points pt 7 ps 0.7 lc rgb \"%s\" title \"each round\", "
                       "\"@DATA@.tsv\" index 0 using 1:3 with steps lw 2.5 lc rgb \"%s\" "
                       "title \"the incumbent's median so far (it moves as its rounds come in)\"",
               colours[2], colours[0]);
    /* The dashed line's key: a label beside it hid the incumbent's line, which runs along the top. */
    if (resumed)
        sb_printf(&f.body, ", NaN with lines dt 2 lw 1.5 lc rgb \"%s\" title \"where the search was stopped and resumed\"",
                  RESUMED_COLOUR);
    sb_printf(&f.body, "\n");
    int rc = gp_finish(&f, dir, PLOT_NAME_SEARCH, "The search's trajectory", err, full);
    sb_free(&f.data);
    sb_free(&f.body);
    free(title);
    free(ylab);
    return rc;
}

/* fastest_table: the configurations with a row, fastest first (at most 10): their figure, rounds
 * and what the search decided of each (the row's timing note). The best's row, where it holds fewer
 * rounds than the search measured of it (resumed: one process's), says its figure of all of them
 * beside its own (all: that figure in unit, else NAN): a best of 11.17 GFLOP/s stood
 * third in the table at its row's 8.308 with no word of why. */
static void fastest_table(FILE *out, const struct rundir *r, double all, double all_rounds, const char *unit)
{
    int c_note = table_col(&r->t, "timing_note"), c_rounds = table_col(&r->t, "rounds");
    /* The column of the unit the search ranked by: a spec that counts bytes alone has a gflops column
     * too, empty (ranked by it, the table of such a search was empty). */
    int col = !strcmp(unit, "GFLOP/s") ? r->c_gflops : !strcmp(unit, "GB/s") ? r->c_gbs : r->c_median;
    if (col < 0) col = r->c_median;
    int n = r->t.nrows, *ord = xmalloc(sizeof *ord * (size_t)(n + 1)), k = 0;
    for (int i = 0; i < n; i++)
        if (r->ok[i] && col >= 0 && table_num(&r->t, i, col) > 0) ord[k++] = i;
    int lower = col == r->c_median;
    /* Insertion sort: a search's rows are hundreds at most. */
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0; j--) {
            double a = table_num(&r->t, ord[j - 1], col), b = table_num(&r->t, ord[j], col);
            if (lower ? b < a : b > a) { int x = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = x; }
            else break;
        }
    struct texttab tt = {0};
    static const char *const head[] = { "configuration", "figure", "rounds", "what the search decided", NULL };
    tt_head(&tt, head);
    for (int i = 0; i < k && i < 10; i++) {
        int row = ord[i];
        const char *note = c_note >= 0 ? table_cell(&r->t, row, c_note) : "", *said = strstr(note, "search: ");
        char *said_md = tt_md_escape(said ? said + 8 : "");
        char *pt = rundir_point(r, row, 1);
        tt_cell(&tt, "%s %s%s%s", table_cell(&r->t, row, r->c_variant), table_cell(&r->t, row, r->c_build), *pt ? " " : "", pt);
        free(pt);
        char fig[32];
        const char *u = col == r->c_gflops ? "GFLOP/s" : col == r->c_gbs ? "GB/s" : "ms";
        if (isfinite(all) && !strcmp(u, unit) && said && !strncmp(said + 8, "the best ", 9)) {
            char whole[32];
            tt_cell(&tt, "%s %s (its row's; **%s %s** of all its %.0f rounds, the best's figure)", fmt_fig(fig, sizeof fig,
                    table_num(&r->t, row, col)), u, fmt_fig(whole, sizeof whole, all), u, all_rounds);
        } else tt_cell(&tt, "%s %s", fmt_fig(fig, sizeof fig, table_num(&r->t, row, col)), u);
        tt_cell(&tt, "%s", c_rounds >= 0 ? table_cell(&r->t, row, c_rounds) : "");
        tt_cell(&tt, "%s", said_md);
        free(said_md);
    }
    tt_print(&tt, out, 1);
    tt_free(&tt);
    free(ord);
}

/* best_said: the best found (stopped: so far), its figure with its row's standard error (time_se) where run.json's
 * search has one, and what the search said may make that figure wrong: a row flagged noisy (with the
 * command that measures it again alone), a next fastest not decided against it (search_pick.c). */
static void best_said(FILE *out, const cJSON *s, const char *unit, int stopped)
{
    char fig[32], pm[32];
    fprintf(out, " The best %s: **%s**, %s %s", stopped ? "so far" : "found", json_str(s, "best"),
            fmt_fig(fig, sizeof fig, json_num(s, "best_figure")), *unit ? unit : "ms");
    double rounds = json_num(s, "best_rounds"), row_rounds = json_num(s, "best_row_rounds");
    int has_se = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(s, "best_time_se"));
    if (has_se) fmt_pct_near(pm, sizeof pm, 100 * json_num(s, "best_time_se"), 100 * NOISY_SE);
    /* The figure is of every round (search.tsv's); the row's of one process's, after a resume fewer:
     * each said with what it covers. */
    if (row_rounds > 0 && row_rounds != rounds) {
        const cJSON *rf = cJSON_GetObjectItemCaseSensitive(s, "best_row_figure");
        fprintf(out, " (the median of its %.0f rounds, [search.tsv](search.tsv)'s; its row holds %.0f of them, one process's",
                rounds, row_rounds);
        if (cJSON_IsNumber(rf)) fprintf(out, ": %s %s", fmt_fig(fig, sizeof fig, rf->valuedouble), *unit ? unit : "ms");
        if (has_se) fprintf(out, " +/- %s, its `time_se`", pm);
        fprintf(out, ").");
    } else if (has_se) {
        fprintf(out, " +/- %s (the median of its %.0f rounds; +/- its standard error, its row's `time_se`).", pm, rounds);
    } else if (rounds > 0) fprintf(out, " (the median of its %.0f round%s).", rounds, rounds == 1 ? "" : "s");
    else fprintf(out, ".");                  /* a part read back from search.tsv that could not count them */
    const char *repeat = json_str(s, "best_may_not_repeat"), *unconfirmed = json_str(s, "best_not_confirmed");
    const char *again = json_str(s, "best_measure_again");
    /* run.json's words begin in lower case, as the console's lines go on after "the best: ". */
    if (*repeat) fprintf(out, " %c%s.", toupper((unsigned char)*repeat), repeat + 1);
    if (*unconfirmed) fprintf(out, " %c%s.", toupper((unsigned char)*unconfirmed), unconfirmed + 1);
    if (*again) fprintf(out, " Measure it again alone: `%s`.", again);
}

int report_search(FILE *out, const struct rundir *r, const struct report_draft *d, int *full)
{
    const cJSON *s = runjson_part(&r->rj, RJ_SEARCH);
    if (!cJSON_IsObject(s)) return 0;
    int drawn = 0;
    const char *unit = json_str(s, "unit");
    /* As the console says them: a share of a large space to two significant digits, the seconds as
     * figures ("1 of 62128 configurations measured (0.0%) in 1 rounds, 0.3 of a budget of 0.0 device
     * seconds" of run.json's 0.3085 and 0.001). */
    char share[32], spent[32], budget[32];
    double rounds_n = json_num(s, "rounds");
    /* A --budget P% search that ended before its first rounds priced the sweep (budget_s 0): its share,
     * not "of a budget of 0 device seconds", which read as none, spent many times over. */
    fmt_fig(spent, sizeof spent, json_num(s, "spent_s"));
    char *spent_of;
    if (json_num(s, "budget_share") > 0 && !(json_num(s, "budget_s") > 0))
        spent_of = xasprintf("%s device seconds of a budget of %.3g%% of the sweep, not priced: the search %s before its "
                             "first rounds priced the sweep", spent, 100 * json_num(s, "budget_share"),
                             rundir_search_stopped(r) ? "stopped" : "ended");
    else spent_of = xasprintf("%s of a budget of %s device seconds", spent, fmt_fig(budget, sizeof budget, json_num(s, "budget_s")));
    fprintf(out, "\n## The search\n\nThis run searched its space (`clx run --search`, docs/search.md) instead of sweeping it: "
                 "%.0f of %.0f configurations measured (%s) in %.0f round%s, %s (seed %.0f); %s.",
            json_num(s, "measured"), json_num(s, "space"),
            fmt_share_fine(share, sizeof share, json_long(s, "measured"), json_long(s, "space")), rounds_n,
            rounds_n == 1 ? "" : "s", spent_of, json_num(s, "seed"), json_str(s, "end"));
    free(spent_of);
    /* Killed in a launch by a stop (search_now.c): its supervisor wrote the part as the worker had
     * it; the race had not said its last word on any configuration still raced. */
    int killed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s, "killed"));
    if (killed)
        fprintf(out, " **Cut by the stop:** this is the search as it stood after its last round in search.tsv, as its "
                     "supervisor wrote it in run.json; `clx run --resume` goes on with it.");
    /* Stopped by ^C (its end "stopped") as well as killed: the race had not ended, its best is the best
     * so far, as its row says ("the best so far, stopped after 1 round"), not "the best found". */
    int stopped = rundir_search_stopped(r);
    if (*json_str(s, "best")) best_said(out, s, unit, stopped);
    fprintf(out, " Every round is in [search.tsv](search.tsv).\n\n");
    /* After a resume the best's figure is of rounds from two processes, its row's of one: the table
     * and the plots of the rows rank it by its row's, and say so. */
    double rounds = json_num(s, "best_rounds"), row_rounds = json_num(s, "best_row_rounds"), all = NAN;
    if (*json_str(s, "best") && row_rounds > 0 && row_rounds != rounds) {
        char fig[32];
        all = json_num(s, "best_figure");
        fprintf(out, "The fastest configurations measured, each by its row in results.tsv, as the plots of the rows draw them: "
                     "the best's row holds %.0f of its %.0f rounds, one process's (a stopped search resumed), so it may stand "
                     "below others here; its figure above, %s %s, is the median of all of them (search.tsv's, measured "
                     "before and after the stop), as the trajectory's incumbent ends:\n\n",
                row_rounds, rounds, fmt_fig(fig, sizeof fig, all), *unit ? unit : "ms");
    } else fprintf(out, "The fastest configurations measured:\n\n");
    fastest_table(out, r, all, rounds, *unit ? unit : "ms");
    char *p = path_join(r->dir, "search.tsv"), *err = NULL;
    struct table t;
    if (table_read(p, &t, &err) == 0) {
        const char *no_gp = plot_gnuplot_missing();
        int room = 0, rc = trajectory_plot(r, &t, *unit ? unit : "ms", d->plots, &err, &room);
        drawn = report_chart_state(rc, room, full);
        if (rc == 0)
            fprintf(out, "\n![the search's trajectory](plots/search.png)\n\n[SVG](plots/search.svg) · [data](plots/search.tsv) · "
                         "[script](plots/search.gp)\n");
        else if (rc < 0 && no_gp && drawn != REPORT_CHART_FULL)
            fprintf(out, "\n*No picture:* %s; its data and script are in `plots/` (search.*).\n", no_gp);
        else if (rc < 0) report_draft_not_drawn(out, d, err, drawn == REPORT_CHART_FULL);
        table_free(&t);
    } else fprintf(out, "\n*No trajectory:* %s.\n", err);
    free(err);
    free(p);
    return drawn;
}
