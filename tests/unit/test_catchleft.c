/* test_catchleft.c — the crash records of builds' catches of the driver's stderr that a run leaves:
 * a process killed in its catches (a build ahead's among them) has its own records removed and an
 * older crash's kept (stderrcatch_drop_new, after stderrcatch_files); a finished run keeps the
 * records a crashed or build-failed row's log names, in the words of today's logs and of older ones,
 * with the shared files they name, and removes the rest: a stale marker, one that names a kept file,
 * an older record of its own text, an orphaned shared file (catchleft_tidy); no results.tsv, or one
 * without a note column, nothing; a marker naming a build's log never has it removed. */
#include "check.h"
#include "testutil.h"
#include "lib/stderrcatch.h"
#include "lib/util.h"
#include "store/catchleft.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int there(const char *dir, const char *name)
{
    char *p = path_join(dir, name);
    int is = access(p, F_OK) == 0;
    free(p);
    return is;
}

static char *fresh_dir(const char *what)
{
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char *d = xasprintf("%s/clx-test-%s-XXXXXX", tmp, what);
    if (!mkdtemp(d)) d[0] = '\0';
    return d;
}

/* A worker killed with a build ahead in its catch and the build in flight in none: the child begins
 * the one catch and dies (_exit, as a kill leaves it). */
static void test_killed_drops_its_own(void)
{
    char *dir = fresh_dir("dropnew");
    put_text(dir, ".driver-stderr-Old000", "LLVM ERROR: an older crash\n");
    put_text(dir, "x__default.stderr", "#clx-stderrcatch .driver-stderr-Old000 0 single alone\n");
    struct strlist before = {0};
    stderrcatch_files(dir, &before);
    char *ahead = path_join(dir, "b__default.stderr");
    pid_t pid = fork();
    if (pid == 0) {
        struct stderrcatch c;
        stderrcatch_begin(&c, ahead, 1);
        fprintf(stderr, "a build ahead's line\n");
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    struct strlist mid = {0};
    stderrcatch_files(dir, &mid);
    int left_by_kill = mid.n == 2 && there(dir, "b__default.stderr");
    stderrcatch_drop_new(dir, &before);
    CHECK(before.n == 1 && left_by_kill);
    CHECK(!there(dir, "b__default.stderr"));
    CHECK(there(dir, "x__default.stderr") && there(dir, ".driver-stderr-Old000"));
    struct strlist after = {0};
    stderrcatch_files(dir, &after);
    CHECK(after.n == 1);
    char *cmd = xasprintf("rm -rf '%s'", dir);
    if (system(cmd)) { /* a test's folder: nothing to say */ }
    free(cmd);
    sl_free(&before);
    sl_free(&mid);
    sl_free(&after);
    free(ahead);
    free(dir);
}

static void test_finished_run_keeps_named(void)
{
    char *run = fresh_dir("catchleft"), *logs = path_join(run, "logs");
    CHECK(catchleft_tidy(run) == -1);
    mkdir_p(logs);
    put_text(logs, "c__default.log", "# FAILED: died\n# the driver wrote on stderr in this build before the worker died "
                                "(kept in logs/c__default.stderr of the run that built it: clx merge leaves it):\nLLVM\n");
    put_text(logs, "old__default.log", "# the driver wrote on stderr in this build before the worker died (kept in "
                                  "logs/old__default.stderr):\n1 error generated.\n");
    put_text(logs, "f__default.log", "# FAILED: undeclared\n");
    put_text(logs, "c__default.stderr", "#clx-stderrcatch .driver-stderr-Keep01 0 shared alone\n");
    put_text(logs, "s__default.stderr", "#clx-stderrcatch .driver-stderr-Keep01 9 shared beside\n");
    put_text(logs, ".driver-stderr-Keep01", "LLVM\n");
    put_text(logs, "old__default.stderr", "1 error generated.\n");
    put_text(logs, "g__default.stderr", "#clx-stderrcatch .driver-stderr-Gone01 0 single beside\n");
    put_text(logs, ".driver-stderr-Gone01", "a build ahead's\n");
    put_text(logs, "f__default.stderr", "1 error generated.\n");
    put_text(logs, ".driver-stderr-Orph01", "an older crash's\n");
    /* A table without its note column names no record: none is told stale, nothing goes. Then
     * clx's own, a build's log named by two of its rows. */
    put_text(run, "results.tsv", "variant\tbuild\tstatus\nc\tdefault\tcrashed\n");
    CHECK(catchleft_tidy(run) == -1);
    CHECK(there(logs, "c__default.stderr") && there(logs, "g__default.stderr") && there(logs, ".driver-stderr-Orph01"));
    put_text(run, "results.tsv", "variant\tbuild\tstatus\tnote\n"
                            "c\tdefault\tcrashed\tthe worker process died of signal 11 while building it; log: logs/c__default.log\n"
                            "c\tdefault\tcrashed\tthe worker process died of signal 11 while building it; log: logs/c__default.log\n"
                            "old\tdefault\tcrashed\tthe worker process died; log: logs/old__default.log\n"
                            "f\tdefault\tbuild-failed\tundeclared; log: logs/f__default.log\n"
                            "g\tdefault\tok\t\n");
    int gone = catchleft_tidy(run);
    CHECK(gone == 5);
    CHECK(there(logs, "c__default.stderr") && there(logs, ".driver-stderr-Keep01") && there(logs, "old__default.stderr"));
    CHECK(!there(logs, "s__default.stderr") && !there(logs, "g__default.stderr") && !there(logs, ".driver-stderr-Gone01"));
    CHECK(!there(logs, "f__default.stderr") && !there(logs, ".driver-stderr-Orph01"));
    CHECK(there(logs, "c__default.log") && there(logs, "f__default.log"));
    char *cmd = xasprintf("rm -rf '%s'", run);
    if (system(cmd)) { /* a test's folder: nothing to say */ }
    free(cmd);
    free(logs);
    free(run);
}

/* A marker that names a file other than a shared one (damaged, or written by hand) is no record of
 * it: a build made again over that marker removes the marker's own file only, never the file named. */
static void test_marker_names_no_log(void)
{
    char *dir = fresh_dir("namedlog"), *marker = path_join(dir, "v__default.stderr");
    put_text(dir, "v__default.log", "# the build's log\n");
    put_text(dir, "v__default.stderr", "#clx-stderrcatch v__default.log 0 single alone\n");
    struct stderrcatch c;
    int began = stderrcatch_begin(&c, marker, 0) == 0;
    free(stderrcatch_end(&c));
    CHECK(began);
    CHECK(there(dir, "v__default.log"));
    char *cmd = xasprintf("rm -rf '%s'", dir);
    if (system(cmd)) { /* a test's folder: nothing to say */ }
    free(cmd);
    free(marker);
    free(dir);
}

int main(void)
{
    RUN(test_killed_drops_its_own);
    RUN(test_finished_run_keeps_named);
    RUN(test_marker_names_no_log);
    CHECK_EXIT();
}
