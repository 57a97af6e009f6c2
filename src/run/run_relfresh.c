/* run_relfresh.c — a resumed sweep's rel_time and speedup made anew over the rows results.tsv holds
 * when it ends or stops. */
#include "run_impl.h"
#include "relfile.h"
#include <stdlib.h>
#include <string.h>

int run_config_swept(const struct runner *r, int v, int b, long pt)
{
    return build_of(&r->bl, v, b)->ok && shard_map_role(&r->shard, v, b, pt) != SHARD_NONE;
}

static int swept(const void *ctx, int v, int b, long pt) { return run_config_swept(ctx, v, b, pt); }

/* A row kept from before the stop was timed against the relative variant's row as it stood then,
 * which may since have been measured again (a stop cut it short): its rel_time then disagreed with
 * the file's own medians (inline's func at 0.911 where they give 1.029, drawn so in rel_time.png).
 * Every row is computed again against the rows as the file has them: at a stop of the resume too
 * (which had left 5 where the medians gave 4.8), whose file holds rows the sweep never reached, and
 * keeps a kept row where the row measured again was cut shorter; the run's own records lack the
 * first and may differ from the file where a rewrite failed. */
void run_rel_refresh(struct runner *r)
{
    if (!r->o->resume_dir || r->o->search.on || !r->sweep_begun || r->rel_fresh) return;
    r->rel_fresh = 1;
    const struct plan *p = &r->plan;
    int rel_v = r->s->relative ? spec_variant_find(r->s, r->s->relative) : -1;
    struct relrows_sweep sw = { .vars = p->variants, .nvars = p->nvariants, .builds = &p->builds,
                                .axes = (const char *const *)p->axis_names, .values = p->axis_values, .naxes = p->naxes,
                                .swept = swept, .ctx = r };
    char *why = NULL;
    if (relative_refresh_rows(&sw, rel_v >= 0 ? &r->s->variants[rel_v] : NULL, &r->out.res, &why)) {
        warn("cannot compute the resumed sweep's rel_time and speedup anew: %s: rows kept from before the stop may "
             "keep theirs against a relative row since measured again", why);
        r->out.write_failed = 1;
    }
    free(why);
}
