/* test_hostlock.c — the host's turn: one process at a time holds it, and giving it back lets the
 * next one in; the lock file lives in $TMPDIR. */
#include "check.h"
#include "lib/hostlock.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* other_can_take: whether another process could take the lock now (without waiting). */
static int other_can_take(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        char *path = hostlock_path();
        int fd = open(path, O_RDWR | O_CREAT, 0600);
        _exit(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : 1);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void test_path_in_tmpdir(void)
{
    char *p = hostlock_path();
    CHECK(strncmp(p, "tests/tmp/hostlock/clx-host-", 28) == 0);
    CHECK(strstr(p, ".lock") != NULL);
    free(p);
}

static void test_one_at_a_time(void)
{
    int fd = hostlock_take();
    CHECK(fd >= 0);
    CHECK(!other_can_take());
    hostlock_give(fd);
    CHECK(other_can_take());
}

static void test_unopenable_goes_on(void)
{
    setenv("TMPDIR", "tests/tmp/hostlock/no/such/folder", 1);
    int fd = hostlock_take();
    CHECK(fd == -1);
    hostlock_give(fd);   /* harmless */
    setenv("TMPDIR", "tests/tmp/hostlock", 1);
}

int main(void)
{
    mkdir("tests/tmp", 0755);
    mkdir("tests/tmp/hostlock", 0755);
    setenv("TMPDIR", "tests/tmp/hostlock", 1);
    RUN(test_path_in_tmpdir);
    RUN(test_one_at_a_time);
    RUN(test_unopenable_goes_on);
    CHECK_EXIT();
}
