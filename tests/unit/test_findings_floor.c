/* test_findings_floor.c — a compare finding whose ratio lies below 1 says its noise floor in the
 * ratio's terms where the two would read as contradicting each other: "17.3% lower ... SLOWER, by
 * 17.3% (noise floor 18%)" decided a difference that read as under its floor, a floor f holding
 * the ratios from 1 / (1 + f) to 1 + f (15.3% lower to 18% higher). A run made here: naive and
 * slow25, 25% slower (a rate 20% lower), and slow10, each with rounds 6% apart a step. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_floor"

static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\n"
        "t\tnaive\tdefault\t1000\t64\tok\t1\t100\t0.89;0.945;1;1.055;1.11\n"
        "t\tslow25\tdefault\t1000\t64\tok\t1.25\t80\t1.12;1.185;1.25;1.315;1.38\n"
        "t\tslow10\tdefault\t1000\t64\tok\t1.1\t90.91\t0.968;1.034;1.1;1.166;1.232\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
}

/* measured: what the report shows of the compare pair with claimed (caller frees). */
static char *measured(const char *pair, const char *claimed)
{
    struct spec_finding f = { .claim = "c", .compare = (char *)pair, .claimed = (char *)claimed };
    struct finding_result fr;
    if (run_judged(DIR_, &f, &fr) == V_COUNT) return xstrdup("");
    char *m = xstrdup(fr.measured ? fr.measured : fr.why);
    finding_result_free(&fr);
    return m;
}

/* 20% lower, past a floor between 20% and 25%: the floor's ratios are said, whose low end the
 * ratio lies below. */
static void test_lower_past_floor(void)
{
    char *m = measured("gbs[variant=slow25] vs gbs[variant=naive]", ">= 1.05");
    CHECK_CONTAINS(m, "ratio 0.8, 20% lower; verdict rule: variant=slow25 SLOWER than variant=naive, by 20% (noise floor ");
    CHECK_CONTAINS(m, ", ratios 0.");
    CHECK_CONTAINS(m, " within it)");
    /* The floor's percentage is at least the 20% shown: the words it needs. */
    const char *at = strstr(m, "(noise floor ");
    CHECK(at && atof(at + strlen("(noise floor ")) >= 20);
    free(m);
    /* The same pair in time (25% higher, past the floor) and a ratio within the floor need none. */
    m = measured("median_ms[variant=slow25] vs median_ms[variant=naive]", "> 1");
    CHECK(strstr(m, "within it") == NULL);
    free(m);
    m = measured("gbs[variant=slow10] vs gbs[variant=naive]", "> 1");
    CHECK_CONTAINS(m, "UNSURE");
    CHECK(strstr(m, "within it") == NULL);
    free(m);
}

int main(void)
{
    make_run();
    RUN(test_lower_past_floor);
    remove_tree(DIR_);
    CHECK_EXIT();
}
