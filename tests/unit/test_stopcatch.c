/* test_stopcatch.c — a stop during a wait on the device arms the wait's end: a second after it, or
 * the grace set by stopcatch_wait_grace (CLX_STOP_GRACE, rounded up); a stop before the wait arms it
 * as the wait begins; none is armed without a stop. Read back by alarm(0)'s seconds left, in a child. */
#include "check.h"
#include "lib/stopcatch.h"
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* left_after: in a child, the seconds alarm(0) finds left once a stop came (before or during the
 * wait, as before says; stop 0: none) with the grace set to grace (0: not set); 99 where it died. */
static int left_after(double grace, int stop, int before)
{
    pid_t pid = fork();
    if (pid == 0) {
        stopcatch_catch(0);
        if (grace > 0) stopcatch_wait_grace(grace);
        if (stop && before) raise(stop);
        stopcatch_waiting(1);
        if (stop && !before) raise(stop);
        unsigned left = alarm(0);
        stopcatch_waiting(0);
        _exit((int)left);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 99;
}

/* A second by default; alarm(0) rounds what is left to the nearest second, at least 1 where armed. */
static void test_default_second(void)
{
    CHECK(left_after(0, SIGINT, 0) == 1);
    CHECK(left_after(0, SIGTERM, 1) == 1);
}

/* The grace set, in whole seconds rounded up (10.2 -> 11). A loaded host may take seconds before
 * alarm(0) reads it: only far more than the default's 1 and no more than the grace is asked. */
static void test_grace_set(void)
{
    int left = left_after(30, SIGINT, 0);
    CHECK(left >= 10 && left <= 30);
    left = left_after(10.2, SIGHUP, 1);
    CHECK(left >= 5 && left <= 11);
    left = left_after(-1, SIGINT, 0);
    CHECK(left == 1);
}

/* No stop, no end armed. */
static void test_no_stop(void)
{
    CHECK(left_after(30, 0, 0) == 0);
}

int main(void)
{
    RUN(test_default_second);
    RUN(test_grace_set);
    RUN(test_no_stop);
    CHECK_EXIT();
}
