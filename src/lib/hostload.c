/* hostload.c — the host's load over an interval, from /proc/stat, /proc/self/stat and /proc/loadavg
 * (hostload.h). */
#include "hostload.h"
#include "procstat.h"
#include "util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int hostload_parse_stat(const char *text, unsigned long long *busy, unsigned long long *total, int *cpus)
{
    int found = 0, n = 0;
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, "cpu", 3)) continue;
        if (isdigit((unsigned char)p[3])) { n++; continue; }
        if (p[3] != ' ' || found) continue;
        /* user nice system idle iowait irq softirq steal guest guest_nice: guest and guest_nice are
         * counted in user and nice already; a kernel before 2.6.11 wrote fewer (0 where absent). */
        unsigned long long f[8] = {0};
        const char *q = p + 3;
        int k = 0;
        for (; k < 8; k++) {
            char *end;
            while (*q == ' ') q++;
            if (!isdigit((unsigned char)*q)) break;
            f[k] = strtoull(q, &end, 10);
            q = end;
        }
        if (k < 4) return -1;
        *busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
        *total = *busy + f[3] + f[4];
        found = 1;
    }
    *cpus = n;
    return found ? 0 : -1;
}

int hostload_parse_pidstat(const char *text, unsigned long long *ticks)
{
    /* utime stime cutime cstime: fields 14 to 17. */
    unsigned long long sum = 0;
    for (int field = 14; field <= 17; field++) {
        long long x;
        if (procstat_ll(text, field, &x)) return -1;
        /* cutime and cstime are signed in proc(5): a negative one is no time. */
        if (x > 0) sum += (unsigned long long)x;
    }
    *ticks = sum;
    return 0;
}

double hostload_parse_loadavg(const char *text)
{
    if (!text) return NAN;
    char *end;
    double x = strtod(text, &end);
    return end == text || x < 0 ? NAN : x;
}

/* share: part of the ticks over all of them, within 0..1 (the counters are sampled by ticks on each
 * CPU: this process's may run a tick ahead of the CPUs' sum). */
static double share(double part, double all)
{
    if (!(all > 0)) return NAN;
    double x = part / all;
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

void hostload_between(const struct hostload_mark *a, const struct hostload_mark *b, struct hostload *out)
{
    out->cpus = b->have_stat ? b->cpus : 0;
    out->seconds = b->t - a->t;
    out->load_start = a->load;
    out->load_end = b->load;
    out->others = out->own = NAN;
    if (!a->have_stat || !b->have_stat || b->total <= a->total || b->busy < a->busy) return;
    double total = (double)(b->total - a->total), busy = (double)(b->busy - a->busy);
    if (!a->have_own || !b->have_own || b->own < a->own) return;
    double own = (double)(b->own - a->own);
    out->own = share(own, total);
    out->others = share(busy - own, total);
}

void hostload_take(struct hostload_mark *m)
{
    memset(m, 0, sizeof *m);
    m->t = now_seconds();
    char *stat = read_file("/proc/stat", NULL), *self = read_file("/proc/self/stat", NULL),
         *avg = read_file("/proc/loadavg", NULL);
    m->have_stat = stat && hostload_parse_stat(stat, &m->busy, &m->total, &m->cpus) == 0;
    m->have_own = self && hostload_parse_pidstat(self, &m->own) == 0;
    m->load = hostload_parse_loadavg(avg);
    free(stat);
    free(self);
    free(avg);
}

int hostload_notable(double others) { return others >= HOSTLOAD_NOTABLE; }
