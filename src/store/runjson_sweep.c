/* runjson_sweep.c — run.json's objects about the sweep: the axes as run, a shard's part of the
 * sweep (with the hash of what its shards share), and the counts of rows and builds. */
#include "runjson_impl.h"
#include "jsonval.h"
#include "sweepid.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- "as_run": variants, builds, launch axes, derived values ------------------------------------
 * Written in this order, each variant's keys too: --resume compares the text with what an earlier
 * clx wrote (resume.c), and shards hash it (sweepid.c). */

static void as_run_clear(struct runjson *r)
{
    struct rj_as_run *a = &r->as_run;
    for (int i = 0; i < a->nvariants; i++) {
        sl_free(&a->variants[i].keys);
        sl_free(&a->variants[i].values);
    }
    for (int i = 0; i < a->naxes; i++) sl_free(&a->axes[i].values);
    free(a->variants);
    free(a->axes);
    sl_free(&a->builds);
    sl_free(&a->derived);
    memset(a, 0, sizeof *a);
}

/* push_value: a value as its text (a number an older file wrote as one, printed). */
static void push_value(struct strlist *l, const cJSON *x)
{
    if (json_text(x)) { sl_push(l, x->valuestring); return; }
    char *t = cJSON_PrintUnformatted(x);
    sl_push(l, t ? t : "");
    cJSON_free(t);
}

static void variants_get(struct rj_as_run *a, const cJSON *vs)
{
    const cJSON *v, *p;
    a->variants = xcalloc((size_t)cJSON_GetArraySize(vs) + 1, sizeof *a->variants);
    cJSON_ArrayForEach(v, vs) {
        struct rj_variant *w = &a->variants[a->nvariants++];
        w->id = json_str(v, "id");
        w->kernel = json_str(v, "kernel");
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(v, "params")) {
            sl_push(&w->keys, p->string);
            push_value(&w->values, p);
        }
    }
}

/* axes_get: each launch axis with its values (one value where the file has no list). */
static void axes_get(struct rj_as_run *a, const cJSON *launch)
{
    const cJSON *ax, *x;
    a->axes = xcalloc((size_t)cJSON_GetArraySize(launch) + 1, sizeof *a->axes);
    cJSON_ArrayForEach(ax, launch) {
        struct rj_axis *w = &a->axes[a->naxes++];
        w->name = ax->string;
        if (!cJSON_IsArray(ax)) push_value(&w->values, ax);
        else cJSON_ArrayForEach(x, ax) push_value(&w->values, x);
    }
}

static void as_run_get(struct runjson *r, const cJSON *x)
{
    struct rj_as_run *a = &r->as_run;
    as_run_clear(r);
    a->has = 1;
    variants_get(a, cJSON_GetObjectItemCaseSensitive(x, "variants"));
    if (json_text(cJSON_GetObjectItemCaseSensitive(x, "variants_hash"))) {
        a->variants_hash = json_str(x, "variants_hash");      /* in the doc, as the variants' ids */
        a->variants_count = json_long(x, "variants_count");
    }
    json_strings(cJSON_GetObjectItemCaseSensitive(x, "builds"), &a->builds);
    axes_get(a, cJSON_GetObjectItemCaseSensitive(x, "launch"));
    json_strings(cJSON_GetObjectItemCaseSensitive(x, "derived"), &a->derived);
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(x, "restricted");
    a->restricted = cJSON_IsNumber(rs) ? rs->valueint : 0;
}

/* as_run_put: each list only when it has something (a sweep has variants and builds; derived
 * values are left out where the spec has none, as a run always wrote them; an older run.json may
 * have only the launch axes). */
static void as_run_put(cJSON *doc, const char *key, const struct runjson *r)
{
    const struct rj_as_run *a = &r->as_run;
    if (!a->has) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key), *vs = a->nvariants ? cJSON_AddArrayToObject(o, "variants") : NULL;
    if (a->variants_hash) {
        cJSON_AddNumberToObject(o, "variants_count", (double)a->variants_count);
        cJSON_AddStringToObject(o, "variants_hash", a->variants_hash);
    }
    for (int i = 0; i < a->nvariants; i++) {
        const struct rj_variant *w = &a->variants[i];
        cJSON *v = cJSON_CreateObject();
        cJSON_AddStringToObject(v, "id", w->id);
        cJSON_AddStringToObject(v, "kernel", w->kernel);
        cJSON *ps = cJSON_AddObjectToObject(v, "params");
        for (int k = 0; k < w->keys.n; k++) cJSON_AddStringToObject(ps, w->keys.v[k], w->values.v[k]);
        cJSON_AddItemToArray(vs, v);
    }
    if (a->builds.n) cJSON_AddItemToObject(o, "builds", json_string_array(&a->builds));
    cJSON *la = cJSON_AddObjectToObject(o, "launch");
    for (int i = 0; i < a->naxes; i++) cJSON_AddItemToObject(la, a->axes[i].name, json_string_array(&a->axes[i].values));
    /* Columns computed per row, not chosen: a report must not join or group runs on them. */
    if (a->derived.n) cJSON_AddItemToObject(o, "derived", json_string_array(&a->derived));
    /* Where a spec's restrictions left combinations out: how many (none: no key). */
    if (a->restricted) cJSON_AddNumberToObject(o, "restricted", a->restricted);
}

const struct rj_ops rj_as_run_ops = { as_run_put, as_run_get, as_run_clear };

/* ---- "shard" ---------------------------------------------------------------------------------- */

static void shard_clear(struct runjson *r)
{
    free(r->shard.order);
    sl_free(&r->shard.options);
    r->shard = (struct rj_shard){ .configurations = NAN, .owned = NAN, .helpers = NAN };
}

static void shard_get(struct runjson *r, const cJSON *x)
{
    struct rj_shard *s = &r->shard;
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(x, "shape"), *order = cJSON_GetObjectItemCaseSensitive(x, "order"), *o;
    shard_clear(r);
    s->k = json_int(x, "k");
    s->n = json_int(x, RJ_SHARD_N);
    s->unit = json_text(cJSON_GetObjectItemCaseSensitive(x, "unit"));
    s->configurations = json_number(cJSON_GetObjectItemCaseSensitive(x, "configurations"));
    s->owned = json_number(cJSON_GetObjectItemCaseSensitive(x, "owned"));
    s->helpers = json_number(cJSON_GetObjectItemCaseSensitive(x, "helpers"));
    s->variants = json_long(shape, "variants");
    s->builds = json_long(shape, "builds");
    s->lines = json_long(shape, "lines");
    s->locals = json_long(shape, "locals");
    /* An order that is no list of numbers is -1s: merge refuses it as no order of the variants. */
    s->norder = cJSON_IsArray(order) ? cJSON_GetArraySize(order) : -1;
    s->order = xcalloc((size_t)(s->norder > 0 ? s->norder : 0) + 1, sizeof *s->order);
    int i = 0;
    cJSON_ArrayForEach(o, order) s->order[i++] = cJSON_IsNumber(o) ? o->valueint : -1;
    json_strings(cJSON_GetObjectItemCaseSensitive(x, RJ_SHARD_OPTIONS), &s->options);
    s->sweep = json_text(cJSON_GetObjectItemCaseSensitive(x, "sweep"));
}

/* shard_put: sweep, when the record has none, is the hash of what doc holds so far with the shard
 * (its n and options): every key the shards must share comes before it. */
static void shard_put(cJSON *doc, const char *key, const struct runjson *r)
{
    const struct rj_shard *s = &r->shard;
    if (s->n <= 0) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key);
    cJSON_AddNumberToObject(o, "k", s->k);
    cJSON_AddNumberToObject(o, RJ_SHARD_N, s->n);
    json_add_text(o, "unit", s->unit);
    json_add_number(o, "configurations", s->configurations);
    json_add_number(o, "owned", s->owned);
    json_add_number(o, "helpers", s->helpers);
    cJSON *sh = cJSON_AddObjectToObject(o, "shape");
    cJSON_AddNumberToObject(sh, "variants", (double)s->variants);
    cJSON_AddNumberToObject(sh, "builds", (double)s->builds);
    cJSON_AddNumberToObject(sh, "lines", (double)s->lines);
    cJSON_AddNumberToObject(sh, "locals", (double)s->locals);
    cJSON_AddItemToObject(o, "order", s->norder >= 0 ? cJSON_CreateIntArray(s->order, s->norder) : cJSON_CreateNull());
    cJSON_AddItemToObject(o, RJ_SHARD_OPTIONS, json_string_array(&s->options));
    char *h = s->sweep ? NULL : sweepid_hash(doc);
    cJSON_AddStringToObject(o, "sweep", s->sweep ? s->sweep : h);
    free(h);
}

const struct rj_ops rj_shard_ops = { shard_put, shard_get, shard_clear };

/* ---- "counts" ---------------------------------------------------------------------------------- */

static void counts_clear(struct runjson *r)
{
    r->counts = (struct rj_counts){ .builds_compiled = NAN, .builds_from_cache = NAN, .outputs_on_device = NAN,
                                    .outputs_on_host = NAN, .shared = NAN, .rounds_cut = NAN, .files_unwritten = NAN };
}

static void counts_get(struct runjson *r, const cJSON *x)
{
    struct rj_counts *c = &r->counts;
    c->has = 1;
    for (int k = 0; k < RS_N; k++) c->st.n[k] = json_int(x, row_status_key(k));
    c->builds_compiled = json_number(cJSON_GetObjectItemCaseSensitive(x, "builds_compiled"));
    c->builds_from_cache = json_number(cJSON_GetObjectItemCaseSensitive(x, "builds_from_cache"));
    c->outputs_on_device = json_number(cJSON_GetObjectItemCaseSensitive(x, "outputs_checked_on_device"));
    c->outputs_on_host = json_number(cJSON_GetObjectItemCaseSensitive(x, "outputs_checked_on_host"));
    c->shared = json_number(cJSON_GetObjectItemCaseSensitive(x, "shared"));
    c->rounds_cut = json_number(cJSON_GetObjectItemCaseSensitive(x, "rounds_cut"));
    c->files_unwritten = json_number(cJSON_GetObjectItemCaseSensitive(x, "files_unwritten"));
}

static void counts_put(cJSON *doc, const char *key, const struct runjson *r)
{
    const struct rj_counts *c = &r->counts;
    if (!c->has) return;
    cJSON *o = cJSON_AddObjectToObject(doc, key);
    for (int k = 0; k < RS_N; k++) cJSON_AddNumberToObject(o, row_status_key(k), c->st.n[k]);
    json_add_number(o, "builds_compiled", c->builds_compiled);
    json_add_number(o, "builds_from_cache", c->builds_from_cache);
    json_add_number(o, "outputs_checked_on_device", c->outputs_on_device);
    json_add_number(o, "outputs_checked_on_host", c->outputs_on_host);
    json_add_number(o, "shared", c->shared);
    json_add_number(o, "rounds_cut", c->rounds_cut);
    json_add_number(o, "files_unwritten", c->files_unwritten);
}

const struct rj_ops rj_counts_ops = { counts_put, counts_get, counts_clear };

char *runjson_counts_line(const struct runjson *r)
{
    return r->counts.has ? status_counts_line_against(&r->counts.st, runjson_baseline(r)) : NULL;
}

const char *runjson_baseline(const struct runjson *r)
{
    /* run.json names no baseline variant, only that rows were checked against one. */
    return r->verify && !strcmp(r->verify, "baseline") ? "" : NULL;
}

char *runjson_missing_shards(const cJSON *merged)
{
    struct sbuf parts = {0};
    int n = 0;
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(merged, "missing_parts"))
        sb_printf(&parts, "%s%.0f", n++ ? ", " : "", json_num(p, "k"));
    char *s = xasprintf("shard%s %s", n > 1 ? "s" : "", n ? parts.s : "?");
    sb_free(&parts);
    return s;
}
