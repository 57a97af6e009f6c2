/* verify_device.c — the device-side comparison of outputs with expected values: one program per element
 * type (built on first use), a grid-stride loop that applies verify.c's rule in double precision,
 * a work-group reduction, and the per-group figures summed on the host. */
#include "verify_device.h"
#include "measure/kernels/verify_device.cl.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_WG_MAX 256

void verify_device_init(struct verify_device *dc, cl_context ctx, cl_device_id dev, cl_command_queue q,
                   const struct devprops *dp)
{
    memset(dc, 0, sizeof *dc);
    dc->ctx = ctx;
    dc->dev = dev;
    dc->q = q;
    dc->cu = dp->compute_units ? dp->compute_units : 1;
    /* Enough groups to keep a GPU's memory system busy; a CPU's few cores need fewer. */
    dc->groups_per_cu = dp->type & CL_DEVICE_TYPE_GPU ? 8 : 2;
    if (!dp->has_fp64) dc->off = xstrdup("the device has no double precision (cl_khr_fp64)");
}

void verify_device_free(struct verify_device *dc)
{
    for (int t = 0; t < CT_COUNT; t++) {
        if (dc->kern[t]) clReleaseKernel(dc->kern[t]);
        if (dc->prog[t]) clReleaseProgram(dc->prog[t]);
        free(dc->why[t]);
    }
    if (dc->partial) clReleaseMemObject(dc->partial);
    free(dc->off);
    memset(dc, 0, sizeof *dc);
}

char *verify_device_options(enum cltype t)
{
    const struct cltype_info *ti = cltype_info(t);
    return xasprintf("-DT=%s -DIS_FLOAT=%d -DIS_SIGNED=%d", ti->name, ti->is_float, ti->is_signed);
}

/* prepare: the kernel for type t, built once; NULL with dc->why[t] when it cannot be. */
static cl_kernel prepare(struct verify_device *dc, enum cltype t)
{
    if (dc->kern[t] || dc->why[t]) return dc->kern[t];
    char *opts = verify_device_options(t);
    cl_int e = ocl_kernel_built(dc->ctx, dc->dev, clsrc_verify_device, opts, "clx_check", &dc->prog[t], &dc->kern[t]);
    free(opts);
    if (e != CL_SUCCESS) {
        dc->why[t] = xasprintf("the %s check kernel did not build: %s", cltype_info(t)->name, ocl_err_name(e));
        return NULL;
    }
    size_t kmax = 0;
    clGetKernelWorkGroupInfo(dc->kern[t], dc->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kmax, &kmax, NULL);
    /* The reduction halves the group: a power of two within the kernel's limit. */
    size_t wg = 1;
    while (wg * 2 <= CHECK_WG_MAX && wg * 2 <= kmax) wg *= 2;
    dc->wg[t] = wg;
    return dc->kern[t];
}

int verify_device_run(struct verify_device *dc, const struct verify_device_job *j, struct verify_result *r, char **why)
{
    memset(r, 0, sizeof *r);
    if (dc->off) { *why = xstrdup(dc->off); return -1; }
    cl_kernel k = prepare(dc, j->type);
    if (!k) { *why = xstrdup(dc->why[j->type]); return -1; }
    if (j->n == 0) return 0;
    size_t wg = dc->wg[j->type];
    size_t groups = (j->n + wg - 1) / wg, most = (size_t)dc->cu * dc->groups_per_cu;
    if (groups > most) groups = most;
    cl_int e = CL_SUCCESS;
    if (groups > dc->partial_groups) {
        if (dc->partial) clReleaseMemObject(dc->partial);
        dc->partial = clCreateBuffer(dc->ctx, CL_MEM_READ_WRITE, groups * 4 * sizeof(double), NULL, &e);
        if (e != CL_SUCCESS) {
            dc->partial = NULL;
            dc->partial_groups = 0;
            *why = xasprintf("clCreateBuffer (check results): %s", ocl_err_name(e));
            return -1;
        }
        dc->partial_groups = groups;
    }
    cl_ulong n = j->n, count = j->count;
    cl_int use_idx = j->idx != NULL, at_i = j->want_at_i;
    cl_mem idx = j->idx ? j->idx : j->got;     /* never read when use_idx is 0 */
    cl_uint a = 0;
    e |= clSetKernelArg(k, a++, sizeof(cl_mem), &j->got);
    e |= clSetKernelArg(k, a++, sizeof(cl_mem), &j->want);
    e |= clSetKernelArg(k, a++, sizeof(cl_mem), &idx);
    e |= clSetKernelArg(k, a++, sizeof n, &n);
    e |= clSetKernelArg(k, a++, sizeof count, &count);
    e |= clSetKernelArg(k, a++, sizeof use_idx, &use_idx);
    e |= clSetKernelArg(k, a++, sizeof at_i, &at_i);
    e |= clSetKernelArg(k, a++, sizeof(double), &j->rtol);
    e |= clSetKernelArg(k, a++, sizeof(double), &j->atol);
    e |= clSetKernelArg(k, a++, sizeof(cl_mem), &dc->partial);
    e |= clSetKernelArg(k, a++, wg * 4 * sizeof(double), NULL);
    if (e != CL_SUCCESS) { *why = xstrdup("clSetKernelArg (check kernel) failed"); return -1; }
    size_t global = groups * wg;
    double *part = xmalloc(groups * 4 * sizeof *part);
    e = clEnqueueNDRangeKernel(dc->q, k, 1, NULL, &global, &wg, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueReadBuffer(dc->q, dc->partial, CL_TRUE, 0, groups * 4 * sizeof *part, part, 0, NULL, NULL);
    if (e != CL_SUCCESS) {
        free(part);
        *why = xasprintf("the check kernel: %s", ocl_err_name(e));
        return -1;
    }
    double bad = 0, checked = 0;
    for (size_t g = 0; g < groups; g++) {
        bad += part[4 * g];
        checked += part[4 * g + 1];
        if (part[4 * g + 2] > r->max_abs_err) r->max_abs_err = part[4 * g + 2];
        if (part[4 * g + 3] > r->max_rel_err) r->max_rel_err = part[4 * g + 3];
    }
    free(part);
    r->mismatches = (size_t)bad;
    r->checked = (size_t)checked;
    return 0;
}
