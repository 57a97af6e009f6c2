/* test_findings_unpassed.c — a best (max, min) over rows of which some did not pass is the best of
 * those that passed: every finding kind says so in its measured column, naming the rows, and cannot
 * be checked where such a row, had it passed, could change its verdict (finding_points.h). Before,
 * each side's best was taken over the rows that passed, unsaid, and a FAILed row that could have
 * been one side's best left "holds" standing. A run made here: a passes at every work-group size, b
 * FAILed at local 128 (its time there, 0.1, is no result). */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/finding_pick.h"
#include "report/findings.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_unpassed"

/* What the measured column says of b's min and max. */
#define B_MIN_SAID "min(median_ms[variant=b]) = 1 (local=64; the least of the rows that passed: local=128 FAIL did not)"
#define B_MAX_SAID "max(median_ms[variant=b]) = 1.2 (local=256; the greatest of the rows that passed: local=128 FAIL did not)"

static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "t\ta\tdefault\t1000\t64\tok\t2\t1.999;1.9995;2;2.0005;2.001\n"
        "t\ta\tdefault\t1000\t128\tok\t1.5\t1.499;1.4995;1.5;1.5005;1.501\n"
        "t\ta\tdefault\t1000\t256\tok\t1.8\t1.799;1.7995;1.8;1.8005;1.801\n"
        "t\tb\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tb\tdefault\t1000\t128\tFAIL\t0.1\t0.0999;0.09995;0.1;0.10005;0.1001\n"
        "t\tb\tdefault\t1000\t256\tok\t1.2\t1.199;1.1995;1.2;1.2005;1.201\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\", \"256\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
}

/* judged: f's verdict on the run, its measured column into *measured and its reason where it cannot be
 * checked into *why (NULL where none; caller frees both). */
static enum verdict judged(const struct spec_finding *f, char **measured, char **why)
{
    struct finding_result fr;
    enum verdict v = run_judged(DIR_, f, &fr);
    if (v == V_COUNT) return v;
    *measured = fr.measured ? xstrdup(fr.measured) : NULL;
    *why = fr.why ? xstrdup(fr.why) : NULL;
    finding_result_free(&fr);
    return v;
}

/* expect: f judged v, its measured column holding said (NULL: not asked), and, where v is "cannot be
 * checked", its reason naming b's FAILed row as one that could change the verdict. */
static void expect(const struct spec_finding *f, enum verdict v, const char *said)
{
    char *measured = NULL, *why = NULL;
    enum verdict got = judged(f, &measured, &why);
    CHECK(got == v);
    if (said) CHECK(measured && strstr(measured, said));
    if (v == V_NODATA) CHECK(why && strstr(why, "local=128 FAIL did not") && strstr(why, FINDING_UNPASSED_SAID));
    if (got != v || (said && !(measured && strstr(measured, said))))
        fprintf(stderr, "  %s%s%s: got %s\n    measured: %s\n    why: %s\n", f->check ? f->check : "",
                f->compare ? f->compare : "", f->size ? f->size : "", verdict_text(got), measured ? measured : "(none)",
                why ? why : "(none)");
    free(measured);
    free(why);
}

/* A compare's pair: b's FAILed row could only have made b's min lower (its max higher); where that
 * moves the ratio away from the claim the verdict stands, with the row named, else it cannot be
 * checked. */
static void test_compare(void)
{
    /* a / b = 1.5: claimed a slower; a lower b only makes it more so. */
    struct spec_finding holds = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                  .claimed = "> 1" };
    expect(&holds, V_HOLDS, B_MIN_SAID);
    /* Claimed a faster: it does not hold, whatever b's FAILed row gave. */
    struct spec_finding fails = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                  .claimed = "< 1" };
    expect(&fails, V_FAILS, B_MIN_SAID);
    /* 1.5 against 2..5: a faster b at local 128 could put the ratio in it (before: "holds in direction,
     * not in size"). */
    struct spec_finding size = { .claim = "c", .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])",
                                 .claimed = "2..5" };
    expect(&size, V_NODATA, B_MIN_SAID);
    /* b's slowest against a's, 0.6, claimed below 1: a slower b at local 128 could pass 1 (before: holds). */
    struct spec_finding worst = { .claim = "c", .compare = "max(median_ms[variant=b]) vs max(median_ms[variant=a])",
                                  .claimed = "< 1" };
    expect(&worst, V_NODATA, B_MAX_SAID);
}

/* A check: the same rule at every combination of the values such rows could give. */
static void test_check(void)
{
    struct spec_finding holds = { .claim = "c", .check = "min(median_ms[variant=a]) > min(median_ms[variant=b])" };
    expect(&holds, V_HOLDS, B_MIN_SAID);
    /* Every b row under 1.5: b's FAILed row may not be (before: holds). */
    struct spec_finding every = { .claim = "c", .check = "max(median_ms[variant=b]) < 1.5" };
    expect(&every, V_NODATA, B_MAX_SAID);
    /* A row b names by its work-group size alone: local=max is 256 whatever local 128 did. */
    struct spec_finding by_local = { .claim = "c", .check = "median_ms[variant=b, local=max] < 1.5" };
    expect(&by_local, V_HOLDS, NULL);
    /* One picked by a measured value: the FAILed row's is no result, so it could have been the one. */
    struct spec_finding by_value = { .claim = "c", .check = "local[variant=b, median_ms=min] == 64" };
    expect(&by_value, V_NODATA, "picked from the rows that passed: local=128 FAIL did not");
}

/* A size: its values at those ends judged as the size is. */
static void test_size(void)
{
    struct spec_finding holds = { .claim = "c", .size = "min(median_ms[variant=a]) / min(median_ms[variant=b])",
                                  .claimed = ">= 1.2", .direction = "> 1" };
    expect(&holds, V_HOLDS, B_MIN_SAID);
    struct spec_finding open = { .claim = "c", .size = "max(median_ms[variant=b]) / max(median_ms[variant=a])",
                                 .claimed = "<= 0.8", .direction = "< 1" };
    expect(&open, V_NODATA, B_MAX_SAID);
}

/* a passed everywhere: its best is said as ever, and a --quick run is not told a full sweep decides
 * a finding its FAILed rows leave open. */
static void test_all_passed(void)
{
    char *measured = NULL, *why = NULL;
    struct spec_finding f = { .claim = "c", .check = "min(median_ms[variant=a]) < 1.6" };
    CHECK(judged(&f, &measured, &why) == V_HOLDS);
    CHECK(measured && strstr(measured, "min(median_ms[variant=a]) = 1.5 (local=128)") && !strstr(measured, "passed"));
    free(measured);
    free(why);
    CHECK(!finding_sweep_decides("x: a row that " FINDING_UNPASSED_SAID ", had it passed"));
}

int main(void)
{
    make_run();
    RUN(test_compare);
    RUN(test_check);
    RUN(test_size);
    RUN(test_all_passed);
    remove_tree(DIR_);
    CHECK_EXIT();
}
