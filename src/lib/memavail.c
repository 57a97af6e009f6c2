/* memavail.c — the host's available memory: MemAvailable of /proc/meminfo, or CLX_MEM_AVAILABLE
 * (memavail.h). */
#include "memavail.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

#define MEMINFO "/proc/meminfo"

double memavail_parse(const char *text)
{
    static const char name[] = "MemAvailable:";
    /* The line's own name, at a line's start. */
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (!str_starts(p, name)) continue;
        char *end;
        double kb = strtod(p + strlen(name), &end);
        return end == p + strlen(name) || kb < 0 ? -1 : kb * 1024;    /* the kernel's "kB" is KiB */
    }
    return -1;
}

/* from_env: CLX_MEM_AVAILABLE's bytes; -1 when unset, or set to what is not a number >= 0 (said
 * once: a typo must not pass for the host's own figure silently). */
static double from_env(void)
{
    static int warned;
    const char *s = getenv("CLX_MEM_AVAILABLE");
    if (!s || !*s) return -1;
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ') end++;
    if (end != s && !*end && v >= 0) return v;
    if (!warned) warn("ignoring CLX_MEM_AVAILABLE='%s': not a number of bytes", s);
    warned = 1;
    return -1;
}

double memavail_now(const char **from)
{
    double v = from_env();
    if (v >= 0) {
        if (from) *from = "CLX_MEM_AVAILABLE";
        return v;
    }
    if (from) *from = "MemAvailable in " MEMINFO;
    char *text = read_file(MEMINFO, NULL);
    v = text ? memavail_parse(text) : -1;
    free(text);
    return v;
}

double memavail_with_held(double held, const char **from, int *held_in)
{
    double v = memavail_now(from);
    int in = from_env() >= 0;
    if (held_in) *held_in = in;
    return v < 0 || in ? v : v + held;
}
