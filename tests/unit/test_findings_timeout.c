/* test_findings_timeout.c — a best (max, min, a COLUMN=max condition) over rows of which one timed
 * out: the row's time is known to be at least its launch limit (its rate at most its work over the
 * limit), so it cannot be a min of time below a row that passed under the limit, nor a max of GB/s
 * above one past work/limit: the verdict is given. Before, a timed-out row counted as one that could
 * have had any value, and each such finding "cannot be checked". Where the bound leaves room (a limit
 * below the best), it still cannot be checked, and the value's range stops at the bound. A run made
 * here: b timed out at local 128 with a limit of LIMIT seconds; its other rows did 0.004 GB a launch. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/finding_pick.h"
#include "report/findings.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_timeout"

static void make_run(const char *limit)
{
    char *tsv = xasprintf(
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\tnote\n"
        "t\ta\tdefault\t1000\t64\tok\t2\t2\t1.999;1.9995;2;2.0005;2.001\t\n"
        "t\ta\tdefault\t1000\t128\tok\t1.5\t2.667\t1.499;1.4995;1.5;1.5005;1.501\t\n"
        "t\ta\tdefault\t1000\t256\tok\t1.8\t2.222\t1.799;1.7995;1.8;1.8005;1.801\t\n"
        "t\tb\tdefault\t1000\t64\tok\t1\t4\t0.999;0.9995;1;1.0005;1.001\t\n"
        "t\tb\tdefault\t1000\t128\ttimeout\t\t\t\ta launch did not finish within %s s (the trials' limit): the "
        "worker was stopped\n"
        "t\tb\tdefault\t1000\t256\tok\t1.25\t3.2\t1.249;1.2495;1.25;1.2505;1.251\t\n", limit);
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\", \"256\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
    free(tsv);
}

/* expect: f judged v on the run, its measured column holding said and its reason why (each NULL: not
 * asked), both shown where not. */
static void expect(const struct spec_finding *f, enum verdict v, const char *said, const char *why_has)
{
    struct finding_result fr;
    enum verdict got = run_judged(DIR_, f, &fr);
    int ok = got == v && (!said || (fr.measured && strstr(fr.measured, said))) &&
             (!why_has || (fr.why && strstr(fr.why, why_has)));
    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  %s%s%s: got %s\n    measured: %s\n    why: %s\n", f->check ? f->check : "",
                f->compare ? f->compare : "", f->size ? f->size : "", verdict_text(got),
                fr.measured ? fr.measured : "(none)", fr.why ? fr.why : "(none)");
    finding_result_free(&fr);
}

/* A limit of 0.5 s: b's timed-out row took at least 500 ms, did at most 0.004 / 0.5 GB/s. */
static void test_bound_decides(void)
{
    make_run("0.5");
    struct spec_finding min_time = { .claim = "c", .check = "min(median_ms[variant=b]) >= 0.9" };
    expect(&min_time, V_HOLDS, "min(median_ms[variant=b]) = 1 (local=64)", NULL);
    struct spec_finding cmp = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                .claimed = "1.2..2" };
    expect(&cmp, V_HOLDS, NULL, NULL);
    struct spec_finding max_rate = { .claim = "c", .check = "max(gbs[variant=b]) <= 4.1" };
    expect(&max_rate, V_HOLDS, "max(gbs[variant=b]) = 4 (local=64)", NULL);
    /* The row of b's greatest GB/s: a timed-out row's is at most 0.008, no greatest. */
    struct spec_finding by_rate = { .claim = "c", .check = "median_ms[variant=b, gbs=max] <= 1.05" };
    expect(&by_rate, V_HOLDS, NULL, NULL);
    /* A max of time is no better known: the timed-out row is the slowest, by how much unknown. */
    struct spec_finding max_time = { .claim = "c", .check = "max(median_ms[variant=b]) <= 2" };
    expect(&max_time, V_NODATA, "local=128 timeout (at least 500 ms) did not", FINDING_UNPASSED_SAID);
}

/* A limit of 0.5 ms, below b's best: the row could have been the least, but no lower than 0.5 ms. */
static void test_bound_leaves_room(void)
{
    make_run("0.0005");
    struct spec_finding near = { .claim = "c", .check = "min(median_ms[variant=b]) >= 0.9" };
    expect(&near, V_NODATA, "the least of the rows that passed: local=128 timeout (at least 0.5 ms) did not",
           FINDING_UNPASSED_SAID);
    struct spec_finding below = { .claim = "c", .check = "min(median_ms[variant=b]) >= 0.4" };
    expect(&below, V_HOLDS, "local=128 timeout (at least 0.5 ms) did not", NULL);
    /* A note without the limit (a crash's, a FAIL's): nothing known, as before. */
    make_run("an unknown number of");
    expect(&below, V_NODATA, "local=128 timeout did not", FINDING_UNPASSED_SAID);
}

int main(void)
{
    RUN(test_bound_decides);
    RUN(test_bound_leaves_room);
    remove_tree(DIR_);
    CHECK_EXIT();
}
