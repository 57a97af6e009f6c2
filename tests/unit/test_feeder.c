/* test_feeder.c — feeder.c on the first OpenCL device (PoCL in CI): a batch fed by two threads
 * enqueues every launch once, each with its event, whoever took it; the helper takes part once it
 * is awake; an error comes back and leaves no event behind. What two threads save is a
 * measurement (studies/mtenq.c, docs/timing.md), not a test. */
#include "measure/feeder.h"
#include "device/ocl.h"
#include "check.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* A queue and a kernel that counts its launches: each adds 1 to x[0] (one work-item). */
struct device { cl_context ctx; cl_command_queue q; cl_program prog; cl_kernel k; cl_mem x; };

static int device_open(struct device *d)
{
    static const char *src = "__kernel void count(__global uint *x) { x[0] += 1; }";
    cl_int e;
    memset(d, 0, sizeof *d);
    cl_device_id dev = ocl_select(NULL).id;
    d->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    d->q = clCreateCommandQueue(d->ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    d->prog = clCreateProgramWithSource(d->ctx, 1, &src, NULL, &e);
    if (clBuildProgram(d->prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) return 0;
    d->k = clCreateKernel(d->prog, "count", &e);
    static const cl_uint zero = 0;
    d->x = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, (void *)&zero, &e);
    return e == CL_SUCCESS && clSetKernelArg(d->k, 0, sizeof d->x, &d->x) == CL_SUCCESS;
}

static void device_close(struct device *d)
{
    if (d->x) clReleaseMemObject(d->x);
    if (d->k) clReleaseKernel(d->k);
    if (d->prog) clReleaseProgram(d->prog);
    if (d->q) clReleaseCommandQueue(d->q);
    if (d->ctx) clReleaseContext(d->ctx);
}

static cl_uint count_of(struct device *d)
{
    cl_uint v = 0;
    clEnqueueReadBuffer(d->q, d->x, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL);
    return v;
}

static const struct launch one = { 1, {1, 1, 1}, {1, 1, 1}, 1 };

/* feed: one batch of n launches, shared where asked; 0 when every launch has a finished event, in
 * an order the device's timestamps can tell (in-order: no two overlap). */
static int feed(struct device *d, int n, int share)
{
    cl_event ev[64];
    if (feeder_launch(d->q, d->k, &one, n, ev, share) != CL_SUCCESS) return -1;
    int bad = clWaitForEvents(n, ev) != CL_SUCCESS;
    for (int i = 0; i < n; i++) {
        cl_int st = -1;
        bad |= !ev[i] || clGetEventInfo(ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) != CL_SUCCESS ||
               st != CL_COMPLETE;
        for (int j = 0; j < i && !bad; j++) {      /* ran one after another, whichever thread queued them */
            double gap = ocl_event_gap_ns(ev[j], CL_PROFILING_COMMAND_END, ev[i], CL_PROFILING_COMMAND_START);
            double back = ocl_event_gap_ns(ev[i], CL_PROFILING_COMMAND_END, ev[j], CL_PROFILING_COMMAND_START);
            bad |= gap < 0 && back < 0;
        }
    }
    for (int i = 0; i < n; i++)
        if (ev[i]) clReleaseEvent(ev[i]);
    return bad ? -1 : 0;
}

/* Every launch once: the kernel's count is the batches' launches, shared or not; the helper, once
 * awake, takes part (a few batches of 64 give it room on a loaded machine: tried until it has, at
 * most 2,000 batches, so the check is of what happens, not of how soon). */
static void test_every_launch_once(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    CHECK(feed(&d, 8, 0) == 0);
    CHECK(count_of(&d) == 8);
    CHECK(feed(&d, 1, 1) == 0);                       /* one launch: never shared */
    CHECK(count_of(&d) == 9);
    long b0, l0, b1, l1;
    feeder_shared(&b0, &l0);
    CHECK(b0 == 0 && l0 == 0);
    int awake = 0;
    for (int i = 0; i < 2000 && !awake; i++) awake = feeder_ready();
    CHECK(awake);
    cl_uint want = 9;
    int batches = 0;
    do {
        CHECK(feed(&d, 64, 1) == 0);
        want += 64;
        feeder_shared(&b1, &l1);
    } while (l1 == 0 && ++batches < 2000);
    CHECK(count_of(&d) == want);
    CHECK(b1 >= 1 && l1 >= 1 && l1 <= 64L * (batches + 1));
    device_close(&d);
}

/* An error comes back from either thread and every event it could not make is NULL (a work-group
 * larger than any device's: refused at each enqueue; a NULL kernel would not do, the ICD loader
 * dispatches through it). */
static void test_error(void)
{
    struct device d;
    if (!device_open(&d)) {
        CHECK(!"an OpenCL device with a one-line kernel");
        device_close(&d);
        return;
    }
    static const struct launch huge = { 1, {1u << 30, 1, 1}, {1u << 30, 1, 1}, 1u << 30 };
    cl_event ev[16];
    for (int i = 0; i < 16; i++) ev[i] = (cl_event)&d;       /* not left as they were */
    CHECK(feeder_launch(d.q, d.k, &huge, 16, ev, 1) != CL_SUCCESS);
    for (int i = 0; i < 16; i++) CHECK(ev[i] == NULL);
    CHECK(feeder_launch(d.q, d.k, &huge, 4, ev, 0) != CL_SUCCESS);
    for (int i = 0; i < 4; i++) CHECK(ev[i] == NULL);
    CHECK(feed(&d, 16, 1) == 0);                      /* and the next batch is fed as usual */
    CHECK(count_of(&d) == 16);
    device_close(&d);
}

int main(void)
{
    RUN(test_every_launch_once);
    RUN(test_error);
    CHECK_EXIT();
}
