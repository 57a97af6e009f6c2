/* test_timercheck.c — the rule that decides whether a device's events time its kernels, and the
 * check itself on the first device (PoCL in make check: its events are good). */
#include "check.h"
#include "device/ocl.h"
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
    struct ocl_device d = ocl_select(NULL);
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &d.id, NULL, NULL, &e);
    CHECK(e == CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueue(ctx, d.id, CL_QUEUE_PROFILING_ENABLE, &e);
    CHECK(e == CL_SUCCESS);
    struct timer_check tc;
    timer_check(ctx, q, d.id, &tc);
    if (getenv("SHOW")) printf("  %s: %s\n", tc.host ? "host" : "events", tc.why);
    CHECK(tc.host == 0);
    CHECK(tc.host_ms >= 5 || tc.event_ms > 0);
    CHECK_CONTAINS(tc.why, "dependent steps took");
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
}

int main(void)
{
    RUN(test_verdict);
    RUN(test_on_device);
    CHECK_EXIT();
}
