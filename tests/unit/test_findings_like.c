/* test_findings_like.c — the shipped specs' findings set like rows against each other: each finding
 * here once set one side's rows against another's of another configuration (taylor's deviations of
 * one TERMS or size against another's, histogram's best work-group size of each kernel, expint's best
 * of every size and precision, or of every size at each Y and work-group size), and a run made here,
 * on which the like-for-like claim holds or not at every configuration, got the opposite verdict
 * from the mix. Each case: a spec's finding (by the
 * start of its claim), a run's rows, the verdict the like rows give. */
#include "check.h"
#include "runfixture.h"
#include "runsay.h"
#include "lib/util.h"
#include "report/findings.h"
#include "spec/spec.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_findings_like"
/* run.json of a run whose launch axes are those in axes (a JSON object's members). */
#define JSON(axes) "{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, \"as_run\": { \"launch\": { " axes " } } }"
#define TAYLOR_AXES JSON("\"N\": [\"4Mi\"], \"TERMS\": [\"1\"], \"local\": [\"64\"]")
#define HISTOGRAM_AXES JSON("\"N\": [\"1M\"], \"BINS\": [\"32\"], \"local\": [\"64\"]")
#define EXPINT_AXES JSON("\"ORDERS\": [\"5000\"], \"SAMPLES\": [\"5000\"], \"Y\": [\"128\"], \"local\": [\"256\"]")
/* Five tight rounds about 1 ms: a deviation or a time whose noise decides nothing here. */
#define ROUNDS "0.9998;0.9999;1;1.0001;1.0002"

/* judged_on: the finding of templates/SPEC.spec whose claim begins with claim, judged on the run of
 * results.tsv text tsv and run.json json; V_COUNT where the spec, the finding or the run is not
 * found (said on stderr). */
static enum verdict judged_on(const char *spec, const char *claim, const char *tsv, const char *json)
{
    char *path = xasprintf("templates/%s.spec", spec), *err = NULL;
    struct spec s;
    enum verdict v = V_COUNT;
    if (spec_load(path, &s, &err)) {
        fprintf(stderr, "  %s\n", err);
        free(err);
        free(path);
        return v;
    }
    remove_tree(DIR_);
    write_run(DIR_, tsv, strlen(tsv), json);
    int found = 0;
    for (int i = 0; i < s.nfindings && !found; i++) {
        if (strncmp(s.findings[i].claim, claim, strlen(claim))) continue;
        struct finding_result fr;
        found = 1;
        v = run_judged(DIR_, &s.findings[i], &fr);
        /* What it said, for the reader of a failure. */
        if (v != V_COUNT) fprintf(stderr, "  %s: %s: %s\n", claim, verdict_text(v), v == V_NODATA ? fr.why : fr.measured);
        finding_result_free(&fr);
    }
    if (!found) fprintf(stderr, "  %s: no finding '%s...'\n", path, claim);
    spec_free(&s);
    free(path);
    return v;
}

/* taylor_rows: results.tsv of variant's rows at DATA_BYTES = 8 * n, each "TERMS local dev" of the
 * list (dev_row_avg), its rounds tight. A new string. */
static char *taylor_rows(const char *variant, const char *const *rows, int nrows)
{
    struct sbuf b = {0};
    sb_printf(&b, "experiment\tvariant\tbuild\tN\tTERMS\tDATA_BYTES\tlocal\tstatus\tmedian_ms\tdev_row_avg\tround_ms\n");
    for (int i = 0; i < nrows; i++) {
        double n, terms, local, dev;
        CHECK(sscanf(rows[i], "%lf %lf %lf %lf", &n, &terms, &local, &dev) == 4);
        sb_printf(&b, "taylor\t%s\tdefault\t%.0f\t%.0f\t%.0f\t%.0f\tok\t1\t%g\t" ROUNDS "\n", variant, n, terms, 8 * n, local, dev);
    }
    return b.s;
}

/* "local 256 the slowest of the 32 MiB row at every TERMS": at TERMS 1 the row's 64 is above its
 * average too, less than 256; at 2, 4 and 8 the row is flatter. The mix set 256 at TERMS 8 (+0.1)
 * against 64 at TERMS 1 (+0.3): does not hold, where 256 is the slowest of every row. */
static void test_taylor_one_terms(void)
{
    static const char *const rows[] = {
        "4194304 1 64 0.3", "4194304 1 128 -0.8", "4194304 1 256 0.5",
        "4194304 2 64 -0.1", "4194304 2 128 0", "4194304 2 256 0.1",
        "4194304 4 64 -0.1", "4194304 4 128 0", "4194304 4 256 0.1",
        "4194304 8 64 -0.1", "4194304 8 128 0", "4194304 8 256 0.1",
    };
    char *tsv = taylor_rows("for_consecutive", rows, sizeof rows / sizeof *rows);
    CHECK(judged_on("taylor", "for_consecutive: the 64-byte transactions", tsv, TAYLOR_AXES) == V_HOLDS);
    free(tsv);
}

/* "320 slower than its neighbours 256 and 384 in every row": one row (128 MiB, TERMS 1) far above
 * its average at 256 and more at 320; the others flat. The mix set 320 of a flat row against 256 of
 * the steep one. */
static void test_taylor_one_row(void)
{
    struct sbuf rows = {0};
    const char *n[] = { "16777216", "33554432" };
    for (int d = 0; d < 2; d++)
        for (int t = 1; t <= 4; t *= 2) {
            int steep = d == 0 && t == 1;
            sb_printf(&rows, "%s %d 256 %s\n%s %d 320 %s\n%s %d 384 %s\n", n[d], t, steep ? "0.2" : "-0.2", n[d], t,
                      steep ? "0.3" : "0.05", n[d], t, steep ? "-0.5" : "-0.1");
        }
    struct strlist l = {0};
    sl_split(&l, rows.s, '\n');
    char *tsv = taylor_rows("for_strided", (const char *const *)l.v, l.n - (l.n && !*l.v[l.n - 1]));
    CHECK(judged_on("taylor", "for_strided: for some reason", tsv, TAYLOR_AXES) == V_HOLDS);
    free(tsv);
    sl_free(&l);
    sb_free(&rows);
}

/* "1024 within 0.05 of the row's best deviation, at every TERMS": at 128 MiB 1024 and 256 are
 * both 0.3 below the row average, at 256 MiB both at it. The mix set 1024 at 256 MiB (0) against
 * the best of 128 MiB (-0.3). */
static void test_taylor_one_size(void)
{
    struct sbuf rows = {0};
    for (int t = 1; t <= 8; t *= 2)
        sb_printf(&rows, "16777216 %d 256 -0.3\n16777216 %d 1024 -0.3\n16777216 %d 64 0.6\n"
                         "33554432 %d 256 0\n33554432 %d 1024 0\n33554432 %d 64 0\n", t, t, t, t, t, t);
    struct strlist l = {0};
    sl_split(&l, rows.s, '\n');
    char *tsv = taylor_rows("for_strided", (const char *const *)l.v, l.n - (l.n && !*l.v[l.n - 1]));
    CHECK(judged_on("taylor", "for_strided: the kernel performs best with the largest block size", tsv, TAYLOR_AXES) == V_HOLDS);
    free(tsv);
    sl_free(&l);
    sb_free(&rows);
}

/* histogram at 1M values: coalesced as fast as naive at every work-group size but 1024, where its
 * grid-stride reads spread over 1024 work-items against naive's 123. Each kernel's best set that
 * 1024 against naive's 64 and held "3.4x faster"; at the seed's 256 they are one speed. */
static void test_histogram_one_local(void)
{
    const char *tsv =
        "experiment\tvariant\tbuild\tN\tBINS\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "h\tnaive\tdefault\t1000000\t4096\t64\tok\t10\t9.998;9.999;10;10.001;10.002\n"
        "h\tnaive\tdefault\t1000000\t4096\t256\tok\t10\t9.998;9.999;10;10.001;10.002\n"
        "h\tnaive\tdefault\t1000000\t4096\t1024\tok\t10\t9.998;9.999;10;10.001;10.002\n"
        "h\tcoalesced\tdefault\t1000000\t4096\t64\tok\t10\t9.998;9.999;10;10.001;10.002\n"
        "h\tcoalesced\tdefault\t1000000\t4096\t256\tok\t10\t9.998;9.999;10;10.001;10.002\n"
        "h\tcoalesced\tdefault\t1000000\t4096\t1024\tok\t3\t2.998;2.999;3;3.001;3.002\n";
    CHECK(judged_on("histogram", "Coalesced (strided) reads are 3.4x faster", tsv, HISTOGRAM_AXES) == V_FAILS);
    /* The access pattern alone, at 64 and 128 (128 work-items both): naive slower at 64, faster at
     * 128; each best set naive's 128 (4 ms) against coalesced's 64 (3.5) and held. */
    const char *pattern =
        "experiment\tvariant\tbuild\tN\tBINS\tlocal\tstatus\tmedian_ms\tround_ms\n"
        "h\tnaive\tdefault\t1000000\t32\t64\tok\t5\t4.999;4.9995;5;5.0005;5.001\n"
        "h\tnaive\tdefault\t1000000\t32\t128\tok\t4\t3.999;3.9995;4;4.0005;4.001\n"
        "h\tcoalesced\tdefault\t1000000\t32\t64\tok\t3.5\t3.499;3.4995;3.5;3.5005;3.501\n"
        "h\tcoalesced\tdefault\t1000000\t32\t128\tok\t4.5\t4.499;4.4995;4.5;4.5005;4.501\n"
        "h\tnaive\tdefault\t1000000\t4096\t64\tok\t5\t4.999;4.9995;5;5.0005;5.001\n"
        "h\tnaive\tdefault\t1000000\t4096\t128\tok\t4\t3.999;3.9995;4;4.0005;4.001\n"
        "h\tcoalesced\tdefault\t1000000\t4096\t64\tok\t3.5\t3.499;3.4995;3.5;3.5005;3.501\n"
        "h\tcoalesced\tdefault\t1000000\t4096\t128\tok\t4.5\t4.499;4.4995;4.5;4.5005;4.501\n";
    CHECK(judged_on("histogram", "Coalesced (strided) reads are faster than naive: the access pattern", pattern, HISTOGRAM_AXES) == V_FAILS);
}

/* expint at the seed's grid: float 60x at n = m = 5000 and 10x at 20000, double 40x and 8x. The best
 * of every size and precision (60x, at 5000) held "55x at 20000"; at 20000 both miss 20x. And
 * the growth from 5000 to 20000, 2.2x for each precision: the least at 20000 (double's 22x)
 * against the most at 5000 (float's 20x) was 1.1x, short of the claimed 1.3x. */
static void test_expint_one_size(void)
{
    const char *head = "experiment\tvariant\tbuild\tORDERS\tSAMPLES\tY\tlocal\tstatus\tmedian_ms\tspeedup_vs_cpu\n";
    char *tsv = xasprintf("%s"
                          "e\tfloat\tdefault\t5000\t5000\t128\t256x1\tok\t1\t60\n"
                          "e\tfloat\tdefault\t20000\t20000\t128\t256x1\tok\t1\t10\n"
                          "e\tdouble\tdefault\t5000\t5000\t128\t256x1\tok\t1\t40\n"
                          "e\tdouble\tdefault\t20000\t20000\t128\t256x1\tok\t1\t8\n", head);
    CHECK(judged_on("expint", "The GPU is 55x faster", tsv, EXPINT_AXES) == V_SIZE);
    free(tsv);
    tsv = xasprintf("%s"
                    "e\tfloat\tdefault\t5000\t5000\t128\t256x1\tok\t1\t20\n"
                    "e\tfloat\tdefault\t20000\t20000\t128\t256x1\tok\t1\t44\n"
                    "e\tdouble\tdefault\t5000\t5000\t128\t256x1\tok\t1\t10\n"
                    "e\tdouble\tdefault\t20000\t20000\t128\t256x1\tok\t1\t22\n", head);
    CHECK(judged_on("expint", "The speed-up over the CPU grows with the problem size", tsv, EXPINT_AXES) == V_HOLDS);
    free(tsv);
}

/* "The float kernel finishes much more quickly than the double one" at one size: at n = m = 5000,
 * where fixed costs hide the kernel, double takes 1.5x float's time, at 20000 3x. The least time of
 * every size set 5000's against 5000's (1.5x, short of 2x); the run's largest size holds. */
static void test_expint_float_one_size(void)
{
    const char *head = "experiment\tvariant\tbuild\tORDERS\tSAMPLES\tY\tlocal\tstatus\tmedian_ms\tround_ms\n";
    char *tsv = xasprintf("%s"
                          "e\tfloat\tdefault\t5000\t5000\t128\t256x1\tok\t1\t" ROUNDS "\n"
                          "e\tfloat\tdefault\t20000\t20000\t128\t256x1\tok\t10\t9.998;9.999;10;10.001;10.002\n"
                          "e\tdouble\tdefault\t5000\t5000\t128\t256x1\tok\t1.5\t1.4998;1.4999;1.5;1.5001;1.5002\n"
                          "e\tdouble\tdefault\t20000\t20000\t128\t256x1\tok\t30\t29.998;29.999;30;30.001;30.002\n", head);
    CHECK(judged_on("expint", "The float kernel finishes much more quickly", tsv, EXPINT_AXES) == V_HOLDS);
    free(tsv);
}

/* expint_rows: results.tsv of double's rows, each "ORDERS Y local ms" of the list (SAMPLES as ORDERS,
 * local as "LOCALx1"), its rounds tight about ms. A new string. */
static char *expint_rows(const char *const *rows, int nrows)
{
    struct sbuf b = {0};
    sb_printf(&b, "experiment\tvariant\tbuild\tORDERS\tSAMPLES\tY\tlocal\tstatus\tmedian_ms\tround_ms\n");
    for (int i = 0; i < nrows; i++) {
        int orders, y, local;
        double ms;
        CHECK(sscanf(rows[i], "%d %d %d %lf", &orders, &y, &local, &ms) == 4);
        sb_printf(&b, "e\tdouble\tdefault\t%d\t%d\t%d\t%dx1\tok\t%g\t%g;%g;%g;%g;%g\n", orders, orders, y, local, ms,
                  ms * 0.9998, ms * 0.9999, ms, ms * 1.0001, ms * 1.0002);
    }
    return b.s;
}

#define EXPINT_SIZES_AXES JSON("\"ORDERS\": [\"5000\", \"20000\"], \"SAMPLES\": [\"5000\", \"20000\"], " \
                               "\"Y\": [\"1\", \"2\", \"4\", \"8\", \"32\", \"128\"], \"local\": [\"32\", \"128\", \"256\", \"1024\"]")

/* expint's Y and work-group findings at one size: at n = m = 5000 every time is 1 ms (fixed costs
 * hide the kernel), at 20000 the seed's. The least time of every size took 5000's at each Y and each
 * work-group size: no fall, no worse block (does not hold), where at the run's largest size both hold. */
static void test_expint_y_local_one_size(void)
{
    static const char *const by_y[] = {
        "5000 1 256 1", "5000 2 256 1", "5000 4 256 1", "5000 8 256 1", "5000 32 256 1", "5000 128 256 1",
        "20000 1 256 4218", "20000 2 256 2639", "20000 4 256 1849", "20000 8 256 1591", "20000 32 256 1382",
        "20000 128 256 1330",
    };
    char *tsv = expint_rows(by_y, sizeof by_y / sizeof *by_y);
    CHECK(judged_on("expint", "Time falls as the grid's Y size grows", tsv, EXPINT_SIZES_AXES) == V_HOLDS);
    free(tsv);
    static const char *const by_local[] = {
        "5000 128 32 1", "5000 128 128 1", "5000 128 256 1", "5000 128 1024 1",
        "20000 128 32 1600", "20000 128 128 1330", "20000 128 256 1330", "20000 128 1024 1500",
    };
    tsv = expint_rows(by_local, sizeof by_local / sizeof *by_local);
    CHECK(judged_on("expint", "Block sizes of 128-256 are best", tsv, EXPINT_SIZES_AXES) == V_HOLDS);
    free(tsv);
}

int main(void)
{
    RUN(test_taylor_one_terms);
    RUN(test_taylor_one_row);
    RUN(test_taylor_one_size);
    RUN(test_histogram_one_local);
    RUN(test_expint_one_size);
    RUN(test_expint_float_one_size);
    RUN(test_expint_y_local_one_size);
    remove_tree(DIR_);
    CHECK_EXIT();
}
