/* outdir.c — where compare and history write: a user's --out that holds no earlier output, or a
 * stamped folder of their own (outdir.h). */
#include "outdir.h"
#include "lib/util.h"
#include <errno.h>
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
                  const char *marker, char **why, int *usage)
{
    *why = NULL;
    *usage = 0;
    if (!out) {
        if (in_here(beside)) root = ".";
        char *dir = mkdir_stamped(root, kind, experiment);
        if (!dir) *why = xasprintf("cannot make a folder under %s: %s", root, strerror(errno));
        return dir;
    }
    /* A second comparison into the same folder would leave a mix of both, or the first lost. */
    char *was = path_join(out, marker);
    int taken = file_exists(was);
    free(was);
    if (taken) {
        *why = xasprintf("--out %s already holds a %s (%s): name another folder, or remove that one first", out, kind,
                         marker);
        *usage = 1;
        return NULL;
    }
    if (mkdir_p(out)) {
        *why = xasprintf("cannot make %s: %s", out, strerror(errno));
        return NULL;
    }
    return xstrdup(out);
}
