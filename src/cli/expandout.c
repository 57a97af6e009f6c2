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

int expandout_clear(const char *dir, struct strlist *removed)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int rc = 0;
    struct strlist names = {0};
    for (struct dirent *e; (e = readdir(d));)
        if (str_ends(e->d_name, ".cl") && e->d_name[0] != '.') sl_push(&names, e->d_name);
    closedir(d);
    if (names.n) qsort(names.v, (size_t)names.n, sizeof *names.v, by_name);   /* said in this order */
    for (int i = 0; i < names.n; i++) {
        char *path = path_join(dir, names.v[i]);
        if (written_by_clx(path)) {
            if (unlink(path) == 0) sl_push(removed, names.v[i]);
            else {
                fprintf(stderr, "clx: cannot remove %s, which an earlier expansion wrote: %s\n", path, strerror(errno));
                rc = -1;
            }
        }
        free(path);
    }
    sl_free(&names);
    return rc;
}

void expandout_say_removed(const char *dir, const struct strlist *removed, const struct strlist *written)
{
    struct strlist gone = {0};
    for (int i = 0; i < removed->n; i++) {
        int again = 0;
        for (int j = 0; j < written->n && !again; j++) again = !strcmp(removed->v[i], written->v[j]);
        if (!again) sl_push(&gone, removed->v[i]);
    }
    if (gone.n) {
        char *list = sl_join(&gone, " ");
        fprintf(stderr, "clx: removed %d file%s of an earlier expansion from %s that this one did not write: %s\n",
                gone.n, gone.n == 1 ? "" : "s", dir, list);
        free(list);
    }
    sl_free(&gone);
}
