/* test_redonepace.c — the pace of a resume's rewrites of results.tsv (run/redonepace.c), on a clock the
 * test sets: the first at once, the next no sooner than 50 times the last one's duration nor a second,
 * and every row waiting written where the sweep ends; a test's gap (CLX_REDONE_GAP) in the floor's place. */
#include "check.h"
#include "run/redonepace.h"
#include <math.h>

static void test_first_at_once(void)
{
    struct redonepace p = {0};
    CHECK(redonepace_next(&p) == -INFINITY);
    /* On any clock: a monotonic one may read near 0 soon after the host starts. */
    CHECK(redonepace_due(&p, 1, 0, 0));
    CHECK(redonepace_due(&p, 1, 0, 1e6));
    CHECK(!redonepace_due(&p, 0, 0, 1e6));
}

static void test_next_after_pace(void)
{
    /* A rewrite at t = 100 s that took 0.2 s: the next no sooner than 100.2 + 50 * 0.2 = 110.2 s. */
    struct redonepace p = {0};
    redonepace_done(&p, 100, 0.2);
    CHECK_NEAR(redonepace_next(&p), 110.2, 1e-9);
    CHECK(!redonepace_due(&p, 3, 0, 100.2));
    CHECK(!redonepace_due(&p, 3, 0, 110.19));
    CHECK(redonepace_due(&p, 3, 0, 110.2));
    CHECK(redonepace_due(&p, 3, 0, 500));
    /* Paced on the last one alone: a cheaper one brings the next closer. */
    redonepace_done(&p, 110.2, 0.05);
    CHECK_NEAR(redonepace_next(&p), 110.25 + 2.5, 1e-9);
    CHECK(!redonepace_due(&p, 1, 0, 112.7));
    CHECK(redonepace_due(&p, 1, 0, 112.76));
    CHECK(p.rewrites == 2);
}

static void test_pending_at_end_written(void)
{
    /* However recent the last rewrite, the rows waiting go where the sweep ends or stops. */
    struct redonepace p = {0};
    redonepace_done(&p, 100, 5);
    CHECK(!redonepace_due(&p, 7, 0, 106));
    CHECK(redonepace_due(&p, 7, 1, 106));
    CHECK(redonepace_due(&p, 1, 1, 0));
    /* Nothing waiting: nothing to write, at the end too. */
    CHECK(!redonepace_due(&p, 0, 1, 106));
}

static void test_cheap_rewrite_floor(void)
{
    /* A rewrite the clock saw take no time (tmpfs), or microseconds: not one per row from then on
     * (rows of a millisecond each), but one a second at most. */
    struct redonepace p = {0};
    redonepace_done(&p, 100, 0);
    CHECK_NEAR(redonepace_next(&p), 100 + REDONE_GAP_MIN_S, 1e-9);
    int rewrites = 0;
    double t = 100;
    for (int row = 0; row < 5000; row++) {       /* 5 s of rows of a millisecond */
        t += 0.001;
        if (redonepace_due(&p, 1, 0, t)) {
            redonepace_done(&p, t, 20e-6);
            rewrites++;
        }
    }
    CHECK(rewrites >= 4 && rewrites <= 5);
    /* A clock that went back (it does not: CLOCK_MONOTONIC) costs no rewrite either. */
    redonepace_done(&p, 200, -1e-6);
    CHECK_NEAR(redonepace_next(&p), 200 + REDONE_GAP_MIN_S, 1e-9);
    /* Past the floor, the pace alone: 50 times a 0.1 s rewrite is 5 s. */
    redonepace_done(&p, 300, 0.1);
    CHECK_NEAR(redonepace_next(&p), 300.1 + 5, 1e-9);
    CHECK(REDONE_PACE == 50);
}

static void test_gap_given(void)
{
    /* CLX_REDONE_GAP's gap in the floor's place: a test holds rows measured again that long, on any
     * file system; the pace still wins where a rewrite costs more. */
    struct redonepace p = { .gap_s = 1000 };
    CHECK(redonepace_due(&p, 1, 0, 5));               /* the first at once all the same */
    redonepace_done(&p, 100, 0.01);
    CHECK_NEAR(redonepace_next(&p), 100.01 + 1000, 1e-9);
    CHECK(!redonepace_due(&p, 4, 0, 1000));
    CHECK(redonepace_due(&p, 4, 1, 101));             /* the sweep's end writes them regardless */
    redonepace_done(&p, 2000, 30);                    /* 50 x 30 s = 1500 s > 1000 s */
    CHECK_NEAR(redonepace_next(&p), 2030 + 1500, 1e-9);
}

int main(void)
{
    RUN(test_first_at_once);
    RUN(test_next_after_pace);
    RUN(test_pending_at_end_written);
    RUN(test_cheap_rewrite_floor);
    RUN(test_gap_given);
    CHECK_EXIT();
}
