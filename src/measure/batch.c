/* batch.c — one timed batch of launches, sent and taken (batch.h). */
#include "batch.h"
#include "blocker.h"
#include "lib/phase.h"
#include "lib/stats.h"
#include "lib/util.h"
#include "lib/worker.h"
#include <stdlib.h>
#include <string.h>

/* The untimed work before a single launch: its buffer resets, then the cache flush (after the
 * resets, which would otherwise bring their lines back), finished before the host's clock starts
 * so neither clock counts it. */
static cl_int prepare_single(cl_command_queue q, const struct bufset *bs, const struct bench_flush *flush, double limit_s)
{
    cl_int e = bench_resets(q, bs);
    if (e == CL_SUCCESS && flush) {
        static const unsigned pattern = 0x5a5a5a5a;
        e = clEnqueueFillBuffer(q, flush->mem, &pattern, sizeof pattern, 0, flush->bytes, 0, NULL, NULL);
    }
    if (e != CL_SUCCESS) return e;
    double t0 = now_seconds();
    worker_wait(limit_s);
    e = ocl_finish(q);
    worker_waited();
    phase_add(PH_FLUSH, now_seconds() - t0);
    return e;
}

void batch_drop(struct batch_flight *f)
{
    if (f->hold) clReleaseEvent(f->hold);
    if (f->lead_ev) clReleaseEvent(f->lead_ev);
    for (int i = 0; i < f->enqueued; i++) clReleaseEvent(f->ev[i]);
    free(f->ev);
    memset(f, 0, sizeof *f);
}

int batch_send(const struct trials_kernel *tk, const struct bench_env *env, const struct batch_request *rq,
               struct batch_flight *f, cl_int *e)
{
    cl_command_queue q = tk->q;
    cl_kernel k = tk->k;
    const struct launch *L = tk->L;
    const struct bufset *bs = tk->bs;
    const struct bench_flush *flush = rq->flush;
    int n = rq->n, by_host = env->by_host;
    memset(f, 0, sizeof *f);
    f->n = n;
    f->lead = rq->lead;
    f->limit_s = rq->limit_s;
    f->ev = xcalloc((size_t)n, sizeof *f->ev);
    int prepared = n == 1 && !f->lead && (flush || bench_has_resets(bs));
    if (prepared && (*e = prepare_single(q, bs, flush, f->limit_s)) != CL_SUCCESS) return -1;
    f->t0 = now_seconds();
    /* A batch (a lead-in before it) is queued behind the blocker, so that it runs back to back as
     * the device takes it, not as the host feeds it. */
    if (f->lead && !by_host && (*e = blocker_hold(env->blocker, q, n + 1, rq->kernel_ns, &f->hold)) != CL_SUCCESS)
        return -1;
    if (rq->warm && !f->lead && !by_host) {
        if ((*e = blocker_warm(env->blocker, q, &f->hold)) != CL_SUCCESS) return -1;
        f->warm = f->hold != NULL;
    }
    double t_enq = now_seconds();
    /* The lead-in's own time is said apart in the time line (by its events, where they time). */
    if (f->lead && (*e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, by_host ? NULL : &f->lead_ev)) != CL_SUCCESS)
        return -1;
    /* Timed by the host: the lead-in finishes before the clock starts, so the batch alone counts. */
    if (f->lead && by_host) {
        worker_wait(f->limit_s);
        *e = ocl_finish(q);
        worker_waited();
        if (*e != CL_SUCCESS) return -1;
        f->t0 = now_seconds();
        f->lead = 0;
    }
    for (; f->enqueued < n; f->enqueued++) {
        if (!prepared && (*e = bench_resets(q, bs)) != CL_SUCCESS) return -1;
        *e = clEnqueueNDRangeKernel(q, k, L->dims, NULL, L->global, L->local, 0, NULL, &f->ev[f->enqueued]);
        if (*e != CL_SUCCESS) return -1;
    }
    f->enqueue_ns = (now_seconds() - t_enq) * 1e9 / (n + f->lead);
    return 0;
}

int batch_take(const struct bench_env *env, struct batch_flight *f, struct batch_time *bt, cl_int *e)
{
    int n = f->n, lead = f->lead, rc = -1;
    cl_event *ev = f->ev;
    double limit_s = f->limit_s;
    /* The wait is where a kernel that never ends would keep clx forever: the supervisor watches it,
     * launch by launch as --timeout says: the lead-in within the limit, then the first launch within
     * it again, so a kernel that never ends is stopped after one limit, not after a batch's worth
     * (nor two: a watch of lead-in and first launch at once allowed 2 x S and said so, where
     * --timeout S promises S a launch); then the rest. Timed by the host, the lead-in was waited
     * for in batch_send (f->lead is 0 then). */
    *e = CL_SUCCESS;
    if (lead && f->lead_ev) {
        worker_wait(limit_s);
        *e = clWaitForEvents(1, &f->lead_ev);
        worker_waited();
    }
    if (*e == CL_SUCCESS) {
        worker_wait(limit_s);
        *e = clWaitForEvents(1, &ev[0]);
        worker_waited();
    }
    /* Then the rest in one wait (n - 1 limits), as before: a wait a launch would add a call into the
     * driver for each of them to every batch (taylor's 54,000), for a kernel that ended once at these
     * arguments and hangs at the next launch, which none of ours has done; said as that limit. */
    if (*e == CL_SUCCESS && n > 1) {
        worker_wait(limit_s * (n - 1));
        *e = clWaitForEvents(1, &ev[n - 1]);
        worker_waited();
    }
    double held_ns = 0;
    bt->late = 0;
    if (*e == CL_SUCCESS) {           /* the hold's event is released there; on an error, by batch_drop */
        bt->late = blocker_done(env->blocker, f->hold, f->enqueue_ns, ev[n - 1], &held_ns);
        f->hold = NULL;
        phase_add(f->warm ? PH_LEADIN : PH_HOLD, held_ns * 1e-9);
        if (f->lead_ev) phase_add(PH_LEADIN, ocl_event_ns(f->lead_ev, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END) * 1e-9);
    }
    bt->host_ns = ((now_seconds() - f->t0) * 1e9 - held_ns) / (n + lead);
    if (*e != CL_SUCCESS) goto out;
    if (env->by_host) {
        bt->event_ns = bt->span_ns = bt->host_ns * n;
        bt->median_ns = bt->host_ns;
        phase_add(PH_KERNELS, bt->event_ns * 1e-9);
        rc = 0;
        goto out;
    }
    double *each = xmalloc(sizeof *each * (size_t)n);
    bt->event_ns = 0;
    for (int i = 0; i < n; i++) {
        each[i] = ocl_event_ns(ev[i], CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END);
        bt->event_ns += each[i];
    }
    struct stats st;
    int skip = n > 1 && !lead;
    stats_compute(each + skip, n - skip, &st);
    bt->median_ns = st.median;
    free(each);
    bt->span_ns = ocl_event_gap_ns(ev[0], CL_PROFILING_COMMAND_START, ev[n - 1], CL_PROFILING_COMMAND_END);
    phase_add(PH_KERNELS, bt->event_ns * 1e-9);
    rc = 0;
out:
    batch_drop(f);
    return rc;
}

int launch_batch(const struct trials_kernel *tk, const struct bench_env *env, const struct batch_request *rq,
                 struct batch_time *bt, cl_int *e)
{
    struct batch_flight f;
    if (batch_send(tk, env, rq, &f, e) == 0) return batch_take(env, &f, bt, e);
    batch_drop(&f);
    return -1;
}
