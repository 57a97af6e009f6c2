/* report_part.c — a run that is part of its sweep, as report.md and the console say it: stopped
 * (with the rows the stop cut short) or unfinished, a shard, a partial merge, or no rows; and its
 * exit status. */
#include "report_part.h"
#include "store/jsonval.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdlib.h>

char *report_cut_words(const struct rundir *r)
{
    int cut = rundir_rows_cut(r);
    if (!cut) return NULL;
    /* A search's resume measures again only those its race comes back to (docs/search.md). */
    if (rundir_is_tune_pass(r))
        return xasprintf("; **%d cut short** by the stop (flag " ROUNDS_CUT_FLAG ": only some of their rounds ran; "
                         RUNDIR_PASS_NO_RESUME ")", cut);
    return xasprintf("; **%d cut short** by the stop (flag " ROUNDS_CUT_FLAG ": only some of their rounds ran; %s run "
                     "--resume %s)", cut, clx_cmd(), rundir_cut_resume(r, cut));
}

/* merge_missing: the configurations of a partial merge's sweep with no row (the parts not given to
 * clx merge --partial); 0 for any other run. */
static double merge_missing(const struct rundir *r)
{
    const cJSON *mg = runjson_part(&r->rj, RJ_MERGED);
    return mg && json_num(mg, "missing") > 0 ? json_num(mg, "missing") : 0;
}

char *report_part_name(const struct rundir *r)
{
    if (merge_missing(r) > 0) return xstrdup("a partial merge");
    return r->rj.shard.n >= 2 ? xasprintf("shard %d of %d", r->rj.shard.k, r->rj.shard.n) : NULL;
}

char *report_part_words(const struct rundir *r)
{
    const cJSON *mg = runjson_part(&r->rj, RJ_MERGED);
    if (merge_missing(r) > 0) {
        char *parts = runjson_missing_shards(mg);
        char *s = xasprintf("a partial merge (clx merge --partial): %.0f of the sweep's %.0f configurations have no row "
                            "(%s of %.0f missing)", json_num(mg, "missing"), json_num(mg, "configurations"), parts,
                            json_num(mg, "shards"));
        free(parts);
        return s;
    }
    const struct rj_shard *sh = &r->rj.shard;
    if (sh->n < 2) return NULL;
    char *helpers = sh->helpers > 0 ? xasprintf(" (and %.0f run for their relative times)", sh->helpers) : xstrdup("");
    char *s = xasprintf("shard %d of %d (clx run --shard %d/%d): %.0f of the sweep's %.0f configurations%s", sh->k, sh->n,
                        sh->k, sh->n, sh->owned, sh->configurations, helpers);
    free(helpers);
    return s;
}

char *report_partial(const struct rundir *r)
{
    char *stopped = rundir_stopped(r, NULL);
    if (stopped && rundir_rows_cut(r)) {
        char *s = xasprintf("%s; a finding on the rows cut short cannot be decided here", stopped);
        free(stopped);
        return s;
    }
    if (stopped) return stopped;
    /* A merge of some shards alone (clx merge --partial): the missing parts' configurations have no
     * row; a shard holds its part. */
    char *part = report_part_words(r);
    if (!part) return NULL;
    char *s = merge_missing(r) > 0
                  ? xasprintf("%s is %s; its findings and plots are of the rest alone: clx merge of all %.0f shards, then "
                              "clx report, gives the whole sweep's", r->dir, part,
                              json_num(runjson_part(&r->rj, RJ_MERGED), "shards"))
                  : xasprintf("%s is %s; its findings and plots are of these alone: clx merge of the %d shards, then clx "
                              "report, gives the whole sweep's", r->dir, part, r->rj.shard.n);
    free(part);
    return s;
}

/* all_skipped: whether r finished with rows, every one of them skipped (none ran on the device). */
static int all_skipped(const struct rundir *r)
{
    if (!r->t.nrows || r->c_status < 0 || rundir_end(r) != RUNDIR_FINISHED) return 0;
    for (int i = 0; i < r->t.nrows; i++)
        if (row_status_of(table_cell(&r->t, i, r->c_status)) != RS_SKIPPED) return 0;
    return 1;
}

char *report_no_rows(const struct rundir *r)
{
    /* Nothing measured is nothing to report: no finding can be checked, no plot drawn, and a
     * report that said so at length, exiting 0, read as a run that had worked. */
    if (all_skipped(r)) {
        const char *why = table_cell(&r->t, 0, table_col(&r->t, "note"));
        if (!*why) why = "no reason given";
        if (r->t.nrows == 1)
            return xasprintf("%s measured nothing: its one row was skipped (%s)", r->dir, why);
        return xasprintf("%s measured nothing: all %d of its rows were skipped (the first: %s; results.tsv says why of "
                         "each)", r->dir, r->t.nrows, why);
    }
    if (r->t.nrows) return NULL;
    const char *by = rj_str(r->rj.interrupted_by);
    enum rundir_end end = rundir_end(r);
    if (end != RUNDIR_STOPPED && end != RUNDIR_UNFINISHED)
        return xasprintf("%s has no rows: its run finished without measuring a configuration", r->dir);
    /* A pass's folder: rundir_stopped says it as the run's last line did (no --resume takes it). */
    if (rundir_is_tune_pass(r)) return rundir_stopped(r, NULL);
    char *resume = clx_resume_cmd(r->dir), *s;
    if (end == RUNDIR_STOPPED)
        s = xasprintf("%s has no rows: it was stopped%s%s before its first row; %s measures its sweep", r->dir,
                      *by ? " by " : "", by, resume);
    else
        s = xasprintf("%s has no rows: it is unfinished (" RUNDIR_UNFINISHED_WHY "; run.json says neither finished nor "
                      "interrupted); once it has ended, %s measures its sweep", r->dir, resume);
    free(resume);
    return s;
}

/* Stopped or unfinished alike: a sweep that did not say it reached its end cannot be read whole; nor
 * can a partial merge, whose missing shards are what a stop would have left unmeasured (clx merge
 * --partial exits 1 on writing it; its report, read as the sweep, is not the sweep's). */
int report_part_status(const struct rundir *r)
{
    return rundir_end(r) != RUNDIR_FINISHED || !r->t.nrows || all_skipped(r) || merge_missing(r) > 0 ? EXIT_CANNOT_RUN : 0;
}

int report_running(const struct rundir *r)
{
    if (rundir_end(r) == RUNDIR_FINISHED || !results_held(r->dir, 0)) return 0;
    char *q = shell_word(r->dir);
    warn("report: %s is still running (another clx is writing its results.tsv): nothing drawn into it; %s report %s "
         "once it has ended", r->dir, clx_cmd(), q);
    free(q);
    return 1;
}
