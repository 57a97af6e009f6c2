/* tune_pick.c — a tuned sweep's choices: the best row of each tuned variant and build in the tuning
 * pass, and the configurations the pass and the sweep after it run (tune_pick.h). */
#include "tune_pick.h"
#include "spec/axis.h"
#include "spec/variantid.h"
#include "store/rundir.h"
#include "store/rowstatus.h"
#include "lib/phase.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *variant_key(const struct variant *var) { return var->name ? var->name : ""; }

static int is_cpu(const struct devprops *dp) { return (dp->type & CL_DEVICE_TYPE_CPU) != 0; }

const struct spec_tune_set *tune_set(const struct spec *s, const struct tune_state *ts, const struct devprops *dp)
{
    return spec_tune_for(s->tune, ts->mode == TUNE_PICKED ? ts->cpu : is_cpu(dp));
}

char *tune_pass_said(const struct spec *s, int cpu)
{
    const struct spec_tune_set *set = spec_tune_for(s->tune, cpu);
    struct sbuf b = {0};
    for (int k = 0; k < set->naxes; k++) {
        char *vals = sl_join(&set->axes[k].items, ",");
        sb_printf(&b, "%s%s %s", k ? ", " : "", set->axes[k].name, vals);
        free(vals);
    }
    char *said = xasprintf("tuning pass of %s: the variants where %s, over %s%s; %d trials each, at most %g s", s->name,
                           s->tune->variants, b.s ? b.s : "", set->cpu ? " (the spec's candidates for a CPU device)" : "",
                           s->tune->trials, set->seconds);
    free(b.s);
    return said;
}

int tune_past_deadline(const struct spec *s, const struct tune_state *ts, const struct devprops *dp, double waited)
{
    return ts->mode == TUNE_PASS && now_seconds() > ts->started + waited + tune_set(s, ts, dp)->seconds;
}

int tune_is_tuned(const struct spec *s, const struct variant *var, char **err)
{
    struct vars v = {0};
    plan_variant_vars(var, &v);
    double x = 0;
    int rc = expr_eval(s->tune->variants, &v, &x, err);
    vars_free(&v);
    if (rc) return -1;
    return x != 0;
}

/* key_of_id: the spec variant's name in a row's variant id ("read_f:MILP=2" -> "read_f"; new). */
static char *key_of_id(const char *id)
{
    struct vid v;
    char *err = NULL;
    if (vid_parse(id, &v, &err)) { free(err); return xstrdup(id); }
    char *k = xstrdup(v.name ? v.name : "");
    vid_free(&v);
    return k;
}

static struct tune_pick *find_pick(const struct tune_state *ts, const char *variant, const char *build)
{
    for (int i = 0; i < ts->npicks; i++)
        if (!strcmp(ts->picks[i].variant, variant) && !strcmp(ts->picks[i].build, build)) return &ts->picks[i];
    return NULL;
}

/* row_is_tuned: the spec's tune expression over a row's numeric columns (its variant's parameters). */
static int row_is_tuned(const struct spec *s, const struct table *t, int row)
{
    struct vars v = {0};
    for (int c = 0; c < t->cols.n; c++) {
        double x = table_num(t, row, c);
        if (isfinite(x)) vars_set(&v, t->cols.v[c], x);
    }
    double x = 0;
    char *err = NULL;
    int ok = expr_eval(s->tune->variants, &v, &x, &err) == 0 && x != 0;
    free(err);
    vars_free(&v);
    return ok;
}

/* pass_own: the spec's own values of the pass's axes, as its run.json's tune says it measured them
 * (its "baseline"; a pass before 2026-12-01 has none: the spec's, a local range's 'max' unknown). */
static struct strlist *pass_own(const struct spec *s, const struct spec_tune_set *set, const cJSON *t)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(t, "baseline");
    struct strlist *own = NULL;
    char *err = NULL;
    if (!cJSON_IsObject(b)) {
        if (tune_own_values(s, set, 0, &own, &err)) free(err);   /* no baseline matches where unknown */
        return own;
    }
    own = xcalloc((size_t)set->naxes + 1, sizeof *own);
    for (int k = 0; k < set->naxes; k++)
        if (axis_expand(json_str(b, set->axes[k].name), 0, &own[k], &err)) { free(err); err = NULL; }
    return own;
}

/* base_why: why a pick's variant has no figure at the spec's own values: its row's status and note
 * there, else why the pass has no such row (a new string). */
static char *base_why(const struct spec *s, const struct rundir *rd, const struct tune_pick *p, const int *ca,
                      const struct strlist *own, int naxes, int stopped)
{
    int cn = table_col(&rd->t, "note");
    const char **vals = xcalloc((size_t)naxes + 1, sizeof *vals);
    char *why = NULL;
    for (int i = 0; i < rd->t.nrows && !why; i++) {
        if (!row_is_tuned(s, &rd->t, i) || strcmp(table_cell(&rd->t, i, rd->c_build), p->build)) continue;
        char *key = key_of_id(table_cell(&rd->t, i, rd->c_variant));
        int same = !strcmp(key, p->variant);
        free(key);
        for (int k = 0; k < naxes; k++) vals[k] = table_cell(&rd->t, i, ca[k]);
        if (!same || !tune_own_has(own, naxes, vals)) continue;
        const char *note = cn >= 0 ? table_cell(&rd->t, i, cn) : "";
        why = xasprintf("%s%s%s", table_cell(&rd->t, i, rd->c_status), *note ? ": " : "", note);
    }
    free(vals);
    if (why) return why;
    return xstrdup(stopped ? "the pass ran out of its seconds before it" : "the pass has no row there (the spec's restrictions leave it out)");
}

int tune_picks_read(const struct spec *s, const char *dir, struct tune_state *ts, char **err)
{
    const struct spec_tune *tn = s->tune;
    struct rundir rd;
    if (rundir_open(dir, &rd, err)) return -1;
    const cJSON *t = runjson_part(&rd.rj, RJ_TUNE);
    /* The candidates the pass crossed: its device's kind, as its run.json says. */
    ts->cpu = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "cpu"));
    ts->stopped = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "stopped"));
    const struct spec_tune_set *set = spec_tune_for(tn, ts->cpu);
    int cm = table_col(&rd.t, tn->metric), ccv = table_col(&rd.t, "cv");
    int *ca = xcalloc((size_t)set->naxes, sizeof *ca);
    for (int k = 0; k < set->naxes; k++) ca[k] = table_col(&rd.t, set->axes[k].name);
    /* The spec's own values: the pass's rows there are each pick's baseline. */
    struct strlist *own = pass_own(s, set, t);
    const char **vals = xcalloc((size_t)set->naxes + 1, sizeof *vals);
    ts->rows = rd.t.nrows;
    for (int i = 0; i < rd.t.nrows; i++) {
        double m = table_num(&rd.t, i, cm), cv = ccv >= 0 ? table_num(&rd.t, i, ccv) : NAN;
        ts->failed += row_status_failed(table_cell(&rd.t, i, rd.c_status));
        if (row_is_tuned(s, &rd.t, i)) {       /* reached, whatever its status (tune_unreached) */
            char *key = key_of_id(table_cell(&rd.t, i, rd.c_variant));
            char *kb = xasprintf("%s\t%s", key, table_cell(&rd.t, i, rd.c_build));
            if (!sl_has(&ts->seen, kb)) sl_push(&ts->seen, kb);
            free(kb);
            free(key);
        }
        if (!rundir_row_ok(&rd, i) || !isfinite(m)) continue;
        ts->measured++;
        if (!row_is_tuned(s, &rd.t, i)) continue;          /* the baseline, run for its outputs */
        char *key = key_of_id(table_cell(&rd.t, i, rd.c_variant));
        const char *build = table_cell(&rd.t, i, rd.c_build);
        struct tune_pick *p = find_pick(ts, key, build);
        if (!p) {
            ts->picks = xrealloc(ts->picks, sizeof *ts->picks * (size_t)(ts->npicks + 1));
            p = &ts->picks[ts->npicks++];
            memset(p, 0, sizeof *p);
            p->variant = xstrdup(key);
            p->build = xstrdup(build);
            p->metric = p->cv = NAN;
            tune_base_init(&p->base, own, set->naxes);
        }
        free(key);
        for (int k = 0; k < set->naxes; k++) vals[k] = table_cell(&rd.t, i, ca[k]);
        int at_own = tune_own_has(own, set->naxes, vals);
        /* The spec's own values compete too: where no candidate beats them, they are the pick. */
        if (isnan(p->metric) || (tn->lower ? m < p->metric : m > p->metric)) {
            p->metric = m;
            p->cv = cv;
            p->at_base = at_own;
            sl_free(&p->values);
            for (int k = 0; k < set->naxes; k++) sl_push(&p->values, vals[k]);
        }
        if (at_own && (isnan(p->base.metric) || (tn->lower ? m < p->base.metric : m > p->base.metric))) {
            p->base.metric = m;
            p->base.cv = cv;
            sl_free(&p->base.values);
            for (int k = 0; k < set->naxes; k++) sl_push(&p->base.values, vals[k]);
        }
    }
    for (int i = 0; i < ts->npicks; i++)
        if (isnan(ts->picks[i].base.metric))
            ts->picks[i].base.why = base_why(s, &rd, &ts->picks[i], ca, own, set->naxes, ts->stopped);
    const cJSON *times = runjson_part(&rd.rj, RJ_TIME_S);
    ts->pass_s = json_num(times, "wall");
    char *waited = slugify(phase_name(PH_DEVWAIT));     /* time_s's key, as run_json.c makes it */
    ts->pass_wait_s = json_num(times, waited);
    free(waited);
    free(vals);
    tune_own_free(own, set->naxes);
    free(ca);
    rundir_free(&rd);
    return 0;
}

void tune_state_free(struct tune_state *ts)
{
    for (int i = 0; i < ts->npicks; i++) {
        free(ts->picks[i].variant);
        free(ts->picks[i].build);
        sl_free(&ts->picks[i].values);
        tune_base_free(&ts->picks[i].base);
    }
    free(ts->picks);
    sl_free(&ts->seen);
    sl_free(&ts->unreached);
    free(ts->pass_dir);
    free(ts->off);
    memset(ts, 0, sizeof *ts);
}

void tune_unreached(const struct spec *s, const struct override *ov, int nov, struct tune_state *ts)
{
    if (ts->mode != TUNE_PICKED || !ts->stopped) return;
    struct plan p;
    char *err = NULL;
    if (plan_make(s, ov, nov, 0, 0, &p, &err)) { free(err); plan_free(&p); return; }   /* the run says what is wrong */
    struct strlist done = {0};
    for (int v = 0; v < p.nvariants; v++) {
        if (tune_is_tuned(s, &p.variants[v], &err) != 1) { free(err); err = NULL; continue; }
        for (int b = 0; b < p.builds.n; b++) {
            const char *build = plan_build_label(p.builds.v[b]);
            char *kb = xasprintf("%s\t%s", variant_key(&p.variants[v]), build);
            if (!sl_has(&ts->seen, kb) && !sl_has(&done, kb)) {
                const char *name = plan_variant_name(s, variant_key(&p.variants[v]));
                sl_push_own(&ts->unreached, strcmp(build, "default") ? xasprintf("%s (build %s)", name, build) : xstrdup(name));
            }
            if (!sl_has(&done, kb)) sl_push(&done, kb);
            free(kb);
        }
    }
    sl_free(&done);
    plan_free(&p);
}

const char *tune_unpicked(const struct tune_state *ts)
{
    if (ts->mode != TUNE_PICKED || ts->npicks) return NULL;
    return ts->stopped ? "the tuning pass ran out of its seconds before it measured a tuned variant"
                       : "the tuning pass measured and verified no row of a tuned variant";
}

/* add_new: v onto vals where it is not there yet. */
static void add_new(struct strlist *vals, const char *v)
{
    for (int j = 0; j < vals->n; j++)
        if (vid_values_equal(vals->v[j], v)) return;
    if (*v) sl_push(vals, v);
}

/* union_text: the spec's own values of axis k of set (expanded), then in the pass its candidates,
 * after it every pick's value, each once. The own values first: the pass measures the baseline
 * before its seconds can run out. */
static int union_text(const struct spec_tune_set *set, const struct tune_state *ts, const struct strlist *own, int k,
                      double max_wg, char **out, char **err)
{
    const char *name = set->axes[k].name;
    struct strlist vals = {0}, cand = {0};
    int rc = 0;
    for (int i = 0; i < own[k].n; i++) add_new(&vals, own[k].v[i]);
    if (ts->mode == TUNE_PASS) {
        char *text = sl_join(&set->axes[k].items, ",");
        rc = axis_expand(text, strcmp(name, "local") ? 0 : max_wg, &cand, err);
        free(text);
        for (int i = 0; i < cand.n; i++) add_new(&vals, cand.v[i]);
    } else
        for (int i = 0; i < ts->npicks; i++) add_new(&vals, ts->picks[i].values.v[k]);
    *out = sl_join(&vals, ",");
    sl_free(&vals);
    sl_free(&cand);
    return rc;
}

int tune_overrides(const struct spec *s, const struct tune_state *ts, const struct override *ov, int nov,
                   const struct devprops *dp, struct override **out, int *nout, char **err)
{
    const struct spec_tune_set *set = tune_set(s, ts, dp);
    int n = nov + (ts->mode == TUNE_OFF ? 0 : set->naxes);
    struct override *o = xcalloc((size_t)n + 1, sizeof *o);
    for (int i = 0; i < nov; i++) o[i] = ov[i];
    *out = o;
    *nout = nov;
    if (ts->mode == TUNE_OFF) return 0;
    struct strlist *own = NULL;
    int rc = tune_own_values(s, set, (double)dp->max_wg, &own, err);
    for (int k = 0; !rc && k < set->naxes; k++) {
        char *vals = NULL;
        rc = union_text(set, ts, own, k, (double)dp->max_wg, &vals, err);
        if (rc) { free(vals); break; }
        o[*nout] = (struct override){ xstrdup(set->axes[k].name), vals, OVERRIDE_TUNE };
        (*nout)++;
    }
    tune_own_free(own, set->naxes);
    return rc;
}

void tune_overrides_free(struct override *ov, int nov, int from)
{
    for (int i = from; i < nov; i++) { free(ov[i].name); free(ov[i].values); }
    free(ov);
}

/* in_list: whether v is among the values a spec axis's text expands to. */
static int in_list(const struct strlist *l, const char *v)
{
    for (int i = 0; i < l->n; i++)
        if (vid_values_equal(l->v[i], v)) return 1;
    return 0;
}

/* same_params: whether two plan variants have the same value of every tuned template parameter. */
static int same_params(const struct spec_tune_set *set, const struct variant *a, const struct variant *b)
{
    for (int k = 0; k < set->naxes; k++) {
        const char *x = plan_variant_value(a, set->axes[k].name), *y = plan_variant_value(b, set->axes[k].name);
        if (x && y && !vid_values_equal(x, y)) return 0;
    }
    return 1;
}

char *tune_keep(const struct spec *s, const struct plan *p, const struct tune_state *ts, const struct devprops *dp,
                char **err)
{
    const struct spec_tune_set *set = tune_set(s, ts, dp);
    long npt = (long)p->npoints, nb = p->builds.n;
    char *keep = xcalloc((size_t)(p->nvariants * nb * npt) + 1, 1);
    int *la = xcalloc((size_t)set->naxes, sizeof *la);
    /* The spec's own values, and in the pass the candidates: it runs both, not their mixtures. */
    struct strlist *own = NULL, *cand = xcalloc((size_t)set->naxes + 1, sizeof *cand);
    int rc = tune_own_values(s, set, (double)dp->max_wg, &own, err);
    for (int k = 0; k < set->naxes && !rc; k++) {
        la[k] = -1;
        for (int a = 0; a < p->naxes; a++)
            if (!strcmp(p->axis_names[a], set->axes[k].name)) la[k] = a;
        if (ts->mode != TUNE_PASS) continue;
        char *text = sl_join(&set->axes[k].items, ",");
        rc = axis_expand(text, strcmp(set->axes[k].name, "local") ? 0 : (double)dp->max_wg, &cand[k], err);
        free(text);
    }
    char *anywhere = xcalloc((size_t)npt + 1, 1);      /* some variant runs at point pt */
    for (int v = 0; v < p->nvariants && !rc; v++) {
        const struct variant *var = &p->variants[v];
        int tuned = tune_is_tuned(s, var, err);
        if (tuned < 0) { rc = -1; break; }
        for (long b = 0; b < nb; b++) {
            const struct tune_pick *pk = ts->mode == TUNE_PICKED && tuned
                ? find_pick(ts, variant_key(var), plan_build_label(p->builds.v[b])) : NULL;
            for (long pt = 0; pt < npt; pt++) {
                int ok = ts->mode == TUNE_PASS ? tuned : 1, in_cand = 1, in_own = 1;
                for (int k = 0; k < set->naxes && ok; k++) {
                    const char *val = la[k] >= 0 ? plan_point_value(p, (size_t)pt, la[k])
                                                 : plan_variant_value(var, set->axes[k].name);
                    if (!val) continue;
                    if (ts->mode == TUNE_PICKED) ok = pk ? vid_values_equal(val, pk->values.v[k]) : in_list(&own[k], val);
                    else { in_cand &= in_list(&cand[k], val); in_own &= in_list(&own[k], val); }
                }
                if (ts->mode == TUNE_PASS) ok = ok && (in_cand || in_own);
                keep[((long)v * nb + b) * npt + pt] = (char)ok;
                if (ok) anywhere[pt] = 1;
            }
        }
    }
    /* The baseline variant checks the others' outputs: it runs wherever another does. The relative
     * one gives their rel_time (at the same parameter values): it runs after the pass where a
     * variant of the same tuned parameters does. */
    for (int v = 0; v < p->nvariants && !rc; v++) {
        const struct variant *var = &p->variants[v];
        int base = s->baseline && var->name && !strcmp(var->name, s->baseline);
        int rel = ts->mode == TUNE_PICKED && s->relative && var->name && !strcmp(var->name, s->relative);
        for (long b = 0; (base || rel) && b < nb; b++)
            for (long pt = 0; pt < npt; pt++) {
                char *k = &keep[((long)v * nb + b) * npt + pt];
                if (base && anywhere[pt]) *k = 1;
                for (int w = 0; rel && !*k && w < p->nvariants; w++)
                    if (w != v && keep[((long)w * nb + b) * npt + pt] && same_params(set, var, &p->variants[w])) *k = 1;
            }
    }
    free(anywhere);
    tune_own_free(own, set->naxes);
    tune_own_free(cand, set->naxes);
    free(la);
    if (rc) { free(keep); return NULL; }
    return keep;
}

char *tune_pick_said(const struct spec *s, const struct tune_state *ts, const struct tune_pick *p)
{
    const struct spec_tune_set *set = spec_tune_for(s->tune, ts->cpu);
    struct sbuf b = {0};
    for (int k = 0; k < set->naxes; k++) sb_printf(&b, "%s%s=%s", k ? " " : "", set->axes[k].name, p->values.v[k]);
    return b.s ? b.s : xstrdup("");
}

static void add_num(cJSON *o, const char *key, double x)
{
    if (isfinite(x)) cJSON_AddNumberToObject(o, key, x);
    else cJSON_AddNullToObject(o, key);
}

cJSON *tune_json(const struct spec *s, const struct tune_state *ts, const struct devprops *dp, int pass_stopped)
{
    if (!s->tune) return NULL;
    static const struct tune_state none = { .mode = TUNE_OFF, .off = "not asked (clx run --modes)" };
    if (!ts) ts = &none;
    const struct spec_tune *tn = s->tune;
    cJSON *o = cJSON_CreateObject();
    const char *unpicked = tune_unpicked(ts);
    cJSON_AddStringToObject(o, "mode", ts->mode == TUNE_PASS ? "pass" : unpicked ? "none"
                                       : ts->mode == TUNE_PICKED ? "picked" : "off");
    if (ts->mode == TUNE_OFF) {
        cJSON_AddStringToObject(o, "why", ts->off ? ts->off : "");
        return o;
    }
    const struct spec_tune_set *set = tune_set(s, ts, dp);
    cJSON_AddStringToObject(o, "variants", tn->variants);
    cJSON_AddStringToObject(o, "metric", tn->metric);
    cJSON_AddStringToObject(o, "better", tn->lower ? "lower" : "higher");
    /* The spec's candidates for a CPU device, where the pass ran over those: tune_picks_read reads it. */
    if (set->cpu) cJSON_AddBoolToObject(o, "cpu", 1);
    cJSON *ax = cJSON_AddObjectToObject(o, "axes");
    for (int k = 0; k < set->naxes; k++) {
        char *vals = sl_join(&set->axes[k].items, ",");
        cJSON_AddStringToObject(ax, set->axes[k].name, vals);
        free(vals);
    }
    cJSON_AddNumberToObject(o, "trials", tn->trials);
    cJSON_AddNumberToObject(o, "seconds", set->seconds);
    if (ts->mode == TUNE_PASS) {
        cJSON_AddBoolToObject(o, "stopped", pass_stopped);
        /* The spec's own values, measured beside the candidates as each pick's baseline: its rows
         * in results.tsv are those with these values; tune_picks_read reads them back. */
        struct strlist *own = NULL;
        char *err = NULL;
        if (!tune_own_values(s, set, (double)dp->max_wg, &own, &err)) {
            cJSON *b = cJSON_AddObjectToObject(o, "baseline");
            for (int k = 0; k < set->naxes; k++) {
                char *vals = sl_join(&own[k], ",");
                cJSON_AddStringToObject(b, set->axes[k].name, vals);
                free(vals);
            }
        }
        free(err);
        tune_own_free(own, set->naxes);
        return o;
    }
    if (unpicked) {
        char *why = xasprintf("no tuning happened: the spec's own values ran (%s)", unpicked);
        cJSON_AddStringToObject(o, "why", why);
        free(why);
    }
    cJSON_AddStringToObject(o, "pass", TUNE_DIR);
    cJSON_AddNumberToObject(o, "pass_rows", ts->rows);
    cJSON_AddNumberToObject(o, "pass_measured", ts->measured);
    cJSON_AddBoolToObject(o, "pass_stopped", ts->stopped);
    add_num(o, "pass_wall_s", ts->pass_s);
    add_num(o, "pass_waiting_s", ts->pass_wait_s);
    if (ts->unreached.n) {
        cJSON *u = cJSON_AddArrayToObject(o, "unreached");
        for (int i = 0; i < ts->unreached.n; i++) cJSON_AddItemToArray(u, cJSON_CreateString(ts->unreached.v[i]));
    }
    if (unpicked) return o;
    cJSON *picks = cJSON_AddArrayToObject(o, "picks");
    for (int i = 0; i < ts->npicks; i++) {
        const struct tune_pick *p = &ts->picks[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "variant", plan_variant_name(s, p->variant));
        cJSON_AddStringToObject(j, "build", p->build);
        cJSON *v = cJSON_AddObjectToObject(j, "values");
        for (int k = 0; k < set->naxes; k++) cJSON_AddStringToObject(v, set->axes[k].name, p->values.v[k]);
        add_num(j, "metric", p->metric);
        add_num(j, "at_defaults", p->base.metric);     /* the baseline's metric, as before 2026-12-01 */
        tune_base_json(j, p->metric, p->cv, p->at_base, &p->base, set, tn->lower);
        cJSON_AddItemToArray(picks, j);
    }
    return o;
}
