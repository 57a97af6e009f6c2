/* blocker.h — a kernel of one work-item that holds the device while a batch of short launches is
 * queued behind it, so the batch runs back to back as the device takes it (nvbench's blocking
 * kernel). Without it a kernel shorter than the host's enqueue time is timed as the host feeds it:
 * on an H200 a 3.5 us taylor kernel timed 5-7.4 us, 4% apart from one batch to the next and 10-23%
 * from one process to another; behind the blocker 3.4-3.6 us, 0.1-0.3% and 3-5%
 * (docs/timing.md, "Batches behind a blocking kernel"). */
#ifndef BLOCKER_H
#define BLOCKER_H
#include "device/ocl.h"

/* A row under this many times the launch floor is flagged launch-bound: its time is mostly the
 * device's cost of a launch, which moved by 2-5% from one process to another on an H200 (taylor's
 * rows of 3.5-4.7 us differed between identical runs by up to 7.5%; docs/timing.md). */
#define LAUNCH_BOUND 2.0

struct blocker {
    cl_program prog;
    cl_kernel k;
    cl_mem out;
    double ns_per_step;          /* the spin's speed, from its last run */
    double enqueue_ns;           /* the host's time to enqueue a launch, lately (grows at once, shrinks slowly) */
    unsigned steps;              /* the last hold's spin steps */
    long held, late, unchecked;  /* batches held; of those, not all queued before it ended; not checkable */
    long kept_late;              /* late batches timed all the same (their trial was taken again twice) */
    long warmed;                 /* trials of one launch queued behind a spin in place of a lead-in (blocker_warm) */
    double needed_s;             /* what the holds needed, added up over the batches checked: each its last
                                  * launch's queued time after the spin began (run.json) */
    double floor_ns;             /* an empty kernel's time a launch, back to back behind a hold (by the host:
                                  * blocker_floor_by_host); 0: unknown */
    int floor_by_host;           /* floor_ns is the host's time of an empty launch (blocker_floor_by_host) */
    int floor_late;              /* the floor's batches that came late (FLOOR_TRIES of them leave it unknown) */
    char floor_why[200];         /* why floor_ns is 0: what failed, or how many of its batches came late */
    unsigned long long step_ns;  /* the events' timer step, from the floor's timestamps (timer_step_ns); 0: unknown */
    char why[160];               /* why there is none, when blocker_open failed */
};

/* blocker_open: builds the spin for dev on ctx, times it once on q, and measures the launch floor
 * (floor_ns: the median event time of 4 batches of 8 launches of an empty kernel of one work-item,
 * each behind a hold; 0 when batches came late five times or could not run) and from their
 * timestamps the timer's step (step_ns); 0, or -1 with b->why (b is then inert: blocker_hold
 * enqueues nothing). */
int blocker_open(struct blocker *b, cl_context ctx, cl_command_queue q, cl_device_id dev);
/* blocker_hold: enqueues on q a spin long enough for n launches to be enqueued behind it (1.25
 * times the host's recent enqueue time, and 20 us; at most 0.1 s; on an H200 taylor's holds spun
 * 6.1 s where they needed 4.3-4.6: sized to a tenth more than they lately needed and 10 us, 5.5%
 * of them came late, and the batches timed again cost more than the spins saved, docs/timing.md);
 * *ev its event, NULL when
 * nothing was enqueued: no blocker, or a kernel (kernel_ns as probed; 0 when not known) at least
 * twice the host's time per enqueue, which the host outpaces so that its launches queue up behind
 * the batch's lead-in anyway (on an H200 a 14 us kernel timed the same either way, within 0.6%). */
cl_int blocker_hold(struct blocker *b, cl_command_queue q, int n, double kernel_ns, cl_event *ev);
/* blocker_warm: enqueues on q a spin long enough for one launch to be enqueued behind it, for a
 * trial of one launch of a kernel too long to be held (50 us to 1 ms): the launch then meets a
 * busy device, as it did behind a lead-in launch of its own kernel, for a spin's 20-40 us instead
 * of the kernel's time (on an H200, 2026-11-30, studies/leadkind.c: memcopy_ilp's copies of
 * 140 us to 3 ms behind a spin of 20 or 60 us took what they took behind their own kernel within
 * 0.15%, or 0.6-1.4% less for copies at full occupancy, which a lead-in of their own kernel slowed
 * by its tail; behind an empty kernel or a 5 us spin, ended before the launch was queued, 0.2-1.4%
 * more, as after an idle device). *ev its event, NULL when there is no blocker. Taken by
 * blocker_done like a hold. */
cl_int blocker_warm(struct blocker *b, cl_command_queue q, cl_event *ev);
/* blocker_floor_by_host: b's launch floor measured as a host-timed device's rows are timed (its
 * events do not time kernels: timercheck.h): hostlaunch_ns of b's empty kernel (32 launches of one
 * work-item, one at a time after one untimed, each from its enqueue to its end by the host clock;
 * their median) into floor_ns (floor_by_host 1; 0 where a launch failed: no floor). A batch of a
 * row's launches shares the host's wake-up between them, so its launch may cost less: still under
 * twice it. */
void blocker_floor_by_host(struct blocker *b, cl_command_queue q);
/* blocker_ready: whether b can hold or warm at all (it opened). */
int blocker_ready(const struct blocker *b);
/* blocker_holds: whether blocker_hold would hold a batch of a kernel of kernel_ns (0: not known). */
int blocker_holds(const struct blocker *b, double kernel_ns);
/* blocker_done: after the batch has finished: ev (released here) tunes the spin's speed,
 * enqueue_ns the host's time per launch of this batch; `last` is the batch's last launch, whose
 * queued time (where the driver gives one) against the spin's end says whether the whole batch was
 * queued in time. *held_ns: the spin's duration (0 when ev is NULL). Returns 1 when the batch came
 * late (the next hold is then twice as long), else 0. */
int blocker_done(struct blocker *b, cl_event ev, double enqueue_ns, cl_event last, double *held_ns);
void blocker_close(struct blocker *b);
/* blocker_launch_bound: whether a row of time_ms is under LAUNCH_BOUND x b's launch floor (never
 * where the floor is unknown). */
int blocker_launch_bound(const struct blocker *b, double time_ms);
/* blocker_least_trial_ns: how long a batched trial should last at least: LEAST_TRIAL_FLOORS launch
 * floors (0 where the floor is unknown). Launches near the floor scatter by a share of it; on an
 * H200 (2026-11-27, studies/batchlen.c behind a spin) a trial of one 3.2 us launch scattered by 1.9%,
 * of 8 by 0.4%, and batches of 1 to 8 gave the same time a launch within 1.3% (16 and 32 queued at
 * once ran each launch 0.2-0.4 us slower). A kernel is never shorter than the floor, so a trial
 * of 8 floors never holds more than 8 launches. */
#define LEAST_TRIAL_FLOORS 8
double blocker_least_trial_ns(const struct blocker *b);
/* blocker_why_wall: a line for the run's time line that says what its blocker holds and launch
 * overhead (holds_s, launch_s, of wall_s) were, where together they are a quarter of the wall or
 * more and batches were held: the count, and the host's recent time to enqueue a launch with its
 * event, which the device waited out behind each hold (on NVIDIA's OpenCL 11-15 us however it is
 * enqueued, against taylor's kernels of 3.4-14 us: docs/timing.md). NULL otherwise; the caller
 * frees it. */
char *blocker_why_wall(const struct blocker *b, double holds_s, double launch_s, double wall_s);
/* blocker_steps: the spin steps for want_ns at ns_per_step, within [256, 2^28]. */
unsigned blocker_steps(double want_ns, double ns_per_step);
#endif
