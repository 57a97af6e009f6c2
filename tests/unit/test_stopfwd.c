/* test_stopfwd.c — a stop passed on to the child doing the work: the first goes on as itself, a
 * second kills the child, one asked before the child was known reaches it once it is; the same stop
 * heard from the group and from a parent that passes it on is one, a second from either side is a
 * second; the copy GNU timeout sends to the group it leads after the one to clx is one with it. */
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

/* heard_from: a process that plays clx (stops caught, no child: what it counts is what is asked)
 * hears three stops from one sender, each once the last was handled, the way GNU timeout sends: the
 * first to it, the second as the second signal (SIGINT or SIGTERM) to the group where to_group says
 * (kill(0)) else to it again, the third SIGINT to it. The sender leads their process group where
 * leader says, else is another member (the leader then ignores the signals: it would die of the
 * group's copy); the sender ignores the signals where shield is 1 (timeout), catches them where 2
 * (sh and bash with a child). Returns stopfwd_again() after the second stop * 10 + after the third. */
static void on_sig(int sig) { (void)sig; }

static int heard_from(int leader, int shield, int to_group, int second)
{
    int ready[2], sent[2];
    if (pipe(ready) || pipe(sent)) return -1;
    pid_t lead = fork();
    if (lead == 0) {
        setpgid(0, 0);
        pid_t clx = fork();
        if (clx == 0) {
            close(ready[0]);
            close(sent[1]);
            stopfwd_catch(&says);
            int seen = 0;
            for (int i = 0; i < 3; i++) {
                if (write(ready[1], "r", 1) != 1) _exit(99);
                one_byte(sent[0]);   /* the stop was handled before this byte is seen */
                if (i > 0) seen = seen * 10 + stopfwd_again();
            }
            _exit(seen);
        }
        pid_t from = getpid();
        if (!leader) {
            signal(SIGINT, SIG_IGN);
            signal(SIGTERM, SIG_IGN);
            from = fork();
        }
        if (from == 0 || leader) {
            close(ready[1]);
            close(sent[0]);
            if (shield) {
                signal(SIGINT, shield == 1 ? SIG_IGN : on_sig);
                signal(SIGTERM, shield == 1 ? SIG_IGN : on_sig);
            }
            for (int i = 0; i < 3; i++) {
                one_byte(ready[0]);
                kill(i == 1 && to_group ? 0 : clx, i == 1 ? second : SIGINT);
                if (write(sent[1], "s", 1) != 1) break;
            }
            if (!leader) _exit(0);
        }
        close(ready[0]);
        close(ready[1]);
        close(sent[0]);
        close(sent[1]);
        int st = child_wait(clx);
        if (!leader) child_wait(from);
        _exit(WIFEXITED(st) ? WEXITSTATUS(st) : 98);
    }
    close(ready[0]);
    close(ready[1]);
    close(sent[0]);
    close(sent[1]);
    int st = child_wait(lead);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* GNU timeout's stop (to clx, then to the group it leads, the signal ignored meanwhile) is one stop;
 * a third from it is a second. */
static void test_group_copy_is_one(void)
{
    CHECK(heard_from(1, 1, 1, SIGINT) == 1);
    CHECK(heard_from(1, 1, 0, SIGINT) == 1);        /* to clx twice: the same to it, the sender counts */
    CHECK(heard_from(1, 1, 1, SIGTERM) == 11);      /* another signal: a second stop */
}

/* Two stops from a sender that is not timeout's kind are two: one that lets the signal end it
 * (sending to clx twice: to its group it would die), one that catches it (a script leading the group
 * of the clx it started in the background: sh catches SIGINT), one that is a member of the group but
 * not its leader (a script's two kills, under the test runner's timeout). */
static void test_other_senders(void)
{
    CHECK(heard_from(1, 0, 0, SIGINT) == 11);
    CHECK(heard_from(1, 2, 0, SIGINT) == 11);
    CHECK(heard_from(0, 1, 1, SIGINT) == 11);
    CHECK(heard_from(0, 1, 0, SIGINT) == 11);
}

int main(void)
{
    RUN(test_first_passed_on);
    RUN(test_second_kills);
    RUN(test_asked_before);
    RUN(test_one_stop_two_ways);
    RUN(test_group_copy_is_one);
    RUN(test_other_senders);
    CHECK_EXIT();
}
