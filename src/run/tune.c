/* tune.c — a spec's tuning pass before its sweep: the tuned variants over the candidate axes with
 * few trials in a results folder of their own, each one's best configuration picked and said, then
 * the sweep with those, the pass kept in its folder as tune/ (tune.h; docs/spec.md "Tuning"). */
#include "tune.h"
#include "supervise.h"
#include "tune_pick.h"
#include "store/runjson.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* set_override: why the command line's overrides leave no pass over set (a new string), or NULL. */
static char *set_override(const struct spec_tune_set *set, const struct run_opts *o)
{
    for (int i = 0; i < o->nov; i++)
        for (int k = 0; k < set->naxes; k++)
            if (!strcmp(o->ov[i].name, set->axes[k].name))
                /* --set names the axis it set (--local and --size are one axis each). */
                return o->ov[i].flag && strcmp(o->ov[i].flag, "--set")
                    ? xasprintf("%s given: the values asked run", o->ov[i].flag)
                    : xasprintf("--set %s given: the values asked run", o->ov[i].name);
    return NULL;
}

/* off_reason: why this run takes no pass (a new string), or NULL when it takes one. The device is
 * not known here (the worker opens it): an axis tuned on any kind of device, set, leaves none. */
static char *off_reason(const struct spec *s, const struct run_opts *o)
{
    if (o->quick) return xstrdup("--quick runs the spec's own values");
    if (o->shard.n) return xstrdup("a shard runs the spec's own values (every part runs the same configurations)");
    char *why = set_override(&s->tune->all, o);
    if (!why) why = set_override(&s->tune->cpu, o);
    if (why) return why;
    struct plan p;
    char *err = NULL;
    if (plan_make(s, o->ov, o->nov, o->quick, 0, &p, &err)) {   /* the run itself says what is wrong */
        free(err);
        return xstrdup("the plan could not be made");
    }
    int tuned = 0;
    for (int v = 0; v < p.nvariants; v++) {
        int t = tune_is_tuned(s, &p.variants[v], &err);
        if (t < 0) { plan_free(&p); return xasprintf("tune variants: %s", err); }
        tuned += t;
    }
    plan_free(&p);
    return tuned ? NULL : xstrdup("no variant of this run is tuned");
}

/* say_picks: each tuned variant's pick, its metric and noise, and the gain over the spec's own values
 * (or why there is none, or that it is within the two rows' noise). */
static void say_picks(const struct spec *s, const struct tune_state *ts)
{
    const char *unpicked = tune_unpicked(ts);
    char waited[96] = "";
    if (ts->pass_wait_s >= 0.05)
        snprintf(waited, sizeof waited, " (%.1f s of it waiting for another clx to finish timing the device)", ts->pass_wait_s);
    /* The variants it never reached run untuned beside tuned ones (peaks' copy_d and triads on a CPU):
     * named, or their figures read as their best. */
    char *names = ts->unreached.n ? sl_join(&ts->unreached, ", ") : NULL;
    char *none = names ? xasprintf("; it did not reach %s, which run%s at the spec's own values, untuned", names,
                                   ts->unreached.n == 1 ? "s" : "") : xstrdup("");
    printf("clx: tuning pass: %d configurations in %.1f s%s, %d measured and verified%s%s%s; kept as %s/ in the run's folder\n",
           ts->rows, ts->pass_s, waited, ts->measured,
           !ts->stopped ? "" : unpicked ? " (it ran out of its seconds"
                                        : " (it ran out of its seconds: the picks are the best of those measured",
           unpicked ? "" : none, ts->stopped ? ")" : "", TUNE_DIR);
    free(names);
    free(none);
    if (ts->failed)
        printf("clx: %d row%s of the tuning pass failed: see %s/results.tsv in the run's folder\n", ts->failed,
               ts->failed == 1 ? "" : "s", TUNE_DIR);
    if (unpicked) printf("clx: no tuning happened: the spec's own values run (%s)\n", unpicked);
    const struct spec_tune_set *set = spec_tune_for(s->tune, ts->cpu);
    for (int i = 0; i < ts->npicks; i++) {
        const struct tune_pick *p = &ts->picks[i];
        char *said = tune_pick_said(s, ts, p);
        char *base = tune_base_said(s->tune->metric, p->metric, p->cv, p->at_base, &p->base, set, s->tune->lower);
        printf("clx: tuned %s%s%s: %s (%s)\n", plan_variant_name(s, p->variant), strcmp(p->build, "default") ? ", build " : "",
               strcmp(p->build, "default") ? p->build : "", said, base);
        free(said);
        free(base);
    }
    fflush(stdout);
}

/* resumed: the picks of a tuned run being resumed, from its tune/ folder; a tuning pass's own
 * folder cannot be resumed. */
static void resumed(const struct spec *s, const struct run_opts *o, const char *dir, struct tune_state *ts)
{
    char *err = NULL;
    struct runjson j;
    runjson_read(dir, &j, &err);
    const char *mode = json_str(runjson_part(&j, RJ_TUNE), "mode");
    /* "none": a pass that picked nothing; its tune/ folder is read back the same (no picks). */
    int pass = !strcmp(mode, "pass"), picked = !strcmp(mode, "picked") || !strcmp(mode, "none");
    runjson_free(&j);
    free(err);
    if (pass) die("--resume %s: this is a tuning pass's folder, not a sweep's: run the experiment again", dir);
    if (!picked) {
        ts->mode = TUNE_OFF;
        ts->off = xstrdup("the run resumed took no tuning pass");
        return;
    }
    char *pd = path_join(dir, TUNE_DIR);
    if (tune_picks_read(s, pd, ts, &err)) die("--resume %s: the tuning pass's picks: %s", dir, err);
    ts->mode = TUNE_PICKED;
    tune_unreached(s, o->ov, o->nov, ts);
    free(pd);
}

int tune_run(const struct spec *s, struct run_opts *o, char **run_dir)
{
    if (!s->tune) return supervise_run(s, o, run_dir);
    struct tune_state ts = {0};
    const struct tune_state *before = o->tune;
    int rc, pass_rc = 0;
    if (o->resume_dir) resumed(s, o, o->resume_dir, &ts);
    else if ((ts.off = off_reason(s, o))) {
        ts.mode = TUNE_OFF;
        /* A user who expects the spec's tuning is told here, not only in run.json. */
        if (!o->quiet) printf("clx: tuning pass of %s: not run: %s\n", s->name, ts.off);
    } else {
        const struct spec_tune *t = s->tune;
        struct tune_state pass = { .mode = TUNE_PASS, .started = now_seconds() };
        struct run_opts po = *o;
        po.quiet = 1;
        po.energy = 0;
        po.preheat_s = 0;          /* the sweep after the pass is preheated, not the pass */
        po.console_log = NULL;
        po.dir_file = NULL;        /* the sweep's folder is the run's (the pass's goes into it as tune/) */
        po.bench.trials = t->trials;
        po.bench.rounds = 1;
        po.bench.max_rounds = 1;
        po.bench.target_se = 0;
        po.bench.target_cv = 0;
        if (po.bench.max_seconds > QUICK_MAX_SECONDS) po.bench.max_seconds = QUICK_MAX_SECONDS;
        po.tune = &pass;
        po.stop_after_sweep = 0;   /* the sweep's hook, not the pass's */
        char *pass_dir = NULL;
        pass_rc = supervise_run(s, &po, &pass_dir);
        if (pass_rc >= 128 || pass_rc == EXIT_CANNOT_RUN || pass_rc == EXIT_USAGE || !pass_dir) {
            free(pass_dir);
            return pass_rc ? pass_rc : EXIT_CANNOT_RUN;
        }
        char *err = NULL;
        if (tune_picks_read(s, pass_dir, &ts, &err)) die("the tuning pass's results: %s", err);
        ts.mode = TUNE_PICKED;
        ts.pass_dir = pass_dir;
        tune_unreached(s, o->ov, o->nov, &ts);
        say_picks(s, &ts);
    }
    o->tune = &ts;
    rc = supervise_run(s, o, run_dir);
    o->tune = before;
    tune_state_free(&ts);
    if (!rc && pass_rc == EXIT_ROWS_FAILED) rc = EXIT_ROWS_FAILED;
    return rc;
}
