/* test_cpucores.c — the physical cores behind logical CPUs, from sysfs topology trees made here: two SMT
 * threads of a core count once, by either list's name; a CPU whose list is missing or says nothing
 * counts nothing, saying which; and this process's own CPUs. */
#include "check.h"
#include "device/cpucores.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[] = "/tmp/clx-cores-XXXXXX";

/* put: the file cpuN/topology/NAME under root's tree TREE holding text. */
static void put(const char *tree, int cpu, const char *name, const char *text)
{
    char *dir = xasprintf("%s/%s/cpu%d/topology", root, tree, cpu), *f = xasprintf("%s/%s", dir, name);
    CHECK(mkdir_p(dir) == 0);
    CHECK(write_file_atomic(f, text, strlen(text)) == 0);
    free(dir);
    free(f);
}

static int count(const char *tree, const int *cpus, int n, char *why, size_t why_n)
{
    char *dir = path_join(root, tree);
    int c = cpucores_count(dir, cpus, n, why, why_n);
    free(dir);
    return c;
}

/* Intel's numbering (cpu N and N + cores share a core), as Linux 5.x and later lists it, and an older
 * kernel's thread_siblings_list alone with AMD's (neighbours share a core); a host without SMT. */
static void test_smt_trees(void)
{
    static const char *const intel[] = { "0,2\n", "1,3\n", "0,2\n", "1,3\n" };
    for (int i = 0; i < 4; i++) {
        put("intel", i, "core_cpus_list", intel[i]);
        put("intel", i, "thread_siblings_list", "0-3\n");        /* the newer name wins */
        put("amd", i, "thread_siblings_list", i < 2 ? "0-1\n" : "2-3\n");
        char one[16];
        snprintf(one, sizeof one, "%d\n", i);
        put("nosmt", i, "core_cpus_list", one);
    }
    char why[CPUCORES_WHY];
    int all[] = { 0, 1, 2, 3 }, pair[] = { 0, 2 }, two[] = { 0, 1 };
    CHECK(count("intel", all, 4, why, sizeof why) == 2 && !why[0]);
    CHECK(count("intel", pair, 2, why, sizeof why) == 1);       /* both threads of one core */
    CHECK(count("intel", two, 2, why, sizeof why) == 2);
    CHECK(count("amd", all, 4, why, sizeof why) == 2);
    CHECK(count("amd", two, 2, why, sizeof why) == 1);
    CHECK(count("nosmt", all, 4, why, sizeof why) == 4);
    CHECK(count("nosmt", pair, 1, why, sizeof why) == 1);
}

/* What cannot be read counts nothing, and says which CPU and file. */
static void test_unreadable(void)
{
    put("bad", 0, "core_cpus_list", "0-1\n");
    put("bad", 1, "core_cpus_list", "x\n");
    put("bad", 2, "core_cpus_list", "\n");
    char why[CPUCORES_WHY];
    int cpus[] = { 0, 1 }, gone[] = { 0, 5 }, empty[] = { 2 };
    CHECK(count("bad", cpus, 2, why, sizeof why) == -1);
    CHECK_STR(why, "cpu1/topology/core_cpus_list says no CPU list ('x')");
    CHECK(count("bad", gone, 2, why, sizeof why) == -1);
    CHECK_STR(why, "cpu5/topology has neither core_cpus_list nor thread_siblings_list");
    CHECK(count("bad", empty, 1, why, sizeof why) == -1);
    CHECK_STR(why, "cpu2/topology/core_cpus_list says no CPU list ('')");
    CHECK(count("none", cpus, 2, why, sizeof why) == -1);
    CHECK(count("bad", cpus, 0, why, sizeof why) == -1);
    CHECK_STR(why, "no logical CPU to count");
}

/* This process's CPUs: at least one, ascending; where this machine's sysfs lists their cores, as many
 * cores or fewer. */
static void test_this_process(void)
{
    int *cpus = NULL;
    char why[CPUCORES_WHY];
    int n = cpucores_allowed(&cpus, why, sizeof why);
    CHECK(n >= 1 && cpus != NULL && !why[0]);
    for (int i = 1; i < n; i++) CHECK(cpus[i] > cpus[i - 1]);
    CHECK(n <= sysconf(_SC_NPROCESSORS_CONF) || sysconf(_SC_NPROCESSORS_CONF) < 0);
    int cores = cpucores_count("/sys/devices/system/cpu", cpus, n, why, sizeof why);
    CHECK(cores == -1 || (cores >= 1 && cores <= n));
    free(cpus);
}

int main(void)
{
    CHECK(mkdtemp(root) != NULL);
    RUN(test_smt_trees);
    RUN(test_unreadable);
    RUN(test_this_process);
    char *rm = xasprintf("rm -rf '%s'", root);
    CHECK(system(rm) == 0);
    free(rm);
    CHECK_EXIT();
}
