/* cpucores.h — the physical cores behind the logical CPUs this process may run on, from Linux sysfs's
 * topology: the SMT threads of one core (two hyperthreads) share its FMA units, so a CPU device's
 * compute peak counts cores, not the logical CPUs its runtime reports as compute units (peak.c). */
#ifndef CPUCORES_H
#define CPUCORES_H
#include <stddef.h>

/* CPUCORES_WHY: a why that holds whatever cpucores_count and cpucores_allowed say whole (a path of
 * up to PATH_MAX would not fit: the count quotes the CPU's folder name, not the root). */
#define CPUCORES_WHY 160

/* cpucores_count: how many physical cores the n logical CPUs cpus[] (their numbers, each once) are
 * on, by cpu_dir's (sysfs's devices/system/cpu) cpuN/topology/core_cpus_list, else its older name
 * thread_siblings_list: a core's logical CPUs ("0,64", "2-3") list the same lowest CPU. At least 1
 * and at most n; -1 where a CPU's list cannot be read or names no CPU, why (n bytes; CPUCORES_WHY
 * holds it whole) saying which, as "cpu3/topology has neither core_cpus_list nor
 * thread_siblings_list". A pure function of the tree: a test gives it one. */
int cpucores_count(const char *cpu_dir, const int *cpus, int n, char *why, size_t why_n);

/* cpucores_allowed: the logical CPUs this process may run on (sched_getaffinity: taskset, a cgroup's
 * cpuset), their numbers ascending in a new array *cpus the caller frees; how many, or -1 (*cpus
 * NULL) with why said where it cannot tell. */
int cpucores_allowed(int **cpus, char *why, size_t why_n);
#endif
