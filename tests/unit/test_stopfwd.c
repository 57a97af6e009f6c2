/* test_stopfwd.c — a stop passed on to the child doing the work: the first goes on as itself, a
 * second kills the child, one asked before the child was known reaches it once it is; the same stop
 * heard from the group and from a parent that passes it on is one, a second from either side is a
 * second. */
#include "check.h"
#include "lib/child.h"
#include "lib/stopfwd.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct stopfwd_says says = { "", "", "", 0, 0 };

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

/* stopped: pid (a child of this process) stopped, and seen stopped: a SIGSTOP is acted on when the
 * child next runs, and a SIGINT sent before that kills it at once (a fatal default action is not
 * held behind a pending stop), so "a child that cannot act on the first stop" is waited for. */
static void stopped(pid_t pid)
{
    int st;
    kill(pid, SIGSTOP);
    while (waitpid(pid, &st, WUNTRACED) < 0 && errno == EINTR) {}
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
    stopped(pid);                    /* a child that cannot act on the first stop */
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

/* one_byte: fd's next byte waited for (EINTR: a stop handled meanwhile). */
static void one_byte(int fd)
{
    char c;
    while (read(fd, &c, 1) < 0) {}
}

/* heard: a process whose parent (this test) passes stops on to it, as a device's process under
 * --device all has, and which passes them on to a stopped sleeper: it hears own_before SIGINTs of
 * its own (what a terminal's ^C to the group brings), then passed from this test one at a time,
 * then own_after of its own. Returns again * 100 + the signal the sleeper died of. */
static int heard(int own_before, int passed, int own_after)
{
    int fd, go[2];
    if (pipe(go)) return -1;
    pid_t mid = child_fork(&fd, "a test middle", CHILD_FOLLOWS_PARENT);
    if (mid == 0) {
        close(go[1]);
        sigset_t was;
        stopfwd_catch(&says);
        pid_t pid = sleeper(&was);
        stopfwd_child(pid);
        child_release_stops(&was);
        stopped(pid);                /* it dies of what it was sent, once let go */
        for (int i = 0; i < own_before; i++) raise(SIGINT);
        for (int i = 0; i <= passed; i++) {
            if (write(fd, "r", 1) != 1) _exit(1);     /* ready for the next (handled the last) */
            if (i < passed) one_byte(go[0]);
        }
        for (int i = 0; i < own_after; i++) raise(SIGINT);
        kill(pid, SIGCONT);
        int st = child_wait(pid);
        _exit(stopfwd_again() * 100 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0));
    }
    close(go[0]);
    for (int i = 0; i <= passed; i++) {
        one_byte(fd);
        if (i < passed) {
            kill(mid, SIGINT);
            if (write(go[1], "g", 1) != 1) break;
        }
    }
    close(go[1]);
    close(fd);
    int st = child_wait(mid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* One ^C to the group reaches a device's process directly and again from its parent: one stop. A
 * second from either side, or a stop from the parent alone twice, stops at once. */
static void test_one_stop_two_ways(void)
{
    CHECK(heard(1, 1, 0) == SIGINT);
    CHECK(heard(0, 1, 1) == SIGINT);
    CHECK(heard(0, 1, 0) == SIGINT);
    CHECK(heard(1, 0, 0) == SIGINT);
    CHECK(heard(1, 1, 1) == 100 + SIGKILL);
    CHECK(heard(0, 2, 0) == 100 + SIGKILL);
    CHECK(heard(2, 0, 0) == 100 + SIGKILL);
}

int main(void)
{
    RUN(test_first_passed_on);
    RUN(test_second_kills);
    RUN(test_asked_before);
    RUN(test_one_stop_two_ways);
    CHECK_EXIT();
}
