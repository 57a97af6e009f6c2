/* spec_tune.c — a spec's `tune`: which variants a short pass over candidate axes tunes before the
 * sweep, by which metric, over which candidates on which kind of device, and how long the pass may
 * take (docs/spec.md, "Tuning"). */
#include "spec_impl.h"
#include <stdlib.h>
#include <string.h>

#define TUNE_TRIALS_DEFAULT 3
#define TUNE_SECONDS_DEFAULT 120

static const char *const tune_keys[] = { "variants", "metric", "better", "axes", "trials", "seconds", "cpu", NULL };
static const char *const cpu_keys[] = { "axes", "seconds", NULL };

/* read_axes: a set's `axes` group (what: "tune" or "tune: cpu", for messages). */
static int read_axes(struct loader *L, const config_setting_t *g, const char *what, struct spec_tune_set *set)
{
    const config_setting_t *ax = config_setting_get_member(g, "axes");
    if (!ax) return spec_fail(L, g, "%s: 'axes' (the candidates: { MILP = \"1,2,4\"; local = \"128,256\"; }) is missing", what);
    if (spec_read_axes(L, ax, &set->axes, &set->naxes)) return -1;
    if (set->naxes == 0) return spec_fail(L, ax, "%s: 'axes' names no axis", what);
    return 0;
}

/* read_cpu: `cpu = { axes = { ... }; seconds = N; }`, a CPU device's candidates and seconds (the
 * seconds default to the pass's own). */
static int read_cpu(struct loader *L, struct spec_tune *t, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "tune: 'cpu' must be a group { axes = { ... }; seconds = N; }: a CPU device's candidates");
    if (spec_only_keys(L, g, "tune: cpu", cpu_keys) || read_axes(L, g, "tune: cpu", &t->cpu)) return -1;
    t->cpu.seconds = t->all.seconds;
    t->cpu.cpu = 1;
    return spec_get_number(L, g, "seconds", 0, 1, 86400, &t->cpu.seconds, NULL);
}

int spec_read_tune(struct loader *L, struct spec *s, const config_setting_t *g)
{
    if (!g) return 0;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP)
        return spec_fail(L, g, "'tune' must be a group { variants = \"MEM == 1\"; metric = \"gbs\"; axes = { ... }; }");
    struct spec_tune *t = xcalloc(1, sizeof *t);
    s->tune = t;
    t->line = config_setting_source_line(g);
    if (spec_only_keys(L, g, "tune", tune_keys)) return -1;
    char *better = NULL;
    if (spec_get_string(L, g, "variants", 1, &t->variants) || spec_get_string(L, g, "metric", 1, &t->metric) ||
        spec_get_string(L, g, "better", 0, &better))
        return -1;
    t->variants_line = config_setting_source_line(config_setting_get_member(g, "variants"));
    t->metric_line = config_setting_source_line(config_setting_get_member(g, "metric"));
    if (better && strcmp(better, "higher") && strcmp(better, "lower")) {
        free(better);
        return spec_fail(L, config_setting_get_member(g, "better"), "tune: better must be \"higher\" or \"lower\"");
    }
    t->lower = better && !strcmp(better, "lower");
    free(better);
    if (read_axes(L, g, "tune", &t->all)) return -1;
    double trials = TUNE_TRIALS_DEFAULT, seconds = TUNE_SECONDS_DEFAULT;
    if (spec_get_number(L, g, "trials", 1, 1, 1000, &trials, NULL) ||
        spec_get_number(L, g, "seconds", 0, 1, 86400, &seconds, NULL))
        return -1;
    t->trials = (int)trials;
    t->all.seconds = seconds;
    return read_cpu(L, t, config_setting_get_member(g, "cpu"));
}

const struct spec_tune_set *spec_tune_for(const struct spec_tune *t, int cpu)
{
    return cpu && t->cpu.naxes ? &t->cpu : &t->all;
}

/* check_set: a tuned axis is one the sweep has: a template parameter or a launch axis (not the
 * variant or the build, which are what is tuned for), named once. */
static int check_set(struct loader *L, const struct spec *s, const struct spec_tune_set *set)
{
    const char *what = set->cpu ? "tune: cpu" : "tune";
    for (int i = 0; i < set->naxes; i++) {
        const struct spec_axis *a = &set->axes[i];
        if (!spec_axis_find(s->params, s->nparams, a->name) && !spec_axis_find(s->launch, s->nlaunch, a->name)) {
            if (!L->err)
                L->err = xasprintf("%s:%d: %s: '%s' is not one of the spec's params or launch axes", L->path, a->line,
                                   what, a->name);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(set->axes[j].name, a->name)) {
                if (!L->err) L->err = xasprintf("%s:%d: %s: axis '%s' is named twice", L->path, a->line, what, a->name);
                return -1;
            }
    }
    return 0;
}

int spec_check_tune(struct loader *L, const struct spec *s)
{
    const struct spec_tune *t = s->tune;
    if (!t) return 0;
    if (check_set(L, s, &t->all) || check_set(L, s, &t->cpu)) return -1;
    if (!spec_is_column(s, t->metric)) {
        if (!L->err)
            L->err = xasprintf("%s:%d: tune: metric '%s' is not a column of %s's results (gbs, gflops, median_ms, ...)",
                               L->path, t->metric_line, t->metric, s->name);
        return -1;
    }
    return spec_check_expr(L, s, "tune variants", t->variants, t->variants_line);
}

void spec_free_tune(struct spec *s)
{
    if (!s->tune) return;
    free(s->tune->variants);
    free(s->tune->metric);
    spec_free_axes(s->tune->all.axes, s->tune->all.naxes);
    spec_free_axes(s->tune->cpu.axes, s->tune->cpu.naxes);
    free(s->tune);
    s->tune = NULL;
}
