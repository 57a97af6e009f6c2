/* mergebusy.c — the writer of a merge's --out known from its mark's stamp and the folder's lock
 * (mergebusy.h). */
#include "mergebusy.h"
#include "mergeleft.h"
#include "lib/lockfile.h"
#include "lib/lockholders.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum merge_writer merge_writer_of(const char *stamp, long *pid, char *host, size_t n)
{
    if (n) *host = 0;
    if (!(*pid = pidlive_stamp_pid(stamp))) return MW_NONE;
    if (pidlive_stamp_elsewhere(stamp, host, n)) return MW_ELSEWHERE;
    return pidlive_stamp_running(stamp) ? MW_RUNNING : MW_ENDED;
}

char *merge_mark_stamp(const char *path)
{
    char *text = read_file(path, NULL), *line = text, *stamp = NULL;
    size_t n = strlen(MERGE_WRITER);
    while (line && strncmp(line, MERGE_WRITER, n)) {
        line = strchr(line, '\n');
        if (line) line++;
    }
    if (line) stamp = xasprintf("%.*s", (int)strcspn(line + n, "\n"), line + n);
    free(text);
    return stamp;
}

/* Which of two writers a folder's marks are said by: a merge running beats one elsewhere, which
 * beats one ended (the order of enum merge_writer but MW_NONE's place). */
static int strength(enum merge_writer w)
{
    return w == MW_RUNNING ? 3 : w == MW_ELSEWHERE ? 2 : w == MW_ENDED ? 1 : 0;
}

/* take: path's writer, kept in *best (its pid and host beside) where it is stronger. */
static void take(const char *path, enum merge_writer *best, long *pid, char *host, size_t n)
{
    char *stamp = merge_mark_stamp(path), h[256];
    long p;
    enum merge_writer w = merge_writer_of(stamp, &p, h, sizeof h);
    free(stamp);
    if (strength(w) <= strength(*best)) return;
    *best = w;
    *pid = p;
    if (n) snprintf(host, n, "%s", h);
}

enum merge_writer merge_marks_writer(const char *dir, long *pid, char *host, size_t n)
{
    enum merge_writer best = MW_NONE;
    *pid = 0;
    if (n) *host = 0;
    char *mark = path_join(dir, MERGE_UNFINISHED);
    take(mark, &best, pid, host, n);
    free(mark);
    DIR *d = opendir(dir);
    size_t k = strlen(MERGE_UNFINISHED);
    for (struct dirent *e; d && best != MW_RUNNING && (e = readdir(d));) {
        if (strncmp(e->d_name, MERGE_UNFINISHED ".", k + 1) || !str_ends(e->d_name, ".tmp")) continue;
        char *tmp = path_join(dir, e->d_name);
        take(tmp, &best, pid, host, n);
        free(tmp);
    }
    if (d) closedir(d);
    return best;
}

/* holder_is_merge: whether process pid is a clx merge (its command line's command, argv[1], is
 * "merge"). The folder's lock is not a merge's alone: a resume holds its run's folder the same way
 * (results_claim), and that one is waited for, not refused. */
static int holder_is_merge(long pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/cmdline", pid);
    size_t n = 0;
    char *args = read_file(path, &n);
    if (!args) return 0;
    size_t first = strnlen(args, n);
    int merge = first + 1 < n && !strcmp(args + first + 1, "merge");
    free(args);
    return merge;
}

char *merge_in_progress(const char *dir) { return merge_in_progress_seen(dir, NULL); }

char *merge_in_progress_seen(const char *dir, struct lockholders *locks)
{
    char host[256] = "";
    /* The lock first: a merge holds it before it writes its mark (and while it finds the folder
     * holds its merge already, writing nothing). */
    long pid = locks ? lockholders_pid(locks, dir) : lockfile_holder(dir);
    if (pid == (long)getpid() || (pid && !holder_is_merge(pid))) pid = 0;
    if (!pid && merge_marks_writer(dir, &pid, host, sizeof host) != MW_RUNNING) pid = 0;
    if (!pid) return NULL;
    pidlive_host(host, sizeof host);
    return xasprintf("a merge into %s is in progress (pid %ld on %s); its results are partial", dir, pid,
                     *host ? host : "this host");
}
