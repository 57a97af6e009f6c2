/* hostclock.c — the host CPU's highest clock, stated by sysfs or timed and kept (hostclock.h). */
#include "hostclock.h"
#include "cache.h"
#include "lib/lockfile.h"
#include "lib/util.h"
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* number_at: the number in the file dir/name, 0 where it is missing or not one. */
static double number_at(const char *dir, const char *name)
{
    char *p = path_join(dir, name), *t = read_file(p, NULL);
    free(p);
    char *end = NULL;
    double v = t ? strtod(t, &end) : 0;
    if (!t || end == t || !isfinite(v) || v < 0) v = 0;
    free(t);
    return v;
}

/* is_cpu: a cpuN folder's name (sysfs also holds cpufreq/, cpuidle/, possible, ...). */
static int is_cpu(const char *name)
{
    if (strncmp(name, "cpu", 3) || !name[3]) return 0;
    for (const char *s = name + 3; *s; s++)
        if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

double hostclock_stated(const char *cpu_dir, const char **from)
{
    *from = NULL;
    DIR *d = opendir(cpu_dir);
    if (!d) return 0;
    double freq = 0, cppc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_cpu(e->d_name)) continue;
        char *cpu = path_join(cpu_dir, e->d_name);
        double khz = number_at(cpu, "cpufreq/cpuinfo_max_freq");
        if (khz / 1000 > freq) freq = khz / 1000;
        /* CPPC's performance levels are abstract; nominal_freq (MHz) names the nominal one's clock. */
        double hi = number_at(cpu, "acpi_cppc/highest_perf"), nom = number_at(cpu, "acpi_cppc/nominal_perf");
        double nom_mhz = number_at(cpu, "acpi_cppc/nominal_freq");
        if (hi >= nom && nom > 0 && nom_mhz > 0 && hi / nom * nom_mhz > cppc) cppc = hi / nom * nom_mhz;
        free(cpu);
    }
    closedir(d);
    if (freq > 0) *from = "cpufreq's cpuinfo_max_freq";
    else if (cppc > 0) *from = "ACPI CPPC's highest_perf";
    return freq > 0 ? freq : cppc;
}

/* R100: a string a hundred times (the adds of one trip of the timed loop). */
#define R10(s) s s s s s s s s s s
#define R100(s) R10(R10(s))

void hostclock_time(double run_mhz[HOSTCLOCK_RUNS])
{
    for (int run = 0; run < HOSTCLOCK_RUNS; run++) {
        run_mhz[run] = 0;
#if defined(__x86_64__) || defined(__aarch64__)
        /* The fastest stretch of 100,000 adds, not of a whole run: on a host busy with 16 tests at
         * once a 5 ms run was rarely left alone (800-1227 MHz of 2594), a stretch was (2453-2550). */
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
            if (t > prev && mhz > run_mhz[run]) run_mhz[run] = mhz;
        } while (t - t0 < 0.005);
#endif
    }
}

static int by_mhz_down(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

double hostclock_timed(const double *run_mhz, int n)
{
    double *v = xcalloc(n > 0 ? (size_t)n : 1, sizeof *v);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(run_mhz[i]) && run_mhz[i] > 0) v[k++] = run_mhz[i];
    qsort(v, (size_t)k, sizeof *v, by_mhz_down);
    double mhz = k > 1 ? v[1] : k ? v[0] : 0;
    free(v);
    return ceil(mhz / HOSTCLOCK_STEP) * HOSTCLOCK_STEP;
}

#define FILE_NAME "hostclock.tsv"
/* The first line names the file's version: one of another is read as none and written anew. */
#define HEADER "# clx host clock 1\tcpu\tmhz\n"

/* kept_in: the clock text's line for cpu holds (the key, a tab, then MHz), 0 where none. */
static double kept_in(const char *text, const char *cpu)
{
    size_t kl = strlen(cpu);
    if (!text || strncmp(text, HEADER, strlen(HEADER))) return 0;
    for (const char *s = text + strlen(HEADER); *s;) {
        size_t n = strcspn(s, "\n");
        if (n > kl && !strncmp(s, cpu, kl) && s[kl] == '\t') {
            double v = strtod(s + kl + 1, NULL);
            return isfinite(v) && v > 0 ? v : 0;
        }
        s += n + (s[n] != '\0');
    }
    return 0;
}

static int keep_off;

void hostclock_keep_off(void) { keep_off = 1; }

double hostclock_kept(const char *cpu, double mhz)
{
    char *dir = keep_off ? NULL : cache_folder();
    if (!dir) return mhz;
    /* A tab or line break in the key would break the file's lines. */
    char *key = xstrdup(cpu && *cpu ? cpu : "unknown CPU");
    for (char *s = key; *s; s++)
        if (*s == '\t' || *s == '\n') *s = ' ';
    char *p = path_join(dir, FILE_NAME), *lock = xasprintf("%s.lock", p);
    /* Read, raised and written whole under a lock: two runs at once (--device all) each keep theirs. */
    int fd = mkdir_p(dir) == 0 ? lockfile_take(lock) : -1;
    char *text = read_file(p, NULL);
    double kept = kept_in(text, key);
    if (mhz > kept && fd >= 0) {
        struct sbuf out = {0};
        sb_printf(&out, "%s", HEADER);
        size_t kl = strlen(key);
        /* Every other CPU's line as it was; this one's replaced. */
        if (text && !strncmp(text, HEADER, strlen(HEADER)))
            for (const char *s = text + strlen(HEADER); *s;) {
                size_t n = strcspn(s, "\n");
                if (n && s[0] != '#' && !(n > kl && !strncmp(s, key, kl) && s[kl] == '\t'))
                    sb_printf(&out, "%.*s\n", (int)n, s);
                s += n + (s[n] != '\0');
            }
        sb_printf(&out, "%s\t%.0f\n", key, mhz);
        if (write_file_atomic(p, out.s, out.len)) { /* not kept: the next run times again */ }
        free(out.s);
    }
    lockfile_give(fd);
    free(text);
    free(lock);
    free(p);
    free(key);
    free(dir);
    return mhz > kept ? mhz : kept;
}
