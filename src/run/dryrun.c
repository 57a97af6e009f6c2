/* dryrun.c — clx run --dry-run (dryrun.h): the plan a run would make, made and checked without a
 * device, its size said, nothing run. So that a typo in an axis or option is found once, before N
 * jobs are queued that would each fail on it when they start (tools/slurm-sweep.sh asks this). */
#include "dryrun.h"
#include "run_impl.h"
#include <stdio.h>
#include <stdlib.h>

/* What 'max' in a work-group range stands for without a device: above every device's largest
 * work-group (CPU runtimes take 4096 or 8192, GPUs 1024), so that no range that a device would
 * expand is refused here as empty; the count it gives is said to be the device's. */
#define DRY_MAX_WG 65536

int run_dry(const struct spec *s, const struct run_opts *o)
{
    struct plan p;
    char *err = NULL;
    /* As run_experiment plans, with the device's largest work-group replaced (above). */
    int planned = plan_make(s, o->ov, o->nov, o->quick, DRY_MAX_WG, &p, &err);
    if (planned == -2) die_usage("%s", err);
    if (planned) die("%s", err);             /* a plan's error names the spec (plan.c) */
    if (p.nvariants == 0 || p.builds.n == 0 || p.npoints == 0) die("%s: nothing to run", s->name);
    /* Whether the work-group sizes run up to the device's largest ('max' in a range): their count is
     * then the device's (a plan without one refuses such a range). */
    const struct override *from = NULL;
    int by_device = plan_axis_count(s, o->ov, o->nov, o->quick, "local", spec_axis_find(s->launch, s->nlaunch, "local"),
                                    &from) < 0;
    long locals = p.naxes > 0 ? (long)p.axis_values[p.naxes - 1].n : 1;
    char restricted[64] = "";
    if (p.restricted) snprintf(restricted, sizeof restricted, " (%d more left out by the spec's restrictions)", p.restricted);
    if (by_device) {
        long lines = (long)p.npoints / locals;
        printf("clx: %s: %d variant%s%s x %d build%s x %ld launch point%s%s, each at every work-group size up to the "
               "device's largest ('max')\n", s->name, p.nvariants, p.nvariants == 1 ? "" : "s", restricted, p.builds.n,
               p.builds.n == 1 ? "" : "s", lines, lines == 1 ? "" : "s", o->quick ? " (quick mode)" : "");
    } else {
        long configs = (long)p.nvariants * p.builds.n * (long)p.npoints;
        printf("clx: %s: %d variant%s%s x %d build%s x %zu launch point%s%s: %ld configuration%s\n", s->name, p.nvariants,
               p.nvariants == 1 ? "" : "s", restricted, p.builds.n, p.builds.n == 1 ? "" : "s", p.npoints,
               p.npoints == 1 ? "" : "s", o->quick ? " (quick mode)" : "", configs, configs == 1 ? "" : "s");
    }
    if (o->shard.n && by_device) {
        printf("clx: shard %d/%d: its part is counted when it runs, on the device whose work-group sizes it sweeps\n",
               o->shard.k, o->shard.n);
    } else if (o->shard.n) {
        int *order = run_variant_order(s, &p);
        struct shard_map m;
        shard_map_init(&m, &o->shard, s, &p, order);
        char *said = shard_map_describe(&m);
        printf("clx: %s\n", said);
        free(said);
        shard_map_free(&m);
        free(order);
    }
    printf("clx: --dry-run: the options, the spec and the plan check out; nothing run (no device opened: the "
           "device, the builds and the launches are checked when the sweep runs)\n");
    plan_free(&p);
    return 0;
}
