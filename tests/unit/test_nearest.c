/* test_nearest.c — the name a "did you mean" offers (lib/util.c nearest_name): a case slip, a
 * letter more, less or wrong, two neighbours swapped; nothing for a word far from every name. */
#include "check.h"
#include "lib/util.h"
#include "lib/names.h"

static void test_nearest(void)
{
    char *axes[] = { "variant", "STRIDE", "VEC", "ILP", "N", "GPC", "local" };
    char *variants[] = { "naive", "gridstride", "float4", "gs_float4" };
    CHECK_STR(nearest_name("ilp", axes, 7), "ILP");          /* case */
    CHECK_STR(nearest_name("IPL", axes, 7), "ILP");          /* two neighbours swapped */
    CHECK_STR(nearest_name("naiv", variants, 4), "naive");   /* a letter less */
    CHECK_STR(nearest_name("nave", variants, 4), "naive");
    CHECK_STR(nearest_name("gridstirde", variants, 4), "gridstride");
    CHECK(nearest_name("QQQ", axes, 7) == NULL);
    CHECK(nearest_name("vecsum", variants, 4) == NULL);
}

int main(void)
{
    RUN(test_nearest);
    CHECK_EXIT();
}
