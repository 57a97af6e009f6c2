/* blocker.c — the spin that holds a device while a batch is queued behind it (blocker.h). */
#include "blocker.h"
#include "measure/hostlaunch.h"
#include "measure/timercheck.h"
#include "measure/kernels/blocker.cl.h"
#include "lib/stats.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define FIRST_STEPS (1u << 16)
#define FLOOR_BATCHES 4
#define FLOOR_BATCH 8
#define FLOOR_TRIES 5
#define MARGIN_NS 20000.0
#define MAX_HOLD_NS 1e8            /* a batch of 4096 at 24 us an enqueue */
#define ENQUEUE_GUESS_NS 20000.0   /* the host's cost of one enqueue before any is seen: NVIDIA's is 5-13 us */

int blocker_launch_bound(const struct blocker *b, double time_ms)
{
    return b && b->floor_ns > 0 && time_ms * 1e6 < LAUNCH_BOUND * b->floor_ns;
}

double blocker_least_trial_ns(const struct blocker *b)
{
    return b && b->floor_ns > 0 ? LEAST_TRIAL_FLOORS * b->floor_ns : 0;
}

char *blocker_why_wall(const struct blocker *b, double holds_s, double launch_s, double wall_s)
{
    if (!b || b->held <= 0 || !(wall_s > 0) || holds_s + launch_s < 0.25 * wall_s) return NULL;
    return xasprintf("blocker holds and launch overhead, %.0f%% of the wall: %ld batches of kernels shorter than "
                     "twice the host's time to queue a launch with its event (%.1f us lately) were held on the "
                     "device until queued, so that each ran back to back (docs/timing.md, \"Batches behind a "
                     "blocking kernel\")",
                     100 * (holds_s + launch_s) / wall_s, b->held, b->enqueue_ns * 1e-3);
}

unsigned blocker_steps(double want_ns, double ns_per_step)
{
    double s = ns_per_step > 0 ? want_ns / ns_per_step : FIRST_STEPS;
    return s < 256 ? 256 : s > (double)(1u << 28) ? 1u << 28 : (unsigned)s;
}

void blocker_close(struct blocker *b)
{
    ocl_kernel_release(&b->prog, &b->k, &b->out);
}

static cl_int enqueue_spin(struct blocker *b, cl_command_queue q, unsigned steps, cl_event *ev)
{
    size_t one = 1;
    b->steps = steps;
    cl_int e = clSetKernelArg(b->k, 1, sizeof steps, &steps);
    return e == CL_SUCCESS ? clEnqueueNDRangeKernel(q, b->k, 1, NULL, &one, &one, 0, NULL, ev) : e;
}

/* floor_batch: one batch of FLOOR_BATCH launches of k queued behind a hold (after one untimed),
 * their event times into t[] and start/end stamps into stamp[]; 1 when it came in time, 0 when the
 * hold came late (blocker_done doubled the next) or failed (*e says). */
static int floor_batch(struct blocker *b, cl_command_queue q, cl_kernel k, double *t, unsigned long long *stamp, cl_int *e)
{
    cl_event hold = NULL, ev[FLOOR_BATCH + 1];
    size_t one = 1;
    int n = 0, fine = 0;
    *e = blocker_hold(b, q, FLOOR_BATCH + 1, 0, &hold);
    double t0 = now_seconds();
    for (; *e == CL_SUCCESS && n <= FLOOR_BATCH; n++)
        if ((*e = clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, &ev[n])) != CL_SUCCESS) break;
    double enqueue_ns = (now_seconds() - t0) * 1e9 / (n > 0 ? n : 1);
    if (*e == CL_SUCCESS) *e = clWaitForEvents(1, &ev[n - 1]);
    if (*e == CL_SUCCESS && hold) {
        double held;
        for (int i = 1; i < n; i++) {
            cl_ulong a = 0, z = 0;
            cl_int ea = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
            if (ea == CL_SUCCESS) ea = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof z, &z, NULL);
            if (ea != CL_SUCCESS) *e = ea;       /* no floor without every stamp (the step needs them) */
            stamp[2 * (i - 1)] = a;
            stamp[2 * (i - 1) + 1] = z;
            t[i - 1] = z > a ? (double)(z - a) : 0;   /* as integers: see ocl_event_gap_ns */
        }
        fine = !blocker_done(b, hold, enqueue_ns, ev[n - 1], &held) && *e == CL_SUCCESS;
        hold = NULL;                                /* blocker_done released it */
    }
    if (hold) clReleaseEvent(hold);
    for (int i = 0; i < n; i++) clReleaseEvent(ev[i]);
    return fine;
}

/* launch_floor: the median event time of FLOOR_BATCHES x FLOOR_BATCH launches of an empty kernel of
 * one work-item, each batch queued behind a hold of its own, in ns; 0 when it cannot be had or a
 * batch came late FLOOR_TRIES times (each late try doubles the next hold: on a loaded 2-core
 * machine the host's enqueues can take several times the first guess). Batches of 8, not one of
 * 32: with 16 or more launches queued at once each ran 0.2-0.4 us slower on an H200
 * (docs/timing.md), and a held trial never queues more than 8. Their start and end times give
 * b->step_ns. */
static double launch_floor(struct blocker *b, cl_command_queue q)
{
    cl_int e;
    cl_kernel k = clCreateKernel(b->prog, "clx_empty", &e);
    if (e != CL_SUCCESS) {
        snprintf(b->floor_why, sizeof b->floor_why, "its empty kernel could not be made (%s)", ocl_err_name(e));
        return 0;
    }
    double t[FLOOR_BATCHES * FLOOR_BATCH];
    unsigned long long stamp[2 * FLOOR_BATCHES * FLOOR_BATCH];
    int got = 0, late = 0;
    while (got < FLOOR_BATCHES && late < FLOOR_TRIES && e == CL_SUCCESS) {
        if (floor_batch(b, q, k, t + got * FLOOR_BATCH, stamp + 2 * got * FLOOR_BATCH, &e)) got++;
        else late++;
    }
    clReleaseKernel(k);
    b->floor_late = late;
    /* Said in run.json (blocker.launch_floor_why): a row's sol_note only says the floor is not known. */
    if (e != CL_SUCCESS) {
        snprintf(b->floor_why, sizeof b->floor_why, "a launch of its empty kernel or its event's times failed (%s)",
                 ocl_err_name(e));
        return 0;
    }
    if (got < FLOOR_BATCHES) {
        snprintf(b->floor_why, sizeof b->floor_why, "%d of its batches of %d launches came late (queued after the hold "
                 "before them ended, each hold twice the last): the host was too busy to queue them in time",
                 late, FLOOR_BATCH);
        return 0;
    }
    struct stats st;
    stats_compute(t, FLOOR_BATCHES * FLOOR_BATCH, &st);
    if (!(st.median > 0)) {
        snprintf(b->floor_why, sizeof b->floor_why, "its launches' events read no time (a median of 0 ns)");
        return 0;
    }
    b->step_ns = timer_step_ns(stamp, 2 * FLOOR_BATCHES * FLOOR_BATCH);
    return st.median;
}

void blocker_floor_by_host(struct blocker *b, cl_command_queue q)
{
    b->floor_ns = 0;
    b->floor_by_host = 1;
    b->floor_why[0] = 0;
    cl_int e;
    cl_kernel k = b->prog ? clCreateKernel(b->prog, "clx_empty", &e) : NULL;
    if (!k) {
        snprintf(b->floor_why, sizeof b->floor_why, "%s", b->prog ? "its empty kernel could not be made" : "no blocking kernel's program");
        return;
    }
    b->floor_ns = hostlaunch_ns(q, k);
    if (!(b->floor_ns > 0)) snprintf(b->floor_why, sizeof b->floor_why, "its empty launches timed by the host failed");
    clReleaseKernel(k);
}

int blocker_open(struct blocker *b, cl_context ctx, cl_command_queue q, cl_device_id dev)
{
    memset(b, 0, sizeof *b);
    b->enqueue_ns = ENQUEUE_GUESS_NS;
    cl_int e = ocl_kernel_from_source(ctx, dev, clsrc_blocker, "clx_block", &b->prog, &b->k);
    float zero = 0, a = 0.999f, c = 0.001f;
    if (e == CL_SUCCESS) b->out = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &e);
    if (e == CL_SUCCESS) e = clSetKernelArg(b->k, 0, sizeof b->out, &b->out);
    if (e == CL_SUCCESS) e = clSetKernelArg(b->k, 2, sizeof a, &a);
    if (e == CL_SUCCESS) e = clSetKernelArg(b->k, 3, sizeof c, &c);
    cl_event ev = NULL;
    if (e == CL_SUCCESS) e = enqueue_spin(b, q, FIRST_STEPS, &ev);
    if (e == CL_SUCCESS) e = clWaitForEvents(1, &ev);
    if (e == CL_SUCCESS) {
        double d = ocl_event_ns(ev, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END);
        b->ns_per_step = d > 0 ? d / FIRST_STEPS : 0;
    }
    if (ev) clReleaseEvent(ev);
    if (e != CL_SUCCESS) {
        snprintf(b->why, sizeof b->why, "the blocking kernel did not build or run (%s): batches are timed as the host "
                 "feeds them", ocl_err_name(e));
        blocker_close(b);
        return -1;
    }
    b->floor_ns = launch_floor(b, q);
    b->held = b->late = b->unchecked = 0;     /* the floor's batch is the set-up's, not the sweep's */
    b->needed_s = 0;
    return 0;
}

int blocker_ready(const struct blocker *b) { return b && b->k; }

int blocker_holds(const struct blocker *b, double kernel_ns)
{
    return blocker_ready(b) && kernel_ns < 2 * b->enqueue_ns;
}

cl_int blocker_hold(struct blocker *b, cl_command_queue q, int n, double kernel_ns, cl_event *ev)
{
    *ev = NULL;
    if (!blocker_holds(b, kernel_ns)) return CL_SUCCESS;
    b->held++;
    /* The spin runs while the host enqueues: a quarter more than that takes, beside a margin. A
     * hold that still comes late is seen (blocker_done) and its batch timed again. */
    double want = 1.25 * n * b->enqueue_ns + MARGIN_NS;
    return enqueue_spin(b, q, blocker_steps(want < MAX_HOLD_NS ? want : MAX_HOLD_NS, b->ns_per_step), ev);
}

cl_int blocker_warm(struct blocker *b, cl_command_queue q, cl_event *ev)
{
    *ev = NULL;
    if (!blocker_ready(b)) return CL_SUCCESS;
    b->warmed++;
    return enqueue_spin(b, q, blocker_steps(1.25 * b->enqueue_ns + MARGIN_NS, b->ns_per_step), ev);
}

int blocker_done(struct blocker *b, cl_event ev, double enqueue_ns, cl_event last, double *held_ns)
{
    *held_ns = 0;
    if (!ev) return 0;
    double d = ocl_event_ns(ev, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END);
    cl_ulong queued = 0;
    if (last) clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_QUEUED, sizeof queued, &queued, NULL);
    double after = queued ? ocl_event_gap_ns(ev, CL_PROFILING_COMMAND_END, last, CL_PROFILING_COMMAND_QUEUED) : 0;
    clReleaseEvent(ev);
    if (d > 0) b->ns_per_step = d / b->steps;
    *held_ns = d > 0 ? d : 0;
    /* Up at once, down by a tenth a batch: a hold sized to a moment the host was quick comes late. */
    b->enqueue_ns = enqueue_ns > 0.9 * b->enqueue_ns ? enqueue_ns : 0.9 * b->enqueue_ns;
    /* The queued time is the host's enqueue on the device's clock where the driver keeps one;
     * a time outside the spin's run by more than a second is another clock, or none. */
    if (!queued || fabs(after) > 1e9) {
        b->unchecked++;
        return 0;
    }
    /* What it needed: its last launch was queued `d + after` after the spin began. */
    if (d + after > 0) b->needed_s += (d + after) * 1e-9;
    if (after <= 0) return 0;
    b->late++;
    b->enqueue_ns *= 2;
    return 1;
}
