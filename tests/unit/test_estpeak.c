/* test_estpeak.c — a finding on a share of a CPU's FP32 peak that is an upper-bound estimate whose
 * derivation states its own lower figure (run.json peak.fp32_low_gflops: a Zen 5 that may run
 * AVX-512 as two 256-bit halves, half the estimate): the true peak lies from that figure (or the
 * best row, the higher) up to the estimate, so a claim that fails even there does not hold, one
 * that holds all the way holds, and one between cannot be checked; without a lower figure, as
 * before (finding report 6: 5.3% of the peak "cannot be checked" on PoCL, "does not hold" on rusticl). */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include "store/rundir.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_estpeak"

/* make_run: a CPU's FP32 peak of 512 GFLOP/s, an estimate (kind) whose lower figure is low (0: run.json
 * says none); rows fma at 5.28% of it (the best), ilp4 at 3%; five rounds 0.05% apart a step. */
static void make_run(const char *kind, double low)
{
    const char *t = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgflops\tpct_fp32_peak\tround_ms\n"
                    "t\tfma\tdefault\t1000\t64\tok\t1\t27.03\t5.28\t0.999;0.9995;1;1.0005;1.001\n"
                    "t\tilp4\tdefault\t1000\t64\tok\t1\t15.36\t3\t0.999;0.9995;1;1.0005;1.001\n";
    char *l = low > 0 ? xasprintf(", \"fp32_low_gflops\": %g", low) : xstrdup("");
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test CPU\" }, \"peak\": { \"fp32_gflops\": "
                           "512, \"fp32_source\": \"CPU, an upper-bound estimate, from this host\", \"fp32_kind\": \"%s\"%s }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }", kind, l);
    write_run(DIR_, t, strlen(t), json);
    free(l);
    free(json);
}

/* judged: f's verdict on the run, *measured (when not NULL) what the report shows (its why where it
 * cannot be checked). */
static enum verdict judged(const struct spec_finding *f, char **measured)
{
    struct finding_result fr;
    enum verdict v = run_judged(DIR_, f, &fr);
    if (v == V_COUNT) return v;
    if (measured) *measured = xstrdup(v == V_NODATA ? fr.why : fr.measured);
    finding_result_free(&fr);
    return v;
}

#define LOW_WORDS "the lower figure its derivation gives (run.json peak.fp32_low_gflops: 256 GFLOP/s, 50% of it), " \
                  "above the best rate a row of this run reached against it (5.3% of it), up to it"

/* The three outcomes against a lower figure of half the estimate: 5.28% of the estimate is at most
 * 10.56% of the true peak. */
static void test_low_figure(void)
{
    make_run("estimate", 256);
    struct spec_finding f = { .claim = "c", .size = "pct_fp32_peak[variant=fma]", .claimed = ">= 90" };
    char *m = NULL;
    /* Fails even against the lower figure: does not hold, saying against which figure. */
    CHECK(judged(&f, &m) == V_FAILS);
    CHECK_CONTAINS(m, "pct_fp32_peak[variant=fma] = 5.28 is a share of the fp32 peak, an upper-bound estimate (run.json "
                      "peak.fp32_kind): the same verdict with the device's true peak anywhere from " LOW_WORDS);
    free(m);
    struct spec_finding k = { .claim = "c", .check = "pct_fp32_peak[variant=fma] >= 90" };
    CHECK(judged(&k, NULL) == V_FAILS);
    k.check = "gflops[variant=fma] >= 0.9 * PEAK_GFLOPS";       /* the peak itself, from 256 to 512 */
    CHECK(judged(&k, &m) == V_FAILS);
    CHECK_CONTAINS(m, "PEAK_GFLOPS = 512 is the fp32 peak, an upper-bound estimate (run.json peak.fp32_kind): the same "
                      "verdict with the device's true peak anywhere from the lower figure");
    free(m);
    /* Holds all the way from the lower figure up to the estimate: holds. */
    f.claimed = "<= 20";
    CHECK(judged(&f, &m) == V_HOLDS);
    CHECK_CONTAINS(m, "the same verdict with the device's true peak anywhere from " LOW_WORDS);
    free(m);
    /* Fails against the estimate (5.28%), holds against the lower figure (10.56%): cannot be checked,
     * as before. */
    f.claimed = ">= 8";
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK_CONTAINS(m, "the device's true peak may lie anywhere from " LOW_WORDS ", and the verdict differs within that");
    free(m);
    f.size = "pct_fp32_peak[variant=ilp4]";                      /* 3% of it: 3-6% of the true peak */
    f.claimed = "< 4";
    CHECK(judged(&f, NULL) == V_NODATA);
    f.claimed = "< 10";
    CHECK(judged(&f, NULL) == V_HOLDS);
}

/* Without a lower figure (a CPU no row of clx's table knows, or a run of an older clx), or one a row
 * passed (the best rate bounds the true peak then), today's rule: from the best row up to it. A lower
 * figure under a peak that is no estimate is not read. */
static void test_no_low_figure(void)
{
    struct spec_finding f = { .claim = "c", .size = "pct_fp32_peak[variant=fma]", .claimed = ">= 90" };
    char *m = NULL;
    make_run("estimate", 0);
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK_CONTAINS(m, "the device's true peak may lie anywhere from the best rate a row of this run reached against it "
                      "(5.3% of it) up to it, and the verdict differs within that");
    CHECK(!strstr(m, "low_gflops"));
    free(m);
    make_run("estimate", 20);                                    /* below the best row's 27 GFLOP/s */
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK(!strstr(m, "low_gflops"));
    free(m);
    make_run("theoretical", 256);
    CHECK(judged(&f, &m) == V_FAILS);
    CHECK(!strstr(m, "estimate"));
    free(m);
    struct rundir r;
    CHECK(rundir_open(DIR_, &r, NULL) == 0);
    CHECK(isnan(runjson_peak_low(&r.rj, "fp32")));
    rundir_free(&r);
    make_run("estimate", 256);
    CHECK(rundir_open(DIR_, &r, NULL) == 0);
    CHECK(runjson_peak_low(&r.rj, "fp32") == 256 && isnan(runjson_peak_low(&r.rj, "fp64")));
    rundir_free(&r);
}

int main(void)
{
    RUN(test_low_figure);
    RUN(test_no_low_figure);
    CHECK_EXIT();
}
