/* test_launchwork.c — the one per-unit rule (lib/launchwork.c) and those who take it from there:
 * GFLOP before GB before times, the speedup of two launches per unit of work (rundir_speedup's, the
 * summary's slowdown of a build), and rel_time (run/relative.c), per unit of work where a variant and
 * the spec's relative one did different work a launch, empty where their works have no unit in
 * common, each said for the row's note; a plain time ratio where they did the same. */
#include "check.h"
#include "lib/launchwork.h"
#include "run/relative.h"
#include <math.h>
#include <stdlib.h>

static void test_rule(void)
{
    /* a: 1 GFLOP and 4 GB a launch in 1 ms; b: 8 GFLOP and 4 GB in 4 ms. */
    struct launchwork a = { 1000, 4000, 1 }, b = { 2000, 1000, 4 }, none = { NAN, 0, 2 }, gb = { NAN, 1000, 2 };
    double wa, wb;
    CHECK(launchwork_pair(&a, &b, &wa, &wb) == LAUNCHWORK_GFLOP);
    CHECK_NEAR(wa, 1, 1e-12);
    CHECK_NEAR(wb, 8, 1e-12);
    /* Per GFLOP b is 2x faster (its GFLOP/s), though its time is 4x a's and its GB/s a quarter. */
    CHECK_NEAR(launchwork_speedup(&a, &b), 2, 1e-12);
    /* GB where one has no flops; the times where neither has a work. */
    CHECK(launchwork_pair(&a, &gb, &wa, &wb) == LAUNCHWORK_GB);
    CHECK_NEAR(launchwork_speedup(&a, &gb), 0.25, 1e-12);
    CHECK(launchwork_pair(&none, &none, &wa, &wb) == LAUNCHWORK_NONE && wa == 1 && wb == 1);
    CHECK_NEAR(launchwork_speedup(&a, &none), 0.5, 1e-12);
    CHECK(launchwork_counted(&a) && launchwork_counted(&gb) && !launchwork_counted(&none));
    CHECK(launchwork_pair(&none, &a, &wa, &wb) == LAUNCHWORK_NONE);
    CHECK(launchwork_same(1, 1 + 1e-6) && !launchwork_same(1, 1.01));
    /* One work read back from rates and times rounded to six digits (1 GFLOP: at 1234.57 GFLOP/s in
     * 0.810001 ms is 1.0000029, at 1234.56 in 0.810006 ms 1.0000010): one number for both, its ratio 1. */
    struct launchwork r1 = { 1234.57, NAN, 0.810001 }, r2 = { 1234.56, NAN, 0.810006 };
    CHECK(launchwork_pair(&r1, &r2, &wa, &wb) == LAUNCHWORK_GFLOP && wa != 1 && wb / wa == 1);
    CHECK(launchwork_pair(&a, &b, &wa, &wb) == LAUNCHWORK_GFLOP && wb / wa == 8);
    int order = 0;
    for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u)) order = order * 10 + (int)u;
    CHECK(order == LAUNCHWORK_GFLOP * 10 + LAUNCHWORK_GB);
    CHECK_STR(launchwork_unit_name(LAUNCHWORK_GB), "GB");
    CHECK_STR(launchwork_unit_source(LAUNCHWORK_GFLOP), "flops");
    char w[64];
    CHECK_STR(launchwork_times_words(w, sizeof w, 1.0 / 64, 1.0 / 64), "64x less");
}

/* rel_time of variant 1 ("long") against variant 0 ("short", the relative one) at one point, long's
 * work a launch and time given; its note in *note (a new string or NULL). */
static double rel_of(double short_gflops, double long_gflops, double long_ms, char **note)
{
    struct variant vars[2] = { { .id = "short", .name = "short" }, { .id = "long", .name = "long" } };
    struct spec_variant ref = { .name = "short" };
    struct relative r;
    relative_init_from(&r, vars, &ref, 1);
    struct rel_rec s = relative_rec(0, 0, 0, RS_OK, 1.0, short_gflops, NAN);
    CHECK(relative_time(&r, &s, NULL) == 1);
    relative_add(&r, &s);
    struct rel_rec l = relative_rec(1, 0, 0, RS_OK, long_ms, long_gflops, NAN);
    double x = relative_time(&r, &l, note);
    relative_free(&r);
    return x;
}

static void test_rel_time(void)
{
    char *note;
    /* The same work (1 GFLOP a launch each): the plain ratio of times, nothing said. */
    CHECK_NEAR(rel_of(1000, 500, 2, &note), 2, 1e-12);
    CHECK(note == NULL);
    /* long did 8x the work in 8.8x the time: 1.1x as long per GFLOP, not 8.8x. */
    CHECK_NEAR(rel_of(1000, 1000 * 8 / 8.8, 8.8, &note), 1.1, 1e-9);
    CHECK_STR(note, "rel_time per GFLOP: this row did 8x more work a launch than short's (the spec's flops at each one's values)");
    free(note);
    /* short's work counted, long's not at all: no comparison, said. */
    CHECK(isnan(rel_of(1000, NAN, 3, &note)));
    CHECK_STR(note, "no rel_time: this row's work a launch is counted in nothing (the spec gives it no flops or bytes), "
                    "short's in GFLOP: in no unit of both, so their times are no comparison");
    free(note);
    /* Neither counted: the times as they are (a spec that declares no work). */
    CHECK_NEAR(rel_of(NAN, NAN, 3, &note), 3, 1e-12);
    CHECK(note == NULL);
    /* A FAIL row is no reference: its rates go with its time. */
    struct rel_rec f = relative_rec(0, 0, 0, RS_FAIL, 1.0, 1000, 1000);
    CHECK(isnan(f.median_ms) && isnan(f.gflops) && isnan(f.gbs));
}

/* A build's work against the first build's at the same variant and point (the console's row line
 * and the row's note): volkov_fma's -cl-opt-disable build, 64x fewer loop trips, 0.23 ms against
 * 4.6 ms, read 20x faster until the line said it did 64x less work. */
static void test_build_work(void)
{
    struct variant vars[2] = { { .id = "a", .name = "a" }, { .id = "b", .name = "b" } };
    struct relative r;
    relative_init_from(&r, vars, NULL, 1);
    /* default: 64 GFLOP a launch (16 GFLOP/s, 4000 ms); no-opt: 1 GFLOP in 250 ms (4 GFLOP/s). */
    struct rel_rec d = relative_rec(0, 0, 0, RS_OK, 4000, 16, NAN), n = relative_rec(0, 1, 0, RS_OK, 250, 4, NAN);
    enum launchwork_unit u;
    CHECK(relative_build_work(&r, &n, &u) == 0 && u == LAUNCHWORK_NONE);    /* no first build's row yet */
    CHECK(relative_build_work(&r, &d, &u) == 0);                            /* the first build's own */
    relative_add(&r, &d);
    CHECK_NEAR(relative_build_work(&r, &n, &u), 1.0 / 64, 1e-9);
    CHECK(u == LAUNCHWORK_GFLOP);
    char *note = relative_build_work_note(&r, &n, "default");
    CHECK_STR(note, "work a launch: 64x less than build default's at the same variant and launch point (the spec's "
                    "flops at each build's values): their median times are no comparison, their GFLOP/s are");
    free(note);
    /* Another variant or point has no first build's row to stand against; the same work says nothing. */
    struct rel_rec other = relative_rec(1, 1, 0, RS_OK, 250, 4, NAN), same = relative_rec(0, 1, 0, RS_OK, 8000, 8, NAN);
    CHECK(relative_build_work(&r, &other, &u) == 0);
    CHECK(relative_build_work(&r, &same, &u) == 0 && relative_build_work_note(&r, &same, "default") == NULL);
    /* GB where neither counts flops; a FAIL row has no work to say. */
    struct rel_rec g0 = relative_rec(1, 0, 1, RS_OK, 2, NAN, 10), g1 = relative_rec(1, 1, 1, RS_OK, 1, NAN, 80);
    relative_add(&r, &g0);
    CHECK_NEAR(relative_build_work(&r, &g1, &u), 4, 1e-9);
    CHECK(u == LAUNCHWORK_GB);
    struct rel_rec bad = relative_rec(1, 1, 1, RS_FAIL, 1, NAN, 80);
    CHECK(relative_build_work(&r, &bad, &u) == 0);
    relative_free(&r);
}

int main(void)
{
    RUN(test_rule);
    RUN(test_rel_time);
    RUN(test_build_work);
    CHECK_EXIT();
}
