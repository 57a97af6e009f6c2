/* test_compare_chartwords.c — the names of clx compare's groups of bars (report/compare_chartwords.c):
 * what the sides share, never the tables' "(each)" placeholder for what they differ in ("--by
 * variant" drew groups named "(each) (default)" and "(each) (-cl-opt-disable)"). */
#include "check.h"
#include "report/compare_chartwords.h"
#include <stdlib.h>

/* group_said: cmp_chart_group of a group of variant v and build b, into a static buffer. */
static const char *group_said(const char *v, const char *b)
{
    static char buf[256];
    struct group g = { .variant = (char *)v, .build = (char *)b };
    char *s = cmp_chart_group(&g);
    snprintf(buf, sizeof buf, "%s", s);
    free(s);
    return buf;
}

static void test_group_names(void)
{
    CHECK_STR(group_said("naive", "default"), "naive (default)");               /* runs: both shared */
    CHECK_STR(group_said("(each)", "default"), "build default");                /* --by variant */
    CHECK_STR(group_said("(each)", "-cl-opt-disable"), "build -cl-opt-disable");
    CHECK_STR(group_said("(each):EXTRA=2", "default"), "EXTRA=2 (default)");    /* along variant names */
    CHECK_STR(group_said("naive", "(each)"), "naive");                          /* --by build */
    CHECK_STR(group_said("VEC=4,ILP=(each)", "default"), "VEC=4 (default)");    /* --by ILP */
    CHECK_STR(group_said("tiled:ILP=(each)", "default"), "tiled (default)");
    CHECK_STR(group_said("tiled:ILP=(each),VEC=4", "default"), "tiled:VEC=4 (default)");
    CHECK_STR(group_said("tiled:VEC=4,ILP=(each)", "default"), "tiled:VEC=4 (default)");
}

int main(void)
{
    RUN(test_group_names);
    CHECK_EXIT();
}
