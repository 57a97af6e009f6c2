/* test_select.c — filters and checks (select.c) over a small table, table.c's reading, and the
 * category labels of plots. */
#include "check.h"
#include "report/plotdata.h"
#include "spec/select.h"
#include "lib/table.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

static const char *tsv_path = "tests/tmp/unit_select.tsv";

/* A table as older runs wrote it (a comment line first), a short row, and a CRLF line ending. */
static void make_table(struct table *t)
{
    const char *text = "# provenance: old runs had this line\n"
                       "variant\tbuild\tN\tlocal\tmedian_ms\tnote\n"
                       "naive\tdefault\t200000000\t256\t0.69\t\n"
                       "float4\tdefault\t200000000\t256\t0.55\tfast\n"
                       "naive\t-cl-opt-disable\t200000000\t256\t4.35\t\r\n"
                       "float4\tdefault\t10000000\t64\n"
                       "naive\tdefault\t10000000\t6";     /* cut off: no newline */
    mkdir_p("tests/tmp");
    CHECK(write_file_atomic(tsv_path, text, strlen(text)) == 0);
    char *err = NULL;
    CHECK(table_read(tsv_path, t, &err) == 0);
    free(err);
}

static void test_table_read(void)
{
    struct table t;
    make_table(&t);
    CHECK(t.cols.n == 6);
    CHECK(t.nrows == 4 && t.cut == 1);                              /* the cut-off row left out */
    CHECK_STR(table_cell(&t, 0, table_col(&t, "variant")), "naive");
    CHECK_STR(table_cell(&t, 2, table_col(&t, "note")), "");        /* CR stripped */
    CHECK_STR(table_cell(&t, 3, table_col(&t, "note")), "");        /* short row padded */
    CHECK(isnan(table_num(&t, 3, table_col(&t, "median_ms"))));     /* empty: not measured */
    CHECK_NEAR(table_num(&t, 1, table_col(&t, "median_ms")), 0.55, 0);
    CHECK(table_col(&t, "nosuch") == -1);
    CHECK_STR(table_cell(&t, 0, -1), "");
    table_free(&t);
    struct table u;
    char *err = NULL;
    CHECK(table_read("tests/tmp/no-such-file.tsv", &u, &err) == -1);
    CHECK_CONTAINS(err, "no-such-file.tsv");
    free(err);
    table_free(&u);
}

/* count: rows of t the filter text picks. */
static int count(const struct table *t, const char *text)
{
    struct filter f;
    char *err = NULL;
    if (filter_parse(text, &f, &err) || filter_bind(&f, t, &err)) { free(err); filter_free(&f); return -1; }
    int n = 0;
    for (int i = 0; i < t->nrows; i++) n += filter_match(&f, t, i);
    filter_free(&f);
    return n;
}

static void test_filter_match(void)
{
    struct table t;
    make_table(&t);
    CHECK(count(&t, "") == 4);
    CHECK(count(&t, "variant=naive") == 2);
    CHECK(count(&t, "build=default, variant=naive") == 1);
    CHECK(count(&t, "build=-cl-opt-disable") == 1);           /* a value that starts with '-' */
    CHECK(count(&t, "N=200M") == 3);                           /* numbers compare as numbers */
    CHECK(count(&t, "N = 2e8") == 3);
    CHECK(count(&t, "local<=128") == 1);
    CHECK(count(&t, "local>64") == 3);
    CHECK(count(&t, "variant!=naive") == 2);
    CHECK(count(&t, "variant=naive|float4, N<100M") == 1);
    CHECK(count(&t, "variant!=naive|float4") == 0);
    CHECK(count(&t, "variant<naive") == -1);                   /* words are not ordered: refused */
    CHECK(count(&t, "nosuch=1") == -1);                        /* bind fails */
    table_free(&t);
}

/* Variant ids with parameters: a name picks all of them, an id its own, pairs by the row's
 * columns (variantid.h). */
static void test_filter_variant_ids(void)
{
    const char *text = "variant\tTILE\tVEC\tmedian_ms\n"
                       "tiled:TILE=16\t16\t1\t1\n"
                       "tiled:TILE=32\t32\t1\t2\n"
                       "naive\t\t1\t3\n"
                       "tiled_x:TILE=16\t16\t4\t4\n";
    const char *path = "tests/tmp/unit_select_ids.tsv";
    mkdir_p("tests/tmp");
    CHECK(write_file_atomic(path, text, strlen(text)) == 0);
    struct table t;
    char *err = NULL;
    CHECK(table_read(path, &t, &err) == 0);
    CHECK(count(&t, "variant=tiled") == 2);
    CHECK(count(&t, "variant=tiled:TILE=16") == 1);
    CHECK(count(&t, "variant=tiled:VEC=1") == 2);              /* a column the id does not carry */
    CHECK(count(&t, "variant=TILE=16") == 2);
    CHECK(count(&t, "variant!=tiled") == 2);
    CHECK(count(&t, "variant=naive|tiled:TILE=32") == 2);
    CHECK(count(&t, "variant=tiled:TILE=64") == 0);
    table_free(&t);
}

static void test_filter_errors(void)
{
    struct filter f;
    char *err = NULL;
    CHECK(filter_parse("variant", &f, &err) == -1);
    CHECK_CONTAINS(err, "not a condition");
    free(err); err = NULL;
    CHECK(filter_parse("N=", &f, &err) == -1);
    CHECK_CONTAINS(err, "has no value");
    free(err); err = NULL;
    CHECK(filter_parse("9x=1", &f, &err) == -1);
    CHECK_CONTAINS(err, "not a column name");
    free(err); err = NULL;
    CHECK(filter_parse("local<64|128", &f, &err) == -1);
    CHECK_CONTAINS(err, "alternatives");
    free(err); err = NULL;
    CHECK(filter_parse("local<=x", &f, &err) == -1);
    CHECK_CONTAINS(err, "compare numbers");
    free(err);
}

static void test_filter_merge(void)
{
    struct filter a, w;
    char *err = NULL;
    CHECK(filter_parse("variant=float4", &a, &err) == 0);
    CHECK(filter_parse("build=default, variant=naive", &w, &err) == 0);
    filter_merge(&a, &w);
    CHECK(a.n == 2);                                           /* its own variant wins */
    CHECK_STR(a.c[0].alts.v[0], "float4");
    CHECK_STR(a.c[1].col, "build");
    filter_free(&a);
    filter_free(&w);
}

static void test_check_parse(void)
{
    struct check c;
    char *err = NULL;
    CHECK(check_parse("max(gflops[ILP=4, local=64]) >= 0.95 * gflops[ILP=1] && count(status[]) > 2", &c, &err) == 0);
    CHECK(c.nsel == 3);
    CHECK(c.sel[0].agg == AGG_MAX);
    CHECK_STR(c.sel[0].metric, "gflops");
    CHECK_STR(c.sel[0].text, "max(gflops[ILP=4, local=64])");
    CHECK(c.sel[0].f.n == 2);
    CHECK(c.sel[1].agg == AGG_ONE);
    CHECK(c.sel[2].agg == AGG_COUNT && c.sel[2].f.n == 0);
    CHECK_STR(c.expr, "sel_1 >= 0.95 * sel_2 && sel_3 > 2");
    CHECK(c.ops.n == 2);
    CHECK_STR(c.sides.v[0], "sel_1");
    CHECK_STR(c.sides.v[1], "0.95 * sel_2");
    CHECK_STR(c.ops.v[1], ">");
    check_free(&c);
    /* max(a, b) of two selectors is muparser's max, not an aggregate. */
    CHECK(check_parse("max(gbs[variant=a], gbs[variant=b]) < 10", &c, &err) == 0);
    CHECK(c.nsel == 2 && c.sel[0].agg == AGG_ONE && c.sel[1].agg == AGG_ONE);
    CHECK_STR(c.expr, "max(sel_1, sel_2) < 10");
    check_free(&c);
    /* An expression in parentheses is a metric too. */
    CHECK(check_parse("max((median_ms * 1e6 / OPS)[variant=a]) < 3", &c, &err) == 0);
    CHECK(c.nsel == 1 && c.sel[0].agg == AGG_MAX);
    CHECK_STR(c.sel[0].metric, "median_ms * 1e6 / OPS");
    CHECK_STR(c.expr, "sel_1 < 3");
    check_free(&c);
    CHECK(check_parse("(gbs / 2)[N=1] / (gflops)[N=1] > 0", &c, &err) == 0);
    CHECK(c.nsel == 2);
    CHECK_STR(c.sel[0].metric, "gbs / 2");
    CHECK_STR(c.sel[1].metric, "gflops");
    CHECK_STR(c.expr, "sel_1 / sel_2 > 0");
    check_free(&c);
    /* || splits like &&; a ternary at the top has no sides to show, and is still a check. */
    CHECK(check_parse("gbs[] > 1 || gbs[] < 0", &c, &err) == 0);
    CHECK(c.ops.n == 2);
    CHECK_STR(c.ops.v[1], "<");
    check_free(&c);
    CHECK(check_parse("gbs[] > 1 ? 1 : 0", &c, &err) == 0);
    CHECK(c.ops.n == 0);
    check_free(&c);
}

static void test_check_errors(void)
{
    struct check c;
    char *err = NULL;
    CHECK(check_parse("1 > 0", &c, &err) == -1);
    CHECK_CONTAINS(err, "selects no rows");
    free(err); err = NULL;
    CHECK(check_parse("gbs[N=1 > 0", &c, &err) == -1);
    CHECK_CONTAINS(err, "without ']'");
    free(err); err = NULL;
    CHECK(check_parse("[N=1] > 0", &c, &err) == -1);
    CHECK_CONTAINS(err, "no column name");
    free(err); err = NULL;
    CHECK(check_parse("gbs[N] > 0", &c, &err) == -1);
    CHECK_CONTAINS(err, "gbs[N]");
    free(err);
}

static void test_cat_label(void)
{
    static const struct { const char *v, *fmt, *want; } cases[] = {
        {"256", NULL, "256"}, {"8192", NULL, "8192"}, {"1048576", NULL, "1Mi"}, {"200000000", NULL, "200M"},
        {"1000003", NULL, "1000003"}, {"naive", NULL, "naive"}, {"8192", "bytes", "8 KiB"},
        {"268435456", "bytes", "256 MiB"}, {"8000024", "bytes", "7.6 MiB"}, {"1048576", "plain", "1048576"},
        {"0.5", NULL, "0.5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *l = cat_label(cases[i].v, cases[i].fmt);
        CHECK_STR(l, cases[i].want);
        free(l);
    }
}

/* COLUMN=max / COLUMN=min: the rows where the column is at its extreme among those the other
 * conditions leave (rows without a number in it never are). */
static int extremes(const struct table *t, const char *text, int *rows)
{
    struct filter f;
    char *err = NULL;
    if (filter_parse(text, &f, &err) || filter_bind(&f, t, &err)) { free(err); filter_free(&f); return -1; }
    int n = 0;
    for (int i = 0; i < t->nrows; i++)
        if (filter_match(&f, t, i)) rows[n++] = i;
    n = filter_extremes(&f, t, rows, n);
    filter_free(&f);
    return n;
}

static void test_filter_extremes(void)
{
    struct table t;
    make_table(&t);
    int rows[8];
    CHECK(extremes(&t, "median_ms=max", rows) == 1 && rows[0] == 2);
    CHECK(extremes(&t, "median_ms=min, build=default", rows) == 1 && rows[0] == 1);
    CHECK(extremes(&t, "median_ms=max, build=default", rows) == 1 && rows[0] == 0);
    /* Only N=10M rows, none with a time: none is the fastest. */
    CHECK(extremes(&t, "median_ms=min, N=10M", rows) == 0);
    /* An extreme condition passes every row in filter_match: plots' filters are not narrowed by it. */
    CHECK(count(&t, "median_ms=max") == t.nrows);
    table_free(&t);
}

/* explain_as: filter_explain's words for text on t, every row eligible, or where counted is 0
 * filter_explain_uncounted's (a new string, or NULL). */
static char *explain_as(const struct table *t, const char *text, int counted)
{
    struct filter f;
    char *err = NULL;
    if (filter_parse(text, &f, &err) || filter_bind(&f, t, &err)) { free(err); filter_free(&f); return NULL; }
    int *all = xcalloc((size_t)t->nrows + 1, sizeof *all);
    for (int i = 0; i < t->nrows; i++) all[i] = 1;
    char *why = counted ? filter_explain(&f, t, all) : filter_explain_uncounted(&f, t, all);
    free(all);
    filter_free(&f);
    return why;
}

static char *explain(const struct table *t, const char *text)
{
    return explain_as(t, text, 1);
}

/* The values a condition finds in the rows: all of them up to eight; more are a range that says it
 * is cut and ends at the last (the README's volkov_fma run of 16 locals was said as "64, 128, ...,
 * 512", its eighth, as if the run stopped there). */
static void test_filter_explain_values(void)
{
    struct sbuf b = {0};
    sb_printf(&b, "variant\tlocal\tILP\n");
    for (int l = 1024; l >= 64; l -= 64) sb_printf(&b, "v\t%d\t%d\n", l, l <= 128 ? 1 : 4);
    const char *path = "tests/tmp/unit_select_explain.tsv";
    mkdir_p("tests/tmp");
    CHECK(write_file_atomic(path, b.s, b.len) == 0);
    sb_free(&b);
    struct table t;
    char *err = NULL;
    CHECK(table_read(path, &t, &err) == 0);
    char *why = explain(&t, "local=32");
    CHECK_STR(why, "local=32 excludes all 16 rows the other conditions leave (local there: 64, 128, ..., 1024 (16 values))");
    free(why);
    why = explain(&t, "ILP=8");
    CHECK_STR(why, "ILP=8 excludes all 16 rows the other conditions leave (ILP there: 4, 1)");
    free(why);
    why = explain(&t, "local=256, ILP=1");
    CHECK_STR(why, "local=256 excludes all 2 rows the other conditions leave (local there: 128, 64)");
    free(why);
    /* Where the rows eligible are not all the other conditions leave (a spec read before its run,
     * a condition on a launch value its full sweep lacks), no count. */
    why = explain_as(&t, "local=256, ILP=1", 0);
    CHECK_STR(why, "local=256 excludes every row the other conditions leave (local there: 128, 64)");
    free(why);
    table_free(&t);
}

int main(void)
{
    RUN(test_filter_explain_values);
    RUN(test_filter_extremes);
    RUN(test_table_read);
    RUN(test_filter_match);
    RUN(test_filter_variant_ids);
    RUN(test_filter_errors);
    RUN(test_filter_merge);
    RUN(test_check_parse);
    RUN(test_check_errors);
    RUN(test_cat_label);
    CHECK_EXIT();
}
