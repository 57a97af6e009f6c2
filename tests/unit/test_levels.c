/* test_levels.c — levels_find and levels_at on synthetic latency curves: the H200's measured
 * curve (docs/experiments/peaks.md), the same with points between the doublings, a failed point,
 * a slow ramp, noisy points, memory's level (at or past the reported last-level cache) and a curve
 * with no plateau. */
#include "check.h"
#include "lib/levels.h"

#define KiB 1024.0
#define MiB (1024.0 * 1024.0)
#define GiB (1024.0 * MiB)

/* The H200's curve at the doublings: 20 ns to 128 KiB, 106 at 256 KiB, 145 from 512 KiB to
 * 16 MiB, 220 at 32 MiB, 340-349 from 64 MiB. */
static void test_h200_doublings(void)
{
    double b[17], ns[17];
    int n = 0;
    for (double f = 4 * KiB; f <= 256 * MiB; f *= 2) {
        b[n] = f;
        ns[n] = f <= 128 * KiB ? 20 : f == 256 * KiB ? 106 : f <= 16 * MiB ? 145 : f == 32 * MiB ? 220
              : f == 64 * MiB ? 340 : f == 128 * MiB ? 345 : 349;
        n++;
    }
    CHECK(n == 17);
    struct level lv[8];
    int k = levels_find(b, ns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 8);
    CHECK(k == 3);
    CHECK_NEAR(lv[0].ns, 20, 0);
    CHECK_NEAR(lv[0].from_bytes, 4 * KiB, 0);
    CHECK_NEAR(lv[0].to_bytes, 128 * KiB, 0);
    CHECK_NEAR(lv[0].next_bytes, 256 * KiB, 0);
    CHECK_NEAR(lv[1].ns, 145, 0);
    CHECK_NEAR(lv[1].from_bytes, 512 * KiB, 0);
    CHECK_NEAR(lv[1].to_bytes, 16 * MiB, 0);
    CHECK_NEAR(lv[1].next_bytes, 32 * MiB, 0);
    CHECK_NEAR(lv[2].ns, 345, 0);
    CHECK_NEAR(lv[2].min_ns, 340, 0);
    CHECK_NEAR(lv[2].max_ns, 349, 0);
    CHECK_NEAR(lv[2].to_bytes, 256 * MiB, 0);
    CHECK(lv[2].next_bytes == 0);            /* the curve ends on it */
    CHECK(lv[1].first == 7 && lv[1].last == 12);
    /* L2 bandwidth read over half of 50 MiB falls in the L2 level, 200 MiB in memory. */
    CHECK(levels_at(lv, k, 24.75 * MiB) == 1);
    CHECK(levels_at(lv, k, 200 * MiB) == 2);
    CHECK(levels_at(lv, k, 2 * KiB) == -1);
    CHECK(levels_at(lv, k, 200 * KiB) == 0);
    /* Past twice a level's end and short of the next: in none. */
    CHECK(levels_at(lv, k, 40 * MiB) == -1);
    CHECK(levels_at(lv, k, 300 * KiB) == -1);
    CHECK(levels_at(lv, k, 4 * GiB) == 2);  /* the open level holds any footprint past it */
}

/* The same with points at 1.5x each doubling, where the knees are partial: 60 ns at 192 KiB, 130
 * at 384 KiB (within 12% of 145, past the 10% a plateau allows), 180 at 24 MiB, 290 at 48 MiB. */
static void test_h200_half_steps(void)
{
    double b[40], ns[40];
    int n = 0;
    for (double f = 4 * KiB; f <= 256 * MiB; f *= 2)
        for (int h = 0; h < 2 && f * (h ? 1.5 : 1) <= 256 * MiB; h++) {
            double x = f * (h ? 1.5 : 1);
            b[n] = x;
            ns[n] = x <= 128 * KiB ? 20 : x == 192 * KiB ? 60 : x == 256 * KiB ? 106 : x == 384 * KiB ? 130
                  : x <= 16 * MiB ? 145 + (n % 3) : x == 24 * MiB ? 180 : x == 32 * MiB ? 220 : x == 48 * MiB ? 290
                  : 340 + (n % 4) * 3;
            n++;
        }
    struct level lv[8];
    int k = levels_find(b, ns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 8);
    CHECK(k == 3);
    CHECK_NEAR(lv[0].ns, 20, 0);
    CHECK_NEAR(lv[0].to_bytes, 128 * KiB, 0);
    CHECK_NEAR(lv[0].next_bytes, 192 * KiB, 0);
    CHECK_NEAR(lv[1].from_bytes, 512 * KiB, 0);
    CHECK_NEAR(lv[1].to_bytes, 16 * MiB, 0);
    CHECK_NEAR(lv[1].next_bytes, 24 * MiB, 0);
    CHECK(lv[1].ns >= 145 && lv[1].ns <= 147);
    CHECK_NEAR(lv[2].from_bytes, 64 * MiB, 0);
    CHECK(lv[2].ns >= 340 && lv[2].ns <= 349);
    /* A read between a level's end and the next footprint is the level's; one at or past that
     * footprint, where latency had risen, is not, though within twice the level's end (a 4 MiB read
     * was given to the level ending between 2 and 3 MiB). */
    CHECK(levels_at(lv, k, 20 * MiB) == 1);
    CHECK(levels_at(lv, k, 24 * MiB) == -1);
    CHECK(levels_at(lv, k, 30 * MiB) == -1);
    CHECK(levels_at(lv, k, 160 * KiB) == 0);
    CHECK(levels_at(lv, k, 256 * KiB) == -1);
    /* Room for fewer levels than the curve has: the first ones. */
    CHECK(levels_find(b, ns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 2) == 2);
    CHECK_NEAR(lv[0].ns, 20, 0);
}

/* A failed footprint (no latency) ends the plateau it falls in; the rest is a level of its own. */
static void test_failed_point(void)
{
    double b[] = {1, 2, 3, 4, 5, 6, 7, 8}, ns[] = {10, 10, 10, 10, 0, 10, 10, 10};
    struct level lv[4];
    int k = levels_find(b, ns, NULL, 8, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 2);
    CHECK(lv[0].first == 0 && lv[0].last == 3);
    CHECK(lv[1].first == 5 && lv[1].last == 7);
}

/* Two transition points within the tolerance of each other are not a level. */
static void test_two_points_not_a_level(void)
{
    double b[] = {1, 2, 3, 4, 5, 6, 7, 8}, ns[] = {5, 5, 5, 30, 32, 80, 80, 80};
    struct level lv[4];
    int k = levels_find(b, ns, NULL, 8, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 2);
    CHECK_NEAR(lv[0].ns, 5, 0);
    CHECK_NEAR(lv[1].ns, 80, 0);
    CHECK_NEAR(lv[1].from_bytes, 6, 0);
    /* With two points enough, they are one. */
    CHECK(levels_find(b, ns, NULL, 8, LEVELS_TOL, 2, lv, 4) == 3);
}

/* A slow ramp (2% a point) is cut where it has risen past the tolerance: neighbouring levels' medians
 * lie more than 10% apart, and no level's points more than about twice that. */
static void test_ramp(void)
{
    double b[20], ns[20];
    for (int i = 0; i < 20; i++) { b[i] = i + 1; ns[i] = 100 * (1 + 0.02 * i); }
    struct level lv[8];
    int k = levels_find(b, ns, NULL, 20, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 8);
    CHECK(k >= 2);
    for (int i = 0; i < k; i++) CHECK(lv[i].max_ns <= lv[i].min_ns * 1.21 + 1e-9);
    for (int i = 1; i < k; i++) CHECK(lv[i].ns > lv[i - 1].ns * 1.1);
    CHECK(lv[0].first == 0);
}

/* One noisy point that cuts a plateau in two: one level (PoCL's CPU curve: 5.8 ns from 64 to 128
 * KiB, 6.4 at 192 KiB, 6.0-6.2 to 512 KiB). */
static void test_noise_joins(void)
{
    double b[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, ns[] = {2, 2, 2, 5.8, 5.8, 5.8, 6.4, 6.0, 6.2, 6.2, 40};
    struct level lv[4];
    int k = levels_find(b, ns, NULL, 11, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 2);
    CHECK(lv[1].first == 3 && lv[1].last == 9);
    CHECK_NEAR(lv[1].ns, 6.0, 1e-12);
    CHECK_NEAR(lv[1].next_bytes, 11, 0);
}

/* A noisy point (its trials' CV past LEVELS_NOISY_CV) opens no level: a 4 KiB point at a CV of 28%
 * whose median sat a little below the next two made them a level of three, and the first cache's
 * level 2 (PoCL's numbering moved off Intel's on the same chip). Without the CVs, the old way. */
static void test_noisy_opens_none(void)
{
    double b[] = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96},
           ns[] = {2.0, 2.1, 2.2, 2.6, 2.6, 2.6, 2.7, 5, 5, 5},
           cv[] = {0.28, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01};
    struct level lv[4];
    CHECK(levels_find(b, ns, NULL, 10, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4) == 3);
    CHECK_NEAR(lv[0].from_bytes, 4, 0);
    int k = levels_find(b, ns, cv, 10, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 2);
    CHECK_NEAR(lv[0].from_bytes, 12, 0);
    CHECK_NEAR(lv[0].to_bytes, 32, 0);
    CHECK_NEAR(lv[1].from_bytes, 48, 0);
    /* A quiet point at the same place opens the level, as before. */
    cv[0] = 0.05;
    CHECK(levels_find(b, ns, cv, 10, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4) == 3);
}

/* A noisy point that cuts a plateau in two, its median far off: one level across it; a quiet point
 * as far off is a level's end (the plateau after it is a level of its own). */
static void test_noisy_cut_joins(void)
{
    double b[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, ns[] = {5, 5, 5, 9, 5.1, 5.1, 5.1, 40, 40},
           cv[] = {0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    struct level lv[4];
    int k = levels_find(b, ns, cv, 9, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 1);
    CHECK(lv[0].first == 0 && lv[0].last == 6);
    CHECK_NEAR(lv[0].next_bytes, 8, 0);
    CHECK(levels_find(b, ns, NULL, 9, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4) == 2);
}

/* Memory's level: past the last-level cache as reported, or (a PoCL VM, 2026-12-01: a 32 MiB global
 * cache whose footprints the chase took at 156 ns, as past it) the last level where it holds the
 * reported size and runs to the curve's end: then a buffer is the cache's only up to the largest
 * footprint faster than memory. */
static void test_memory_level(void)
{
    double b[40], ns[40];
    int n = 0;
    for (double f = 4 * KiB; f <= 128 * MiB; f *= 2)
        for (int h = 0; h < 2 && f * (h ? 1.5 : 1) <= 128 * MiB; h++) {
            double x = f * (h ? 1.5 : 1);
            b[n] = x;
            ns[n] = x <= 24 * KiB ? 1.45 : x <= 32 * KiB ? 1.62 : x <= 128 * KiB ? 4.2 : x <= 256 * KiB ? 4.9
                  : x <= 512 * KiB ? 10 : x <= 3 * MiB ? 18 + x / MiB : x <= 6 * MiB ? 40 : 156 + (n % 3);
            n++;
        }
    struct level lv[8];
    int k = levels_find(b, ns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 8);
    CHECK(k >= 3);
    CHECK_NEAR(lv[k - 1].from_bytes, 8 * MiB, 0);
    CHECK(lv[k - 1].next_bytes == 0);
    int mem = levels_memory(lv, k, 32 * MiB);
    CHECK(mem == k - 1);
    CHECK_NEAR(levels_cache_bytes(b, lv, mem, 32 * MiB), 6 * MiB, 0);
    /* Reported at 4 MiB, the level starts past it: memory, the report stands. */
    CHECK(levels_memory(lv, k, 4 * MiB) == k - 1);
    CHECK_NEAR(levels_cache_bytes(b, lv, k - 1, 4 * MiB), 4 * MiB, 0);
    /* Unknown, or at or past the curve's end: nothing said. */
    CHECK(levels_memory(lv, k, 0) == -1);
    CHECK(levels_memory(lv, k, 128 * MiB) == -1);
    CHECK_NEAR(levels_cache_bytes(b, lv, -1, 32 * MiB), 32 * MiB, 0);
    /* Every footprint at memory's latency: no cache at all. */
    for (int i = 0; i < n; i++) ns[i] = 156;
    k = levels_find(b, ns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 8);
    CHECK(k == 1 && levels_memory(lv, k, 32 * MiB) == 0);
    CHECK(levels_cache_bytes(b, lv, 0, 32 * MiB) == 0);
}

/* A level that holds the reported size and goes on past it, with a slower one after it: a cache
 * larger than reported (the slower level is memory's); with slower points after it and no level,
 * nothing is said. The H200's: memory past its 50 MiB. */
static void test_memory_cache_larger(void)
{
    double b[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, ns[] = {5, 5, 5, 50, 50, 50, 50, 300, 300, 300};
    struct level lv[4];
    int k = levels_find(b, ns, NULL, 10, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 3);
    CHECK(levels_memory(lv, k, 5) == 2);
    CHECK_NEAR(levels_cache_bytes(b, lv, 2, 5), 5, 0);
    ns[8] = 400;
    ns[9] = 500;
    k = levels_find(b, ns, NULL, 10, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 2);
    CHECK(levels_memory(lv, k, 5) == -1);
    double hb[17], hns[17];
    int n = 0;
    for (double f = 4 * KiB; f <= 256 * MiB; f *= 2) {
        hb[n] = f;
        hns[n++] = f <= 128 * KiB ? 20 : f == 256 * KiB ? 106 : f <= 16 * MiB ? 145 : f == 32 * MiB ? 220 : 345;
    }
    k = levels_find(hb, hns, NULL, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4);
    CHECK(k == 3 && levels_memory(lv, k, 50 * MiB) == 2);
    CHECK_NEAR(levels_cache_bytes(hb, lv, 2, 50 * MiB), 50 * MiB, 0);
}

/* Every point a step above the last: no plateau, no level. */
static void test_no_plateau(void)
{
    double b[] = {1, 2, 3, 4, 5}, ns[] = {1, 2, 4, 8, 16};
    struct level lv[4];
    CHECK(levels_find(b, ns, NULL, 5, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4) == 0);
    CHECK(levels_find(b, ns, NULL, 0, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 4) == 0);
    CHECK(levels_at(lv, 0, 3) == -1);
}

/* Footprints: doublings and the points half-way, to the first at or above the top. */
static void test_footprints(void)
{
    double f[64];
    int n = levels_footprints(4 * KiB, 8 * MiB, f, 64);
    CHECK(n == 23);                          /* 4 KiB .. 8 MiB: 12 doublings and 11 between */
    CHECK_NEAR(f[0], 4 * KiB, 0);
    CHECK_NEAR(f[1], 6 * KiB, 0);
    CHECK_NEAR(f[2], 8 * KiB, 0);
    CHECK_NEAR(f[n - 1], 8 * MiB, 0);
    /* H200: 4 x 50 MiB = 200 MiB is passed by 256 MiB (192 MiB is below it). */
    n = levels_footprints(4 * KiB, 200 * MiB, f, 64);
    CHECK_NEAR(f[n - 1], 256 * MiB, 0);
    CHECK_NEAR(f[n - 2], 192 * MiB, 0);
    CHECK(n == 33);
    /* A top between a doubling and the next half-way point ends on that point. */
    n = levels_footprints(4 * KiB, 5 * KiB, f, 64);
    CHECK(n == 2 && f[1] == 6 * KiB);
    CHECK(levels_footprints(4 * KiB, 1e12, f, 5) == 5);
}

int main(void)
{
    RUN(test_h200_doublings);
    RUN(test_h200_half_steps);
    RUN(test_failed_point);
    RUN(test_two_points_not_a_level);
    RUN(test_ramp);
    RUN(test_noise_joins);
    RUN(test_noisy_opens_none);
    RUN(test_noisy_cut_joins);
    RUN(test_memory_level);
    RUN(test_memory_cache_larger);
    RUN(test_no_plateau);
    RUN(test_footprints);
    CHECK_EXIT();
}
