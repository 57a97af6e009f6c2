/* test_findings.c — findings with a stated size on a run made here: rows that miss the size (its
 * direction holds), rows nowhere near it (which do not hold), rows within it, rows against it, and a difference within the rounds' noise
 * floor, which is not "slower"; the size form, labelled checks, checks and sizes whose timed values
 * lie within their noise, rows a stop cut short, parts combined, claimed ranges, the best row of
 * a share of the peak as results.tsv writes it, a share of a peak that is only an upper-bound
 * estimate (a CPU's), a deviation from the row average within its rows' noise, and the spec reader's
 * refusals of the new settings ("label:LINE: what"); what findings.tsv is written from
 * (test_trace); and why the rule said UNSURE where its floor did not (test_unsure_why). */
#include "check.h"
#include "findspec.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/finding_elsewhere.h"
#include "report/finding_pick.h"
#include "report/finding_size.h"
#include "report/finding_rows.h"
#include "report/findings.h"
#include "run/run_impl.h"
#include "spec/finding_form.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings"
#define CUT_DIR "tests/tmp/test_findings_cut"
#define PCT_DIR "tests/tmp/test_findings_pct"
#define EST_DIR "tests/tmp/test_findings_estimate"
#define DEV_DIR "tests/tmp/test_findings_deviation"
#define MC_DIR "tests/tmp/test_findings_memcopy"
#define FAR_DIR "tests/tmp/test_findings_far"
#define FEW_DIR "tests/tmp/test_findings_few"

/* run.json of the runs made here: experiment t on a test device, one launch point. */
#define ONE_POINT_JSON "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, " \
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }"

/* Rows of one launch point: each variant's median time and five round medians around it (spread:
 * their relative step), GB/s as 100 / time, the same registers for all. */
static const struct { const char *variant; double ms, spread; } rows[] = {
    {"naive", 1.00, 0.0005}, {"slow30", 1.30, 0.0005}, {"slow2", 1.02, 0.0005},
    {"fast5", 0.95, 0.0005}, {"noisy2", 1.02, 0.05},
    {"once25", 1.25, -1}, {"once28", 1.28, -1},       /* one round each (a search's rows dropped after one) */
};

static void make_run(void)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tregs\tround_ms\n");
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        double m = rows[i].ms, s = rows[i].spread;
        if (s < 0) sb_printf(&t, "t\t%s\tdefault\t1000\t64\tok\t%g\t%g\t8\t%g\n", rows[i].variant, m, 100 / m, m);
        else sb_printf(&t, "t\t%s\tdefault\t1000\t64\tok\t%g\t%g\t8\t%g;%g;%g;%g;%g\n", rows[i].variant, m, 100 / m,
                       m * (1 - 2 * s), m * (1 - s), m, m * (1 + s), m * (1 + 2 * s));
    }
    const char *json = ONE_POINT_JSON;
    write_run(DIR_, t.s, t.len, json);
    sb_free(&t);
}

/* make_cut_run_as: a run stopped mid-rounds: naive whole, cut30 (30% slower) kept by the stop with
 * three of its rounds (flag rounds-cut), of status status ("cut"; "ok" in a folder an older clx
 * wrote, which must read the same); make_cut_run: as clx writes it now. */
static void make_cut_run_as(const char *status)
{
    char *tsv = xasprintf("experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tregs\tflag\tround_ms\n"
                          "t\tnaive\tdefault\t1000\t64\tok\t1\t100\t8\t\t0.999;0.9995;1;1.0005;1.001\n"
                          "t\tcut30\tdefault\t1000\t64\t%s\t1.3\t76.92\t8\trounds-cut\t1.2995;1.3;1.3005\n", status);
    const char *json = ONE_POINT_JSON;
    CHECK(mkdir_p(CUT_DIR) == 0);
    CHECK(write_file_atomic(CUT_DIR "/results.tsv", tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(CUT_DIR "/run.json", json, strlen(json)) == 0);
    free(tsv);
}

static void make_cut_run(void) { make_cut_run_as("cut"); }

/* judged_in: f's verdict on the run in dir, *measured (when not NULL) what the report shows
 * (caller frees); judged: on the run make_run made. */
static enum verdict judged_in(const char *dir, const struct spec_finding *f, char **measured)
{
    struct finding_result fr;
    enum verdict v = run_judged(dir, f, &fr);
    if (v == V_COUNT) return v;
    if (measured) *measured = xstrdup(v == V_NODATA ? fr.why : fr.measured);
    finding_result_free(&fr);
    return v;
}

static enum verdict judged(const struct spec_finding *f, char **measured) { return judged_in(DIR_, f, measured); }

/* compare: a finding "A vs B" with claimed; its verdict, and what it shows in *measured; compare_in:
 * its verdict on the run in dir. */
static enum verdict compare(const char *pair, const char *claimed, char **measured)
{
    struct spec_finding f = { .claim = "c", .compare = (char *)pair, .claimed = (char *)claimed };
    return judged(&f, measured);
}

static enum verdict compare_in(const char *dir, const char *pair, const char *claimed)
{
    struct spec_finding f = { .claim = "c", .compare = (char *)pair, .claimed = (char *)claimed };
    return judged_in(dir, &f, NULL);
}

static void test_size_missed(void)
{
    /* "1-3% slower": 30% slower, beyond a noise floor of a fraction of a percent. */
    char *m = NULL;
    CHECK(compare("gbs[variant=slow30] vs gbs[variant=naive]", "0.97..0.99", &m) == V_SIZE);
    CHECK_CONTAINS(m, "gbs[variant=slow30] = 76.92 against gbs[variant=naive] = 100: ratio 0.7692, 23.1% lower");
    /* The rule's verdict names the sides, in speed terms, and by how much: a bare "SLOWER" under a
     * claim left the reader to work out which side it meant. */
    /* One amount for one pair: the ratio's 23.1% lower, not its inverse's 30% beside it. */
    CHECK_CONTAINS(m, "verdict rule: variant=slow30 SLOWER than variant=naive, by 23.1% (noise floor");
    CHECK_CONTAINS(m, "claimed 0.97..0.99, 1% to 3% lower");
    free(m);
    /* The same claim in time: 1.01..1.03 times naive's. */
    CHECK(compare("median_ms[variant=slow30] vs median_ms[variant=naive]", "1.01..1.03", &m) == V_SIZE);
    CHECK_CONTAINS(m, "ratio 1.3, 30% higher; verdict rule: variant=slow30 SLOWER than variant=naive, by 30% (");
    free(m);
    /* The other way round: the faster side named first. */
    CHECK(compare("median_ms[variant=naive] vs median_ms[variant=slow30]", "< 1", &m) == V_HOLDS);
    CHECK_CONTAINS(m, "ratio 0.7692, 23.1% lower; verdict rule: variant=naive FASTER than variant=slow30, by 23.1% (");
    free(m);
    CHECK_STR(verdict_text(V_SIZE), "holds in direction, not in size");
}

/* Nowhere near the size claimed (docs/spec.md "Verdicts"): 99.9x slower against "1-3% slower" is
 * no "holds in direction, not in size" (a 60x overhead was said to hold in direction); 5% slower is. */
static void test_size_nowhere(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\n"
                      "t\tnaive\tdefault\t1000\t64\tok\t1\t100\t0.999;0.9995;1;1.0005;1.001\n"
                      "t\tslow5\tdefault\t1000\t64\tok\t1.05\t95.24\t1.049;1.0495;1.05;1.0505;1.051\n"
                      "t\tslow100\tdefault\t1000\t64\tok\t99.9\t1.001\t99.8;99.85;99.9;99.95;100\n";
    const char *json = ONE_POINT_JSON;
    CHECK(mkdir_p(FAR_DIR) == 0);
    CHECK(write_file_atomic(FAR_DIR "/results.tsv", tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(FAR_DIR "/run.json", json, strlen(json)) == 0);
    struct spec_finding f = { .claim = "c", .compare = "gbs[variant=slow100] vs gbs[variant=naive]", .claimed = "0.97..0.99" };
    char *m = NULL;
    CHECK(judged_in(FAR_DIR, &f, &m) == V_FAILS);
    CHECK_CONTAINS(m, "ratio 0.01001, 99.9x lower; verdict rule: variant=slow100 SLOWER than variant=naive, by 99.9x");
    CHECK_CONTAINS(m, "; 99.9x lower, nowhere near the claimed 1% to 3% lower (over 10 times the claimed size on a log scale, "
                      "and over 2x past it)");
    free(m);
    f.compare = "gbs[variant=slow5] vs gbs[variant=naive]";
    CHECK(judged_in(FAR_DIR, &f, &m) == V_SIZE);
    CHECK(strstr(m, "nowhere") == NULL);
    free(m);
    /* The size form alike, of a ratio (its direction's pivot 1). */
    struct spec_finding z = { .claim = "c", .size = "median_ms[variant=slow100] / median_ms[variant=naive]",
                              .claimed = "1.01..1.03", .direction = "> 1" };
    CHECK(judged_in(FAR_DIR, &z, &m) == V_FAILS);
    CHECK_CONTAINS(m, "; 99.9x higher, nowhere near the claimed 1% to 3% higher (over 10 times");
    free(m);
    z.size = "median_ms[variant=slow5] / median_ms[variant=naive]";
    CHECK(judged_in(FAR_DIR, &z, NULL) == V_SIZE);
    /* The rule on its own: a tenfold effect and a twofold gap, both. */
    struct claim_range r;
    char *err = NULL;
    CHECK(claim_range_parse("0.97..0.99", &r, &err) == 0);
    CHECK(finding_judge(&r, -1, 1, 0.95, 0.96, -1) == V_SIZE);          /* 5% slower */
    CHECK(finding_judge(&r, -1, 1, 0.5, 0.51, -1) == V_SIZE);           /* 2x slower: 1.94x past 0.97 */
    CHECK(finding_judge(&r, -1, 1, 0.44, 0.45, -1) == V_FAILS);         /* 2.2x past it */
    CHECK(finding_judge(&r, -1, 1, 0.3, 0.6, -1) == V_SIZE);            /* some of the noise's ratios near */
    CHECK(claim_range_parse("1.001..1.002", &r, &err) == 0);
    CHECK(finding_judge(&r, 1, 1, 1.05, 1.05, 1) == V_SIZE);            /* 25 times 0.2%, but 5% is no gap */
    CHECK(claim_range_parse(">= 10", &r, &err) == 0);
    CHECK(finding_judge(&r, 1, 1, 4, 4, 1) == V_SIZE);                  /* short of at least 10x: near */
    CHECK(finding_judge(&r, 1, 1, 1.2, 1.2, 1) == V_FAILS);             /* under a tenth of it */
    m = finding_nowhere_words(&r, 1, 1, 1.2);
    CHECK_STR(m, "20% higher, nowhere near the claimed at least 10x higher (under 1/10 of the claimed size on a log scale, "
                 "and over 2x short of it)");
    free(m);
    CHECK(claim_range_parse(">= 2", &r, &err) == 0);
    CHECK(finding_judge(&r, 1, 1, 1.02, 1.02, 1) == V_SIZE);            /* 1.96x short of 2 */
    CHECK(claim_range_parse("<= -0.05", &r, &err) == 0);
    CHECK(!finding_nowhere(&r, -1, 0, -0.9));                           /* no ratio about 0 */
}

static void test_size_within(void)
{
    char *m = NULL;
    CHECK(compare("gbs[variant=slow2] vs gbs[variant=naive]", "0.97..0.99", &m) == V_HOLDS);
    free(m);
    /* Direction alone. */
    CHECK(compare("median_ms[variant=slow2] vs median_ms[variant=naive]", "> 1", NULL) == V_HOLDS);
    /* Sameness: within 5% either way. */
    CHECK(compare("median_ms[variant=slow2] vs median_ms[variant=naive]", "0.95..1.05", NULL) == V_HOLDS);
    /* Slower, but not 2x: the direction holds, the size does not. */
    CHECK(compare("median_ms[variant=slow2] vs median_ms[variant=naive]", ">= 2", NULL) == V_SIZE);
    CHECK(compare("max(gbs[variant=naive|slow2]) vs min(gbs[variant=naive|slow2])", "<= 1.03", &m) == V_HOLDS);
    CHECK_CONTAINS(m, "max(gbs[variant=naive|slow2]) = 100 (variant=naive) against min(gbs[variant=naive|slow2]) = 98.04 (variant=slow2)");
    free(m);
}

static void test_size_against(void)
{
    /* Claimed slower, measured 5% faster beyond the noise. */
    CHECK(compare("gbs[variant=fast5] vs gbs[variant=naive]", "0.97..0.99", NULL) == V_FAILS);
    CHECK(compare("median_ms[variant=fast5] vs median_ms[variant=naive]", "> 1", NULL) == V_FAILS);
    /* Claimed within 3%, measured 30% apart. */
    CHECK(compare("max(gbs[]) vs min(gbs[])", "<= 1.03", NULL) == V_FAILS);
    /* Claimed 2x faster, the rows 2% apart the other way. */
    CHECK(compare("median_ms[variant=slow2] vs median_ms[variant=naive]", "<= 0.5", NULL) == V_FAILS);
}

static void test_within_noise_floor(void)
{
    /* 2% slower, but its rounds scatter by 5% a step: the floor is far above 2%, and "slower"
     * cannot be said, in size or direction. */
    char *m = NULL;
    CHECK(compare("median_ms[variant=noisy2] vs median_ms[variant=naive]", "> 1", &m) == V_UNDECIDED);
    CHECK(strstr(m, "SLOWER") == NULL);
    CHECK_CONTAINS(m, "ratio 1.02, 2% higher; verdict rule: UNSURE which of variant=noisy2 and variant=naive is faster (noise floor ");
    free(m);
    CHECK(compare("gbs[variant=noisy2] vs gbs[variant=naive]", "0.97..0.99", NULL) == V_UNDECIDED);
    /* Still not a 2x difference: the floor does not reach that far. */
    CHECK(compare("median_ms[variant=noisy2] vs median_ms[variant=naive]", ">= 2", &m) == V_FAILS);
    /* ... which the line says beside the rule's UNSURE, whose side it leaves open. */
    CHECK_CONTAINS(m, "; whichever is faster, every ratio the noise floor allows (");
    CHECK_CONTAINS(m, ") lies outside claimed >= 2");
    free(m);
    CHECK_STR(verdict_text(V_UNDECIDED), "cannot be decided here");
}

/* A row of one round against one of five: the one borrows the five's scatter (never under half of
 * min_effect: a floor of 1.3%), and 25% slower is decided; one round against one has no floor. */
static void test_one_round(void)
{
    char *m = NULL;
    CHECK(compare("median_ms[variant=once25] vs median_ms[variant=naive]", "> 1", &m) == V_HOLDS);
    CHECK_CONTAINS(m, "verdict rule: variant=once25 SLOWER than variant=naive, by 25% (noise floor 1.3%: one replicate against 5, whose scatter it takes)");
    free(m);
    CHECK(compare("median_ms[variant=once28] vs median_ms[variant=once25]", "> 1", &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "verdict rule: UNSURE which of variant=once28 and variant=once25 is faster (no noise floor: one replicate a side)");
    free(m);
}

/* An UNSURE the noise floor did not make says what did: two rounds a side (a stop's rows) can give
 * no p under 0.01 whatever they show (2x apart, a floor of a few %: it read as the noise's doing);
 * five against five whose one round overlaps the other side's are past the floor but not apart. */
static void test_unsure_why(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tregs\tround_ms\n"
                      "t\ttwo1\tdefault\t1000\t64\tok\t1\t100\t8\t0.99;1.01\n"
                      "t\ttwo2\tdefault\t1000\t64\tok\t2\t50\t8\t1.98;2.02\n"
                      "t\tfive1\tdefault\t1000\t64\tok\t1\t100\t8\t1;1;1;1;1.005\n"
                      "t\tfive3\tdefault\t1000\t64\tok\t1.03\t97.09\t8\t1.03;1.03;1.03;1.03;1.004\n";
    const char *json = ONE_POINT_JSON;
    write_run(FEW_DIR, tsv, strlen(tsv), json);
    struct spec_finding f = { .claim = "c", .compare = "median_ms[variant=two2] vs median_ms[variant=two1]", .claimed = ">= 1.5" };
    char *m = NULL;
    CHECK(judged_in(FEW_DIR, &f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "verdict rule: UNSURE which of variant=two2 and variant=two1 is faster (noise floor ");
    CHECK_CONTAINS(m, ": the difference is past it, but 2 rounds against 2 are too few for the rank test to reach "
                      "p < 0.01 whatever they show (the least p they can give: 0.3333); more rounds decide it)");
    free(m);
    f.compare = "median_ms[variant=five3] vs median_ms[variant=five1]";
    f.claimed = "> 1";
    CHECK(judged_in(FEW_DIR, &f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, ": the difference is past it, but the rank test did not tell the 5 rounds from the 5 apart (p = ");
    CHECK_CONTAINS(m, ", not under 0.01); more rounds decide it)");
    free(m);
    /* Within the floor, the words stay as they were (test_within_noise_floor). */
    f.compare = "median_ms[variant=noisy2] vs median_ms[variant=naive]";
    CHECK(judged(&f, &m) == V_UNDECIDED);
    CHECK(strstr(m, "the difference is past it") == NULL);
    free(m);
}

static void test_size_form(void)
{
    struct spec_finding f = { .claim = "c", .size = "median_ms[variant=slow30] / median_ms[variant=naive]",
                              .claimed = "1.01..1.03", .direction = "> 1" };
    char *m = NULL;
    CHECK(judged(&f, &m) == V_SIZE);
    CHECK_CONTAINS(m, "median_ms[variant=slow30] / median_ms[variant=naive] = 1.3; claimed 1.01..1.03, direction > 1");
    free(m);
    f.claimed = "1.2..1.4";
    CHECK(judged(&f, NULL) == V_HOLDS);
    f.claimed = "0.5..0.9";
    f.direction = "< 1";
    CHECK(judged(&f, NULL) == V_FAILS);
    /* No direction: in the range or not. */
    f.claimed = "1.01..1.03";
    f.direction = NULL;
    CHECK(judged(&f, NULL) == V_FAILS);
    /* A lone selector is shown once. */
    f.size = "max(gbs[])";
    f.claimed = ">= 90";
    CHECK(judged(&f, &m) == V_HOLDS);
    CHECK_STR(m, "max(gbs[]) = 105.3 (variant=fast5); claimed >= 90; the same verdict anywhere within the noise floor "
                 "(0.12%) of its 1 timed value");
    free(m);
    /* A size of exact values says nothing of noise. */
    f.size = "regs[variant=naive]";
    f.claimed = ">= 8";
    CHECK(judged(&f, &m) == V_HOLDS);
    CHECK_STR(m, "regs[variant=naive] = 8; claimed >= 8");
    free(m);
}

/* A check or a size whose timed values lie within their noise floors is not decided by its point
 * values: noisy2 is 2% slower than naive, its rounds 5% apart a step. */
static void test_check_within_noise(void)
{
    struct spec_finding f = { .claim = "c", .check = "median_ms[variant=noisy2] > median_ms[variant=naive]" };
    char *m = NULL;
    CHECK(judged(&f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "median_ms[variant=noisy2] = 1.02, asked > median_ms[variant=naive] = 1; another verdict somewhere "
                      "within the noise floors (");
    CHECK_CONTAINS(m, ") of its 2 timed values");
    free(m);
    /* False at the point values, true within the noise: not "does not hold" either. */
    f.check = "median_ms[variant=noisy2] < median_ms[variant=naive]";
    CHECK(judged(&f, NULL) == V_UNDECIDED);
    /* Far beyond the floor: decided as before. */
    f.check = "median_ms[variant=noisy2] > 2 * median_ms[variant=naive]";
    CHECK(judged(&f, NULL) == V_FAILS);
    f.check = "median_ms[variant=slow2] > median_ms[variant=naive]";
    CHECK(judged(&f, NULL) == V_HOLDS);
    /* A ratio of ratios (optflags' "fma loses the most"): each of its values varied alone. */
    f.check = "median_ms[variant=slow30] / median_ms[variant=naive] > median_ms[variant=slow2] / median_ms[variant=fast5]";
    CHECK(judged(&f, NULL) == V_HOLDS);
    f.check = "median_ms[variant=noisy2] / median_ms[variant=naive] > median_ms[variant=slow2] / median_ms[variant=naive] * 0.99";
    CHECK(judged(&f, NULL) == V_UNDECIDED);
    /* One row picked twice (a plain selector and a max) is one value: its noise moves both. */
    f.check = "median_ms[variant=slow30] >= max(median_ms[variant=naive|slow2|slow30])";
    CHECK(judged(&f, NULL) == V_HOLDS);
    /* A value of one replicate has no floor: the rule cannot judge it. */
    f.check = "median_ms[variant=once25] > median_ms[variant=naive]";
    CHECK(judged(&f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "no noise floor for median_ms[variant=once25] (one replicate): the verdict rule cannot judge it");
    free(m);
    /* A size within the claimed range at its point value, out of it within the noise. */
    struct spec_finding z = { .claim = "c", .size = "median_ms[variant=noisy2] / median_ms[variant=naive]",
                              .claimed = "1.01..1.03", .direction = "> 1" };
    CHECK(judged(&z, NULL) == V_UNDECIDED);
    z.size = "median_ms[variant=slow2] / median_ms[variant=naive]";
    CHECK(judged(&z, NULL) == V_HOLDS);
}

/* Rows a stop cut short (rounds-cut) decide no timed part of a finding; their exact values do. Of
 * status cut, or ok in a folder of an older clx: the flag says it in both. */
static void rows_cut_as(const char *status)
{
    make_cut_run_as(status);
    struct spec_finding f = { .claim = "c", .check = "median_ms[variant=cut30] > median_ms[variant=naive]" };
    char *m = NULL;
    CHECK(judged_in(CUT_DIR, &f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "on 1 row a stop cut short (rounds-cut: clx run --resume measures it again)");
    free(m);
    struct spec_finding c = { .claim = "c", .compare = "median_ms[variant=cut30] vs median_ms[variant=naive]", .claimed = "> 1" };
    CHECK(judged_in(CUT_DIR, &c, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "verdict rule: ");
    CHECK_CONTAINS(m, "; on 1 row a stop cut short");
    free(m);
    f.check = "regs[variant=cut30] == 8";
    CHECK(judged_in(CUT_DIR, &f, NULL) == V_HOLDS);
    /* An exact part that decides whatever the cut row's time: does not hold. */
    f.check = "regs[variant=cut30] == 9 && median_ms[variant=cut30] > median_ms[variant=naive]";
    CHECK(judged_in(CUT_DIR, &f, &m) == V_FAILS);
    CHECK_CONTAINS(m, "; the same verdict whatever its 2 timed values");
    free(m);
}

static void test_rows_cut(void)
{
    rows_cut_as("cut");
    rows_cut_as("ok");
}

static void test_check_labelled(void)
{
    /* Each side of a comparison by name and value, not "5.933 <= 1.03". */
    struct spec_finding f = { .claim = "c", .check = "max(gbs[]) / min(gbs[]) <= 1.03" };
    char *m = NULL;
    CHECK(judged(&f, &m) == V_FAILS);
    CHECK_STR(m, "max(gbs[]) = 105.3 (variant=fast5); min(gbs[]) = 76.92 (variant=slow30); "
                 "max(gbs[]) / min(gbs[]) = 1.368, asked <= 1.03; the same verdict anywhere within the noise floors (0.12%) "
                 "of its 2 timed values");
    free(m);
    f.check = "gbs[variant=naive] >= 0.95 * gbs[variant=slow2] && regs[variant=naive] == 8";
    CHECK(judged(&f, &m) == V_HOLDS);
    CHECK_STR(m, "gbs[variant=slow2] = 98.04; gbs[variant=naive] = 100, asked >= 0.95 * gbs[variant=slow2] = 93.14 (true); "
                 "regs[variant=naive] = 8, asked == 8 (true); the same verdict anywhere within the noise floors (0.12%) "
                 "of its 2 timed values");
    free(m);
    /* A check of exact values alone says nothing of noise. */
    f.check = "regs[variant=naive] == 8";
    CHECK(judged(&f, &m) == V_HOLDS);
    CHECK_STR(m, "regs[variant=naive] = 8, asked == 8");
    free(m);
}

static void test_parts_combined(void)
{
    /* A check that holds and a compare that misses its size: the size decides. */
    struct spec_finding f = { .claim = "c", .check = "regs[variant=naive] == 8", .compare = "gbs[variant=slow30] vs gbs[variant=naive]",
                              .claimed = "0.97..0.99" };
    CHECK(judged(&f, NULL) == V_SIZE);
    /* A check that fails decides over a compare without rows, and says that the compare was not
     * measured (memcopy_ilp's quick run said "does not hold" with no word of its GPC 1 side). */
    f.check = "regs[variant=naive] == 9";
    f.compare = "gbs[variant=missing] vs gbs[variant=naive]";
    char *m = NULL;
    CHECK(judged(&f, &m) == V_FAILS);
    CHECK_CONTAINS(m, "; not checked here (the verdict stands on the parts above): gbs[variant=missing]: no measured row matches");
    free(m);
    /* Parts that all have rows say no such thing. */
    f.compare = "gbs[variant=slow30] vs gbs[variant=naive]";
    CHECK(judged(&f, &m) == V_FAILS);
    CHECK(strstr(m, "not checked here") == NULL);
    free(m);
    f.compare = "gbs[variant=missing] vs gbs[variant=naive]";
    f.check = NULL;
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK_CONTAINS(m, "gbs[variant=missing]: no measured row matches");
    free(m);
    /* A pair that misses the claimed size decides over a pair without rows, as a part that does not
     * hold does: maths' quick run said "cannot be checked" beside int div's 5.56x against ">= 10". */
    f.compare = "gbs[variant=naive] vs gbs[variant=slow30]; gbs[variant=missing] vs gbs[variant=naive]";
    f.claimed = ">= 2";
    CHECK(judged(&f, &m) == V_SIZE);
    CHECK_CONTAINS(m, "; not checked here (the size missed above stands whatever they give): gbs[variant=missing]: no measured row matches");
    free(m);
    /* A pair that holds beside one without rows is no verdict. */
    f.claimed = ">= 1.1";
    CHECK(judged(&f, &m) == V_NODATA);
    free(m);
    f.claimed = "0.97..0.99";
    CHECK(finding_worse(V_UNDECIDED, V_SIZE) == V_UNDECIDED && finding_worse(V_HOLDS, V_SIZE) == V_SIZE);
    int count[V_COUNT] = { [V_HOLDS] = 2, [V_SIZE] = 1 };
    char *c = findings_counts(count);
    CHECK_STR(c, "2 hold, 1 holds in direction but not in size, 0 do not hold, 0 cannot be checked");
    free(c);
    /* One finding is said in the singular ("1 hold" read as a slip); none in the plural, as English has it. */
    int one[V_COUNT] = { [V_HOLDS] = 1, [V_FAILS] = 1, [V_SIZE] = 2, [V_NODATA] = 6 };
    c = findings_counts(one);
    CHECK_STR(c, "1 holds, 2 hold in direction but not in size, 1 does not hold, 6 cannot be checked");
    free(c);
}

/* A finding that cannot be checked says why of every selector that has no number, not of the first
 * alone (which left the next one to the next run): in a compare's every pair, in a check, a size,
 * and across parts; the selectors of one reason named together, a reason met twice said once. */
static void test_every_reason(void)
{
    char *m = NULL;
    /* Four selectors of two pairs: three a where's size excludes, one that names no variant. */
    struct spec_finding f = { .claim = "c", .where = "N=2000",
                              .compare = "gbs[variant=slow2] vs gbs[variant=naive]; gbs[variant=fast5] vs gbs[variant=missing]",
                              .claimed = "0.97..0.99" };
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK_STR(m, "gbs[variant=slow2], gbs[variant=naive] and gbs[variant=fast5]: no measured row matches: N=2000 excludes the one "
                 "row the other conditions leave (N there: 1000); gbs[variant=missing]: no measured row matches");
    free(m);
    /* The second pair's alone (the first pair has its rows): still said. */
    f.where = NULL;
    f.compare = "gbs[variant=slow2] vs gbs[variant=naive]; gbs[variant=fast5, local=128] vs gbs[variant=gone]";
    CHECK(judged(&f, &m) == V_NODATA);
    CHECK_CONTAINS(m, "gbs[variant=fast5, local=128]: no measured row matches: local=128 excludes");
    CHECK_CONTAINS(m, "; gbs[variant=gone]: no measured row matches: variant=gone excludes");
    CHECK(!strstr(m, "gbs[variant=slow2]") && !strstr(m, "gbs[variant=naive]"));
    free(m);
    /* A check's and a size's selectors, each; and across parts, one selector in both said once. */
    struct spec_finding c = { .claim = "c", .check = "gbs[variant=missing] < gbs[variant=naive, local=32] && regs[variant=missing] > 0" };
    CHECK(judged(&c, &m) == V_NODATA);
    CHECK_STR(m, "gbs[variant=missing] and regs[variant=missing]: no measured row matches: variant=missing excludes all 7 rows "
                 "the other conditions leave (variant there: naive, slow30, slow2, fast5, noisy2, once25, once28); "
                 "gbs[variant=naive, local=32]: no measured row matches: local=32 excludes the one row the other conditions leave "
                 "(local there: 64)");
    free(m);
    struct spec_finding z = { .claim = "c", .size = "gbs[variant=gone] / gbs[variant=naive, local=32]", .claimed = ">= 1",
                              .check = "gbs[variant=gone] > 0" };
    CHECK(judged(&z, &m) == V_NODATA);
    CHECK_CONTAINS(m, "gbs[variant=naive, local=32]: no measured row matches: local=32 excludes");
    char *first = strstr(m, "gbs[variant=gone]:");
    CHECK(first && !strstr(first + 1, "gbs[variant=gone]"));
    free(m);
    /* Rows a sweep can add beside a selector that picks several where it names one: no sweep
     * decides the finding, which the first reason alone (rows missing) said it would. */
    struct spec_finding a = { .claim = "c", .check = "gbs[variant=naive, N=5000] > gbs[]" };
    CHECK(judged(&a, &m) == V_NODATA);
    CHECK_CONTAINS(m, "gbs[variant=naive, N=5000]: no measured row matches");
    CHECK(finding_ambiguous(m) && !finding_sweep_decides(m));
    free(m);
}

/* traced_in: f evaluated on the run in dir, its result in *fr (caller frees). */
static void traced_in(const char *dir, const struct spec_finding *f, struct finding_result *fr)
{
    struct rundir r;
    char *err = NULL;
    CHECK(rundir_open(dir, &r, &err) == 0);
    free(err);
    findings_eval(&r, f, fr);
    rundir_free(&r);
}

/* What findings.tsv is written from: each part as judged, the one that decided, the rows read, why
 * a part is left open; the verdicts' words and which --fail-on fails on each. */
static void test_trace(void)
{
    /* A check that holds and a compare that misses its size: the compare decided, with its ratio
     * and the interval its floor allows; both parts' rows, once each, in the file's order. */
    struct spec_finding f = { .claim = "c", .check = "regs[variant=naive] == 8", .compare = "gbs[variant=slow30] vs gbs[variant=naive]",
                              .claimed = "0.97..0.99" };
    struct finding_result fr;
    traced_in(DIR_, &f, &fr);
    CHECK(fr.verdict == V_SIZE && fr.trace.nparts == 2);
    CHECK(fr.trace.part[0].verdict == V_HOLDS && isnan(fr.trace.part[0].value));
    const struct finding_part *d = trace_decider(&fr.trace, fr.verdict);
    CHECK(d == &fr.trace.part[1]);
    CHECK_STR(d->text, "gbs[variant=slow30] vs gbs[variant=naive]");
    CHECK(fabs(d->value - 1 / 1.3) < 1e-6 && d->lo < d->value && d->value < d->hi && !d->undecided);
    CHECK(fr.trace.nrows == 2 && fr.trace.rows[0] == 0 && fr.trace.rows[1] == 1);
    finding_result_free(&fr);
    /* Holding alike, the part with a size decides: the compare, not the check before it. */
    f.compare = "gbs[variant=slow2] vs gbs[variant=naive]";
    traced_in(DIR_, &f, &fr);
    CHECK(fr.verdict == V_HOLDS && trace_decider(&fr.trace, V_HOLDS) == &fr.trace.part[1]);
    finding_result_free(&fr);
    /* Of a compare's pairs, the first with the finding's verdict. */
    struct spec_finding p = { .claim = "c", .compare = "gbs[variant=slow2] vs gbs[variant=naive]; gbs[variant=fast5] vs gbs[variant=naive]",
                              .claimed = "0.97..0.99" };
    traced_in(DIR_, &p, &fr);
    CHECK(fr.verdict == V_FAILS && fr.trace.nparts == 2);
    CHECK_STR(trace_decider(&fr.trace, fr.verdict)->text, "gbs[variant=fast5] vs gbs[variant=naive]");
    finding_result_free(&fr);
    /* Left open: by the rule's noise floor, with its words; without a floor, no bounds. */
    p.compare = "median_ms[variant=noisy2] vs median_ms[variant=naive]";
    p.claimed = "> 1";
    traced_in(DIR_, &p, &fr);
    d = trace_decider(&fr.trace, fr.verdict);
    CHECK(fr.verdict == V_UNDECIDED && d && d->undecided);
    CHECK_CONTAINS(d->undecided, "the verdict rule says UNSURE which of variant=noisy2 and variant=naive is faster (noise floor");
    CHECK_CONTAINS(d->undecided, "which does not put the ratio above 1, the side claimed (> 1)");
    finding_result_free(&fr);
    p.compare = "median_ms[variant=once28] vs median_ms[variant=once25]";
    traced_in(DIR_, &p, &fr);
    d = trace_decider(&fr.trace, fr.verdict);
    CHECK(fr.verdict == V_UNDECIDED && isinf(d->lo) && isinf(d->hi));
    CHECK_STR(d->undecided, "the verdict rule says UNSURE which of variant=once28 and variant=once25 is faster (no noise floor: one replicate a side)");
    finding_result_free(&fr);
    /* A check within the noise and a compare on rows a stop cut short: the report's words. */
    struct spec_finding c = { .claim = "c", .check = "median_ms[variant=noisy2] > median_ms[variant=naive]" };
    traced_in(DIR_, &c, &fr);
    CHECK(fr.verdict == V_UNDECIDED);
    CHECK_CONTAINS(trace_decider(&fr.trace, fr.verdict)->undecided, "another verdict somewhere within the noise floors");
    finding_result_free(&fr);
    make_cut_run();
    c = (struct spec_finding){ .claim = "c", .compare = "median_ms[variant=cut30] vs median_ms[variant=naive]", .claimed = "> 1" };
    traced_in(CUT_DIR, &c, &fr);
    CHECK(fr.verdict == V_UNDECIDED);
    CHECK_STR(trace_decider(&fr.trace, fr.verdict)->undecided, "on 1 row a stop cut short (rounds-cut: clx run --resume measures it again)");
    finding_result_free(&fr);
    /* A size: its value, exact or within its floors. */
    struct spec_finding z = { .claim = "c", .size = "regs[variant=naive] * 2", .claimed = ">= 10" };
    traced_in(DIR_, &z, &fr);
    d = trace_decider(&fr.trace, fr.verdict);
    CHECK(fr.verdict == V_HOLDS && d->value == 16 && d->lo == 16 && d->hi == 16);
    finding_result_free(&fr);
    /* Cannot be checked: the part, no rows. */
    z.size = "gbs[variant=missing]";
    traced_in(DIR_, &z, &fr);
    CHECK(fr.verdict == V_NODATA && fr.trace.nrows == 0 && trace_decider(&fr.trace, V_NODATA));
    finding_result_free(&fr);
    CHECK_STR(verdict_token(V_SIZE), "holds-in-direction-not-in-size");
    CHECK_STR(verdict_token(V_UNDECIDED), "cannot-be-decided");
    CHECK(!verdict_fails(V_HOLDS, GATE_UNSURE) && !verdict_fails(V_FAILS, GATE_NONE));
    CHECK(verdict_fails(V_FAILS, GATE_FINDING) && verdict_fails(V_SIZE, GATE_FINDING));
    CHECK(!verdict_fails(V_UNDECIDED, GATE_FINDING) && !verdict_fails(V_NODATA, GATE_FINDING));
    CHECK(verdict_fails(V_UNDECIDED, GATE_UNSURE) && verdict_fails(V_NODATA, GATE_UNSURE) && verdict_fails(V_SIZE, GATE_UNSURE));
}

static void test_ranges(void)
{
    struct claim_range r;
    char *err = NULL;
    CHECK(claim_range_parse("1.01..1.03", &r, &err) == 0 && r.lo == 1.01 && r.hi == 1.03 && !r.lo_open && !r.hi_open);
    CHECK(claim_range_parse("> 1", &r, &err) == 0 && r.lo == 1 && r.lo_open && isinf(r.hi));
    CHECK(claim_range_sizeless(&r, 1) && claim_range_side(&r, 1) == 1);
    CHECK(claim_range_parse("<= 1.03", &r, &err) == 0 && claim_range_side(&r, 1) == 0 && !claim_range_sizeless(&r, 1));
    CHECK(claim_range_parse("1-3%", &r, &err) == -1);
    CHECK_CONTAINS(err, "'1-3%' is not a range: write LO..HI");
    free(err);
    CHECK(claim_range_parse("3..1", &r, &err) == -1);
    free(err);
    /* The judge: a direction claimed and shown, the size missed by more than the noise. */
    CHECK(claim_range_parse("1.01..1.03", &r, &err) == 0);
    CHECK(finding_judge(&r, 1, 1, 1.25, 1.35, 1) == V_SIZE);
    CHECK(finding_judge(&r, 1, 1, 1.015, 1.025, 1) == V_HOLDS);
    CHECK(finding_judge(&r, 1, 1, 1.02, 1.05, 1) == V_UNDECIDED);
    CHECK(finding_judge(&r, 1, 1, 0.9, 1.1, 0) == V_UNDECIDED);
    CHECK(finding_judge(&r, 1, 1, 0.9, 0.95, -1) == V_FAILS);
    char *w = finding_range_words(&r);
    CHECK_STR(w, "1% to 3% higher");
    free(w);
    CHECK(claim_range_parse(">= 0.95", &r, &err) == 0);
    w = finding_range_words(&r);
    CHECK_STR(w, "at most 5% lower");
    free(w);
    /* Plain decimals, never an exponent: %.3g wrote a ratio within 1e-7 of 1 as "1e-05%", 1500x as "1.5e+03x". */
    const struct { double x; const char *words; } ratios[] = {
        {1 + 1e-7, "0.00001% higher"}, {1 - 1e-7, "0.00001% lower"}, {1500, "1500x higher"}, {1.0 / 1500, "1500x lower"},
        {1.0213, "2.13% higher"}, {0.25, "4x lower"}, {5.374, "5.37x higher"}, {1, "the same"},
    };
    for (size_t i = 0; i < sizeof ratios / sizeof *ratios; i++) {
        w = finding_ratio_words(ratios[i].x);
        CHECK_STR(w, ratios[i].words);
        free(w);
    }
}

#define SPEC_ERROR(finding, want) do { char *e_ = spec_error(finding); CHECK_STR(e_, want); free(e_); } while (0)

static void test_spec_refusals(void)
{
    char *ok = spec_error("compare = \"gbs[N=64] vs max(gbs[])\"; claimed = \"0.97..0.99\";");
    CHECK(ok == NULL);
    free(ok);
    ok = spec_error("size = \"max(gbs[]) / min(gbs[])\"; claimed = \"2..4\"; direction = \"> 1\"; check = \"gbs[N=64] > 0\";");
    CHECK(ok == NULL);
    free(ok);
    SPEC_ERROR("compare = \"gbs[N=64] vs gbs[]\"; claimd = \"> 1\";",
               "f.spec:9: finding: unknown setting 'claimd': did you mean claimed? (claim, check, compare, size, claimed, direction, where, given, seed, note, unrunnable)");
    SPEC_ERROR("compare = \"gbs[N=64] / 2 vs gbs[]\";\nclaimed = \"> 1\";",
               "f.spec:9: finding compare: 'gbs[N=64] / 2': each side of 'vs' is one selector (metric[...], max(metric[...]), "
               "mean(...)), no arithmetic");
    SPEC_ERROR("compare = \"regs[N=64] vs regs[]\"; claimed = \"> 1\";",
               "f.spec:9: finding compare: 'regs[N=64]': 'regs' is not a time or a rate the rounds measure (median_ms, gbs, "
               "gflops, pct_*_peak, rel_time, speedup): write it as a size or a check");
    SPEC_ERROR("compare = \"dev_row_avg[N=64] vs dev_row_avg[]\"; claimed = \"> 1\";",
               "f.spec:9: finding compare: 'dev_row_avg[N=64]': 'dev_row_avg' is a deviation from a reference (0: the same), "
               "and a ratio of two deviations says nothing: write it as a size or a check");
    SPEC_ERROR("compare = \"gbs[N=64] vs gflops[]\"; claimed = \"> 1\";",
               "f.spec:9: finding compare: 'gbs[N=64] vs gflops[]': both sides measure one metric, not 'gbs' and 'gflops'");
    SPEC_ERROR("compare = \"gbs[NN=64] vs gbs[]\"; claimed = \"> 1\";",
               "f.spec:9: finding compare: 'NN' is not a column of f's results: did you mean N?");
    SPEC_ERROR("compare = \"gbs[N=64] vs gbs[]\";\nclaimed = \"1-3%\";",
               "f.spec:10: finding claimed: '1-3%' is not a range: write LO..HI, >= X, > X, <= X or < X, as ratios (1.01..1.03: 1-3% more)");
    SPEC_ERROR("compare = \"gbs[N=64] vs gbs[]\";", "f.spec:9: finding: compare needs 'claimed', the range the claim states (1.01..1.03, >= 10, > 1)");
    SPEC_ERROR("check = \"gbs[] > 0\";\nclaimed = \"> 1\";", "f.spec:10: finding claimed: goes with compare or size, the size it bounds");
    SPEC_ERROR("compare = \"gbs[N=64] vs gbs[]\"; claimed = \"> 1\";\ndirection = \"> 1\";",
               "f.spec:10: finding direction: goes with size (a compare's direction is the side of 1 its claimed range lies on)");
    SPEC_ERROR("size = \"max(gbs[])\"; claimed = \"2..4\";\ndirection = \"1..2\";",
               "f.spec:10: finding direction: '1..2' is not one side of a value (> 1, < 1, >= 0)");
    SPEC_ERROR("size = \"max(gbs[])\";\nclaimed = \"0.2..0.5\"; direction = \"> 1\";",
               "f.spec:10: finding claimed: '0.2..0.5' does not lie on the side of 1 that direction '> 1' states");
    SPEC_ERROR("size = \"max(gbs[]) > 1\"; claimed = \"2..4\";",
               "f.spec:9: finding size: 'max(gbs[]) > 1' is a comparison: a size is a number, and 'claimed' the range it is claimed to lie in");
    SPEC_ERROR("size = \"max(gbs[])\"; compare = \"gbs[N=64] vs gbs[]\"; claimed = \"> 1\";",
               "f.spec:9: finding: compare and size are two measured sizes: keep one");
    SPEC_ERROR("where = \"N=64\";", "f.spec:8: a finding needs a check, a compare or a size (docs/spec.md, \"Findings\")");

}

/* A variant a finding's selector names is one of the spec's (they are all known at load: --set
 * variant= only picks among them): a misspelt one is refused at its line with the nearest name,
 * not left to the report's "no measured row matches". */
static void test_spec_variant_names(void)
{
    const char *two = "variants = ( { name = \"naive\"; K = 1; }, { name = \"gridstride\"; K = 2; } );\n";
    char *e = spec_error_after(two, "compare = \"gbs[variant=gridstride] vs gbs[variant=naive]\"; claimed = \"> 1\";");
    CHECK(e == NULL);
    free(e);
    /* A name with parameters, alternatives, != and variant=max are variant ids too. */
    e = spec_error_after(two, "check = \"gbs[variant=naive:K=3] > 0 && max(gbs[variant=naive|gridstride]) > 0 && "
                              "max(gbs[variant!=naive]) > 0 && gbs[variant=max] > 0\";");
    CHECK(e == NULL);
    free(e);
    char *want = "f.spec:10: finding compare: variant=gridstrid: 'gridstrid' is not a variant of f: did you mean gridstride? "
                 "(variants: naive gridstride)";
    e = spec_error_after(two, "compare = \"gbs[variant=gridstrid] vs gbs[variant=naive]\"; claimed = \"> 1\";");
    CHECK_STR(e, want);
    free(e);
    e = spec_error_after(two, "check = \"max(gbs[variant=naive|gridstrid:K=2]) > 0\";");
    CHECK_STR(e, "f.spec:10: finding check: variant=naive|gridstrid:K=2: 'gridstrid' is not a variant of f: did you mean "
                 "gridstride? (variants: naive gridstride)");
    free(e);
    e = spec_error_after(two, "where = \"variant!=nave\"; check = \"max(gbs[]) > 0\";");
    CHECK_STR(e, "f.spec:10: finding where: variant!=nave: 'nave' is not a variant of f: did you mean naive? "
                 "(variants: naive gridstride)");
    free(e);
    /* A plot's where is read by the same check. */
    e = spec_error_after(two, "check = \"max(gbs[]) > 0\";");
    CHECK(e == NULL);
    free(e);
    e = spec_error_after("plots = ( { kind = \"bars\"; metric = \"gbs\"; x = \"N\";\n where = \"variant=foo\"; } );\n",
                         "check = \"max(gbs[]) > 0\";");
    CHECK_STR(e, "f.spec:8: plot where: variant=foo: 'foo' is not a variant of f (variants: f)");
    free(e);
    /* Without named variants a row's id is its parameters, or the experiment's name. */
    e = spec_error("check = \"gbs[variant=f] > 0 && gbs[variant=K=1] > 0\";");
    CHECK(e == NULL);
    free(e);
}

/* test_pct_best: the best row of max(pct_fp32_peak[]) is the fastest, on a CPU whose rows are all
 * under 1% of its FP32 peak. volkov_fma's ILP 1 on PoCL (a 553 GFLOP/s peak): local 64 the fastest
 * by 0.1%; written with one decimal, all four read 0.4 and the finding named local 32, the first. */
static void test_pct_best(void)
{
    static const struct { int local; double gflops; } cpu[] = { {32, 2.22114}, {64, 2.22432}, {128, 2.19787}, {256, 2.17628} };
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tlocal\tstatus\tmedian_ms\tgflops\tpct_fp32_peak\n");
    for (size_t i = 0; i < sizeof cpu / sizeof *cpu; i++) {
        struct row w = {0};
        sl_push(&w.cols, "pct_fp32_peak");
        sl_push(&w.vals, "");
        row_pct(&w, COL_pct_fp32_peak, 100 * cpu[i].gflops / 553.059);
        sb_printf(&t, "t\tILP=1\tdefault\t%d\tok\t%g\t%g\t%s\n", cpu[i].local, cpu[i].local / 16.0, cpu[i].gflops,
                  row_get(&w, COL_pct_fp32_peak));
        row_free(&w);
    }
    CHECK_CONTAINS(t.s, "\t0.4022\n");                  /* four significant digits */
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"local\": [\"32\", \"64\", \"128\", \"256\"] } } }";
    CHECK(mkdir_p(PCT_DIR) == 0);
    CHECK(write_file_atomic(PCT_DIR "/results.tsv", t.s, t.len) == 0);
    CHECK(write_file_atomic(PCT_DIR "/run.json", json, strlen(json)) == 0);
    sb_free(&t);
    struct spec_finding f = { .claim = "c", .size = "max(pct_fp32_peak[])", .claimed = "< 95" };
    char *m = NULL;
    judged_in(PCT_DIR, &f, &m);                       /* one replicate a row: the verdict is not the point */
    CHECK_CONTAINS(m, "max(pct_fp32_peak[]) = 0.4022 (local=64)");
    free(m);
}

/* make_estimate_run: a CPU's chains against its compute peaks (run.json peak, each of the kind given:
 * "estimate", "theoretical", NULL for a run of an older clx that said none): fp32 at 46.73% of the
 * FP32 peak (221.5 of 474 GFLOP/s), ilp1 at 10% of it, fp64 at 95% of the FP64 one, and (over) a row
 * at 110% of FP32's (a core's clock timed low: within its slack, not IMPOSSIBLE); five rounds 0.05%
 * apart a step. fp32_words: the FP32 peak's source. */
static void make_estimate_run(const char *kind, const char *fp32_words, int over)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgflops\tpct_fp32_peak\tpct_fp64_peak\tround_ms\n"
                  "t\tfp32\tdefault\t1000\t64\tok\t1\t221.5\t46.73\t\t0.999;0.9995;1;1.0005;1.001\n"
                  "t\tilp1\tdefault\t1000\t64\tok\t1\t47.4\t10\t\t0.999;0.9995;1;1.0005;1.001\n"
                  "t\tfp64\tdefault\t1000\t64\tok\t1\t225.2\t\t95\t0.999;0.9995;1;1.0005;1.001\n");
    if (over) sb_printf(&t, "t\tover\tdefault\t1000\t64\tok\t1\t521.4\t110\t\t0.999;0.9995;1;1.0005;1.001\n");
    char *k32 = kind ? xasprintf(", \"fp32_kind\": \"%s\"", kind) : xstrdup("");
    char *k64 = kind ? xasprintf(", \"fp64_kind\": \"%s\"", kind) : xstrdup("");
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test CPU\" }, "
                           "\"peak\": { \"fp32_gflops\": 474, \"fp32_source\": \"%s\"%s, \"fp64_gflops\": 237, "
                           "\"fp64_source\": \"CPU (upper-bound estimate): half the FP32 estimate\"%s }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }",
                           fp32_words, k32, k64);
    CHECK(mkdir_p(EST_DIR) == 0);
    CHECK(write_file_atomic(EST_DIR "/results.tsv", t.s, t.len) == 0);
    CHECK(write_file_atomic(EST_DIR "/run.json", json, strlen(json)) == 0);
    sb_free(&t);
    free(k32);
    free(k64);
    free(json);
}

#define CPU_FP32 "CPU (upper-bound estimate from this host: 2 logical CPUs x 32 lanes)"

/* A share of a peak that is only an upper-bound estimate (a CPU's) is a lower bound of the share of
 * the true peak, which lies from the best rate a row reached against it up to it: a claim another
 * share there would turn cannot be checked (it did not "not hold": peaks' "FP64 chains reach
 * 90..100% of the FP64 peak" at 46.73% on a CPU), one every such share decides is decided; the same
 * rows against a theoretical peak are judged as ever. The kind is run.json's data, or an older
 * run's words. */
static void test_peak_estimate(void)
{
    make_estimate_run("estimate", CPU_FP32, 0);
    struct spec_finding f = { .claim = "c", .size = "pct_fp32_peak[variant=fp32]", .claimed = ">= 90" };
    char *m = NULL;
    CHECK(judged_in(EST_DIR, &f, &m) == V_NODATA);
    CHECK_STR(m, "pct_fp32_peak[variant=fp32] = 46.73 is a share of the fp32 peak, an upper-bound estimate (run.json "
                 "peak.fp32_kind): the device's true peak may lie anywhere from the best rate a row of this run reached "
                 "against it (47% of it) up to it, and the verdict differs within that");
    CHECK(!finding_sweep_decides(m));                 /* no fuller sweep changes what the peak is */
    free(m);
    f.claimed = "90..100";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_NODATA);
    /* The fastest row's true share is at most 100%: "no kernel goes above the peak" holds. */
    f.claimed = "<= 100";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_HOLDS);
    /* ilp1 at 10% of the estimate is at most 10 / 46.73 of the true peak (21%): "< 95" holds
     * (volkov_fma's "without ILP the FP32 peak is not reached"), ">= 20" cannot be checked. */
    f.size = "pct_fp32_peak[variant=ilp1]";
    f.claimed = "< 95";
    CHECK(judged_in(EST_DIR, &f, &m) == V_HOLDS);
    CHECK_CONTAINS(m, "; pct_fp32_peak[variant=ilp1] = 10 is a share of the fp32 peak, an upper-bound estimate (run.json "
                      "peak.fp32_kind): the same verdict with the device's true peak anywhere from the best rate a row of "
                      "this run reached against it (47% of it) up to it");
    CHECK_CONTAINS(m, "within the noise floor");
    free(m);
    f.claimed = ">= 20";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_NODATA);
    /* At 95% of an estimate, and the best: 95-100% of the true peak. */
    f.size = "pct_fp64_peak[variant=fp64]";
    f.claimed = ">= 90";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_HOLDS);
    f.claimed = "90..100";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_HOLDS);
    f.claimed = "<= 96";
    CHECK(judged_in(EST_DIR, &f, NULL) == V_NODATA);
    /* A check alike, and the peak itself where a check names it (PEAK_GFLOPS is the estimate: the
     * true peak from fp32's 221.5 GFLOP/s up to 474). */
    struct spec_finding k = { .claim = "c", .check = "pct_fp32_peak[variant=fp32] >= 90" };
    CHECK(judged_in(EST_DIR, &k, NULL) == V_NODATA);
    k.check = "gflops[variant=fp32] >= 0.9 * PEAK_GFLOPS";
    CHECK(judged_in(EST_DIR, &k, &m) == V_NODATA);
    CHECK_CONTAINS(m, "PEAK_GFLOPS = 474 is the fp32 peak, an upper-bound estimate (run.json peak.fp32_kind): the device's "
                      "true peak may lie anywhere from the best rate");
    free(m);
    k.check = "gflops[variant=ilp1] < 0.5 * PEAK_GFLOPS";
    CHECK(judged_in(EST_DIR, &k, NULL) == V_HOLDS);
    k.check = "pct_fp32_peak[variant=fp32] >= 90 || pct_fp64_peak[variant=fp64] >= 200";
    CHECK(judged_in(EST_DIR, &k, &m) == V_NODATA);
    CHECK_CONTAINS(m, "(run.json peak.fp32_kind; 1 more of its values rests on one): ");
    free(m);
    k.check = "gflops[variant=fp32] > 0";             /* nothing of a peak: nothing said of one */
    CHECK(judged_in(EST_DIR, &k, &m) == V_HOLDS);
    CHECK(!strstr(m, "estimate"));
    free(m);
    /* A compare of two shares of one peak is a ratio the peak cancels from: judged as ever. */
    CHECK(compare_in(EST_DIR, "pct_fp32_peak[variant=fp32] vs pct_fp32_peak[variant=ilp1]", "> 4") == V_HOLDS);
    /* A row past the estimate (110%: a core's clock timed low): the true peak is at least that row's
     * rate, so fp32 is at most 46.73 / 1.1 = 42% of it, and ">= 90" does not hold. */
    make_estimate_run("estimate", CPU_FP32, 1);
    f.size = "pct_fp32_peak[variant=fp32]";
    f.claimed = ">= 90";
    CHECK(judged_in(EST_DIR, &f, &m) == V_FAILS);
    CHECK_CONTAINS(m, "the same verdict with the device's true peak at or above the best rate a row of this run reached "
                      "against it (110% of it)");
    free(m);
    f.claimed = "40..50";                             /* 0 to 42%: open */
    CHECK(judged_in(EST_DIR, &f, NULL) == V_NODATA);
    /* The same rows against a theoretical peak (a GPU's tables): judged as ever. */
    make_estimate_run("theoretical", CPU_FP32, 0);
    f.claimed = ">= 90";
    CHECK(judged_in(EST_DIR, &f, &m) == V_FAILS);
    CHECK(!strstr(m, "estimate"));
    free(m);
    /* A run of an older clx, which said so only in the source's words. */
    make_estimate_run(NULL, CPU_FP32, 0);
    CHECK(judged_in(EST_DIR, &f, NULL) == V_NODATA);
    make_estimate_run(NULL, "model", 0);
    CHECK(judged_in(EST_DIR, &f, NULL) == V_FAILS);
}

#define NOFP64_DIR "tests/tmp/test_findings_nofp64"

/* A share of the FP64 peak on a device with no FP64 (rusticl on llvmpipe: fp64_fma skipped, "requires
 * FP64"): the device's lack is the reason, not a peak clx does not know (CLX_PEAK_FP64_GFLOPS, which
 * would give no row to share it); with FP64 and no peak, that variable is still the way. */
static void test_no_fp64(void)
{
    const char *tsv = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgflops\tpct_fp32_peak\tpct_fp64_peak\n"
                      "t\tfp32\tdefault\t1000\t64\tok\t1\t221.5\t46.73\t\n"
                      "t\tfp64\tdefault\t1000\t64\tskipped\t\t\t\t\n";
    for (int has = 0; has <= 1; has++) {
        char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"llvmpipe\", \"fp64\": %d, \"fp16\": 0 }, "
                               "\"peak\": { \"fp32_gflops\": 474, \"fp32_source\": \"model\" }, "
                               "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }", has);
        CHECK(mkdir_p(NOFP64_DIR) == 0);
        CHECK(write_file_atomic(NOFP64_DIR "/results.tsv", tsv, strlen(tsv)) == 0);
        CHECK(write_file_atomic(NOFP64_DIR "/run.json", json, strlen(json)) == 0);
        free(json);
        struct spec_finding f = { .claim = "c", .size = "pct_fp64_peak[variant=fp64]", .claimed = "90..100" };
        char *m = NULL;
        CHECK(judged_in(NOFP64_DIR, &f, &m) == V_NODATA);
        if (!has) {
            CHECK_STR(m, "pct_fp64_peak[variant=fp64]: the device has no FP64 (no cl_khr_fp64): no measured row of this run "
                         "has a value of pct_fp64_peak");
        } else {
            CHECK_CONTAINS(m, "CLX_PEAK_FP64_GFLOPS=VALUE gives it");
        }
        CHECK(!finding_sweep_decides(m));
        free(m);
    }
}

#define ELSE_DIR "tests/tmp/test_findings_elsewhere"

/* elsewhere_run: a peaks run in ELSE_DIR/name on host "h" of a 2-CU CPU whose FP32 peak is 237
 * GFLOP/s, under platform plat (its device named dev), its fp32 chain at pct% of that peak. */
static void elsewhere_run(const char *name, const char *plat, const char *dev, const char *host, double pct, const char *started,
                          int quick)
{
    char *dir = xasprintf(ELSE_DIR "/%s", name), *tf = xasprintf("%s/results.tsv", dir), *jf = xasprintf("%s/run.json", dir);
    char *tsv = xasprintf("experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgflops\tpct_fp32_peak\tround_ms\n"
                          "peaks\tfp32_fma\tdefault\t1000\t64\tok\t1\t%g\t%g\t0.999;0.9995;1;1.0005;1.001\n", 2.37 * pct, pct);
    char *json = xasprintf("{ \"experiment\": \"peaks\", \"host\": \"%s\", \"started\": \"%s\", \"finished\": \"%s\", "
                           "\"quick\": %s, \"device\": { \"name\": \"%s\", \"platform\": \"%s\", \"compute_units\": 2 }, "
                           "\"peak\": { \"fp32_gflops\": 237, \"fp32_source\": \"model\" }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }",
                           host, started, started, quick ? "true" : "false", dev, plat);
    CHECK(mkdir_p(dir) == 0);
    CHECK(write_file_atomic(tf, tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(jf, json, strlen(json)) == 0);
    free(tsv); free(json); free(tf); free(jf); free(dir);
}

/* A finding on a share of the peak that does not hold under one implementation (PoCL's fp32 chains at
 * 6.8% of a CPU's FP32 peak) and holds on the same device under another (Intel's CPU runtime at 95%,
 * which names the CPU otherwise): that run is named, so the peak is not blamed; not a run of another
 * host, nor one of the same platform, nor one where it does not hold either. */
static void test_elsewhere(void)
{
    CHECK(system("rm -rf " ELSE_DIR) == 0);
    elsewhere_run("pocl", "Portable Computing Language", "cpu-haswell-AMD EPYC", "h", 6.8, "2026-12-01T10:00:00+0000", 0);
    struct spec_finding f = { .claim = "c", .size = "pct_fp32_peak[variant=fp32_fma]", .claimed = ">= 90" };
    struct rundir r;
    struct finding_peers p;
    char *err = NULL;
    CHECK(rundir_open(ELSE_DIR "/pocl", &r, &err) == 0);
    finding_peers_read(&r, &p);
    CHECK(p.n == 0 && finding_elsewhere(&p, &f) == NULL);   /* none beside it */
    finding_peers_free(&p);
    elsewhere_run("other-host", "Intel(R) OpenCL", "AMD EPYC", "g", 95, "2026-12-01T11:00:00+0000", 0);
    elsewhere_run("pocl-again", "Portable Computing Language", "cpu-haswell-AMD EPYC", "h", 95, "2026-12-01T12:00:00+0000", 0);
    elsewhere_run("rusticl", "rusticl", "llvmpipe (LLVM 15.0.7, 256 bits)", "h", 0.1, "2026-12-01T13:00:00+0000", 0);
    finding_peers_read(&r, &p);
    CHECK(p.n == 1 && finding_elsewhere(&p, &f) == NULL);   /* rusticl's, where it does not hold either */
    finding_peers_free(&p);
    /* A --quick run of the other implementation measured other sizes: not this run's peer. */
    elsewhere_run("intel-quick", "Intel(R) OpenCL", "AMD EPYC", "h", 95, "2026-12-01T08:00:00+0000", 1);
    finding_peers_read(&r, &p);
    CHECK(p.n == 1 && finding_elsewhere(&p, &f) == NULL);
    finding_peers_free(&p);
    elsewhere_run("intel", "Intel(R) OpenCL", "AMD EPYC", "h", 95, "2026-12-01T09:00:00+0000", 0);
    finding_peers_read(&r, &p);
    char *m = finding_elsewhere(&p, &f);
    finding_peers_free(&p);
    CHECK_STR(m, "it holds on the same device under another implementation, Intel(R) OpenCL: pct_fp32_peak[variant=fp32_fma] "
                 "= 95 (" ELSE_DIR "/intel): the device (its peak, its clock) is not the cause here, this implementation's code is");
    free(m);
    rundir_free(&r);
}

/* make_deviation_run: taylor's deviation from the row average over three work-group sizes of one
 * point (dev_row_avg: median_ms over the mean of the row's, less 1), of two variants: quiet's rounds
 * 0.05% apart a step, noisy's 20% apart (time_se of 5-20% and more, as taylor's rows on a loaded CPU). */
static void make_deviation_run(void)
{
    static const struct { const char *variant; double ms[3], step; } v[] = {
        {"quiet", {0.8, 1.1, 1.1}, 0.0005}, {"noisy", {1.0197, 0.99015, 0.99015}, 0.2},
    };
    static const int locals[] = { 64, 128, 256 };
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tround_ms\tdev_row_avg\n");
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        double mean = (v[i].ms[0] + v[i].ms[1] + v[i].ms[2]) / 3, s = v[i].step;
        for (int k = 0; k < 3; k++) {
            double m = v[i].ms[k];
            sb_printf(&t, "t\t%s\tdefault\t1000\t%d\tok\t%g\t%g;%g;%g;%g;%g\t%.4f\n", v[i].variant, locals[k], m,
                      m * (1 - 2 * s), m * (1 - s), m, m * (1 + s), m * (1 + 2 * s), m / mean - 1);
        }
    }
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\", \"128\", \"256\"] } } }";
    CHECK(mkdir_p(DEV_DIR) == 0);
    CHECK(write_file_atomic(DEV_DIR "/results.tsv", t.s, t.len) == 0);
    CHECK(write_file_atomic(DEV_DIR "/run.json", json, strlen(json)) == 0);
    sb_free(&t);
}

/* dev_row_avg is a function of times: a check on it is judged within the noise floor its row's
 * rounds give, its value plus 1 (the ratio to the row's average) moving with the time. taylor's
 * "64 at least 5% faster than the row average": noisy's 0.0197 "does not hold" no more, the noise
 * covering -0.05; quiet's -0.2 and 0.1 decided. */
static void test_deviation_noise(void)
{
    make_deviation_run();
    struct spec_finding f = { .claim = "c", .check = "mean(dev_row_avg[variant=noisy, local=64]) <= -0.05" };
    char *m = NULL;
    CHECK(judged_in(DEV_DIR, &f, &m) == V_UNDECIDED);
    CHECK_CONTAINS(m, "mean(dev_row_avg[variant=noisy, local=64]) = 0.0197, asked <= -0.05; another verdict somewhere within "
                      "the noise floor (");
    free(m);
    f.check = "dev_row_avg[variant=quiet, local=64] <= -0.05";
    CHECK(judged_in(DEV_DIR, &f, &m) == V_HOLDS);
    CHECK_CONTAINS(m, "dev_row_avg[variant=quiet, local=64] = -0.2, asked <= -0.05; the same verdict anywhere within the "
                      "noise floor (0.12%) of its 1 timed value");
    free(m);
    f.check = "min(dev_row_avg[variant=quiet, local=128|256]) <= -0.05";
    CHECK(judged_in(DEV_DIR, &f, NULL) == V_FAILS);
    /* Near 0 a floor as a share of the value moves it little (-0.0099 x 1.5 stays below 0); a floor of
     * its ratio to the row's average, 1 + x, crosses 0. */
    f.check = "dev_row_avg[variant=noisy, local=128] < 0";
    CHECK(judged_in(DEV_DIR, &f, NULL) == V_UNDECIDED);
    /* A size alike: 0.0197 within the noise of ">= 0.05" and of "< 0.05". */
    struct spec_finding z = { .claim = "c", .size = "dev_row_avg[variant=noisy, local=64]", .claimed = ">= 0.05" };
    CHECK(judged_in(DEV_DIR, &z, NULL) == V_UNDECIDED);
    z.size = "dev_row_avg[variant=quiet, local=64]";
    z.claimed = "-0.21..-0.19";
    CHECK(judged_in(DEV_DIR, &z, NULL) == V_HOLDS);
}

/* memcopy_ilp's first finding, as its spec has it, on the float copy at 256 work-items per CU (GPC 1)
 * and 2048 (GPC 8), beside a float4 ILP 8 copy: it held on PoCL's rows, where high occupancy gave the
 * float copy nothing (4.11 GB/s against 4.86), by comparing it with the float4 copy; its words are of
 * the float copy at two occupancies. The H200's rows (docs/experiments/memcopy_ilp.md) hold. */
static enum verdict memcopy_first(double low, double high, double best)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tVEC\tILP\tbuild\tGPC\tlocal\tstatus\tmedian_ms\tgbs\tround_ms\n");
    const struct { const char *v; int vec, ilp, gpc; double gbs; } r[] = {
        {"VEC=1,ILP=1", 1, 1, 1, low}, {"VEC=1,ILP=1", 1, 1, 8, high}, {"VEC=4,ILP=8", 4, 8, 8, best} };
    for (int i = 0; i < 3; i++) {
        double m = 100 / r[i].gbs;
        sb_printf(&t, "t\t%s\t%d\t%d\tdefault\t%d\t256\tok\t%g\t%g\t%g;%g;%g;%g;%g\n", r[i].v, r[i].vec, r[i].ilp,
                  r[i].gpc, m, r[i].gbs, m * 0.999, m * 0.9995, m, m * 1.0005, m * 1.001);
    }
    const char *json = "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                       "\"as_run\": { \"launch\": { \"GPC\": [\"1\", \"8\"], \"local\": [\"256\"] } } }";
    CHECK(mkdir_p(MC_DIR) == 0);
    CHECK(write_file_atomic(MC_DIR "/results.tsv", t.s, t.len) == 0);
    CHECK(write_file_atomic(MC_DIR "/run.json", json, strlen(json)) == 0);
    sb_free(&t);
    struct spec s;
    char *err = NULL;
    enum verdict v = V_COUNT;
    if (spec_load("templates/memcopy_ilp.spec", &s, &err)) { fprintf(stderr, "  %s\n", err); free(err); return v; }
    CHECK(s.nfindings > 0 && strstr(s.findings[0].claim, "at low occupancy it does not"));
    if (s.nfindings > 0) v = judged_in(MC_DIR, &s.findings[0], NULL);
    spec_free(&s);
    return v;
}

static void test_memcopy_occupancy(void)
{
    CHECK(memcopy_first(4.86, 4.11, 27.0) == V_FAILS);        /* PoCL: occupancy gave nothing */
    CHECK(memcopy_first(632, 2979, 3961) == V_HOLDS);         /* H200, 2026-11-22 */
    CHECK(memcopy_first(632, 1200, 3961) == V_FAILS);         /* more, but nowhere near the best copy */
}

/* "On rows": a part's own selector replaces the where's condition only where it is the one set the
 * part reads; memcopy_ilp's check reads VEC=1, ILP=1 (GPC=8) against VEC>=1, ILP>=1, and was said
 * "on rows: build=default, VEC>=1, ILP>=1", the second selector's alone. maths' pairs each read one. */
static void test_rows_said(void)
{
    struct spec_finding m = { .claim = "c", .where = "build=default, VEC=1, ILP=1",
                              .check = "max(gbs[GPC=8]) >= 0.5 * max(gbs[VEC>=1, ILP>=1])" };
    char *t = finding_rows_said(&m);
    CHECK_STR(t, "build=default, VEC=1, ILP=1");
    free(t);
    struct spec_finding p = { .claim = "c", .where = "build=default, GPC=0, local=32",
                              .compare = "max(median_ms[variant=a|b]) vs min(median_ms[variant=a|b]); "
                                         "max(median_ms[variant=a|b, GPC=8, local=256]) vs min(median_ms[variant=a|b, GPC=8, local=256])",
                              .claimed = "<= 1.05" };
    t = finding_rows_said(&p);
    CHECK_STR(t, "build=default, GPC=0, local=32 (pair 1); build=default, GPC=8, local=256 (pair 2)");
    free(t);
}

int main(void)
{
    RUN(test_rows_said);
    RUN(test_memcopy_occupancy);
    make_run();
    RUN(test_size_missed);
    RUN(test_size_nowhere);
    RUN(test_size_within);
    RUN(test_size_against);
    RUN(test_within_noise_floor);
    RUN(test_one_round);
    RUN(test_unsure_why);
    RUN(test_size_form);
    RUN(test_check_labelled);
    RUN(test_check_within_noise);
    RUN(test_rows_cut);
    RUN(test_parts_combined);
    RUN(test_every_reason);
    RUN(test_trace);
    RUN(test_ranges);
    RUN(test_spec_refusals);
    RUN(test_spec_variant_names);
    RUN(test_pct_best);
    RUN(test_peak_estimate);
    RUN(test_no_fp64);
    RUN(test_elsewhere);
    RUN(test_deviation_noise);
    CHECK_EXIT();
}
