/* test_expr.c — expr_eval (muparser with clx's functions and size suffixes), vars, parse_number. */
#include "check.h"
#include "lib/expr.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* eval: expr_eval with the variables v; returns its rc, the value in *out, the error in *err
 * (the caller frees it; NULL on success). */
static int eval(const char *text, const struct vars *v, double *out, char **err)
{
    *out = -12345;
    *err = NULL;
    return expr_eval(text, v, out, err);
}

/* value: the value of text, or -99999 (and a failure) when it does not evaluate. */
static double value(const char *text, const struct vars *v)
{
    double x;
    char *err;
    if (eval(text, v, &x, &err) != 0) {
        fprintf(stderr, "  '%s' failed: %s\n", text, err ? err : "(no message)");
        check_failures_in_case++;
        x = -99999;
    }
    free(err);
    return x;
}

static void test_arithmetic(void)
{
    struct vars v = {0};
    CHECK_NEAR(value("2 + 3 * 4", &v), 14, 0);
    CHECK_NEAR(value("(2 + 3) * 4", &v), 20, 0);
    CHECK_NEAR(value("7 / 2", &v), 3.5, 0);
    CHECK_NEAR(value("2 ^ 10", &v), 1024, 0);
    CHECK_NEAR(value("-3 + 1", &v), -2, 0);
    CHECK_NEAR(value("1.5e3", &v), 1500, 0);
    CHECK_NEAR(value("sqrt(16)", &v), 4, 0);
}

/* A lone '=' would assign (muparser's), never compare: refused, with what to write; ==, <=, >=
 * and != compare as before. */
static void test_lone_equals(void)
{
    struct vars v = {0};
    vars_set(&v, "a", 2);
    vars_set(&v, "b", 3);
    double r = 0;
    char *err = NULL;
    CHECK(expr_eval("a = b", &v, &r, &err) != 0 && err && strstr(err, "write '==' to compare"));
    free(err);
    err = NULL;
    CHECK(expr_eval("a == b", &v, &r, &err) == 0 && r == 0);
    CHECK(expr_eval("a <= b && b >= a && a != b", &v, &r, &err) == 0 && r == 1);
    vars_free(&v);
}

static void test_variables(void)
{
    struct vars v = {0};
    vars_set(&v, "N", 1000);
    vars_set(&v, "local", 64);
    vars_set(&v, "CU", 8);
    CHECK(v.n == 3);
    CHECK_NEAR(value("12 * N", &v), 12000, 0);
    CHECK_NEAR(value("CU * 8 * local", &v), 4096, 0);
    CHECK_NEAR(value("N / local", &v), 15.625, 0);
    double x = 0;
    CHECK(vars_get(&v, "local", &x) == 1);
    CHECK_NEAR(x, 64, 0);
    CHECK(vars_get(&v, "LOCAL", &x) == 0);   /* names are case-sensitive */
    CHECK(vars_get(&v, "M", &x) == 0);
    vars_free(&v);
    CHECK(v.n == 0 && v.names == NULL);
}

static void test_vars_set_replaces(void)
{
    struct vars v = {0};
    vars_set(&v, "N", 1);
    vars_set(&v, "M", 2);
    vars_set(&v, "N", 5);
    CHECK(v.n == 2);                      /* replaced, not added a second time */
    double x = 0;
    CHECK(vars_get(&v, "N", &x) == 1);
    CHECK_NEAR(x, 5, 0);
    CHECK_NEAR(value("N * 2 + M", &v), 12, 0);
    /* vars_copy: later values of the source replace the destination's. */
    struct vars w = {0};
    vars_set(&w, "N", 100);
    vars_set(&w, "K2", 7);
    vars_copy(&w, &v);
    CHECK(w.n == 3);
    CHECK_NEAR(value("N + M + K2", &w), 14, 0);
    vars_free(&v);
    vars_free(&w);
}

static void test_ternary_and_logic(void)
{
    struct vars v = {0};
    vars_set(&v, "STRIDE", 1);
    vars_set(&v, "CU", 4);
    vars_set(&v, "local", 256);
    vars_set(&v, "N", 1000);
    /* The vecsum spec's global size. */
    CHECK_NEAR(value("STRIDE ? CU * 8 * local : N / 4", &v), 8192, 0);
    vars_set(&v, "STRIDE", 0);
    CHECK_NEAR(value("STRIDE ? CU * 8 * local : N / 4", &v), 250, 0);
    CHECK_NEAR(value("N > 500 && local == 256", &v), 1, 0);
    CHECK_NEAR(value("N < 500 || local != 256", &v), 0, 0);
    vars_free(&v);
}

static void test_functions(void)
{
    struct vars v = {0};
    CHECK_NEAR(value("ceil_div(10, 4)", &v), 3, 0);
    CHECK_NEAR(value("ceil_div(12, 4)", &v), 3, 0);
    CHECK_NEAR(value("round_up(10, 4)", &v), 12, 0);
    CHECK_NEAR(value("round_up(1000003, 256)", &v), 1000192, 0);
    CHECK_NEAR(value("7 % 3", &v), 1, 0);                   /* a restriction's remainder, as C's fmod */
    CHECK_NEAR(value("2 * 7 % 4", &v), 2, 0);               /* binds as * and /, left to right: (2 * 7) % 4 */
    CHECK_NEAR(value("1 + 7 % 4", &v), 4, 0);               /* before + */
    CHECK_NEAR(value("-7 % 3", &v), -1, 0);
    CHECK_NEAR(value("64 % (8 * 4) == 0", &v), 1, 0);
    CHECK_NEAR(value("ceil(2.1)", &v), 3, 0);
    CHECK_NEAR(value("floor(2.9)", &v), 2, 0);
    CHECK_NEAR(value("min(3, 7)", &v), 3, 0);
    CHECK_NEAR(value("max(3, 7, 5)", &v), 7, 0);
}

static void test_suffixes_in_expressions(void)
{
    struct vars v = {0};
    vars_set(&v, "N", 10);
    CHECK_NEAR(value("10K", &v), 1e4, 0);
    CHECK_NEAR(value("10M", &v), 1e7, 0);
    CHECK_NEAR(value("2G", &v), 2e9, 0);
    CHECK_NEAR(value("2Ki", &v), 2048, 0);
    CHECK_NEAR(value("3Mi", &v), 3 * 1048576.0, 0);
    CHECK_NEAR(value("1.5Gi", &v), 1610612736.0, 0);
    CHECK_NEAR(value("3K + N", &v), 3010, 0);
    CHECK_NEAR(value("64Ki / 1Ki", &v), 64, 0);
    vars_free(&v);
}

/* A bare name or number is read without muparser (plain_value): the same values and the same
 * refusals as through it. */
static void test_plain(void)
{
    struct vars v = {0};
    vars_set(&v, "N", 1000);
    vars_set(&v, "_x2", 2.5);
    vars_set(&v, "bad", NAN);
    CHECK_NEAR(value("N", &v), 1000, 0);
    CHECK_NEAR(value("  N ", &v), 1000, 0);
    CHECK_NEAR(value("_x2", &v), 2.5, 0);
    CHECK_NEAR(value("12", &v), 12, 0);
    CHECK_NEAR(value("0.25", &v), 0.25, 0);
    CHECK_NEAR(value("4Ki", &v), 4096, 0);          /* a suffix: muparser's */
    double x;
    char *err;
    CHECK(eval("NN", &v, &x, &err) == -1);
    CHECK_CONTAINS(err, "unknown name 'NN'");
    free(err);
    CHECK(eval("bad", &v, &x, &err) == -2);          /* not a number: said as muparser's result is */
    CHECK_STR(err, "'bad' is not a number: bad itself is not a number (NaN)");
    free(err);
    vars_free(&v);
}

static void test_unknown_name(void)
{
    struct vars v = {0};
    vars_set(&v, "N", 10);
    double x;
    char *err;
    CHECK(eval("12 * NN", &v, &x, &err) == -1);
    CHECK_CONTAINS(err, "unknown name 'NN'");
    CHECK_CONTAINS(err, "12 * NN");
    free(err);
    CHECK(eval("n + 1", &v, &x, &err) == -1);      /* case matters */
    CHECK_CONTAINS(err, "'n'");
    free(err);
    /* A name near one there is: the one meant. */
    vars_set(&v, "STRIDE", 2);
    CHECK(eval("N * STRIDEE", &v, &x, &err) == -1);
    CHECK_STR(err, "unknown name 'STRIDEE' in 'N * STRIDEE': did you mean STRIDE?");
    free(err);
    /* Signs that make no operator are not a name ("unknown name '% N == 0 '" was said of "%%"). */
    CHECK(eval("STRIDE %% N == 0", &v, &x, &err) == -1);
    CHECK_STR(err, "'%%' in 'STRIDE %% N == 0' is not an operator (the operators: + - * / % ^, == != < <= > >=, && ||, ?:)");
    free(err);
    vars_free(&v);
}

static void test_syntax_errors(void)
{
    struct vars v = {0};
    double x;
    char *err;
    CHECK(eval("2 +", &v, &x, &err) == -1);
    CHECK_CONTAINS(err, "Unexpected end of expression");
    CHECK_CONTAINS(err, "in '2 +'");
    free(err);
    CHECK(eval("(1 + 2", &v, &x, &err) == -1);
    CHECK_CONTAINS(err, "parenthesis");
    CHECK_CONTAINS(err, "'(1 + 2'");
    free(err);
    CHECK(eval("2 3", &v, &x, &err) == -1);
    CHECK_CONTAINS(err, "in '2 3'");
    free(err);
    /* muparser counts a position from 0 ("position 5" was the 6th character, the '*'): said
     * counting from 1, as an editor's column is, and none at the end of the text (muparser's
     * end lies past it). */
    vars_set(&v, "VEC", 4);
    CHECK(eval("VEC +* 2", &v, &x, &err) == -1);
    CHECK_STR(err, "Unexpected operator \"*\" found at character 6 in 'VEC +* 2'");
    free(err);
    CHECK(eval("2 3", &v, &x, &err) == -1);
    CHECK_STR(err, "Unexpected value \"3\" found at character 3 in '2 3'");
    free(err);
    CHECK(eval("2 +", &v, &x, &err) == -1);
    CHECK_STR(err, "Unexpected end of expression in '2 +'");
    free(err);
    CHECK(eval("", &v, &x, &err) == -1);
    CHECK(err != NULL);
    free(err);
    /* err may be NULL when the caller does not want the message. */
    CHECK(expr_eval("2 +", &v, &x, NULL) == -1);
    vars_free(&v);
}

static void test_division_by_zero(void)
{
    struct vars v = {0};
    vars_set(&v, "Z", 0);
    vars_set(&v, "N", 1048576);
    vars_set(&v, "OPW", 2);
    vars_set(&v, "VEC", 0);
    vars_set(&v, "A", 4);
    vars_set(&v, "B", 4);
    double x;
    char *err;
    CHECK(eval("1 / 0", &v, &x, &err) == -2);               /* muparser computes it as it parses */
    CHECK_STR(err, "'1 / 0' is infinite: division by zero");
    free(err);
    CHECK(eval("5 / Z", &v, &x, &err) == -2);
    CHECK_STR(err, "'5 / Z' is infinite at Z=0: division by zero");
    free(err);
    /* ceil_div by 0 is NaN, and still a division by zero; the names said are those of it that are 0. */
    CHECK(eval("ceil_div(N, OPW * VEC)", &v, &x, &err) == -2);
    CHECK_STR(err, "'ceil_div(N, OPW * VEC)' is not a number at VEC=0: division by zero");
    free(err);
    /* 0/0: the divisor is found in the text; no name of it is 0, so all of them are said. */
    CHECK(eval("(A - B) / (A - B)", &v, &x, &err) == -2);
    CHECK_STR(err, "'(A - B) / (A - B)' is not a number at A=4, B=4: division by zero");
    free(err);
    CHECK(eval("N / Z^2 + 1", &v, &x, &err) == -2);
    CHECK_STR(err, "'N / Z^2 + 1' is infinite at Z=0: division by zero");
    free(err);
    /* With a label: the setting and where it is written. */
    CHECK(expr_eval_as("derived ITEMS", "f.spec:9", "ceil_div(N, OPW * VEC)", &v, &x, &err) == -2);
    CHECK_STR(err, "derived ITEMS = 'ceil_div(N, OPW * VEC)' (f.spec:9) is not a number at VEC=0: division by zero");
    free(err);
    CHECK(expr_eval_as("global", "f.spec:10", "ITEMS", &v, &x, &err) == -1);
    CHECK_STR(err, "global = 'ITEMS' (f.spec:10): unknown name 'ITEMS' in 'ITEMS'");
    free(err);
    /* NaN is not blamed on a division. */
    CHECK(eval("sqrt(0 - 1)", &v, &x, &err) == -2);
    CHECK_STR(err, "'sqrt(0 - 1)' is not a number: the square root or log of a negative, 0 * infinity, ...");
    free(err);
    CHECK(eval("sqrt(Z - A)", &v, &x, &err) == -2);
    CHECK_STR(err, "'sqrt(Z - A)' is not a number at Z=0, A=4: the square root or log of a negative, 0 * infinity, ...");
    free(err);
    CHECK(eval("round_up(7, 0)", &v, &x, &err) == -2);
    CHECK_CONTAINS(err, "division by zero");
    free(err);
    err = NULL;
    CHECK(eval("7 % Z", &v, &x, &err) == -2);               /* no remainder by 0: not a number */
    CHECK_STR(err, "'7 % Z' is not a number at Z=0: division by zero");
    free(err);
    CHECK(eval("1e300 * 1e300", &v, &x, &err) == -2);
    CHECK_STR(err, "'1e300 * 1e300' is infinite: too large");
    free(err);
    vars_free(&v);
}

/* number_words: sizes as a spec writes them. */
static void test_number_words(void)
{
    const struct { double x; const char *s; } cases[] = {
        {1048576, "1Mi"}, {16777216, "16Mi"}, {16e6, "16M"}, {1000003, "1000003"}, {64, "64"}, {4096, "4096"},
        {10000, "10K"}, {0.5, "0.5"}, {0, "0"}, {-2, "-2"}, {3 * 1073741824.0, "3Gi"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *s = number_words(cases[i].x);
        CHECK_STR(s, cases[i].s);
        free(s);
    }
}

struct again_arg { const struct vars *v; double x; };
static void *eval_on_thread(void *p)
{
    struct again_arg *a = p;
    if (expr_eval("A * 10 + B", a->v, &a->x, NULL) != 0) a->x = NAN;
    return NULL;
}

/* The same text evaluated again (expr_eval keeps its parser): the values of the moment, the names
 * of the moment (the same text over other names, or the same names in another order, is parsed
 * anew), and its errors as the first time. Evaluated from another thread, the same answers. */
static void test_again(void)
{
    struct vars v = {0}, w = {0};
    double x;
    char *err;
    vars_set(&v, "A", 2);
    vars_set(&v, "B", 3);
    for (int i = 0; i < 200; i++) {           /* more texts than are kept: the oldest make way */
        char text[32];
        snprintf(text, sizeof text, "A * %d + B", i);
        CHECK(eval(text, &v, &x, &err) == 0 && x == 2 * i + 3);
    }
    CHECK(eval("A * 10 + B", &v, &x, &err) == 0 && x == 23);
    vars_set(&v, "A", 5);
    CHECK(eval("A * 10 + B", &v, &x, &err) == 0 && x == 53);
    vars_set(&w, "B", 1);                      /* the other order */
    vars_set(&w, "A", 7);
    CHECK(eval("A * 10 + B", &w, &x, &err) == 0 && x == 71);
    CHECK(eval("A * 10 + B", &v, &x, &err) == 0 && x == 53);
    struct vars only_a = {0};
    vars_set(&only_a, "A", 1);
    CHECK(eval("A * 10 + B", &only_a, &x, &err) == -1);
    CHECK_CONTAINS(err, "unknown name 'B'");
    free(err);
    vars_set(&v, "B", -50);                    /* a kept parser's infinite result, said as the first */
    CHECK(eval("1 / (A * 10 + B)", &v, &x, &err) == -2);
    CHECK_CONTAINS(err, "is infinite");
    free(err);
    vars_set(&v, "B", -40);
    CHECK(eval("1 / (A * 10 + B)", &v, &x, &err) == 0 && x == 0.1);
    pthread_t t;
    struct again_arg arg = { &v, NAN };
    CHECK(pthread_create(&t, NULL, eval_on_thread, &arg) == 0 && pthread_join(t, NULL) == 0);
    CHECK(arg.x == 10);
    vars_free(&v);
    vars_free(&w);
    vars_free(&only_a);
}

static void test_parse_number(void)
{
    double x = -1;
    CHECK(parse_number("42", &x) == 0 && x == 42);
    CHECK(parse_number("1.5", &x) == 0 && x == 1.5);
    CHECK(parse_number("0x40", &x) == 0 && x == 64);
    CHECK(parse_number("10K", &x) == 0 && x == 1e4);
    CHECK(parse_number("10M", &x) == 0 && x == 1e7);
    CHECK(parse_number("3G", &x) == 0 && x == 3e9);
    CHECK(parse_number("64Ki", &x) == 0 && x == 65536);
    CHECK(parse_number("2Mi", &x) == 0 && x == 2097152);
    CHECK(parse_number("1Gi", &x) == 0 && x == 1073741824.0);
    CHECK(parse_number("1.5Ki", &x) == 0 && x == 1536);
    CHECK(parse_number("-2K", &x) == 0 && x == -2000);
    x = 7;
    CHECK(parse_number("", &x) == -1);
    CHECK(parse_number(NULL, &x) == -1);
    CHECK(parse_number("M", &x) == -1);
    CHECK(parse_number("10X", &x) == -1);
    CHECK(parse_number("10k", &x) == -1);       /* suffixes are case-sensitive */
    CHECK(parse_number("10 M", &x) == -1);
    CHECK(parse_number("10KiB", &x) == -1);
    CHECK(parse_number("abc", &x) == -1);
    CHECK(parse_number("inf", &x) == -1);
    CHECK(parse_number("nan", &x) == -1);
    CHECK(x == 7);                               /* untouched on failure */
}

int main(void)
{
    RUN(test_arithmetic);
    RUN(test_lone_equals);
    RUN(test_variables);
    RUN(test_vars_set_replaces);
    RUN(test_ternary_and_logic);
    RUN(test_functions);
    RUN(test_suffixes_in_expressions);
    RUN(test_plain);
    RUN(test_unknown_name);
    RUN(test_syntax_errors);
    RUN(test_division_by_zero);
    RUN(test_number_words);
    RUN(test_parse_number);
    RUN(test_again);
    CHECK_EXIT();
}
