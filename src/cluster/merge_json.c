/* merge_json.c — the merged run's run.json: the reference shard's record, less its part, with the
 * merge's command and args, a --split's devices, the shards' span, sums and merged rows' counts,
 * the busiest part's host load, and the merge itself (merged: its parts, what is missing, each
 * part's own record). */
#include "merge_impl.h"
#include "lib/args.h"
#include "lib/isotime.h"
#include "lib/util.h"
#include <math.h>
#include <string.h>

/* merged_args: run.json's args less --shard (the merged run is all of it), and for a --split less
 * --device (each part names its own). */
static void merged_args(const struct merge *m, struct strlist *out)
{
    static const struct args_option drop[] = { {"--shard", 1}, {"--device", 1} };
    args_without(m->ref->args.v, m->ref->args.n, drop, m->kind == MERGE_SHARDS ? 1 : 2, out);
}

/* split_json: run.json's split part of a --split: every part's device (P:D, name, platform,
 * driver), which the rows' device column names; "any" when they may differ (--split-any). */
static cJSON *split_json(const struct merge *m, struct sbuf *indexes)
{
    cJSON *o = cJSON_CreateObject(), *devs = cJSON_CreateArray();
    cJSON_AddBoolToObject(o, "any", m->kind == MERGE_SPLIT_ANY);
    for (int x = 0; x < m->nin; x++) {
        const struct runjson *r = &m->in[x].rj;
        const char *index = rj_str(r->device_index);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "part", m->in[x].k);
        cJSON_AddStringToObject(e, RJ_DEVICE_INDEX, index);
        cJSON_AddStringToObject(e, RJ_DEV_NAME, r->device.name);
        cJSON_AddStringToObject(e, RJ_DEV_VENDOR, r->device.vendor);
        cJSON_AddStringToObject(e, RJ_DEV_PLATFORM, r->device.platform);
        cJSON_AddStringToObject(e, RJ_DEV_PLATFORM_VERSION, r->device.platform_version);
        cJSON_AddStringToObject(e, RJ_DEV_DRIVER_VERSION, r->device.driver_version);
        cJSON_AddItemToArray(devs, e);
        sb_printf(indexes, "%s%s", x ? "," : "", index);
    }
    cJSON_AddItemToObject(o, "devices", devs);
    return o;
}

/* add_numbers: adds every number of from to the same key of into (time_s, blocker summed). */
static void add_numbers(cJSON *into, const cJSON *from)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, from) {
        if (!cJSON_IsNumber(x)) continue;
        cJSON *y = cJSON_GetObjectItemCaseSensitive(into, x->string);
        if (cJSON_IsNumber(y)) cJSON_SetNumberValue(y, y->valuedouble + x->valuedouble);
        else cJSON_AddNumberToObject(into, x->string, x->valuedouble);
    }
}

/* add_count: x into a sum that stays NAN (not said) until some shard says it. */
static void add_count(double *sum, double x)
{
    if (!isnan(x)) *sum = isnan(*sum) ? x : *sum + x;
}

/* add_counts: a shard's builds and outputs checked into the merged counts (its rows are counted
 * from the merged rows: sum_counts' caller). */
static void add_counts(struct rj_counts *into, const struct rj_counts *c)
{
    add_count(&into->builds_compiled, c->builds_compiled);
    add_count(&into->builds_from_cache, c->builds_from_cache);
    add_count(&into->outputs_on_device, c->outputs_on_device);
    add_count(&into->outputs_on_host, c->outputs_on_host);
    add_count(&into->shared, c->shared);
    add_count(&into->rounds_cut, c->rounds_cut);
    add_count(&into->files_unwritten, c->files_unwritten);
}

/* energy_json: the reference shard's energy part (its source and window; each part's own is kept
 * in merged.from) with the merged rows' counts. NULL when the reference has none. */
static cJSON *energy_json(const struct merge *m, const struct row_tally *rt)
{
    const cJSON *ref = runjson_part(m->ref, RJ_ENERGY);
    if (!cJSON_IsObject(ref)) return NULL;
    cJSON *o = cJSON_Duplicate(ref, 1);
    const cJSON *al = cJSON_GetObjectItemCaseSensitive(o, "aligned");
    int counts[] = { rt->energy, rt->mismatched, cJSON_IsTrue(al) ? rt->energy - rt->unaligned : 0 };
    const char *keys[] = { "rows_measured", "rows_mismatched", "rows_aligned" };
    for (int k = 0; k < 3; k++)
        if (cJSON_GetObjectItemCaseSensitive(o, keys[k])) json_set(o, keys[k], cJSON_CreateNumber(counts[k]));
    return o;
}

/* from_json: merged.from's entry for input in: its folder, part and device, and what each shard
 * said of itself (where, when, how long, how its rows came out). */
static cJSON *from_json(const struct merge *m, const struct merge_in *in)
{
    static const char *const keep[] = { RJ_HOST, RJ_STARTED, RJ_FINISHED, RJ_INTERRUPTED, RJ_RESUMED, RJ_COMMAND_LINE,
                                        RJ_COUNTS, RJ_TIME_S, RJ_REPEATABILITY, RJ_ENERGY, RJ_BLOCKER, RJ_HOST_LOAD };
    cJSON *f = cJSON_CreateObject();
    cJSON_AddNumberToObject(f, "k", in->k);
    cJSON_AddStringToObject(f, "folder", in->dir);
    if (m->kind != MERGE_SHARDS) cJSON_AddStringToObject(f, RJ_DEVICE_INDEX, rj_str(in->rj.device_index));
    for (size_t k = 0; k < sizeof keep / sizeof *keep; k++) {
        cJSON *y = runjson_value(&in->rj, keep[k]);
        if (y) cJSON_AddItemToObject(f, keep[k], y);
    }
    return f;
}

/* merged_json: run.json's merged part: the shards, the sweep, what is missing and where from. */
static cJSON *merged_json(const struct merge *m, cJSON *from)
{
    cJSON *merged = cJSON_CreateObject();
    cJSON_AddNumberToObject(merged, "shards", m->n);
    cJSON_AddStringToObject(merged, "unit", shard_unit_name(m->unit));
    cJSON_AddStringToObject(merged, "sweep", rj_str(m->ref->shard.sweep));
    cJSON_AddNumberToObject(merged, "configurations", (double)m->configs);
    cJSON_AddNumberToObject(merged, "missing", (double)m->missing);
    cJSON_AddBoolToObject(merged, "partial", m->missing > 0);
    cJSON *parts = cJSON_AddArrayToObject(merged, "missing_parts");
    for (int k = 1; k <= m->n; k++) {
        if (!m->missing_in[k]) continue;
        cJSON *p = cJSON_CreateObject();
        cJSON_AddNumberToObject(p, "k", k);
        cJSON_AddNumberToObject(p, "configurations", (double)m->missing_in[k]);
        cJSON_AddItemToArray(parts, p);
    }
    cJSON_AddItemToObject(merged, "from", from);
    return merged;
}

/* The shards' spans and sums, over the finished ones (the others' rows are not in the merged run). */
struct spans { const char *started, *finished; struct sbuf hosts; cJSON *time_s, *held; struct rj_counts counts; };

static void span_add(struct spans *sp, const struct runjson *r)
{
    const char *s = r->started, *e = r->finished, *h = r->host;
    /* By the instants: shards on hosts of other time zones, or written by a clx of the older form. */
    if (s && *s && (!sp->started || iso_time_cmp(s, sp->started) < 0)) sp->started = s;
    if (e && *e && (!sp->finished || iso_time_cmp(e, sp->finished) > 0)) sp->finished = e;
    if (h && *h && !(sp->hosts.s && strstr(sp->hosts.s, h))) sb_printf(&sp->hosts, "%s%s", sp->hosts.len ? ", " : "", h);
    add_numbers(sp->time_s, runjson_part(r, RJ_TIME_S));
    add_counts(&sp->counts, &r->counts);
    const cJSON *b = runjson_part(r, RJ_BLOCKER);
    if (b) add_numbers(sp->held ? sp->held : (sp->held = cJSON_CreateObject()), b);
}

void merge_record(const struct merge *m, const struct status_counts *t, const struct row_tally *rt,
                  const char *command_line, struct runjson *j)
{
    runjson_parse(j, cJSON_Duplicate(m->ref->doc, 1));
    runjson_drop(j, RJ_SHARD);
    runjson_drop(j, RJ_RESUMED);
    runjson_drop(j, RJ_ARGS);
    j->command_line = runjson_hold(j, command_line);
    merged_args(m, &j->args);
    if (m->kind != MERGE_SHARDS) {
        struct sbuf indexes = {0};
        runjson_attach(j, RJ_SPLIT, split_json(m, &indexes));
        j->device_index = runjson_hold(j, indexes.s ? indexes.s : "");
        sb_free(&indexes);
    }
    struct spans sp = { .time_s = cJSON_CreateObject() };
    sp.counts = (struct rj_counts){ .has = 1, .st = *t, .builds_compiled = NAN, .builds_from_cache = NAN,
                                    .outputs_on_device = NAN, .outputs_on_host = NAN, .shared = NAN,
                                    .rounds_cut = NAN, .files_unwritten = NAN };
    cJSON *from = cJSON_CreateArray();
    /* The host's load (CPU devices' parts): the busiest finished part's, which its rows' times bear
     * most (each part's own stays in merged.from). */
    runjson_drop(j, RJ_HOST_LOAD);
    const struct rj_host_load *busiest = NULL;
    for (int x = 0; x < m->nin; x++) {
        cJSON_AddItemToArray(from, from_json(m, &m->in[x]));
        if (m->in[x].finished) span_add(&sp, &m->in[x].rj);
        const struct rj_host_load *h = &m->in[x].rj.host_load;
        if (m->in[x].finished && h->has &&
            (!busiest || h->others_share > busiest->others_share || isnan(busiest->others_share)))
            busiest = h;
    }
    if (busiest) j->host_load = *busiest;
    /* How far the rounds agreed, and the rows given energy: the merged rows'. */
    if (runjson_part(m->ref, RJ_REPEATABILITY)) runjson_attach(j, RJ_REPEATABILITY, rounds_tally_json(&rt->rounds));
    runjson_attach(j, RJ_ENERGY, energy_json(m, rt));
    if (sp.started) j->started = runjson_hold(j, sp.started);
    if (sp.finished) j->finished = runjson_hold(j, sp.finished);
    if (sp.hosts.s) j->host = runjson_hold(j, sp.hosts.s);
    sb_free(&sp.hosts);
    /* Seconds summed over the shards: what the sweep cost, not how long it took. */
    runjson_attach(j, RJ_TIME_S, sp.time_s);
    /* Batches held behind the blocking kernel, summed; each part's launch floor stays in `from`. */
    if (sp.held) {
        cJSON_DeleteItemFromObjectCaseSensitive(sp.held, "launch_floor_us");
        cJSON_DeleteItemFromObjectCaseSensitive(sp.held, "launch_floor_why");
        runjson_attach(j, RJ_BLOCKER, sp.held);
    }
    /* Row counts of the merged rows; the others (builds, outputs checked, files not written) summed
     * over the shards. A file a shard could not write is not in the merged folder either, which
     * copies the shards' (an older clx's shard said none: read as 0, as a reader reads it). */
    if (isnan(sp.counts.files_unwritten)) sp.counts.files_unwritten = 0;
    j->counts = sp.counts;
    runjson_attach(j, RJ_MERGED, merged_json(m, from));
}
