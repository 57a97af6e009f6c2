/* mergeleft.c — a clx merge's leftover in its --out known by its marks, and said with what finishes
 * it (mergeleft.h). */
#include "mergeleft.h"
#include "mergebusy.h"
#include "lib/calledas.h"
#include "lib/lockfile.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* has: whether dir/name exists; a folder where dir_only is set. */
static int has(const char *dir, const char *name, int dir_only)
{
    char *p = path_join(dir, name);
    struct stat st;
    int yes = stat(p, &st) == 0 && (!dir_only || S_ISDIR(st.st_mode));
    free(p);
    return yes;
}

/* mark_temporary: whether dir holds MERGE_UNFINISHED's temporary (MERGE_UNFINISHED.PID.tmp: its
 * writer puts it in place by renaming it), which a merge killed while it wrote its mark left. */
static int mark_temporary(const char *dir)
{
    DIR *d = opendir(dir);
    size_t n = strlen(MERGE_UNFINISHED);
    int yes = 0;
    for (struct dirent *e; d && !yes && (e = readdir(d));)
        yes = !strncmp(e->d_name, MERGE_UNFINISHED ".", n + 1) && str_ends(e->d_name, ".tmp");
    if (d) closedir(d);
    return yes;
}

long merge_left_writer(const char *dir)
{
    if (has(dir, "run.json", 0)) return 0;
    long pid;
    char host[256];
    return merge_marks_writer(dir, &pid, host, sizeof host) == MW_RUNNING ? pid : 0;
}

char *merge_left_running(const char *dir, const char *then)
{
    long pid = merge_left_writer(dir);
    if (!pid) return NULL;
    return xasprintf("%s is still being written by a clx merge (pid %ld, named in its " MERGE_UNFINISHED "): %s", dir,
                     pid, then);
}

char *merge_left_busy(const char *dir)
{
    long pid = lockfile_holder(dir);
    if (!pid) pid = merge_left_writer(dir);
    char by[64] = "";
    if (pid) snprintf(by, sizeof by, " (pid %ld)", pid);
    /* Merged again once that one has ended, a merge of the same parts finds its run there and writes
     * nothing (merge_again.c): a pipeline's step run twice at once ends as one. */
    return xasprintf("another clx merge is writing %s now%s: nothing written by this one; wait for that merge to "
                     "end, then merge again, or give another --out", dir, by);
}

/* slurm_merged: whether dir is tools/slurm-sweep.sh's merged/ (its sweep's folder holds merge.sbatch);
 * that folder's path into up (PATH_MAX) where it is: as dir names it where dir ends in merged/, else
 * from its real path (dir given as "." from inside). */
static int slurm_merged(const char *dir, char *up)
{
    char real[PATH_MAX];
    if (!realpath(dir, real)) return 0;
    char *slash = strrchr(real, '/');
    if (!slash || strcmp(slash + 1, "merged")) return 0;
    *slash = 0;
    snprintf(up, PATH_MAX, "%s", *real ? real : "/");
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    /* "merged": the sweep's folder is "."; "/merged": "/"; "A/merged": "A". */
    if (n == 6 && !strncmp(dir, "merged", 6)) snprintf(up, PATH_MAX, ".");
    else if (n > 6 && !strncmp(dir + n - 7, "/merged", 7)) snprintf(up, PATH_MAX, "%.*s", n == 7 ? 1 : (int)(n - 7), dir);
    return has(up, "merge.sbatch", 0);
}

enum merge_left_mark merge_left_mark(const char *dir)
{
    char up[PATH_MAX];
    if (has(dir, "run.json", 0) || !has(dir, ".", 1)) return ML_NONE;
    if (has(dir, MERGE_UNFINISHED, 0) || mark_temporary(dir)) return ML_UNFINISHED;
    if (has(dir, MERGE_ASIDE, 1)) return ML_ASIDE;
    /* The two an older clx's merge of a known layout left: its rows written, its run.json not. */
    if (!has(dir, "results.tsv", 0)) return ML_NONE;
    if (has(dir, "parts", 1)) return ML_SPLIT;
    return slurm_merged(dir, up) ? ML_SLURM : ML_NONE;
}

const char *merge_left_words(enum merge_left_mark k)
{
    switch (k) {
    case ML_UNFINISHED: return "its " MERGE_UNFINISHED ", which a merge removes once it has written run.json";
    case ML_ASIDE: return "the partial merge it was replacing waits in its " MERGE_ASIDE;
    case ML_SPLIT: return "a --split's folder: the parts/ its merge joins, beside results.tsv";
    case ML_SLURM: return "tools/slurm-sweep.sh's merged/, beside that sweep's merge.sbatch";
    default: return "";
    }
}

/* again: the command that writes dir's merge anew (a new string): a --split's, the one that left
 * MERGE_UNFINISHED (as it was recorded), the Slurm sweep's merge job, else in words. */
static char *again(const char *dir, enum merge_left_mark k)
{
    char *qd = shell_word(dir), *cmd = NULL, up[PATH_MAX];
    if (has(dir, "parts", 1)) {
        /* The glob outside the quotes, where the shell expands it. */
        char *parts = path_join(dir, "parts"), *qp = shell_word(parts);
        cmd = xasprintf("%s merge %s/*/ --split --out %s", clx_cmd(), qp, qd);
        free(qp);
        free(parts);
    } else if (k == ML_UNFINISHED) {
        char *mark = path_join(dir, MERGE_UNFINISHED), *text = read_file(mark, NULL);
        if (text) text[strcspn(text, "\n")] = 0;
        if (text && *text) cmd = xstrdup(text);
        free(text);
        free(mark);
    }
    if (!cmd && slurm_merged(dir, up)) {
        char *sb = path_join(up, "merge.sbatch"), *qs = shell_word(sb);
        cmd = xasprintf("sbatch %s", qs);
        free(qs);
        free(sb);
    }
    if (!cmd) cmd = xasprintf("%s merge SHARD_DIR... --out %s (every part it joins)", clx_cmd(), qd);
    free(qd);
    return cmd;
}

char *merge_left(const char *dir)
{
    enum merge_left_mark k = merge_left_mark(dir);
    if (k == ML_NONE) return NULL;
    /* Not a leftover yet: removing it, or merging into it again, would race the merge writing it. */
    char *running = k == ML_UNFINISHED ? merge_left_running(dir, "read it again once that merge has ended") : NULL;
    if (running) return running;
    char *cmd = again(dir, k), *qd = shell_word(dir);
    char *rm = has(dir, "parts", 1) ? xstrdup("all it holds but parts/") : xasprintf("rm -r %s", qd);
    /* A merge on another node of a folder they all see (a Slurm job's): whether it runs is not this
     * host's to tell. */
    char *mark = path_join(dir, MERGE_UNFINISHED), *stamp = merge_mark_stamp(mark), host[256], *there = NULL;
    long pid = k == ML_UNFINISHED ? pidlive_stamp_elsewhere(stamp, host, sizeof host) : 0;
    if (pid) there = xasprintf(" once it has ended: its " MERGE_UNFINISHED " names a merge on host %s (pid %ld), which "
                               "this clx cannot see", host, pid);
    /* That merge's mark is refused without it (cluster/merge_again.c): this host cannot tell it ended. */
    if (pid && strncmp(cmd, "sbatch ", 7)) {
        char *forced = xasprintf("%s --force-unlock", cmd);
        free(cmd);
        cmd = forced;
    }
    char *why = xasprintf("%s is what a clx merge left when it did not finish (%s), not a run: it has no run.json, "
                          "and its results.tsv may lack rows; the same merge run again replaces it%s: %s (or remove "
                          "it: %s)", dir, merge_left_words(k), there ? there : "", cmd, rm);
    free(there);
    free(stamp);
    free(mark);
    free(rm);
    free(qd);
    free(cmd);
    return why;
}
