/* test_hostcaches.c — the host's caches in one line from sysfs cache trees made here: a Xeon's four
 * (a 2-vCPU KVM guest's, as its sysfs lists them), a tree with a gap and a file that says nothing,
 * and none; and CLX_SYSFS's root. */
#include "check.h"
#include "device/hostcaches.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[] = "/tmp/clx-caches-XXXXXX";

/* put: indexI's level, type and size under root's TREE/devices/system/cpu/cpu0/cache (NULL: no file). */
static void put(const char *tree, int i, const char *level, const char *type, const char *size)
{
    const char *names[] = { "level", "type", "size" }, *texts[] = { level, type, size };
    char *dir = xasprintf("%s/%s/devices/system/cpu/cpu0/cache/index%d", root, tree, i);
    CHECK(mkdir_p(dir) == 0);
    for (int k = 0; k < 3; k++)
        if (texts[k]) {
            char *f = xasprintf("%s/%s", dir, names[k]);
            CHECK(write_file_atomic(f, texts[k], strlen(texts[k])) == 0);
            free(f);
        }
    free(dir);
}

static char *said(const char *tree)
{
    char *dir = xasprintf("%s/%s/devices/system/cpu/cpu0/cache", root, tree), *s = hostcaches_in(dir);
    free(dir);
    return s;
}

static void test_trees(void)
{
    put("xeon", 0, "1\n", "Data\n", "48K\n");
    put("xeon", 1, "1\n", "Instruction\n", "32K\n");
    put("xeon", 2, "2\n", "Unified\n", "2048K\n");
    put("xeon", 3, "3\n", "Unified\n", "266240K\n");
    char *s = said("xeon");
    CHECK_STR(s, "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB");
    free(s);
    /* index1 missing, index2 without a size, index3 of no known type: what is said is kept. */
    put("gaps", 0, "1\n", "Data\n", "32K\n");
    put("gaps", 2, "2\n", "Unified\n", NULL);
    put("gaps", 3, "3\n", "Other\n", "32M\n");
    s = said("gaps");
    CHECK_STR(s, "L1d 32 KiB, L3 32 MiB");
    free(s);
    CHECK(said("none") == NULL);
    /* $CLX_SYSFS names the root hostcaches_this reads. */
    char *xeon = path_join(root, "xeon");
    setenv("CLX_SYSFS", xeon, 1);
    s = hostcaches_this();
    CHECK_STR(s, "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB");
    free(s);
    unsetenv("CLX_SYSFS");
    free(xeon);
}

/* The same trees as JSON: each cache sysfs lists with a level and a size, its type and shared CPUs as
 * sysfs writes them (null where it has none), said back in the line's words; none an empty array. */
static void test_json(void)
{
    char *f = xasprintf("%s/xeon/devices/system/cpu/cpu0/cache/index3/shared_cpu_list", root);
    CHECK(write_file_atomic(f, "0-1\n", 4) == 0);
    free(f);
    char *dir = xasprintf("%s/xeon/devices/system/cpu/cpu0/cache", root);
    cJSON *a = hostcaches_json_in(dir);
    free(dir);
    char *text = cJSON_PrintUnformatted(a);
    CHECK_STR(text, "[{\"level\":1,\"type\":\"Data\",\"size_bytes\":49152,\"shared_cpu_list\":null},"
                    "{\"level\":1,\"type\":\"Instruction\",\"size_bytes\":32768,\"shared_cpu_list\":null},"
                    "{\"level\":2,\"type\":\"Unified\",\"size_bytes\":2097152,\"shared_cpu_list\":null},"
                    "{\"level\":3,\"type\":\"Unified\",\"size_bytes\":272629760,\"shared_cpu_list\":\"0-1\"}]");
    free(text);
    char *s = hostcaches_json_said(a);
    CHECK_STR(s, "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB");
    free(s);
    cJSON_Delete(a);
    dir = xasprintf("%s/gaps/devices/system/cpu/cpu0/cache", root);
    a = hostcaches_json_in(dir);
    free(dir);
    CHECK(cJSON_GetArraySize(a) == 2);
    cJSON_Delete(a);
    dir = xasprintf("%s/none/devices/system/cpu/cpu0/cache", root);
    a = hostcaches_json_in(dir);
    free(dir);
    CHECK(cJSON_IsArray(a) && cJSON_GetArraySize(a) == 0);
    CHECK(hostcaches_json_said(a) == NULL);
    CHECK(hostcaches_json_said(NULL) == NULL);
    cJSON_Delete(a);
}

int main(void)
{
    CHECK(mkdtemp(root) != NULL);
    RUN(test_trees);
    RUN(test_json);
    CHECK(remove_tree(root) == 0);
    CHECK_EXIT();
}
