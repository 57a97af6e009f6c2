/* draftflow.c — the one flow that writes clx compare's and clx history's folders (draftflow.h). */
#include "draftflow.h"
#include "outdir.h"
#include "plot.h"
#include "report_draft.h"
#include "lib/diskfull.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* unwritten: the one line of a flow whose table (tsv_err: its errno), .md (md_err) or pictures (dr,
 * where a want of room refused them; else NULL) could not be written: each named, with the errno's
 * words (the first's: the table's, the .md's, the pictures'), and where the table and .md went in
 * place, what was written; where they did not, none of it was put in place. */
static void unwritten(const struct draft_flow *f, const char *dir, int tsv_err, int md_err, const struct draft_drawn *dr)
{
    struct sbuf what = {0}, done = {0};
    const char *dot = strrchr(f->md, '.');
    char *tsv = xasprintf("%.*s.tsv", (int)(dot ? dot - f->md : (long)strlen(f->md)), f->md);   /* compare.md: compare.tsv */
    if (tsv_err) sb_printf(&what, "%s", tsv);
    if (md_err) sb_printf(&what, "%s%s", what.len ? ", " : "", f->md);
    for (int k = 0; dr && k < dr->undrawn.n; k++) sb_printf(&what, "%s%s", what.len ? ", " : "", dr->undrawn.v[k]);
    int err = tsv_err ? tsv_err : md_err ? md_err : dr->full;
    const char *room = disk_full_room(err);
    if (tsv_err || md_err) {
        warn("%s: cannot write %s in %s: %s (none of the %s was put in place: the same clx %s writes it once %s)", f->cmd,
             what.s, dir, strerror(err), f->noun, f->cmd, room ? room : "it can");
    } else {
        sb_printf(&done, "%s, %s", f->md, tsv);
        for (int k = 0; k < dr->drawn.n; k++) sb_printf(&done, ", %s", dr->drawn.v[k]);
        warn("%s: cannot write %s in %s: %s (no part-written picture is left, and %s says which was not drawn; written: "
             "%s)", f->cmd, what.s, dir, strerror(err), f->md, done.s);
    }
    free(tsv);
    sb_free(&what);
    sb_free(&done);
}

/* theirs: the files of draft d that dir holds already, where dir holds no earlier output of this
 * command (outdir_own): a user's, which putting the draft in place would replace unsaid
 * ("compare.tsv, speedup.tsv", in name order); NULL where none. A new string. */
static char *theirs(const struct draft_flow *f, const struct report_draft *d, const char *dir)
{
    if (outdir_own(dir, f->cmd)) return NULL;
    struct strlist hit = {0};
    DIR *dd = opendir(d->dir);
    for (struct dirent *e; dd && (e = readdir(dd));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *p = path_join(dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0) sl_push(&hit, e->d_name);
        free(p);
    }
    if (dd) closedir(dd);
    sl_sort(&hit);   /* readdir's order is the disk's */
    char *names = hit.n ? sl_join(&hit, ", ") : NULL;
    sl_free(&hit);
    return names;
}

void draft_drawn_free(struct draft_drawn *dr)
{
    free(dr->err);
    sl_free(&dr->undrawn);
    sl_free(&dr->drawn);
    memset(dr, 0, sizeof *dr);
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
    /* An earlier output of the command: its pictures that this one does not draw would stay beside
     * it and read as its own (a comparison of three sides has no verdicts chart). */
    if (outdir_own(dir, f->cmd))
        for (int k = 0; f->charts && f->charts[k]; k++) report_draft_own(&d, f->charts[k]);
    int tsv_err = 0, md_err = 0, plot_failed = 0, full = 0;
    struct draft_drawn dr = {0};
    char *said = NULL;
    const char *no_gp = plot_gnuplot_missing();
    f->tsv(f->ctx, d.dir, &tsv_err);
    int sig = report_draft_stopped(0);
    if (!sig) {
        plot_failed = f->draw(f->ctx, d.dir, &dr) != 0;
        /* A gnuplot a stop killed did not fail: the stop is said, not its exit 137. */
        sig = report_draft_stopped(f->stop_after_plots);
    }
    if (!sig) {
        f->say(f->ctx);
        said = dr.err ? report_draft_in_place(&d, dr.err) : NULL;
        /* A drawer that failed without a reason still gets one: the .md's "Plot not drawn:" and the
         * console's line are never left empty. */
        if (plot_failed && (!said || !*said)) {
            free(said);
            said = xstrdup("gnuplot failed without a message");
        }
        /* A want of room is said once, with the other files (unwritten); where gnuplot is missing
         * too, that is said as ever, before it. */
        full = plot_failed && disk_full(dr.full);
        if (plot_failed && !full) warn("%s: %s%s", f->cmd, said, no_gp ? f->no_pictures : "");
        else if (full && no_gp) warn("%s: %s: no pictures", f->cmd, no_gp);
        f->md_write(f->ctx, d.dir, plot_failed, said, &md_err);
        sig = report_draft_stopped(0);
    }
    if (sig) {
        free(said);
        draft_drawn_free(&dr);
        return stopped(f, &d, sig, dir, made);
    }
    /* A user's file of a name it writes (notes named compare.tsv in --out) is never written over: none
     * of it is put in place, and the files are named. */
    char *user = !tsv_err && !md_err ? theirs(f, &d, dir) : NULL;
    if (user) {
        report_draft_done_flat(&d, f->md, 0);
        warn("%s: --out %s holds %s, which no clx %s wrote there: none of the %s was put in place, nothing of "
             "yours written over; move %s, or give another --out", f->cmd, dir, user, f->cmd, f->noun,
             strchr(user, ',') ? "them" : "it");
        free(user);
        free(said);
        draft_drawn_free(&dr);
        *werr = 1;
        return 0;
    }
    /* A table or .md not written whole (a full disk) puts none of it in place: no .md stands for files
     * that are not there, and the folder takes the same command again. */
    int moved = report_draft_done_flat(&d, f->md, !tsv_err && !md_err);
    if (moved) warn("%s: cannot put %s in %s: %s", f->cmd, f->md, dir, strerror(moved));
    if (moved)
        warn("%s: none of the %s was put in %s (a file could not be put in place, above): the same clx %s writes it "
             "once it can", f->cmd, f->noun, dir, f->cmd);
    else if (tsv_err || md_err || full)
        unwritten(f, dir, tsv_err, md_err, full ? &dr : NULL);
    else
        f->written(f->ctx, dir, plot_failed);
    *werr |= tsv_err || md_err || moved || full || (plot_failed && !no_gp);
    free(said);
    draft_drawn_free(&dr);
    return 0;
}
