/* test_child.c — forked children that answer on a pipe: the answer, the wait, how each ended. */
#include "check.h"
#include "lib/child.h"
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

/* A child's answer comes whole; its exit status comes back. */
static void test_answer(void)
{
    int fd;
    pid_t pid = child_fork(&fd, "a test child", 0);
    if (pid == 0) {
        child_tell(fd, "results/run-1");
        _exit(3);
    }
    char *got = child_read_all(fd);
    CHECK_STR(got, "results/run-1");
    free(got);
    int st = child_wait(pid);
    CHECK(child_exit_code(st) == 3);
    char *how = child_how(st);
    CHECK_STR(how, "was ended with exit status 3");
    free(how);
}

/* Nothing said is NULL; a signal is 128 + its number, said by name. */
static void test_silent_and_killed(void)
{
    int fd;
    pid_t pid = child_fork(&fd, "a test child", 0);
    if (pid == 0) {
        close(fd);
        raise(SIGKILL);
        _exit(0);
    }
    CHECK(child_read_all(fd) == NULL);
    int st = child_wait(pid);
    CHECK(child_exit_code(st) == 128 + SIGKILL);
    char *how = child_how(st);
    CHECK_CONTAINS(how, "died of signal 9 (");
    free(how);
}

/* A child that follows its parent takes SIGTERM's default action (the parent's handler is not its). */
static void on_term(int sig) { (void)sig; }

static void test_follows_parent(void)
{
    struct sigaction sa = {0}, old;
    sa.sa_handler = on_term;
    sigaction(SIGTERM, &sa, &old);
    int fd;
    pid_t pid = child_fork(&fd, "a test child", CHILD_FOLLOWS_PARENT);
    if (pid == 0) {
        struct sigaction now;
        sigaction(SIGTERM, NULL, &now);
        child_tell(fd, now.sa_handler == SIG_DFL ? "default" : "caught");
        _exit(0);
    }
    sigaction(SIGTERM, &old, NULL);
    char *got = child_read_all(fd);
    CHECK_STR(got, "default");
    free(got);
    CHECK(child_exit_code(child_wait(pid)) == 0);
}

int main(void)
{
    RUN(test_answer);
    RUN(test_silent_and_killed);
    RUN(test_follows_parent);
    CHECK_EXIT();
}
