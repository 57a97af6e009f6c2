/* test_axis.c — axis_expand: lists, FROM:TO:STEP ranges, geometric *F ranges, "max", size
 * suffixes, words, and the errors for malformed axis text. */
#include "spec/axis.h"
#include "check.h"
#include <stdlib.h>

/* expands: 1 when text (with max) expands without error to exactly the values in want, written
 * as one space-separated string; prints what it got otherwise. */
static int expands(const char *text, double max, const char *want)
{
    struct strlist l = {0};
    char *err = NULL;
    int rc = axis_expand(text, max, &l, &err);
    struct sbuf got = {0};
    for (int i = 0; i < l.n; i++) sb_printf(&got, "%s%s", i ? " " : "", l.v[i]);
    int ok = rc == 0 && err == NULL && strcmp(got.s ? got.s : "", want) == 0;
    if (!ok)
        fprintf(stderr, "  axis '%s' (max %g): rc %d, got \"%s\", want \"%s\"%s%s\n", text, max, rc,
                got.s ? got.s : "", want, err ? ", error: " : "", err ? err : "");
    sb_free(&got);
    sl_free(&l);
    free(err);
    return ok;
}

/* fails: the error text of a text that must not expand (a new string), or NULL when it expanded. */
static char *fails(const char *text, double max)
{
    struct strlist l = {0};
    char *err = NULL;
    int rc = axis_expand(text, max, &l, &err);
    sl_free(&l);
    if (rc == 0) {
        fprintf(stderr, "  axis '%s' expanded, but it should fail\n", text);
        free(err);
        return NULL;
    }
    return err;
}

/* check_fails: text (with max) must not expand, and its error is want, or holds it where part. */
static void check_fails(const char *text, double max, const char *want, int part)
{
    char *e = fails(text, max);
    if (part) CHECK_CONTAINS(e, want);
    else CHECK_STR(e, want);
    free(e);
}

/* check_format: axis_format_number(x) is want. */
static void check_format(double x, const char *want)
{
    char *t = axis_format_number(x);
    CHECK_STR(t, want);
    free(t);
}

static void test_lists(void)
{
    CHECK(expands("1,2,4", 0, "1 2 4"));
    CHECK(expands(" 8 , 16 ,32 ", 0, "8 16 32"));
    CHECK(expands("7", 0, "7"));
    CHECK(expands("4,2,4", 0, "4 2 4"));          /* order and repeats kept */
    CHECK(expands("-3", 0, "-3"));
}

static void test_ranges(void)
{
    CHECK(expands("64:256:64", 0, "64 128 192 256"));
    CHECK(expands("64:250:64", 0, "64 128 192"));  /* TO need not be hit */
    CHECK(expands("1:4", 0, "1 2 3 4"));           /* step 1 by default */
    CHECK(expands("5:5", 0, "5"));
    CHECK(expands("-4:4:4", 0, "-4 0 4"));
    CHECK(expands("1.5:3", 0, "1.5 2.5"));
    CHECK(expands("1K:3K:1K", 0, "1000 2000 3000"));
    CHECK(expands("1,8:12:2,100", 0, "1 8 10 12 100"));
    CHECK(expands("0:1:0.25", 0, "0 0.25 0.5 0.75 1"));
}

static void test_geometric(void)
{
    CHECK(expands("1:10:*3", 0, "1 3 9"));
    CHECK(expands("1Ki:8Ki:*2", 0, "1024 2048 4096 8192"));
    CHECK(expands("2:2:*2", 0, "2"));
}

static void test_max(void)
{
    CHECK(expands("32:max:*2", 256, "32 64 128 256"));
    CHECK(expands("64:max:64", 256, "64 128 192 256"));
    CHECK(expands("64:max:64", 200, "64 128 192"));
    CHECK(expands("max", 1024, "1024"));
    CHECK(expands("32,max", 512, "32 512"));
    check_fails("32:max:*2", 0, "'max' is not known here", 1);
    check_fails("1:max", 0, "'max' is not known here", 1);
    /* A lone "max" with no maximum is an ordinary word (a template value such as OP=max). */
    CHECK(expands("max", 0, "max"));
}

static void test_suffixes(void)
{
    CHECK(expands("10M", 0, "10000000"));
    CHECK(expands("10M,100M,200M", 0, "10000000 100000000 200000000"));
    CHECK(expands("64Ki", 0, "65536"));
    CHECK(expands("2G", 0, "2000000000"));
    CHECK(expands("0x40", 0, "64"));
}

static void test_number_format(void)
{
    CHECK(expands("0.9999", 0, "0.9999"));
    CHECK(expands("0.75,0.125", 0, "0.75 0.125"));
    CHECK(expands("1e-3", 0, "0.001"));
    CHECK(expands("2.50", 0, "2.5"));
    check_format(0.1, "0.1");
    check_format(1.0 / 3.0, "0.3333333333333333");   /* shortest text that reads back the same */
    check_format(4096, "4096");
    check_format(-0.5, "-0.5");
    check_format(1e16, "1e+16");                     /* beyond exact integers: %g form */
}

static void test_words(void)
{
    CHECK(expands("naive,fast", 0, "naive fast"));
    CHECK(expands(" prag , noprag , fma ", 0, "prag noprag fma"));
    CHECK(expands("_x,K2", 0, "_x K2"));
    CHECK(expands("1, foo, 2K", 0, "1 foo 2000"));
}

static void test_errors(void)
{
    /* The text, its error, and whether that is a part of the error (1) or all of it (0). */
    static const struct { const char *text, *error; int part; } bad[] = {
        { "5:1", "range '5:1' is empty (FROM > TO)", 0 },
        { "1:x", "'x' is not a number", 0 },
        { "1:10:0", "range '1:10:0': step '0' must be a positive number", 1 },
        { "1:10:-2", "step '-2'", 1 },
        { "1:10:*1", "step '*1'", 1 },                   /* a geometric factor must be > 1 */
        { "0:8:*2", "a geometric range must start above 0", 1 },
        { "1:2:3:4", "range '1:2:3:4' must be FROM:TO or FROM:TO:STEP", 0 },
        { "1,,2", "empty value in '1,,2'", 0 },
        { "", "empty value in ''", 0 },
        { "4,", "empty value", 1 },
        { "1.5.3", "'1.5.3' is neither a number", 1 },
        { "a-b", "'a-b' is neither a number", 1 },
        { "2 * N", "'2 * N' is neither a number", 1 },   /* expressions are not axis values */
        { "1:1000000", "too many values", 1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) check_fails(bad[i].text, 0, bad[i].error, bad[i].part);
}

/* Regression (src/spec/axis.c expand_range, the `x = x + step` loop): an arithmetic range with a fractional
 * step accumulates rounding error, so "0:1:0.1" gives 0.30000000000000004, 0.7999999999999999,
 * 0.8999999999999999 and 0.9999999999999999 instead of 0.3, 0.8, 0.9 and 1. This test states the
 * values a user writing that range means. */
static void test_fractional_step(void)
{
    CHECK(expands("0:1:0.1", 0, "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1"));
    CHECK(expands("0.1:0.3:0.1", 0, "0.1 0.2 0.3"));
}

int main(void)
{
    RUN(test_lists);
    RUN(test_ranges);
    RUN(test_geometric);
    RUN(test_max);
    RUN(test_suffixes);
    RUN(test_number_format);
    RUN(test_words);
    RUN(test_errors);
    RUN(test_fractional_step);
    CHECK_EXIT();
}
