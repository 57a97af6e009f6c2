/* test_m4prep.c — a template prepared for m4 and m4's output mapped back (m4prep.c). */
#include "check.h"
#include "spec/m4prep.h"
#include <stdlib.h>

static void test_in(void)
{
    char *t = m4prep_in("a // it's\nm4_ifelse(K, 1, `x; // don't\ny;', `z; // ends')\n'c'\n", NULL);
    /* Apostrophes inside words become \x02; line 2 ends inside quotes: marker 2; line 3 ends the
     * quote begun on line 2: marked before it; the one-line quote that closes on its comment is
     * not; a char literal outside quotes is left. A line that starts outside quotes and calls is
     * marked at its start (\x01). */
    CHECK_STR(t, "\x01" "1\x04" "a // it\x02s\n\x01" "2\x04m4_ifelse(K, 1, `x; // don\x02t\x03" "2\x04\ny;\x03" "3\x04', "
                 "`z; // ends')\n\x01" "4\x04'c'\n");
    free(t);
    /* The last line of a quote over several lines is marked before its closing quote; a closing
     * quote alone on its line, or of a one-line quote, is not. */
    t = m4prep_in("f(`a\n  b;', `c')\ng(`d\n')\n", NULL);
    CHECK_STR(t, "\x01" "1\x04" "f(`a\x03" "1\x04\n  b;\x03" "2\x04', `c')\n\x01" "3\x04g(`d\x03" "3\x04\n')\n");
    free(t);
    t = m4prep_in("// `not a quote' at top level, it's\nx\n", NULL);   /* an m4 comment: no depth */
    CHECK_STR(t, "\x01" "1\x04// `not a quote' at top level, it\x02s\n\x01" "2\x04x\n");
    free(t);
    /* Inside a call's parentheses outside quotes no line is marked (the marker would be in an
     * argument); nor after an unclosed C parenthesis; nor a line m4_dnl ends or an m4_include. */
    t = m4prep_in("m4_assert_in(`A', 1,\n 2)\nf(a,\n b);\nm4_define(`B', `1')m4_dnl\nm4_include(`x')\n", NULL);
    CHECK_STR(t, "\x01" "1\x04m4_assert_in(`A', 1,\n 2)\n\x01" "3\x04" "f(a,\n b);\nm4_define(`B', `1')m4_dnl\n"
                 "m4_include(`x')\n");
    free(t);
}

static void test_comments(void)
{
    struct m4prep_quotes q;
    /* In a block comment inside quotes every ' that would end the quote opened before it is prose;
     * in a // comment, a quoted word's two are; the rest of an m4_dnl line is not read. */
    char *t = m4prep_in("m4_dnl it's `x\nf(`/* the left neighbour's, 'in' */ g; // 'in' too\n')\n", &q);
    CHECK_STR(t, "m4_dnl it's `x\n\x01" "2\x04" "f(`/* the left neighbour\x02s, \x02in\x02 */ g; // \x02in\x02 too\x03"
                 "2\x04\n')\n");
    CHECK(q.literal == 0 && q.comment == 0 && q.unclosed == 0);
    free(t);
    /* A quote opened inside a block comment is closed inside it as m4 says. */
    t = m4prep_in("f(`/* `x' */')\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "f(`/* `x' */')\n");
    free(t);
    /* Where quotes look wrong: a character literal in quoted text, a ' in a comment followed by
     * prose, a quote never closed. */
    t = m4prep_in("f(`a\n c = 'x';\n')\n", &q);
    CHECK(q.literal == 2 && q.literal_open == 1 && !q.in_string);
    free(t);
    t = m4prep_in("f(`a\n s = \"don't\";\n')\n", &q);
    CHECK(q.literal == 2 && q.literal_open == 1 && q.in_string);
    free(t);
    t = m4prep_in("\nf(`a, `b\n // the users' data\n')\n", &q);
    CHECK(q.literal == 0 && q.comment == 3 && q.comment_open == 2);
    free(t);
    t = m4prep_in("f(`a\n // the inputs'\n, `b')\n", &q);   /* the line's end after it: prose too */
    CHECK(q.comment == 2 && q.comment_open == 1);
    free(t);
    t = m4prep_in("f(`a', `b; // ends the quote', `c')\nx `y\n", &q);
    CHECK(q.comment == 0 && q.unclosed == 2);
    CHECK(q.closes == 1 && q.closes_open == 1);
    char *say = m4prep_failure_say(&q, "t.cl.m4", "m4:t.cl.m4:1: ERROR: end of file in argument list");
    CHECK_STR(say, "t.cl.m4:1: perhaps the ' in this comment, which ends the quote opened at line 1 (m4 sees no "
                   "comment inside quoted text)");
    free(say);
    q.closes = 0;
    say = m4prep_failure_say(&q, "t.cl.m4", "m4:t.cl.m4:1: ERROR: end of file in argument list");
    CHECK_STR(say, "t.cl.m4:2: the quote opened here is never closed");
    free(say);
    CHECK(m4prep_failure_say(&q, "t.cl.m4", "m4:t.cl.m4:2: ERROR: end of file in string") == NULL);
    free(t);
    /* An empty quote before a ' (acc`'m4_k) is no character literal. */
    t = m4prep_in("f(`acc`'x;')\n", &q);
    CHECK(q.literal == 0);
    free(t);
}

static void test_out(void)
{
    const char *m4 = "#line 1 \"/tmp/copy\"\n"
                     "a\n"
                     "#line 7\n"
                     "x; // don\x02t\x03" "8\x04\n"
                     "y;\n"
                     "z\x03" "12\x04\n"
                     "w\n";
    char *o = m4prep_out(m4, "/tmp/copy", "t.cl.m4");
    CHECK_STR(o, "#line 1 \"t.cl.m4\"\na\n#line 8 \"t.cl.m4\"\nx; // don't\n#line 8 \"t.cl.m4\"\ny;\n"
                 "#line 12 \"t.cl.m4\"\nz\n#line 10 \"t.cl.m4\"\nw\n");
    free(o);
    /* A line's start marker counts when it comes before the line's text (the lines before it gave
     * nothing), and an end-of-quoted-line marker before it. */
    o = m4prep_out("#line 1 \"/tmp/copy\"\n\x01" "1\x04\x01" "3\x04}\n  x;\x03" "7\x04\x01" "9\x04\n"
                   "\x01" "9\x04 y\x01" "10\x04\n", "/tmp/copy", "t.cl.m4");
    CHECK_STR(o, "#line 3 \"t.cl.m4\"\n}\n#line 7 \"t.cl.m4\"\n  x;\n#line 9 \"t.cl.m4\"\n y\n");
    free(o);
    char *r = m4prep_messages("m4:/tmp/copy:3: bad /tmp/copy", "/tmp/copy", "t.cl.m4");
    CHECK_STR(r, "m4:t.cl.m4:3: bad t.cl.m4");
    free(r);
    /* m4 quotes an argument's text back, markers and placeholders and all: the user's text only. */
    r = m4prep_messages("m4:/tmp/copy:6: bad expression in eval:     {\x03" "7\x04\n  it\x02s\x03" "8\x04\n", "/tmp/copy",
                        "t.cl.m4");
    CHECK_STR(r, "m4:t.cl.m4:6: bad expression in eval:     {\n  it's\n");
    free(r);
    r = m4prep_messages("a\x01" "5\x04" "b", "/tmp/copy", "t.cl.m4");
    CHECK_STR(r, "ab");
    free(r);
}

/* A ` in a comment m4 reads whose quote that comment does not close is prose, as a comment's
 * apostrophes are: m4 had quoted everything after a block comment "see `clx expand`" up to a later ',
 * or failed at the file's end with the opening line alone to show. A quote the comment closes stays. */
static void test_backticks(void)
{
    struct m4prep_quotes q;
    char *t = m4prep_in("/* see `clx expand` */\nx;\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "/* see \x05" "clx expand\x05 */\n\x01" "2\x04" "x;\n");
    CHECK(q.unclosed == 0 && q.literal == 0 && q.comment == 0);
    free(t);
    /* Inside quotes too, and in a // comment there (m4 sees no comment inside quotes); an
     * apostrophe inside a word closes nothing. */
    t = m4prep_in("f(`a; /* `it's */ b; // the `x\n')\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "f(`a; /* \x05" "it\x02s */ b; // the \x05x\x03" "1\x04\n')\n");
    CHECK(q.unclosed == 0 && q.comment == 0 && q.closes == 0);
    free(t);
    /* Of two, the one the comment closes is a quote (`b'), the other prose. */
    t = m4prep_in("/* `a `b' */\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "/* \x05" "a `b' */\n");
    free(t);
    t = m4prep_in("/* `a' `b */\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "/* `a' \x05" "b */\n");
    free(t);
    /* A // comment outside quotes is m4's own comment: nothing in it is read, nothing changed. */
    t = m4prep_in("// see `clx expand`\n", &q);
    CHECK_STR(t, "\x01" "1\x04" "// see `clx expand`\n");
    free(t);
    /* Written back as the template has it, in the source and in m4's messages. */
    char *o = m4prep_out("/* see \x05" "clx expand\x05 */\n", "/tmp/copy", "t.cl.m4");
    CHECK_STR(o, "#line 1 \"t.cl.m4\"\n/* see `clx expand` */\n");
    free(o);
    char *r = m4prep_messages("m4:/tmp/copy:2: bad: /* \x05x */", "/tmp/copy", "t.cl.m4");
    CHECK_STR(r, "m4:t.cl.m4:2: bad: /* `x */");
    free(r);
}

int main(void)
{
    RUN(test_in);
    RUN(test_comments);
    RUN(test_backticks);
    RUN(test_out);
    CHECK_EXIT();
}
