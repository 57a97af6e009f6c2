/* feeder.h — a second host thread that enqueues a share of a held batch's launches beside the
 * caller, every launch still with its own event. On an H200 (driver 580.159.04, 2026-11-30,
 * studies/mtenq.c) one thread enqueued a launch with its event in 12-14 us, two threads feeding
 * the same in-order queue 3.0-3.2 us a launch between them, and every launch's event time was the
 * same either way within 0.1%; a held batch's spin is sized to the host's enqueue, so the holds
 * shrink with it (docs/timing.md, "Two threads feed a held batch"). The helper spins for a while
 * after each batch: woken from sleep it came so late (batches of 8: 18-21 us a launch) that one
 * thread alone was quicker. */
#ifndef FEEDER_H
#define FEEDER_H
#include "bench.h"

/* How long the helper spins for the next batch before it sleeps: a sweep's held batches come
 * every 0.1-0.5 ms, so it sleeps only once they stop. */
#define FEEDER_SPIN_S 2e-3

/* feeder_ready: whether the helper is awake (started at the first call), spinning for a batch; one
 * asleep is woken, for the batches after this one (0: a batch shared now would wait for it). */
int feeder_ready(void);
/* feeder_launch: n launches of k on q over L's shape, each with its event into ev[0..n) (NULL
 * for a launch not enqueued), shared with the helper thread where share is set (the helper
 * started at the first such call; alone where it cannot start or another thread of this process
 * is sharing it). The device runs them in the order the two threads queued them, not ev's: the last
 * to end is the last queued (an in-order queue). CL_SUCCESS, or the first error. */
cl_int feeder_launch(cl_command_queue q, cl_kernel k, const struct launch *L, int n, cl_event *ev, int share);
/* feeder_shared: how many batches the helper took part in, and how many launches it enqueued
 * (for run.json and the tests: sharing that never happens is seen). */
void feeder_shared(long *batches, long *launches);
#endif
