/* procstat.c — the fields of /proc/PID/stat read from its text (procstat.h). */
#include "procstat.h"
#include <stdlib.h>
#include <string.h>

int procstat_field(const char *text, int field, const char **at, size_t *len)
{
    /* The name is the only field that may hold ')', so its last one ends it. */
    const char *p = text ? strrchr(text, ')') : NULL;
    if (!p || field < 3) return -1;
    p++;
    for (int f = 3;; f++) {
        while (*p == ' ') p++;
        if (!*p || *p == '\n') return -1;
        const char *end = p;
        while (*end && *end != ' ' && *end != '\n') end++;
        if (f == field) {
            *at = p;
            *len = (size_t)(end - p);
            return 0;
        }
        p = end;
    }
}

int procstat_ll(const char *text, int field, long long *x)
{
    const char *at;
    size_t len;
    if (procstat_field(text, field, &at, &len)) return -1;
    char *e;
    long long v = strtoll(at, &e, 10);
    if (e != at + len) return -1;
    *x = v;
    return 0;
}

int procstat_ull(const char *text, int field, unsigned long long *x)
{
    const char *at;
    size_t len;
    if (procstat_field(text, field, &at, &len)) return -1;
    char *e;
    unsigned long long v = strtoull(at, &e, 10);
    if (e != at + len) return -1;
    *x = v;
    return 0;
}
