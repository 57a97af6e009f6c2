/* test_rowstatus.c — row statuses: which did not pass, which ran, how they are counted and said. */
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

/* The status the program holds follows the same rules as the word read back. */
static void test_by_status(void)
{
    for (int k = 0; k < RS_N; k++) {
        const char *w = row_status_word((enum row_status)k);
        CHECK(row_status_is_failed((enum row_status)k) == row_status_failed(w));
        CHECK(row_status_is_measured((enum row_status)k) == row_status_measured(w));
        CHECK(row_status_of(w) == (enum row_status)k);
    }
}

/* A row the device ran to an answer (what moves results/latest): ok, unverified and FAIL, no other. */
static void test_ran(void)
{
    for (int k = 0; k < RS_N; k++)
        CHECK(row_status_is_ran((enum row_status)k) == (k == RS_OK || k == RS_UNVERIFIED || k == RS_FAIL));
}

/* Only the statuses there are, in the summary line's order (a finding says why it has no row). */
static void test_some(void)
{
    struct status_counts c = {0};
    char *none = status_counts_some(&c);
    CHECK_STR(none, "");
    free(none);
    status_counts_add(&c, "crashed");
    status_counts_note(&c, RS_FAIL);
    status_counts_note(&c, RS_FAIL);
    status_counts_add(&c, "nonsense");   /* no status: an error row */
    CHECK(c.rows == 4);
    char *some = status_counts_some(&c);
    CHECK_STR(some, "2 FAIL, 1 error, 1 crashed");
    free(some);
}

/* A flag is one of the cell's comma-separated items, whole: "rounds-cut" is not in "rounds-cutoff". */
static void test_flag_has(void)
{
    CHECK(flag_has("rounds-cut", ROUNDS_CUT_FLAG));
    CHECK(flag_has("noisy,rounds-cut,cache-resident", ROUNDS_CUT_FLAG));
    CHECK(flag_has("noisy,rounds-cut", "rounds-cut"));
    CHECK(!flag_has("rounds-cutoff", "rounds-cut"));
    CHECK(!flag_has("xrounds-cut", "rounds-cut"));
    CHECK(!flag_has("", "rounds-cut"));
    CHECK(!flag_has(NULL, "rounds-cut"));
}

int main(void)
{
    RUN(test_flag_has);
    RUN(test_failed);
    RUN(test_counts);
    RUN(test_by_status);
    RUN(test_ran);
    RUN(test_some);
    CHECK_EXIT();
}
