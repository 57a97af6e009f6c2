/* test_latest.c — ROOT/latest moves to a run at its first row that ran (ok, unverified, FAIL), stays where it was for a run with none, and says so. */
#include "check.h"
#include "testutil.h"
#include "store/latest.h"
#include "lib/util.h"
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char *root;  /* tests/tmp/latest-<pid>-<time>: unique per run */

/* linked: where root/latest points now (NULL: no link). */
static const char *linked(void)
{
    char *l = path_join(root, "latest");
    const char *to = read_link(l);
    free(l);
    return to;
}

/* run_dir: root/name made (a run's folder), a new string. */
static char *run_dir(const char *name)
{
    char *d = path_join(root, name);
    CHECK(mkdir_p(d) == 0);
    return d;
}

/* Rows that reached no device leave no link; the first that ran makes it; then nothing is said. */
static void test_first_ran_row(void)
{
    char *a = run_dir("run-a");
    struct latest l;
    latest_arm(&l, root, a);
    latest_row(&l, RS_BUILD_FAILED);
    latest_row(&l, RS_SKIPPED);
    latest_row(&l, RS_ERROR);
    latest_row(&l, RS_CRASHED);
    latest_row(&l, RS_STOPPED);
    CHECK(linked() == NULL);
    char *said = latest_unmoved(&l), *want = xasprintf("%s/latest is not made: no configuration of this run ran on the device", root);
    CHECK_CONTAINS(said, want);
    free(said);
    free(want);
    latest_row(&l, RS_FAIL);
    CHECK_STR(linked(), "run-a");   /* relative: the folder's name */
    CHECK(latest_unmoved(&l) == NULL);
    latest_free(&l);
    free(a);
}

/* A run with nothing that ran leaves latest on the last that had, and names it; one that ran
 * moves it (replaced, not left on the first). */
static void test_stays_then_moves(void)
{
    char *b = run_dir("run-b"), *c = run_dir("run-c");
    struct latest l;
    latest_arm(&l, root, b);
    struct status_counts st = {0};
    status_counts_note(&st, RS_BUILD_FAILED);
    status_counts_note(&st, RS_SKIPPED);
    latest_rows(&l, &st);
    CHECK_STR(linked(), "run-a");
    char *said = latest_unmoved(&l);
    char *want = xasprintf("%s/latest stays on run-a: no configuration of this run ran on the device (no row ok, "
                           "unverified or FAIL); its folder keeps its build logs and rows: ", root);
    CHECK(said && !strncmp(said, want, strlen(want)));
    char *reads = xasprintf(" report %s reads it", b);
    CHECK_CONTAINS(said, reads);
    free(said);
    free(want);
    free(reads);
    latest_free(&l);
    latest_arm(&l, root, c);
    status_counts_note(&st, RS_UNVERIFIED);
    latest_rows(&l, &st);
    CHECK_STR(linked(), "run-c");
    CHECK(latest_unmoved(&l) == NULL);
    latest_free(&l);
    free(b);
    free(c);
}

/* A run continued: kept rows that ran had the link moved then (it is not taken back from a run
 * made since); with none, the first that runs now moves it, in the folder that holds the run,
 * also where the run is named through a link (an older clx's latest that named an empty run). */
static void test_resumed(void)
{
    char *d = run_dir("run-d");
    struct status_counts kept = {0};
    status_counts_note(&kept, RS_OK);
    struct latest l;
    latest_arm_resumed(&l, d, &kept);
    latest_row(&l, RS_OK);
    CHECK_STR(linked(), "run-c");
    CHECK(latest_unmoved(&l) == NULL);
    latest_free(&l);
    memset(&kept, 0, sizeof kept);
    status_counts_note(&kept, RS_BUILD_FAILED);
    latest_arm_resumed(&l, d, &kept);
    char *said = latest_unmoved(&l);
    CHECK_CONTAINS(said, "/latest stays on run-c: ");
    free(said);
    latest_row(&l, RS_OK);
    CHECK_STR(linked(), "run-d");
    latest_free(&l);
    /* Named through root/latest itself: the link is made again to the folder's own name. */
    char *via = path_join(root, "latest");
    latest_arm_resumed(&l, via, &kept);
    CHECK_STR(l.name, "run-d");
    CHECK(latest_unmoved(&l) == NULL);   /* it names this run already: nothing moved away */
    latest_row(&l, RS_OK);
    CHECK_STR(linked(), "run-d");
    latest_free(&l);
    free(via);
    free(d);
}

/* Unarmed (a tuning pass): never moves, says nothing. */
static void test_unarmed(void)
{
    struct latest l;
    memset(&l, 0, sizeof l);
    latest_row(&l, RS_OK);
    CHECK_STR(linked(), "run-d");
    CHECK(latest_unmoved(&l) == NULL);
    latest_free(&l);
}

int main(void)
{
    root = xasprintf("tests/tmp/latest-%ld-%ld", (long)getpid(), (long)time(NULL));
    if (mkdir_p(root) != 0) die("cannot create %s", root);
    RUN(test_first_ran_row);
    RUN(test_stays_then_moves);
    RUN(test_resumed);
    RUN(test_unarmed);
    if (!check_cases_failed) remove_tree(root);  /* kept on failure, to look at */
    free(root);
    CHECK_EXIT();
}
