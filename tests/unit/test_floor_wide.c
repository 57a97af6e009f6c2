/* test_floor_wide.c — a noise floor from rounds that scatter by more than their own size is said
 * as past telling, not as a number: shortcutting --quick on Intel's CPU runtime, rounds of 0.03 ms
 * beside one of 6 ms, printed "noise floor 4477172616281802%" (the rule's z x the standard error,
 * some 13 there, as e to the power of it). The verdict stays UNSURE; only the words change, and
 * every place a floor is said (findings, compare's line, a configuration's floor) says it alike. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/compare_noise.h"
#include "report/findings.h"
#include "report/floor_said.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_floor_wide"

/* steady: rounds 1% apart; wild: one round 200x the others, as the run that printed the number. */
static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\n"
        "t\tsteady\tdefault\t1000\t64\tok\t0.03\t100\t0.0297;0.0299;0.03;0.0301;0.0303\n"
        "t\twild\tdefault\t1000\t64\tok\t0.031\t96.77\t0.029;0.03;0.031;0.032;6\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
}

/* measured: what the report shows of finding f (caller frees); its verdict in *v. */
static char *measured(struct spec_finding *f, enum verdict *v)
{
    struct finding_result fr;
    *v = run_judged(DIR_, f, &fr);
    if (*v == V_COUNT) return xstrdup("");
    char *m = xstrdup(fr.measured ? fr.measured : fr.why ? fr.why : "");
    finding_result_free(&fr);
    return m;
}

/* digits_run: the longest run of digits in s: a floor said as a number of 6 digits or more is the
 * nonsense this test is about. */
static int digits_run(const char *s)
{
    int most = 0, run = 0;
    for (; *s; s++) {
        run = *s >= '0' && *s <= '9' ? run + 1 : 0;
        if (run > most) most = run;
    }
    return most;
}

static void test_finding_compare(void)
{
    struct spec_finding f = { .claim = "c", .compare = "median_ms[variant=wild] vs median_ms[variant=steady]",
                              .claimed = ">= 1.01" };
    enum verdict v;
    char *m = measured(&f, &v);
    CHECK_CONTAINS(m, "verdict rule: UNSURE which of variant=wild and variant=steady is faster (noise floor beyond a "
                      "factor of 10000 (noise larger than the times themselves: no floor to speak of)");
    CHECK(digits_run(m) < 6);
    CHECK(v == V_UNDECIDED);
    free(m);
}

/* A check on both values: their floors said as a span, the wide one past telling. */
static void test_finding_check(void)
{
    struct spec_finding f = { .claim = "c", .check = "median_ms[variant=wild] > median_ms[variant=steady]" };
    enum verdict v;
    char *m = measured(&f, &v);
    CHECK_CONTAINS(m, "within the noise floors (");
    CHECK_CONTAINS(m, "% to beyond a factor of 10000) of its 2 timed values");
    CHECK(digits_run(m) < 6);
    free(m);
}

/* compare's own words: a configuration's floor and the median's line. */
static void test_compare_said(void)
{
    char b[160];
    compare_floor_said(b, sizeof b, 2.1e13);
    CHECK_CONTAINS(b, "beyond a factor of 10000");
    CHECK(digits_run(b) < 6);
    CHECK(!strcmp(compare_floor_said(b, sizeof b, 4021.5), "a factor of 4022"));     /* under the cap: as before */
    struct noise_said n = { .label = "B", .floor = 2.1e13, .run_noise = 1.0, .min_effect = 0.01, .unsure = 1,
                            .ncommon = 1, .runs = 1, .rounds = 5, .same_floor = 0.05, .move = { .median = 1 } };
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    compare_noise_line(out, &n);
    fclose(out);
    CHECK_CONTAINS(buf, "B vs A: in the median configuration noise alone moves times by more than 10000x");
    CHECK(digits_run(buf) < 6);
    free(buf);
}

/* The one rule's forms: a percentage (fmt_pct_near's digits beside a threshold), a factor, past
 * telling; a span of floors. */
static void test_floor_said(void)
{
    char b[FLOOR_SAID_SIZE];
    CHECK(!strcmp(floor_said(b, sizeof b, 0.031, 0), "3.1%"));
    CHECK(!strcmp(floor_said(b, sizeof b, 0.0104, 0.01), "1.04%"));
    CHECK(!strcmp(floor_said(b, sizeof b, 22.8, 0), "a factor of 23.8"));
    CHECK(!strcmp(floor_said(b, sizeof b, 9998, 0), "a factor of 9999"));
    CHECK(!strcmp(floor_said_bare(b, sizeof b, 9999), "beyond a factor of 10000"));
    CHECK(!strcmp(floor_said(b, sizeof b, INFINITY, 0), "none"));
    CHECK(!strcmp(floor_span_said(b, sizeof b, 0.021, 0.41), "2.1-41%"));
    CHECK(!strcmp(floor_span_said(b, sizeof b, 0.23, 10.9), "23% to a factor of 11.9"));
    CHECK(!strcmp(floor_span_said(b, sizeof b, 0.23, 1e13), "23% to beyond a factor of 10000"));
}

int main(void)
{
    make_run();
    RUN(test_finding_compare);
    RUN(test_finding_check);
    RUN(test_compare_said);
    RUN(test_floor_said);
    remove_tree(DIR_);
    CHECK_EXIT();
}
