/* test_findings_spread.c — a finding over a spread of a row's trials (cv, stddev_ms, iqr_ms, spread,
 * time_se) is judged within that spread's sampling error, not as an exact number: vecsum's "Small
 * sizes have much larger variance" (a ratio of cvs over 5 trials each, claimed >= 2) read "holds,
 * 2.221" in one run and "holds in direction, not in size, 1.599" in an identical one. A cv from n
 * trials is uncertain by about 1 / sqrt(2 (n - 1)) of itself (35% at n = 5). A run made here: two
 * sizes, their cvs 2.25x apart, over 5 trials and over a million. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_spread"

static void make_run(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tlocal\tstatus\ttrials\tmedian_ms\tstddev_ms\tcv\tregs\n"
        "t\tfew\tdefault\t10\t64\tok\t5\t1\t0.0225\t0.0225\t20\n"
        "t\tfew\tdefault\t200\t64\tok\t5\t1\t0.01\t0.01\t8\n"
        "t\tmany\tdefault\t10\t64\tok\t1000000\t1\t0.0225\t0.0225\t20\n"
        "t\tmany\tdefault\t200\t64\tok\t1000000\t1\t0.01\t0.01\t8\n";
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"10\", \"200\"], \"local\": [\"64\"] } } }";
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
}

/* judged: the verdict of a size (claimed, direction) or, where claimed is NULL, a check, on the rows
 * of variant; what the report shows into *shown (caller frees). */
static enum verdict judged(const char *variant, const char *expr, const char *claimed, char **shown)
{
    char *where = xasprintf("variant=%s", variant);
    struct spec_finding f = { .claim = "c", .where = where };
    if (claimed) { f.size = (char *)expr; f.claimed = (char *)claimed; f.direction = "> 1"; }
    else f.check = (char *)expr;
    struct finding_result fr;
    enum verdict v = run_judged(DIR_, &f, &fr);
    *shown = xstrdup(fr.measured ? fr.measured : fr.why ? fr.why : "");
    if (v != V_COUNT) finding_result_free(&fr);
    free(where);
    return v;
}

/* A ratio of cvs over 5 trials each, 2.25 against a claimed 2: chance moves each cv by more than
 * that margin, so it cannot be decided; over a million trials each it holds. */
static void test_cv_ratio(void)
{
    char *m;
    CHECK(judged("few", "cv[N=10] / cv[N=200]", ">= 2", &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "sampling error");
    CHECK_CONTAINS(m, "a lower bound");
    free(m);
    CHECK(judged("few", "stddev_ms[N=10] > 2 * stddev_ms[N=200]", NULL, &m) == V_UNDECIDED);
    free(m);
    CHECK(judged("many", "cv[N=10] / cv[N=200]", ">= 2", &m) == V_HOLDS);
    CHECK_CONTAINS(m, "the same verdict anywhere within");
    free(m);
    /* Far past its sampling error (a factor of about 2.5 each way at 5 trials), a check holds. */
    CHECK(judged("few", "cv[N=10] > 0.001", NULL, &m) == V_HOLDS);
    CHECK_CONTAINS(m, "the same verdict anywhere within the noise floor (");
    free(m);
}

/* An exact column beside them (regs) is judged as before: exact. */
static void test_exact_unchanged(void)
{
    char *m;
    CHECK(judged("few", "regs[N=10] / regs[N=200]", ">= 2", &m) == V_HOLDS);
    CHECK(strstr(m, "sampling error") == NULL);
    free(m);
}

int main(void)
{
    make_run();
    RUN(test_cv_ratio);
    RUN(test_exact_unchanged);
    remove_tree(DIR_);
    CHECK_EXIT();
}
