/* plan_device.c — the device's values every spec expression may read (CU, FP64, NV_CC, CPU, ...), and
 * what they were when a variant's requires was false, for the reason its rows are skipped. */
#include "plan.h"
#include "lib/util.h"
#include <string.h>

void plan_device_vars(const struct devprops *d, struct vars *v)
{
    vars_set(v, "CU", d->compute_units);
    vars_set(v, "CLOCK_MHZ", d->clock_mhz);
    vars_set(v, "MAX_WG", (double)d->max_wg);
    vars_set(v, "LOCAL_MEM", (double)d->local_mem);
    vars_set(v, "GLOBAL_MEM", (double)d->global_mem);
    vars_set(v, "MAX_ALLOC", (double)d->max_alloc);
    vars_set(v, "CACHE", (double)d->cache_size);
    vars_set(v, "FP64", d->has_fp64);
    vars_set(v, "FP16", d->has_fp16);
    /* NVIDIA's compute capability as one number (9.0 -> 90), 0 elsewhere: what inline PTX needs. */
    vars_set(v, "NV_CC", d->nv_cc_major >= 0 ? d->nv_cc_major * 10 + d->nv_cc_minor : 0);
    /* A CPU device runs a work-group as a loop over its work-items on one thread: a launch that
     * suits a GPU may not suit it (peaks' streams, docs/spec.md). */
    vars_set(v, "CPU", (d->type & CL_DEVICE_TYPE_CPU) != 0);
}

char *plan_requires_said(const struct devprops *d, const char *req)
{
    struct sbuf b = {0};
    const char *sep = "";
    if (strstr(req, "FP64")) { sb_printf(&b, "FP64=%s", d->has_fp64 ? "1" : "0: no cl_khr_fp64"); sep = ", "; }
    if (strstr(req, "FP16")) { sb_printf(&b, "%sFP16=%s", sep, d->has_fp16 ? "1" : "0: no cl_khr_fp16"); sep = ", "; }
    if (strstr(req, "NV_CC")) {
        if (d->nv_cc_major >= 0) sb_printf(&b, "%sNV_CC=%d: compute capability %d.%d", sep,
                                             d->nv_cc_major * 10 + d->nv_cc_minor, d->nv_cc_major, d->nv_cc_minor);
        else sb_printf(&b, "%sNV_CC=0: not an NVIDIA GPU (inline PTX)", sep);
        sep = ", ";
    }
    if (strstr(req, "CPU")) sb_printf(&b, "%sCPU=%s", sep, (d->type & CL_DEVICE_TYPE_CPU) ? "1: a CPU device" : "0: not a CPU device");
    return b.s ? b.s : xstrdup("");
}
