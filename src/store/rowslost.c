/* rowslost.c — a finished run whose results.tsv lacks rows run.json counts: said, never read as whole. */
#include "rowslost.h"
#include "jsonval.h"

char *rundir_rows_lost(const struct rundir *r)
{
    const struct runjson *j = &r->rj;
    /* A run that did not finish, or was stopped, has no more rows than it wrote; its counts (where
     * it has any) are of what it had done. */
    if (!j->finished || !*j->finished || (j->interrupted && *j->interrupted) || !j->counts.has) return NULL;
    /* A partial merge (clx merge --partial) says its own missing configurations. */
    const cJSON *mg = runjson_part(j, RJ_MERGED);
    if (mg && json_num(mg, "missing") > 0) return NULL;
    int counted = 0;
    for (int k = 0; k < RS_N; k++) counted += j->counts.st.n[k];
    if (r->t.nrows >= counted) return NULL;
    return xasprintf("%s/results.tsv holds %d row%s where run.json counts %d for the finished run: rows were lost or "
                     "the file edited after the run wrote it", r->dir, r->t.nrows, r->t.nrows == 1 ? "" : "s", counted);
}
