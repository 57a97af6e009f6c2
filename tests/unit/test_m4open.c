/* test_m4open.c — the macro call a template leaves open, found as m4 reads the template (m4open.c). */
#include "check.h"
#include "lib/util.h"
#include "spec/m4open.h"
#include "spec/m4prep.h"
#include <dirent.h>
#include <stdlib.h>

static void test_open_call(void)
{
    struct m4open o;
    /* The ) of line 2's call forgotten; m4_dnl drops the rest of its line (after 32 too, as m4 reads
     * digits as tokens of their own); the call on line 4 inside its arguments closes. */
    CHECK(m4open_call("m4_include(`clx.m4')m4_dnl\nm4_assert_in(`T', 8, 32m4_dnl\nx\nm4_ifelse(T, 8, `a', `b')\n",
                      &o) == 2);
    CHECK_STR(o.name, "m4_assert_in");
    CHECK(!o.quoted);
    /* A call's ) inside quotes or a // comment (once clx.m4 is included) does not close it. */
    CHECK(m4open_call("m4_include(`clx.m4')m4_dnl\n\nm4_ifelse(K, 0, `x)'\n// )\ny\n", &o) == 3);
    CHECK_STR(o.name, "m4_ifelse");
    /* Before clx.m4 is included # starts m4's comments; after it, # is text (#pragma). */
    CHECK(m4open_call("m4_eval(1 # )\n", &o) == 1);
    CHECK(m4open_call("m4_include(`clx.m4')\nm4_eval(1 # )\n", &o) == 0);
    /* The outermost open call is named, not one inside it; a template's own macro counts. */
    CHECK(m4open_call("m4_define(`LOAD', `$1')\nf(x);\nLOAD(m4_eval(1 + (2)\n", &o) == 3);
    CHECK_STR(o.name, "LOAD");
    /* C calls and names that are no macro are text to m4; their parentheses do not count. */
    CHECK(m4open_call("get_id(0;\nm4_ifelse(A, B, `x', `y')\n", &o) == 0);
    CHECK(m4open_call("m4_incr(1)\nf(m4_incr(2)\n", &o) == 0);
    /* A call begun in quoted text (a loop body) must close in it, as m4 reads it again alone; one
     * left open outside quotes comes first. Inside quotes a comment's ) is not counted either. */
    const char *body = "m4_forloop(`i', 0, 1, `\n m4_ifelse(K, 1, `a', `b'\n')\n";
    CHECK(m4open_call(body, &o) == 2 && o.quoted);
    CHECK_STR(o.name, "m4_ifelse");
    CHECK(m4open_call("m4_include(`clx.m4')\nm4_forloop(`i', 0, 1, `m4_eval(1 // )\n)')\n", &o) == 0);
    CHECK(m4open_call("m4_eval(1 + (2\n`m4_incr(1'\n", &o) == 1 && !o.quoted);
    /* Where clx cannot tell: a quote left open, quotes or comments changed by the template. */
    CHECK(m4open_call("m4_ifelse(A, B, `x\n", &o) == 0);
    CHECK(m4open_call("m4_changequote([,])m4_ifelse(A, B, [x)], [y])\n", &o) == 0);
    CHECK_STR(o.name, "");
}

/* Every template clx ships, and every m4 fixture that clx gives m4, leaves no call open as m4prep_in
 * prepares it. */
static void test_shipped_none_open(void)
{
    static const char *const dirs[] = { "templates", "tests/e2e/fixtures", "tests/e2e/m4_fixtures" };
    int seen = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
        DIR *dir = opendir(dirs[d]);
        CHECK(dir != NULL);
        for (struct dirent *e; dir && (e = readdir(dir));) {
            if (!str_ends(e->d_name, ".cl.m4")) continue;
            char *path = path_join(dirs[d], e->d_name), *text = read_file(path, NULL);
            struct m4prep_quotes q;
            char *ready = text ? m4prep_in(text, &q) : NULL, *refused = ready ? m4prep_refusal(&q, path) : NULL;
            /* (Those whose quotes a character literal or a comment ends are refused before m4 runs.) */
            if (refused) q.open.line = 0;
            free(refused);
            if (ready && q.open.line) fprintf(stderr, "  %s:%ld: %s( taken for open\n", path, q.open.line, q.open.name);
            CHECK(ready && q.open.line == 0);
            seen++;
            free(ready);
            free(text);
            free(path);
        }
        if (dir) closedir(dir);
    }
    CHECK(seen > 20);
}

int main(void)
{
    RUN(test_open_call);
    RUN(test_shipped_none_open);
    CHECK_EXIT();
}
