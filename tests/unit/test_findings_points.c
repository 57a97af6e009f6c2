/* test_findings_points.c — every finding kind that sets two aggregates of several rows against each
 * other says when they stand on different points, in the same words (finding_points_apart): a
 * compare's pair said it and could not be checked, while a check or a size over the same two
 * geometric means (one side's row at local 128 FAILed) set a mix of one work size against a mix of
 * two and held or did not hold by it. A run made here: at each work-group size "a" takes 15% more
 * time than "b", and local 128 does 4x the work of local 64; b's row at 128 did not pass. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_points"

/* The reason every kind gives for a against b (finding_points_apart's words). */
#define SAID_APART "gmean(median_ms[variant=a]) and gmean(median_ms[variant=b]) aggregate different points: " \
                   "local=128 has rows in the first and none in the second"

static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "t\ta\tdefault\t1000\t64\tok\t1.15\t1.149;1.1495;1.15;1.1505;1.151\n"
        "t\ta\tdefault\t1000\t128\tok\t4.6\t4.598;4.599;4.6;4.601;4.602\n"
        "t\tb\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tb\tdefault\t1000\t128\tFAIL\t4\t3.998;3.999;4;4.001;4.002\n"
        "t\tc\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tc\tdefault\t1000\t128\tok\t4\t3.998;3.999;4;4.001;4.002\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
}

/* judged: f's verdict on the run, *why its reason where it cannot be checked, else NULL (caller frees). */
static enum verdict judged(const struct spec_finding *f, char **why) { return run_judged_why(DIR_, f, why); }

/* A check, a size and a compare of a's and b's geometric means: each cannot be checked, in one set
 * of words. Before, the check "a within 20% of b" did not hold and the size 2.14x did not either,
 * where at local 64, the one point both have, a is 15% slower. */
static void test_every_kind_says_it(void)
{
    char *why = NULL;
    struct spec_finding check = { .claim = "c", .check = "gmean(median_ms[variant=a]) <= 1.2 * gmean(median_ms[variant=b])" };
    CHECK(judged(&check, &why) == V_NODATA);
    CHECK(why && strstr(why, SAID_APART));
    free(why);
    struct spec_finding size = { .claim = "c", .size = "gmean(median_ms[variant=a]) / gmean(median_ms[variant=b])",
                                 .claimed = "1.1..1.2" };
    CHECK(judged(&size, &why) == V_NODATA);
    CHECK(why && strstr(why, SAID_APART));
    free(why);
    struct spec_finding cmp = { .claim = "c", .compare = "gmean(median_ms[variant=a]) vs gmean(median_ms[variant=b])",
                                .claimed = "1.1..1.2" };
    CHECK(judged(&cmp, &why) == V_NODATA);
    CHECK(why && strstr(why, SAID_APART));
    free(why);
}

/* Aggregates over the same points are judged as ever, and so are the rows one side picks by a
 * condition that sets the sides apart (local), a row's value (max, min) and one aggregate alone. */
static void test_others_judged(void)
{
    char *why = NULL;
    struct spec_finding same = { .claim = "c", .check = "gmean(median_ms[variant=a]) <= 1.2 * gmean(median_ms[variant=c])" };
    CHECK(judged(&same, &why) == V_HOLDS);
    CHECK(why == NULL);
    free(why);
    struct spec_finding size = { .claim = "c", .size = "gmean(median_ms[variant=a]) / gmean(median_ms[variant=c])",
                                 .claimed = "1.1..1.2" };
    CHECK(judged(&size, &why) == V_HOLDS);
    free(why);
    struct spec_finding by_local = { .claim = "c", .where = "variant=a|c",
                                     .check = "mean(median_ms[local=128]) >= 3 * mean(median_ms[local=64])" };
    CHECK(judged(&by_local, &why) == V_HOLDS);
    free(why);
    /* (Of rows that all passed: b's max stands on the rows that passed, test_findings_unpassed.c.) */
    struct spec_finding rows = { .claim = "c", .check = "max(median_ms[variant=a]) > max(median_ms[variant=c])" };
    CHECK(judged(&rows, &why) == V_HOLDS);
    free(why);
    struct spec_finding one = { .claim = "c", .check = "gmean(median_ms[variant=b]) < 1.5" };
    CHECK(judged(&one, &why) == V_HOLDS);
    free(why);
}

/* Two sides that keep the rows at one end of a launch axis (expint's ORDERS=max) stand on the same
 * value of it, whatever they aggregate: b's row at N 4000 skipped, its N=max is 1000, a's 4000, and
 * b's time of a quarter of the work set against a's "holds" the 2x claimed. */
static void test_extremes_apart(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "t\ta\tdefault\t1000\t64\tok\t1.15\t1.149;1.1495;1.15;1.1505;1.151\n"
        "t\ta\tdefault\t4000\t64\tok\t4.6\t4.598;4.599;4.6;4.601;4.602\n"
        "t\tb\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tb\tdefault\t4000\t64\tskipped\t\t\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\", \"4000\"], \"local\": [\"64\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
    char *why = NULL;
    struct spec_finding cmp = { .claim = "c", .where = "N=max",
                                .compare = "min(median_ms[variant=a]) vs min(median_ms[variant=b])", .claimed = ">= 2" };
    CHECK(judged(&cmp, &why) == V_NODATA);
    CHECK(why && strstr(why, "stand on different points: N=max is 4000 in the first and 1000 in the second"));
    free(why);
    why = NULL;
    struct spec_finding check = { .claim = "c", .where = "N=max", .check = "median_ms[variant=a] >= 2 * median_ms[variant=b]" };
    CHECK(judged(&check, &why) == V_NODATA);
    CHECK(why && strstr(why, "N=max is 4000 in the first and 1000 in the second"));
    free(why);
    make_run();
}

/* measured: f judged v on the run, its measured column (a new string; NULL where none). */
static char *measured(const struct spec_finding *f, enum verdict v)
{
    struct finding_result fr;
    CHECK(run_judged(DIR_, f, &fr) == v);
    char *m = fr.measured ? xstrdup(fr.measured) : NULL;
    finding_result_free(&fr);
    return m;
}

/* said_times: how many times words occur in s. */
static int said_times(const char *s, const char *words)
{
    int n = 0;
    for (const char *at = strstr(s, words); at; at = strstr(at + 1, words)) n++;
    return n;
}

/* Two aggregates whose rows at one point both did not pass stand on the same points, the rest, and
 * are judged on them; each says which points it left out. Before, "gmean(median_ms[variant=a]) =
 * 1.15" read as a mean over the sweep where it was local 64's time alone. */
static void test_both_left_out(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "t\ta\tdefault\t1000\t64\tok\t1.15\t1.149;1.1495;1.15;1.1505;1.151\n"
        "t\ta\tdefault\t1000\t128\tFAIL\t4.6\t4.598;4.599;4.6;4.601;4.602\n"
        "t\ta\tdefault\t1000\t256\tok\t2.3\t2.299;2.2995;2.3;2.3005;2.301\n"
        "t\tb\tdefault\t1000\t64\tok\t1\t0.999;0.9995;1;1.0005;1.001\n"
        "t\tb\tdefault\t1000\t128\ttimeout\t\t\n"
        "t\tb\tdefault\t1000\t256\tok\t2\t1.999;1.9995;2;2.0005;2.001\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\", \"256\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
    const char *a_said = "gmean(median_ms[variant=a]) = 1.626 (over 2 of 3 points: local=128 did not pass)";
    struct spec_finding cmp = { .claim = "c", .compare = "gmean(median_ms[variant=a]) vs gmean(median_ms[variant=b])",
                                .claimed = "1.1..1.2" };
    struct spec_finding check = { .claim = "c", .check = "gmean(median_ms[variant=a]) <= 1.2 * gmean(median_ms[variant=b])" };
    struct spec_finding size = { .claim = "c", .size = "gmean(median_ms[variant=a]) / gmean(median_ms[variant=b])",
                                 .claimed = "1.1..1.2" };
    struct spec_finding sum = { .claim = "c", .check = "sum(median_ms[variant=a]) < 4" };
    /* A check's or a size's selectors that left out the same points say so once too, as a pair's
     * sides do (finding_picks_same_points, one rule). Before, each selector said "(over 2 of 3
     * points: local=128 did not pass)", the same words twice in one line. */
    const struct spec_finding *fs[] = { &check, &size };
    for (int i = 0; i < 2; i++) {
        char *m = measured(fs[i], V_HOLDS);
        int ok = m && strstr(m, "gmean(median_ms[variant=a]) = 1.626") && strstr(m, "gmean(median_ms[variant=b]) = 1.414") &&
                 !strstr(m, "(over 2 of 3") && strstr(m, " (each over 2 of 3 points: local=128 did not pass)") &&
                 said_times(m, "over 2 of 3 points") == 1;
        CHECK(ok);
        if (!ok) fprintf(stderr, "  measured: %s\n", m ? m : "(none)");
        free(m);
    }
    /* Where a third selector left out none, each that did says its own: "each" would take in one
     * that left none out. */
    struct spec_finding third = { .claim = "c", .check = "gmean(median_ms[variant=a]) <= 1.2 * gmean(median_ms[variant=b]) + "
                                                         "0 * median_ms[variant=a, local=64]" };
    char *m3 = measured(&third, V_HOLDS);
    CHECK(m3 && said_times(m3, "(over 2 of 3 points: local=128 did not pass)") == 2 && !strstr(m3, "each over"));
    if (!(m3 && said_times(m3, "(over 2 of 3 points") == 2)) fprintf(stderr, "  measured: %s\n", m3 ? m3 : "(none)");
    free(m3);
    /* A selector written twice is one selector: alone, it says its points as it did. */
    struct spec_finding twice = { .claim = "c", .check = "gmean(median_ms[variant=a]) <= 1.01 * gmean(median_ms[variant=a])" };
    char *m1 = measured(&twice, V_HOLDS);
    CHECK(m1 && strstr(m1, a_said) && !strstr(m1, "each over"));
    if (!(m1 && strstr(m1, a_said) && !strstr(m1, "each over"))) fprintf(stderr, "  measured: %s\n", m1 ? m1 : "(none)");
    free(m1);
    /* A pair whose sides left out the same points says so once, of both. Before, each side said
     * "(over 2 of 3 points: local=128 did not pass)", the same words twice in one line. */
    char *m = measured(&cmp, V_HOLDS);
    const char *both = "gmean(median_ms[variant=a]) = 1.626 against gmean(median_ms[variant=b]) = 1.414 (each over 2 of "
                       "3 points: local=128 did not pass): ratio";
    CHECK(m && strstr(m, both) && !strstr(m, "(over 2 of 3"));
    if (!(m && strstr(m, both) && !strstr(m, "(over 2 of 3"))) fprintf(stderr, "  measured: %s\n", m ? m : "(none)");
    free(m);
    m = measured(&sum, V_HOLDS);
    CHECK(m && strstr(m, "sum(median_ms[variant=a]) = 3.45 (over 2 of 3 points: local=128 did not pass)"));
    free(m);
    /* A pick whose rows all passed says nothing of points. */
    make_run();
    struct spec_finding all = { .claim = "c", .check = "gmean(median_ms[variant=a]) < 3" };
    m = measured(&all, V_HOLDS);
    CHECK(m && strstr(m, "gmean(median_ms[variant=a]) = ") && !strstr(m, "points"));
    free(m);
}

int main(void)
{
    make_run();
    RUN(test_every_kind_says_it);
    RUN(test_others_judged);
    RUN(test_extremes_apart);
    RUN(test_both_left_out);
    remove_tree(DIR_);
    CHECK_EXIT();
}
