/* run_device.c — the device side of a run (struct run_device, run_impl.h): found and its properties
 * read before its turn, opened in its turn (context, queue, what clx measures of it once, its own
 * kernels), and closed with the memory the run holds on it. */
#include "run_impl.h"
#include "device/devselect.h"
#include "device/drvenv.h"
#include "lib/calledas.h"
#include "lib/worker.h"
#include <stdio.h>
#include <string.h>

void run_device_find(struct run_device *d, const struct run_opts *o)
{
    d->ocl = ocl_select(o->device);
    ocl_query(d->ocl.platform, d->ocl.id, &d->dp);
    /* The commands the run suggests name this device, which a simulator's command alone shows, or
     * the variable without which its driver offers none (RUSTICL_ENABLE=llvmpipe). */
    called_as_under(drvenv_under(d->dp.platform, d->dp.name, d->dp.driver_env));
    size_t items[3] = {0, 0, 0};
    clGetDeviceInfo(d->ocl.id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL);
    memcpy(d->max_item, items, sizeof items);
}

void run_device_open(struct run_device *d, const struct run_opts *o)
{
    peak_derive(&d->dp, &d->pk);
    bufpool_init(&d->pool, &d->dp);
    cl_int e;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)d->ocl.platform, 0 };
    d->ctx = clCreateContext(props, 1, &d->ocl.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext on %s: %s", d->dp.name, ocl_err_name(e));
    d->q = clCreateCommandQueue(d->ctx, d->ocl.id, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) die("clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE) on %s: %s", d->dp.name, ocl_err_name(e));
    verify_device_init(&d->dc, d->ctx, d->ocl.id, d->q, &d->dp);
    clocks_open(&d->clk, d->ocl.id);
    trialclock_open(&d->tclock, d->ctx, d->ocl.id, &d->dp, 512);
    d->round_trip_ms = trials_round_trip(d->ctx, d->q);
    /* clx's own kernels, built here: where the driver ends the worker in them, a new one goes on
     * without them (supervise.c). */
    if (o->no_setup_kernels) {
        snprintf(d->timer.why, sizeof d->timer.why, "the set-up's kernels ended a worker process in the OpenCL driver: "
                 "the device's events are used");
        memset(&d->blk, 0, sizeof d->blk);
        snprintf(d->blk.why, sizeof d->blk.why, "the set-up's kernels ended a worker process in the OpenCL driver: "
                 "batches are timed as the host feeds them");
    } else {
        worker_setup_kernels(1);
        timer_check(d->ctx, d->q, d->ocl.id, &d->timer);
        if (o->timer_host && !d->timer.host) {
            d->timer.host = 1;
            snprintf(d->timer.why, sizeof d->timer.why, "CLX_TIMER=host: the device's events are set aside");
        }
        blocker_open(&d->blk, d->ctx, d->q, d->ocl.id);
        /* Rows timed by the host carry a launch's cost: their floor is an empty launch timed so. */
        if (d->timer.host) blocker_floor_by_host(&d->blk, d->q);
        worker_setup_kernels(0);
    }
    if (d->timer.host)
        warn("%s: rows are timed by the host clock (column timer), a launch's enqueue to its end, launch cost included",
             d->timer.why);
    char *err = NULL;
    if (o->bench.cold && trials_flush_make(d->ctx, trials_flush_bytes(d->pk.cache_bytes, d->dp.max_alloc), &d->flush, &err))
        die("%s", err);
}

void run_device_close(struct run_device *d)
{
    bench_buffers_free(&d->bufs);
    bufpool_free(&d->pool);
    trials_flush_free(&d->flush);
    verify_device_free(&d->dc);
    trialclock_close(&d->tclock);
    blocker_close(&d->blk);
    guard_scan_close(&d->gscan);
    clReleaseCommandQueue(d->q);
    clReleaseContext(d->ctx);
    devlock_give(&d->lock);
}
