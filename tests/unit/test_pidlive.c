/* test_pidlive.c — lib/pidlive.c: a stamp names a process known running while it runs (a child,
 * waiting on a pipe, stamps itself), and not once it has ended, nor where its start time, boot or
 * host is another's (its PID given again; another host's is said to be), nor for this process
 * itself; /proc's start time read past a name that holds spaces and parentheses. */
#include "check.h"
#include "lib/pidlive.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_parse_start(void)
{
    unsigned long long s = 0;
    /* pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
     * cutime cstime priority nice threads itrealvalue starttime ... */
    CHECK(pidlive_parse_start("42 (a) b) S 1 42 42 0 -1 4194304 1 0 0 0 3 4 0 0 20 0 1 0 987654 1000 200\n", &s) == 0);
    CHECK(s == 987654ULL);
    CHECK(pidlive_parse_start("42 (x) S 1 2 3\n", &s) == -1);
    CHECK(pidlive_parse_start("no name here", &s) == -1);
    CHECK(pidlive_parse_start(NULL, &s) == -1);
}

static void test_not_running(void)
{
    CHECK(!pidlive_running(0));
    CHECK(!pidlive_running(-1));
    CHECK(pidlive_running((long)getpid()));
    CHECK(pidlive_stamp_running(NULL) == 0);
    CHECK(pidlive_stamp_running("") == 0);
    CHECK(pidlive_stamp_running("start=1 boot=x") == 0);
    CHECK(pidlive_stamp_running("pid=0") == 0);
    CHECK(pidlive_stamp_running("pid=12x") == 0);
    /* This process's own stamp: what it writes is not another's work in progress. */
    char *self = pidlive_stamp();
    CHECK(!strncmp(self, "pid=", 4));
    CHECK(pidlive_stamp_running(self) == 0);
    free(self);
}

/* other: s with the value of key replaced by v (a new string); s as it is where s has no key. */
static char *other(const char *s, const char *key, const char *v)
{
    const char *p = strstr(s, key);
    char *o = malloc(strlen(s) + strlen(v) + 1);
    if (!p) { strcpy(o, s); return o; }
    size_t at = (size_t)(p - s) + strlen(key), rest = strcspn(s + at, " ");
    memcpy(o, s, at);
    strcpy(o + at, v);
    strcat(o, s + at + rest);
    return o;
}

static void test_child(void)
{
    int up[2], hold[2];
    CHECK(pipe(up) == 0 && pipe(hold) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        /* The child stamps itself, then waits until the parent closes hold. */
        char *s = pidlive_stamp(), c;
        if (write(up[1], s, strlen(s)) < 0) _exit(1);
        close(up[1]);
        close(hold[1]);
        if (read(hold[0], &c, 1) < 0) _exit(1);
        _exit(0);
    }
    close(up[1]);
    close(hold[0]);
    char stamp[512] = "";
    size_t n = 0;
    for (ssize_t r; n < sizeof stamp - 1 && (r = read(up[0], stamp + n, sizeof stamp - 1 - n)) > 0;) n += (size_t)r;
    stamp[n] = 0;
    close(up[0]);
    CHECK(pidlive_stamp_running(stamp) == (long)pid);
    /* Its PID with another start time, boot or host: another process's, not the writer's. */
    const char *keys[] = {"start=", "boot=", "host="};
    for (int k = 0; k < 3; k++) {
        if (!strstr(stamp, keys[k])) continue;     /* not known here: not written */
        char *o = other(stamp, keys[k], "1");
        CHECK(pidlive_stamp_running(o) == 0);
        free(o);
    }
    /* Another host's: not asked here, but said to be another host's. */
    char there[600], host[256];
    snprintf(there, sizeof there, "pid=%ld host=elsewhere.invalid", (long)pid);
    CHECK(pidlive_stamp_running(there) == 0);
    CHECK(pidlive_stamp_elsewhere(there, host, sizeof host) == (long)pid);
    CHECK_STR(host, "elsewhere.invalid");
    CHECK(pidlive_stamp_elsewhere(stamp, host, sizeof host) == 0);
    /* An older stamp, the PID alone: the PID says. */
    char bare[64];
    snprintf(bare, sizeof bare, "pid=%ld", (long)pid);
    CHECK(pidlive_stamp_running(bare) == (long)pid);
    close(hold[1]);
    CHECK(waitpid(pid, NULL, 0) == pid);
    /* Ended: its PID, even given again since, is no longer the writer's. */
    CHECK(pidlive_stamp_running(stamp) == 0);
}

int main(void)
{
    RUN(test_parse_start);
    RUN(test_not_running);
    RUN(test_child);
    CHECK_EXIT();
}
