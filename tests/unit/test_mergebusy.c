/* test_mergebusy.c — store/mergebusy.c: the rule by which a merge.unfinished's writer is known (a
 * stamp of this host running, of this host ended: a leftover, of another host: not this host's to
 * clear, none: an older clx's), the strongest of a folder's mark and its temporaries, and the line a
 * reader says while a merge holds the folder's lock or its running merge's mark is there. */
#include "check.h"
#include "store/mergebusy.h"
#include "store/mergeleft.h"
#include "lib/lockfile.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE "tests/tmp/unit_mergebusy"

/* A child that stamps itself, optionally locks a folder, and waits till the parent closes hold. */
struct child { pid_t pid; int hold; char stamp[512]; };

/* as_merge: the child then runs as a process whose command line's command (argv[1]) is "merge",
 * as a clx merge's is, still holding the lock: sh reading a script named merge that waits on hold. */
static void child_start_as(struct child *c, const char *lock_dir, int as_merge)
{
    int up[2], hold[2];
    CHECK(pipe(up) == 0 && pipe(hold) == 0);
    c->pid = fork();
    if (c->pid == 0) {
        int fd = lock_dir ? lockfile_folder(lock_dir) : 0;
        char *s = pidlive_stamp(), x;
        if (fd < 0 || write(up[1], s, strlen(s)) < 0) _exit(1);
        close(up[1]);
        close(hold[1]);
        if (as_merge) {
            /* dup2 leaves the lock's copy open across exec (lockfile's own is close-on-exec). */
            if (dup2(fd, 3) < 0 || dup2(hold[0], 0) < 0 || chdir(BASE) != 0) _exit(1);
            execl("/bin/sh", "sh", "merge", (char *)NULL);
            _exit(1);
        }
        if (read(hold[0], &x, 1) < 0) _exit(1);
        _exit(0);
    }
    close(up[1]);
    close(hold[0]);
    size_t n = 0;
    for (ssize_t r; n < sizeof c->stamp - 1 && (r = read(up[0], c->stamp + n, sizeof c->stamp - 1 - n)) > 0;)
        n += (size_t)r;
    c->stamp[n] = 0;
    close(up[0]);
    c->hold = hold[1];
}

static void child_start(struct child *c, const char *lock_dir)
{
    child_start_as(c, lock_dir, 0);
}

static void child_end(struct child *c)
{
    close(c->hold);
    CHECK(waitpid(c->pid, NULL, 0) == c->pid);
}

/* mark: dir/name holding a merge's command and the writer line with stamp (none where NULL). */
static void mark(const char *dir, const char *name, const char *stamp)
{
    char *p = path_join(dir, name), *text = xasprintf("clx merge a b --out %s\n%s%s\n", dir, stamp ? MERGE_WRITER : "",
                                                       stamp ? stamp : "");
    CHECK(write_file_atomic(p, text, strlen(text)) == 0);
    free(text);
    free(p);
}

static void test_writer_rule(void)
{
    long pid = -1;
    char host[256] = "x";
    CHECK(merge_writer_of(NULL, &pid, host, sizeof host) == MW_NONE && pid == 0 && !*host);
    CHECK(merge_writer_of("start=1", &pid, host, sizeof host) == MW_NONE);
    /* Another host's: said with its host and pid, whatever runs here under that pid. */
    char there[128];
    snprintf(there, sizeof there, "pid=%ld host=elsewhere.invalid", (long)getpid());
    CHECK(merge_writer_of(there, &pid, host, sizeof host) == MW_ELSEWHERE && pid == (long)getpid());
    CHECK_STR(host, "elsewhere.invalid");
    /* This process's own: not another's work in progress. */
    char *self = pidlive_stamp();
    CHECK(merge_writer_of(self, &pid, host, sizeof host) == MW_ENDED && pid == (long)getpid());
    free(self);
    /* This host's, running, then ended: the leftover only then. */
    struct child c;
    child_start(&c, NULL);
    CHECK(merge_writer_of(c.stamp, &pid, host, sizeof host) == MW_RUNNING && pid == (long)c.pid);
    child_end(&c);
    CHECK(merge_writer_of(c.stamp, &pid, host, sizeof host) == MW_ENDED && pid == (long)c.pid);
}

static void test_marks(void)
{
    remove_tree(BASE);
    CHECK(mkdir_p(BASE "/m") == 0);
    long pid;
    char host[256];
    CHECK(merge_marks_writer(BASE "/m", &pid, host, sizeof host) == MW_NONE && pid == 0);
    mark(BASE "/m", MERGE_UNFINISHED, NULL);                 /* an older clx's: no writer */
    CHECK(merge_marks_writer(BASE "/m", &pid, host, sizeof host) == MW_NONE);
    mark(BASE "/m", MERGE_UNFINISHED, "pid=77 host=elsewhere.invalid");
    CHECK(merge_marks_writer(BASE "/m", &pid, host, sizeof host) == MW_ELSEWHERE && pid == 77);
    CHECK_STR(host, "elsewhere.invalid");
    /* A running merge's temporary beside another host's mark: the running one is said. */
    struct child c;
    child_start(&c, NULL);
    mark(BASE "/m", MERGE_UNFINISHED ".123.tmp", c.stamp);
    CHECK(merge_marks_writer(BASE "/m", &pid, host, sizeof host) == MW_RUNNING && pid == (long)c.pid);
    char here[256], *busy = merge_in_progress(BASE "/m");
    pidlive_host(here, sizeof here);
    char *want = xasprintf("a merge into " BASE "/m is in progress (pid %ld on %s); its results are partial", (long)c.pid,
                           *here ? here : "this host");
    CHECK(busy != NULL);
    if (busy) CHECK_STR(busy, want);
    free(busy);
    free(want);
    child_end(&c);
    /* Ended: the other host's mark is what is left; no reader's line (none is running here). */
    CHECK(merge_marks_writer(BASE "/m", &pid, host, sizeof host) == MW_ELSEWHERE && pid == 77);
    CHECK(merge_in_progress(BASE "/m") == NULL);
}

static void test_lock_held(void)
{
    remove_tree(BASE);
    CHECK(merge_in_progress(BASE "/none") == NULL);
    CHECK(mkdir_p(BASE "/held") == 0);
    CHECK(merge_in_progress(BASE "/held") == NULL);
    /* Another process holds the folder's lock, not a merge (a resume holds its run's folder so):
     * nothing said, the resume waits for it. */
    struct child c;
    child_start(&c, BASE "/held");
    CHECK(merge_in_progress(BASE "/held") == NULL);
    child_end(&c);
    /* A merge holds it (before its mark): said where /proc/locks says. The script's exec shows as
     * merge's command line only once sh runs it: polled for (10 s at most). */
    CHECK(write_file_atomic(BASE "/merge", "read x\n", 7) == 0);
    child_start_as(&c, BASE "/held", 1);
    char here[256];
    pidlive_host(here, sizeof here);
    if (access("/proc/locks", R_OK) == 0) {
        char *busy = NULL;
        for (int i = 0; i < 1000 && !busy; i++) {
            busy = merge_in_progress(BASE "/held");
            if (!busy) usleep(10000);
        }
        char *want = xasprintf("a merge into " BASE "/held is in progress (pid %ld on %s); its results are partial",
                               (long)c.pid, *here ? here : "this host");
        CHECK(busy != NULL);
        if (busy) CHECK_STR(busy, want);
        free(want);
        free(busy);
    }
    child_end(&c);
    CHECK(merge_in_progress(BASE "/held") == NULL);
    /* This process's own lock is not another merge. */
    int fd = lockfile_folder(BASE "/held");
    CHECK(fd >= 0 && merge_in_progress(BASE "/held") == NULL);
    lockfile_give(fd);
    remove_tree(BASE);
}

int main(void)
{
    RUN(test_writer_rule);
    RUN(test_marks);
    RUN(test_lock_held);
    CHECK_EXIT();
}
