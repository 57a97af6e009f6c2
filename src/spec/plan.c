/* plan.c — expands the spec's axes (after quick mode and command-line overrides) into variants,
 * build-option sets and launch points. */
#include "plan_impl.h"
#include "restrictions.h"
#include "buildopts.h"
#include "variantid.h"
#include "wgunknown.h"
#include "lib/names.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* check_counts: work-group sizes and problem sizes must be whole numbers of 1 or more, or nothing
 * could ever run; refused before anything is built (at line of s where the spec gave them). */
static int check_counts(const struct spec *s, int line, const char *name, const struct strlist *values,
                        const struct override *from, char **err)
{
    int is_local = !strcmp(name, "local");
    if (!is_local && strcmp(name, "N")) {
        /* Any other launch axis is a number its expressions read: 'abc' would fail every row later
         * as an unknown name in them, blamed on the axis' name. */
        double x;
        for (int i = 0; i < values->n; i++)
            if (parse_number(values->v[i], &x))
                return plan_blame(s, line, from, name, xasprintf("'%s' is not a number (a launch axis' values are "
                                                                  "numbers: 3, 1M, 64Ki)", values->v[i]), err);
        return 0;
    }
    for (int i = 0; i < values->n; i++) {
        double x;
        /* The range first: converting a double beyond long long's range is undefined behaviour. */
        if (parse_number(values->v[i], &x) == 0 && x >= 1 && x < 9.2e18 && x == floor(x)) continue;
        return plan_blame(s, line, from, name,
                          xasprintf("'%s' is not a %s: it must be a whole number of 1 or more", values->v[i],
                                    is_local ? "work-group size" : "problem size"), err);
    }
    return 0;
}

/* param_names: the template parameters, the spec's params and the named variants' own keys, each
 * once, pushed onto out. */
static void param_names(const struct spec *s, struct strlist *out)
{
    for (int k = 0; k < s->nparams; k++) sl_push(out, s->params[k].name);
    for (int v = 0; v < s->nvariants; v++)
        for (int k = 0; k < s->variants[v].keys.n; k++) {
            int seen = 0;
            for (int j = 0; j < out->n && !seen; j++) seen = !strcmp(out->v[j], s->variants[v].keys.v[k]);
            if (!seen) sl_push(out, s->variants[v].keys.v[k]);
        }
}

/* settable_names: what --set can name: variant, the template parameters, the launch axes. */
static void settable_names(const struct spec *s, struct strlist *out)
{
    sl_push(out, "variant");
    param_names(s, out);
    for (int k = 0; k < s->nlaunch; k++) sl_push(out, s->launch[k].name);
}

/* not_among: the one form of a message for a name of the command line that the spec does not
 * have: "'WHO' WHAT: did you mean X? (LABEL: the names)", the nearest of names offered where one
 * is near and near_too; WHAT says what it is not ("is not an axis of vecsum"). A new string. */
static char *not_among(const char *who, const char *what, const struct strlist *names, const char *label, int near_too)
{
    char *near = near_too ? did_you_mean(who, names->v, names->n) : xstrdup("");
    struct sbuf b = {0};
    for (int k = 0; k < names->n; k++) sb_printf(&b, "%s%s", k ? " " : "", names->v[k]);
    char *e = xasprintf("'%s' %s%s (%s: %s)", who, what, near, label, b.s ? b.s : "none");
    free(near);
    sb_free(&b);
    return e;
}

char *plan_not_param(const struct spec *s, const char *key, const char *in)
{
    struct strlist names = {0};
    param_names(s, &names);
    if (name_given(key, names.v, names.n) >= 0) {
        sl_free(&names);
        return NULL;
    }
    /* A launch axis is a right name of the wrong kind: no "did you mean", but why it picks nothing. */
    int launch = spec_axis_find(s->launch, s->nlaunch, key) != NULL;
    char *what = xasprintf("in variant '%s' is not a template parameter of %s%s", in, s->name,
                           launch ? " but a launch axis, which no variant is built for" : "");
    char *e = not_among(key, what, &names, "its template parameters", !launch);
    free(what);
    sl_free(&names);
    return e;
}

/* no_variant: the message for a variant name the spec does not have; where it names none (sgemm's
 * 62,128 are its parameters' values), what its variants' ids look like, not "variants: none". */
static char *no_variant(const struct spec *s, const char *name)
{
    if (s->nvariants == 0) {
        struct strlist params = {0};
        param_names(s, &params);
        struct sbuf eg = {0};
        for (int k = 0; k < params.n && k < 2; k++)
            sb_printf(&eg, "%s%s=%s", k ? "," : "", params.v[k],
                      k < s->nparams && s->params[k].items.n ? s->params[k].items.v[s->params[k].items.n - 1] : "1");
        char *all = sl_join(&params, " ");
        char *e = xasprintf("no variant '%s' in %s: it names none; its variants are named by their template parameters' "
                            "values, as results.tsv's variant column has them (--set 'variant=%s' picks those with these "
                            "values; ids are parted by ';', or given one a --set) (its template parameters: %s)", name,
                            s->name, eg.s ? eg.s : "K=V", all ? all : "none");
        free(all);
        sb_free(&eg);
        sl_free(&params);
        return e;
    }
    struct sbuf b = {0};
    struct strlist names = {0};
    for (int k = 0; k < s->nvariants; k++) {
        sb_printf(&b, " %s", s->variants[k].name);
        sl_push(&names, s->variants[k].name);
    }
    char *near = did_you_mean(name, names.v, names.n);
    char *e = xasprintf("no variant '%s' in %s%s (variants:%s)", name, s->name, near, b.s ? b.s : " none");
    free(near);
    sb_free(&b);
    sl_free(&names);
    return e;
}

/* Selected named variants (all, or those variant=... names), and in *ids the ids given with
 * parameters ("naive:EXTRA=2", "ILP=4"), which pick among the crossed variants afterwards. */
static int select_variants(const struct spec *s, const struct override *ov, int nov, int quick,
                           struct strlist *names, struct strlist *ids, int *baseline_added, char **err)
{
    const struct override *from;
    char *sel = plan_effective_items(s, ov, nov, quick, "variant", NULL, &from);
    if (!sel) {
        for (int i = 0; i < s->nvariants; i++) sl_push(names, s->variants[i].name);
        return 0;
    }
    struct strlist items = {0};
    vid_split_list(sel, &items);
    free(sel);
    int all = 0, rc = 0, with_pairs = 0, line = plan_axis_line(s, quick, "variant");
    for (int i = 0; i < items.n && !rc; i++) {
        struct vid v;
        char *e = NULL;
        if (vid_parse(items.v[i], &v, &e)) { rc = plan_blame(s, line, from, "variant", e, err); break; }
        for (int k = 0; k < v.keys.n && !e; k++) e = plan_not_param(s, v.keys.v[k], items.v[i]);
        if (!e && v.name && spec_variant_find(s, v.name) < 0) e = no_variant(s, v.name);
        if (e) rc = plan_blame(s, line, from, "variant", e, err);
        else if (!v.name) all = 1;
        else {
            int seen = 0;
            for (int k = 0; k < names->n && !seen; k++) seen = !strcmp(names->v[k], v.name);
            if (!seen) sl_push(names, v.name);
        }
        with_pairs |= v.keys.n > 0;
        vid_free(&v);
    }
    /* Ids with parameters pick among the crossed variants; then every item is a pattern. */
    if (!rc && with_pairs)
        for (int i = 0; i < items.n; i++) sl_push(ids, items.v[i]);
    sl_free(&items);
    if (rc) return rc;
    if (all) {
        sl_free(names);
        for (int i = 0; i < s->nvariants; i++) sl_push(names, s->variants[i].name);
    }
    /* The variants are checked against the baseline's output: it runs whether or not it was picked. */
    if (s->baseline && spec_variant_find(s, s->baseline) >= 0) {
        int have = 0;
        for (int i = 0; i < names->n; i++) have |= !strcmp(names->v[i], s->baseline);
        if (!have) {
            struct strlist with = {0};
            sl_push(&with, s->baseline);
            for (int i = 0; i < names->n; i++) sl_push(&with, names->v[i]);
            sl_free(names);
            *names = with;
            *baseline_added = 1;
        }
    }
    return 0;
}

static const char *variant_value(void *ctx, const char *key) { return plan_variant_value(ctx, key); }

/* keep_picked: drops the crossed variants no id of ids picks ("float4" picks every float4, as the
 * name alone did; the added baseline stays); -2 (or -1 for quick's, at its line) with *err when an
 * id picks none. */
static int keep_picked(struct plan *p, const struct spec *s, int line, const struct strlist *ids,
                       const struct override *from, char **err)
{
    int *hit = xcalloc((size_t)ids->n, sizeof *hit), kept = 0;
    /* Parsed once (select_variants has checked every one parses). */
    struct vid *pat = xcalloc((size_t)ids->n, sizeof *pat);
    int *parsed = xcalloc((size_t)ids->n, sizeof *parsed);
    for (int k = 0; k < ids->n; k++) {
        char *e = NULL;
        parsed[k] = vid_parse(ids->v[k], &pat[k], &e) == 0;
        free(e);
    }
    for (int i = 0; i < p->nvariants; i++) {
        struct variant *v = &p->variants[i];
        int keep = p->baseline_added && v->name && s->baseline && !strcmp(v->name, s->baseline);
        for (int k = 0; k < ids->n; k++) {
            int m = parsed[k] && vid_match(&pat[k], v->name, variant_value, v);
            hit[k] |= m;
            keep |= m;
        }
        if (keep) p->variants[kept++] = *v;
        else plan_variant_free(v);
    }
    p->nvariants = kept;
    int rc = 0;
    for (int k = 0; k < ids->n && !rc; k++)
        if (!hit[k])
            rc = plan_blame(s, line, from, "variant", xasprintf("no variant of %s is '%s'", s->name, ids->v[k]), err);
    for (int k = 0; k < ids->n; k++) vid_free(&pat[k]);
    free(pat);
    free(parsed);
    free(hit);
    return rc;
}

/* collect_params: p->params from the variants' keys, once: plan_is_param is asked for every
 * name a reference reads at every configuration, and going through sgemm's 62,128 variants for
 * each was 0.2 s a configuration (a quarter of a search's seconds on an H200). */
static void collect_params(struct plan *p)
{
    for (int v = 0; v < p->nvariants; v++)
        for (int k = 0; k < p->variants[v].keys.n; k++)
            if (!plan_is_param(p, p->variants[v].keys.v[k])) sl_push(&p->params, p->variants[v].keys.v[k]);
}

static int make_variants(const struct spec *s, const struct override *ov, int nov, int quick,
                         struct plan *p, char **err)
{
    struct strlist names = {0}, ids = {0};
    int nax = 0, rc = -1;
    struct caxis *ax = xcalloc((size_t)(s->nparams + nov + 1), sizeof *ax);
    int chosen = select_variants(s, ov, nov, quick, &names, &ids, &p->baseline_added, err);
    if (chosen) { rc = chosen; goto out; }
    /* Compile-time axes: the spec's params, plus overridden variant keys. */
    for (int i = 0; i < s->nparams; i++) ax[nax++].name = s->params[i].name;
    for (int i = 0; i < nov; i++) {
        int dup = 0;
        for (int a = 0; a < nax; a++) dup |= !strcmp(ax[a].name, ov[i].name);
        if (!dup && spec_variant_keyed(s, ov[i].name) >= 0) ax[nax++].name = ov[i].name;
    }
    for (int a = 0; a < nax; a++) {
        const struct override *from;
        char *t = plan_effective_items(s, ov, nov, quick, ax[a].name, spec_axis_find(s->params, s->nparams, ax[a].name), &from);
        int bad = plan_expand_into(s, plan_axis_line(s, quick, ax[a].name), ax[a].name, t, 0, &ax[a].values, from, err);
        if (!bad) bad = plan_check_param_kind(s, ax[a].name, &ax[a].values, from, err);
        free(t);
        if (bad) { rc = bad; goto out; }
    }
    int nnamed = s->nvariants ? names.n : 1;
    struct caxis *own = plan_tune_own_axes(s, ov, nov, quick, ax, nax);
    for (int vi = 0; vi < nnamed; vi++) {
        const struct spec_variant *sv = s->nvariants ? &s->variants[spec_variant_find(s, names.v[vi])] : NULL;
        plan_cross_variant(p, s, sv, own && !plan_tune_crosses(s, sv, own, nax) ? own : ax, nax, !ids.n);
    }
    plan_tune_own_free(own, nax);
    rc = 0;
    if (ids.n) {
        const struct override *from = NULL;
        for (int i = nov - 1; i >= 0 && !from; i--)
            if (!strcmp(ov[i].name, "variant")) from = &ov[i];
        rc = keep_picked(p, s, plan_axis_line(s, quick, "variant"), &ids, from, err);
    }
    int picked = 0;
    for (int i = 0; i < nov; i++) picked |= !strcmp(ov[i].name, "variant") || spec_variant_keyed(s, ov[i].name) >= 0 ||
                                            spec_axis_find(s->params, s->nparams, ov[i].name) != NULL;
    /* Variants picked by id were crossed whole (what is asked for is found, or named as not there),
     * and are judged now; the others were as they were crossed, but where a restriction could not
     * be evaluated on one (restrictions_apply's error names it). */
    if (!rc) rc = ids.n || p->unjudged ? restrictions_apply(s, p, picked, err) : restrictions_none_left(s, p, picked, err);
    if (!rc) rc = plan_check_peak_codes(s, ov, nov, p, err);
    if (!rc) collect_params(p);
out:
    for (int a = 0; a < nax; a++) sl_free(&ax[a].values);
    free(ax);
    sl_free(&names);
    sl_free(&ids);
    return rc;
}

/* make_builds: the build-option sets (--build, or the spec's), each once (a trailing comma's
 * default build, or a set written twice, made rows of one configuration under one key) and each
 * checked against the OpenCL C option grammar (buildopts.c). 0, or -2 (--build) / -1 (the spec)
 * with *err. */
static int make_builds(const struct spec *s, const struct override *ov, int nov, int quick, struct plan *p, char **err)
{
    const struct override *from = NULL;
    for (int i = nov - 1; i >= 0 && !from; i--)
        if (!strcmp(ov[i].name, "builds")) from = &ov[i];
    if (from) {
        sl_split(&p->builds, from->values, ',');
        for (int k = 0; k < p->builds.n; k++) str_trim(p->builds.v[k]);
    } else {
        const struct spec_axis *q = quick ? spec_axis_find(s->quick, s->nquick, "builds") : NULL;
        const struct strlist *src = q ? &q->items : &s->builds;
        for (int i = 0; i < src->n; i++) sl_push(&p->builds, src->v[i]);
    }
    plan_drop_repeats(&p->builds);
    for (int k = 0; k < p->builds.n; k++) {
        char *why = buildopts_check(p->builds.v[k]);
        if (why) return plan_blame(s, plan_axis_line(s, quick, "builds"), from, "builds", why, err);
    }
    return 0;
}

static int make_launch(const struct spec *s, const struct override *ov, int nov, int quick, double max_wg,
                       struct plan *p, char **err)
{
    p->naxes = s->nlaunch;
    p->axis_names = xcalloc((size_t)s->nlaunch, sizeof *p->axis_names);
    p->axis_values = xcalloc((size_t)s->nlaunch, sizeof *p->axis_values);
    int a = 0;
    /* 'local' goes last so that a work-group sweep is the innermost loop. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->nlaunch; i++) {
            int is_local = !strcmp(s->launch[i].name, "local");
            if (is_local != pass) continue;
            p->axis_names[a] = s->launch[i].name;
            const struct override *from;
            char *t = plan_effective_items(s, ov, nov, quick, s->launch[i].name, &s->launch[i], &from);
            int line = plan_axis_line(s, quick, s->launch[i].name);
            int bad = plan_expand_into(s, line, s->launch[i].name, t, is_local ? max_wg : 0, &p->axis_values[a], from,
                                       err);
            if (!bad) bad = check_counts(s, line, s->launch[i].name, &p->axis_values[a], from, err);
            free(t);
            if (bad) return bad;
            a++;
        }
    p->npoints = 1;
    for (a = 0; a < p->naxes; a++) p->npoints *= (size_t)p->axis_values[a].n;
    return 0;
}

int plan_make(const struct spec *s, const struct override *ov, int nov, int quick, double max_wg,
              struct plan *p, char **err)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < nov; i++) {
        if (!strcmp(ov[i].name, "builds")) continue;
        struct strlist names = {0};
        settable_names(s, &names);
        if (name_given(ov[i].name, names.v, names.n) < 0) {
            char *what = xasprintf("is not an axis of %s", s->name);
            char *e = not_among(ov[i].name, what, &names, "settable", 1);
            free(what);
            sl_free(&names);
            return plan_blame(s, 0, &ov[i], ov[i].name, e, err);
        }
        sl_free(&names);
    }
    /* What reads the largest work-group of a device that does not report it, said where it is
     * written (the device's lack: -1, the run's exit 4, an override's included), before the axis'
     * general words for 'max' or a division by MAX_WG = 0 at every row. */
    if (max_wg == PLAN_WG_UNREPORTED && (*err = wgunknown_said(s, ov, nov, quick))) return -1;
    int rc = make_variants(s, ov, nov, quick, p, err);
    if (!rc) rc = make_builds(s, ov, nov, quick, p, err);
    if (!rc && (max_wg > 0 || max_wg == PLAN_WG_UNREPORTED))
        rc = make_launch(s, ov, nov, quick, max_wg > 0 ? max_wg : 0, p, err);
    if (rc) plan_free(p);            /* nothing half made is left for the caller to free */
    /* The spec's file named once: a message that blames one line of it names it already. */
    size_t n = strlen(s->path);
    if (rc == -1 && !(strncmp(*err, s->path, n) == 0 && (*err)[n] == ':')) {
        char *named = xasprintf("%s: %s", s->path, *err);
        free(*err);
        *err = named;
    }
    return rc;
}

void plan_free(struct plan *p)
{
    for (int i = 0; i < p->nvariants; i++) plan_variant_free(&p->variants[i]);
    free(p->variants);
    sl_free(&p->builds);
    sl_free(&p->params);
    for (int a = 0; a < p->naxes; a++) sl_free(&p->axis_values[a]);
    free(p->axis_values);
    free(p->axis_names);
    restrictions_tally_free(p->tally);
    restrictions_nans_free(p->nans);
    memset(p, 0, sizeof *p);
}

int plan_is_param(const struct plan *p, const char *name)
{
    for (int k = 0; k < p->params.n; k++)
        if (!strcmp(p->params.v[k], name)) return 1;
    return 0;
}

const char *plan_build_label(const char *opts) { return *opts ? opts : "default"; }

char *plan_build_slug(const char *opts)
{
    if (!*opts) return xstrdup("default");
    while (*opts == '-' || *opts == ' ') opts++;
    char *s = slugify(opts);
    return s;
}

char *plan_build_stem(const char *variant_slug, const char *opts)
{
    char *b = plan_build_slug(opts), *t = xasprintf("%s__%s", variant_slug, b);
    free(b);
    return t;
}

int plan_is_noopt(const char *opts) { return strstr(opts, "-cl-opt-disable") != NULL; }

int plan_find_variant(const struct plan *p, const struct strlist *sel)
{
    int found = -1;
    for (int i = 0; i < p->nvariants; i++) {
        const struct variant *v = &p->variants[i];
        int ok = 1;
        for (int k = 0; k < sel->n && ok; k++) {
            const char *eq = strchr(sel->v[k], '=');
            size_t kl = eq ? (size_t)(eq - sel->v[k]) : 0;
            if (!eq) { ok = 0; break; }
            if (kl == 7 && !strncmp(sel->v[k], "variant", 7)) { ok = v->name && !strcmp(v->name, eq + 1); continue; }
            int hit = 0;
            for (int j = 0; j < v->keys.n; j++)
                if (strlen(v->keys.v[j]) == kl && !strncmp(v->keys.v[j], sel->v[k], kl)) {
                    double a, b;
                    hit = !strcmp(v->values.v[j], eq + 1) ||
                          (!parse_number(v->values.v[j], &a) && !parse_number(eq + 1, &b) && a == b);
                }
            ok = hit;
        }
        if (!ok) continue;
        if (found >= 0) return -2;
        found = i;
    }
    return found;
}

char *plan_variant_type(const struct variant *var, enum cltype fixed, const char *param, enum cltype *out)
{
    *out = fixed;
    if (!param) return NULL;
    const char *val = plan_variant_value(var, param);
    int t = val ? cltype_parse(val) : -1;
    if (t < 0) return xasprintf("type parameter %s='%s' is not an OpenCL type", param, val ? val : "(not set)");
    *out = (enum cltype)t;
    return NULL;
}
