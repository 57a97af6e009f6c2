/* runsin.c — the runs a folder holds, read from their run.json files (runsin.h). */
#include "runsin.h"
#include "runjson.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* A run found, for the newest-first order. */
struct seen { char *path, *started; };

/* newest_first: the later start first ("started" is ISO 8601 from one host's clock: its text sorts
 * as its time), then the later name. */
static int newest_first(const void *a, const void *b)
{
    const struct seen *x = a, *y = b;
    int c = strcmp(y->started, x->started);
    return c ? c : strcmp(y->path, x->path);
}

int runs_in_read(const char *dir, struct runs_in *rs)
{
    memset(rs, 0, sizeof *rs);
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct seen *seen = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "latest")) continue;
        char *sub = path_join(dir, e->d_name), *err = NULL;
        struct runjson r;
        if (runjson_read(sub, &r, &err) == 0) {
            seen = xrealloc(seen, sizeof *seen * (size_t)(n + 1));
            seen[n++] = (struct seen){ xstrdup(sub), xstrdup(rj_str(r.started)) };
            const struct rj_shard *sh = &r.shard;
            if (sh->n > 0 && sh->n < 64 && sh->k > 0 && sh->k <= sh->n) { rs->n = sh->n; rs->have[sh->k] = 1; }
            if (!r.finished && !runjson_part(&r, RJ_MERGED)) sl_push(&rs->unfinished, sub);
        }
        free(err);
        runjson_free(&r);
        free(sub);
    }
    closedir(d);
    if (n) qsort(seen, (size_t)n, sizeof *seen, newest_first);
    for (int i = 0; i < n; i++) {
        sl_push_own(&rs->runs, seen[i].path);
        free(seen[i].started);
    }
    free(seen);
    sl_sort(&rs->unfinished);        /* readdir's order is the disk's */
    return 0;
}

void runs_in_free(struct runs_in *rs)
{
    sl_free(&rs->runs);
    sl_free(&rs->unfinished);
}
