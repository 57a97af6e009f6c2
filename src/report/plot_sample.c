/* plot_sample.c — the line under a figure's title where its rows are a search's: the configurations
 * it measured, a sample of its space, so that a point read alone is not taken for the best of every
 * configuration there (a search that measured 33 of 132 put a tile at half another's where a sweep
 * found them level: the search had measured 2 of that tile's 30). */
#include "plot_impl.h"
#include "store/jsonval.h"
#include "store/runjson.h"
#include "lib/pctnear.h"
#include <stdio.h>
#include <stdlib.h>

char *plot_sample_line(const struct rundir *r)
{
    const cJSON *s = runjson_part(&r->rj, RJ_SEARCH);
    if (!cJSON_IsObject(s)) return NULL;
    double measured = json_num(s, "measured"), space = json_num(s, "space");
    if (!(space > 0) || measured >= space) return NULL;
    char share[32];
    return xasprintf("a search's sample: %.0f of the space's %.0f configurations measured (%s); each point is the "
                     "best of those measured at it, not of every configuration there", measured, space,
                     fmt_share_fine(share, sizeof share, (long)measured, (long)space));
}
