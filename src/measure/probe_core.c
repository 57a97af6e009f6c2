/* probe_core.c — what every probe uses: its rows, the time of a trial (by the device's events,
 * or the host's clock where they lie), an OpenCL failure said in a row, a kernel built and
 * launched; and what every transfer uses: its bytes' pattern and the check that they arrived. */
#include "probes_impl.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct probe_row *probe_add_row(struct probe_run *p, const char *probe, const char *measure, const char *unit,
                                double bytes)
{
    if (p->nrows == MAX_PROBE_ROWS) die("probes: more than %d measurements", MAX_PROBE_ROWS);
    struct probe_row *r = &p->rows[p->nrows++];
    memset(r, 0, sizeof *r);
    r->probe = probe; r->measure = measure; r->unit = unit; r->bytes = bytes; r->status = RS_OK;
    return r;
}

double probe_elapsed_ns(const struct probe_run *p, cl_event first, cl_event last, double host_t0)
{
    if (p->by_host) return (now_seconds() - host_t0) * 1e9;
    return ocl_event_gap_ns(first, CL_PROFILING_COMMAND_START, last, CL_PROFILING_COMMAND_END);
}

int probe_events_unusable(const struct probe_run *p, struct probe_row *r)
{
    if (!p->by_host) return 0;
    r->status = RS_SKIPPED;
    free(r->note);
    r->note = xstrdup("the device's profiling events do not time commands (run.json timer): only the host's time is kept");
    return 1;
}

void probe_fail(struct probe_row *r, enum row_status status, const char *what, cl_int e)
{
    r->status = status;
    free(r->note);
    r->note = xasprintf("%s: %s", what, ocl_err_name(e));
}

void probe_note_add(struct probe_row *r, const char *text, int first)
{
    char *n = !r->note ? xstrdup(text) : first ? xasprintf("%s; %s", text, r->note) : xasprintf("%s; %s", r->note, text);
    free(r->note);
    r->note = n;
}

cl_int probe_build(struct probe_run *p, const char *src, const char *name, const char *what, struct probe_row *r, int n,
                   cl_program *prog, cl_kernel *k)
{
    cl_int e = ocl_kernel_from_source(p->ctx, p->dev, src, name, prog, k);
    for (int i = 0; e != CL_SUCCESS && i < n; i++) probe_fail(&r[i], RS_ERROR, what, e);
    return e;
}

cl_uint probe_compute_units(const struct probe_run *p)
{
    cl_uint cu = 1;
    clGetDeviceInfo(p->dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
    return cu ? cu : 1;
}

int probe_is_cpu(const struct probe_run *p)
{
    cl_device_type type = 0;
    return clGetDeviceInfo(p->dev, CL_DEVICE_TYPE, sizeof type, &type, NULL) == CL_SUCCESS && (type & CL_DEVICE_TYPE_CPU);
}

size_t probe_local_size(const struct probe_run *p, cl_kernel k, size_t want)
{
    size_t wg = 0;
    clGetKernelWorkGroupInfo(k, p->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    while (wg && want > wg) want /= 2;
    return want ? want : 1;
}

cl_int probe_run_timed(struct probe_run *p, cl_kernel k, size_t global, size_t local, double *ns, int trials,
                       cl_int (*reset)(struct probe_run *, void *), void *arg)
{
    cl_int e = CL_SUCCESS;
    for (int t = -1; t < trials && e == CL_SUCCESS; t++) {
        if (reset && (e = reset(p, arg)) != CL_SUCCESS) break;
        cl_event ev;
        double t0 = now_seconds();
        e = clEnqueueNDRangeKernel(p->q, k, 1, NULL, &global, local ? &local : NULL, 0, NULL, &ev);
        if (e != CL_SUCCESS) break;
        e = ocl_finish_for(p->q, 1, &ev);
        if (t >= 0) ns[t] = probe_elapsed_ns(p, ev, ev, t0);
        clReleaseEvent(ev);
    }
    return e;
}

void probe_pattern(unsigned char *b, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) b[i] = (unsigned char)((i * 2654435761u + seed) >> 7);
}

cl_int probe_device_holds(struct probe_run *p, cl_mem d, struct hostmem *from, int trial)
{
    probe_pattern(from->ptr, p->bytes, (unsigned)trial + 77);
    return clEnqueueWriteBuffer(p->q, d, CL_TRUE, 0, p->bytes, from->ptr, 0, NULL, NULL);
}

void probe_check_arrival(struct probe_run *p, struct probe_row *r, int to_device, struct hostmem *h,
                         struct hostmem *other, cl_mem d)
{
    if (to_device) {
        /* Read it back untimed and compare with what was sent. */
        cl_int e = clEnqueueReadBuffer(p->q, d, CL_TRUE, 0, p->bytes, other->ptr, 0, NULL, NULL);
        if (e != CL_SUCCESS) probe_fail(r, RS_ERROR, "clEnqueueReadBuffer (check)", e);
        else if (memcmp(other->ptr, h->ptr, p->bytes)) {
            r->status = RS_FAIL;
            r->note = xstrdup("the bytes read back differ from those sent");
        }
    } else if (memcmp(other->ptr, h->ptr, p->bytes)) {
        r->status = RS_FAIL;
        r->note = xstrdup("the bytes that arrived differ from those on the device");
    }
}
