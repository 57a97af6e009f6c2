/* test_sweepid.c — the one table of what makes two runs one sweep: who checks what, the paths, the hash. */
#include "check.h"
#include "store/sweepid.h"
#include "lib/util.h"
#include <stdlib.h>

static const char *run_text =
    "{\"experiment\":\"vecsum\",\"device\":{\"name\":\"dev\",\"platform\":\"P\",\"platform_version\":\"OpenCL 3.0\","
    "\"driver_version\":\"1.0\"},\"clx_version\":\"0.2.0\",\"spec\":\"text\",\"seed\":7,\"trials\":5,"
    "\"target_cv\":0.01,\"shard\":{\"k\":1,\"n\":2,\"options\":[\"vecsum\",\"--quick\"]}}";

static const struct sweepid_item *item(const char *path)
{
    for (const struct sweepid_item *id = sweepid_items; id->path; id++)
        if (!strcmp(id->path, path)) return id;
    return NULL;
}

/* Every item has words, someone who checks it, and the device flag exactly on device.*. */
static void test_table(void)
{
    int n = 0;
    for (const struct sweepid_item *id = sweepid_items; id->path; id++, n++) {
        CHECK(id->what && *id->what);
        CHECK(id->checks & SWEEPID_BOTH);
        CHECK(!!id->device == !strncmp(id->path, "device.", 7));
        /* The device's setup: checked by both, where both runs recorded it (an older clx did not). */
        if (id->device == SWEEPID_DEVICE_SETUP) CHECK(id->checks == SWEEPID_BOTH && id->recorded);
    }
    /* The setup compare says (report/compare_devsetup.c) but for the platform version, a device's; its
     * clock is not (a CPU's may move by itself between two runs of one setup). */
    const char *setup[] = {"device.driver_env", "device.cpu_logical_cpus", "device.compute_units",
                           "device.max_work_group_size", "device.local_mem_bytes"};
    for (size_t i = 0; i < sizeof setup / sizeof *setup; i++)
        CHECK(item(setup[i]) && item(setup[i])->device == SWEEPID_DEVICE_SETUP);
    CHECK(item("device.platform_version")->device == SWEEPID_DEVICE_NAME);
    CHECK(item("device.max_clock_mhz") == NULL);
    /* After the device's name, before the shard and the options: a refusal names the first that
     * differs, and the setup says more than an option it does not change. */
    const struct sweepid_item *env = item("device.driver_env");
    CHECK(env < item("shard") && env < item("seed") && env > item("device.driver_version"));
    CHECK(n > 10);
    /* Where the two must differ (sweepid.c says why). */
    CHECK(item("shard")->checks == SWEEPID_RESUME && item("shard.n")->checks == SWEEPID_MERGE);
    CHECK(item("clx_version")->checks == SWEEPID_MERGE && item("target_cv")->checks == SWEEPID_RESUME);
    CHECK(item("seed")->checks == SWEEPID_BOTH && item("device.driver_version")->checks == SWEEPID_BOTH);
}

static void test_at(void)
{
    cJSON *run = cJSON_Parse(run_text);
    CHECK(cJSON_IsString(sweepid_at(run, "device.driver_version")));
    CHECK_STR(sweepid_at(run, "device.driver_version")->valuestring, "1.0");
    CHECK(sweepid_at(run, "seed")->valuedouble == 7);
    CHECK(sweepid_at(run, "verify") == NULL && sweepid_at(run, "nothing.here") == NULL);
    cJSON_Delete(run);
}

/* The hash covers the merge items alone, in their order: the value shards recorded before this
 * table stays the value (a resume-only item changes nothing). */
static void test_hash(void)
{
    cJSON *run = cJSON_Parse(run_text);
    char *h = sweepid_hash(run);
    CHECK_STR(h, "0b6f8018fed6a41c");
    free(h);
    cJSON_ReplaceItemInObject(run, "target_cv", cJSON_CreateNumber(0.5));
    h = sweepid_hash(run);
    CHECK_STR(h, "0b6f8018fed6a41c");
    free(h);
    cJSON_ReplaceItemInObject(run, "seed", cJSON_CreateNumber(8));
    h = sweepid_hash(run);
    CHECK(strcmp(h, "0b6f8018fed6a41c") != 0);
    free(h);
    cJSON_Delete(run);
}

/* The device's setup is not in the hash (compared item by item): a shard stopped where its record had
 * a CPU's host CPUs and resumed where the record checked has them not yet keeps its hash. */
static void test_hash_setup(void)
{
    cJSON *run = cJSON_Parse(run_text);
    cJSON *dev = cJSON_GetObjectItemCaseSensitive(run, "device");
    cJSON_AddStringToObject(dev, "driver_env", "POCL_WORK_GROUP_METHOD=loops");
    cJSON_AddNumberToObject(dev, "cpu_logical_cpus", 2);
    char *h = sweepid_hash(run);
    CHECK_STR(h, "0b6f8018fed6a41c");
    free(h);
    cJSON_Delete(run);
}

/* Two spec texts: the first line that differs, both sides, cut; a text that ends first; none. */
static void test_first_line(void)
{
    cJSON *a = cJSON_CreateString("x = 1;\nwarmups = 3;\ntrials = 5;\n"), *b = cJSON_CreateString("x = 1;\nwarmups = 4;\ntrials = 5;\n");
    char *d = sweepid_first_line(a, b);
    CHECK_STR(d, "line 2: 'warmups = 3;' there, 'warmups = 4;' here");
    free(d);
    cJSON *c = cJSON_CreateString("x = 1;\nwarmups = 3;\ntrials = 5;\n# edited\n");
    d = sweepid_first_line(a, c);
    CHECK_STR(d, "line 4: (none) there, '# edited' here");
    free(d);
    CHECK(sweepid_first_line(a, a) == NULL);
    cJSON *n = cJSON_CreateNumber(3), *l = cJSON_CreateString("# 0123456789012345678901234567890123456789012345678901234567890123456789");
    CHECK(sweepid_first_line(a, n) == NULL);
    d = sweepid_first_line(l, a);
    CHECK_STR(d, "line 1: '# 012345678901234567890123456789012345678901234567...' there, 'x = 1;' here");
    free(d);
    cJSON_Delete(a); cJSON_Delete(b); cJSON_Delete(c); cJSON_Delete(n); cJSON_Delete(l);
}

/* line_pair: sweepid_first_line of two one-line texts. */
static char *line_pair(const char *x, const char *y)
{
    cJSON *a = cJSON_CreateString(x), *b = cJSON_CreateString(y);
    char *d = sweepid_first_line(a, b);
    cJSON_Delete(a);
    cJSON_Delete(b);
    return d;
}

/* A long line is cut around its first character that differs, both sides from the same column, so
 * that both excerpts show the difference: at the start, the middle, the end; of different lengths. */
static void test_excerpt(void)
{
    const char *was = "# vecsum: the vector sum c = a + b, memory bound (seed 004; does ILP";
    char *d = line_pair(was, "# vecsum: the vector sum c = a + b, memory bound (seed 004; does ILP help)");
    CHECK_STR(d, "line 1: '... c = a + b, memory bound (seed 004; does ILP' there, "
                 "'... c = a + b, memory bound (seed 004; does ILP help)' here");
    free(d);
    /* The middle: the window from 24 characters before the difference, cut on both sides. */
    d = line_pair("aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggghhhhhhhhhh",
                  "aaaaaaaaaabbbbbbbbbbccccccccccddddXdddddeeeeeeeeeeffffffffffgggggggggghhhhhhhhhh");
    CHECK_STR(d, "line 1: '...bbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffff...' there, "
                 "'...bbbbbbbbbbccccccccccddddXdddddeeeeeeeeeeffffffffff...' here");
    free(d);
    /* The start: from the line's start, cut at its end. */
    d = line_pair("Xaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggg",
                  "Yaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggg");
    CHECK_STR(d, "line 1: 'Xaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeee...' there, "
                 "'Yaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeee...' here");
    free(d);
    /* The end: the last character, the window backed so that it is full. */
    d = line_pair("aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggX",
                  "aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggY");
    CHECK_STR(d, "line 1: '...ccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggX' there, "
                 "'...ccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggY' here");
    free(d);
    /* Of different lengths: a short line whole beside a long one cut where they part. */
    d = line_pair("warmups = 3;", "warmups = 3; # aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeee");
    CHECK_STR(d, "line 1: 'warmups = 3;' there, 'warmups = 3; # aaaaaaaaaabbbbbbbbbbccccccccccddddd...' here");
    free(d);
}

/* where: the member of an object (as_run) that differs, named by its path with both values as a
 * refusal shows them; objects by key, arrays by place; a member one side lacks; values shown as
 * they are stay. */
static void where_is(const char *x_text, const char *y_text, const char *at, const char *x_shown, const char *y_shown)
{
    cJSON *xd = cJSON_Parse(x_text), *yd = cJSON_Parse(y_text);
    const cJSON *x = xd, *y = yd;
    char *path = sweepid_where(&x, &y), *tx = sweepid_text(x), *ty = sweepid_text(y);
    CHECK_STR(path, at);
    CHECK_STR(tx, x_shown);
    CHECK_STR(ty, y_shown);
    free(path); free(tx); free(ty);
    cJSON_Delete(xd); cJSON_Delete(yd);
}

static void test_where(void)
{
    const char *v = "{\"id\":\"base\",\"kernel\":\"taylor\",\"params\":{\"LOOP\":\"0\",\"VEC\":\"1\"}}";
    char *a = xasprintf("{\"variants\":[%s,%s],\"builds\":[\"\"],\"launch\":{\"N\":[\"4099\"],\"TERMS\":[\"1\",\"8\"],"
                        "\"local\":[\"64\",\"256\"]},\"derived\":[\"DATA_BYTES\"]}", v, v);
    char *b = xasprintf("{\"variants\":[%s,%s],\"builds\":[\"\"],\"launch\":{\"N\":[\"4099\"],\"TERMS\":[\"1\"],"
                        "\"local\":[\"64\",\"256\"]},\"derived\":[\"DATA_BYTES\"]}", v, v);
    where_is(a, b, ".launch.TERMS", "[\"1\",\"8\"]", "[\"1\"]");
    /* The second variant's VEC, four levels down. */
    char *c = xasprintf("{\"variants\":[%s,{\"id\":\"vec\",\"kernel\":\"taylor\",\"params\":{\"LOOP\":\"0\",\"VEC\":\"4\"}}]}", v);
    char *d = xasprintf("{\"variants\":[%s,{\"id\":\"vec\",\"kernel\":\"taylor\",\"params\":{\"LOOP\":\"0\",\"VEC\":\"8\"}}]}", v);
    where_is(c, d, ".variants[1].params.VEC", "'4'", "'8'");
    /* A member only one side has; a short value as it is. */
    where_is("{\"launch\":{\"N\":[\"1\"]}}", "{\"launch\":{\"N\":[\"1\"],\"ILP\":[\"2\"]}}", ".launch.ILP", "(none)", "[\"2\"]");
    where_is("[\"1\"]", "[\"2\"]", "", "[\"1\"]", "[\"2\"]");
    where_is("7", "8", "", "7", "8");
    free(a); free(b); free(c); free(d);
}

int main(void)
{
    RUN(test_where);
    RUN(test_first_line);
    RUN(test_excerpt);
    RUN(test_table);
    RUN(test_at);
    RUN(test_hash);
    RUN(test_hash_setup);
    CHECK_EXIT();
}
