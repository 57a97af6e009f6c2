/* hostcpu.c — this host's CPU limits, read from /proc/cpuinfo and sysfs (hostcpu.h). */
#include "hostcpu.h"
#include "hostclock.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The vector units clx knows, widest first, by the flag /proc/cpuinfo lists for them (x86
 * "flags", ARM "Features"). SVE's width is the implementation's choice, up to 2048 bits: the bound
 * takes the most. To add an ISA: a row. */
static const struct { const char *flag; int floats; const char *name; } simd_rows[] = {
    { "sve", 64, "SVE (up to 2048 bits)" },
    { "avx512f", 16, "AVX-512" },
    { "avx2", 8, "AVX2" },
    { "avx", 8, "AVX" },
    { "asimd", 4, "NEON" },
    { "neon", 4, "NEON" },
    { "sse", 4, "SSE" },
};

/* has_flag: whether the space-separated list after "flags\t: " holds word. */
static int has_flag(const char *list, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (const char *s = list, *end = list + n; s < end;) {
        while (s < end && *s == ' ') s++;
        size_t k = 0;
        while (s + k < end && s[k] != ' ') k++;
        if (k == w && !strncmp(s, word, w)) return 1;
        s += k;
    }
    return 0;
}

/* value_of: a cpuinfo value (from val to the line's end, trailing blanks dropped) into out (n bytes). */
static void value_of(const char *val, const char *end, char *out, size_t n)
{
    size_t len = (size_t)(end - val);
    while (len && (val[len - 1] == ' ' || val[len - 1] == '\t' || val[len - 1] == '\r')) len--;
    snprintf(out, n, "%.*s", (int)len, val);
}

/* hex_of: a cpuinfo value that is a hexadecimal number (AArch64's "CPU implementer" and "CPU part":
 * "0x41", "0xd0c"), -1 where it is not one. */
static int hex_of(const char *val, const char *end)
{
    if (end - val < 3 || val[0] != '0' || (val[1] != 'x' && val[1] != 'X')) return -1;
    char *stop;
    long v = strtol(val + 2, &stop, 16);
    while (stop < end && (*stop == ' ' || *stop == '\t' || *stop == '\r')) stop++;
    return stop == end && stop > val + 2 && v < 1 << 16 ? (int)v : -1;
}

/* number_of: a cpuinfo value that is a decimal number (x86's "cpu family" and "model"), -1 where it is
 * not one. */
static int number_of(const char *val, const char *end)
{
    if (val >= end || *val < '0' || *val > '9') return -1;
    char *stop;
    long v = strtol(val, &stop, 10);
    while (stop < end && (*stop == ' ' || *stop == '\t' || *stop == '\r')) stop++;
    return stop == end && v < 1 << 16 ? (int)v : -1;
}

int hostcpu_parse(const char *cpuinfo, int cpus, struct hostcpu *h)
{
    memset(h, 0, sizeof *h);
    h->cpus = cpus;
    h->family = h->model_no = h->implementer = h->part = -1;
    int best = -1, flags = 0, fused = 0;
    char part[64] = "";
    for (const char *line = cpuinfo; line && *line;) {
        const char *nl = strchr(line, '\n'), *end = nl ? nl : line + strlen(line);
        const char *colon = memchr(line, ':', (size_t)(end - line));
        if (colon) {
            size_t key = strcspn(line, "\t:");
            const char *val = colon + 1;
            while (val < end && *val == ' ') val++;
            if ((key == 5 && !strncmp(line, "flags", 5)) || (key == 8 && !strncmp(line, "Features", 8))) {
                for (int i = 0; i < (int)(sizeof simd_rows / sizeof simd_rows[0]); i++)
                    if ((best < 0 || i < best) && has_flag(val, (size_t)(end - val), simd_rows[i].flag)) best = i;
                /* x86's flags name FMA (fma: FMA3, fma4: AMD's Bulldozer); AArch64's Features do not, its
                 * vector ISAs having it. */
                if (key == 5) {
                    flags = 1;
                    fused |= has_flag(val, (size_t)(end - val), "fma") || has_flag(val, (size_t)(end - val), "fma4");
                }
            } else if (key == 7 && !strncmp(line, "cpu MHz", 7)) {
                double mhz = strtod(val, NULL);
                if (mhz > h->mhz) h->mhz = mhz;
            } else if (key == 10 && !strncmp(line, "model name", 10) && !h->model[0]) {
                value_of(val, end, h->model, sizeof h->model);
            } else if (key == 8 && !strncmp(line, "CPU part", 8) && !part[0]) {
                value_of(val, end, part, sizeof part);
                h->part = hex_of(val, end);
            } else if (key == 15 && !strncmp(line, "CPU implementer", 15) && h->implementer < 0) {
                h->implementer = hex_of(val, end);
            } else if (key == 9 && !strncmp(line, "vendor_id", 9) && !h->vendor[0]) {
                value_of(val, end, h->vendor, sizeof h->vendor);
            } else if (key == 10 && !strncmp(line, "cpu family", 10) && h->family < 0) {
                h->family = number_of(val, end);
            } else if (key == 5 && !strncmp(line, "model", 5) && h->model_no < 0) {
                h->model_no = number_of(val, end);
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    /* AArch64's cpuinfo names no model: its part number tells the core. */
    if (!h->model[0] && part[0]) snprintf(h->model, sizeof h->model, "CPU part %s", part);
    h->no_fma = flags && !fused;
    if (best < 0) return -1;
    h->simd_floats = simd_rows[best].floats;
    h->simd = simd_rows[best].name;
    return 0;
}

double hostcpu_llc_bytes(const char *cache_dir, int *level)
{
    double best = 0;
    *level = 0;
    for (int i = 0; i < 16; i++) {
        char *lp = xasprintf("%s/index%d/level", cache_dir, i), *sp = xasprintf("%s/index%d/size", cache_dir, i);
        char *lt = read_file(lp, NULL), *st = read_file(sp, NULL);
        free(lp);
        free(sp);
        int lv = lt ? atoi(lt) : 0;
        char *end = NULL;
        double sz = st ? strtod(st, &end) : 0;
        if (end && (*end == 'K' || *end == 'k')) sz *= 1024;
        else if (end && *end == 'M') sz *= 1048576;
        else if (end && *end == 'G') sz *= 1073741824.0;
        free(lt);
        free(st);
        if (lv > 0 && sz > 0 && (lv > *level || (lv == *level && sz > best))) {
            *level = lv;
            best = sz;
        }
    }
    return best;
}

double hostcpu_clock(const struct hostcpu *h, double device_mhz, double slack, int *timed, char *clock, size_t n)
{
    /* What is said: the OS's stated maximum, else the host's cpuinfo now, or the device, whichever
     * is higher (Intel's runtime says 0; a driver may say more than a VM's cpuinfo). */
    double host = h->max_mhz > 0 ? h->max_mhz : h->mhz;
    const char *from = h->max_mhz > 0 && h->max_from ? h->max_from : "the host's cpu MHz in /proc/cpuinfo";
    double said = host >= device_mhz ? host : device_mhz;
    if (device_mhz > host) from = "the device's maximum clock";
    /* A timing is rounded up to a step: within one of what is said, the core runs at that clock. */
    *timed = !(h->max_mhz > 0) && h->measured_mhz >= said + HOSTCLOCK_STEP;
    double mhz = *timed ? h->measured_mhz : said;
    if (*timed)
        snprintf(clock, n, "%.0f MHz as timed on a core, the fastest kept for this host (no stated maximum; the "
                 "host says %.0f; rows are impossible only %.0f%% above it)", mhz, said, 100 * slack);
    else snprintf(clock, n, "%.0f MHz (%s)", mhz, from);
    return mhz > 0 ? mhz : 0;
}

const struct hostcpu *hostcpu_this(void)
{
    static struct hostcpu h;
    static int state;                 /* 0 not read, 1 known, -1 unknown */
    if (state) return state > 0 ? &h : NULL;
    char *info = read_file("/proc/cpuinfo", NULL);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    state = info && cpus > 0 && hostcpu_parse(info, (int)cpus, &h) == 0 ? 1 : -1;
    /* CLX_SYSFS: another sysfs root, so that a test can give the host a stated maximum and caches. */
    const char *root = getenv("CLX_SYSFS");
    char *cpu_dir = path_join(root && *root ? root : "/sys", "devices/system/cpu");
    if (state > 0) {
        /* The CPUs a CPU device's threads may run on are this process's (they inherit its affinity),
         * and the cores behind them what multiplies. */
        int *allowed = NULL;
        h.allowed = cpucores_allowed(&allowed, h.cores_why, sizeof h.cores_why);
        if (h.allowed > 0) {
            int cores = cpucores_count(cpu_dir, allowed, h.allowed, h.cores_why, sizeof h.cores_why);
            h.cores = cores > 0 ? cores : 0;
        } else
            h.allowed = 0;
        free(allowed);
        h.max_mhz = hostclock_stated(cpu_dir, &h.max_from);
        /* No stated maximum (a virtual machine): a core timed, and the fastest kept for this CPU. */
        if (!(h.max_mhz > 0)) {
            double runs[HOSTCLOCK_RUNS];
            hostclock_time(runs);
            char *key = xasprintf("%s (%s)", h.model[0] ? h.model : "unknown CPU", h.simd);
            h.measured_mhz = hostclock_kept(key, hostclock_timed(runs, HOSTCLOCK_RUNS));
            free(key);
        }
        char *cache = path_join(cpu_dir, "cpu0/cache");
        h.llc_bytes = hostcpu_llc_bytes(cache, &h.llc_level);
        free(cache);
    }
    free(cpu_dir);
    free(info);
    return state > 0 ? &h : NULL;
}
