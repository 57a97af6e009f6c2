/* pidlive.c — a process named by a stamp in a file, known running or not (pidlive.h). */
#include "pidlive.h"
#include "procstat.h"
#include "util.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

int pidlive_running(long pid)
{
    if (pid <= 0 || pid > INT_MAX) return 0;
    return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

int pidlive_parse_start(const char *text, unsigned long long *start)
{
    return procstat_ull(text, 22, start);           /* starttime */
}

/* start_of: process pid's start time into *start; 0, or -1 where /proc does not say. */
static int start_of(long pid, unsigned long long *start)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    char *t = read_file(path, NULL);
    int rc = pidlive_parse_start(t, start);
    free(t);
    return rc;
}

/* boot_id: this boot's id (a new string), NULL where the kernel does not say. */
static char *boot_id(void)
{
    char *t = read_file("/proc/sys/kernel/random/boot_id", NULL);
    if (t) t[strcspn(t, " \t\r\n")] = 0;
    if (t && !*t) { free(t); t = NULL; }
    return t;
}

void pidlive_host(char *buf, size_t n)
{
    if (gethostname(buf, n - 1)) *buf = 0;
    buf[n - 1] = 0;
    buf[strcspn(buf, " \t\r\n")] = 0;
}

char *pidlive_stamp(void)
{
    struct sbuf b = {0};
    unsigned long long start;
    long pid = (long)getpid();
    char *boot = boot_id(), name[256];
    pidlive_host(name, sizeof name);
    sb_printf(&b, "pid=%ld", pid);
    if (start_of(pid, &start) == 0) sb_printf(&b, " start=%llu", start);
    if (boot) sb_printf(&b, " boot=%s", boot);
    if (*name) sb_printf(&b, " host=%s", name);
    free(boot);
    return b.s;
}

/* word: the value of "key=" among stamp's words into buf (n bytes); 0, or -1 where it has none. */
static int word(const char *stamp, const char *key, char *buf, size_t n)
{
    size_t k = strlen(key);
    for (const char *p = stamp; *p;) {
        p += strspn(p, " \t");
        size_t len = strcspn(p, " \t\r\n");
        if (len > k && !strncmp(p, key, k) && p[k] == '=') {
            snprintf(buf, n, "%.*s", (int)(len - k - 1), p + k + 1);
            return 0;
        }
        if (!len) break;
        p += len;
    }
    return -1;
}

/* pid_of: the PID stamp names; 0 where it names none. */
static long pid_of(const char *stamp)
{
    char v[64], *e;
    if (!stamp || word(stamp, "pid", v, sizeof v)) return 0;
    long pid = strtol(v, &e, 10);
    return *e || pid <= 0 ? 0 : pid;
}

long pidlive_stamp_pid(const char *stamp) { return pid_of(stamp); }

long pidlive_stamp_elsewhere(const char *stamp, char *name, size_t n)
{
    char here[256];
    long pid = pid_of(stamp);
    pidlive_host(here, sizeof here);
    if (!pid || !*here || word(stamp, "host", name, n) || !strcmp(name, here)) return 0;
    return pid;
}

long pidlive_stamp_running(const char *stamp)
{
    char v[256];
    long pid = pid_of(stamp);
    if (!pid || pid == (long)getpid() || !pidlive_running(pid)) return 0;
    /* Another host's PIDs are not this one's to ask. */
    if (pidlive_stamp_elsewhere(stamp, v, sizeof v)) return 0;
    char *boot = boot_id();
    int other_boot = boot && word(stamp, "boot", v, sizeof v) == 0 && strcmp(v, boot);
    free(boot);
    if (other_boot) return 0;
    /* The same PID given to a process started since: not the writer. Unreadable (/proc mounted
     * with hidepid): the PID alone says. */
    unsigned long long now;
    if (word(stamp, "start", v, sizeof v) == 0 && start_of(pid, &now) == 0 && strtoull(v, NULL, 10) != now) return 0;
    return pid;
}
