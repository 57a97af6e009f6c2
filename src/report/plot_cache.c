/* plot_cache.c — the line under a bandwidth figure's title that says its rows' data sat in the
 * last-level cache (flag cache-resident), so that a --quick picture of 60 GB/s is not read as the
 * memory's bandwidth: the warning in report.md's text is not beside a figure someone looks at. */
#include "plot_impl.h"
#include "store/rowstatus.h"
#include <stdlib.h>
#include <string.h>

void plot_cache_line_add(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, char **lines)
{
    /* GB/s, or a share of the bandwidth peak: what a cache's rate passes for. */
    int bw = (d->unit && strstr(d->unit, "GB/s")) || (p->metric && !strcmp(p->metric, "pct_bw_peak"));
    if (!bw || r->c_flag < 0) return;
    size_t per = (size_t)d->d[D_PANEL].vals.n * (size_t)d->d[D_SERIES].vals.n * (size_t)d->d[D_X].vals.n
                 * (size_t)d->d[D_Y].vals.n;
    int rows = 0, cached = 0;
    for (size_t c = (size_t)fg * per; c < (size_t)(fg + 1) * per; c++)
        for (int k = d->start[c]; k < d->start[c + 1]; k++) {
            rows++;
            cached += flag_has(table_cell(&r->t, d->rows[k], r->c_flag), "cache-resident");
        }
    if (!cached) return;
    char *line = cached == rows
        ? xasprintf("every row here fits the last-level cache (flag cache-resident): the GB/s are the cache's, not the memory's")
        : xasprintf("%d of the %d rows here fit the last-level cache (flag cache-resident): their GB/s are the cache's, "
                    "not the memory's", cached, rows);
    char *both = *lines ? xasprintf("%s\n%s", *lines, line) : xstrdup(line);
    free(line);
    free(*lines);
    *lines = both;
}
