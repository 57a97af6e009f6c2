/* draftflow.c — the one flow that writes clx compare's and clx history's folders (draftflow.h). */
#include "draftflow.h"
#include "plot.h"
#include "report_draft.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* stopped: the stop said, the draft and a folder clx made removed. 128 + sig. */
static int stopped(const struct draft_flow *f, struct report_draft *d, int sig, const char *dir, int made)
{
    char *what = made ? xasprintf("writing the %s: none of it was left (%s removed); the same clx %s writes it",
                                  f->noun, dir, f->cmd)
                      : xasprintf("writing the %s: none of its files were put in %s; the same clx %s writes them",
                                  f->noun, dir, f->cmd);
    int rc = report_draft_stop_said(d, sig, what);
    if (made) rmdir(dir);
    free(what);
    return rc;
}

int draft_flow_write(const struct draft_flow *f, const char *dir, int made, int *werr)
{
    struct report_draft d;
    char *draft_name = xasprintf("%s.tmp", f->cmd);
    int began = report_draft_begin_flat(&d, dir, draft_name);
    if (began) {
        int err = errno;
        char *advice = xasprintf("give this clx %s another --out (its %s goes there once it has ended)", f->cmd, f->noun);
        if (!report_draft_busy(err, f->cmd, dir, draft_name, advice))
            warn("%s: cannot write into %s: %s", f->cmd, dir, strerror(err));
        free(advice);
        free(draft_name);
        if (made) rmdir(dir);    /* the dated folder clx made for it, left empty: not left behind */
        *werr = 1;
        return 0;
    }
    free(draft_name);
    int err = 0, plot_failed = 0;
    char *perr = NULL, *said = NULL;
    f->tsv(f->ctx, d.dir, &err);
    int sig = report_draft_stopped(0);
    if (!sig) {
        plot_failed = f->draw(f->ctx, d.dir, &perr) != 0;
        /* A gnuplot a stop killed did not fail: the stop is said, not its exit 137. */
        sig = report_draft_stopped(f->stop_after_plots);
    }
    if (!sig) {
        f->say(f->ctx);
        said = perr ? report_draft_in_place(&d, perr) : NULL;
        /* A drawer that failed without a reason still gets one: the .md's "Plot not drawn:" and the
         * console's line are never left empty. */
        if (plot_failed && (!said || !*said)) {
            free(said);
            said = xstrdup("gnuplot failed without a message");
        }
        if (plot_failed) warn("%s: %s%s", f->cmd, said, plot_gnuplot_missing() ? f->no_pictures : "");
        f->md_write(f->ctx, d.dir, plot_failed, said, &err);
        sig = report_draft_stopped(0);
    }
    free(perr);
    if (sig) {
        free(said);
        return stopped(f, &d, sig, dir, made);
    }
    /* A table or .md not written whole (a full disk) puts none of it in place: no .md stands for files
     * that are not there, and the folder takes the same command again. */
    int moved = report_draft_done_flat(&d, f->md, !err);
    if (moved) warn("%s: cannot put %s in %s: %s", f->cmd, f->md, dir, strerror(moved));
    if (err || moved) {
        warn("%s: none of the %s was put in %s (a file could not be written, above): the same clx %s writes it once "
             "it can", f->cmd, f->noun, dir, f->cmd);
        *werr = 1;
    } else
        f->written(f->ctx, dir, plot_failed);
    free(said);
    *werr |= plot_failed && !plot_gnuplot_missing();
    return 0;
}
