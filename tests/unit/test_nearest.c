/* test_nearest.c — the name a "did you mean" offers (lib/util.c nearest_name): a case slip, a
 * letter more, less or wrong, two neighbours swapped; nothing for a word far from every name. */
#include "check.h"
#include "lib/util.h"
#include "lib/names.h"
#include <stdlib.h>

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

/* did_you_mean: the words a message ends with; a name that begins the word (VEC of VECTOR) where
 * none is near enough by letters, of 3 letters or more, and not when two are as near. */
static void test_did_you_mean(void)
{
    char *cols[] = { "variant", "OPW", "VEC", "N", "local", "gbs", "gflops" };
    char *m = did_you_mean("VECTOR", cols, 7);
    CHECK_STR(m, ": did you mean VEC?");
    free(m);
    m = did_you_mean("gbz", cols, 7);
    CHECK_STR(m, ": did you mean gbs?");
    free(m);
    m = did_you_mean("NN", cols, 7);                          /* N with its letter typed twice */
    CHECK_STR(m, ": did you mean N?");
    free(m);
    m = did_you_mean("NNN", cols, 7);                         /* twice too many: none */
    CHECK_STR(m, "");
    free(m);
    m = did_you_mean("QQQ", cols, 7);
    CHECK_STR(m, "");
    free(m);
    m = did_you_mean("lcl", cols, 7);                         /* written short: letters dropped */
    CHECK_STR(m, ": did you mean local?");
    free(m);
    char *locals[] = { "local0", "local", "local1", "local" };
    m = did_you_mean("lcl", locals, 4);                       /* the shortest it shortens, listed twice */
    CHECK_STR(m, ": did you mean local?");
    free(m);
    m = did_you_mean("M", cols, 7);                           /* the one capital letter of the names */
    CHECK_STR(m, ": did you mean N?");
    free(m);
    char *letters[] = { "N", "M", "VEC" };
    m = did_you_mean("K", letters, 3);                        /* two of them: neither */
    CHECK_STR(m, "");
    free(m);
    char *two[] = { "ABCX12", "ABCY12" };
    m = did_you_mean("ABC", two, 2);                          /* two as near: neither */
    CHECK_STR(m, "");
    free(m);
}

int main(void)
{
    RUN(test_nearest);
    RUN(test_did_you_mean);
    CHECK_EXIT();
}
