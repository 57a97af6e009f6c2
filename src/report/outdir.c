/* outdir.c — where compare and history write: a user's --out that holds no earlier output, or a
 * stamped folder of their own (outdir.h). */
#include "outdir.h"
#include "plot.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* in_here: whether run folder dir lies in the current folder (its parent is it, links resolved). */
static int in_here(const char *dir)
{
    char *real = dir ? realpath(dir, NULL) : NULL, *here = realpath(".", NULL);
    char *slash = real ? strrchr(real, '/') : NULL;
    int yes = 0;
    if (slash && here) {
        *slash = '\0';
        yes = !strcmp(*real ? real : "/", here);
    }
    free(real);
    free(here);
    return yes;
}

char *outdir_make(const char *out, const char *root, const char *beside, const char *kind, const char *experiment,
                  const char *drawn, char **why, int *usage)
{
    *why = NULL;
    *usage = 0;
    if (!out) {
        if (in_here(beside)) root = ".";
        char *dir = mkdir_stamped(root, kind, experiment);
        if (!dir) *why = xasprintf("cannot make a folder under %s: %s", root, strerror(errno));
        return dir;
    }
    /* A second comparison into the same folder would leave the first lost; but one whose picture is
     * missing was left short (a full disk, a gnuplot that failed or is not here): the same command
     * draws it whole there once it can, as clx report draws a run's report again. Its files are put
     * in place whole (report_draft_done_flat): none is a mix of both. Where no gnuplot is here, none
     * would be drawn: a compare without it is as whole as it gets. */
    char *marker = xasprintf("%s.md", kind), *was = path_join(out, marker), *pic = path_join(out, drawn);
    int taken = file_exists(was), whole = taken && (file_exists(pic) || plot_gnuplot_missing());
    free(was);
    free(pic);
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
