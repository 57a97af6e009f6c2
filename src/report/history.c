/* history.c — `clx history`: runs of one sweep on one device model, in date order, joined; their
 * verdicts (history_decide.c) said on the console and in history.md (history_say.c: each run's
 * stop, setup, command and what it lacks), history.tsv (medians over the dates, each step's and the
 * span's verdict, each run's status_N of rows that did not pass or are no result: compare_status.c,
 * compare_result.c) and a line per variant and build of the speed-up against the first run. */
#include "history.h"
#include "compare.h"
#include "compare_gate.h"
#include "compare_apart.h"
#include "compare_declwork.h"
#include "compare_join.h"
#include "compare_outcome.h"
#include "compare_result.h"
#include "compare_reread.h"
#include "compare_status.h"
#include "history_decide.h"
#include "history_gate.h"
#include "history_say.h"
#include "outdir.h"
#include "plot.h"
#include "draftflow.h"
#include "store/rannone.h"
#include "store/rundevs.h"
#include "lib/lockholders.h"
#include "device/drvenv.h"
#include "lib/calledas.h"
#include "store/results.h"
#include "lib/isotime.h"
#include "lib/stats.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* by_date: the runs of dirs read, sorted by their run.json's start, by the instant (runs of hosts in
 * other time zones, run.json written with the basic offset +0000 by an older clx and with +00:00 by
 * this one), runs of one start in the order given; *kept of them (the array's length). Each folder is
 * read once, here, and the join takes the runs as read (cmp_join_opened); whether a merge writes one
 * is asked of the host's locks read once for all of them (lib/lockholders.h), not once a folder: a
 * history of 300 merged runs read /proc/locks 600 times (twice a folder). A run of which the device ran
 * no configuration (store/rannone.h: a template m4 or the compiler refused) is left out, said on
 * stderr: it has no time for any date, and joined it left no configuration measured in every run,
 * refusing the history of the others. Fewer than two left: NULL and *err. */
static struct rundir *by_date(const char *const *dirs, int n, int *kept, char **err)
{
    struct rundir *read = xcalloc((size_t)n + 1, sizeof *read), *out = NULL;
    int *idx = xcalloc((size_t)n + 1, sizeof *idx), m = 0;
    struct lockholders locks = {0};
    for (int k = 0; k < n; k++) {
        struct rundir *r = &read[m];
        if (rundir_open_seen(dirs[k], r, err, &locks)) goto done;
        char *none = rundir_ran_none(r);
        if (none) {
            char *q = shell_word(r->dir), *was = called_as_for(drvenv_under_run(&r->rj));
            warn("history: leaving out %s: no configuration of it ran on the device (%s); %s report %s reads its "
                 "build logs and rows", r->dir, none, clx_cmd(), q);
            called_as_back(was);
            free(q);
            free(none);
            rundir_free(r);
            continue;
        }
        idx[m] = m;
        m++;
    }
    if (m < 2) {
        *err = xasprintf("%s of the %d runs given had a configuration that ran on the device: a history needs two",
                         m ? "only one" : "none", n);
        goto done;
    }
    for (int k = 1; k < m; k++)           /* insertion: stable, and a history has a few runs */
        for (int i = k; i > 0 && iso_time_cmp(read[idx[i - 1]].started, read[idx[i]].started) > 0; i--) {
            int t = idx[i];
            idx[i] = idx[i - 1];
            idx[i - 1] = t;
        }
    out = xcalloc((size_t)m + 1, sizeof *out);
    for (int k = 0; k < m; k++) out[k] = read[idx[k]];     /* moved: read's copies are not freed */
    *kept = m;
    m = 0;
done:
    for (int k = 0; k < m; k++) rundir_free(&read[k]);
    free(read);
    free(idx);
    lockholders_free(&locks);
    return out;
}

/* status_cells: a configuration's history.tsv columns after its verdicts: each run's status of its
 * row rows[s] (a flagged row's flag, compare_result.h; empty for no row), then whether a stop cut
 * that row's rounds short (empty for no row): compare.tsv's status_X and rounds_cut_X. */
static void status_cells(const struct cmp_join *j, const int *rows, struct strlist *v)
{
    for (int s = 0; s < j->n; s++) sl_push(v, rows[s] >= 0 ? cmp_row_word(j->side[s].r, rows[s]) : "");
    for (int s = 0; s < j->n; s++) sl_push(v, rows[s] < 0 ? "" : rundir_row_cut(j->side[s].r, rows[s]) ? "yes" : "no");
}

/* folder_cells: the last columns of every row: each run's folder, folder_1 ... folder_N, so that a
 * script reading history.tsv alone knows which run each number is (they are numbered by date, not
 * by the order given): its real path, a latest link resolved (the link moves with the next run). */
static void folder_cells(const struct cmp_join *j, struct strlist *v)
{
    for (int s = 0; s < j->n; s++) sl_push_own(v, rundir_realdir(j->side[s].r));
}

/* write_tsv: history.tsv: the configurations in every run, then those that did not pass in some run
 * or were skipped (st: each run's median where its row is a result, no verdict), each with every
 * run's status, so that a script reading the file alone can tell them apart. Columns documented in
 * docs/compare.md ("history.tsv"). */
static void write_tsv(const struct cmp_join *j, const struct hist *h, const struct cmp_status *st, const char *dir,
                      int *werr)
{
    const struct rundir *a = j->side[0].r;
    char *path = path_join(dir, "history.tsv");
    struct tsv_out tsv;
    if (tsv_open(&tsv, path)) { *werr = errno ? errno : EIO; free(path); return; }
    tsv.unsaid = 1;                 /* said with the history's other files (draftflow.c) */
    struct strlist head = {0};
    for (int q = 0; q < a->id_names.n; q++) sl_push(&head, a->id_names.v[q]);
    for (int s = 0; s < j->n; s++) sl_push_own(&head, xasprintf("median_ms_%d", s + 1));
    sl_push(&head, "median_over_dates");
    for (int s = 1; s < j->n; s++) sl_push_own(&head, xasprintf("verdict_%d_%d", s, s + 1));
    sl_push(&head, "speedup_first_last");
    sl_push(&head, "verdict_first_last");
    /* Last, so that a reader of the columns before them by position reads what it did. */
    for (int s = 0; s < j->n; s++) sl_push_own(&head, xasprintf("status_%d", s + 1));
    for (int s = 0; s < j->n; s++) sl_push_own(&head, xasprintf("rounds_cut_%d", s + 1));
    /* What qualifies each verdict ("clock", "rounds-cut"): the verdict columns hold the word alone,
     * so that a script's == "SLOWER" finds every SLOWER. */
    for (int s = 1; s < j->n; s++) sl_push_own(&head, xasprintf("verdict_note_%d_%d", s, s + 1));
    sl_push(&head, "verdict_note_first_last");
    for (int s = 0; s < j->n; s++) sl_push_own(&head, xasprintf("folder_%d", s + 1));
    tsv_header(&tsv, &head);
    double *m = xcalloc((size_t)j->n, sizeof *m);
    for (int k = 0; k < h->ncommon; k++) {
        int c = h->common[k], i0 = j->where[c * j->n];
        struct strlist v = {0};
        for (int q = 0; q < a->id_names.n; q++) sl_push(&v, table_cell(&a->t, i0, a->id_col[q]));
        for (int s = 0; s < j->n; s++) {
            const struct rundir *r = j->side[s].r;
            m[s] = table_num(&r->t, j->where[c * j->n + s], r->c_median);
            sl_push_own(&v, xasprintf("%.6g", m[s]));
        }
        sl_push_own(&v, xasprintf("%.6g", stats_median(m, j->n)));
        for (int s = 1; s < j->n; s++) sl_push(&v, verdict_name(h->step[k * j->n + s].v.v));
        sl_push_own(&v, xasprintf("%.6g", h->span[k].speedup));
        sl_push(&v, verdict_name(h->span[k].v.v));
        status_cells(j, &j->where[c * j->n], &v);
        for (int s = 1; s < j->n; s++) sl_push(&v, history_verdict_note(j, h, k, &h->step[k * j->n + s], s - 1, s));
        sl_push(&v, history_verdict_note(j, h, k, &h->span[k], 0, j->n - 1));
        folder_cells(j, &v);
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    for (int k = 0; k < st->n; k++) {
        struct strlist v = {0};
        const int *rows = &st->row[k * j->n];
        int s0, i0;
        cmp_status_where(j, st, k, &s0, &i0);
        const struct rundir *r0 = j->side[s0].r;
        for (int q = 0; q < r0->id_names.n; q++) sl_push(&v, table_cell(&r0->t, i0, r0->id_col[q]));
        for (int s = 0; s < j->n; s++) {
            const struct rundir *r = j->side[s].r;
            int result = st->passed[k * j->n + s] == 1;
            sl_push_own(&v, result ? xasprintf("%.6g", table_num(&r->t, rows[s], r->c_median)) : xstrdup(""));
        }
        while (v.n < a->id_names.n + 2 * j->n + 2) sl_push(&v, "");   /* no median over the dates, no verdict */
        status_cells(j, rows, &v);
        for (int s = 0; s < j->n; s++) sl_push(&v, "");                 /* no verdict to qualify */
        folder_cells(j, &v);
        tsv_row(&tsv, &v);
        sl_free(&v);
    }
    free(m);
    if (tsv_close(&tsv)) *werr = errno ? errno : EIO;
    sl_free(&head);
    free(path);
}

/* run_caveat: what a point of run s does not show, short for its label: " (stopped; 8 FAIL)",
 * " (unfinished)", "" (a new string); the subtitle says more. */
static char *run_caveat(const struct cmp_status *st, const struct rundir *r, int s)
{
    enum rundir_end end = rundir_end(r);
    const char *stop = end == RUNDIR_STOPPED ? "stopped" : end == RUNDIR_UNFINISHED ? "unfinished" : NULL;
    char *some = cmp_status_side(st, s), *c;
    c = stop || *some ? xasprintf(" (%s%s%s)", stop ? stop : "", stop && *some ? "; " : "", some) : xstrdup("");
    free(some);
    return c;
}

/* point_verdicts: the verdict of each point of the plot's lines, [s * ns + q] for run s and line q
 * (series[k]: the k-th configuration's line): as clx compare's bars (their counts where its
 * configurations' verdicts against the first run differ, cmp_verdicts_said, each kept in *said; one on a row a stop cut short is no
 * decision: UNSURE), BAR_REF for the first run's; decided: how many were FASTER or SLOWER. */
static void point_verdicts(const struct cmp_join *j, const struct hist *h, const int *series, int ns, const char **verdict,
                           int *decided, struct strlist *said)
{
    int *count = xcalloc((size_t)ns * 4 + 1, sizeof *count), *n = xcalloc((size_t)ns + 1, sizeof *n);
    for (int q = 0; q < ns; q++) verdict[q] = BAR_REF;
    for (int s = 1; s < j->n; s++) {
        memset(count, 0, (size_t)ns * 4 * sizeof *count);
        memset(n, 0, (size_t)ns * sizeof *n);
        for (int k = 0; k < h->ncommon; k++) {
            enum speed_verdict v = h->first[k * j->n + s].v.v;
            if (history_cut(j, h->common[k], 0, s)) v = VERDICT_UNSURE;
            count[series[k] * 4 + v]++;
            n[series[k]]++;
        }
        for (int q = 0; q < ns; q++) {
            sl_push_own(said, cmp_verdicts_said(&count[q * 4]));
            verdict[s * ns + q] = said->v[said->n - 1];
            decided[s * ns + q] = count[q * 4 + VERDICT_FASTER] + count[q * 4 + VERDICT_SLOWER];
        }
    }
    free(count);
    free(n);
}

/* draw: a line per variant and build over the runs: the geometric mean of its configurations'
 * speed-ups against the first run, each point with its verdict (point_verdicts): one the noise did
 * not decide is hollow, the segment to it dashed, so that a line of UNSURE reads as no drift. */
static int draw(const struct cmp_join *j, const struct hist *h, const struct cmp_status *st, const char *dir,
                struct draft_drawn *dr)
{
    const struct rundir *a = j->side[0].r;
    char *title = rundir_title(a);
    struct sbuf sub = {0};
    sb_printf(&sub, "%s", title);
    free(title);
    /* A run's rows that did not pass are no points of its lines, and a stopped run's rows stand on
     * fewer rounds: said under the title and by the run's label. */
    if (st->n) sb_printf(&sub, "\nrows that did not pass%s are not drawn: %d configuration%s (history.md)",
                         st->nskip ? " or were skipped" : "", st->n, st->n == 1 ? "" : "s");
    for (int s = 0; s < j->n; s++) {
        char *stop = rundir_stopped_short(j->side[s].r), *timed = cmp_declwork_short(j, 0, s);
        if (stop) sb_printf(&sub, "\nrun %d was %s (history.md)", s + 1, stop);
        if (timed) sb_printf(&sub, "\nrun %d against run 1, %s (history.md)", s + 1, timed);
        free(stop);
        free(timed);
    }
    /* Per launch against a run whose spec declares other work for the same kernels (cmp_basis_said). */
    char *basis = cmp_basis_said(j, CMP_AGAINST_FIRST, 0);
    int timed = cmp_basis_timed(j, CMP_AGAINST_FIRST), mixed = timed && timed < j->n - 1;
    char *heading = xasprintf(mixed ? "speed-up against the first run, %s (geometric mean per variant and build)"
                                  : "speed-up %s against the first run (geometric mean per variant and build)", basis);
    free(basis);
    struct bar_chart ch = { .name = "history_plot", .title = heading, .subtitle = sub.s, .ylabel = "speed-up against run 1",
                            .ref = 1, .lines = 1, .xlabel = "run (number: start time), in the order the runs started" };
    /* Date and time: runs of one day are told apart ("2026-11-30T15:14:52+00:00" read as 2026-11-30 15:14:52). */
    for (int s = 0; s < j->n; s++) {
        char *c = run_caveat(st, j->side[s].r, s);
        char *g = xasprintf("%d: %.19s%s", s + 1, j->side[s].r->started, c), *t = strchr(g, 'T');
        if (t) *t = ' ';
        sl_push_own(&ch.groups, g);
        free(c);
    }
    int *series = xcalloc((size_t)h->ncommon + 1, sizeof *series);
    for (int k = 0; k < h->ncommon; k++) {
        int i0 = j->where[h->common[k] * j->n];
        char *name = xasprintf("%s (%s)", table_cell(&a->t, i0, a->c_variant), table_cell(&a->t, i0, a->c_build));
        int s = 0;
        while (s < ch.series.n && strcmp(ch.series.v[s], name)) s++;
        if (s == ch.series.n) sl_push(&ch.series, name);
        series[k] = s;
        free(name);
    }
    int ns = ch.series.n;
    double *logsum = xcalloc((size_t)(j->n * ns) + 1, sizeof *logsum);
    int *cnt = xcalloc((size_t)ns + 1, sizeof *cnt);
    for (int k = 0; k < h->ncommon; k++) {
        int c = h->common[k], i0 = j->where[c * j->n];
        cnt[series[k]]++;
        for (int s = 1; s < j->n; s++) {
            const struct rundir *b = j->side[s].r;
            int ib = j->where[c * j->n + s];
            /* Runs of the same kernels whose specs declare other work: by time (compare_declwork.h). */
            double x = cmp_timed(j, 0, s) ? table_num(&a->t, i0, a->c_median) / table_num(&b->t, ib, b->c_median)
                                          : rundir_speedup(a, i0, b, ib);
            logsum[s * ns + series[k]] += log(x);
        }
    }
    ch.value = xcalloc((size_t)(j->n * ns) + 1, sizeof *ch.value);
    for (int s = 0; s < j->n; s++)
        for (int q = 0; q < ns; q++) ch.value[s * ns + q] = exp(logsum[s * ns + q] / cnt[q]);
    const char **verdict = xcalloc((size_t)(j->n * ns) + 1, sizeof *verdict);
    int *decided = xcalloc((size_t)(j->n * ns) + 1, sizeof *decided);
    struct strlist said = {0};
    point_verdicts(j, h, series, ns, verdict, decided, &said);
    ch.verdict = verdict;
    ch.decided = decided;
    int *rows = xcalloc((size_t)(j->n * ns) + 1, sizeof *rows);
    for (int s = 0; s < j->n; s++)
        for (int q = 0; q < ns; q++) rows[s * ns + q] = cnt[q];
    ch.rows = rows;
    int rc = plot_bars(&ch, dir, &dr->err, &dr->full);
    sl_push(rc ? &dr->undrawn : &dr->drawn, "history_plot.png");
    free(verdict); free(decided); free(rows);
    sl_free(&said);
    free(ch.value); free(logsum); free(cnt); free(series); sb_free(&sub); free(heading);
    sl_free(&ch.groups); sl_free(&ch.series);
    return rc;
}

/* What history's draft flow (draftflow.h) writes from. */
struct hist_out {
    const struct cmp_join *j;
    const struct hist *h;
    const struct cmp_status *st;
    const struct verdict_rule *rule;
    enum cmp_fail_on fail_on;
    const struct strlist *why;       /* what fail_on fails on, said in history.md (history_gate.h) */
};

static void out_tsv(void *ctx, const char *draft, int *err)
{
    const struct hist_out *c = ctx;
    write_tsv(c->j, c->h, c->st, draft, err);
}

static int out_draw(void *ctx, const char *draft, struct draft_drawn *dr)
{
    const struct hist_out *c = ctx;
    return draw(c->j, c->h, c->st, draft, dr);
}

static void out_say(void *ctx)
{
    const struct hist_out *c = ctx;
    history_say(stdout, c->j, c->h, c->st, c->rule, 0);
}

static void out_md(void *ctx, const char *draft, int plot_failed, const char *said, int *err)
{
    const struct hist_out *c = ctx;
    char *path = path_join(draft, "history.md");
    FILE *md = fopen(path, "w");
    /* Not written whole: said with the history's other files (draftflow.c), in the errno's words. */
    if (!md) *err = errno ? errno : EIO;
    else {
        history_say(md, c->j, c->h, c->st, c->rule, 1);
        history_gate_say(md, c->why, c->fail_on, 1);
        if (!plot_failed) fprintf(md, "\n![history](history_plot.png)\n\n[SVG](history_plot.svg) · [data](history_plot.tsv)\n");
        else fprintf(md, "\n**Plot not drawn:** %s\n", said);
        errno = 0;
        if (ferror(md) | fclose(md)) *err = errno ? errno : EIO;
    }
    free(path);
}

static void out_written(void *ctx, const char *dir, int plot_failed)
{
    (void)ctx;
    printf("\nclx: history: %s/history.md, history.tsv%s\n", dir, plot_failed ? "" : ", history_plot.svg, history_plot.png");
}

/* write_out: history.tsv, the picture and history.md into dir, whole or not at all, as compare's
 * (draftflow.h). */
static int write_out(const struct hist_out *c0, const char *dir, int made, int *werr)
{
    struct hist_out c = *c0;
    static const char *const charts[] = { "history_plot", NULL };
    struct draft_flow f = { .cmd = "history", .noun = "history", .md = "history.md", .charts = charts,
                            .no_pictures = ": no picture, the tables are whole", .stop_after_plots = 1,
                            .ctx = &c, .tsv = out_tsv, .draw = out_draw, .say = out_say, .md_write = out_md,
                            .written = out_written };
    return draft_flow_write(&f, dir, made, werr);
}

int history_runs(const char *const *dirs, int n, const char *out, const struct verdict_rule *rule, enum cmp_fail_on fail_on)
{
    char *err = NULL;
    struct rundir *sorted = by_date(dirs, n, &n, &err);
    struct cmp_join j;
    memset(&j, 0, sizeof j);
    int rc = sorted ? cmp_join_opened(sorted, n, &j, &err) : -1;     /* j's from here: freed with it */
    if (!rc && j.along >= 0) { err = xasprintf("the runs differ in %s: a history is of one sweep at several dates", j.along_name); rc = -1; }
    /* A run of several devices (a --split-any) is another device model than any run but one of the
     * same several, its first part's too: its rows' drift would be the devices'. */
    for (int k = 1; !rc && k < j.nruns; k++)
        if (strcmp(j.runs[k].device, j.runs[0].device) || !rundevs_mix_same(&j.runs[0].rj, &j.runs[k].rj)) {
            char *d0 = rundevs_words(&j.runs[0].rj, 0), *dk = rundevs_words(&j.runs[k].rj, 0);
            int mix = rundevs_count(&j.runs[0].rj) > 1 || rundevs_count(&j.runs[k].rj) > 1;
            err = xasprintf("%s ran on %s, %s on %s: a history is of one device model (%sclx compare puts devices side by side)",
                            j.runs[0].dir, d0, j.runs[k].dir, dk,
                            mix ? "the rows of a --split-any are of several; " : "");
            free(d0);
            free(dk);
            rc = -1;
        }
    if (!rc && j.ncommon == 0) {
        struct cmp_status st;
        cmp_status_make(&j, &st);
        char *sides = cmp_status_sides(&j, &st, 1), *said = cmp_status_said(&st, 1);
        /* What keeps them apart, as compare says it (a --quick run among full ones, a size no two share):
         * the bare refusal named no run. */
        char *apart = st.n ? NULL : cmp_apart(&j, 1);
        struct sbuf runs = {0};
        for (int k = 0; !st.n && k < j.nruns; k++) sb_printf(&runs, "%s%d %s", k ? ", " : "", k + 1, j.runs[k].dir);
        err = st.n ? xasprintf("no configuration was measured in every run: %d %s (%s)", st.n, said, sides)
                   : xasprintf("no configuration was measured in every run: %s (the runs by date: %s)", apart, runs.s);
        sb_free(&runs);
        free(apart);
        free(sides);
        free(said);
        cmp_status_free(&st);
        rc = -1;
    }
    if (rc) { warn("history: %s", err); free(err); cmp_join_free(&j); return EXIT_CANNOT_RUN; }
    struct hist h;
    struct cmp_status st;
    history_decide(&j, rule, &h);
    cmp_status_make(&j, &st);
    int werr = 0, usage = 0;
    char *why = NULL;
    /* The folder first, as compare does: a refused --out printed the whole table, then said no. */
    char *dir = outdir_make(out, RESULTS_ROOT_DEFAULT, j.runs[0].dir, "history", j.runs[0].experiment, "history_plot.svg",
                            &why, &usage);
    /* What the gate fails on, known before history.md is written, which says it. */
    struct strlist gate = {0};
    history_gate(&j, rule, fail_on, &gate);
    if (!dir) { warn("history: %s", why); free(why); werr = 1; }
    else {
        struct hist_out c = { .j = &j, .h = &h, .st = &st, .rule = rule, .fail_on = fail_on, .why = &gate };
        int sig = write_out(&c, dir, !out, &werr);
        if (sig) werr = sig;
        /* A run's rows rewritten since they were read (a merge into its folder, a resume of it): the
         * verdicts may mix two versions of it, said where a reader of either looks, as compare does;
         * the gate fails on it as compare's does (history.md's mark says it). */
        char *reread_md = NULL, *reread_gate = NULL;
        char *reread = werr ? NULL : cmp_reread_said(&j, CMP_REREAD_HISTORY, &reread_gate, &reread_md);
        if (reread) {
            printf("clx: history: %s\n", reread);
            /* history.md's gate section was written before: the mark says the gate fails on it. */
            char *mark = fail_on == CMP_FAIL_NEVER ? xstrdup(reread_md)
                         : xasprintf("%s (clx history --fail-on %s fails on it: exit 1)", reread_md, cmp_gate_name(fail_on));
            cmp_reread_mark(dir, CMP_REREAD_HISTORY, mark);
            free(mark);
            free(reread);
            free(reread_md);
        }
        if (reread_gate && fail_on != CMP_FAIL_NEVER) sl_push_own(&gate, reread_gate);
        else free(reread_gate);
    }
    /* The console's last lines, as compare's: what the gate failed on (1 only where nothing else failed). */
    rc = usage ? EXIT_USAGE : werr > 128 ? werr : werr ? EXIT_CANNOT_RUN : gate.n ? 1 : 0;
    if (rc == 1) history_gate_say(stdout, &gate, fail_on, 0);
    sl_free(&gate);
    free(dir);
    history_free(&h);
    cmp_status_free(&st);
    cmp_join_free(&j);
    /* As compare: 1 is --fail-on's alone; a stop's 128 + its signal is its own. */
    return rc;
}
