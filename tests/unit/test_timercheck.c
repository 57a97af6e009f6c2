/* test_timercheck.c — the rule that decides whether a device's events time its kernels, the check
 * itself on the first device (PoCL in make check: its events are good), and the timer's step as
 * its timestamps show it. */
/* clx-test: alone (tests/run.sh): it times launches on the device, which other tests would load. */
#include "testcl.h"
#include "measure/timercheck.h"
#include <stdlib.h>

static void test_verdict(void)
{
    CHECK(timer_check_verdict(0.0, 5.2, 0.05, 0.0016));      /* rusticl on llvmpipe: about 0 ns events */
    CHECK(timer_check_verdict(0.001, 5.0, 0.05, 0.0016));    /* under the chain's least time */
    CHECK(!timer_check_verdict(0.74, 12.0, 0.05, 0.0016));  /* a loaded host's wait: the event may be right */
    CHECK(!timer_check_verdict(4.9, 5.2, 0.05, 0.0016));     /* events that time the kernel */
    CHECK(!timer_check_verdict(0.0, 0.5, 0.01, 0.0016));     /* too short to tell */
    CHECK(!timer_check_verdict(0.0, 5.0, 1.0, 0.0016));      /* the host's own round trip is most of it */
}

static void test_on_device(void)
{
    struct testcl t;
    if (testcl_open(&t)) return;
    struct timer_check tc;
    timer_check(t.ctx, t.q, t.d.id, &tc);
    if (getenv("SHOW")) printf("  %s: %s\n", tc.host ? "host" : "events", tc.why);
    CHECK(tc.host == 0);
    CHECK(tc.host_ms >= 5 || tc.event_ms > 0);
    CHECK_CONTAINS(tc.why, "dependent steps took");
    testcl_close(&t);
}

/* NVIDIA's timestamps count ns since 1970: a step of 32 ns under 1.8e18 (where a double steps by
 * 256) is found in the integers; a nanosecond clock gives 1; too few stamps, 0. */
static void test_step(void)
{
    unsigned long long t[40], base = 1795000000000000000ull;
    for (int i = 0; i < 40; i++) t[i] = base + 32ull * (unsigned long long)(i * (i + 1) / 2);
    CHECK(timer_step_ns(t, 40) == 32);
    t[7] = base + 32ull * 1000 + 256;                  /* a stamp a step of 256 apart still agrees */
    CHECK(timer_step_ns(t, 40) == 32);
    t[9] = base + 31;                                  /* one off the grid: no step beyond 1 */
    CHECK(timer_step_ns(t, 40) == 1);
    CHECK(timer_step_ns(t, TIMER_STEP_STAMPS - 1) == 0);
    for (int i = 0; i < 40; i++) t[i] = base + 256ull * (unsigned long long)(i % 3);
    CHECK(timer_step_ns(t, 40) == 256);
}

int main(void)
{
    RUN(test_verdict);
    RUN(test_step);
    RUN(test_on_device);
    CHECK_EXIT();
}
