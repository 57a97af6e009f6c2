/* cpucores.c — physical cores behind the logical CPUs a process may run on, from sysfs (cpucores.h). */
#define _GNU_SOURCE          /* sched_getaffinity and the CPU_* macros of a set of any size */
#include "cpucores.h"
#include "lib/util.h"
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lowest_cpu: the lowest CPU a sysfs CPU list names ("0,64", "0-1", "2-3,66-67\n"), -1 where it names
 * none or is not such a list. */
static int lowest_cpu(const char *list)
{
    int low = -1, any = 0;
    for (const char *s = list; *s && *s != '\n';) {
        char *end;
        long a = strtol(s, &end, 10);
        if (end == s || a < 0 || a > 1L << 24) return -1;
        long b = a;
        if (*end == '-') {
            s = end + 1;
            b = strtol(s, &end, 10);
            if (end == s || b < a) return -1;
        }
        if (!any || a < low) low = (int)a;
        any = 1;
        if (*end == ',') end++;
        else if (*end && *end != '\n') return -1;
        s = end;
    }
    return any ? low : -1;
}

/* core_of: the lowest CPU that shares logical CPU cpu's core, by its topology list under cpu_dir (the
 * newer name first); -1 with why said where neither list is there or says a CPU. */
static int core_of(const char *cpu_dir, int cpu, char *why, size_t why_n)
{
    static const char *const names[] = { "core_cpus_list", "thread_siblings_list" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *path = xasprintf("%s/cpu%d/topology/%s", cpu_dir, cpu, names[i]);
        char *text = read_file(path, NULL);
        free(path);
        if (!text) continue;
        int low = lowest_cpu(text);
        if (low < 0)
            snprintf(why, why_n, "cpu%d/topology/%s says no CPU list ('%.32s')", cpu, names[i], str_trim(text));
        free(text);
        return low;
    }
    snprintf(why, why_n, "cpu%d/topology has neither core_cpus_list nor thread_siblings_list", cpu);
    return -1;
}

int cpucores_count(const char *cpu_dir, const int *cpus, int n, char *why, size_t why_n)
{
    if (why_n) why[0] = '\0';
    if (n <= 0) {
        snprintf(why, why_n, "no logical CPU to count");
        return -1;
    }
    /* The cores seen so far, by their lowest CPU: a core's threads are few, a host's cores at most n. */
    int *seen = xcalloc((size_t)n, sizeof *seen), cores = 0;
    for (int i = 0; i < n; i++) {
        int core = core_of(cpu_dir, cpus[i], why, why_n);
        if (core < 0) {
            cores = -1;
            break;
        }
        int k = 0;
        while (k < cores && seen[k] != core) k++;
        if (k == cores) seen[cores++] = core;
    }
    free(seen);
    return cores;
}

int cpucores_allowed(int **cpus, char *why, size_t why_n)
{
    *cpus = NULL;
    if (why_n) why[0] = '\0';
    /* A set as large as the kernel's: it refuses one smaller than its own (EINVAL), so grow it. */
    for (int size = 1024; size <= 1 << 20; size *= 2) {
        cpu_set_t *set = CPU_ALLOC(size);
        if (!set) break;
        size_t bytes = CPU_ALLOC_SIZE(size);
        CPU_ZERO_S(bytes, set);
        if (sched_getaffinity(0, bytes, set) != 0) {
            int e = errno;
            CPU_FREE(set);
            if (e == EINVAL) continue;
            snprintf(why, why_n, "sched_getaffinity: %s", strerror(e));
            return -1;
        }
        int n = CPU_COUNT_S(bytes, set), k = 0;
        *cpus = xcalloc(n > 0 ? (size_t)n : 1, sizeof **cpus);
        for (int c = 0; c < size && k < n; c++)
            if (CPU_ISSET_S((size_t)c, bytes, set)) (*cpus)[k++] = c;
        CPU_FREE(set);
        return k;
    }
    snprintf(why, why_n, "sched_getaffinity: no CPU set large enough");
    return -1;
}
