/* sweepid.c — the one table of what makes two run.json files one sweep, for --resume and merge. */
#include "sweepid.h"
#include "runjson.h"
#include "results.h"
#include "lib/spectext.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* To add an item: its run.json path, the words a refusal names it by, who checks it (both, unless
 * one of them must not: say why beside it), whether it is of the device (what names it, or its
 * setup: sweepsetup.c says how that is set as it was), and the words for the file it is where it is
 * a file the run read (a refusal says how to go on). A refusal names the first difference in this
 * order (an option before what it changes), and the MERGE items' order is part of the hash every
 * shard's run.json records (shard.sweep): insert, do not reorder them. */
const struct sweepid_item sweepid_items[] = {
    {RJ_EXPERIMENT, "the experiment", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_DEVICE "." RJ_DEV_NAME, "the device", SWEEPID_BOTH, SWEEPID_DEVICE_NAME, 0, NULL},
    {RJ_DEVICE "." RJ_DEV_PLATFORM, "the platform", SWEEPID_BOTH, SWEEPID_DEVICE_NAME, 0, NULL},
    {RJ_DEVICE "." RJ_DEV_PLATFORM_VERSION, "the platform version", SWEEPID_BOTH, SWEEPID_DEVICE_NAME, 0, NULL},
    {RJ_DEVICE "." RJ_DEV_DRIVER_VERSION, "the driver version", SWEEPID_BOTH, SWEEPID_DEVICE_NAME, 0, NULL},
    /* The device's setup: one model set up otherwise between two runs makes other rows (compare
     * says them from here too, report/compare_devsetup.c, in these words and this order, with the
     * platform version above; max_clock_mhz is not here: a CPU's may move by itself). The variables first: they set the threads and work-group size after them;
     * the host CPUs before the threads they give. Recorded by clx since before these were compared,
     * but not by every one, and not the host CPUs of a GPU: compared where both runs have them. Not
     * in the hash (sweepid_hash says why): a shard's recorded hash is what it was. */
    {RJ_DEVICE "." RJ_DEV_DRIVER_ENV, "the driver's variables", SWEEPID_BOTH, SWEEPID_DEVICE_SETUP, 1, NULL},
    {RJ_DEVICE "." RJ_DEV_CPU_LOGICAL, "the host logical CPUs it may use", SWEEPID_BOTH, SWEEPID_DEVICE_SETUP, 1, NULL},
    {RJ_DEVICE "." RJ_DEV_COMPUTE_UNITS, "the compute units", SWEEPID_BOTH, SWEEPID_DEVICE_SETUP, 1, NULL},
    {RJ_DEVICE "." RJ_DEV_MAX_WG, "the max work-group size", SWEEPID_BOTH, SWEEPID_DEVICE_SETUP, 1, NULL},
    {RJ_DEVICE "." RJ_DEV_LOCAL_MEM, "the local memory", SWEEPID_BOTH, SWEEPID_DEVICE_SETUP, 1, NULL},
    /* Resume: a clx updated since the stop may finish the run, as long as it writes results.tsv's
     * columns as they are (resume_open checks the header). */
    {RJ_CLX_VERSION, "the clx version", SWEEPID_MERGE, 0, 0, NULL},
    {RJ_SPEC, "the spec (it was edited since)", SWEEPID_BOTH, 0, 0, "the spec"},
    /* The kernel and the answer it is checked against: an edited template or .ref.c would put rows
     * of two kernels in one results.tsv (clx before 2026-11-30 recorded neither: not compared). */
    {RJ_TEMPLATE_SHA, "the template (it was edited since)", SWEEPID_BOTH, 0, 1, "the template"},
    {RJ_REFERENCE_SHA, "the host reference's source (it was edited since)", SWEEPID_BOTH, 0, 1,
     "the host reference's source"},
    {RJ_AS_RUN, "the axes as run (variants, builds, launch values)", SWEEPID_BOTH, 0, 0, NULL},
    /* Merge: shards are the parts (k) of one sweep, so they share only the number of parts; a
     * resumed run is the same part, the whole object alike (its options and hash with it). */
    {RJ_SHARD "." RJ_SHARD_N, "the number of shards", SWEEPID_MERGE, 0, 0, NULL},
    {RJ_SHARD, "--shard (the part of the sweep)", SWEEPID_RESUME, 0, 0, NULL},
    {RJ_SEED, "the seed", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_WARMUPS, "the warm-ups", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_TRIALS, "the trials", SWEEPID_BOTH, 0, 0, NULL},
    /* Merge: compared as the options that set them (shard.options, below). Before the rounds:
     * --target-cv sets them to 1, and is the difference to name. */
    {RJ_TARGET_CV, "--target-cv", SWEEPID_RESUME, 0, 0, NULL},
    {RJ_CACHE, "--cold", SWEEPID_RESUME, 0, 0, NULL},
    {RJ_ROUNDS, "--rounds", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_TARGET_SE, "--target-se", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_MAX_ROUNDS, "--max-rounds", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_BATCH, "--batch", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_MAX_SECONDS, "--max-time", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_QUICK, "--quick", SWEEPID_BOTH, 0, 0, NULL},
    {RJ_VERIFY, "the verification", SWEEPID_BOTH, 0, 0, NULL},
    /* Last: every option that shapes the sweep, for those the items above do not name. Resume:
     * only a shard's run.json has it, and "shard" above holds it. */
    {RJ_SHARD "." RJ_SHARD_OPTIONS, "the options that shape the sweep", SWEEPID_MERGE, 0, 0, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* absent: an item a run.json does not say. */
char *sweepid_text(const cJSON *x)
{
    if (!x) return xstrdup("(none)");
    if (cJSON_IsString(x) && strlen(x->valuestring) <= 60 && !strchr(x->valuestring, '\n'))
        return xasprintf("'%s'", x->valuestring);
    if (cJSON_IsNumber(x) || cJSON_IsBool(x)) {
        char *t = cJSON_PrintUnformatted(x), *r = xstrdup(t);
        cJSON_free(t);
        return r;
    }
    if (cJSON_IsArray(x)) {
        char *t = cJSON_PrintUnformatted(x), *r = strlen(t) <= 100 ? xstrdup(t) : NULL;
        cJSON_free(t);
        return r;
    }
    return NULL;
}

/* member_text: a member's name in a path: ".key" or "[i]" (a new string). */
static char *member_text(const cJSON *parent, const cJSON *member, int i)
{
    return cJSON_IsObject(parent) ? xasprintf(".%s", member->string) : xasprintf("[%d]", i);
}

/* first_differing: of objects (by key: x's in order, then those only y has) or arrays (by place),
 * the first member whose values differ, into *mx and *my (NULL where a side lacks it); its name in
 * a path, or NULL where none differs (only the order of keys does). */
static char *first_differing(const cJSON *x, const cJSON *y, const cJSON **mx, const cJSON **my)
{
    int objects = cJSON_IsObject(x), i = 0;
    for (const cJSON *a = x->child; a; a = a->next, i++) {
        const cJSON *b = objects ? cJSON_GetObjectItemCaseSensitive(y, a->string) : cJSON_GetArrayItem(y, i);
        if (b && results_json_same(a, b)) continue;
        *mx = a, *my = b;
        return member_text(x, a, i);
    }
    i = 0;
    for (const cJSON *b = y->child; b; b = b->next, i++) {
        const cJSON *a = objects ? cJSON_GetObjectItemCaseSensitive(x, b->string) : cJSON_GetArrayItem(x, i);
        if (a) continue;
        *mx = NULL, *my = b;
        return member_text(y, b, i);
    }
    return NULL;
}

char *sweepid_where(const cJSON **x, const cJSON **y)
{
    struct sbuf at = {0};
    sb_printf(&at, "%s", "");
    for (;;) {
        char *tx = sweepid_text(*x), *ty = sweepid_text(*y);
        int shown = tx && ty;
        free(tx);
        free(ty);
        if (shown || !*x || !*y || (*x)->type != (*y)->type || !(cJSON_IsObject(*x) || cJSON_IsArray(*x))) break;
        const cJSON *mx, *my;
        char *name = first_differing(*x, *y, &mx, &my);
        if (!name) break;
        sb_printf(&at, "%s", name);
        free(name);
        *x = mx, *y = my;
    }
    return at.s;
}

char *sweepid_first_line(const cJSON *there, const cJSON *here)
{
    if (!cJSON_IsString(there) || !cJSON_IsString(here)) return NULL;
    return spectext_first_line(there->valuestring, here->valuestring);
}

static int absent(const cJSON *x) { return !x || cJSON_IsNull(x); }

int sweepid_skip(const struct sweepid_item *id, const cJSON *a, const cJSON *b)
{
    return id->recorded && (absent(a) || absent(b));
}

const cJSON *sweepid_at(const cJSON *run, const char *path)
{
    const char *dot = strchr(path, '.');
    if (!dot) return cJSON_GetObjectItemCaseSensitive(run, path);
    char *head = xasprintf("%.*s", (int)(dot - path), path);
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(run, head);
    free(head);
    return o ? cJSON_GetObjectItemCaseSensitive(o, dot + 1) : NULL;
}

char *sweepid_hash(const cJSON *run)
{
    uint64_t h = FNV1A_START;
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        /* The device's setup: compared item by item, by merge and resume alike, never through the
         * hash: a resume's record is checked before its CPU device's host CPUs are known (its peaks),
         * and a hash without them refused every shard's resume at --shard. */
        if (!(id->checks & SWEEPID_MERGE) || id->device == SWEEPID_DEVICE_SETUP) continue;
        const cJSON *x = sweepid_at(run, id->path);
        /* An item a run need not record, where it did not (an older clx): the hash as it was. */
        if (id->recorded && absent(x)) continue;
        char *t = x ? cJSON_PrintUnformatted(x) : NULL;
        h = fnv1a(h, id->path, strlen(id->path) + 1);
        h = fnv1a(h, t ? t : "null", strlen(t ? t : "null") + 1);
        cJSON_free(t);
    }
    return xasprintf("%016llx", (unsigned long long)h);
}
