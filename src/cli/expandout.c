/* expandout.c — what `clx expand` leaves in the experiment's folder (expandout.h). */
#include "expandout.h"
#include "spec/expand.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* written_by_clx: 1 when the file at path begins with clx's header line. */
static int written_by_clx(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char head[sizeof EXPAND_HEADER] = "";
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return !strcmp(head, EXPAND_HEADER);
}

/* stale: the .cl files of dir an earlier expansion wrote (clx's header line) and this one did not
 * write again (written), sorted by name, into out. */
static void stale(const char *dir, const struct strlist *written, struct strlist *out)
{
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (!str_ends(e->d_name, ".cl") || e->d_name[0] == '.' || sl_has(written, e->d_name)) continue;
        char *path = path_join(dir, e->d_name);
        if (written_by_clx(path)) sl_push(out, e->d_name);
        free(path);
    }
    closedir(d);
    if (out->n) qsort(out->v, (size_t)out->n, sizeof *out->v, by_name);   /* said in this order */
}

int expandout_tidy(const char *dir, const struct strlist *written, int failed)
{
    struct strlist old = {0}, removed = {0};
    stale(dir, written, &old);
    int rc = 0;
    /* A failed expansion removes nothing: the earlier one's files are the last good sources. */
    for (int i = 0; !failed && i < old.n; i++) {
        char *path = path_join(dir, old.v[i]);
        if (unlink(path) == 0) sl_push(&removed, old.v[i]);
        else {
            fprintf(stderr, "clx: cannot remove %s, which an earlier expansion wrote: %s\n", path, strerror(errno));
            rc = -1;
        }
        free(path);
    }
    const struct strlist *said = failed ? &old : &removed;
    if (said->n) {
        char *list = sl_join(said, " ");
        if (failed)
            fprintf(stderr, "clx: kept %d file%s of an earlier expansion in %s that this one did not write (m4 failed: "
                    "the last good sources stay until an expansion writes every variant): %s\n", said->n,
                    said->n == 1 ? "" : "s", dir, list);
        else
            fprintf(stderr, "clx: removed %d file%s of an earlier expansion from %s that this one did not write: %s\n",
                    said->n, said->n == 1 ? "" : "s", dir, list);
        free(list);
    }
    sl_free(&old);
    sl_free(&removed);
    return rc;
}
