/* merge_same.c — whether two run.json documents are of one sweep, as clx merge asks it: of two
 * shards, and of a merge already in the folder and the shards merged into it again. */
#include "merge_impl.h"
#include "store/jsonval.h"
#include "store/results.h"
#include <string.h>

const struct sweepid_item *merge_sweep_item(const struct merge *m, const cJSON *a, const cJSON *b, int merged)
{
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        if (!(id->checks & SWEEPID_MERGE) || (m->kind == MERGE_SPLIT_ANY && id->device)) continue;
        if (merged && !strncmp(id->path, RJ_SHARD, strlen(RJ_SHARD))) continue;
        const cJSON *x = sweepid_at(a, id->path), *y = sweepid_at(b, id->path);
        if (!sweepid_skip(id, x, y) && !results_json_same(x, y)) return id;
    }
    return NULL;
}

const char *merge_sweep_differs(const struct merge *m, const cJSON *merged, const cJSON *shard)
{
    const struct sweepid_item *id = merge_sweep_item(m, merged, shard, 1);
    if (id) return id->what;
    double n = json_num(cJSON_GetObjectItemCaseSensitive(merged, RJ_MERGED), "shards");
    return n == m->n ? NULL : "the number of shards";
}
