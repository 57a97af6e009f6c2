/* test_hostlaunch.c — an empty launch timed by the host (hostlaunch.h) on the first device: a figure
 * where the launches run, none where they cannot, and the launch floor of a host-timed device and
 * the probes' launch (blocker_floor_by_host, probe_host_launch) both that figure. Compares no times
 * (only whether there is one): the machine's load moves them. */
#include "testcl.h"
#include "measure/hostlaunch.h"
#include "measure/blocker.h"
#include "measure/probes_impl.h"
#include <string.h>

static void test_on_device(void)
{
    struct testcl t;
    if (testcl_open(&t)) return;
    cl_program p;
    cl_kernel empty, needs_arg;
    const char *src = "__kernel void clx_empty(void) { }\n"
                      "__kernel void one(__global float *x) { x[0] = 1; }";
    CHECK(ocl_kernel_from_source(t.ctx, t.d.id, src, "clx_empty", &p, &empty) == CL_SUCCESS);
    if (!empty) { testcl_close(&t); return; }
    cl_int e;
    needs_arg = clCreateKernel(p, "one", &e);
    CHECK(e == CL_SUCCESS);
    CHECK(hostlaunch_ns(t.q, empty) > 0);
    /* Its argument never set: the launch fails, and there is no figure (never a median of none). */
    CHECK(hostlaunch_ns(t.q, needs_arg) == 0);
    clReleaseKernel(needs_arg);
    clReleaseKernel(empty);
    clReleaseProgram(p);

    /* The floor of a host-timed device is that figure (and says so). */
    struct blocker b;
    CHECK(blocker_open(&b, t.ctx, t.q, t.d.id) == 0);
    blocker_floor_by_host(&b, t.q);
    CHECK(b.floor_by_host == 1 && b.floor_ns > 0);
    blocker_close(&b);
    blocker_floor_by_host(&b, t.q);                  /* closed: no kernel, no floor */
    CHECK(b.floor_ns == 0);

    /* The probes' launch too, where the host times them; none where the events do. */
    struct probe_run pr;
    memset(&pr, 0, sizeof pr);
    pr.ctx = t.ctx;
    pr.dev = t.d.id;
    pr.q = t.q;
    pr.by_host = 1;
    probe_host_launch(&pr);
    CHECK(pr.launch_ns > 0);
    pr.by_host = 0;
    probe_host_launch(&pr);
    CHECK(pr.launch_ns == 0);
    testcl_close(&t);
}

int main(void)
{
    RUN(test_on_device);
    CHECK_EXIT();
}
