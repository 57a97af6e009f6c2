/* test_rowstatus.c — row statuses: which did not pass, which ran, which were skipped, how they are
 * counted and said, and the exit status they give a sweep; what a resume does to rows a stop cut short. */
#include "check.h"
#include "store/rowstatus.h"
#include "lib/util.h"
#include <stdlib.h>

static void test_failed(void)
{
    CHECK(row_status_failed("FAIL") && row_status_failed("error") && row_status_failed("build-failed"));
    CHECK(row_status_failed("crashed") && row_status_failed("timeout") && row_status_failed("stopped"));
    CHECK(!row_status_failed("ok") && !row_status_failed("unverified") && !row_status_failed("skipped"));
    CHECK(!row_status_failed("cut"));   /* a time of its work, on fewer rounds than asked */
    CHECK(!row_status_failed("") && !row_status_failed("nonsense"));   /* no status at all */
}

static void test_counts(void)
{
    struct status_counts c = {0};
    const char *rows[] = { "ok", "ok", "cut", "unverified", "FAIL", "crashed", "skipped", "timeout", "stopped" };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) status_counts_add(&c, rows[i]);
    CHECK(c.rows == 9);
    CHECK(status_counts_failed(&c) == 4);
    CHECK(status_counts_measured(&c) == 4);
    /* A row a stop cut short is never counted among the ok ones. */
    char *line = status_counts_line(&c);
    CHECK_STR(line, "2 ok, 1 cut, 1 unverified, 1 FAIL, 0 error, 1 skipped, 0 build-failed, 1 crashed, 1 timeout, "
                    "1 stopped");
    free(line);
    /* Checked against a baseline variant: an ok is agreement with it, the unverified its own. */
    line = status_counts_line_against(&c, "good");
    CHECK_STR(line, "2 ok (agree with baseline good: no host reference checked them), 1 cut, 1 unverified (baseline good's "
                    "own: the other variants are checked against it), 1 FAIL, 0 error, 1 skipped, 0 build-failed, 1 crashed, "
                    "1 timeout, 1 stopped");
    free(line);
    /* From run.json, which does not name the variant. */
    struct status_counts one = {0};
    status_counts_add(&one, "ok");
    line = status_counts_line_against(&one, "");
    CHECK_STR(line, "1 ok (agrees with the baseline variant: no host reference checked it), 0 FAIL, 0 error, 0 skipped, "
                    "0 build-failed");
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

/* Every status is one of three kinds, the one table the rules read: skipped is neither a result nor
 * a failure (a configuration a run skipped is no configuration it lacks, and no row that failed). */
static void test_kind(void)
{
    for (int k = 0; k < RS_N; k++) {
        enum row_kind want = k == RS_OK || k == RS_CUT || k == RS_UNVERIFIED ? ROW_MEASURED
                             : k == RS_SKIPPED                               ? ROW_SKIPPED
                                                                             : ROW_FAILED;
        CHECK(row_status_kind((enum row_status)k) == want);
        CHECK(row_status_is_failed((enum row_status)k) == (want == ROW_FAILED));
        CHECK(row_status_is_measured((enum row_status)k) == (want == ROW_MEASURED));
    }
    CHECK(row_status_skipped("skipped") && !row_status_skipped("ok") && !row_status_skipped("") && !row_status_skipped(NULL));
}

/* The exit status a sweep's rows give (clx run's end, clx merge of the merged rows): 4 where a file
 * of the run could not be written, 1 where one did not pass or a probe failed, 3 where none was
 * measured (every one skipped), else 0. */
static void test_exit(void)
{
    struct status_counts ok = {0}, bad = {0}, skipped = {0}, none = {0};
    status_counts_add(&ok, "ok");
    status_counts_add(&ok, "skipped");
    status_counts_add(&ok, "unverified");
    CHECK(status_counts_exit(&ok, 0, 0) == 0);
    /* A stopped run's cut rows were measured: they fail nothing (its exit is the stop's, 128+signal). */
    struct status_counts cut = {0};
    status_counts_add(&cut, "cut");
    CHECK(status_counts_exit(&cut, 0, 0) == 0);
    CHECK(status_counts_exit(&ok, 2, 0) == EXIT_ROWS_FAILED);
    bad = ok;
    status_counts_add(&bad, "FAIL");
    CHECK(status_counts_exit(&bad, 0, 0) == EXIT_ROWS_FAILED);
    status_counts_add(&skipped, "skipped");
    status_counts_add(&skipped, "skipped");
    CHECK(status_counts_exit(&skipped, 0, 0) == EXIT_NOTHING_RAN);
    status_counts_add(&skipped, "stopped");
    CHECK(status_counts_exit(&skipped, 0, 0) == EXIT_ROWS_FAILED);
    CHECK(status_counts_exit(&none, 0, 0) == EXIT_NOTHING_RAN);
    /* A file the run could not write: 4, as the run exited, whatever its rows (a resume of it and
     * clx report read it back so). */
    CHECK(status_counts_exit(&ok, 0, 1) == EXIT_CANNOT_RUN);
    CHECK(status_counts_exit(&bad, 2, 3) == EXIT_CANNOT_RUN);
}

/* A row the device ran to an answer (what moves results/latest): ok, unverified and FAIL, no other. */
static void test_ran(void)
{
    for (int k = 0; k < RS_N; k++)
        CHECK(row_status_is_ran((enum row_status)k) == (k == RS_OK || k == RS_CUT || k == RS_UNVERIFIED || k == RS_FAIL));
}

/* A row a stop cut short: ok becomes cut (unverified keeps its own, already no checked result), and
 * a resumed search's row kept whole goes back to ok; run.json counts it under "cut". */
static void test_cut(void)
{
    CHECK(row_status_cut_short(RS_OK) == RS_CUT);
    CHECK(row_status_cut_short(RS_UNVERIFIED) == RS_UNVERIFIED && row_status_cut_short(RS_FAIL) == RS_FAIL);
    CHECK(row_status_cut_short(RS_CUT) == RS_CUT);
    CHECK(row_status_whole(RS_CUT) == RS_OK && row_status_whole(RS_OK) == RS_OK);
    CHECK(row_status_whole(RS_UNVERIFIED) == RS_UNVERIFIED);
    CHECK_STR(row_status_word(RS_CUT), "cut");
    CHECK_STR(row_status_key(RS_CUT), "cut");
    CHECK(row_status_of("cut") == RS_CUT && row_status_measured("cut"));
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

/* A flag taken out of the cell whole, the others kept in their order (a resumed search's row the
 * race is done with loses rounds-cut alone). */
static void test_flag_without(void)
{
    char *f = flag_without("noisy,rounds-cut,cache-resident", ROUNDS_CUT_FLAG);
    CHECK_STR(f, "noisy,cache-resident");
    free(f);
    f = flag_without("rounds-cut", ROUNDS_CUT_FLAG);
    CHECK_STR(f, "");
    free(f);
    f = flag_without("rounds-cutoff,rounds-cut", ROUNDS_CUT_FLAG);
    CHECK_STR(f, "rounds-cutoff");
    free(f);
    f = flag_without(NULL, ROUNDS_CUT_FLAG);
    CHECK_STR(f, "");
    free(f);
}

/* A sweep's resume measures every row cut short again; a search's only those its race comes back to. */
static void test_cut_resume(void)
{
    CHECK_STR(rounds_cut_resume(0, 2), "measures them again");
    CHECK_STR(rounds_cut_resume(0, 1), "measures it again");
    CHECK_STR(rounds_cut_resume(1, 2), "goes on with the search and measures again those its race comes back to, the "
                                       "others keeping their values with what the race decided");
    CHECK_STR(rounds_cut_resume(1, 1), "goes on with the search and measures it again if its race comes back to it, "
                                       "else it keeps its values with what the race decided");
}

int main(void)
{
    RUN(test_flag_has);
    RUN(test_flag_without);
    RUN(test_failed);
    RUN(test_counts);
    RUN(test_by_status);
    RUN(test_ran);
    RUN(test_kind);
    RUN(test_exit);
    RUN(test_some);
    RUN(test_cut_resume);
    RUN(test_cut);
    CHECK_EXIT();
}
