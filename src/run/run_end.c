/* run_end.c — what a run says and returns at its end: its counts and exit status, and whether
 * results/latest moved to it (the line of a run that did not move it). run.c's sweep calls these;
 * a stop's end (run.c stopped) says its own lines, the latest one through run_say_latest. */
#include "run_impl.h"
#include "store/refrows.h"
#include "store/strayrows.h"
#include "store/timeoutcut.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_tuning_pass(const struct run_opts *o) { return o->tune && o->tune->mode == TUNE_PASS; }

/* run_arm_latest: results/latest moves to this run at its first row that ran (store/latest.h); a run
 * continued whose kept rows have one had it moved then. */
void run_arm_latest(struct runner *r)
{
    if (!r->o->resume_dir) {
        latest_arm(&r->out.latest, r->o->results_root, r->out.res.dir);
        return;
    }
    const struct table *t = &r->out.resume.rows;
    int cs = table_col(t, "status");
    struct status_counts kept = {0};
    for (int i = 0; cs >= 0 && i < t->nrows; i++) status_counts_add(&kept, table_cell(t, i, cs));
    latest_arm_resumed(&r->out.latest, r->out.res.dir, &kept);
}

/* rows_ran: whether dir/results.tsv holds a row the device ran (0 where it cannot be read). */
static int rows_ran(const char *dir)
{
    struct table t;
    char *err = NULL, *path = path_join(dir, "results.tsv");
    int rc = table_read(path, &t, &err), ran = 0;
    free(path);
    free(err);
    if (rc) return 0;
    int cs = table_col(&t, "status");
    for (int i = 0; cs >= 0 && i < t.nrows && !ran; i++) ran = row_status_is_ran(row_status_of(table_cell(&t, i, cs)));
    table_free(&t);
    return ran;
}

int run_latest_kept(const char *dir) { return dir && rows_ran(dir); }

/* run_latest_stopped: run_arm_latest's rule, applied by the supervisor at the end of a worker it
 * speaks for (killed by a second stop, or dead in the stop): the worker moved latest at its first row
 * that ran, and the supervisor wrote rows in its place (held rows) that it never saw; so the rows of
 * dir as they are now decide, and where one ran, latest is moved to dir as the worker would have. */
char *run_latest_stopped(const struct run_opts *o, const char *dir, int resumed, int kept_ran)
{
    if (!dir || run_tuning_pass(o) || kept_ran) return NULL;
    struct latest l;
    struct status_counts none = {0};
    /* A new run's folder is results_root's (run.c); a resume's is where it is. */
    if (!resumed && o->results_root) latest_arm(&l, o->results_root, dir);
    else latest_arm_resumed(&l, dir, &none);
    if (rows_ran(dir)) latest_row(&l, RS_OK);
    char *line = latest_unmoved(&l);
    latest_free(&l);
    return line;
}

/* run_say_latest: the line of a run that did not move results/latest (latest_unmoved's, taken before
 * the teardown; freed), said once, at its end. */
void run_say_latest(char *line, FILE *f)
{
    if (!line) return;
    fflush(stdout);
    fprintf(f, "clx: %s\n", line);
    free(line);
}

/* first_said: a first failure ("variant V, build \"B\": TPL:LINE: what") as the run's end says it: where
 * it was said in full above (above), its variant and build and "(the error above)", not the error
 * again a few lines under itself; else whole (a new string; NULL for NULL). */
static char *first_said(const char *first, int above)
{
    if (!first) return NULL;
    const char *b = above && !strncmp(first, "variant ", 8) ? strstr(first, ", build \"") : NULL;
    const char *e = b ? strstr(b + 9, "\": ") : NULL;
    if (!e) return xstrdup(first);
    return xasprintf("%.*s (the error above)", (int)(e + 1 - first), first);
}

/* say_timeout_cut: the variants and builds of dir's rows that a launch past its limit cut short, said
 * (search: a search's, which never runs them again); how many of their rows are 'stopped' (not run
 * after it: a sweep's, which a resume measures). */
static int say_timeout_cut(const char *dir, int search)
{
    struct table tab;
    char *err = NULL, *path = path_join(dir, "results.tsv");
    int rc = table_read(path, &tab, &err);
    free(path);
    if (rc) {
        free(err);
        return 0;
    }
    struct timeout_cut c;
    timeout_cut_read(&tab, &c);
    table_free(&tab);
    if (c.names.n) {
        char *names = timeout_cut_names(&c), *resume = clx_resume_cmd(dir);
        fflush(stdout);
        if (c.nstopped)
            fprintf(stderr, "clx: a launch ran past its limit (status timeout) in %s: the sweep went on without the rest "
                    "of %s, %d configuration%s not run (status stopped); %s --timeout S measures them with a limit of S "
                    "seconds a launch (each that hangs again costs that)\n", names, c.names.n == 1 ? "it" : "them",
                    c.nstopped, c.nstopped == 1 ? "" : "s", resume);
        else fprintf(stderr, "clx: a launch ran past its limit (status timeout) in %s: the %s went on%s\n", names,
                     search ? "search" : "sweep", !search ? "" : c.names.n == 1 ? " without it" : " without them");
        free(resume);
        free(names);
    }
    int n = c.nstopped;
    timeout_cut_free(&c);
    return n;
}

/* run_end_status: the last lines of a run whose files were all written, from its tallies, and its exit
 * status (run.h); owned: the configurations this shard owns; s: the spec (its template's path, how it
 * verifies); out_of_time:
 * a tuning pass that ran out of its seconds. */
int run_end_status(const struct run_tally *t, const struct run_opts *o, long owned, const char *dir,
                   const struct spec *s, int out_of_time)
{
    const char *tpl = s->template_name;
    const char *baseline = o->verify != VERIFY_OFF ? s->baseline : NULL;   /* never with a reference (spec_check) */
    if (t->nshared)
        printf("clx: %d row%s flagged shared: another clx ran on this device while %s ran (--share-device is what lets two "
               "run at once); %s times are not the device's alone\n", t->nshared, t->nshared == 1 ? "" : "s",
               t->nshared == 1 ? "it" : "they", t->nshared == 1 ? "its" : "their");
    char *counts = status_counts_line_against(&t->st, baseline);
    if (!run_tuning_pass(o)) printf("clx: %s; results in %s\n", counts, dir);   /* the pass's are said by tune.c */
    free(counts);
    /* A timeout's: the variants and builds it cut short, read back from the rows (earlier workers'
     * and an earlier session's too), and the resume that measures the rest with a limit of its own. */
    int cut_stopped = !run_tuning_pass(o) && t->st.n[RS_TIMEOUT] ? say_timeout_cut(dir, o->search.on) : 0;
    /* A crash's: the configurations not run after it, and the one tried once more, are the resume's. */
    int n = t->st.n[RS_STOPPED] - cut_stopped;
    if (!run_tuning_pass(o) && (n > 0 || t->nretry)) {
        char *resume = clx_resume_cmd(dir);
        fflush(stdout);
        fprintf(stderr, "clx: a worker process crashed:");
        if (n > 0) fprintf(stderr, " %d configuration%s of its variant and build %s not run (status stopped)%s", n,
                           n == 1 ? "" : "s", n == 1 ? "was" : "were", t->nretry ? " and" : "");
        if (t->nretry) fprintf(stderr, " %d crashed for the first time (flag " CRASH_RETRY_FLAG ")", t->nretry);
        fprintf(stderr, "; %s %s\n", resume, !t->nretry ? "measures them" : n > 0 ? "measures them and tries the crashed "
                "once more" : "tries them once more");
        free(resume);
    }
    /* Said on stderr, where the failures were said: "above" is so in a log of stderr alone too. */
    if (t->nprobefail) {
        fflush(stdout);
        fprintf(stderr, "clx: %d probe measurements failed (see above and probes.tsv)\n", t->nprobefail);
    }
    /* Every row a failed build: the template (or what the compiler makes of it) is the mistake, as
     * much as a spec's, and the run could not measure anything. Not a shard's: its part may be
     * the one variant that does not build, which merge takes as a result. Where every build was
     * made and its kernel refused for the spec's buffers and arguments, that is said: nothing
     * failed to build, and the spec's line (or the kernel's parameter) is what to mend. */
    if (t->st.rows && t->st.n[RS_BUILD_FAILED] == t->st.rows && (t->first_unbuilt || t->first_refused) &&
        !o->shard.n) {
        fflush(stdout);
        char n[32] = "its row is";
        if (t->st.rows > 1) snprintf(n, sizeof n, "all %d rows are", t->st.rows);
        char *unbuilt = first_said(t->first_unbuilt, t->firsts_said), *refused = first_said(t->first_refused, t->firsts_said);
        if (t->nrefused == t->st.rows)
            warn("nothing ran: the kernel does not take the spec's buffers and arguments, so %s refused before the "
                 "sweep (%s build-failed); the first, %s", t->st.rows > 1 ? "every configuration was" :
                 "its configuration was", n, refused);
        else if (t->nrefused)
            warn("nothing could be built from %s: %s build-failed; the first, %s; %d refused for the spec's "
                 "arguments, the first, %s", tpl, n, unbuilt, t->nrefused, refused);
        else
            warn("nothing could be built from %s: %s build-failed; the first, %s", tpl, n, unbuilt);
        free(unbuilt);
        free(refused);
        return EXIT_CANNOT_RUN;
    }
    /* Every row an error of the host reference (it returned -1: a variable it reads that is not set,
     * a buffer it names that is not there): no row was checked nor ever will be, and the reference
     * is the mistake, as a template nothing builds from is. Not a shard's, as above. */
    if (t->st.rows && t->st.n[RS_ERROR] == t->st.rows && s->reference && !o->shard.n &&
        refrows_count(dir) == t->st.rows) {
        fflush(stdout);
        warn("nothing could be checked: the host reference '%s' (%s:%d) failed at every configuration, so %s error "
             "(the reason above, in each row's note): mend the reference, then run again", s->reference, s->path,
             s->reference_line > 0 ? s->reference_line : 1, t->st.rows > 1 ? "every row is" : "its row is");
        return EXIT_CANNOT_RUN;
    }
    /* Every row FAILed against a host reference, every kernel alike: independent kernels that all
     * disagree point at the reference (or the buffers it reads) as much as at them. Not where the
     * guard zones failed them: a kernel that writes outside its output (no bounds check, a global
     * rounded up past N) fails whatever the reference computes, and blaming it sent users there. */
    if (t->st.rows > 1 && t->st.n[RS_FAIL] == t->st.rows && s->reference && !baseline && o->verify != VERIFY_OFF && !o->shard.n &&
        t->plan_variants > 1) {
        int stray = stray_rows(dir, NULL), unwritten = unwritten_rows(dir);
        fflush(stdout);
        if (stray >= t->st.n[RS_FAIL])
            warn("every row FAILed for writing outside its buffers (the guard zones caught it; each row's note says "
                 "where), every variant alike: check the kernels' bounds (a work-item at or past the output's count "
                 "must write nothing: the global size is rounded up to the work-group size) and the outputs' counts "
                 "in %s, not the host reference", s->path);
        else if (unwritten >= t->st.n[RS_FAIL])
            warn("every row FAILed with elements of its output " UNWRITTEN_WORDS " (each row's note says from where), "
                 "every variant alike: check that the global size (%s:%d) and the kernels' bounds give every element a "
                 "work-item, not the host reference", s->path, s->global_line > 0 ? s->global_line : 1);
        else if (!stray && !unwritten)
            warn("every row FAILed its check against the host reference '%s' (%s:%d), every variant alike: where no "
                 "kernel agrees with it, check the reference and the buffers it reads (their counts in the spec) as "
                 "well as the kernels", s->reference, s->path, s->reference_line > 0 ? s->reference_line : 1);
    }
    /* The rows' rule, which clx merge applies to the merged rows too (store/rowstatus.h); a file
     * that could not be written ended the run before this (run.c). */
    int rc = status_counts_exit(&t->st, t->nprobefail, 0);
    if (rc == EXIT_ROWS_FAILED) return rc;
    int ran = status_counts_measured(&t->st);
    if (ran == 0 && o->shard.n && !owned) return 0;   /* a shard with nothing of its own: nothing to fail */
    if (o->search.on && o->resume_dir && ran == status_counts_measured(&t->kept)) {
        printf("clx: the search had spent its budget when it stopped: nothing more to measure\n");
        return 0;
    }
    /* Its seconds spent before a configuration ran (its builds took them): nothing was skipped;
     * tune.c says that no tuning happened. */
    if (ran == 0 && out_of_time) return 0;
    if (rc == EXIT_NOTHING_RAN) {
        /* On stderr, below the reasons it points at (each skip's reason is said there). */
        fflush(stdout);
        fprintf(stderr, "clx: nothing ran: every configuration %swas skipped (the reasons are above)\n",
                o->search.on ? "the search tried " : "");
    }
    return rc;
}

/* run_recorded_status: run_end_status's exit status, from what a finished run wrote rather than
 * its tallies: kept beside it so that one rule decides both. */
int run_recorded_status(const struct status_counts *st, int probes_failed, int files_unwritten, int shard, double owned,
                        int ref_failed)
{
    if (st->rows && st->n[RS_BUILD_FAILED] == st->rows && !shard) return EXIT_CANNOT_RUN;
    if (st->rows && st->n[RS_ERROR] == st->rows && ref_failed == st->rows && !shard) return EXIT_CANNOT_RUN;
    /* The rows' rule, as at the run's end, and its files: run.c exited 4 on one not written. */
    int rc = status_counts_exit(st, probes_failed, files_unwritten);
    if (rc == EXIT_NOTHING_RAN && shard && owned <= 0) return 0;
    return rc;
}
