/* run_launchvars.c — a configuration's variables and launch shape (run_impl.h's run_config_vars) and
 * the row's columns of that shape (run_row_geometry): shared by a configuration that runs and one
 * the spec's restrictions leave out (run_config.c). */
#include "run_impl.h"
#include "spec/geometry.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int run_config_vars(struct runner *r, int v, int b, size_t pt, struct vars *vv, struct launch *L, char **err)
{
    const struct spec *s = r->s;
    run_build_vars(r, v, b, vv);
    plan_point_vars(&r->plan, pt, vv);
    /* Derived values may feed the geometry or use it (GLOBAL, GROUPS): evaluate them before it,
     * leaving out those that need it, and again after it, when every name is known. */
    if (geometry_derived(s, vv, 1, err)) return -1;
    memset(L, 0, sizeof *L);
    L->dims = (cl_uint)s->global.n;
    double groups = 1, total = 1;
    /* The most work-items a dimension can have: what the device addresses, size_t holds, and
     * expressions (doubles) count exactly: 2^53 is beyond any sweep's time anyway. */
    double most = ldexp(1.0, r->dev.dp.address_bits >= 32 && r->dev.dp.address_bits < 53 ? (int)r->dev.dp.address_bits : 53);
    if (most > (double)SIZE_MAX) most = (double)SIZE_MAX;
    for (cl_uint d = 0; d < L->dims; d++) {
        double lx, gx;
        if (geometry_dim(s, d, vv, &lx, &gx, err)) return -1;
        if (!(gx < most) || !(lx < most)) {
            *err = xasprintf("dimension %u: global %.4g cannot be launched: at most %.4g work-items (the device "
                             "addresses %u bits; clx counts exactly up to 2^53)", d, gx, most, r->dev.dp.address_bits);
            return -1;
        }
        L->local[d] = (size_t)lx;
        /* OpenCL 1.2 needs global to be a multiple of local: round up; kernels bound-check. */
        L->global[d] = (size_t)(ceil(gx / lx) * lx);
        L->asked = (d == 0 ? 1 : L->asked) * floor(gx);
        groups *= (double)(L->global[d] / L->local[d]);
        total *= (double)L->global[d];
        char nm[32];
        snprintf(nm, sizeof nm, "GLOBAL%u", d);
        vars_set(vv, nm, (double)L->global[d]);
        snprintf(nm, sizeof nm, "LOCAL%u", d);
        vars_set(vv, nm, (double)L->local[d]);
    }
    vars_set(vv, "GLOBAL", total);
    vars_set(vv, "GROUPS", groups);
    return geometry_derived(s, vv, 0, err);
}

void run_row_geometry(struct row *w, const struct launch *L)
{
    struct sbuf g = {0}, l = {0};
    for (cl_uint d = 0; d < L->dims; d++) {
        sb_printf(&g, "%s%zu", d ? "x" : "", L->global[d]);
        sb_printf(&l, "%s%zu", d ? "x" : "", L->local[d]);
        char name[32];
        snprintf(name, sizeof name, "global%u", d);
        row_set_named(w, name, "%zu", L->global[d]);
        snprintf(name, sizeof name, "local%u", d);
        row_set_named(w, name, "%zu", L->local[d]);
    }
    row_set(w, COL_global, "%s", g.s);
    row_set(w, COL_local, "%s", l.s);
    sb_free(&g);
    sb_free(&l);
}
