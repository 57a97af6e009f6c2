/* test_decround.c — a kept figure rounded on its own digits (lib/decround.c), and the tables that read
 * one back (lib/texttab.c's tt_num_read): results.tsv's 2.56295 read "2.5629" in the Best table (the
 * binary double nearest it lies below) where the row line, from the unrounded time, said "2.5630". */
#include "check.h"
#include "lib/decround.h"
#include "lib/texttab.h"
#include <stdlib.h>

static void test_half_away(void)
{
    char b[64];
    CHECK_STR(dec_round(b, sizeof b, "2.56295", 4, 0), "2.5630");
    CHECK_STR(dec_round(b, sizeof b, "2.56294", 4, 0), "2.5629");
    CHECK_STR(dec_round(b, sizeof b, "1.075", 2, 0), "1.08");
    CHECK_STR(dec_round(b, sizeof b, "-1.075", 2, 0), "-1.08");
    CHECK_STR(dec_round(b, sizeof b, "9.99995", 4, 0), "10.0000");
    CHECK_STR(dec_round(b, sizeof b, "0.99996", 4, 0), "1.0000");
    CHECK_STR(dec_round(b, sizeof b, "99.5", 0, 0), "100");
    CHECK_STR(dec_round(b, sizeof b, ".5", 0, 0), "1");
    CHECK_STR(dec_round(b, sizeof b, "-0.00004", 4, 0), "0.0000");
    CHECK_STR(dec_round(b, sizeof b, "0.00005", 4, 0), "0.0001");
}

static void test_places_kept(void)
{
    char b[64];
    /* Never zeros the text did not hold; a console column is padded with spaces. */
    CHECK_STR(dec_round(b, sizeof b, "1140.13", 4, 0), "1140.13");
    CHECK_STR(dec_round(b, sizeof b, "2.5", 4, 0), "2.5");
    CHECK_STR(dec_round(b, sizeof b, "2.5", 4, 1), "2.5   ");
    CHECK_STR(dec_round(b, sizeof b, "757.996", 4, 1), "757.996 ");
    CHECK_STR(dec_round(b, sizeof b, "25759.1", 4, 1), "25759.1   ");
    CHECK_STR(dec_round(b, sizeof b, "2.56295", 4, 1), "2.5630");
    CHECK_STR(dec_round(b, sizeof b, "12", 4, 0), "12");
    CHECK_STR(dec_round(b, sizeof b, "12", 4, 1), "12     ");
    CHECK_STR(dec_round(b, sizeof b, "007.25", 1, 0), "7.3");
    /* An exponent is printed from its value. */
    CHECK_STR(dec_round(b, sizeof b, "1.2e-05", 4, 0), "0.0000");
    CHECK_STR(dec_round(b, sizeof b, "1.5e+03", 2, 0), "1500.00");
    CHECK(dec_round(b, sizeof b, "", 4, 0) == NULL);
    CHECK(dec_round(b, sizeof b, "abc", 4, 0) == NULL);
    CHECK(dec_round(b, sizeof b, "inf", 4, 0) == NULL);
    CHECK(dec_round(b, sizeof b, NULL, 4, 0) == NULL);
}

static void test_table_reads_it(void)
{
    static const char *const head[] = {"median ms", NULL};
    struct texttab t = {0};
    tt_head(&t, head);
    tt_num_read(&t, "2.56295", 4);
    tt_num_read(&t, "x", 4);
    CHECK(t.cells.n == 2);
    if (t.cells.n == 2) {
        CHECK_STR(t.cells.v[0], "2.5630");
        CHECK_STR(t.cells.v[1], "-");
    }
    tt_free(&t);
}

int main(void)
{
    RUN(test_half_away);
    RUN(test_places_kept);
    RUN(test_table_reads_it);
    CHECK_EXIT();
}
