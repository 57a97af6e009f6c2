/* test_procstat.c — lib/procstat.c: the fields of /proc/PID/stat counted from the name's last ')',
 * so that a name holding spaces and ')' shifts none of them; a field past the line's end, a text
 * with no name and a field not wholly a number are none; this process's own file read. */
#include "check.h"
#include "lib/procstat.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime
 * cstime priority nice threads itrealvalue starttime: fields 1 to 22, the name that of a program
 * called "a) b (c) d", as the kernel writes it (no escaping). */
static const char line[] = "42 (a) b (c) d) S 1 42 42 0 -1 4194304 1 0 0 0 11 22 -3 44 20 0 1 0 987654\n";

static void test_fields_after_name(void)
{
    const char *at = NULL;
    size_t len = 0;
    CHECK(procstat_field(line, 3, &at, &len) == 0 && len == 1 && *at == 'S');
    CHECK(procstat_field(line, 8, &at, &len) == 0 && len == 2 && !strncmp(at, "-1", 2));
    CHECK(procstat_field(line, 9, &at, &len) == 0 && len == 7 && !strncmp(at, "4194304", 7));
    long long x = 0;
    CHECK(procstat_ll(line, 14, &x) == 0 && x == 11);
    CHECK(procstat_ll(line, 15, &x) == 0 && x == 22);
    CHECK(procstat_ll(line, 16, &x) == 0 && x == -3);
    CHECK(procstat_ll(line, 17, &x) == 0 && x == 44);
    unsigned long long u = 0;
    CHECK(procstat_ull(line, 22, &u) == 0 && u == 987654ULL);
    CHECK(procstat_ull(line, 4, &u) == 0 && u == 1);
    /* Fields before the name's end are not counted from its ')': the pid and the name are not fields here. */
    CHECK(procstat_field(line, 1, &at, &len) == -1 && procstat_field(line, 2, &at, &len) == -1);
}

static void test_not_fields(void)
{
    const char *at;
    size_t len;
    unsigned long long u;
    long long x;
    CHECK(procstat_field(line, 23, &at, &len) == -1);              /* past the line's end */
    CHECK(procstat_field("42 (x) S 1\n99 2 3\n", 6, &at, &len) == -1); /* the next line is not this one's */
    CHECK(procstat_ull("no name here", 3, &u) == -1);
    CHECK(procstat_ull(NULL, 3, &u) == -1);
    CHECK(procstat_ll("7 (x) S 12ab\n", 4, &x) == -1);             /* not wholly a number */
    CHECK(procstat_ull("7 (x) S 12ab\n", 4, &u) == -1);
    CHECK(procstat_ll(line, 3, &x) == -1);                         /* the state is a letter */
}

/* This process's own file: its pid is the first field, which the kernel writes before the name, and
 * its parent is field 4. */
static void test_own(void)
{
    char *t = read_file("/proc/self/stat", NULL);
    if (!t) { fprintf(stderr, "  no /proc/self/stat: not checked\n"); return; }
    CHECK(strtol(t, NULL, 10) == (long)getpid());
    long long ppid = 0;
    unsigned long long start = 0;
    CHECK(procstat_ll(t, 4, &ppid) == 0 && ppid == (long long)getppid());
    CHECK(procstat_ull(t, 22, &start) == 0 && start > 0);
    free(t);
}

int main(void)
{
    RUN(test_fields_after_name);
    RUN(test_not_fields);
    RUN(test_own);
    CHECK_EXIT();
}
