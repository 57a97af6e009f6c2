/* report_draft.c — a report drawn aside, then put in place whole (report_draft.h). */
#include "report_draft.h"
#include "plotsown.h"
#include "lib/calledas.h"
#include "lib/lockfile.h"
#include "lib/stopcatch.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DRAFT_NAME "report.tmp"

static void draft_free(struct report_draft *d)
{
    lockfile_give(d->lock);
    sl_free(&d->own);
    free(d->run_dir);
    free(d->dir);
    free(d->plots);
    memset(d, 0, sizeof *d);
}

/* draft_make: the draft run_dir/name made afresh (with plots/ where plots), the stops caught. It is
 * held (lockfile_dir) till it is removed: a second clx drawing into the same folder at once (two
 * clx compare --out DIR, a clx report beside a resume's --report) had emptied the first's draft
 * under it, or had its files moved into place with the first's, the first then saying it wrote
 * files that were not there; it is refused instead (errno EWOULDBLOCK). A draft no one holds is
 * what a clx killed outright left: emptied. */
static int draft_make(struct report_draft *d, const char *run_dir, const char *name, int plots)
{
    memset(d, 0, sizeof *d);
    d->lock = -1;
    d->run_dir = xstrdup(run_dir);
    d->dir = path_join(run_dir, name);
    d->plots = path_join(d->dir, "plots");
    d->lock = lockfile_dir(d->dir);
    if (d->lock < 0 || remove_contents(d->dir) || (plots && mkdir(d->plots, 0777))) {
        int e = errno;
        if (d->lock >= 0) remove_tree(d->dir);
        draft_free(d);
        errno = e;
        return -1;
    }
    stopcatch_catch_signals();
    return 0;
}

int report_draft_begin(struct report_draft *d, const char *run_dir)
{
    /* The temporary an older clx stopped mid-report left (it wrote report.md.tmp beside report.md). */
    char *old = path_join(run_dir, "report.md.tmp");
    remove(old);
    free(old);
    return draft_make(d, run_dir, DRAFT_NAME, 1);
}

int report_draft_begin_flat(struct report_draft *d, const char *dir, const char *draft_name)
{
    return draft_make(d, dir, draft_name, 0);
}

int report_draft_busy(int err, const char *what, const char *dir, const char *draft_name, const char *advice)
{
    if (err != EWOULDBLOCK) return 0;
    char *q = shell_word(dir);
    char *again = advice ? xstrdup(advice) : xasprintf("once it has ended, %s report %s draws this one", clx_cmd(), q);
    warn("%s: another clx is writing into %s now (it holds %s/%s, where it draws its files before they go in "
         "place): nothing was written; %s", what, dir, dir, draft_name ? draft_name : DRAFT_NAME, again);
    free(again);
    free(q);
    return 1;
}

char *report_draft_file(const struct report_draft *d, const char *name) { return path_join(d->dir, name); }

int report_draft_stopped(int plots_done)
{
    /* A test's stop at a plot it names: what a ^C then leaves does not depend on how fast gnuplot is. */
    const char *after = getenv("CLX_STOP_AFTER_PLOTS");
    if (plots_done > 0 && after && *after && atoi(after) == plots_done) {
        raise(SIGINT);
        /* CLX_STOP_TWICE: a second stop behind it (another signal: two SIGINTs would be one). */
        const char *twice = getenv("CLX_STOP_TWICE");
        if (twice && *twice && strcmp(twice, "0")) raise(SIGTERM);
    }
    return stopcatch_signal();
}

/* is_plot_file: a picture, data or script a report draws into plots/. */
static int is_plot_file(const char *name)
{
    return str_ends(name, ".svg") || str_ends(name, ".png") || str_ends(name, ".gp") || str_ends(name, ".tsv");
}

void report_draft_own(struct report_draft *d, const char *stem) { sl_push(&d->own, stem); }

/* move_plots: the earlier report's plot files in to removed (plotsown.h: a picture or script no
 * report.md names, and not named exactly as one this report writes, is another's, and stays), then
 * every file of from moved there. */
static void move_plots(const struct report_draft *d, const char *from, const char *to)
{
    if (mkdir(to, 0777) != 0 && errno != EEXIST) return;
    struct plots_own own;
    plots_own_read(&own, d->run_dir, &d->own, from);
    DIR *dd = opendir(to);
    for (struct dirent *e; dd && (e = readdir(dd));)
        if (is_plot_file(e->d_name) && plots_own_is(&own, e->d_name)) {
            char *p = path_join(to, e->d_name);
            remove(p);
            free(p);
        }
    if (dd) closedir(dd);
    plots_own_free(&own);
    DIR *fd = opendir(from);
    for (struct dirent *e; fd && (e = readdir(fd));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *a = path_join(from, e->d_name), *b = path_join(to, e->d_name);
        rename(a, b);
        free(a);
        free(b);
    }
    if (fd) closedir(fd);
}

/* move_file: the draft's name moved into the run folder where the draft has it; 0 or errno. */
static int move_file(const struct report_draft *d, const char *name)
{
    char *a = report_draft_file(d, name), *b = path_join(d->run_dir, name);
    int rc = file_exists(a) && rename(a, b) ? (errno ? errno : EIO) : 0;
    free(a);
    free(b);
    return rc;
}

int report_draft_done(struct report_draft *d, int md_ok)
{
    /* All or nothing: a report.md not written whole leaves findings.tsv and plots/ of the report it
     * describes, not this one's. report.md goes last, so that a plot not moved never sits under a
     * report.md that names it. */
    int md_err = 0;
    if (md_ok) {
        move_file(d, "findings.tsv");
        char *plots = path_join(d->run_dir, "plots");
        move_plots(d, d->plots, plots);
        free(plots);
        md_err = move_file(d, "report.md");
    }
    remove_tree(d->dir);
    draft_free(d);
    stopcatch_default();
    return md_err;
}

/* drop_stale: the files of d's own stems (report_draft_own) in its folder that are not among put, the
 * files just put in place: an earlier output's that this one does not write (a comparison of two
 * sides' verdicts.* under one of three), which would read as part of it. */
static void drop_stale(const struct report_draft *d, const struct strlist *put)
{
    if (!d->own.n) return;
    struct plots_own own = { .md = NULL, .stems = d->own };
    DIR *dd = opendir(d->run_dir);
    for (struct dirent *e; dd && (e = readdir(dd));)
        if (plots_own_is(&own, e->d_name) && !sl_has(put, e->d_name)) {
            char *p = path_join(d->run_dir, e->d_name);
            remove(p);
            free(p);
        }
    if (dd) closedir(dd);
}

int report_draft_done_flat(struct report_draft *d, const char *last, int ok)
{
    int err = 0;
    struct strlist put = {0};
    DIR *dd = ok ? opendir(d->dir) : NULL;
    for (struct dirent *e; dd && (e = readdir(dd));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, last)) continue;
        int rc = move_file(d, e->d_name);
        if (rc && !err) err = rc;
        sl_push(&put, e->d_name);
    }
    if (dd) closedir(dd);
    /* Last, and only where the rest went: a folder whose compare.md is there holds its files, and
     * none of an earlier one's beside them. */
    if (ok && !err) drop_stale(d, &put);
    sl_free(&put);
    if (ok && !err) err = move_file(d, last);
    remove_tree(d->dir);
    draft_free(d);
    stopcatch_default();
    return err;
}

char *report_draft_in_place(const struct report_draft *d, const char *text)
{
    struct sbuf b = {0};
    size_t n = strlen(d->dir);
    for (const char *p = text; *p;) {
        const char *at = strstr(p, d->dir);
        if (!at) {
            sb_printf(&b, "%s", p);
            break;
        }
        /* DRAFT/name only: another path that begins as the draft's is left as it is. */
        sb_printf(&b, "%.*s%s", (int)(at - p), p, at[n] == '/' ? d->run_dir : d->dir);
        p = at + n;
    }
    return b.s ? b.s : xstrdup("");
}

void report_draft_not_drawn(FILE *md, const struct report_draft *d, const char *err, int full)
{
    char *said = report_draft_in_place(d, err);
    /* A stop killed its gnuplot: the stop is said, not the exit it caused. */
    if (!full && !report_draft_stopped(0)) warn("%s", said);
    fprintf(md, "\n**Not drawn:** %s\n", said);
    free(said);
}

int report_draft_stop_said(struct report_draft *d, int sig, const char *what)
{
    remove_tree(d->dir);
    stopcatch_default();
    fflush(stdout);
    fprintf(stderr, "clx: stopped by %s while %s\n", stopcatch_name(sig), what);
    draft_free(d);
    return 128 + sig;
}

int report_draft_stop(struct report_draft *d, int sig)
{
    remove_tree(d->dir);
    stopcatch_default();
    fflush(stdout);                        /* below the report's lines */
    char *q = shell_word(d->run_dir);
    fprintf(stderr, "clx: stopped by %s while drawing the report: report.md and plots/ are as they were; %s report %s "
            "draws it\n", stopcatch_name(sig), clx_cmd(), q);
    free(q);
    draft_free(d);
    return 128 + sig;
}
