/* test_m4names.c — the m4_ names m4 left in an expansion, each said at its line with the macro meant
 * (m4names.c). */
#include "check.h"
#include "spec/m4names.h"
#include <stdlib.h>
#include <string.h>

static const char *const lib = "m4_define(`m4_forloop', `...')\nm4_define(`m4_assert_in', `...')\n"
                               "m4_define(`m4_clx_loop', `...')\n";

static void test_none(void)
{
    /* In C comments and strings, inside a longer C name, or with nothing after m4_: not ours. */
    const char *out = "#line 3 \"t.cl.m4\"\nint perm4_idx; // m4_forlop\n/* m4_x\n m4_y */ s = \"m4_z\"; c = '\"'; m4_\n";
    CHECK(m4names_left(out, "t.cl.m4", "m4_include(`clx.m4')", lib) == NULL);
}

static void test_misspelt(void)
{
    /* Said at the line the #line directives give, with the nearest known macro (a builtin, clx.m4's,
     * the template's own); clx.m4's helpers are not offered. */
    const char *out = "#line 2 \"t.cl.m4\"\nm4_asert_in(OPW, 1)\nx\n#line 9 \"t.cl.m4\"\nm4_forlop(0, 1)\nm4_mine_too\n"
                      "m4_defin\nm4_clx_lop\nm4_qqqq\nm4_asert_in again\n";
    char *e = m4names_left(out, "t.cl.m4", "m4_include(`clx.m4')\nm4_define(`m4_mine_two', 1)", lib);
    CHECK_STR(e, "t.cl.m4:2: m4_asert_in is not a macro (did you mean m4_assert_in?)\n"
                 "t.cl.m4:9: m4_forlop is not a macro (did you mean m4_forloop?)\n"
                 "t.cl.m4:10: m4_mine_too is not a macro (did you mean m4_mine_two?)\n"
                 "t.cl.m4:11: m4_defin is not a macro (did you mean m4_define?)\n"
                 "t.cl.m4:12: m4_clx_lop is not a macro (did you mean m4_clx_loop?)\n"
                 "(and 1 more m4_ name left unexpanded)");
    free(e);
}

static void test_causes_first(void)
{
    /* A loop variable and a macro left unexpanded after a misspelt loop follow from it: counted. */
    const char *out = "#line 8 \"t.cl.m4\"\nm4_forlop(m4_i, 0, 1, m4_dnl\n { x[m4_i]; }\n";
    char *e = m4names_left(out, "t.cl.m4", "m4_include(`clx.m4')\nm4_forlop(`m4_i', 0, 1, `m4_dnl", lib);
    CHECK_STR(e, "t.cl.m4:8: m4_forlop is not a macro (did you mean m4_forloop?)\n"
                 "(2 more m4_ names left unexpanded may follow from these)");
    free(e);
    /* Alone, they are said. */
    e = m4names_left("a = m4_k;\nb = accm4_k + m4_forloop;\n", "t.cl.m4", "m4_include(`clx.m4')", lib);
    CHECK_STR(e, "t.cl.m4:1: m4_k is a loop variable: it has a value only inside its loop's body\n"
                 "t.cl.m4:2: accm4_k: m4_k joined to the word before it is not expanded (paste them with an empty "
                 "quote: acc`'m4_k)\n"
                 "t.cl.m4:2: m4_forloop is a macro but was not expanded here (quoted once too often, defined after "
                 "this line, or without the ( of its arguments?)");
    free(e);
}

static void test_no_include(void)
{
    char *e = m4names_left("m4_assert_in(OPW, 1)\n", "t.cl.m4", "m4_assert_in(`OPW', 1)\n", lib);
    CHECK_STR(e, "t.cl.m4:1: m4_assert_in is a macro of clx.m4, which the template does not include: start it with "
                 "m4_include(`clx.m4')m4_dnl");
    free(e);
    /* m4_dnl ate line 2's newline: line 3's macro is left on line 2's output, and said at line 3
     * (both were said at line 2); a name on a line not joined keeps the output's line. */
    const char *tpl = "\nm4_assert_in(`N', 1)m4_dnl\nm4_assert_range(`N', 1)m4_dnl\nm4_forloop(x)\n";
    e = m4names_left("#line 2 \"t.cl.m4\"\nm4_assert_in(N, 1)m4_assert_range(N, 1)m4_forloop(x)\n", "t.cl.m4", tpl,
                     "m4_define(`m4_assert_in', `...')\nm4_define(`m4_assert_range', `...')\nm4_define(`m4_forloop', `...')\n");
    CHECK_STR(e, "t.cl.m4:2: m4_assert_in is a macro of clx.m4, which the template does not include: start it with "
                 "m4_include(`clx.m4')m4_dnl\n"
                 "t.cl.m4:3: m4_assert_range is a macro of clx.m4, which the template does not include: start it with "
                 "m4_include(`clx.m4')m4_dnl\n"
                 "t.cl.m4:4: m4_forloop is a macro of clx.m4, which the template does not include: start it with "
                 "m4_include(`clx.m4')m4_dnl");
    free(e);
    e = m4names_left("#line 2 \"t.cl.m4\"\nm4_assert_in(N, 1)\n", "t.cl.m4", "\nm4_assert_in(`N', 1)\nm4_assert_in\n", lib);
    CHECK(e && !strncmp(e, "t.cl.m4:2: ", 11));
    free(e);
}

int main(void)
{
    RUN(test_none);
    RUN(test_misspelt);
    RUN(test_causes_first);
    RUN(test_no_include);
    CHECK_EXIT();
}
