/* hostcpu.c — this host's CPU limits, read from /proc/cpuinfo and cpufreq (hostcpu.h). */
#include "hostcpu.h"
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

int hostcpu_parse(const char *cpuinfo, const char *max_freq_khz, int cpus, struct hostcpu *h)
{
    memset(h, 0, sizeof *h);
    h->cpus = cpus;
    int best = -1;
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
            } else if (key == 7 && !strncmp(line, "cpu MHz", 7)) {
                double mhz = strtod(val, NULL);
                if (mhz > h->mhz) h->mhz = mhz;
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    double khz = max_freq_khz ? strtod(max_freq_khz, NULL) : 0;
    if (khz / 1000 > h->mhz) h->mhz = khz / 1000;
    if (best < 0) return -1;
    h->simd_floats = simd_rows[best].floats;
    h->simd = simd_rows[best].name;
    return 0;
}

/* R100: a string a hundred times (the adds of one trip of the timed loop). */
#define R10(s) s s s s s s s s s s
#define R100(s) R10(R10(s))

double hostcpu_measure_mhz(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
    /* The fastest stretch of 100,000 adds (tens of microseconds), not of a whole run: on a host
     * busy with 16 tests at once a 5 ms run was rarely left alone, and a peak reckoned from its
     * clock was beaten by a correct row. A stretch is either run whole or seen slower. */
    double best = 0;
    for (int run = 0; run < 5; run++) {
        unsigned long x = 0, one = 1;
        double t0 = now_seconds(), t = t0, prev;
        do {
            prev = t;
            for (int i = 0; i < 1000; i++) {   /* 100,000 adds between clock reads: theirs is 0.1% */
#if defined(__x86_64__)
                __asm__ volatile(R100("add %1, %0\n\t") : "+r"(x) : "r"(one));
#else
                __asm__ volatile(R100("add %0, %0, %1\n\t") : "+r"(x) : "r"(one));
#endif
            }
            t = now_seconds();
            double mhz = 1000.0 * 100 / (t - prev) / 1e6;
            if (t > prev && mhz > best) best = mhz;
        } while (t - t0 < 0.005);
    }
    return best;
#else
    return 0;
#endif
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
    double said = h->mhz > device_mhz ? h->mhz : device_mhz;
    *timed = h->measured_mhz > said;
    double mhz = *timed ? h->measured_mhz : said;
    if (*timed) snprintf(clock, n, "%.0f MHz as timed on a core (the host says %.0f; rows are impossible only %.0f%% "
                         "above it)", mhz, said, 100 * slack);
    else snprintf(clock, n, "%.0f MHz", mhz);
    return mhz > 0 ? mhz : 0;
}

const struct hostcpu *hostcpu_this(void)
{
    static struct hostcpu h;
    static int state;                 /* 0 not read, 1 known, -1 unknown */
    if (state) return state > 0 ? &h : NULL;
    char *info = read_file("/proc/cpuinfo", NULL);
    char *freq = read_file("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", NULL);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    state = info && cpus > 0 && hostcpu_parse(info, freq, (int)cpus, &h) == 0 ? 1 : -1;
    /* cpufreq's maximum is the turbo's: only without it (a virtual machine) is the clock timed. */
    if (state > 0 && !freq) h.measured_mhz = hostcpu_measure_mhz();
    if (state > 0) h.llc_bytes = hostcpu_llc_bytes("/sys/devices/system/cpu/cpu0/cache", &h.llc_level);
    free(info);
    free(freq);
    return state > 0 ? &h : NULL;
}
