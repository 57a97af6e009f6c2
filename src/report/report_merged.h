/* report_merged.h — report.md's word on a merged run (clx merge of shards, a --split's parts): which
 * folders, hosts and times its rows came from, and whose host load its run.json carries (the busiest
 * part's, docs/results.md): the report of a merge read as one sweep's, its load as the whole one's. */
#ifndef REPORT_MERGED_H
#define REPORT_MERGED_H
#include "store/runjson.h"
#include <stdio.h>

/* report_merged_top: for a merged run, a paragraph "**Merged from 3 shards** (clx merge; run.json
 * merged.from), 2026-... to ...: shard 1 from `FOLDER` on host vm, START to END; ..." and 1; for any
 * other run nothing and 0. */
int report_merged_top(FILE *out, const struct runjson *j);
/* report_merged_load_whose: for a merged run whose parts recorded their host load, whose run.json's
 * host_load is: "in the busiest of its 3 shards, shard 3" (a new string); NULL for any other run. */
char *report_merged_load_whose(const struct runjson *j);
/* report_merged_load_others: the other parts' shares, "; in the others 18% (shard 1) and 35% (shard
 * 2) (run.json merged.from)" (a new string); NULL where there is no other with a share. */
char *report_merged_load_others(const struct runjson *j);
#endif
