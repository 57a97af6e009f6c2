/* test_timercheck.c — the rule that decides whether a device's events time its kernels, and the
 * check itself on the first device (PoCL in make check: its events are good). */
#include "testcl.h"
#include "measure/timercheck.h"
#include <stdlib.h>

static void test_verdict(void)
{
    CHECK(timer_check_verdict(0.0, 5.2, 0.05));      /* rusticl on llvmpipe: about 0 ns events */
    CHECK(timer_check_verdict(0.4, 5.0, 0.05));      /* a tenth is too little */
    CHECK(!timer_check_verdict(4.9, 5.2, 0.05));     /* events that time the kernel */
    CHECK(!timer_check_verdict(0.0, 0.5, 0.01));     /* too short to tell */
    CHECK(!timer_check_verdict(0.0, 5.0, 1.0));      /* the host's own round trip is most of it */
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

int main(void)
{
    RUN(test_verdict);
    RUN(test_on_device);
    CHECK_EXIT();
}
