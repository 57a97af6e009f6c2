/* test_relrows.c — a results.tsv row's configuration told by its ids and cells, not its place in the
 * file (run/relrows.h), and rel_time made anew over a file by it (run/relfile.h). */
#include "check.h"
#include "run/relfile.h"
#include "run/relrows.h"
#include "lib/util.h"
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/test_relrows.XXXXXX";
static const char *const head = "variant\tVEC\tbuild\tN\tlocal\tstatus\tmedian_ms\tgflops\tgbs\trel_time\tspeedup\n";

/* The sweep: naive (VEC=1, the relative variant) and float4 (VEC=4), one build, N x local. */
static struct variant vars[2];
static struct spec_variant ref;
static struct strlist builds, values[2];
static const char *const axes[] = { "N", "local" };

static void setup(void)
{
    vars[0] = (struct variant){ .id = "naive", .name = "naive" };
    vars[1] = (struct variant){ .id = "float4", .name = "float4" };
    sl_push(&vars[0].keys, "VEC");
    sl_push(&vars[0].values, "1");
    sl_push(&vars[1].keys, "VEC");
    sl_push(&vars[1].values, "4");
    ref = (struct spec_variant){ .name = "naive" };
    sl_push(&ref.keys, "VEC");
    sl_push(&builds, "");
    sl_push(&values[0], "100");
    sl_push(&values[0], "200");
    sl_push(&values[1], "32");
    sl_push(&values[1], "64");
}

static struct relrows_sweep sweep(int local_cell, int (*swept)(const void *, int, int, long))
{
    return (struct relrows_sweep){ .vars = vars, .nvars = 2, .builds = &builds, .axes = axes, .values = values,
                                   .naxes = 2, .local_cell = local_cell, .swept = swept };
}

static void put(const char *rows, struct table *t)
{
    char *path = path_join(dir, "results.tsv"), *text = xasprintf("%s%s", head, rows), *err = NULL;
    CHECK(write_file_atomic(path, text, strlen(text)) == 0);
    CHECK(table_read(path, t, &err) == 0);
    free(err);
    free(text);
    free(path);
}

/* Rows out of the sweep's order (float4's line before naive's, N=200 before N=100), float4's
 * work-groups the shape local_size makes of its VEC (8 where naive's is 32): each is the point swept
 * at its place among its variant and line's rows; a build phase's row and an unknown variant's none. */
static const char *const shuffled =
    "float4\t4\tdefault\t\t\tbuild-failed\t\t\t\tkeep\tkeep\n"
    "float4\t4\tdefault\t200\t8\tok\t3\t\t\t9\t9\n"
    "float4\t4\tdefault\t200\t16\tok\t8\t\t\t9\t9\n"
    "naive\t1\tdefault\t200\t32\tok\t2\t\t\t9\t9\n"
    "naive\t1\tdefault\t200\t64\tok\t4\t\t\t9\t9\n"
    "naive\t1\tdefault\t100\t32\tok\t1\t\t\t9\t9\n"
    "float4\t4\tdefault\t100\t8\tok\t5\t\t\t9\t9\n"
    "other\t4\tdefault\t100\t8\tok\t5\t\t\tkeep\tkeep\n";

static void test_configs_by_ids(void)
{
    struct table t;
    put(shuffled, &t);
    struct relrows_sweep sw = sweep(0, NULL);
    struct relrows *x = relrows_new(&sw);
    const int want_v[] = { -1, 1, 1, 0, 0, 0, 1, -1 };
    const size_t want_pt[] = { 0, 2, 3, 2, 3, 0, 0, 0 };
    for (int i = 0; i < t.nrows; i++) {
        int v = -1, b = -1;
        size_t pt = 99;
        int rc = relrows_config(x, &t, i, &v, &b, &pt);
        CHECK(rc == (want_v[i] < 0 ? -1 : 0));
        if (rc == 0) CHECK(v == want_v[i] && b == 0 && pt == want_pt[i]);
    }
    relrows_free(x);
    table_free(&t);
}

/* The same file's rel_time and speedup made anew: each float4 row over naive's at its point swept. */
static void test_refresh_shuffled(void)
{
    struct table t;
    put(shuffled, &t);
    table_free(&t);
    struct relrows_sweep sw = sweep(0, NULL);
    struct results res = { .dir = dir, .lock_fd = -1 };
    char *why = NULL;
    CHECK(relative_refresh_rows(&sw, &ref, &res, &why) == 0);
    free(why);
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    CHECK(table_read(path, &t, &err) == 0);
    const char *want[] = { "keep", "1.5", "2", "1", "1", "1", "5", "keep" };
    const char *speedup[] = { "keep", "0.6667", "0.5", "1", "1", "1", "0.2", "keep" };
    for (int i = 0; i < t.nrows && i < 8; i++) {
        CHECK_STR(table_cell(&t, i, table_col(&t, "rel_time")), want[i]);
        CHECK_STR(table_cell(&t, i, table_col(&t, "speedup")), speedup[i]);
    }
    CHECK(t.nrows == 8);
    table_free(&t);
    free(err);
    free(path);
}

/* A sweep that runs float4 at local 64 alone (a tuned one): its one row is local 64's, told by the
 * locals it sweeps (the worker) or by its local cell where that is the axis's value (a reader). */
static int float4_at_64(const void *ctx, int v, int b, long pt)
{
    (void)ctx;
    (void)b;
    return v == 0 || pt % 2 == 1;
}

static void test_local_of_a_subset(void)
{
    struct table t;
    put("naive\t1\tdefault\t100\t32\tok\t1\t\t\t\t\n"
        "naive\t1\tdefault\t100\t64\tok\t2\t\t\t\t\n"
        "float4\t4\tdefault\t100\t64\tok\t3\t\t\t\t\n", &t);
    for (int mode = 0; mode < 2; mode++) {
        struct relrows_sweep sw = mode ? sweep(1, NULL) : sweep(0, float4_at_64);
        struct relrows *x = relrows_new(&sw);
        size_t pt[3] = { 9, 9, 9 };
        int v, b;
        for (int i = 0; i < 3; i++) CHECK(relrows_config(x, &t, i, &v, &b, &pt[i]) == 0);
        CHECK(pt[0] == 0 && pt[1] == 1 && pt[2] == 1);
        relrows_free(x);
    }
    table_free(&t);
}

int main(void)
{
    if (!mkdtemp(dir)) { perror(dir); return 1; }
    setup();
    RUN(test_configs_by_ids);
    RUN(test_refresh_shuffled);
    RUN(test_local_of_a_subset);
    char *cmd = xasprintf("rm -rf '%s'", dir);
    if (system(cmd)) {}
    free(cmd);
    CHECK_EXIT();
}
