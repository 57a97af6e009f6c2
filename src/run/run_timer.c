/* run_timer.c — what of the device decides how a run's trials are timed and batched (run_impl.h). */
#include "run_impl.h"
#include "device/firstlaunch.h"

void run_timer_env(const struct run_device *d, struct bench_env *env)
{
    /* By the host clock a trial should last a millisecond at least (100 x 10 us): shorter kernels
     * are batched to it, as short ones are under a coarse device timer. */
    env->by_host = d->timer.host;
    env->timer_res_ns = d->timer.host ? HOST_TIMER_RES_NS : (double)d->dp.timer_res_ns;
    env->step_ns = d->timer.host ? 0 : (double)d->blk.step_ns;
    env->least_trial_ns = d->timer.host ? 0 : blocker_least_trial_ns(&d->blk);
    env->first_launch_s = firstlaunch_allowance_s(&d->dp, NULL);
    env->llc_bytes = d->pk.cache_bytes;
}
