/* compare.c — `clx compare`: the sides compare_join.c puts together, a verdict per configuration
 * and side (SAME, FASTER, SLOWER, UNSURE: verdict.c) against the first side, their counts and the
 * geometric means per variant and build (compare_outcome.c), the configurations that did not pass
 * on some side (compare_status.c), the runs' stops and setups (compare_provenance.c); the console
 * and --fail-on here, compare.tsv, compare.md and two bar plots in compare_write.c. */
#include "compare.h"
#include "compare_apart.h"
#include "compare_builds.h"
#include "compare_declwork.h"
#include "compare_flags.h"
#include "compare_gate.h"
#include "compare_hostload.h"
#include "compare_solceil.h"
#include "store/rannone.h"
#include "store/results.h"
#include "compare_outcome.h"
#include "compare_provenance.h"
#include "compare_samebin.h"
#include "compare_search.h"
#include "compare_status.h"
#include "compare_work.h"
#include "compare_write.h"
#include "compare_reread.h"
#include "outdir.h"
#include "device/drvenv.h"
#include "lib/calledas.h"
#include "plot.h"
#include "draftflow.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* say_a_cut: a line counting A's rows a stop cut short (cmp_cut_rows_a), with why --fail-on passes
 * them where one is given: the verdicts on them are of fewer rounds than they look. */
static void say_a_cut(const struct cmp_join *j, const struct compare_opts *co)
{
    char *cut = cmp_cut_rows_a(j, cmp_gate_name(co->fail_on));
    if (cut) printf("clx: compare: %s\n", cut);
    free(cut);
}

static void print_console(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st,
                          const struct compare_opts *co)
{
    const struct rundir *a = j->side[0].r;
    printf("clx: compare %s: %d configuration%s in common", a->experiment, o->ncommon, o->ncommon == 1 ? "" : "s");
    if (j->along >= 0) printf(", compared along %s", j->along_name);
    char *sides = cmp_status_sides(j, st, 0), *said = cmp_status_said(st, 0);
    if (st->n) printf(", %d %s (%s; listed in compare.md)", st->n, said, sides);
    free(sides);
    free(said);
    if (st->nmissing) printf(", %d measured on some sides only (listed in compare.md)", st->nmissing);
    printf("\n");
    char *unsided = cmp_status_unsided(j, st);
    if (unsided) printf("clx: compare: %s\n", unsided);
    free(unsided);
    say_a_cut(j, co);
    cmp_print_sides(stdout, j, 0);
    cmp_say_setups(stdout, j, 0, 0);
    cmp_print_timers(stdout, j, 0);
    cmp_flags_say(stdout, j, o, 0);
    if (!cmp_basis_timed(j, CMP_AGAINST_A))
        printf("\nVerdicts against A per configuration, and the speed-up per unit of work (GFLOP/s or GB/s ratio where both\n"
               "define it, else time ratio; geometric mean over the configurations in common, and over the decided ones where\n"
               "they all went one way, with how many they are where not all (\"26.3x (1 of 2)\"), else how many went each way\n"
               "and how far; >1 = faster than A; under 1, the slowdown beside it, >1 = slower, as a run's summary says it):\n");
    else {
        /* Runs whose specs declare other work for the same kernels: their speed-ups are of times. */
        char *basis = cmp_basis_said(j, CMP_AGAINST_A, 1);
        printf("\nVerdicts against A per configuration, and the speed-up %s; geometric mean over the configurations in "
               "common, and over the decided ones where they all went one way, with how many they are where not all "
               "(\"26.3x (1 of 2)\"), else how many went each way and how far; >1 = "
               "faster than A; under 1, the slowdown beside it, >1 = slower, as a "
               "run's summary says it:\n", basis);
        free(basis);
    }
    for (int s = 1; s < j->n; s++) {
        struct texttab t = {0};
        cmp_summary_table(o, s, &t);
        printf("\n%s\n", j->side[s].label);
        cmp_search_lines(stdout, j, o, s, 0);   /* a search's bests first, and its dropped rows */
        tt_print(&t, stdout, 0);
        cmp_builds_line(stdout, o, s, 0);
        cmp_work_line(stdout, j, o, s, 0);
        cmp_samebin_line(stdout, j, o, s, 0);
        cmp_samebin_sides_line(stdout, j, o, s, 0);
        cmp_noise_line(stdout, j, o, s, &co->rule);
        cmp_hostload_line(stdout, j, o, s, 0);
        tt_free(&t);
    }
    /* Once, after the verdicts: compare.md's table, not the console, has each side's sol_pct. */
    cmp_solceil_line(stdout, j, o->common, o->ncommon);
    cmp_status_print(stdout, j, st, 0, "compare.md");
    struct texttab missing = {0};
    cmp_missing_table(j, st->listed, 0, &missing);
    for (int i = 0; i < missing.nrows && i < 10; i++)
        printf("%s  only in %s: %s %s %s\n", i ? "" : "\n", missing.cells.v[i * 4 + 3], missing.cells.v[i * 4],
               missing.cells.v[i * 4 + 1], missing.cells.v[i * 4 + 2]);
    if (missing.nrows > 10) printf("  ... and %d more (compare.md)\n", missing.nrows - 10);
    tt_free(&missing);
}

/* print_counts: --quiet's console: per side but A, its verdicts' counts (and where sides are searches,
 * their bests and the configurations their races dropped), and the configurations said apart (did
 * not pass, skipped, on some sides only), whose rows compare.md lists. */
static void print_counts(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st,
                         const struct compare_opts *co)
{
    for (int s = 1; s < j->n; s++) {
        int n[4] = {0};
        for (int k = 0; k < o->ncommon; k++) n[o->cell[k * j->n + s].v.v]++;
        printf("clx: compare %s: %s against %s: %d configuration%s in common: %d SAME, %d FASTER, %d SLOWER, %d UNSURE\n",
               j->side[0].r->experiment, j->side[s].label, j->side[0].label, o->ncommon, o->ncommon == 1 ? "" : "s",
               n[VERDICT_SAME], n[VERDICT_FASTER], n[VERDICT_SLOWER], n[VERDICT_UNSURE]);
        /* Of searches, what the counts are of: their bests' verdict, and the UNSURE rows their races
         * dropped by design (compare.md had them, the quiet console not). */
        cmp_search_lines(stdout, j, o, s, 0);
    }
    char *said = cmp_status_said(st, 0);
    if (st->n) printf("clx: compare: %d configuration%s %s (listed in compare.md)\n", st->n, st->n == 1 ? "" : "s", said);
    free(said);
    if (st->nmissing) printf("clx: compare: %d measured on some sides only (listed in compare.md)\n", st->nmissing);
    say_a_cut(j, co);
}

/* nothing_common: why no configuration was measured on every side, for the refusal: the rows that
 * did not pass where there are any (a kernel edit that broke every row is no other sweep), the
 * stop, or else what keeps the sweeps apart (compare_apart.c) (a new string). */
static char *nothing_common(const struct cmp_join *j, int stopped)
{
    struct cmp_status st;
    cmp_status_make(j, &st);
    char *sides = cmp_status_sides(j, &st, 0), *said = cmp_status_said(&st, 0), *why;
    /* A resume adds only the configurations of its own sweep: runs whose launch values differ
     * (--quick's N=1000003 against N=10M, 100M, 200M) share none once resumed either. */
    char *past = stopped ? cmp_apart_past_resume(j) : NULL;
    if (st.n && past)
        why = xasprintf("%d configuration%s %s (%s); and %s", st.n, st.n == 1 ? "" : "s", said, sides, past);
    else if (st.n)
        why = xasprintf("%d configuration%s %s (%s)%s", st.n, st.n == 1 ? "" : "s", said, sides,
                        stopped ? ", and a run that did not finish (stopped, unfinished or still running, above) has the "
                                  "others once resumed or ended" : "");
    else if (past)
        why = xstrdup(past);
    else
        why = stopped ? xstrdup("a run that did not finish (stopped, unfinished or still running, above) has them once "
                                "resumed or ended")
                      : cmp_apart(j, 0);
    free(past);
    free(said);
    free(sides);
    cmp_status_free(&st);
    return why;
}

/* ran_none_said: under the refusal, each side of which the device ran no configuration (a template m4
 * or the compiler refused: store/rannone.h), with where its build logs are read and that it is left
 * out: it has nothing to compare, the others may have. */
static void ran_none_said(const struct cmp_join *j)
{
    for (int s = 0; s < j->n && j->nruns == j->n; s++) {   /* one run a side (not --by) */
        char *none = rundir_ran_none(j->side[s].r);
        if (!none) continue;
        /* The command is for this side's run: its device's variable before it (RUSTICL_ENABLE). */
        char *q = shell_word(j->side[s].r->dir), *was = called_as_for(drvenv_under_run(&j->side[s].r->rj));
        warn("compare: %s (%s) ran no configuration on the device (%s): %s report %s reads its build logs and rows; "
             "leave it out of the comparison", j->side[s].label, j->side[s].r->dir, none, clx_cmd(), q);
        called_as_back(was);
        free(q);
        free(none);
    }
}

/* fail_on: 1 where --fail-on says the comparison fails, each reason said on its line (what fails:
 * compare_gate.h; reread: cmp_reread_said's gate, NULL: none), and (slower) SLOWER verdicts, with
 * what the noise line said of a side whose SLOWER verdicts look as its run's level does (the gate
 * still fails: it cannot tell them apart either). */
static int fail_on(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, enum cmp_fail_on f,
                   const struct verdict_rule *rule, const char *reread)
{
    const char *opt = cmp_gate_name(f);
    struct strlist why = {0};
    int rc = cmp_gate_reasons(j, st, f, reread, &why) > 0;
    for (int k = 0; k < why.n; k++) printf("clx: compare: %s (--fail-on %s)\n", why.v[k], opt);
    sl_free(&why);
    if (cmp_gate_slower(f) && o->slower) {
        printf("clx: compare: %d configuration%s SLOWER than A (--fail-on slower)", o->slower, o->slower == 1 ? "" : "s");
        for (int s = 1; s < j->n; s++) {
            int slower = 0;
            for (int k = 0; k < o->ncommon; k++) slower += o->cell[k * j->n + s].v.v == VERDICT_SLOWER;
            if (slower) cmp_say_level(stdout, "; ", j, o, s, rule);
        }
        printf("\n");
        rc = 1;
    }
    return rc;
}

/* What compare's draft flow (draftflow.h) writes from. */
struct cmp_out {
    const struct cmp_join *j;
    const struct outcome *o;
    const struct cmp_status *st;
    const struct compare_opts *co;
};

static void out_tsv(void *ctx, const char *draft, int *err)
{
    const struct cmp_out *c = ctx;
    cmp_write_tsv(c->j, c->o, c->st, draft, err);
}

static int out_draw(void *ctx, const char *draft, struct draft_drawn *dr)
{
    const struct cmp_out *c = ctx;
    return cmp_draw(c->j, c->o, c->st, draft, dr);
}

static void out_say(void *ctx)
{
    const struct cmp_out *c = ctx;
    if (c->co->quiet) print_counts(c->j, c->o, c->st, c->co);
    else print_console(c->j, c->o, c->st, c->co);
}

static void out_md(void *ctx, const char *draft, int plot_failed, const char *said, int *err)
{
    const struct cmp_out *c = ctx;
    cmp_write_md(c->j, c->o, c->st, c->co, draft, plot_failed, said, err);
}

static void out_written(void *ctx, const char *dir, int plot_failed)
{
    const struct cmp_out *c = ctx;
    /* Every file it wrote: a reader looks for the verdicts' picture by this line. */
    int two = c->j->n == 2, no_gp = plot_failed && plot_gnuplot_missing();
    printf("%sclx: compare: %s/compare.md, compare.tsv%s\n", c->co->quiet ? "" : "\n", dir,
           no_gp ? (two ? ", the pictures' data and scripts (speedup.tsv, .gp; verdicts.tsv, .gp)"
                        : ", the picture's data and script (speedup.tsv, .gp)")
           : plot_failed ? "" : two ? ", speedup.png, verdicts.png (each with its .svg, .tsv, .gp)"
                                    : ", speedup.png (with its .svg, .tsv, .gp)");
}

/* write_out: compare.tsv, the pictures and compare.md into dir, whole or not at all (draftflow.h). */
static int write_out(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st,
                     const struct compare_opts *co, const char *dir, int made, int *werr)
{
    struct cmp_out c = { .j = j, .o = o, .st = st, .co = co };
    static const char *const charts[] = { "speedup", "verdicts", NULL };     /* compare_write.c's */
    struct draft_flow f = { .cmd = "compare", .noun = "comparison", .md = "compare.md", .charts = charts,
                            .no_pictures = ": no pictures, the tables are whole", .stop_after_plots = j->n == 2 ? 2 : 1,
                            .ctx = &c, .tsv = out_tsv, .draw = out_draw, .say = out_say, .md_write = out_md,
                            .written = out_written };
    return draft_flow_write(&f, dir, made, werr);
}

int compare_runs(const char *const *dirs, int n, const struct compare_opts *co)
{
    struct cmp_join j;
    char *err = NULL;
    int by_usage = 0;
    int rc = co->by ? cmp_join_by(dirs[0], co->by, &j, &err, &by_usage) : cmp_join_runs(dirs, n, &j, &err);
    if (rc) {
        warn("compare: %s", err);
        free(err);
        cmp_join_free(&j);
        return by_usage ? EXIT_USAGE : EXIT_CANNOT_RUN;      /* never 1: that is --fail-on slower's answer */
    }
    /* A run stopped early lacks rows of its sweep, and has rows cut short: said, so that what is
     * missing is not taken for another sweep. */
    fflush(stdout);
    int stopped = cmp_say_stops(stderr, &j, 0, 0);
    if (j.ncommon == 0) {
        char *why = nothing_common(&j, stopped);
        warn("compare: no configuration (variant, build, launch point) was measured on every side: %s", why);
        free(why);
        ran_none_said(&j);
        cmp_join_free(&j);
        return EXIT_CANNOT_RUN;
    }
    struct outcome o;
    struct cmp_status st;
    cmp_decide_all(&j, &co->rule, &o);
    cmp_status_make(&j, &st);
    int werr = 0, usage = 0;
    char *why = NULL, *reread_gate = NULL;
    char *dir = outdir_make(co->out, co->root ? co->root : RESULTS_ROOT_DEFAULT, co->root ? NULL : j.side[0].r->dir, "compare",
                            j.side[0].r->experiment, "speedup.svg",
                            &why, &usage);
    if (!dir) {
        warn("compare: %s", why);
        free(why);
        werr = 1;
    } else {
        int sig = write_out(&j, &o, &st, co, dir, !co->out, &werr);
        if (sig) {
            free(dir);
            cmp_status_free(&st);
            cmp_outcome_free(&o);
            cmp_join_free(&j);
            return sig;
        }
        /* A side's rows rewritten since they were read (a merge into its folder): the files written
         * are of rows gone, said where a reader of either looks. */
        char *reread_md = NULL, *reread = werr ? NULL : cmp_reread_said(&j, CMP_REREAD_COMPARE, &reread_gate, &reread_md);
        if (reread) {
            printf("clx: compare: %s\n", reread);
            cmp_reread_mark(dir, CMP_REREAD_COMPARE, reread_md);
            free(reread);
            free(reread_md);
        }
    }
    /* 1 is --fail-on's alone: a file that could not be written is 4. */
    rc = usage ? EXIT_USAGE : werr ? EXIT_CANNOT_RUN : 0;
    if (!rc) rc = fail_on(&j, &o, &st, co->fail_on, &co->rule, reread_gate);
    free(reread_gate);
    free(dir);
    cmp_status_free(&st);
    cmp_outcome_free(&o);
    cmp_join_free(&j);
    return rc;
}
