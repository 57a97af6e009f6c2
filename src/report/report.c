/* report.c — report.md of one run: rows that did not pass, plots, summary tables, and the sections
 * of their own modules (provenance: report_provenance.c; findings: report_findings.c; speed of
 * light, search, probes). */
#include "report.h"
#include "report_stale.h"
#include "peakcause.h"
#include "energy_table.h"
#include "report_findings.h"
#include "report_charts.h"
#include "report_hostload.h"
#include "report_merged.h"
#include "findings_tsv.h"
#include "report_part.h"
#include "report_provenance.h"
#include "report_draft.h"
#include "runspec.h"
#include "plot.h"
#include "device/drvenv.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include "store/rundir.h"
#include "store/rowslost.h"
#include "store/rundevs.h"
#include "store/timeoutcut.h"
#include "spec/spec.h"
#include "summary.h"
#include "lib/calledas.h"
#include "lib/diskfull.h"
#include "lib/texttab.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* report_resume_cmd: the command that goes on with the run in dir as report.md writes its commands
 * (clx_doc_cmd's words, a document read elsewhere: "clx run --resume DIR"). A new string. */
static char *report_resume_cmd(const char *dir)
{
    char *q = shell_word(dir), *cmd = xasprintf("%s run --resume %s", clx_doc_cmd(), q);
    free(q);
    return cmd;
}

/* listed_rows: a section listing the rows keep() picks, each with its status (or flag) and note,
 * at most 50; how many there are. */
static int listed_rows(FILE *out, const struct rundir *r, int (*keep)(const struct rundir *, int), const char *heading,
                       const char *why, const char *what)
{
    int cn = table_col(&r->t, "note"), n = 0, flags = !strcmp(what, "flag");
    /* A row above the peak says why in its sol_note (the spec's bytes, or the ceiling), its note most often empty. */
    int cs = flags ? table_col(&r->t, COLUMN(sol_note)) : -1;
    for (int i = 0; i < r->t.nrows; i++) {
        if (!keep(r, i)) continue;
        if (!n++)
            fprintf(out, "\n## %s\n\n%s\n\n| variant | build | point | %s | note |\n|---|---|---|---|---|\n", heading, why, what);
        if (n > 50) continue;
        const char *own = cn >= 0 ? table_cell(&r->t, i, cn) : "", *sol = cs >= 0 ? table_cell(&r->t, i, cs) : "";
        char *both = xasprintf("%s%s%s", own, *own && *sol ? "; " : "", sol);
        char *note = tt_md_escape(both), *pt = rundir_point(r, i, 1);
        free(both);
        /* A build's options are the user's words: a '|' in them would end the cell. */
        char *build = tt_md_escape(table_cell(&r->t, i, r->c_build));
        if (strlen(note) > 160) strcpy(note + 157, "...");
        fprintf(out, "| %s | %s | %s | **%s** | %s |\n", table_cell(&r->t, i, r->c_variant), build,
                *pt ? pt : "-", table_cell(&r->t, i, flags ? r->c_flag : r->c_status), note);
        free(note);
        free(build);
        free(pt);
    }
    if (n > 50) fprintf(out, "\n... and %d more in [results.tsv](results.tsv).\n", n - 50);
    return n;
}

static int did_not_pass(const struct rundir *r, int i) { return row_status_failed(table_cell(&r->t, i, r->c_status)); }

/* not_passed: the rows that did not pass (FAIL, error, crashed, timeout, build-failed, stopped), then those
 * above the device's peak: first in the report, since every plot, table and finding leaves them
 * out; how many did not pass. */
static int not_passed(FILE *out, const struct rundir *r)
{
    int n = listed_rows(out, r, did_not_pass, "Rows that did not pass",
                        "These rows are in no plot, table or finding below: their times are not of working code (or "
                        "there are none).", "status");
    if (n) fprintf(out, "\n%d row%s did not pass.\n", n, n > 1 ? "s" : "");
    /* Those a resume measures: said with the command that does; a timeout's apart, with the limit
     * its resume can give their launches. */
    struct timeout_cut cut;
    timeout_cut_read(&r->t, &cut);
    int unrun = -cut.nstopped, retry = 0;
    for (int i = 0; i < r->t.nrows; i++) {
        unrun += row_status_of(table_cell(&r->t, i, r->c_status)) == RS_STOPPED;
        retry += r->c_flag >= 0 && flag_has(table_cell(&r->t, i, r->c_flag), CRASH_RETRY_FLAG);
    }
    if (cut.nstopped) {
        char *resume = report_resume_cmd(r->dir), *names = timeout_cut_names(&cut);
        fprintf(out, "\nA launch ran past its limit (status timeout) in %s: the sweep went on without the rest of %s, "
                "%d row%s not measured (status stopped): `%s --timeout S` measures them with a limit of S seconds a "
                "launch (each that hangs again costs that).\n", names, cut.names.n == 1 ? "it" : "them", cut.nstopped,
                cut.nstopped == 1 ? "" : "s", resume);
        free(names);
        free(resume);
    }
    timeout_cut_free(&cut);
    if (unrun > 0 || retry) {
        char *resume = report_resume_cmd(r->dir);
        fprintf(out, "\n%d of them %s not measured (status stopped: a stop, or a crash of the worker process in "
                "another configuration of their variant and build) and %d crashed their worker once (flag "
                CRASH_RETRY_FLAG "): `%s` measures the first and tries the others once more.\n", unrun > 0 ? unrun : 0,
                unrun == 1 ? "was" : "were", retry, resume);
        free(resume);
    }
    int *above = xmalloc(sizeof *above * (size_t)(r->t.nrows + 1)), na = 0;
    for (int i = 0; i < r->t.nrows; i++)
        if (rundir_above_peak(r, i)) above[na++] = i;
    /* Why, the likelier cause first: a row whose sol_note blames the spec's bytes or flops says so. */
    char *why = xasprintf("These rows passed verification but their rate is above what the device can do: %s. They are "
                          "set aside: in no plot, table, finding or comparison below, but for the speed of light's, "
                          "which shows a row past its bound (`sol>100`) apart.", peak_cause_said(r, above, na));
    int k = listed_rows(out, r, rundir_above_peak, "Rows above the device's theoretical peak", why, "flag");
    free(why);
    free(above);
    if (k) fprintf(out, "\n%d row%s above the peak.\n", k, k > 1 ? "s" : "");
    return n;
}

/* plots: draws every plot of the spec into the draft's plots/; returns how many failed, *drawn how many
 * were drawn, *nfull how many failed for want of room (a full disk or quota, said by say_unwritten),
 * *first_full the first such one's errno (where it is 0 before). What it says names the files where
 * they go (report_draft_in_place), not the draft, which is gone once the report is. */
static int plots(FILE *out, const struct rundir *r, const struct spec *s, int nbad, const struct report_draft *d,
                 int *drawn, int *nfull, int *first_full)
{
    const char *dir = d->plots;
    *drawn = *nfull = 0;
    if (s->nplots == 0) return 0;
    int failed = 0;
    const char *no_gp = plot_gnuplot_missing();
    fprintf(out, "\n## Plots\n\nEach picture has its data (`.tsv`) and gnuplot script (`.gp`) beside it in `plots/`; "
                 "`gnuplot NAME.gp` there draws it again.%s\n", nbad ? " The rows that did not pass (above) are in none of them." : "");
    /* A machine without gnuplot (a minimal GPU image) gets the data and scripts and one line: the
     * report is whole but for its pictures, which is not a failure of the run. */
    if (no_gp) {
        char *there = report_draft_in_place(d, dir);
        printf("clx: report: no pictures: %s; each plot's data and script are in %s (gnuplot NAME.gp there draws it)\n", no_gp, there);
        free(there);
        fprintf(out, "\n*No pictures:* %s; each plot's data and script are in `plots/`.\n", no_gp);
    }
    for (int i = 0; i < s->nplots; i++) {
        struct plot_result pr;
        struct spec_plot q = s->plots[i];
        q.work_flops = s->flops;
        q.work_bytes = s->bytes;
        int rc = plot_draw(r, &q, dir, &pr);
        /* Stopped (its gnuplot killed, if in flight): the report is not drawn, and nothing more said. */
        if (report_draft_stopped(i + 1)) {
            plot_result_free(&pr);
            break;
        }
        /* Said once, with the report's files: the plot's own value (its first figure so refused), as
         * errno is the last figure's, which without gnuplot is its want of gnuplot. */
        int full = rc < 0 && disk_full(pr.full);
        if (full && !*first_full) *first_full = pr.full;
        *drawn += rc == 0;
        if (rc > 0) {
            printf("clx: report: plot %s not drawn: %s\n", s->plots[i].name, pr.not_drawn);
            fprintf(out, "\n### %s\n\n*Not drawn on this run:* %s.\n", s->plots[i].title ? s->plots[i].title : s->plots[i].name,
                    pr.not_drawn);
            plot_result_free(&pr);
            continue;
        }
        if (pr.warning) printf("clx: report: plot %s: %s\n", s->plots[i].name, pr.warning);
        for (int k = 0; k < pr.figures.n; k++) {
            fprintf(out, "\n### %s\n\n![%s](plots/%s.png)\n\n[SVG](plots/%s.svg) · [data](plots/%s.tsv) · [script](plots/%s.gp)\n",
                    pr.captions.v[k], pr.captions.v[k], pr.figures.v[k], pr.figures.v[k], pr.figures.v[k], pr.figures.v[k]);
            if (pr.note && k == pr.figures.n - 1) fprintf(out, "\n*%s.*\n", pr.note);
        }
        /* A full disk loses the data and script too, gnuplot or not. */
        if (rc < 0 && (!no_gp || full)) {
            failed++;
            char *said = report_draft_in_place(d, pr.error);
            if (!full) warn("%s", said);
            *nfull += full;
            fprintf(out, "\n**Not drawn:** %s\n", said);
            free(said);
        }
        plot_result_free(&pr);
    }
    return failed;
}

/* What the sections of a run with rows came to: the findings' verdicts and what a fuller sweep
 * decides, plots drawn and failed, rows that did not pass. */
struct report_tally {
    struct findings_tally f;
    int drawn, failed, nbad;
    int full;                   /* plots and own charts that failed for want of room (a full disk or quota) */
    int full_err;               /* the first one's errno: ENOSPC or EDQUOT, said by say_unwritten */
    int own[REPORT_CHARTS];     /* the report's own charts' states, as their sections return them */
};

/* failed_all: the plots of the spec's and the report's own charts that gnuplot could not draw:
 * each a failure alike (the console's "some could not be", exit 1). */
static int failed_all(const struct report_tally *t) { return t->failed + report_charts_failed(t->own); }

/* sections: report.md after the provenance, for a run with rows: the rows that did not pass, the
 * findings, plots, speed of light, search and tables, tallied into *t; their files into the draft d.
 * A stop ends it at the next plot. */
static void sections(FILE *out, const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd, int quiet,
                     const struct report_draft *d, struct report_tally *t)
{
    t->nbad = not_passed(out, r);
    report_findings(out, r, s, cmd, quiet, d->dir, &t->f);
    report_atlas(out, r);
    report_tune(out, r);
    /* Into the draft's own plots/: the earlier report's pictures go once this one is whole, the
     * report's own charts' as the spec's (a sol.png no longer drawn was left beside a report that
     * said so). */
    t->failed = plots(out, r, s, t->nbad, d, &t->drawn, &t->full, &t->full_err);
    if (report_draft_stopped(0)) return;
    t->own[REPORT_CHART_SOL] = report_sol(out, r, d, &t->full_err);
    if (report_draft_stopped(0)) return;
    t->own[REPORT_CHART_SEARCH] = report_search(out, r, d, &t->full_err);
    fprintf(out, "\n## Tables\n");
    summary_print(r, SUMMARY_BEST | SUMMARY_BUILDS | SUMMARY_CPU | SUMMARY_REPEAT | SUMMARY_WARN, out, 1);
    energy_table(r, out);
    t->own[REPORT_CHART_LATENCY] = report_probes(out, r, d, &t->full_err);
    t->full += report_charts_full(t->own);
    fprintf(out, "\nEvery row is in [results.tsv](results.tsv) (columns: clx's docs/results.md); the provenance in [run.json](run.json).\n");
}

/* say_unwritten: the one line of a report whose files could not be written (a full disk): which of
 * report.md, findings.tsv, the plots and the report's own charts did not (t: its tally, failed of
 * nplots) and why, and which were written. Each file is written beside and moved in place, and a
 * picture that failed is removed (plot_gp.c): an earlier report.md or findings.tsv that could not
 * be replaced stays, and is said only where there is one.
 * kept: report.md not written whole, so none of the report was put in place (report_draft_done). */
static void say_unwritten(const char *dir, int md_err, int kept, const struct report_tally *t, int nplots)
{
    struct sbuf what = {0}, done = {0};
    sb_printf(&what, "%s", "");
    sb_printf(&done, "%s", "");
    sb_printf(md_err ? &what : &done, "report.md");
    struct sbuf *tsv = t->f.tsv_err ? &what : &done;
    sb_printf(tsv, "%sfindings.tsv", tsv->len ? ", " : "");
    if (t->failed) sb_printf(&what, "%s%d of its %d plots", what.len ? ", " : "", t->failed, nplots);
    report_charts_list(t->own, REPORT_CHART_FULL, &what);
    if (t->drawn) sb_printf(&done, "%s%d plot%s", done.len ? ", " : "", t->drawn, t->drawn == 1 ? "" : "s");
    report_charts_list(t->own, REPORT_CHART_DRAWN, &done);
    int err = md_err ? md_err : t->f.tsv_err ? t->f.tsv_err : t->full_err ? t->full_err : ENOSPC;
    /* Nothing was put in place: a report.md there now was there before (none: none is promised). */
    char *md = path_join(dir, "report.md");
    int earlier = file_exists(md);
    free(md);
    if (kept) warn("report: cannot write %s in %s: %s (no part-written file is left: none of the report is put in place, "
                   "%s)", what.s, dir, strerror(err),
                   earlier ? "its earlier report.md, findings.tsv and plots/ stay as they were" : "and the folder had none before");
    else warn("report: cannot write %s in %s: %s (no part-written file is left: an earlier report.md or findings.tsv that "
              "could not be replaced stays as it was, and a plot not drawn has no picture%s%s)", what.s, dir, strerror(err),
              done.len ? "; written: " : "", done.s);
    sb_free(&what);
    sb_free(&done);
}

/* said: the console's lines on a written report.md at path: plots, findings, what a --quick run
 * leaves to the full sweep, the rows that did not pass. */
static void said(const char *path, const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd,
                 const struct report_tally *t)
{
    char *own = report_charts_said(t->own);
    printf("clx: report: %s (%d of %d plot%s drawn%s%s", path, t->drawn, s->nplots, s->nplots == 1 ? "" : "s", own,
           failed_all(t) ? "; some could not be: see above" : "");
    free(own);
    if (s->nfindings) {
        char *counts = findings_counts(t->f.count);
        printf("; the %s's findings: %s", spec_findings_whose(s), counts);
        free(counts);
    }
    printf(")\n");
    report_findings_quick_said(r, s, cmd, &t->f);
    if (t->nbad) printf("clx: report: %d row%s did not pass (FAIL, error, crashed, timeout, build-failed or stopped): listed first in "
                        "report.md, and in no plot, table or finding\n", t->nbad, t->nbad > 1 ? "s" : "");
}

/* stale_said: where a merge may have rewritten r's folder while the report was drawn (one was writing
 * it, or it is a merge's, which the next merge into it replaces), report.md is marked stale if its
 * results.tsv was (report_stale.h), and that said; a merge that ends after the report is in place
 * marks it itself. */
static void stale_said(const struct rundir *r)
{
    char *stale = NULL;
    if ((r->merging || runjson_part(&r->rj, RJ_MERGED)) && report_stale_mark(r->dir, &stale) == 1) warn("report: %s", stale);
    free(stale);
}

int report_make(const char *run_dir, const struct report_opts *o)
{
    struct rundir r;
    char *err = NULL, *source = NULL;
    if (report_is_modes(run_dir)) return report_modes(run_dir);
    if (rundir_open(run_dir, &r, &err)) die("report: %s", err);
    /* A merge writing the folder now: what follows is of what it has written so far. */
    if (r.merging) warn("report: %s", r.merging);
    /* A report of a run still going said "unfinished" and stayed beside its finished results. */
    if (o->refuse_running && report_running(&r)) { rundir_free(&r); return EXIT_CANNOT_RUN; }
    /* The commands it suggests name the run's device, which a simulator's command alone shows, or
     * the variable without which its driver offers none (RUSTICL_ENABLE). */
    called_as_under(drvenv_under_run(&r.rj));
    /* No rows (stopped before its first), or all skipped: one line, and a report.md of only that. */
    /* Rows gone from a finished run's file: its findings and plots would read what is left as the
     * sweep, "24 ok" above no row. Reported, then exit 4: the run cannot be read whole. */
    char *lost = rundir_rows_lost(&r);
    char *none = lost ? NULL : report_no_rows(&r), *part = none ? NULL : report_partial(&r);
    if (none) warn("report: %s (report.md says only that)", none);
    else if (part) warn("report: %s", part);
    if (lost) warn("report: %s; report.md is of the rows left", lost);
    /* A run that could not write one of its files exited 4 (store/rowstatus.h's rule): its folder
     * is incomplete, its rows whole. Said, and the report's status is the run's. */
    int unwritten = (int)rj_num(r.rj.counts.files_unwritten);
    /* A merged run's are its shards' (clx merge carries their sum): the merge copied what they wrote. */
    int merged = runjson_part(&r.rj, RJ_MERGED) != NULL;
    /* Whole only where no stop or failed rewrite left rows cut short (said above, then). */
    const char *rows = rundir_end(&r) == RUNDIR_FINISHED ? "; its rows are whole" : "";
    char *incomplete = unwritten <= 0 ? NULL
                       : merged ? xasprintf("%d of its parts' files could not be written when they ran (their consoles named "
                                            "the first; run.json counts.files_unwritten, their sum): they exited 4, and the "
                                            "merged folder lacks those files too%s", unwritten, rows)
                       : xasprintf("%d of the run's files could not be written when it ran (its console named the first; "
                                   "run.json counts.files_unwritten): it exited 4%s", unwritten, rows);
    if (incomplete) warn("report: %s is incomplete: %s", r.dir, incomplete);
    struct spec s;
    struct runspec_cmd cmd;
    char *unread = NULL;
    runspec_pick(&r, o->spec_path, &s, &source, &cmd, &unread);
    /* Another experiment's findings judged on this run's rows, under its title, would read as this
     * run's: a bad value of --spec (exit 2), refused before anything is written. */
    char *ran = o->spec_path ? runspec_other_experiment(&r, &s) : NULL;
    if (ran) {
        warn("report: %s is a spec of '%s', the run one of '%s': --spec takes a spec of the run's experiment (one naming "
             "its template, %s)", s.path, s.name, r.experiment, ran);
        free(ran); free(part); free(lost); free(source); free(none); free(incomplete); free(unread);
        runspec_cmd_free(&cmd);
        spec_free(&s);
        rundir_free(&r);
        return EXIT_USAGE;
    }
    if (strcmp(s.name, r.experiment)) warn("report: %s is a spec of '%s', the run one of '%s'", s.path, s.name, r.experiment);
    /* A chart whose builds' bars may stand at different points: said by clx report as by clx run. */
    if (o->spec_warnings) runspec_warn_unpaired(&r, &s);
    /* r.dir: the run read, which a folder of runs names through its latest (rundir_open). */
    /* Drawn aside and put in place whole: a stop while it is drawn leaves the folder as it was. A
     * folder that cannot take the draft (read-only) cannot take the report: said as a full disk is. */
    struct report_draft d;
    struct report_tally t = {0};
    char *path = path_join(r.dir, "report.md");
    int rc = EXIT_CANNOT_RUN, md_err = 0;
    if (report_draft_begin(&d, r.dir)) {
        md_err = t.f.tsv_err = errno ? errno : EIO;
        t.failed = s.nplots;
        if (!report_draft_busy(md_err, "report", r.dir, NULL, NULL)) say_unwritten(r.dir, md_err, 0, &t, s.nplots);
        goto out;
    }
    /* An earlier report's files of these in plots/ are this one's to replace, report.md or not. */
    for (int i = 0; i < s.nplots; i++) report_draft_own(&d, s.plots[i].name);
    for (int k = 0; k < REPORT_CHARTS; k++) report_draft_own(&d, report_chart_stem(k));
    char *tmp = report_draft_file(&d, "report.md");
    FILE *out = fopen(tmp, "w");
    md_err = out ? 0 : errno ? errno : EIO;
    /* Not made (a full disk's inodes): the rest is tried, and said below with report.md. */
    if (!out && !(out = fopen("/dev/null", "w"))) die("cannot write %s: %s", tmp, strerror(md_err));
    free(tmp);
    fputs(REPORT_MD_WRITTEN, out);
    report_stale_stamp(out, &r);
    /* A --split-any's rows ran on several devices: the title names them all, and the warning that
     * its rows of two devices sit side by side comes before the findings and plots that read them. */
    char *devs = rundevs_words(&r.rj, 0);
    fprintf(out, "# %s on %s\n\n%s\n", r.experiment, devs, s.description);
    free(devs);
    summary_mixed_devices(&r, out, 1);
    fputs("\n", out);
    rundir_merging_md(out, &r);
    if (none) fprintf(out, "**%s:** %s.\n\n", r.t.nrows ? "Nothing measured" : "No rows", none);
    /* A run with every row whose last run.json was lost is its whole sweep, its end not recorded. */
    if (part) fprintf(out, "**%s:** %s.\n\n", rundir_end(&r) == RUNDIR_UNFINISHED && rundir_rows_all(&r) ? "Its end not recorded"
                      : "Part of a sweep", part);
    if (lost) fprintf(out, "**Rows missing:** %s; what follows is of the rows left.\n\n", lost);
    if (incomplete) fprintf(out, "**Incomplete:** %s.\n\n", incomplete);
    if (unread) fprintf(out, "**Spec file not read:** %s, so the report uses the spec stored in run.json.\n\n", unread);
    /* A merge's rows are its parts', each timed in its own run: named before the load, one part's. */
    report_merged_top(out, &r.rj);
    report_hostload_top(out, &r.rj, !none && s.nfindings > 0);
    report_provenance(out, &r, source, lost);
    if (!none) sections(out, &r, &s, &cmd, o->quiet, &d, &t);
    else if (findings_tsv_none(d.dir)) t.f.tsv_err = errno;   /* no finding checked: none of an earlier report's stays */
    int sig = report_draft_stopped(0);
    if (sig) {
        fclose(out);
        rc = report_draft_stop(&d, sig);
        goto out;
    }
    if ((ferror(out) | fclose(out)) && !md_err) md_err = errno ? errno : EIO;
    int kept = md_err != 0, moved = report_draft_done(&d, !md_err);
    if (!md_err) md_err = moved;
    if (md_err || t.f.tsv_err || t.full) {
        say_unwritten(r.dir, md_err, kept, &t, s.nplots);
        goto out;
    }
    if (!none) said(path, &r, &s, &cmd, &t);
    stale_said(&r);
    /* --fail-on finding: a gate on the findings, as clx compare --fail-on is one on the rows. */
    int refuted = o->fail_on != GATE_NONE ? report_findings_fail(&s, &t.f, o->fail_on, o->fail_on_as) : 0;
    /* A stopped or unfinished run, or one with no rows, is not finished: it cannot be read whole
     * (exit 4), as a finished one that lost rows or files; its report is written and says so. */
    rc = lost || incomplete || report_part_status(&r) ? EXIT_CANNOT_RUN : failed_all(&t) || t.nbad || refuted ? EXIT_ROWS_FAILED : 0;
out:
    findings_tally_free(&t.f);
    free(path); free(source); free(none); free(part);
    runspec_cmd_free(&cmd);
    spec_free(&s);
    rundir_free(&r);
    free(lost);
    free(incomplete);
    free(unread);
    return rc;
}
