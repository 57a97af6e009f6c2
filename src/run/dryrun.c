/* dryrun.c — clx run --dry-run (dryrun.h): the plan a run would make, made and checked without a
 * device, its size said, nothing run. So that a typo in an axis or option is found once, before N
 * jobs are queued that would each fail on it when they start (tools/slurm-sweep.sh asks this). */
#include "dryrun.h"
#include "run_impl.h"
#include "device/devlist.h"
#include "device/devselect.h"
#include "sol/measuredpeaks.h"
#include "spec/expandcheck.h"
#include "spec/geometry.h"
#include "spec/restrictpoints.h"
#include "spec/workcheck.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What 'max' in a work-group range stands for without a device: above every device's largest
 * work-group (CPU runtimes take 4096 or 8192, GPUs 1024), so that no range that a device would
 * expand is refused here as empty; the count it gives is said to be the device's. */
#define DRY_MAX_WG 65536

/* say_points: each launch axis's values as they are written (1Mi, not 1048576), so that what the
 * count multiplies is seen: "clx: launch points: N = 1Mi, 4Mi, 16Mi x VEC = 0, 4 x local = 64". */
static void say_points(const struct spec *s, const struct run_opts *o, const struct plan *p)
{
    if (p->naxes == 0) return;
    printf("clx: launch points:");
    for (int a = 0; a < p->naxes; a++) {
        char *w = plan_axis_written(s, o->ov, o->nov, o->quick, p->axis_names[a]);
        int ranged = w && strchr(w, ':');
        printf("%s %s = %s", a ? " x" : "", p->axis_names[a], w ? w : "?");
        /* A range's count, where it is the plan's own (a 'max' is the device's to count). */
        if (ranged && !strstr(w, "max")) printf(" (%d values)", p->axis_values[a].n);
        free(w);
    }
    printf("\n");
}

/* dry_geometry: the derived values and launch sizes of every planned configuration, as the run works
 * them out, where they need no device (one that reads a device's or a built kernel's property is
 * the run's to check): the configurations whose rows would be errors for it (a value that is no
 * number: a division by zero at some axis's value), the first said as the run says it. by_device:
 * the work-group sizes up to 'max' stand for the device's, so a size below 1 at one of them is not
 * said. */
static long dry_geometry(const struct spec *s, const struct plan *p, int by_device)
{
    long bad = 0;
    for (int v = 0; v < p->nvariants; v++)
        for (int b = 0; b < p->builds.n; b++) {
            for (size_t pt = 0; pt < p->npoints; pt++) {
                struct vars vv = {0};
                char *err = NULL;
                int rc = geometry_point(s, p, v, pt, plan_is_noopt(p->builds.v[b]), &vv, &err);
                if (rc == -3 && by_device) rc = 1;     /* not said: quietly past this point */
                if (rc < -1 && !bad++) {
                    fflush(stdout);
                    char *where = run_point_label(p, NULL, pt);
                    warn("error %s %s%s: %s", p->variants[v].id, plan_build_label(p->builds.v[b]), where, err);
                    free(where);
                }
                free(err);
                vars_free(&vv);
                /* Every point of a variant has the same names: a size that reads a device's one at
                 * this point does at every other (maths' 'max' range is thousands of points). */
                if (rc == -1) break;
            }
        }
    return bad;
}

int run_dry(const struct spec *s, const struct run_opts *o)
{
    /* --device's form as the run refuses it (exit 2, its line) before it looks for the device: the
     * one parser's. Whether such a device is here is not asked: none is opened, and the job may run
     * on another node, which the line says. */
    char *dev = devlist_syntax(o->device);
    if (dev) die_usage("%s", dev);
    if (o->device)
        printf("clx: --dry-run: %s%s is well formed; whether it names a device is found when the sweep runs, on the "
               "host that runs it\n", ocl_device_flag(), o->device);
    /* --peaks as the run refuses it before anything runs (exit 4), but for its device and driver, which
     * need the device: a folder that is not there, or no finished peaks run, passed here and then
     * failed every shard a Slurm array queued. A resume reads the one its run read, or goes on without
     * it where it is gone (run_sol.c). */
    if (o->peaks_run && !o->resume_dir) {
        char *why = sol_peaks_named_check(o->peaks_run);
        if (why) run_peaks_refused(o->peaks_run, why);
        printf("clx: --dry-run: --peaks %s is a finished peaks run; whether it is of this run's device and driver is "
               "found when the sweep runs\n", o->peaks_run);
    }
    struct plan p;
    char *err = NULL;
    /* As run_experiment plans, with the device's largest work-group replaced (above). */
    int planned = plan_make(s, o->ov, o->nov, o->quick, DRY_MAX_WG, &p, &err);
    if (planned == -2) die_usage("%s", err);
    if (planned) die("%s", err);             /* a plan's error names the spec (plan.c) */
    if (p.nvariants == 0 || p.builds.n == 0 || p.npoints == 0) die("%s: nothing to run", s->name);
    char *work = workcheck_plan(s, &p, NULL);   /* as the run says it, with no device's values */
    if (work) die("%s", work);
    /* As the run refuses a search whose space the restrictions empty (run.c). */
    int none = o->search.on ? restrictions_points_none_left(s, &p, o->ov, o->nov, &err) : 0;
    if (none) (none == -2 ? die_usage : die)("%s", err);
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
    say_points(s, o, &p);
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
    /* The run's folder was tried under --out before this (cli_run.c, outcheck_root: a real run's
     * too, before the device's turn): the last line below says so. */
    /* m4 needs no device: a value the template refuses (--set VEC=3), a mistake in the template, or
     * a kernel name its source does not define, would make every row of its variants build-failed;
     * the run's grouped message, said here. */
    int checked, unexpanded = expandcheck_plan(s, &p, &checked);
    char sample[96] = "";
    if (checked < p.nvariants) snprintf(sample, sizeof sample, " (%d of the %d tried, spread evenly)", checked, p.nvariants);
    if (unexpanded && unexpanded == checked) {
        printf("clx: --dry-run: no variant of %s expands%s to a kernel that can be built (the error%s above): the run would build nothing and exit "
               "%d; nothing run\n", s->name, sample, unexpanded == 1 ? "" : "s", EXIT_CANNOT_RUN);
        plan_free(&p);
        return EXIT_CANNOT_RUN;
    }
    long bad = dry_geometry(s, &p, by_device);
    if (unexpanded)
        printf("clx: --dry-run: %d of %d variants do not expand%s to a kernel that can be built (the error%s above): their rows would be build-failed%s\n",
               unexpanded, checked, sample, unexpanded == 1 ? "" : "s", bad ? "" : "; nothing run");
    if (bad)
        printf("clx: --dry-run: %ld configuration%s would be %s (the first said above); nothing run\n", bad,
               bad == 1 ? "" : "s", bad == 1 ? "an error row" : "error rows");
    if (unexpanded || bad) {
        plan_free(&p);
        return EXIT_ROWS_FAILED;
    }
    char *out = o->resume_dir ? xstrdup("") : xasprintf(", and a run's folder can be made and written under %s", o->results_root);
    printf("clx: --dry-run: the options, the spec and the plan check out, and so do every variant's m4 expansion%s and the "
           "derived values and launch sizes of every configuration that needs no device for them%s; nothing run (no device "
           "opened: the device, the builds and the launches are checked when the sweep runs)\n", sample, out);
    free(out);
    plan_free(&p);
    return 0;
}
