/* test_texttab.c — console tables: two columns of words side by side stand apart (compare's decided
 * speed-up and its note read "...23.4x slowdown only 11 of 24 with a verdict", one sentence), while
 * columns of single words and numbers keep one space. */
#include "check.h"
#include "lib/texttab.h"
#include <stdlib.h>
#include <string.h>

static char *printed(const struct texttab *t, int markdown)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    tt_print(t, f, markdown);
    fclose(f);
    return buf;
}

static void test_words_apart(void)
{
    struct texttab t = {0};
    tt_head(&t, (const char *const []){ "variant", "rows", "decided speed-up", "note", NULL });
    tt_cell(&t, "all");
    tt_cell(&t, "24");
    tt_cell(&t, "both ways: 5 FASTER up to 29.4x, 6 SLOWER up to 23.4x slowdown");
    tt_cell(&t, "only 11 of 24 with a verdict");
    char *s = printed(&t, 0);
    CHECK(strstr(s, "slowdown only") == NULL);
    CHECK_CONTAINS(s, "23.4x slowdown   only 11 of 24");
    CHECK_CONTAINS(s, "  all       24 both ways");          /* single words and numbers: one space */
    free(s);
    s = printed(&t, 1);                                     /* Markdown has its own bars */
    CHECK_CONTAINS(s, "23.4x slowdown | only 11 of 24 with a verdict |");
    free(s);
    tt_free(&t);
}

int main(void)
{
    RUN(test_words_apart);
    CHECK_EXIT();
}
