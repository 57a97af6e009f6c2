/* report_findings.c — report.md's findings section and the console's list of them: each claim, the
 * rows it is checked on, its verdict and the numbers that decided; for a --quick run, the sweeps
 * that decide what it cannot check. */
#include "report_findings.h"
#include "report_hostload.h"
#include <errno.h>
#include "finding_elsewhere.h"
#include "finding_narrow.h"
#include "finding_pick.h"
#include "finding_rows.h"
#include "findings_tsv.h"
#include "quickrun.h"
#include "spec/bufbytes.h"
#include "spec/finding_swept.h"
#include "spec/restrictions.h"
#include "store/jsonval.h"
#include "store/rundevs.h"
#include "store/rundir_unreached.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/texttab.h"
#include <stdlib.h>
#include <string.h>

/* searched: whether the run searched its space (clx run --search) rather than swept it. */
static int searched(const struct rundir *r) { return cJSON_IsObject(runjson_part(&r->rj, RJ_SEARCH)); }

/* full_budget: of a search at a smaller size than the spec's own, the budget that pays for the rounds
 * a race needs at the spec's sizes (run.json's search.full_size, which the run estimated from its
 * rounds scaled by the work the spec counts) where the run's own pays for fewer; else 0, the run's
 * --budget kept (a --budget P% is a share of the full space's sweep already). *full: that object. A
 * search of sgemm's full space suggested with a quick run's --budget 30 took 114.6 s a round and
 * measured one configuration. */
static double full_budget(const struct rundir *r, const cJSON **full)
{
    const cJSON *se = runjson_part(&r->rj, RJ_SEARCH), *f = cJSON_GetObjectItemCaseSensitive(se, "full_size");
    if (!cJSON_IsObject(f) || json_num(se, "budget_share") > 0) return 0;
    /* Raised only where the run's own budget pays for fewer than the rounds a race needs there (one
     * that pays for them, if with little to spare, is kept: "pays for fewer" would be false). */
    double b = json_num(f, "budget_s");
    if (!(json_num(se, "budget_s") < json_num(f, "need_s")) || !(b > json_num(se, "budget_s"))) return 0;
    *full = f;
    return b;
}

/* full_said: what full_sweep's command is, in the words beside it, with why its budget is not the
 * run's where full_budget raised it (a new string). */
static char *full_said(const struct rundir *r)
{
    if (!searched(r)) return xstrdup("the full sweep");
    const cJSON *f = NULL;
    if (!full_budget(r, &f)) return xstrdup("a search of the full space, as this run searched it");
    char here[32], there[32], need[32], own[32], once[32];
    /* The first launch's one-off (a driver compiling the kernel then) is no work: added unscaled. A
     * run.json of an older clx has none (once_s), and its figure scaled the whole first round. */
    double o = json_num(f, "once_s");
    char *aside = isnan(o) ? xstrdup("") : xasprintf(", with its first launch's one-off (%s s here: a driver compiling the "
                                                     "kernel then) added unscaled", fmt_fig(once, sizeof once, o));
    char *s = xasprintf("a search of the full space, as this run searched it, with a budget that pays for the %.0f rounds a "
                        "race needs at the least at %s, rounded up generously: a configuration's first round (its warm-ups "
                        "and set-up with it%s) took %s s in this run (the median of %.0f), about %s s at %s by the work the "
                        "spec counts%s, and the %.0f rounds about %s s there, where this run's budget of %s s pays for fewer",
                        json_num(f, "least_rounds"), json_str(f, "at"), isnan(o) ? "" : ", its first launch's one-off aside",
                        fmt_fig(here, sizeof here, json_num(f, "round_s")),
                        json_num(f, "rounds"), fmt_fig(there, sizeof there, json_num(f, "full_round_s")), json_str(f, "at"),
                        aside, json_num(f, "least_rounds"), fmt_fig(need, sizeof need, json_num(f, "need_s")),
                        fmt_fig(own, sizeof own, json_num(runjson_part(&r->rj, RJ_SEARCH), "budget_s")));
    free(aside);
    return s;
}

/* full_sweep: what `clx run ...` measures this run's full sweep (of a search: searches its full space,
 * `--search` and the run's own `--budget`): the experiment by name where it is
 * a shipped one, else the spec's path (run.json's spec_file: absolute, or relative to clx's home;
 * the name alone is clx's own experiment or none), or the spec as run written out where the report
 * reads that one (cmd->file: the file's names are no longer the rows'), on the device it ran on (a
 * --device all run's report is one device's), each word quoted for a shell where it must be. A new
 * string. */
static char *full_sweep(const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd)
{
    static const struct args_option device = { "--device", 1 }, budget = { "--budget", 1 };
    const char *dev = args_value(r->rj.args.v, r->rj.args.n, &device);
    /* A search's space is searched again, with its own budget: sgemm's full sweep is 62,128
     * configurations, hours of builds, which the search was run not to take. */
    const cJSON *f = NULL;
    double raised = searched(r) ? full_budget(r, &f) : 0;
    char fig[32];
    if (raised > 0) snprintf(fig, sizeof fig, "%.10g", raised);
    const char *b = raised > 0 ? fig : searched(r) ? args_value(r->rj.args.v, r->rj.args.n, &budget) : NULL;
    char *by = searched(r) ? xasprintf(" --search%s%s", b ? " --budget " : "", b ? b : "") : xstrdup("");
    const char *file = cmd->file ? cmd->file : rj_str(r->rj.spec_file);
    char *shipped = xasprintf("templates/%s.spec", s->name);
    char *spec = shell_word(*file && strcmp(file, shipped) ? file : s->name), *on = dev ? shell_word(dev) : NULL;
    char *t = xasprintf("%s%s%s%s", spec, by, on ? " --device " : "", on ? on : "");
    free(by);
    free(shipped);
    free(spec);
    free(on);
    return t;
}

/* sweep_decides_which: of a --quick run's findings that cannot be checked, those a full sweep
 * decides: "them", or "4 of the 7 not checked (...)" where the others read a value no row of the
 * run has, rows that did not pass or a peak that is only an estimate, which no sweep of it changes,
 * or have a selector several of its rows match where it names one, which more rows do not change
 * either, or name configurations the device cannot hold, which that sweep skips there (a new string). */
static char *sweep_decides_which(const struct findings_tally *t)
{
    int nodata = t->count[V_NODATA], decides = t->sweep_decides - t->sweep_unfit;
    int other = nodata - t->sweep_decides - t->ambiguous, parts = 0;
    if (decides == nodata) return xstrdup("them");
    struct sbuf b = {0};
    if (decides) sb_printf(&b, "%d of the %d not checked (", decides, nodata);
    else sb_printf(&b, "none of the %d not checked (", nodata);
    /* "the other 3 ..." where one kind of reason covers them all; else each kind its count. */
    const char *lead = decides && (other > 0) + (t->ambiguous > 0) + (t->sweep_unfit > 0) == 1 ? "the other " : "";
    if (other)
        sb_printf(&b, "%s%d read a value no row of this run has, rows that did not pass, or a peak that is only an "
                      "upper-bound estimate, or have a premise that does not hold on this device: no sweep of it changes that",
                  parts++ ? "" : lead, other);
    if (t->ambiguous)
        sb_printf(&b, "%s%s%d %s ambiguous: a selector several rows match where it names one, which more rows do not change",
                  parts ? "; " : "", parts ? "" : lead, t->ambiguous, t->ambiguous == 1 ? "is" : "are"), parts++;
    if (t->sweep_unfit)
        sb_printf(&b, "%s%s%d %s configurations whose buffers this device cannot hold (past its largest allocation, or "
                      "together past %.0f%% of its global memory): run on it, that sweep skips them",
                  parts ? "; " : "", parts ? "" : lead, t->sweep_unfit, t->sweep_unfit == 1 ? "names" : "name",
                  100 * BUFBYTES_DEVICE_SHARE);
    sb_printf(&b, ")");
    return b.s;
}

/* small_sweep_words: what a small sweep that decides narrow of the sweep_decides findings a full
 * sweep decides is said as, before its command: "A small sweep decides them too, the quick one with
 * the values they name added", or "... decides 3 of them" (a new string; capital: its first letter
 * upper case; quick: of a quick run, else of a full run its options narrowed: "this run's own"). */
static char *small_sweep_words(int narrow, int sweep_decides, int capital, int quick)
{
    const char *own = quick ? "the quick one" : "this run's own";
    return narrow == sweep_decides
               ? xasprintf("%c small sweep decides them too, %s with the values they name added", capital ? 'A' : 'a', own)
               : xasprintf("%c small sweep, %s with the values they name added, decides %d of them", capital ? 'A' : 'a',
                           own, narrow);
}

/* lead_words: why a run cannot decide a finding a fuller sweep decides: a quick run's small sizes, or
 * the values a full run's options (opts, as given) left out (a new string; capital as above). */
static char *lead_words(int quick, const char *opts, int capital)
{
    if (quick)
        return xasprintf("%chis quick run cannot decide a finding about sizes or work-group sizes it does not measure",
                         capital ? 'T' : 't');
    return xasprintf("%chis run's options (%s) left out values the findings speak of", capital ? 'T' : 't', opts);
}

/* restricted: whether the spec's restrictions over a launch axis (ctx: the spec) leave out the
 * configuration of row (cells by r's columns): the run would have written it skipped, not measured
 * (rundir_unreached_skip). Every name they read must be a number in the row (one no such restriction
 * reads, a parameter KIND = "good", is left unset, as the run leaves it); else 0, not known, and the
 * configuration is taken as not reached. */
static int restricted(void *ctx, const struct rundir *r, const char *const *row)
{
    const struct spec *s = ctx;
    const struct spec_restrictions *sr = s->restrictions;
    if (!sr) return 0;
    struct vars vv = {0};
    int known = 1;
    for (int k = 0; k < sr->names.n && known; k++) {
        const char *name = sr->names.names[k];
        int read = 0;
        for (int i = 0; i < sr->exprs.n; i++) read |= sr->per_point[i] && expr_reads(sr->prog[i], name);
        if (!read) continue;
        int col = !strcmp(name, "local") ? r->c_local : table_col(&r->t, name);
        char *end = NULL;
        double x = col >= 0 ? strtod(row[col], &end) : 0;
        known = col >= 0 && *row[col] && !*end;
        if (known) vars_set(&vv, name, x);
    }
    char *err = NULL, *why = known ? restrictions_point(s, &vv, &err) : NULL;
    int left = why != NULL;
    vars_free(&vv);
    free(err);
    free(why);
    return left;
}

/* stopped_said: where r's run stopped before its sweep's end (x: r as rundir_unreached_open made it),
 * what its findings stand on, in a new string (NULL where it did not): its rows of those planned,
 * and the configurations it did not reach taken as rows that did not pass, or, where they cannot be
 * known, that each finding says it stands on the rows measured alone. md: report.md's words. */
static char *stopped_said(const struct rundir *r, const struct rundir *x, int md)
{
    if (x->reach == RUNDIR_REACH_WHOLE || (x->reach == RUNDIR_REACH_KNOWN && !x->nunreached)) return NULL;
    char planned[48] = "";
    if (r->rj.planned_rows > 0) snprintf(planned, sizeof planned, " of %.0f planned", r->rj.planned_rows);
    char *dir = rundir_realdir(r), *s;
    const char *em = md ? "*" : "", *code = md ? "`" : "";
    if (x->reach == RUNDIR_REACH_KNOWN)
        s = xasprintf("this run was stopped with %d row%s%s: its findings are checked on the rows it measured, the %d "
                      "configuration%s it did not reach taken as rows that did not pass (%snot reached%s): a best (max, "
                      "min) they could change %scannot be checked%s, and a mean or the like says the points it stands on; "
                      "%s%s run --resume %s%s measures them", rundir_rows_read(x), rundir_rows_read(x) == 1 ? "" : "s", planned, x->nunreached,
                      x->nunreached == 1 ? "" : "s", em, em, em, em, code, md ? clx_doc_cmd() : clx_cmd(), dir, code);
    else
        s = xasprintf("this run was stopped with %d row%s%s, and which configurations it did not reach is not known here: "
                      "its findings are checked on the rows it measured alone, and each says so; %s%s run --resume %s%s "
                      "measures the rest", rundir_rows_read(x), rundir_rows_read(x) == 1 ? "" : "s", planned, code, md ? clx_doc_cmd() : clx_cmd(), dir, code);
    free(dir);
    return s;
}

void report_findings(FILE *out, const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd, int quiet,
                     const char *tsv_dir, struct findings_tally *t)
{
    struct narrow narrow = {0};
    if (s->nfindings == 0) {
        if (findings_tsv_none(tsv_dir)) t->tsv_err = errno;
        return;
    }
    /* findings.tsv from the same evaluation as the section, a row as each of its rows is written. */
    struct findings_tsv tsv;
    findings_tsv_open(&tsv, tsv_dir);
    t->verdict = xcalloc((size_t)s->nfindings, sizeof *t->verdict);
    t->nverdicts = s->nfindings;
    const char *whose = spec_findings_whose(s);
    /* A --split-any's rows ran on several devices: a finding that sets two variants side by side may
     * set two devices side by side, which "on this device" hid. */
    char *devs = rundevs_count(&r->rj) > 1 ? rundevs_words(&r->rj, 0) : NULL;
    fprintf(out, "\n## The %s's findings on %s%s\n\n", whose, devs ? "the rows of " : "this device", devs ? devs : "");
    fprintf(out, "Each finding of the %s is a check over this run's measured rows (status ok or unverified); the spec states it. "
                 "Where a claim states a size, the verdict says whether the size holds too (*holds in direction, not in size*); "
                 "rows compared by time are judged by `clx compare`'s verdict rule, a check or size over times and rates again at "
                 "every value within each one's noise floor, and a difference within their rounds' noise *cannot be decided "
                 "here*, as is one on rows a stop cut short (flag rounds-cut). *On rows* names the rows a finding is checked on (the "
                 "spec's `where`; each part's own, a compare's pairs by number, where a part's selectors name others): its "
                 "verdict is of those rows, not of the others. A finding that *cannot be checked* shows the values of its "
                 "parts that were measured, then why it cannot be.\n\n", whose);
    if (devs) fprintf(out, "These rows ran on %s (the warning above says which part ran where): a finding that compares two "
                           "variants may compare the devices they ran on as much as the variants.\n\n", devs);
    free(devs);
    report_hostload_findings(out, &r->rj);
    /* A quick run's verdicts are of its small sweep: said once above them, each marked, so that none
     * is read as the experiment's answer (a quick peaks run on a CPU found a read stream 11x below a
     * copy; the full run reversed it). A finding no sweep of the run can check (a value the device or
     * the run's options give no row, an estimated peak) is not marked: "(quick run)" there read as
     * "the full sweep will check it". findings.tsv keeps its verdict tokens: run.json's `quick`
     * beside it says whose they are. */
    int quick = rundir_quick(r);
    /* A full run its options narrowed (the README's --set ILP=1,2,4 --local 64:1024:64) leaves out
     * values its findings name as a quick run does: it is given the sweep that decides them too. */
    char *opts = quick ? NULL : narrow_run_options(r);
    int narrowed = opts != NULL;
    char *full_cmd = quick || narrowed ? full_sweep(r, s, cmd) : NULL;
    /* Every finding is checked before the table is written: the sentence on the marks above it is
     * said only where a verdict below carries one (a quick run whose findings no sweep of it checks,
     * or that are ambiguous in the full sweep too, marks none). */
    struct finding_result *res = xcalloc((size_t)s->nfindings, sizeof *res);
    const char **marks = xcalloc((size_t)s->nfindings, sizeof *marks);
    int nmarked = 0;
    struct sweepcheck sweep;
    int swept = 0;
    struct finding_peers peers = {0};
    int peers_read = 0;
    /* The configurations a stopped run never reached, as rows that did not pass: a best of the rows it
     * has is no best of its sweep (rundir_unreached.h). */
    struct rundir reach;
    rundir_unreached_open(r, &reach, restricted, (void *)s);
    char *stopped = stopped_said(r, &reach, 1);
    if (stopped) fprintf(out, "**Stopped:** %s.\n\n", stopped);
    free(stopped);
    for (int i = 0; i < s->nfindings; i++) {
        const struct spec_finding *f = &s->findings[i];
        struct finding_result *fr = &res[i];
        findings_eval(&reach, f, fr);
        /* A value the spec never sweeps (N=16M for 16Mi, a build it lacks), or a selector several
         * rows of its sweep match: said, and no sweep suggested for it. A quick run's verdict on such
         * a finding is no foretaste of the full sweep's, which cannot give one: not marked as one. */
        int line;
        char *unswept = NULL;
        if (fr->verdict == V_NODATA || quick) {
            if (!swept++) sweepcheck_open(s, &sweep);    /* the sweep's rows planned once, when first needed */
            unswept = finding_unswept(s, &sweep, f, &line);
        }
        char **said = fr->verdict == V_NODATA ? &fr->why : &fr->measured;
        /* One that holds on the same device under another implementation: said, as its note's causes
         * (a wrong peak or clock) are then not the cause. */
        char *elsewhere = NULL;
        if (fr->verdict == V_FAILS || fr->verdict == V_SIZE) {
            if (!peers_read++) finding_peers_read(r, &peers);   /* the folder read once, when first needed */
            elsewhere = finding_elsewhere(&peers, f);
        }
        if (elsewhere && *said) {
            char *both = xasprintf("%s; %s", *said, elsewhere);
            free(*said);
            *said = both;
        }
        free(elsewhere);
        /* Under load, a rate's "stays below" holds for free: said on its line as above the table. */
        char *loaded = fr->verdict == V_HOLDS ? report_hostload_free_hold(&r->rj, f) : NULL;
        if (loaded) {
            char *both = xasprintf("%s%s%s", *said ? *said : "", *said && **said ? "; " : "", loaded);
            free(*said);
            *said = both;
            free(loaded);
        }
        if (unswept && *said) {
            char *why = xasprintf("%s; %s", *said, unswept);
            free(*said);
            *said = why;
        }
        t->count[fr->verdict]++;
        t->verdict[i] = fr->verdict;
        findings_tsv_row(&tsv, i + 1, f, fr);
        /* A finding whose metric no row of the run has a value of, or whose rows did not pass: the
         * full sweep gives none either. */
        int decides = fr->verdict == V_NODATA && finding_sweep_decides(fr->why);
        t->sweep_decides += decides;
        t->ambiguous += fr->verdict == V_NODATA && finding_ambiguous(fr->why);
        if (decides && (quick || narrowed)) narrow_add(&narrow, f);
        /* A premise false on a quick run's rows is a quick run's verdict too. */
        int premise = fr->verdict == V_NODATA && fr->why && strstr(fr->why, FINDING_PREMISE_FAILS);
        marks[i] = quick && !unswept && (fr->verdict != V_NODATA || decides || premise) ? QUICK_VERDICT : "";
        nmarked += *marks[i] != '\0';
        free(unswept);
    }
    if (swept) sweepcheck_close(&sweep);
    finding_peers_free(&peers);
    if (nmarked) {
        char *q = quick_run_said(1, 1);
        char *why = full_said(r);
        fprintf(out, "**%s**, so the verdicts marked *%s* below are a quick run's, not the experiment's answer: `%s run %s` "
                     "(%s) gives that.\n\n", q, QUICK_VERDICT_WORDS, clx_doc_cmd(), full_cmd, why);
        free(why);
        free(q);
    }
    fprintf(out, "| # | finding | verdict | measured |\n|---:|---|---|---|\n");
    if (!quiet && nmarked) {
        char *q = quick_run_said(0, 0);
        char *why = full_said(r);
        printf("clx: report: %s, so the verdicts marked %s below are a quick run's, not the experiment's answer: %s run %s "
               "(%s) gives that\n", q, QUICK_VERDICT_WORDS, clx_cmd(), full_cmd, why);
        free(why);
        free(q);
    }
    if (!quiet) printf("Findings (%s):\n", s->path);
    stopped = quiet ? NULL : stopped_said(r, &reach, 0);
    if (stopped) printf("  (%s)\n", stopped);
    free(stopped);
    rundir_unreached_close(&reach);
    for (int i = 0; i < s->nfindings; i++) {
        const struct spec_finding *f = &s->findings[i];
        struct finding_result *fr = &res[i];
        const char *mark = marks[i];
        /* A finding that cannot be checked shows the parts that were measured before what is missing. */
        char *said = finding_result_said(fr->verdict == V_NODATA, fr->measured, fr->why);
        char *claim = tt_md_escape(f->claim), *measured = tt_md_escape(said);
        char *seed = f->seed ? tt_md_escape(f->seed) : NULL, *note = f->note ? tt_md_escape(f->note) : NULL;
        char *unrun = f->unrunnable ? tt_md_escape(f->unrunnable) : NULL;
        /* The rows the claim is checked on, beside its verdict: "-cl-opt-disable costs more than
         * 10x" holds on ILP 8's rows and not on ILP 1's, and the claim's words need not say so. */
        char *on = finding_rows_said(f);   /* each part's rows, where they are not all the where's */
        char *where = on ? tt_md_escape(on) : NULL;
        fprintf(out, "| %d | %s%s%s%s%s%s%s%s%s | **%s**%s | %s |\n", i + 1, claim, where ? " <br>*on rows:* " : "", where ? where : "",
                seed ? " <br>*seed:* " : "", seed ? seed : "", note ? " <br>*note:* " : "", note ? note : "",
                unrun ? " <br>*no row of this experiment decides it:* " : "", unrun ? unrun : "", verdict_text(fr->verdict), mark,
                measured);
        if (!quiet) {
            char *v = xasprintf("%s%s", verdict_text(fr->verdict), mark);
            printf("  %-31s %s%s%s%s\n  %31s %s\n", v, f->claim, on ? " (on " : "", on ? on : "", on ? ")" : "", "",
                   said);
            free(v);
        }
        free(claim); free(measured); free(seed); free(note); free(unrun); free(where); free(on); free(said);
        finding_result_free(fr);
    }
    free(res);
    free(marks);
    if (findings_tsv_close(&tsv)) t->tsv_err = errno;
    char *counts = findings_counts(t->count);
    fprintf(out, "\n%s on this run.\n", counts);
    free(counts);
    if (t->sweep_decides && (quick || narrowed)) {
        t->sweep_unfit = narrow_unfit(&narrow, r, s);
        char *full = full_cmd, *which = sweep_decides_which(t), *lead = lead_words(quick, opts, 1), *why = full_said(r);
        fprintf(out, "\n%s. `%s run %s` (%s) decides %s.", lead, clx_doc_cmd(), full, why, which);
        free(why);
        /* A small sweep of a search's space, the values named added, is a sweep of it still. */
        t->narrow = searched(r) ? NULL : narrow_command(&narrow, r, s, full);
        t->narrow_decides = narrow.decides;
        if (t->narrow) {
            char *small = small_sweep_words(t->narrow_decides, t->sweep_decides - t->sweep_unfit, 1, quick);
            fprintf(out, " %s: `%s run %s`.", small, clx_doc_cmd(), t->narrow);
            free(small);
        }
        if (cmd->names) fprintf(out, " Note: %s.", cmd->names);
        fprintf(out, "\n");
        free(which);
        free(lead);
    }
    narrow_free(&narrow);
    free(full_cmd);
    free(opts);
}

void report_findings_quick_said(const struct rundir *r, const struct spec *s, const struct runspec_cmd *cmd,
                                const struct findings_tally *t)
{
    if (!s->nfindings || !t->sweep_decides) return;
    int quick = rundir_quick(r);
    char *opts = quick ? NULL : narrow_run_options(r);
    if (!quick && !opts) return;
    char *full = full_sweep(r, s, cmd), *which = sweep_decides_which(t), *why = full_said(r);
    if (quick)
        printf("clx: report: this was a --quick run, which does not measure every size the findings speak of: "
               "%s run %s (%s) decides %s\n", clx_cmd(), full, why, which);
    else
        printf("clx: report: this run's options (%s) left out values the findings speak of: %s run %s (%s) decides %s\n",
               opts, clx_cmd(), full, why, which);
    free(why);
    if (t->narrow) {
        char *small = small_sweep_words(t->narrow_decides, t->sweep_decides - t->sweep_unfit, 0, quick);
        printf("clx: report: %s: %s run %s\n", small, clx_cmd(), t->narrow);
        free(small);
    }
    if (cmd->names) printf("clx: report: %s\n", cmd->names);
    free(which);
    free(full);
    free(opts);
}

int report_findings_fail(const struct spec *s, const struct findings_tally *t, enum findings_gate gate, const char *as)
{
    int n = 0;
    for (int i = 0; i < t->nverdicts && i < s->nfindings; i++) {
        if (!verdict_fails(t->verdict[i], gate)) continue;
        printf("clx: report: finding %d %s: %s (--fail-on %s)\n", i + 1, verdict_text(t->verdict[i]), s->findings[i].claim, as);
        n++;
    }
    return n;
}

void findings_tally_free(struct findings_tally *t)
{
    free(t->narrow);
    free(t->verdict);
    t->narrow = NULL;
    t->verdict = NULL;
    t->nverdicts = 0;
}
