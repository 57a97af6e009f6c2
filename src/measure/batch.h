/* batch.h — one timed batch of a configuration's launches (trials.c's unit): sent (queued, behind
 * the blocker where the kernel is short, after an untimed lead-in where asked) and taken (waited
 * for under the watchdog and timed by the events or the host); a batch may be sent while another
 * is still in flight and taken after it. */
#ifndef BATCH_H
#define BATCH_H
#include "trials.h"

/* What one timed batch took, in ns: the launches' own durations added up (each START to END), the
 * span from the first start to the last end, the host's time per launch (first enqueue to the
 * wait's return, over every launch it held), and the launches' median (the first left out unless a
 * lead-in went before it: the first after a wait is slower); late: the batch was not all queued
 * behind its blocker before that ended (blocker.h). The span also holds the device's idle
 * time between launches, which is not the kernel's: on an H200 a 3.5 us kernel's launches fed by
 * the host were 13 us apart, and 4.7 us behind the blocker (docs/timing.md). */
struct batch_time { double event_ns, span_ns, host_ns, median_ns; int late; };

/* What launch_batch is asked for: n launches, after one untimed lead-in launch when lead is set,
 * or behind a warming spin when warm is (blocker_warm: a single launch too long to be held);
 * each launch may take limit_s (the watchdog's); flush: written over before a single launch (NULL:
 * none); kernel_ns: the kernel's time as probed (0: not known), which decides whether the lead-in
 * waits behind the blocker. A field left out is 0: no lead-in, no flush, not known. */
struct batch_request {
    int n;
    int lead;
    int warm;
    double limit_s;
    const struct bench_flush *flush;
    double kernel_ns;
};

/* A batch enqueued and not yet waited for: batch_send queues it, batch_take waits for it and times
 * it (or batch_drop lets it go after an error). */
struct batch_flight {
    cl_event *ev, hold, lead_ev;
    int n, lead, enqueued;
    int warm;                         /* hold is a warming spin (its time is a lead-in's) */
    double t0, enqueue_ns, limit_s;
    int slot;                         /* its pair of clock readings (trials_run) */
};

/* batch_drop: releases what f holds (its commands finished or failed). */
void batch_drop(struct batch_flight *f);
/* batch_send: enqueues rq's launches of tk into f, after the lead-in where asked (each after its
 * buffer resets; a single launch after its resets and the flush, when there is one), the lead-in
 * behind env's blocker where the kernel is short. Timed by the host's clock (env->by_host), the
 * lead-in is finished here. 0, or -1 with *e set (f then holds what was enqueued: batch_drop). */
int batch_send(const struct trials_kernel *tk, const struct bench_env *env, const struct batch_request *rq,
               struct batch_flight *f, cl_int *e);
/* batch_take: waits for f's launches and times them (bt), by the host's clock where env says so;
 * f is let go. The host's time starts at f's enqueue, so a batch queued behind another counts that
 * one's remainder too. 0, or -1 with *e set. */
int batch_take(const struct bench_env *env, struct batch_flight *f, struct batch_time *bt, cl_int *e);
/* launch_batch: one batch sent and taken (batch_send, batch_take). 0, or -1 with *e set. */
int launch_batch(const struct trials_kernel *tk, const struct bench_env *env, const struct batch_request *rq,
                 struct batch_time *bt, cl_int *e);
#endif
