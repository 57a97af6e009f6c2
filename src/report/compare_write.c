/* compare_write.c — `clx compare`'s files: compare.tsv, compare.md, the bar plots (compare_write.h). */
#include "compare_write.h"
#include "compare_search.h"
#include "report_draft.h"
#include "compare_apart.h"
#include "compare_builds.h"
#include "compare_chartwords.h"
#include "compare_copies.h"
#include "compare_declwork.h"
#include "compare_energy.h"
#include "compare_flags.h"
#include "compare_hostload.h"
#include "compare_solceil.h"
#include "compare_provenance.h"
#include "compare_sol.h"
#include "compare_result.h"
#include "compare_samebin.h"
#include "compare_status.h"
#include "compare_work.h"
#include "store/columns.h"
#include "store/rundevs.h"
#include "plot.h"
#include "store/results.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* side_cells: side s's row i (-1: none) as compare.tsv's columns of that side: its median time,
 * GFLOP/s, GB/s, share of its speed of light and bound (empty for a row that did not pass: its time
 * is of a kernel that gave a wrong answer, of none, or, flagged IMPOSSIBLE or sol>100, not of its
 * work), its status (a flagged row's flag: cmp_row_word), and whether a stop cut its rounds short. */
static void side_cells(const struct rundir *r, int i, struct strlist *v)
{
    int measured = i >= 0 && cmp_row_result(r, i);
    sl_push(v, measured ? table_cell(&r->t, i, r->c_median) : "");
    sl_push(v, measured ? table_cell(&r->t, i, r->c_gflops) : "");
    sl_push(v, measured ? table_cell(&r->t, i, r->c_gbs) : "");
    /* Each side's share of its own speed of light (empty for a run before it). */
    sl_push(v, measured ? table_cell(&r->t, i, table_col(&r->t, COLUMN(sol_pct))) : "");
    sl_push(v, measured ? table_cell(&r->t, i, table_col(&r->t, COLUMN(bound))) : "");
    sl_push(v, i >= 0 ? cmp_row_word(r, i) : "");
    sl_push(v, i < 0 ? "" : rundir_row_cut(r, i) ? "yes" : "no");     /* no row: nothing to cut */
}

/* id_cells: what picks configuration row i of r, in the same leading columns whatever is compared
 * along (variant, params, build, the launch axes), so that a script finds them in one place: the
 * column compared along "(each)" (the variant as the tables say it: "VEC=4,ILP=(each)",
 * "(each):EXTRA=2"), params what of the variant every side shares (cmp_row_shared). */
static void id_cells(const struct cmp_join *j, const struct rundir *r, int i, struct strlist *v)
{
    for (int q = 0; q < r->id_names.n; q++) {
        if (q == 0) {
            sl_push_own(v, j->along == 0 ? cmp_variant_said(j, r, i) : xstrdup(table_cell(&r->t, i, r->id_col[0])));
            sl_push_own(v, cmp_row_shared(j, r, i));
        } else {
            sl_push(v, q == j->along ? "(each)" : table_cell(&r->t, i, r->id_col[q]));
        }
    }
}

/* cmp_write_tsv: its columns are documented in docs/compare.md ("compare.tsv"), which
 * tests/e2e/compare_tsv.sh checks against the header written. */
void cmp_write_tsv(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, const char *dir,
                   int *werr)
{
    const struct rundir *a = j->side[0].r;
    struct tsv_out tsv;
    char *path = path_join(dir, "compare.tsv");
    if (tsv_open(&tsv, path)) { *werr = errno ? errno : EIO; free(path); return; }
    tsv.unsaid = 1;                 /* said with the comparison's other files (draftflow.c) */
    struct strlist head = {0};
    /* Every identifying column, whatever is compared along, and params after the variant: the
     * leading columns a script reads are the same in every comparison (id_cells). */
    for (int k = 0; k < a->id_names.n; k++) {
        sl_push(&head, a->id_names.v[k]);
        if (k == 0) sl_push(&head, "params");
    }
    static const char *const mine[] = { "median_ms", "gflops", "gbs", "sol_pct", "bound", "status", "rounds_cut" };
    for (int s = 0; s < j->n; s++)
        for (size_t q = 0; q < sizeof mine / sizeof *mine; q++) sl_push_own(&head, xasprintf("%s_%c", mine[q], 'A' + s));
    /* verdict_note last of a side's: added after the others, whose places it leaves as they were. */
    static const char *const per[] = { "time_ratio", "speedup", "verdict", "p", "floor", "paired", "verdict_note",
                                       "work_ratio" };
    for (int s = 1; s < j->n; s++)
        for (size_t q = 0; q < sizeof per / sizeof *per; q++) sl_push_own(&head, xasprintf("%s_%c", per[q], 'A' + s));
    cmp_energy_head(j, &head);
    tsv_header(&tsv, &head);
    for (int k = 0; k < o->ncommon; k++) {
        int c = o->common[k], ia = j->where[c * j->n];
        struct strlist v = {0};
        id_cells(j, a, ia, &v);
        for (int s = 0; s < j->n; s++) side_cells(j->side[s].r, j->where[c * j->n + s], &v);
        for (int s = 1; s < j->n; s++) {
            const struct rundir *r = j->side[s].r;
            const struct cmp_cell *x = &o->cell[k * j->n + s];
            /* Of the replicates the speed-up stands on, so that time_ratio = work_ratio / speedup in
             * every row: the medians' ratio is of all rounds, the paired verdict's of those both took. */
            sl_push_own(&v, xasprintf("%.6g", cmp_cell_time_ratio(x)));
            sl_push_own(&v, xasprintf("%.6g", x->speedup));
            sl_push(&v, verdict_name(x->v.v));      /* the word alone: its qualifiers in verdict_note */
            sl_push_own(&v, plain_decimal(x->v.p));
            sl_push_own(&v, plain_decimal(x->v.floor));
            sl_push(&v, x->paired ? "yes" : "no");
            int cut = rundir_row_cut(a, ia) || rundir_row_cut(r, j->where[c * j->n + s]);
            sl_push(&v, cmp_cell_note(x, cut));
            sl_push_own(&v, isnan(x->work_ratio) ? xstrdup("") : xasprintf("%.6g", x->work_ratio));
        }
        cmp_energy_cells(j, c, &v);
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    /* Then the configurations that did not pass on some side: each side's status, no verdict (there
     * is no time of the same work to put beside), so that no reader counts them as fewer rows. */
    for (int k = 0; k < st->n; k++) {
        struct strlist v = {0};
        int s0, i0;
        cmp_status_where(j, st, k, &s0, &i0);
        id_cells(j, j->side[s0].r, i0, &v);
        for (int s = 0; s < j->n; s++) side_cells(j->side[s].r, st->row[k * j->n + s], &v);
        while (v.n < head.n) sl_push(&v, "");
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    if (tsv_close(&tsv)) *werr = errno ? errno : EIO;
    sl_free(&head);
    free(path);
}

/* bar_verdict: the verdict every configuration of group g had on side s, else their counts
 * (cmp_verdicts_said); a new string. */
static char *bar_verdict(const struct group *g, int s)
{
    return cmp_verdicts_said(&g->count[s * 4]);
}

/* cmp_draw: the speed-up bars (geometric mean per group and side, each with its verdict) and, with
 * two sides, the verdicts' counts per group. 0, or -1 with *dr. */
int cmp_draw(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, const char *dir,
             struct draft_drawn *dr)
{
    const struct rundir *a = j->side[0].r;
    char *sub = cmp_chart_subtitle(j, o, st, 0), *spsub = cmp_chart_subtitle(j, o, st, 1);
    /* What the bars are of (cmp_basis_said): per launch for runs whose specs declare other work for the
     * same kernels, and where only some sides are, which are which, in the title and the key. */
    char *basis = cmp_basis_said(j, CMP_AGAINST_A, 0);
    int mixed = cmp_basis_timed(j, CMP_AGAINST_A) && cmp_basis_timed(j, CMP_AGAINST_A) < j->n - 1;
    char *title = mixed ? xasprintf("speed-up against A, %s (geometric mean over the configurations in common)", basis)
                        : xasprintf("speed-up %s against A (geometric mean over the configurations in common)", basis);
    char *ylabel = xasprintf("speed-up %s (geometric mean)", mixed ? "per unit of work or per launch" : basis);
    struct bar_chart sp = { .name = "speedup", .title = title, .subtitle = spsub, .ylabel = ylabel, .ref = 1 };
    struct bar_chart vc = { .name = "verdicts", .title = "verdicts per variant and build against A", .subtitle = sub,
                            .ylabel = "configurations", .ref = NAN, .counts = 1 };
    /* Sides on other drivers or devices are named in the legend: "B" alone says nothing there. */
    for (int s = 1; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        const char *per = !mixed ? "" : cmp_timed(j, 0, s) ? " (per launch)" : " (per unit of work)";
        if (strcmp(r->platform, a->platform)) sl_push_own(&sp.series, xasprintf("%s: %s%s", j->side[s].label, r->platform, per));
        else if (cmp_other_device(j, 0, s) & CMP_OTHER_DEVICE) {
            /* Its device, or (a --split-any's) its several, whose first may be A's. */
            char *dev = rundevs_words(&r->rj, 0);
            sl_push_own(&sp.series, xasprintf("%s: %s%s", j->side[s].label, dev, per));
            free(dev);
        }
        else sl_push_own(&sp.series, xasprintf("%s%s", j->side[s].label, per));
    }
    for (int v = 0; v < 4; v++) sl_push(&vc.series, verdict_name((enum speed_verdict)v));
    /* In enum speed_verdict's order (SAME, FASTER, SLOWER, UNSURE): the palette's own order gave
     * SLOWER its green and FASTER its vermillion. */
    static const char *const verdict_colour[4] = { "#999999", "#009E73", "#D55E00", "#56B4E9" };
    vc.series_colour = verdict_colour;
    size_t nbars = (size_t)(o->ng + 1) * (size_t)j->n;
    sp.value = xcalloc(nbars, sizeof *sp.value);
    const char **verdict = xcalloc(nbars, sizeof *verdict);
    struct strlist said = {0};
    int *decided = xcalloc(nbars, sizeof *decided), *rows = xcalloc(nbars, sizeof *rows);
    sp.verdict = verdict;
    sp.decided = decided;
    sp.rows = rows;
    vc.value = xcalloc((size_t)(o->ng + 1) * 4, sizeof *vc.value);
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < o->ng; i++) {
        const struct group *g = &o->g[i];
        sl_push_own(&sp.groups, cmp_chart_group(g));
        sl_push_own(&vc.groups, cmp_chart_group(g));
        for (int s = 1; s < j->n; s++) {
            double gm = exp(g->logsum[s] / g->n);
            int k = i * (j->n - 1) + (s - 1);
            sp.value[k] = gm;
            sl_push_own(&said, bar_verdict(g, s));
            verdict[k] = said.v[said.n - 1];
            decided[k] = g->count[s * 4 + VERDICT_FASTER] + g->count[s * 4 + VERDICT_SLOWER];
            rows[k] = g->n;
            lo = fmin(lo, gm);
            hi = fmax(hi, gm);
        }
        for (int v = 0; v < 4; v++) vc.value[i * 4 + v] = g->count[1 * 4 + v];
    }
    sp.ylog = hi / lo > 20;
    int rc = plot_bars(&sp, dir, &dr->err, &dr->full);
    sl_push(rc ? &dr->undrawn : &dr->drawn, "speedup.png");
    /* A stop after the first picture draws no second (CLX_STOP_AFTER_PLOTS=1 stops here); one that
     * failed neither: the second is named not drawn with it. Without gnuplot the second still gets
     * its data and script, as every plot of a report does (gnuplot verdicts.gp draws it later). */
    if (j->n == 2 && (rc || !report_draft_stopped(1))) {
        /* After a first that failed (gnuplot missing) its error stands: the second's, the same words,
         * is dropped. */
        char *again = NULL;
        int drawn = (!rc || (plot_gnuplot_missing() && !dr->full)) &&
                    plot_bars(&vc, dir, rc ? &again : &dr->err, &dr->full) == 0;
        free(again);
        sl_push(drawn ? &dr->drawn : &dr->undrawn, "verdicts.png");
        rc = rc || dr->undrawn.n ? -1 : 0;
    }
    free(sp.value); free(vc.value);
    free(verdict); free(decided); free(rows);
    sl_free(&said);
    free(spsub);
    free(basis);
    free(title);
    free(ylabel);
    sl_free(&sp.groups); sl_free(&sp.series); sl_free(&vc.groups); sl_free(&vc.series);
    free(sub);
    return rc;
}

/* The heading of compare.md's section of the listed configurations (cmp_status_said's kinds). */
static const char *listed_heading(const struct cmp_status *st)
{
    return st->nskip == st->n ? "Skipped on some side" : st->nskip ? "Did not pass or skipped on some side"
                                                                   : "Did not pass on some side";
}

/* did_not_pass: compare.md's section of the configurations that did not pass on some side, or that
 * some side measured and another skipped. */
static void did_not_pass(FILE *md, const struct cmp_join *j, const struct cmp_status *st)
{
    struct texttab t = {0};
    cmp_status_table(j, st, 0, &t);
    char *worse = cmp_status_worse(j, st);
    fprintf(md, "\n## %s\n\n", listed_heading(st));
    if (st->nskip < st->n)
        fprintf(md, "A row that did not pass (FAIL: its output was not the expected one; error, crashed, timeout, "
                    "build-failed, stopped: it has no time; " CMP_APART_SAID ") has no verdict. ");
    if (st->nskip)
        fprintf(md, "A row skipped (the run did not run it: more than the host's or the device's memory holds, a "
                    "work-group past the device's limit, the spec's requires; results.tsv's note says why) has no time "
                    "either: where A measured it and another run skipped it, that run lost it; a configuration every "
                    "side skipped is not listed (nothing was measured, nothing lost). ");
    fprintf(md, "These configurations are in none of the verdicts below, and they are no configurations measured on "
                "some sides only. Each side's row of them:%s%s%s\n\n", worse ? " **" : "", worse ? worse : "",
            worse ? "** (clx compare --fail-on fails on these)." : "");
    tt_print(&t, md, 1);
    free(worse);
    tt_free(&t);
}

void cmp_write_md(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st,
                  const struct compare_opts *co, const char *dir, int plot_failed, const char *perr, int *werr)
{
    const struct rundir *a = j->side[0].r;
    char *path = path_join(dir, "compare.md"), *tmp = xasprintf("%s.tmp", path);
    FILE *md = fopen(tmp, "w");
    if (!md) { *werr = errno ? errno : EIO; free(path); free(tmp); return; }
    fprintf(md, "# %s: %s", a->experiment, j->side[0].label);
    for (int s = 1; s < j->n; s++) fprintf(md, " vs %s", j->side[s].label);
    fprintf(md, "\n\n");
    /* As the console's first line (compare_join.c): a merge writing a run as it was read. */
    for (int k = 0; k < j->nruns; k++) rundir_merging_md(md, &j->runs[k]);
    cmp_print_sides(md, j, 1);
    cmp_print_timers(md, j, 1);
    cmp_say_stops(md, j, 0, 1);
    cmp_say_setups(md, j, 0, 1);
    cmp_flags_say(md, j, o, 1);
    cmp_copies_say(md, j->runs, j->copy_of, j->nruns, NULL, 1);
    fprintf(md, "\n%d configurations were measured on every side", o->ncommon);
    if (j->along >= 0) fprintf(md, " (compared along %s)", j->along_name);
    char *sides = cmp_status_sides(j, st, 0), *said = cmp_status_said(st, 0);
    if (st->n) fprintf(md, "; %d %s (%s: under \"%s\")", st->n, said, sides, listed_heading(st));
    free(sides);
    free(said);
    if (st->nmissing) fprintf(md, "; %d were measured on some sides only (the last section)", st->nmissing);
    fprintf(md, ".\n");
    char *lacks = cmp_unended_lacks(j, st->listed);
    if (lacks) fprintf(md, "\n**%s** (clx compare --fail-on fails on these: a run that holds part of its sweep never showed them pass).\n", lacks);
    free(lacks);
    char *cut = cmp_cut_rows(j);
    if (cut) fprintf(md, "\n**%s** (clx compare --fail-on fails on these: their verdicts, marked (rounds-cut) below, "
                         "stand on fewer rounds than the run asked).\n", cut);
    free(cut);
    /* A's own: the baseline's verdicts are weaker than they look; the gate passes them (why: cmp_cut_rows_a). */
    char *acut = cmp_cut_rows_a(j, NULL);
    if (acut) fprintf(md, "\n**%s** (clx compare --fail-on does not fail on these: A is the baseline, not what is under "
                          "test; their verdicts, marked (rounds-cut) below, are UNSURE more often than whole rows' would be, "
                          "and A's resume, said with its stop, measures them whole).\n", acut);
    free(acut);
    char *unsided = cmp_status_unsided(j, st);
    if (unsided) fprintf(md, "\n**Not compared:** %s.\n", unsided);
    free(unsided);
    if (st->n) did_not_pass(md, j, st);
    /* "Speed-up per launch" where the runs' specs declare other work for the same kernels (cmp_basis_said). */
    char *basis = cmp_basis_said(j, CMP_AGAINST_A, 0), me[32];
    fprintf(md, "\n## Verdicts against A\n\nEach configuration: SAME, FASTER, SLOWER or UNSURE (docs/compare.md): "
                "FASTER or SLOWER when the difference is at least %s (--min-effect), beyond the configuration's noise "
                "floor and the rank test over its rounds gives p < %.2g (--alpha). Speed-up %s (>1 = faster than A; "
                "under 1, the slowdown beside it, >1 = slower); geometric means, the decided ones' only where they all went "
                "one way, with how many of the row's they are where not all (`26.3x (1 of 2)`) (both ways: how many went "
                "each way, and how far).\n\n",
            fmt_pct(me, sizeof me, 100 * co->rule.min_effect), co->rule.alpha, basis);
    free(basis);
    for (int s = 1; s < j->n; s++) {
        struct texttab t = {0};
        cmp_summary_table(o, s, &t);
        fprintf(md, "### %s\n\n", j->side[s].label);
        cmp_search_lines(md, j, o, s, 1);       /* each a paragraph, before the table */
        tt_print(&t, md, 1);
        fprintf(md, "\n");
        if (cmp_builds_line(md, o, s, 1)) fprintf(md, "\n");
        cmp_work_line(md, j, o, s, 1);
        cmp_samebin_line(md, j, o, s, 1);
        cmp_samebin_sides_line(md, j, o, s, 1);
        cmp_noise_line(md, j, o, s, &co->rule);
        cmp_hostload_line(md, j, o, s, 1);
        cmp_energy_line(md, j, o->common, o->ncommon, s);
        fprintf(md, "\n");
        tt_free(&t);
    }
    if (!plot_failed) {
        fprintf(md, "![speed-up against A](speedup.png)\n\n[SVG](speedup.svg) · [data](speedup.tsv) · [script](speedup.gp)\n");
        if (j->n == 2) fprintf(md, "\n![verdicts](verdicts.png)\n\n[SVG](verdicts.svg) · [data](verdicts.tsv)\n");
    } else {
        /* The speed-up's chart drawn where only the verdicts' was not (a full disk's): linked still. */
        char *svg = path_join(dir, "speedup.svg");
        if (j->n == 2 && file_exists(svg))
            fprintf(md, "![speed-up against A](speedup.png)\n\n[SVG](speedup.svg) · [data](speedup.tsv) · [script](speedup.gp)\n\n");
        free(svg);
        const char *no_gp = plot_gnuplot_missing();
        if (no_gp && perr && !strcmp(perr, no_gp))
            fprintf(md, "**%s:** %s; %s\n", j->n == 2 ? "Plots not drawn" : "Plot not drawn", perr,
                    j->n == 2 ? "their data and scripts are here (`gnuplot speedup.gp` and `gnuplot verdicts.gp` draw them)."
                              : "its data and script are here (`gnuplot speedup.gp` draws it).");
        else
            fprintf(md, "**Plot not drawn:** %s\n", perr);
    }
    struct texttab rows = {0}, missing = {0};
    cmp_rows_table(j, o, &rows);
    fprintf(md, "\n## Every configuration in common\n\ncompare.tsv has each side's median time, GFLOP/s and GB/s, the "
                "time ratios, p and the noise floor, each side's status and whether a stop cut its rounds short "
                "(rounds_cut_A, ...), then the configurations that did not pass on some side or were skipped on one "
                "(docs/compare.md has its columns).%s\n\n",
            cmp_any_cut(j, o) ? " A verdict marked (rounds-cut) is of a row a stop cut short on some side: it stands on "
                                "fewer rounds than the run asked." : "");
    tt_print(&rows, md, 1);
    cmp_sol_dashes_note(md, j, o->common, o->ncommon);
    cmp_solceil_note(md, j, o->common, o->ncommon);
    cmp_missing_table(j, st->listed, 0, &missing);
    if (missing.nrows) {
        fprintf(md, "\n## Measured on some sides only\n\n");
        tt_print(&missing, md, 1);
    }
    tt_free(&rows);
    tt_free(&missing);
    /* Said with the comparison's other files (draftflow.c), in the errno's words. */
    errno = 0;
    if (ferror(md) | fclose(md) || rename(tmp, path)) {
        *werr = errno ? errno : EIO;
        remove(tmp);
    }
    free(path);
    free(tmp);
}
