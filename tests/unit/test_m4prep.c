/* test_m4prep.c — a template prepared for m4 and m4's output mapped back (m4prep.c). */
#include "check.h"
#include "spec/m4prep.h"
#include <stdlib.h>

static void test_in(void)
{
    char *t = m4prep_in("a // it's\nm4_ifelse(K, 1, `x; // don't\ny;', `z; // ends')\n'c'\n");
    /* Apostrophes inside words become \x02; line 2 ends inside quotes: marker 2; line 3 ends the
     * quote begun on line 2: marked before it; the one-line quote that closes on its comment is
     * not; a char literal outside quotes is left. */
    CHECK_STR(t, "a // it\x02s\nm4_ifelse(K, 1, `x; // don\x02t\x03" "2\x04\ny;\x03" "3\x04', `z; // ends')\n'c'\n");
    free(t);
    /* The last line of a quote over several lines is marked before its closing quote; a closing
     * quote alone on its line, or of a one-line quote, is not. */
    t = m4prep_in("f(`a\n  b;', `c')\ng(`d\n')\n");
    CHECK_STR(t, "f(`a\x03" "1\x04\n  b;\x03" "2\x04', `c')\ng(`d\x03" "3\x04\n')\n");
    free(t);
    t = m4prep_in("// `not a quote' at top level, it's\nx\n");   /* an m4 comment: no depth */
    CHECK_STR(t, "// `not a quote' at top level, it\x02s\nx\n");
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
    char *r = m4prep_rename("m4:/tmp/copy:3: bad /tmp/copy", "/tmp/copy", "t.cl.m4");
    CHECK_STR(r, "m4:t.cl.m4:3: bad t.cl.m4");
    free(r);
}

int main(void)
{
    RUN(test_in);
    RUN(test_out);
    CHECK_EXIT();
}
