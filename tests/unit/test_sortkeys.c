/* test_sortkeys.c — sort_by_keys (lib/util.c): indexes ordered by their keys, equal keys by index,
 * whatever order the indexes came in. */
#include "check.h"
#include "lib/util.h"

static void test_order(void)
{
    char *keys[] = { "b", "a", "c", "a", "b" };
    int idx[] = { 4, 3, 2, 1, 0 };
    sort_by_keys(idx, 5, keys);
    int want[] = { 1, 3, 0, 4, 2 };
    for (int i = 0; i < 5; i++) CHECK(idx[i] == want[i]);
}

static void test_subset(void)
{
    char *keys[] = { "z", "m", "m", "a" };
    int idx[] = { 2, 0, 1 };                 /* a subset of the keys, out of order */
    sort_by_keys(idx, 3, keys);
    CHECK(idx[0] == 1 && idx[1] == 2 && idx[2] == 0);
    int one[] = { 3 };
    sort_by_keys(one, 1, keys);
    CHECK(one[0] == 3);
    sort_by_keys(NULL, 0, keys);             /* nothing to sort: nothing read */
}

int main(void)
{
    RUN(test_order);
    RUN(test_subset);
    CHECK_EXIT();
}
