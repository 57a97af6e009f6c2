/* history_say.c — `clx history`'s console and history.md (history_say.h): the words around the
 * verdicts history_decide.c made, each said where compare says it (its modules' lines, numbered by
 * run), so that a history read alone does not pass a part of a sweep, another sweep's options or a
 * machine's load off as a drift of the code. */
#include "history_say.h"
#include "compare_apart.h"
#include "compare_copies.h"
#include "compare_declwork.h"
#include "compare_flags.h"
#include "compare_hostload.h"
#include "compare_noise.h"
#include "compare_outcome.h"
#include "compare_provenance.h"
#include "device/drvenv.h"
#include "store/rundevs.h"
#include "lib/texttab.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int decided(const struct cmp_cell *x) { return x->v.v == VERDICT_FASTER || x->v.v == VERDICT_SLOWER; }

/* tally: the cells of step s (or, s == j->n, the span) by verdict, count[4] those a stop cut short
 * (said apart: history_cut); returns the sum of their log speed-ups. */
static double tally(const struct cmp_join *j, const struct hist *h, int s, int count[5])
{
    const struct hist_step *w = &h->whole[s];
    double logsum = 0;
    memset(count, 0, 5 * sizeof *count);
    for (int k = 0; k < h->ncommon; k++) {
        const struct cmp_cell *x = s < j->n ? &h->step[k * j->n + s] : &h->span[k];
        count[history_cut(j, h->common[k], w->from, w->to) ? 4 : x->v.v]++;
        logsum += log(x->speedup);
    }
    return logsum;
}

static int any_cut(const struct cmp_join *j, const struct hist *h)
{
    for (int s = 1; s <= j->n; s++) {
        int count[5];
        tally(j, h, s, count);
        if (count[4]) return 1;
    }
    return 0;
}

/* steps_table: per step, the configurations its two runs share (what its noise and a move of the
 * whole run are measured over), the verdicts' counts of those in every run (and, where a stop cut
 * rows short, theirs apart) and their geometric-mean speed-up. */
static void steps_table(const struct cmp_join *j, const struct hist *h, struct texttab *t)
{
    int cut = any_cut(j, h);
    tt_head(t, (const char *const []){ "step", "from", "to", "shared", "SAME", "FASTER", "SLOWER", "UNSURE", NULL });
    if (cut) tt_head_add(t, "rounds-cut");
    tt_head_add(t, "speed-up");
    for (int s = 1; s < j->n; s++) {
        int count[5];
        double logsum = tally(j, h, s, count);
        char b[64];
        tt_cell(t, "%d -> %d", s, s + 1);
        tt_cell(t, "%.19s", j->side[s - 1].r->started);
        tt_cell(t, "%.19s", j->side[s].r->started);
        tt_cell(t, "%d", h->whole[s].n);
        for (int v = 0; v < 4 + cut; v++) tt_cell(t, "%d", count[v]);
        tt_cell(t, "%s", cmp_ratio_said(b, sizeof b, exp(logsum / h->ncommon)));
    }
}

/* drift_table: the configurations whose last run is decided FASTER or SLOWER than their first, on
 * rows no stop cut short. */
static void drift_table(const struct cmp_join *j, const struct hist *h, struct texttab *t)
{
    const struct rundir *a = j->side[0].r;
    tt_head(t, (const char *const []){ "variant", "build", "point", "first ms", "last ms", "speed-up", "verdict", NULL });
    for (int k = 0; k < h->ncommon; k++) {
        const struct cmp_cell *x = &h->span[k];
        int c = h->common[k];
        if (!decided(x) || history_cut(j, c, 0, j->n - 1)) continue;
        int i0 = j->where[c * j->n], il = j->where[c * j->n + j->n - 1];
        char *pt = rundir_point(a, i0, 1), b[64];
        tt_cell(t, "%s", table_cell(&a->t, i0, a->c_variant));
        tt_cell(t, "%s", table_cell(&a->t, i0, a->c_build));
        tt_cell(t, "%s", *pt ? pt : "-");
        tt_cell(t, "%s", table_cell(&a->t, i0, a->c_median));
        tt_cell(t, "%s", table_cell(&j->side[j->n - 1].r->t, il, j->side[j->n - 1].r->c_median));
        tt_cell(t, "%s", cmp_ratio_said(b, sizeof b, x->speedup));
        tt_cell(t, "%s%s", verdict_name(x->v.v), x->clock ? " (clock)" : "");
        free(pt);
    }
}

/* declared_work: each step's runs (and, with three runs or more, the first and the last) that ran the
 * same kernels under specs that declare other work: compared by time a launch, said so
 * (compare_declwork.h), as compare says it under its side's table. */
static void declared_work(FILE *out, const struct cmp_join *j, int md)
{
    for (int s = 1; s <= j->n && j->n > 1; s++) {
        int from = s < j->n ? s - 1 : 0, to = s < j->n ? s : j->n - 1;
        if (s == j->n && j->n == 2) break;            /* two runs: the span is the one step */
        char an[32], bn[32];
        snprintf(an, sizeof an, "run %d", from + 1);
        snprintf(bn, sizeof bn, "run %d", to + 1);
        char *note = cmp_declwork_note(j, from, to, an, bn);
        if (note && md) fprintf(out, "\n**Note:** %c%s.\n", toupper((unsigned char)*note), note + 1);
        else if (note) fprintf(out, "clx: history: %s\n", note);
        free(note);
    }
}

/* moved: where step s's later run moved as a whole against its earlier one as a run's level would
 * (runs of one setup), compare's words for it (compare_noise.c) after `lead`, and 1; nothing and 0
 * otherwise. */
static int moved(FILE *out, const struct hist *h, int s, const char *lead)
{
    const struct hist_step *w = &h->whole[s];
    char label[32], ref[32];
    snprintf(label, sizeof label, "run %d", w->to + 1);
    snprintf(ref, sizeof ref, "run %d", w->from + 1);
    struct noise_said n = { .label = label, .ref = ref, .runs = 2, .ncommon = w->n, .move = w->move,
                            .same_setup = w->same_setup };
    return compare_say_level(out, lead, &n);
}

/* loads: where step s's runs (s == j->n: the first and the last) ran under clearly different host
 * loads and the later moved against the earlier (FASTER or SLOWER verdicts, or as a whole), that
 * said (compare_hostload.h). */
static void loads(FILE *out, const struct cmp_join *j, const struct hist *h, int s, int md)
{
    const struct hist_step *w = &h->whole[s];
    char bn[32], an[32];
    snprintf(bn, sizeof bn, "run %d", w->to + 1);
    snprintf(an, sizeof an, "run %d", w->from + 1);
    /* Over all the two runs have: where that is more than the configurations in every run, the count
     * said, or its verdicts read as another count of the same ones as the history's own. */
    struct run_shift move = w->move;
    move.of = w->n != h->ncommon ? w->n : 0;
    cmp_hostload_say(out, "history", j->side[w->from].r, an, j->side[w->to].r, bn, &move, md);
}

/* runs: a line (or markdown row) per run: folder, start, driver, clx, its command where the runs'
 * differ (always in markdown, as compare.md's sides), its rows that did not pass and its stop. */
static void runs(FILE *out, const struct cmp_join *j, const struct cmp_status *st, int md)
{
    int commands = cmp_commands_differ(j), searches = 0;
    for (int s = 0; s < j->n; s++) searches |= rundir_is_search(j->side[s].r);
    /* A texttab, whose Markdown escapes what would end a cell: a command's '|' (--set 'X=1|2'). */
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "run", "folder", "started", "driver", "clx", "command", "did not pass, skipped",
                                        "not finished", searches ? "what the search found" : NULL, NULL });
    for (int s = 0; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        char *some = cmp_status_side(st, s), *said = cmp_status_side_said(st, s), *stop = rundir_stopped_short(r);
        /* A search's runs are told apart by what each found: its rows are those its race measured. */
        char *best = rundir_search_best(r);
        /* As it ran: with the variable its device needs (RUSTICL_ENABLE), which the argv lacks. */
        char *cmd = r->command && *r->command ? drvenv_command_run(&r->rj) : xstrdup("-");
        if (md) {
            tt_cell(&t, "%d", s + 1);
            /* As compare.md's sides: the file is read later, from anywhere (the folder as given was
             * relative to where clx history ran). The console's reader is where it was typed. */
            char *folder = cmp_side_folder(r, 1);
            tt_cell(&t, "%s", folder);
            free(folder);
            tt_cell(&t, "%s", r->started);
            tt_cell(&t, "%s", r->driver);
            tt_cell(&t, "%s", r->clx_version);
            tt_cell(&t, "`%s`", cmd);
            tt_cell(&t, "%s", *some ? some : "-");
            tt_cell(&t, "%s", stop ? stop : "-");
            if (searches) tt_cell(&t, "%s", best ? best : rundir_is_search(r) ? "none measured" : "- (a sweep)");
        } else
            fprintf(out, "  %d  %s  (%s, driver %s, clx %s%s%s%s%s%s%s)\n%s%s%s", s + 1, r->dir, r->started, r->driver,
                    r->clx_version, *said ? "; " : "", said, stop ? "; " : "", stop ? stop : "", best ? "; a search, " : "",
                    best ? best : "", commands ? "     made by: " : "", commands ? cmd : "", commands ? "\n" : "");
        free(best);
        free(cmd);
        free(some);
        free(said);
        free(stop);
    }
    if (md) {
        fputc('\n', out);
        tt_print(&t, out, 1);
    }
    tt_free(&t);
}

/* lacks: each run that lacks configurations other runs measured, what it lacks (compare_apart.c). */
static void lacks(FILE *out, const struct cmp_join *j, const struct cmp_status *st, int md)
{
    for (int s = 0; s < j->n; s++) {
        char *what = cmp_side_lacks(j, st->listed, s);
        if (what && md) fprintf(out, "\n**Run %d lacks** %s (under \"Measured in some runs only\").\n", s + 1, what);
        else if (what) fprintf(out, "clx: history: run %d lacks %s (history.md lists them)\n", s + 1, what);
        free(what);
    }
}

void history_say(FILE *out, const struct cmp_join *j, const struct hist *h, const struct cmp_status *st,
                 const struct verdict_rule *rule, int md)
{
    const struct rundir *a = j->side[0].r;
    char *devs = rundevs_words(&a->rj, 0);     /* a --split-any's several, its runs all of the same (history.c) */
    fprintf(out, md ? "# History of %s on %s\n\n" : "clx: history of %s on %s: ", a->experiment, devs);
    free(devs);
    /* The console said it first, as each run was read (compare_join.c). */
    for (int k = 0; md && k < j->nruns; k++) rundir_merging_md(out, &j->runs[k]);
    fprintf(out, "%d runs from %.19s to %.19s, %d configuration%s measured in every one", j->n, a->started,
            j->side[j->n - 1].r->started, h->ncommon, h->ncommon == 1 ? "" : "s");
    char *sides = cmp_status_sides(j, st, 1), *said = cmp_status_said(st, 1);
    if (st->n) fprintf(out, "; %d %s (%s), not among them", st->n, said, sides);
    free(said);
    /* Configurations some run has no row of (another sweep's options, a run that did not finish):
     * in no verdict, and which run lacks them said below rather than left out without a word. */
    if (st->nmissing) fprintf(out, "; %d measured in some runs only, in no verdict (what each run lacks: %s)", st->nmissing,
                              md ? "below" : "the lines below");
    free(sides);
    fprintf(out, ".\n");
    runs(out, j, st, md);
    /* The console said them as the runs were joined (compare_join.c). */
    if (md) cmp_copies_say(out, j->runs, j->copy_of, j->nruns, NULL, 1);
    cmp_say_stops(out, j, 1, md);
    cmp_say_setups(out, j, 1, md);
    declared_work(out, j, md);
    lacks(out, j, st, md);
    if (st->n && md) {
        struct texttab t = {0};
        cmp_status_table(j, st, 1, &t);
        fprintf(out, "\n## %s\n\n", st->nskip == st->n ? "Skipped in some run" : st->nskip ? "Did not pass or skipped "
                     "in some run" : "Did not pass in some run");
        if (st->nskip < st->n)
            fprintf(out, "A row that did not pass (FAIL: its output was not the expected one; error, crashed, timeout, "
                         "build-failed, stopped: it has no time; " CMP_APART_SAID ") has no verdict. ");
        if (st->nskip)
            fprintf(out, "A row skipped (the run did not run it; results.tsv's note says why) has no time either; a "
                         "configuration every run skipped is not listed. ");
        fprintf(out, "These are in no verdict below and no point of the plot; history.tsv has these configurations "
                     "after the others, with each run's status (status_1, ...). Each run's row of them:\n\n");
        tt_print(&t, out, 1);
        tt_free(&t);
    } else if (st->n) {
        cmp_status_print(out, j, st, 1, "history.md");
    }
    /* Rows flagged so that their verdicts are of something else (the cache, the launch, another clx
     * beside them), said as compare says them: a history's drift read as the code's where run 2 was
     * timed beside another clx. */
    cmp_flags_say_history(out, j, h->common, h->ncommon, md);
    struct texttab steps = {0}, drift = {0};
    steps_table(j, h, &steps);
    drift_table(j, h, &drift);
    /* "shared 12 | ... UNSURE 8": the 4 left out of the verdicts are said on the console as in history.md. */
    if (md) fprintf(out, "\n## Between consecutive runs\n\n");
    else {
        /* Per launch across a step whose specs declare other work for the same kernels (cmp_basis_said). */
        char *basis = cmp_basis_said(j, CMP_CONSECUTIVE, 0);
        fprintf(out, "\nVerdicts between consecutive runs (speed-up %s, geometric mean; >1 = the later run "
                     "faster; under 1, the slowdown beside it; the verdicts are of the %d configuration%s in every run, "
                     "shared counts all those a step's two runs share, which its noise floors come from):\n", basis,
                h->ncommon, h->ncommon == 1 ? "" : "s");
        free(basis);
    }
    if (md) fprintf(out, "The verdicts are of the configurations in every run; each step's noise floors come from all "
                         "those its two runs share (shared; docs/compare.md, History)%s.\n\n",
                    any_cut(j, h) ? "; a verdict on a row a stop cut short is counted under rounds-cut, not decided" : "");
    tt_print(&steps, out, md);
    /* With two runs the span is the one step: said once, below. */
    for (int s = 1; s < j->n && j->n > 2; s++) {
        char lead[64];
        snprintf(lead, sizeof lead, md ? "\n**%d -> %d:** " : "  %d -> %d: ", s, s + 1);
        if (moved(out, h, s, lead)) fprintf(out, md ? ".\n" : "\n");
    }
    /* Each step's runs under other host loads (a CPU device's); the first and last's with the drift. */
    for (int s = 1; s < j->n; s++) loads(out, j, h, s, md);
    int count[5];
    char me[32];
    tally(j, h, j->n, count);
    fprintf(out, md ? "\n## Drift: the last run against the first\n\n%d SAME, %d FASTER, %d SLOWER, %d UNSURE (alpha %.2g, "
                      "min-effect %s)" : "\nThe last run against the first: %d SAME, %d FASTER, %d SLOWER, %d UNSURE "
                      "(alpha %.2g, min-effect %s)", count[0], count[1], count[2], count[3], rule->alpha,
            fmt_pct(me, sizeof me, 100 * rule->min_effect));
    /* Runs of the same kernels whose specs declare other work: the drift's speed-ups are of times. */
    char *timed = cmp_declwork_short(j, 0, j->n - 1);
    if (timed) fprintf(out, "; %s", timed);
    free(timed);
    /* A verdict on rows a stop cut short stands on rounds the run did not finish: not a drift. */
    if (count[4])
        fprintf(out, "; %d on rows a stop cut short (rounds-cut), not decided: clx run --resume measures them again", count[4]);
    moved(out, h, j->n, "; ");
    fprintf(out, "%s", drift.nrows ? (md ? "; the configurations that drifted:\n\n" : "; drifted:\n") : ".\n");
    if (drift.nrows) tt_print(&drift, out, md);
    if (j->n > 2) loads(out, j, h, j->n, md);
    tt_free(&steps);
    tt_free(&drift);
    if (md && st->nmissing) {
        struct texttab missing = {0};
        cmp_missing_table(j, st->listed, 1, &missing);
        fprintf(out, "\n## Measured in some runs only\n\nIn no verdict: each configuration some run has no row of, "
                     "with the runs that measured it.\n\n");
        tt_print(&missing, out, 1);
        tt_free(&missing);
    }
}
