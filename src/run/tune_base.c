/* tune_base.c — a tuning pass's baseline: the spec's own values of the tune axes, and each pick's
 * gain over its variant's row there, judged against the trials' noise (tune_base.h). */
#include "tune_base.h"
#include "spec/axis.h"
#include "spec/variantid.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tune_own_values(const struct spec *s, const struct spec_tune_set *set, double max_wg, struct strlist **own,
                    char **err)
{
    *own = xcalloc((size_t)set->naxes + 1, sizeof **own);
    for (int k = 0; k < set->naxes; k++) {
        const char *name = set->axes[k].name;
        const struct spec_axis *a = spec_axis_find(s->params, s->nparams, name);
        if (!a) a = spec_axis_find(s->launch, s->nlaunch, name);
        if (!a) continue;
        char *text = sl_join(&a->items, ",");
        int rc = axis_expand(text, strcmp(name, "local") ? 0 : max_wg, &(*own)[k], err);
        free(text);
        if (rc) return -1;
    }
    return 0;
}

void tune_own_free(struct strlist *own, int naxes)
{
    for (int k = 0; own && k < naxes; k++) sl_free(&own[k]);
    free(own);
}

int tune_own_has(const struct strlist *own, int naxes, const char *const *values)
{
    for (int k = 0; k < naxes; k++) {
        int in = 0;
        for (int i = 0; i < own[k].n && !in; i++) in = vid_values_equal(own[k].v[i], values[k]);
        if (!in) return 0;
    }
    return 1;
}

void tune_base_init(struct tune_base *b, const struct strlist *own, int naxes)
{
    memset(b, 0, sizeof *b);
    b->metric = b->cv = NAN;
    for (int k = 0; k < naxes; k++) sl_push_own(&b->values, sl_join(&own[k], ","));
}

void tune_base_free(struct tune_base *b)
{
    sl_free(&b->values);
    free(b->why);
    memset(b, 0, sizeof *b);
}

/* The pass measures each configuration in one round of a few trials, so the spread of those trials
 * is all it knows of its noise: a gain counts as clear only where it is more than twice the two
 * rows' trials' cv combined (a gap that size, the scatter of the trials alone seldom makes). Drift
 * slower than a round (another process's load, clocks) it cannot see: the sweep's rounds do. */
struct tune_gain tune_gain(double m, double cv, int at_base, const struct tune_base *b, int lower)
{
    struct tune_gain g = { GAIN_NONE, NAN };
    if (!isfinite(b->metric) || !isfinite(m) || m <= 0 || b->metric <= 0) return g;
    g.ratio = lower ? b->metric / m : m / b->metric;
    if (at_base) g.kind = GAIN_SAME;
    else if (!isfinite(cv) || !isfinite(b->cv)) g.kind = GAIN_UNKNOWN;
    else g.kind = g.ratio - 1 > 2 * sqrt(cv * cv + b->cv * b->cv) ? GAIN_CLEAR : GAIN_NOISE;
    return g;
}

const char *tune_gain_name(enum tune_gain_kind k)
{
    static const char *const names[] = { [GAIN_NONE] = "none", [GAIN_SAME] = "same", [GAIN_CLEAR] = "clear",
                                         [GAIN_NOISE] = "within noise", [GAIN_UNKNOWN] = "unknown" };
    return names[k];
}

/* values_said: "GPC=8 local=256" for a baseline's values (new string). */
static char *values_said(const struct spec_tune_set *set, const struct strlist *v)
{
    struct sbuf b = {0};
    for (int k = 0; k < set->naxes && k < v->n; k++) sb_printf(&b, "%s%s=%s", k ? " " : "", set->axes[k].name, v->v[k]);
    return b.s ? b.s : xstrdup("");
}

/* cv_said: ", cv 2.1%", or "" where the trials give no spread. */
static const char *cv_said(char *buf, size_t n, double cv)
{
    char pct[32];
    if (isfinite(cv)) snprintf(buf, n, ", cv %s", fmt_pct(pct, sizeof pct, 100 * cv));
    else buf[0] = 0;
    return buf;
}

char *tune_base_said(const char *metric, double m, double cv, int at_base, const struct tune_base *b,
                     const struct spec_tune_set *set, int lower)
{
    char fig[32], bfig[32], c1[32], c2[32];
    struct tune_gain g = tune_gain(m, cv, at_base, b, lower);
    char *own = values_said(set, &b->values), *said;
    char *pick = xasprintf("%s %s%s", metric, fmt_fig(fig, sizeof fig, m), cv_said(c1, sizeof c1, cv));
    const char *base_fig = fmt_fig(bfig, sizeof bfig, b->metric);
    cv_said(c2, sizeof c2, b->cv);
    switch (g.kind) {
    case GAIN_SAME:
        said = xasprintf("%s; the spec's own values: no candidate beat them", pick);
        break;
    case GAIN_CLEAR:
        said = xasprintf("%s; %.3gx better than the spec's own %s: %s%s", pick, g.ratio, own, base_fig, c2);
        break;
    case GAIN_NOISE:
        said = xasprintf("%s; %.3gx better than the spec's own %s: %s%s; within their noise: not clearly better",
                         pick, g.ratio, own, base_fig, c2);
        break;
    case GAIN_UNKNOWN:
        said = xasprintf("%s; %.3gx better than the spec's own %s: %s; one trial each: no spread to judge it by",
                         pick, g.ratio, own, base_fig);
        break;
    default:
        said = xasprintf("%s; the spec's own %s did not run: %s", pick, own, b->why ? b->why : "not measured");
    }
    free(pick);
    free(own);
    return said;
}

static void add_num(cJSON *o, const char *key, double x)
{
    if (isfinite(x)) cJSON_AddNumberToObject(o, key, x);
    else cJSON_AddNullToObject(o, key);
}

void tune_base_json(cJSON *j, double m, double cv, int at_base, const struct tune_base *b,
                    const struct spec_tune_set *set, int lower)
{
    struct tune_gain g = tune_gain(m, cv, at_base, b, lower);
    add_num(j, "cv", cv);
    cJSON *o = cJSON_AddObjectToObject(j, "baseline");
    cJSON *v = cJSON_AddObjectToObject(o, "values");
    for (int k = 0; k < set->naxes && k < b->values.n; k++) cJSON_AddStringToObject(v, set->axes[k].name, b->values.v[k]);
    add_num(o, "metric", b->metric);
    add_num(o, "cv", b->cv);
    if (b->why) cJSON_AddStringToObject(o, "why", b->why);
    add_num(j, "gain", g.ratio);
    cJSON_AddStringToObject(j, "gain_is", tune_gain_name(g.kind));
}
