/* outcheck.c — whether a run could make its folder under --out and write in it, tried and undone
 * (outcheck.h): a --dry-run that said "check out" of an --out the run cannot use was believed, and a
 * run said it only after the wait for its device's turn. */
#include "outcheck.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* first_missing: the shortest prefix of path that does not exist (a new string), NULL where it all
 * does: what mkdir_p is about to make, and so what is to be removed after. */
static char *first_missing(const char *path)
{
    char *p = xstrdup(path);
    struct stat st;
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s) continue;
        char c = *s;
        *s = '\0';
        if (lstat(p, &st) != 0 && errno == ENOENT) return p;
        if (!c) break;
        *s = c;
    }
    free(p);
    return NULL;
}

/* unmake: rmdir of path and of its parents up to top, which mkdir_p made: each was empty when made,
 * and rmdir leaves one that someone else has put something in since. */
static void unmake(const char *path, const char *top)
{
    char *p = xstrdup(path);
    size_t n = strlen(top);
    while (strlen(p) >= n && rmdir(p) == 0 && strlen(p) > n) {
        char *slash = strrchr(p, '/');
        if (!slash || slash == p) break;
        *slash = '\0';
    }
    free(p);
}

int outcheck_root(const char *root)
{
    char *top = first_missing(root), *dir = NULL, *file = NULL;
    int rc = -1, err = 0;
    if (mkdir_p(root) != 0) { err = errno; goto out; }
    /* A folder and a file in it, as results_open makes: a root that takes folders and not files
     * (a full disk) fails at the file. */
    char *base = xasprintf(".clx-dry-run-%ld", (long)getpid());
    dir = mkdir_new(root, base);
    free(base);
    if (!dir) { err = errno; goto out; }
    file = path_join(dir, "results.tsv");
    if (write_file_atomic(file, "clx --dry-run\n", 14) != 0) { err = errno; goto out; }
    rc = 0;
out:
    if (file) remove(file);
    if (dir) rmdir(dir);
    if (top) unmake(root, top);
    free(file);
    free(dir);
    free(top);
    errno = err;
    return rc;
}
