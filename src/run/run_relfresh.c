/* run_relfresh.c — a resumed sweep's rel_time and speedup made anew over the rows it ends with. */
#include "run_impl.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A row kept from before the stop was timed against the relative variant's row as it stood then,
 * which may since have been measured again (a stop cut it short): its rel_time then disagreed with
 * the file's own medians (inline's func at 0.911 where they give 1.029, drawn so in rel_time.png).
 * Every row is computed again against the rows as they end, in the order add_row_deviation reads:
 * a record per swept row, after the build phase's rows. */
void run_rel_refresh(struct runner *r)
{
    struct strlist rel = {0}, speedup = {0};
    for (int i = 0; i < r->tally.nbuildrows; i++) {
        sl_push_own(&rel, NULL);              /* kept as they are */
        sl_push_own(&speedup, NULL);
    }
    for (size_t i = 0; i < r->rel.n; i++) {
        double x = relative_time(&r->rel, &r->rel.recs[i], NULL);
        sl_push_own(&rel, isnan(x) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, x));
        double y = relative_speedup(x);
        sl_push_own(&speedup, isnan(y) ? xstrdup("") : xasprintf(RELATIVE_TIME_FORMAT, y));
    }
    const char *names[] = { "rel_time", "speedup" };
    const struct strlist *vals[] = { &rel, &speedup };
    if (results_set_columns(&r->out.res, names, vals, 2)) {
        warn("cannot write the resumed sweep's rel_time and speedup anew in %s/results.tsv: %s: rows kept from before "
             "the stop may keep theirs against a relative row since measured again", r->out.res.dir, strerror(errno));
        r->out.write_failed = 1;
    }
    sl_free(&rel);
    sl_free(&speedup);
}
