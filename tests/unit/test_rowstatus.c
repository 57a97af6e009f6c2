/* test_rowstatus.c — row statuses: which did not pass, how they are counted and said. */
#include "check.h"
#include "store/rowstatus.h"
#include <stdlib.h>

static void test_failed(void)
{
    CHECK(row_status_failed("FAIL") && row_status_failed("error") && row_status_failed("build-failed"));
    CHECK(row_status_failed("crashed") && row_status_failed("timeout") && row_status_failed("stopped"));
    CHECK(!row_status_failed("ok") && !row_status_failed("unverified") && !row_status_failed("skipped"));
    CHECK(!row_status_failed("") && !row_status_failed("nonsense"));   /* no status at all */
}

static void test_counts(void)
{
    struct status_counts c = {0};
    const char *rows[] = { "ok", "ok", "unverified", "FAIL", "crashed", "skipped", "timeout", "stopped" };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) status_counts_add(&c, rows[i]);
    CHECK(c.rows == 8);
    CHECK(status_counts_failed(&c) == 4);
    char *line = status_counts_line(&c);
    CHECK_STR(line, "2 ok, 1 unverified, 1 FAIL, 0 error, 1 skipped, 0 build-failed, 1 crashed, 1 timeout, 1 stopped");
    free(line);
}

int main(void)
{
    RUN(test_failed);
    RUN(test_counts);
    CHECK_EXIT();
}
