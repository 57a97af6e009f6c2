/* test_stopfwd.c — a stop passed on to the child doing the work: the first goes on as itself, a
 * second kills the child, one asked before the child was known reaches it once it is. */
#include "check.h"
#include "lib/child.h"
#include "lib/stopfwd.h"
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct stopfwd_says says = { "", "", "" };

/* sleeper: a child that waits to be stopped (its default actions: SIGTERM ends it). */
static pid_t sleeper(sigset_t *was)
{
    int fd;
    child_hold_stops(was);
    pid_t pid = child_fork(&fd, "a test child", CHILD_FOLLOWS_PARENT);
    if (pid == 0) {
        close(fd);
        for (int i = 0; i < 600; i++) sleep(1);
        _exit(0);
    }
    close(fd);
    return pid;
}

/* The first stop goes on to the child as the same signal; said asked, not again. */
static void test_first_passed_on(void)
{
    sigset_t was;
    stopfwd_catch(&says);
    pid_t pid = sleeper(&was);
    stopfwd_child(pid);
    child_release_stops(&was);
    raise(SIGTERM);
    int st = child_wait(pid);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
    CHECK(stopfwd_asked() == SIGTERM);
    CHECK(!stopfwd_again());
    stopfwd_release();
}

/* A second stop kills the child at once, whatever it does with the first. */
static void test_second_kills(void)
{
    sigset_t was;
    stopfwd_catch(&says);
    pid_t pid = sleeper(&was);
    stopfwd_child(pid);
    child_release_stops(&was);
    kill(pid, SIGSTOP);              /* a child that cannot act on the first stop */
    raise(SIGINT);
    raise(SIGINT);
    kill(pid, SIGCONT);
    int st = child_wait(pid);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    CHECK(stopfwd_asked() == SIGINT);
    CHECK(stopfwd_again());
    stopfwd_release();
}

/* A stop asked before the child was known (between two workers, or during its fork) reaches it. */
static void test_asked_before(void)
{
    sigset_t was;
    stopfwd_catch(&says);
    raise(SIGHUP);
    pid_t pid = sleeper(&was);
    stopfwd_child(pid);
    child_release_stops(&was);
    int st = child_wait(pid);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGHUP);
    stopfwd_release();
}

int main(void)
{
    RUN(test_first_passed_on);
    RUN(test_second_kills);
    RUN(test_asked_before);
    CHECK_EXIT();
}
