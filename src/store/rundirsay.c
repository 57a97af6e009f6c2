/* rundirsay.c — how a run that did not finish is said by its readers (report, compare, history):
 * stopped, unfinished, or still running in another clx; a merge writing it as it was read (rundir.h). */
#include "rundir.h"
#include "results.h"
#include "rowstatus.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdlib.h>

/* live: whether r, which run.json says is unfinished, is still running: another clx holds its
 * results.tsv (a --resume of it would be refused, and the rows it lacks are still to come). */
static int live(const struct rundir *r, enum rundir_end end)
{
    return end == RUNDIR_UNFINISHED && results_held(r->dir, 0);
}

char *rundir_stopped(const struct rundir *r, const char *name)
{
    enum rundir_end end = rundir_end(r);
    if (end == RUNDIR_FINISHED) return NULL;
    const char *when = r->rj.interrupted, *by = r->rj.interrupted_by;
    int n = r->t.nrows, cut = rundir_rows_cut(r);
    struct sbuf b = {0};
    if (name) sb_printf(&b, "%s (%s)", name, r->dir);
    else sb_printf(&b, "%s", r->dir);
    /* A pass cut short picked nothing, and --resume refuses its folder: the run's own last words. */
    if (rundir_is_tune_pass(r)) {
        if (end == RUNDIR_UNFINISHED)
            sb_printf(&b, " is a tuning pass, unfinished (" RUNDIR_UNFINISHED_WHY "; run.json says neither finished "
                      "nor interrupted) with %d row%s: ended so, nothing of the sweep ran; run the experiment again ("
                      RUNDIR_PASS_NO_RESUME ")", n, n == 1 ? "" : "s");
        else
            sb_printf(&b, " was stopped%s%s at %s (run.json says interrupted) with %d row%s: " RUNDIR_PASS_STOPPED
                      " (" RUNDIR_PASS_NO_RESUME ")", by && *by ? " by " : "", by && *by ? by : "", when, n,
                      n == 1 ? "" : "s");
        return b.s;
    }
    /* Going on in another clx now: its rows come as it goes; no --resume (it would be refused). */
    if (live(r, end)) {
        sb_printf(&b, " is still running (another clx is writing its results.tsv) with %d row%s so far: read it again "
                  "once it has ended", n, n == 1 ? "" : "s");
        return b.s;
    }
    /* Said finished with rows still cut short: a resume's rewrite of results.tsv that did not happen. */
    int past = rundir_cut_past_end(r);
    if (past) {
        char *resume = clx_resume_cmd(r->dir);
        sb_printf(&b, " says finished (run.json), but %d of its %d row%s %s cut short by a stop (flag " ROUNDS_CUT_FLAG
                  ": only some of their rounds; the resume that measured them again could not write them in their "
                  "places, as on a full disk), so it is not whole: %s measures %s again", past, n, n == 1 ? "" : "s",
                  past == 1 ? "is" : "are", resume, past == 1 ? "it" : "them");
        free(resume);
        return b.s;
    }
    /* Every row of its sweep there: nothing is left to measure; what it lacks is its last run.json,
     * which a --resume writes (it measures nothing). */
    if (end == RUNDIR_UNFINISHED && rundir_rows_all(r)) {
        char *resume = clx_resume_cmd(r->dir);
        sb_printf(&b, " has every row of its sweep (%d), but its run.json was not rewritten at the end (a full disk, or "
                  "killed after its last row: run.json says neither finished nor interrupted): %s measures nothing and "
                  "writes it", n, resume);
        free(resume);
        return b.s;
    }
    /* Not "failed": a run that ended without a word reads as one still going did before it ended. */
    if (end == RUNDIR_UNFINISHED)
        sb_printf(&b, " is unfinished (" RUNDIR_UNFINISHED_WHY "; run.json says neither finished nor interrupted) with "
                  "%d row%s", n, n == 1 ? "" : "s");
    else
        sb_printf(&b, " was stopped%s%s at %s (run.json says interrupted) with %d row%s", by && *by ? " by " : "",
                  by && *by ? by : "", when, n, n == 1 ? "" : "s");
    /* A row cut short stands on fewer rounds than the run asked: wider floors, a verdict of less. */
    if (cut) sb_printf(&b, ", %s%d of them cut short by the stop (flag " ROUNDS_CUT_FLAG ": only some of their rounds)",
                       cut == n ? "all " : "", cut);
    char *resume = clx_resume_cmd(r->dir);
    const char *once = end == RUNDIR_UNFINISHED ? "once it has ended, " : "";
    /* A search has no rest of a sweep: it goes on within its budget, and takes back only some of
     * the rows cut short. */
    if (rundir_is_search(r))
        sb_printf(&b, ": %s%s %s", once, resume, cut ? rundir_cut_resume(r, cut) : "goes on with the search");
    else if (cut && rundir_rows_all(r))   /* nothing to add: a resume's rewrite that failed */
        sb_printf(&b, ": %s%s measures those again", once, resume);
    else
        sb_printf(&b, ": %s%s measures %sthe rest of its sweep", once, resume, cut ? "those again and " : "");
    free(resume);
    return b.s;
}

char *rundir_stopped_short(const struct rundir *r)
{
    enum rundir_end end = rundir_end(r);
    if (end == RUNDIR_FINISHED) return NULL;
    if (end == RUNDIR_UNFINISHED) return xstrdup(live(r, end) ? "still running" : "unfinished");
    int cut = rundir_rows_cut(r);
    return cut ? xasprintf("stopped, %d row%s cut short", cut, cut == 1 ? "" : "s") : xstrdup("stopped");
}

void rundir_merging_md(FILE *md, const struct rundir *r)
{
    if (r->merging) fprintf(md, "**Merge in progress:** %s.\n\n", r->merging);
}
