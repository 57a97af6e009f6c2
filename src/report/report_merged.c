/* report_merged.c — report.md's word on a merged run: its parts and whose host load it carries (report_merged.h). */
#include "report_merged.h"
#include "store/jsonval.h"
#include "lib/util.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parts listed one by one up to this many; a 64-shard merge's list would bury the report's top. */
#define LISTED 8

/* part_word: what a part is called: a --split's parts are its devices', a merge's shards. */
static const char *part_word(const struct runjson *j) { return runjson_part(j, RJ_SPLIT) ? "part" : "shard"; }

static const cJSON *from_of(const struct runjson *j)
{
    const cJSON *mg = runjson_part(j, RJ_MERGED);
    const cJSON *from = mg ? cJSON_GetObjectItemCaseSensitive(mg, "from") : NULL;
    return cJSON_IsArray(from) ? from : NULL;
}

/* finished: whether part e's rows are in the merged run (a stopped folder given beside its finished
 * run is left out by clx merge). */
static int finished(const cJSON *e) { return *json_str(e, RJ_FINISHED) != 0; }

/* part_name: "shard 3", "part 2 (device 1:0)". A new string. */
static char *part_name(const struct runjson *j, const cJSON *e)
{
    const char *dev = json_str(e, RJ_DEVICE_INDEX);
    return *dev ? xasprintf("%s %.0f (device %s)", part_word(j), json_num(e, "k"), dev)
                : xasprintf("%s %.0f", part_word(j), json_num(e, "k"));
}

/* share: part e's others_share, NAN where it recorded none (a GPU's, a clx before host_load). */
static double share(const cJSON *e)
{
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(e, RJ_HOST_LOAD);
    return cJSON_IsObject(h) ? json_number(cJSON_GetObjectItemCaseSensitive(h, "others_share")) : NAN;
}

/* busiest: the finished part whose host load the merge kept, by its rule (cluster/merge_json.c: the
 * first of the largest share); NULL where none recorded one. *n: the finished parts. */
static const cJSON *busiest(const struct runjson *j, int *n)
{
    const cJSON *e, *best = NULL;
    *n = 0;
    cJSON_ArrayForEach(e, from_of(j)) {
        if (!finished(e)) continue;
        ++*n;
        if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(e, RJ_HOST_LOAD))) continue;
        if (!best || share(e) > share(best) || isnan(share(best))) best = e;
    }
    return best;
}

int report_merged_top(FILE *out, const struct runjson *j)
{
    const cJSON *from = from_of(j), *e;
    if (!from) return 0;
    int n = 0, listed = 0, left = 0;
    cJSON_ArrayForEach(e, from) n += finished(e);
    const char *w = part_word(j);
    fprintf(out, "**Merged from %d %s%s** (%s; run.json merged.from): its rows are theirs, each part timed in its own "
                 "run, %s to %s on host %s:", n, w, n == 1 ? "" : "s",
            runjson_part(j, RJ_SPLIT) ? "a --split, one part a device" : "clx merge of clx run --shard parts",
            rj_str(j->started), rj_str(j->finished), rj_str(j->host));
    cJSON_ArrayForEach(e, from) {
        if (!finished(e)) continue;
        if (listed++ == LISTED) { left = n - LISTED; break; }
        char *name = part_name(j, e);
        const char *resumed = json_str(e, RJ_RESUMED);
        fprintf(out, "%s %s in `%s` on host %s, %s to %s%s", listed > 1 ? ";" : "", name, json_str(e, "folder"),
                json_str(e, RJ_HOST), json_str(e, RJ_STARTED), json_str(e, RJ_FINISHED), *resumed ? " (resumed)" : "");
        free(name);
    }
    if (left) fprintf(out, "; and %d more", left);
    /* A stopped folder given beside the finished run of its part: named, its rows not here. */
    cJSON_ArrayForEach(e, from) {
        if (finished(e)) continue;
        char *name = part_name(j, e);
        fprintf(out, "; left out: the unfinished run of %s in `%s`", name, json_str(e, "folder"));
        free(name);
    }
    fprintf(out, ".\n\n");
    return 1;
}

char *report_merged_load_whose(const struct runjson *j)
{
    int n;
    const cJSON *b = from_of(j) ? busiest(j, &n) : NULL;
    if (!b) return NULL;
    char *name = part_name(j, b);
    char *s = n > 1 ? xasprintf("in the busiest of its %d %ss, %s", n, part_word(j), name) : xasprintf("in its one %s, %s",
                                                                                                   part_word(j), name);
    free(name);
    return s;
}

char *report_merged_load_others(const struct runjson *j)
{
    int n;
    const cJSON *b = from_of(j) ? busiest(j, &n) : NULL, *e;
    if (!b) return NULL;
    struct strlist said = {0};
    cJSON_ArrayForEach(e, from_of(j)) {
        if (e == b || !finished(e) || isnan(share(e))) continue;
        char *name = part_name(j, e);
        sl_push_own(&said, xasprintf("%.0f%% (%s)", 100 * share(e), name));
        free(name);
    }
    char *s = NULL;
    if (said.n) {
        struct sbuf t = {0};
        sb_printf(&t, "; in the other%s ", said.n == 1 ? "" : "s");
        for (int i = 0; i < said.n; i++)
            sb_printf(&t, "%s%s", i == 0 ? "" : i == said.n - 1 ? " and " : ", ", said.v[i]);
        sb_printf(&t, " (run.json merged.from)");
        s = t.s;
    }
    sl_free(&said);
    return s;
}
