/* test_atdie.c — the hook die() runs before it exits (lib/atdie.c): run once, after the reason, only
 * on the thread that set it, and not again from a die() within itself. */
#include "check.h"
#include "lib/atdie.h"
#include "lib/util.h"
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int runs;
static void count(void *arg) { runs += *(int *)arg; }

static void test_runs_once(void)
{
    int one = 1;
    runs = 0;
    atdie_run();                       /* none set: nothing */
    CHECK(runs == 0);
    atdie_set(count, &one);
    atdie_run();
    atdie_run();                       /* taken by the first */
    CHECK(runs == 1);
    atdie_set(count, &one);
    atdie_set(NULL, NULL);             /* cleared: nothing */
    atdie_run();
    CHECK(runs == 1);
}

static void *run_elsewhere(void *arg) { (void)arg; atdie_run(); return NULL; }

static void test_setter_thread_only(void)
{
    /* Another thread's die leaves the hook alone: its data is the setter's, maybe mid-change. */
    int one = 1;
    runs = 0;
    atdie_set(count, &one);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, run_elsewhere, NULL) == 0);
    pthread_join(t, NULL);
    CHECK(runs == 0);
    atdie_run();
    CHECK(runs == 1);
}

/* In a child: a hook that writes a byte to the pipe, then dies itself (out of memory in it). */
static int pipe_w;
static void write_and_die(void *arg)
{
    (void)arg;
    ssize_t n = write(pipe_w, "h", 1);
    (void)n;
    die("a second fatal error, in the hook");
}

static void test_die_runs_it(void)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        pipe_w = fds[1];
        if (!freopen("/dev/null", "w", stderr)) _exit(9);
        atdie_set(write_and_die, NULL);
        die("the fatal error");
    }
    close(fds[1]);
    char buf[8];
    ssize_t got = 0, n;
    while ((n = read(fds[0], buf + got, sizeof buf - (size_t)got)) > 0) got += n;
    close(fds[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    /* Once, though it died within itself; and the exit status die()'s. */
    CHECK(got == 1 && buf[0] == 'h');
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == EXIT_CANNOT_RUN);
}

int main(void)
{
    RUN(test_runs_once);
    RUN(test_setter_thread_only);
    RUN(test_die_runs_it);
    CHECK_EXIT();
}
