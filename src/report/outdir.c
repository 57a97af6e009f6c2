/* outdir.c — where compare and history write: a user's --out that holds no earlier output, or a
 * stamped folder of their own (outdir.h). */
#include "outdir.h"
#include "plot.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* parent_of: the real path of the folder run folder dir lies in (links resolved), or NULL. */
static char *parent_of(const char *dir)
{
    char *real = dir ? realpath(dir, NULL) : NULL, *slash = real ? strrchr(real, '/') : NULL;
    if (!slash) {
        free(real);
        return NULL;
    }
    if (slash == real) slash[1] = '\0';
    else *slash = '\0';
    return real;
}

/* lies_in: whether run folder dir lies in folder root itself (links resolved). */
static int lies_in(const char *dir, const char *root)
{
    char *up = parent_of(dir), *r = realpath(root, NULL);
    int yes = up && r && !strcmp(up, r);
    free(up);
    free(r);
    return yes;
}

/* not_drawn: whether the .md at path says a picture was not drawn ("**Plot not drawn:** ...", a line
 * of its own: compare_write.c, history.c). */
static int not_drawn(const char *path)
{
    char *text = read_file(path, NULL);
    int said = text && strstr(text, "\n**Plot not drawn:** ") != NULL;
    free(text);
    return said;
}

int outdir_own(const char *dir, const char *kind)
{
    char *md = xasprintf("%s/%s.md", dir, kind), *tsv = xasprintf("%s/%s.tsv", dir, kind);
    int own = file_exists(md) && file_exists(tsv);
    free(md);
    free(tsv);
    return own;
}

/* not_its_own: why folder out is no place for command kind's output though it is a folder (a new
 * string), else NULL: a run's folder (its run.json), or another command's output (compare's or
 * history's .md and .tsv). Written there, the output lay mixed in with the run's files or the other
 * command's, read as theirs. */
static char *not_its_own(const char *out, const char *kind)
{
    static const char *const kinds[] = { "compare", "history" };
    char *run = path_join(out, "run.json");
    int is_run = file_exists(run);
    free(run);
    if (is_run)
        return xasprintf("--out %s is a run's folder (it holds run.json): a %s goes in a folder of its own, not among a "
                         "run's files; name another folder", out, kind);
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(kinds[i], kind) && outdir_own(out, kinds[i]))
            return xasprintf("--out %s holds a %s (%s.md): a %s goes in a folder of its own; name another folder", out,
                             kinds[i], kinds[i], kind);
    return NULL;
}

char *outdir_make(const char *out, const char *root, const char *beside, const char *kind, const char *experiment,
                  const char *drawn, char **why, int *usage)
{
    *why = NULL;
    *usage = 0;
    if (!out) {
        if (lies_in(beside, ".")) root = ".";
        char *dir = mkdir_stamped(root, kind, experiment);
        if (!dir) {
            *why = xasprintf("cannot make a folder under %s: %s", root, strerror(errno));
            return NULL;
        }
        /* Its real path, said: a relative results/... read as the runs' own results root where they
         * lie elsewhere (clx run --out /tmp/x), and the comparison was looked for there. */
        char *real = realpath(dir, NULL);
        if (real) {
            free(dir);
            dir = real;
        }
        if (beside && !lies_in(beside, root)) {
            char *up = parent_of(beside);
            printf("clx: %s: no --out: written under the current folder's %s/, not in %s, where the first run given "
                   "lies (--out DIR writes it where you choose)\n", kind, root, up ? up : beside);
            free(up);
        }
        return dir;
    }
    /* A second comparison into the same folder would leave the first lost; but one whose picture is
     * missing was left short (a full disk, a gnuplot that failed or is not here): the same command
     * draws it whole there once it can, as clx report draws a run's report again. Its files are put
     * in place whole (report_draft_done_flat): none is a mix of both. Where no gnuplot is here, none
     * would be drawn: a compare without it is as whole as it gets. */
    char *marker = xasprintf("%s.md", kind), *was = path_join(out, marker), *pic = path_join(out, drawn);
    /* Its .md says a picture was not drawn where one of several was not (compare's verdicts' chart,
     * a full disk's, beside the speed-up's drawn). */
    int taken = outdir_own(out, kind), theirs = !taken && file_exists(was);
    int whole = taken && (plot_gnuplot_missing() || (file_exists(pic) && !not_drawn(was)));
    free(was);
    free(pic);
    struct stat st;
    if (theirs || (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))) {
        /* A user's notes named as the command's .md: not written over (nor drawn "again"). */
        *why = theirs ? xasprintf("--out %s holds a %s that no clx %s wrote there (no %s.tsv beside it): nothing "
                                  "written; name another folder, or move that file", out, marker, kind, kind)
                      : xasprintf("--out %s is a file, not a folder: name a folder (made where missing)", out);
        *usage = 1;
        free(marker);
        return NULL;
    }
    char *elsewhere = not_its_own(out, kind);
    if (elsewhere) {
        *why = elsewhere;
        *usage = 1;
        free(marker);
        return NULL;
    }
    if (taken && !whole)
        printf("clx: %s: %s holds a %s whose picture (%s) was not drawn: drawn again in its place\n", kind, out, kind, drawn);
    if (whole) {
        *why = xasprintf("--out %s already holds a %s (%s): name another folder, or remove that one first", out, kind,
                         marker);
        *usage = 1;
        free(marker);
        return NULL;
    }
    free(marker);
    if (mkdir_p(out)) {
        *why = xasprintf("cannot make %s: %s", out, strerror(errno));
        return NULL;
    }
    return xstrdup(out);
}
