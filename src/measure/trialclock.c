/* trialclock.c — readings of the SM clock on an NVIDIA GPU by a one-work-item kernel: %clock64
 * cycles over TRIALCLOCK_SPIN_NS of %globaltimer, into a slot of a device buffer. */
#include "trialclock.h"
#include "measure/kernels/trialclock.cl.h"
#include "lib/util.h"
#include <stdio.h>
#include <string.h>

int trialclock_open(struct trialclock *tc, cl_context ctx, cl_device_id dev, const struct devprops *dp, int nslots)
{
    memset(tc, 0, sizeof *tc);
    if (!str_icontains(dp->vendor, "NVIDIA")) {
        /* "it is read through NVIDIA's inline PTX" read, on a CPU run, as if this device's clock were. */
        tc->why = "no clock per trial on this device: clx reads one only on an NVIDIA GPU (the SM clock, through inline "
                  "PTX: %clock64, %globaltimer) and knows no way to on this one";
        return -1;
    }
    cl_int e = ocl_kernel_from_source(ctx, dev, clsrc_trialclock, "clx_sm_clock", &tc->prog, &tc->k);
    if (e == CL_SUCCESS) tc->slots = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(double) * (size_t)nslots, NULL, &e);
    if (e != CL_SUCCESS) {
        tc->why = "no clock per trial: the inline-PTX clock kernel did not build or start on this driver";
        trialclock_close(tc);
        return -1;
    }
    cl_ulong spin = TRIALCLOCK_SPIN_NS;
    clSetKernelArg(tc->k, 0, sizeof tc->slots, &tc->slots);
    clSetKernelArg(tc->k, 2, sizeof spin, &spin);
    tc->nslots = nslots;
    tc->source = "NVIDIA SM clock per trial: %clock64 over 5 us of %globaltimer, read by a one-work-item kernel "
                 "before and after each trial";
    return 0;
}

void trialclock_mark(const struct trialclock *tc, cl_command_queue q, int slot)
{
    if (!tc || !tc->k || slot < 0 || slot >= tc->nslots) return;
    size_t one = 1;
    cl_uint s = (cl_uint)slot;
    /* The kernel object is shared: its slot argument is set at enqueue time, which OpenCL copies. */
    clSetKernelArg(tc->k, 1, sizeof s, &s);
    clEnqueueNDRangeKernel(q, tc->k, 1, NULL, &one, &one, 0, NULL, NULL);
}

int trialclock_read(const struct trialclock *tc, cl_command_queue q, double *mhz, int n)
{
    if (!tc || !tc->k || n <= 0 || n > tc->nslots) return -1;
    return clEnqueueReadBuffer(q, tc->slots, CL_TRUE, 0, sizeof *mhz * (size_t)n, mhz, 0, NULL, NULL) == CL_SUCCESS ? 0 : -1;
}

void trialclock_close(struct trialclock *tc)
{
    ocl_kernel_release(&tc->prog, &tc->k, &tc->slots);
    tc->nslots = 0;
}
