/* hostlaunch.c — an empty launch timed by the host as a host-timed device's rows are (hostlaunch.h). */
#include "hostlaunch.h"
#include "lib/stats.h"
#include "lib/util.h"

/* Each launch is waited for on its own event, as a row's batch is (batch.c); a probe's trial adds a
 * clFinish before that wait (ocl_finish_for), which on PoCL changed nothing beyond the launches' own
 * scatter (2-core EPYC under a load of 10, 2026-12-02, rounds of each way in turn: 28.8-49.8 us a
 * launch waited on alone, 28.5-51.6 with the clFinish): one figure serves both. */
double hostlaunch_ns(cl_command_queue q, cl_kernel k)
{
    double t[HOSTLAUNCH_LAUNCHES];
    size_t one = 1;
    int got = 0;
    cl_int e = clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    if (e == CL_SUCCESS) e = ocl_finish(q);
    for (; got < HOSTLAUNCH_LAUNCHES && e == CL_SUCCESS; got++) {
        cl_event ev;
        double t0 = now_seconds();
        if ((e = clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, &ev)) != CL_SUCCESS) break;
        e = clWaitForEvents(1, &ev);
        t[got] = (now_seconds() - t0) * 1e9;
        clReleaseEvent(ev);
    }
    if (e != CL_SUCCESS) return 0;
    struct stats st;
    stats_compute(t, got, &st);
    return st.median > 0 ? st.median : 0;
}
