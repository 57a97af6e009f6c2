/* test_search_log.c — search.tsv read back for a resume: a step's build seconds are the column named
 * build_s, or in an older clx's log the one named build after cost, not the 4th, which is also named build and holds the build's options (read as
 * seconds it made the resumed race pass over no dear build where the first had, and refuse its own
 * log as "another search's": check-asan's search_told, 2026-12-02). */
#include "check.h"
#include "run/search_impl.h"
#include "lib/table.h"
#include <stdio.h>
#include <stdlib.h>

static void test_build_seconds_column(void)
{
    const char *path = "tests/tmp/test_search_log.tsv";
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("step\tconfig\tvariant\tbuild\tpoint\tok\tround_GFLOP/s\tcost_s\tspent_s\twall_s\tbest_GFLOP/s\tbest\tranked\tcost"
          "\tbuild\tonce\n", f);
    fputs("1\t1\tVWM=1\tdefault\t\t1\t28.7\t9.4714\t9.8320\t11.08\t28.7\tVWM=1 default\t34.78\t9.47141874\t7.91808081\t1.53\n", f);
    fclose(f);
    struct table t;
    char *err = NULL;
    CHECK(table_read(path, &t, &err) == 0);
    int c = search_log_build_col(&t);
    CHECK(c == 14);
    CHECK(c >= 0 && table_num(&t, 0, c) > 7.9 && table_num(&t, 0, c) < 8.0);
    table_free(&t);
    /* This clx's: the column named build_s. */
    f = fopen(path, "w");
    if (!f) return;
    fputs("step\tconfig\tvariant\tbuild\tpoint\tok\tranked\tcost\tbuild_s\tonce\n"
          "1\t1\tVWM=1\tdefault\t\t1\t34.78\t9.47\t7.918\t0\n", f);
    fclose(f);
    CHECK(table_read(path, &t, &err) == 0);
    CHECK(search_log_build_col(&t) == 8);
    table_free(&t);
    /* A log with no build seconds (an older clx's): none, not the options' column. */
    f = fopen(path, "w");
    if (!f) return;
    fputs("step\tconfig\tvariant\tbuild\tpoint\tok\tranked\tcost\n1\t1\tVWM=1\tdefault\t\t1\t34.78\t9.47\n", f);
    fclose(f);
    CHECK(table_read(path, &t, &err) == 0);
    CHECK(search_log_build_col(&t) == -1);
    table_free(&t);
    free(err);
    remove(path);
}

int main(void)
{
    RUN(test_build_seconds_column);
    CHECK_EXIT();
}
