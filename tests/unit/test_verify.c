/* test_verify.c — verify_compare's tolerance rules, NaN/inf handling, report text and poison patterns. */
#include "check.h"
#include "measure/verify.h"
#include "lib/util.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void test_default_tol(void)
{
    CHECK(verify_default_tol(CT_INT) == 0);
    CHECK(verify_default_tol(CT_ULONG) == 0);
    CHECK(verify_default_tol(CT_CHAR) == 0);
    CHECK(verify_default_tol(CT_FLOAT) == 1e-5);
    CHECK(verify_default_tol(CT_DOUBLE) == 1e-12);
}

/* compare: verify_compare into r (NULL: not kept), the report of r's last comparison freed first. */
static size_t compare(const struct verify_job *j, struct verify_result *r)
{
    if (r) verify_result_free(r);
    return verify_compare(j, r);
}

static void test_int_exact(void)
{
    int32_t want[4] = {1, -2, 3, 2000000000}, got[4] = {1, -2, 3, 2000000000};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "c", .type = CT_INT, .got = got, .want = want,
                                               .count = 4 }, &r) == 0);
    CHECK(r.checked == 4 && r.mismatches == 0);
    CHECK(r.report == NULL);                  /* none differs */
    CHECK(r.max_abs_err == 0);
    got[1] = -3;
    CHECK(compare(&(struct verify_job){ .name = "c", .type = CT_INT, .got = got, .want = want,
                                               .count = 4 }, &r) == 1);
    CHECK_STR(r.report, "c[1]: got -3 expected -2");
    CHECK_NEAR(r.max_abs_err, 1, 0);
    CHECK_NEAR(r.max_rel_err, 0.5, 1e-15);
    verify_result_free(&r);
}

static void test_uchar_exact(void)
{
    uint8_t want[3] = {0, 255, 7}, got[3] = {0, 254, 7};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "b", .type = CT_UCHAR, .got = got, .want = want,
                                               .count = 3 }, &r) == 1);
    CHECK_STR(r.report, "b[1]: got 254 expected 255");
    verify_result_free(&r);
}

static void test_long_beyond_double(void)
{
    /* 2^60 and 2^60+1 are the same double; as integers they differ. */
    int64_t want[2] = {(int64_t)1 << 60, -((int64_t)1 << 60) - 1};
    int64_t got[2] = {((int64_t)1 << 60) + 1, -((int64_t)1 << 60) - 1};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "l", .type = CT_LONG, .got = got, .want = want,
                                               .count = 2 }, &r) == 1);
    CHECK_STR(r.report, "l[0]: got 1152921504606846977 expected 1152921504606846976");
    CHECK_NEAR(r.max_abs_err, 1, 0);

    uint64_t uw[2] = {UINT64_MAX, 5}, ug[2] = {UINT64_MAX - 1, 5};
    CHECK(compare(&(struct verify_job){ .name = "u", .type = CT_ULONG, .got = ug, .want = uw,
                                               .count = 2 }, &r) == 1);
    CHECK_STR(r.report, "u[0]: got 18446744073709551614 expected 18446744073709551615");
    ug[0] = UINT64_MAX;
    CHECK(compare(&(struct verify_job){ .name = "u", .type = CT_ULONG, .got = ug, .want = uw,
                                               .count = 2 }, &r) == 0);
    /* The extremes of long: the difference does not overflow. */
    int64_t a[1] = {INT64_MIN}, b[1] = {INT64_MAX};
    CHECK(compare(&(struct verify_job){ .name = "x", .type = CT_LONG, .got = a, .want = b,
                                               .count = 1 }, &r) == 1);
    CHECK_NEAR(r.max_abs_err, 18446744073709551615.0, 0);
    verify_result_free(&r);
}

static void test_int_with_tolerance(void)
{
    int32_t want[2] = {100, 100}, got[2] = {101, 103};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "t", .type = CT_INT, .got = got, .want = want, .count = 2,
                                               .atol = 2 }, &r) == 1);
    CHECK_STR(r.report, "t[1]: got 103 expected 100");
    CHECK_NEAR(r.max_abs_err, 3, 0);
    verify_result_free(&r);
}

static void test_float_tolerance(void)
{
    float want[3] = {1.0f, 100.0f, 0.0f}, got[3] = {1.000005f, 100.0009f, 0.0f};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "f", .type = CT_FLOAT, .got = got, .want = want, .count = 3,
                                               .rtol = 1e-5 }, &r) == 0);
    CHECK(r.checked == 3);
    CHECK(r.max_abs_err > 0.0008 && r.max_abs_err < 0.001);
    CHECK(r.max_rel_err > 4e-6 && r.max_rel_err < 1e-5);
    got[0] = 1.0001f;
    CHECK(compare(&(struct verify_job){ .name = "f", .type = CT_FLOAT, .got = got, .want = want, .count = 3,
                                               .rtol = 1e-5 }, &r) == 1);
    CHECK_STR(r.report, "f[0]: got 1.00010002 expected 1");
    /* atol covers an output that should be 0, where rtol alone cannot. */
    got[0] = 1.0f;
    got[2] = 1e-7f;
    CHECK(compare(&(struct verify_job){ .name = "f", .type = CT_FLOAT, .got = got, .want = want, .count = 3,
                                               .rtol = 1e-5 }, &r) == 1);
    CHECK(compare(&(struct verify_job){ .name = "f", .type = CT_FLOAT, .got = got, .want = want, .count = 3,
                                               .rtol = 1e-5, .atol = 1e-6 }, &r) == 0);
    verify_result_free(&r);
}

static void test_double_tolerance(void)
{
    double want[2] = {1.0, 0.1}, got[2] = {1.0 + 1e-13, 0.1 + 1e-12};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "d", .type = CT_DOUBLE, .got = got, .want = want, .count = 2,
                                               .rtol = 1e-12 }, &r) == 1);
    CHECK_CONTAINS(r.report, "d[1]: got 0.100000000001");
    CHECK_CONTAINS(r.report, "expected 0.10000000000000001");
    verify_result_free(&r);
}

static void test_poison_is_nan(void)
{
    float f[3];
    double d[3];
    verify_poison(CT_FLOAT, f, 3);
    verify_poison(CT_DOUBLE, d, 3);
    for (int i = 0; i < 3; i++) CHECK(isnan(f[i]) && isnan(d[i]));
    uint32_t fb;
    uint64_t db;
    memcpy(&fb, &f[2], 4);
    memcpy(&db, &d[2], 8);
    CHECK(fb == 0x7FC0DEADu);
    CHECK(db == 0x7FF8DEADBEEF0000ull);
    unsigned char c[10];
    verify_poison(CT_UCHAR, c, 10);
    CHECK(c[0] == 0xDE && c[1] == 0xAD && c[2] == 0xBE && c[3] == 0xEF && c[4] == 0xDE && c[9] == 0xAD);
    int32_t w[2];
    verify_poison(CT_INT, w, 2);
    CHECK(memcmp(w, "\xDE\xAD\xBE\xEF\xDE\xAD\xBE\xEF", 8) == 0);
}

/* A buffer big enough to be split over the host's cores: every element, in every part and at every
 * part's edge, holds the pattern (bytes of a char type, whose parts start mid-pattern, too). */
static void test_poison_split(void)
{
    size_t nf = ((size_t)3 << 20) + 3, nc = ((size_t)5 << 20) + 3;
    float *f = malloc(nf * sizeof *f);
    unsigned char *c = malloc(nc);
    verify_poison(CT_FLOAT, f, nf);
    verify_poison(CT_UCHAR, c, nc);
    static const unsigned char pat[4] = {0xDE, 0xAD, 0xBE, 0xEF};
    size_t badf = 0, badc = 0;
    for (size_t i = 0; i < nf; i++) {
        uint32_t b;
        memcpy(&b, &f[i], 4);
        badf += b != 0x7FC0DEADu;
    }
    for (size_t i = 0; i < nc; i++) badc += c[i] != pat[i % 4];
    CHECK(badf == 0);
    CHECK(badc == 0);
    free(f);
    free(c);
}

static void test_poison_caught(void)
{
    /* An element the kernel never wrote keeps its poison and must fail, whatever the tolerance. */
    float want[4] = {1, 2, 3, 4}, got[4];
    verify_poison(CT_FLOAT, got, 4);
    got[0] = 1; got[1] = 2; got[3] = 4;
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "out", .type = CT_FLOAT, .got = got, .want = want,
                                               .count = 4, .rtol = 1e30, .atol = 1e30 }, &r) == 1);
    CHECK_CONTAINS(r.report, "out[2]: got ");
    CHECK_CONTAINS(r.report, "nan expected 3");
    CHECK(isinf(r.max_abs_err));
    double dw[1] = {5}, dg[1];
    verify_poison(CT_DOUBLE, dg, 1);
    CHECK(compare(&(struct verify_job){ .name = "o", .type = CT_DOUBLE, .got = dg, .want = dw, .count = 1,
                                               .rtol = 1e-12 }, &r) == 1);
    int32_t iw[1] = {7}, ig[1];
    verify_poison(CT_INT, ig, 1);
    CHECK(compare(&(struct verify_job){ .name = "o", .type = CT_INT, .got = ig, .want = iw,
                                               .count = 1 }, &r) == 1);
    verify_result_free(&r);
}

/* Elements the kernel never wrote (a global size short of the output) hold the poison: counted and
 * said as never written, with the first, so that a run's end does not blame the reference for them;
 * a wrong value beside them is not counted among them. */
static void test_unwritten(void)
{
    float want[8] = {1, 2, 3, 4, 5, 6, 7, 8}, got[8];
    verify_poison(CT_FLOAT, got, 8);
    for (int i = 0; i < 5; i++) got[i] = want[i];
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "out", .type = CT_FLOAT, .got = got, .want = want, .count = 8 }, &r) == 3);
    CHECK(r.unwritten == 3);
    CHECK_CONTAINS(r.report, "; all 3 of them never written (they hold the poison the output starts as), the first "
                             "out[5]: does the global size give every element a work-item?");
    got[0] = 9;
    CHECK(compare(&(struct verify_job){ .name = "out", .type = CT_FLOAT, .got = got, .want = want, .count = 8 }, &r) == 4);
    CHECK(r.unwritten == 3);
    CHECK_CONTAINS(r.report, "; 3 of them never written");
    /* Bytes: the pattern's phase follows the element's index. */
    unsigned char cw[6] = {1, 2, 3, 4, 5, 6}, cg[6];
    verify_poison(CT_UCHAR, cg, 6);
    cg[0] = 1;
    CHECK(compare(&(struct verify_job){ .name = "b", .type = CT_UCHAR, .got = cg, .want = cw, .count = 6 }, &r) == 5);
    CHECK(r.unwritten == 5);
    /* A wrong byte that happens to be the pattern's at its place (0xAD at an index 1 past a multiple
     * of 4) is a value written, its neighbours not the pattern: not said as never written. */
    unsigned char bw[8] = {10, 11, 12, 13, 14, 15, 16, 17}, bg[8] = {9, 0xAD, 9, 9, 9, 9, 9, 9};
    CHECK(compare(&(struct verify_job){ .name = "b", .type = CT_UCHAR, .got = bg, .want = bw, .count = 8 }, &r) == 8);
    CHECK(r.unwritten == 0 && strstr(r.report, "never written") == NULL);
    /* Shorts: two in a row hold the pattern's 4 bytes. */
    uint16_t sw[4] = {1, 2, 3, 4}, sg[4];
    verify_poison(CT_USHORT, sg, 4);
    sg[0] = 7;
    sg[3] = 7;
    CHECK(compare(&(struct verify_job){ .name = "s", .type = CT_USHORT, .got = sg, .want = sw, .count = 4 }, &r) == 4);
    CHECK(r.unwritten == 2);
    sg[2] = 7;
    CHECK(compare(&(struct verify_job){ .name = "s", .type = CT_USHORT, .got = sg, .want = sw, .count = 4 }, &r) == 4);
    CHECK(r.unwritten == 0);
    /* A wrong answer written everywhere: none never written, nothing said of it. */
    for (int i = 0; i < 8; i++) got[i] = want[i] + 1;
    CHECK(compare(&(struct verify_job){ .name = "out", .type = CT_FLOAT, .got = got, .want = want, .count = 8 }, &r) == 8);
    CHECK(r.unwritten == 0 && strstr(r.report, "never written") == NULL);
    verify_result_free(&r);
}

static void test_nan_inf(void)
{
    double want[5] = {NAN, INFINITY, -INFINITY, INFINITY, 1e300};
    double got[5] = {NAN, INFINITY, -INFINITY, -INFINITY, INFINITY};
    struct verify_result r = {0};
    /* Only [3] (-inf for inf) and [4] (inf for a finite value) differ, even with a huge atol. */
    CHECK(compare(&(struct verify_job){ .name = "v", .type = CT_DOUBLE, .got = got, .want = want, .count = 5,
                                               .rtol = 1e-12, .atol = 1e308 }, &r) == 2);
    CHECK_STR(r.report, "v[3]: got -inf expected inf; v[4]: got inf expected 1.0000000000000001e+300");
    got[0] = 0;  /* a number where NaN was expected is wrong too */
    CHECK(compare(&(struct verify_job){ .name = "v", .type = CT_DOUBLE, .got = got, .want = want, .count = 1,
                                               .rtol = 1e-12 }, &r) == 1);
    verify_result_free(&r);
}

static void test_report_more(void)
{
    int16_t want[10] = {0}, got[10] = {0};
    for (int i = 1; i < 9; i++) got[i] = (int16_t)(i * 10);  /* 8 mismatches: [1]..[8] */
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "s", .type = CT_SHORT, .got = got, .want = want,
                                               .count = 10 }, &r) == 8);
    CHECK(r.checked == 10 && r.mismatches == 8);
    CHECK_STR(r.report, "s[1]: got 10 expected 0; s[2]: got 20 expected 0; s[3]: got 30 expected 0; "
                        "s[4]: got 40 expected 0; s[5]: got 50 expected 0, ... 3 more");
    /* Exactly VERIFY_SHOW mismatches: no "more" tail. */
    got[6] = got[7] = got[8] = 0;
    CHECK(compare(&(struct verify_job){ .name = "s", .type = CT_SHORT, .got = got, .want = want,
                                               .count = 10 }, &r) == 5);
    CHECK(strstr(r.report, "more") == NULL);
    verify_result_free(&r);
}

static void test_idx_subset(void)
{
    uint32_t want[6] = {1, 2, 3, 4, 5, 6}, got[6] = {9, 2, 3, 9, 5, 9};
    size_t idx[3] = {1, 3, 4};
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = "g", .type = CT_UINT, .got = got, .want = want, .count = 6,
                                               .idx = idx, .nidx = 3 }, &r) == 1);
    CHECK(r.checked == 3);
    CHECK_STR(r.report, "g[3]: got 9 expected 4");
    size_t ok_idx[2] = {1, 2};
    CHECK(compare(&(struct verify_job){ .name = "g", .type = CT_UINT, .got = got, .want = want, .count = 6,
                                               .idx = ok_idx, .nidx = 2 }, &r) == 0);
    CHECK(r.checked == 2);
    verify_result_free(&r);
}

static void test_null_result(void)
{
    char want[2] = {1, 2}, got[2] = {1, 3};
    CHECK(compare(&(struct verify_job){ .name = "n", .type = CT_CHAR, .got = got, .want = want,
                                               .count = 2 }, NULL) == 1);
}

/* An output of a long name: the report names every element it shows whole (it was a field of 1024
 * bytes, which five elements of a 200-character name overran). */
static void test_report_whole(void)
{
    int32_t want[6] = {0}, got[6] = {1, 2, 3, 4, 5, 6};
    char name[201];
    memset(name, 'n', 200);
    name[200] = '\0';
    struct verify_result r = {0};
    CHECK(compare(&(struct verify_job){ .name = name, .type = CT_INT, .got = got, .want = want, .count = 6 }, &r) == 6);
    CHECK(r.report && str_ends(r.report, "[4]: got 5 expected 0, ... 1 more"));
    verify_result_free(&r);
}

int main(void)
{
    RUN(test_default_tol);
    RUN(test_int_exact);
    RUN(test_uchar_exact);
    RUN(test_long_beyond_double);
    RUN(test_int_with_tolerance);
    RUN(test_float_tolerance);
    RUN(test_double_tolerance);
    RUN(test_poison_is_nan);
    RUN(test_poison_split);
    RUN(test_poison_caught);
    RUN(test_unwritten);
    RUN(test_nan_inf);
    RUN(test_report_more);
    RUN(test_idx_subset);
    RUN(test_null_result);
    RUN(test_report_whole);
    CHECK_EXIT();
}
