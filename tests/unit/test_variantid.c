/* test_variantid.c — the variant-id grammar (variantid.c): parsing, lists, matching. */
#include "check.h"
#include "spec/variantid.h"
#include <stdlib.h>

static void test_parse(void)
{
    struct vid v;
    char *err = NULL;
    CHECK(vid_parse("naive", &v, &err) == 0);
    CHECK_STR(v.name, "naive");
    CHECK(v.keys.n == 0);
    vid_free(&v);
    CHECK(vid_parse(" tiled:TILE=16, UNROLL = 4 ", &v, &err) == 0);
    CHECK_STR(v.name, "tiled");
    CHECK(v.keys.n == 2);
    CHECK_STR(v.keys.v[1], "UNROLL");
    CHECK_STR(v.vals.v[1], "4");
    vid_free(&v);
    CHECK(vid_parse("ILP=4,UNROLL=128", &v, &err) == 0);   /* a spec without named variants */
    CHECK(v.name == NULL && v.keys.n == 2);
    vid_free(&v);
    CHECK(vid_parse("naive:=2", &v, &err) == -1);
    CHECK_CONTAINS(err, "'=2' in variant 'naive:=2' is not PARAM=VALUE");
    free(err);
    err = NULL;
    CHECK(vid_parse(":ILP=2", &v, &err) == -1);
    CHECK_CONTAINS(err, "is not a variant id");
    free(err);
    err = NULL;
    CHECK(vid_parse("a=b:ILP=2", &v, &err) == -1);
    free(err);
}

static void test_split_list(void)
{
    struct strlist l = {0};
    vid_split_list("naive:EXTRA=2,ILP=1, float4 ,,ILP=4,UNROLL=8,gs", &l);
    CHECK(l.n == 4);
    CHECK_STR(l.v[0], "naive:EXTRA=2,ILP=1");
    CHECK_STR(l.v[1], "float4");
    CHECK_STR(l.v[2], "ILP=4,UNROLL=8");   /* pairs without a name stay one id */
    CHECK_STR(l.v[3], "gs");
    sl_free(&l);
    /* A key the id has already begins the next id (two generated names joined by a comma); ';'
     * parts ids whatever they hold. */
    struct strlist g = {0};
    vid_split_list("VWM=4,SA=0,SB=1,VWM=4,SA=1,SB=0;SB=1;naive:ILP=1,ILP=2", &g);
    CHECK(g.n == 5);
    if (g.n == 5) {
        CHECK_STR(g.v[0], "VWM=4,SA=0,SB=1");
        CHECK_STR(g.v[1], "VWM=4,SA=1,SB=0");
        CHECK_STR(g.v[2], "SB=1");
        CHECK_STR(g.v[3], "naive:ILP=1");
        CHECK_STR(g.v[4], "ILP=2");
    }
    sl_free(&g);
}

static void test_match(void)
{
    CHECK(vid_match_id("naive", "naive:EXTRA=2"));
    CHECK(vid_match_id("naive:EXTRA=2", "naive:EXTRA=2"));
    CHECK(vid_match_id("naive:EXTRA=2.0", "naive:EXTRA=2"));   /* numbers as numbers */
    CHECK(!vid_match_id("naive:EXTRA=1", "naive:EXTRA=2"));
    CHECK(!vid_match_id("float4", "gs_float4"));               /* whole names only */
    CHECK(vid_match_id("EXTRA=2", "float4:EXTRA=2"));
    CHECK(!vid_match_id("EXTRA=2", "float4"));                 /* the id says nothing of EXTRA */
    CHECK(vid_match_id("ILP=4", "ILP=4,UNROLL=128"));
    CHECK(!vid_match_id("naive:=1", "naive"));                 /* a bad pattern picks nothing */
    CHECK(vid_values_equal("1M", "1000000"));
    CHECK(!vid_values_equal("a", NULL));
}

/* An id less the parameters a plot shows elsewhere: the name where nothing else is left. */
static void test_without(void)
{
    struct strlist tile = {0};
    sl_push(&tile, "TILE");
    char *s;
    CHECK_STR((s = vid_without("naive:TILE=8", &tile, "exp")), "naive"); free(s);
    CHECK_STR((s = vid_without("tiled:TILE=16,UNROLL=4", &tile, "exp")), "tiled:UNROLL=4"); free(s);
    CHECK_STR((s = vid_without("tiled:UNROLL=4,TILE=16", &tile, "exp")), "tiled:UNROLL=4"); free(s);
    CHECK_STR((s = vid_without("ILP=4,TILE=8", &tile, "exp")), "ILP=4"); free(s);
    CHECK_STR((s = vid_without("TILE=8", &tile, "exp")), "exp");   /* no name, nothing left */
    free(s);
    CHECK_STR((s = vid_without("naive:EXTRA=2", &tile, "exp")), "naive:EXTRA=2"); free(s);
    CHECK_STR((s = vid_without("naive:=2", &tile, "exp")), "naive:=2"); free(s);   /* no id: as it is */
    sl_free(&tile);
}

int main(void)
{
    RUN(test_parse);
    RUN(test_split_list);
    RUN(test_match);
    RUN(test_without);
    CHECK_EXIT();
}
