/* merge_which.c — what a folder given to clx merge is, where it is not a shard that can be merged
 * as it stands: a folder of shards' folders, another command's output (a comparison's), or a shard
 * whose clx is still writing it. */
#include "merge_impl.h"
#include "store/results.h"
#include "store/rundir.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* shards_in: where dir holds shards' folders (the folder given to clx run --shard K/N --out DIR),
 * what the refusal says: "DIR/run.json: No such file" blamed a file the user never meant to give. */
static char *shards_in(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return NULL;
    struct strlist found = {0};
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, "-shard") || !strcmp(e->d_name, "latest")) continue;
        char *sub = path_join(dir, e->d_name), *sj = path_join(sub, "run.json");
        if (file_exists(sj)) sl_push(&found, sub);
        free(sub);
        free(sj);
    }
    closedir(d);
    if (!found.n) { sl_free(&found); return NULL; }
    int *idx = xcalloc((size_t)found.n, sizeof *idx);
    for (int k = 0; k < found.n; k++) idx[k] = k;
    sort_by_keys(idx, found.n, found.v);           /* readdir's order is the disk's */
    struct sbuf b = {0};
    sb_printf(&b, "%s is not a shard: it holds %d shards' folders (", dir, found.n);
    for (int k = 0; k < found.n && k < 4; k++) sb_printf(&b, "%s%s", k ? ", " : "", found.v[idx[k]]);
    /* dir as the shell reads it back, the glob outside the quotes. */
    char *q = shell_word(dir);
    sb_printf(&b, "%s); give each (%s merge %s/*-shard* --out DIR)", found.n > 4 ? ", ..." : "", clx_cmd(), q);
    free(q);
    free(idx);
    sl_free(&found);
    return b.s;
}

char *merge_not_a_shard(const char *dir)
{
    char *js = path_join(dir, "run.json");
    int has = file_exists(js);
    free(js);
    if (has) return NULL;
    char *why = shards_in(dir);
    if (why) return why;
    /* clx compare's folder among the shards (the side-by-side summary of a --device all, made in
     * the --out folder beside them): its run.json "No such file" said nothing of what it is. */
    const char *cmd = rundir_output_of(dir);
    if (cmd)
        return xasprintf("%s is not a run's folder: a clx %s output (%s.md, no run.json); clx merge takes the shards' "
                         "folders, each with the run.json clx run --shard K/N writes", dir, cmd, cmd);
    return NULL;
}

int merge_running(const char *dir)
{
    /* A few seconds' grace: a part whose clx was just killed (kill -9 of a --split's part) leaves its
     * worker holding the lock until it sees its supervisor gone; on an H200's host the merge that
     * follows at once read that as "still running". */
    return results_held(dir, MERGE_RUNNING_GRACE_S);
}
