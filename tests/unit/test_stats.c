/* test_stats.c — stats_compute and stats_cv on data with known answers. */
#include "check.h"
#include "lib/stats.h"
#include <math.h>

static void test_even_known_stddev(void)
{
    /* The textbook set: mean 5, sum of squared deviations 32, so sample stddev sqrt(32/7). */
    double x[] = {9, 2, 5, 4, 4, 7, 5, 4};
    struct stats s;
    stats_compute(x, 8, &s);
    CHECK(s.n == 8);
    CHECK_NEAR(s.min, 2, 0);
    CHECK_NEAR(s.max, 9, 0);
    CHECK_NEAR(s.median, 4.5, 1e-15);
    CHECK_NEAR(s.mean, 5, 1e-15);
    CHECK_NEAR(s.stddev, sqrt(32.0 / 7.0), 1e-14);
    CHECK_NEAR(s.cv, sqrt(32.0 / 7.0) / 5, 1e-14);
    CHECK(x[0] == 9 && x[1] == 2 && x[7] == 4);  /* input untouched by the median's sort */
}

static void test_odd(void)
{
    double x[] = {3, 1, 2};
    struct stats s;
    stats_compute(x, 3, &s);
    CHECK_NEAR(s.median, 2, 0);
    CHECK_NEAR(s.mean, 2, 1e-15);
    CHECK_NEAR(s.stddev, 1, 1e-15);
    CHECK_NEAR(s.cv, 0.5, 1e-15);
    CHECK(x[0] == 3 && x[1] == 1 && x[2] == 2);
}

static void test_one(void)
{
    double x[] = {0.25};
    struct stats s;
    stats_compute(x, 1, &s);
    CHECK(s.n == 1);
    CHECK_NEAR(s.min, 0.25, 0);
    CHECK_NEAR(s.max, 0.25, 0);
    CHECK_NEAR(s.median, 0.25, 0);
    CHECK_NEAR(s.mean, 0.25, 0);
    CHECK(s.stddev == 0);
    CHECK(s.cv == 0);
}

static void test_empty(void)
{
    struct stats s = {7, 1, 2, 3, 4, 5, 6, 7, 8};
    stats_compute(NULL, 0, &s);
    CHECK(s.n == 0);
    CHECK(s.min == 0 && s.max == 0 && s.median == 0);
    CHECK(s.mean == 0 && s.stddev == 0 && s.cv == 0 && s.q1 == 0 && s.q3 == 0);
}

static void test_zero_mean_cv(void)
{
    double x[] = {-1, 1};
    struct stats s;
    stats_compute(x, 2, &s);
    CHECK(s.mean == 0);
    CHECK_NEAR(s.stddev, sqrt(2.0), 1e-15);
    CHECK(s.cv == 0);
}

static void test_large_offset(void)
{
    /* Variance 30 on top of 1e9: a one-pass sum of squares loses it entirely. */
    double x[] = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
    struct stats s;
    stats_compute(x, 4, &s);
    CHECK_NEAR(s.mean, 1e9 + 10, 1e-6);
    CHECK_NEAR(s.stddev, sqrt(30.0), 1e-9);
    CHECK_NEAR(s.median, 1e9 + 10, 0);
}

static void test_quartiles(void)
{
    /* Sorted 2 4 4 4 5 5 7 9: positions 1.75 and 5.25 (p(n-1)), so Q1 = 4 and Q3 = 5 + 0.25*2. */
    double x[] = {9, 2, 5, 4, 4, 7, 5, 4};
    struct stats s;
    stats_compute(x, 8, &s);
    CHECK_NEAR(s.q1, 4, 1e-15);
    CHECK_NEAR(s.q3, 5.5, 1e-15);
    /* 1..5: the quartiles fall on order statistics 2 and 4. */
    double y[] = {5, 1, 4, 2, 3};
    stats_compute(y, 5, &s);
    CHECK_NEAR(s.q1, 2, 0);
    CHECK_NEAR(s.q3, 4, 0);
    double one[] = {0.5};
    stats_compute(one, 1, &s);
    CHECK(s.q1 == 0.5 && s.q3 == 0.5);
}

static void test_cv_alone(void)
{
    double x[] = {9, 2, 5, 4, 4, 7, 5, 4};
    CHECK_NEAR(stats_cv(x, 8), sqrt(32.0 / 7.0) / 5, 1e-14);
    CHECK(stats_cv(x, 1) == 0);
    double z[] = {-1, 1};
    CHECK(stats_cv(z, 2) == 0);
}

int main(void)
{
    RUN(test_even_known_stddev);
    RUN(test_odd);
    RUN(test_one);
    RUN(test_empty);
    RUN(test_zero_mean_cv);
    RUN(test_large_offset);
    RUN(test_quartiles);
    RUN(test_cv_alone);
    CHECK_EXIT();
}
