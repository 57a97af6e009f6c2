/* run_buildvars.c — the values any expression of a built variant may use before a launch is placed
 * (run_impl.h's run_build_vars): shared by a configuration's variables (run_config.c) and the
 * expected instruction counts (run_expect.c), calling nothing of the run's phases. */
#include "run_impl.h"

void run_build_vars(const struct runner *r, int v, int b, struct vars *vv)
{
    const struct build *bd = build_of(&r->bl, v, b);
    plan_device_vars(&r->dev.dp, vv);
    plan_variant_vars(&r->plan.variants[v], vv);
    vars_set(vv, "NOOPT", plan_is_noopt(r->plan.builds.v[b]));
    vars_set(vv, "KMAX_WG", (double)bd->wg_max);
    vars_set(vv, "KPREF", (double)(bd->wg_multiple ? bd->wg_multiple : 1));
    vars_set(vv, "KLOCAL_MEM", (double)bd->local_mem);
}
