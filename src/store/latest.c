/* latest.c — ROOT/latest: moved to a run at its first row the device ran, never to one that ran nothing (latest.h). */
#include "latest.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* latest_point: replaced through rename so readers never find the link missing. A latest that is
 * no link is no clx's (a user's file or folder, in a --out of theirs): rename would write a file
 * over, so it is left, said. */
void latest_point(const char *root, const char *target)
{
    char *tmp_name = xasprintf(".latest.%ld.tmp", (long)getpid());
    char *tmp = path_join(root, tmp_name), *link = path_join(root, "latest");
    struct stat st;
    if (lstat(link, &st) == 0 && !S_ISLNK(st.st_mode)) {
        warn("%s is not pointed at %s: it is a %s clx did not make (clx makes latest a link); remove it or move it "
             "away, and the next run makes the link", link, target, S_ISDIR(st.st_mode) ? "folder" : "file");
        goto out;
    }
    unlink(tmp);
    if (symlink(target, tmp) != 0 || rename(tmp, link) != 0) {
        warn("cannot point %s at %s: %s", link, target, strerror(errno));
        unlink(tmp);
    }
out:
    free(tmp_name);
    free(tmp);
    free(link);
}

char *latest_gone(const char *path)
{
    char *p = xstrdup(path), *said = NULL;
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = '\0';    /* results/latest/ names the link too */
    struct stat st;
    char target[PATH_MAX];
    ssize_t len;
    if (lstat(p, &st) == 0 && S_ISLNK(st.st_mode) && stat(p, &st) != 0 && errno == ENOENT &&
        (len = readlink(p, target, sizeof target - 1)) >= 0) {
        target[len] = '\0';
        said = xasprintf("%s points at %s, which no longer exists (moved or removed?)", p, target);
    }
    free(p);
    return said;
}

/* split: path's folder (a new string, "." where it names none) and its last name (*base, a new
 * string); trailing slashes are not part of either. */
static char *split(const char *path, char **base)
{
    char *p = xstrdup(path);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = '\0';
    char *slash = strrchr(p, '/');
    *base = xstrdup(slash ? slash + 1 : p);
    if (!slash) { free(p); return xstrdup("."); }
    if (slash == p) slash[1] = '\0';
    else *slash = '\0';
    return p;
}

void latest_arm(struct latest *l, const char *root, const char *dir)
{
    memset(l, 0, sizeof *l);
    char *base;
    free(split(dir, &base));
    l->root = xstrdup(root);
    l->name = base;
    l->dir = xstrdup(dir);
}

void latest_arm_resumed(struct latest *l, const char *dir, const struct status_counts *kept)
{
    memset(l, 0, sizeof *l);
    for (int s = 0; s < RS_N; s++)
        if (kept->n[s] && row_status_is_ran((enum row_status)s)) return;
    /* The folder that holds the run, as given where that names it (results/NAME), else as it is
     * (a link to it, such as an older clx's results/latest that named a run with nothing). */
    char real[PATH_MAX], *base, *rbase;
    if (!realpath(dir, real)) return;
    char *root = split(dir, &base), *rroot = split(real, &rbase);
    int as_given = !strcmp(base, rbase);
    l->root = as_given ? root : rroot;
    l->name = rbase;
    l->dir = xstrdup(dir);
    free(as_given ? rroot : root);
    free(base);
}

void latest_row(struct latest *l, enum row_status s)
{
    if (!l->root || l->moved || !row_status_is_ran(s)) return;
    latest_point(l->root, l->name);
    l->moved = 1;
}

void latest_rows(struct latest *l, const struct status_counts *c)
{
    for (int s = 0; s < RS_N; s++)
        if (c->n[s]) latest_row(l, (enum row_status)s);
}

char *latest_unmoved(const struct latest *l)
{
    if (!l->root || l->moved) return NULL;
    char *link = path_join(l->root, "latest"), was[PATH_MAX];
    ssize_t n = readlink(link, was, sizeof was - 1);
    if (n >= 0) was[n] = '\0';
    char *said = NULL;
    /* Already this run's (an older clx moved it when the folder was made): nothing moved away. */
    if (n < 0 || strcmp(was, l->name)) {
        char *q = shell_word(l->dir);
        said = xasprintf("%s %s%s: no configuration of this run ran on the device (no row ok, unverified or FAIL); "
                         "its folder keeps its build logs and rows: %s report %s reads it", link,
                         n >= 0 ? "stays on " : "is not made", n >= 0 ? was : "", clx_cmd(), q);
        free(q);
    }
    free(link);
    return said;
}

void latest_free(struct latest *l)
{
    free(l->root);
    free(l->name);
    free(l->dir);
    memset(l, 0, sizeof *l);
}
