/* plot_flags.c — the lines under a figure's title that say what its rows' flags say of the values
 * drawn: data in the last-level cache (cache-resident), so that a --quick picture of 60 GB/s is not
 * read as the memory's bandwidth; rounds that scatter (noisy) or a device timed beside another clx
 * (shared), so that a clean line between points is not read as a trend the Best table calls UNSURE;
 * times that are mostly a launch's (launch-bound), or the host clock's with the launch in them (column
 * timer: rusticl's events do not time kernels), so that a ratio of launches is not read as one of
 * kernels. The warning in report.md's text is not beside a figure someone looks at. */
#include "plot_impl.h"
#include "store/rowstatus.h"
#include <stdlib.h>
#include <string.h>

/* The flags a figure's title says, one line each. To add one: its flag, whether only a bandwidth's
 * figure says it (bw), whether a few rows say it or most (more than half: most), and the words after
 * "every row here" / "N of the M rows here" (all, some). */
static const struct flag_line {
    const char *flag;
    int bw, most;
    const char *all, *some;
} flag_lines[] = {
    { "cache-resident", 1, 0,
      "fits the last-level cache (flag cache-resident): the GB/s are the cache's, not the memory's",
      "fit the last-level cache (flag cache-resident): their GB/s are the cache's, not the memory's" },
    { "noisy", 0, 1,
      "is flagged noisy (a standard error above 1% of its time): a gap that small says nothing",
      "are flagged noisy (a standard error above 1% of their time): a gap that small says nothing" },
    { "shared", 0, 1,
      "is flagged shared (timed beside another clx on the device): not the device's alone",
      "are flagged shared (timed beside another clx on the device): not the device's alone" },
    { "launch-bound", 0, 0,
      "is flagged launch-bound (under twice an empty launch's time): its time is mostly the launch's, not the kernel's",
      "are flagged launch-bound (under twice an empty launch's time): their times are mostly the launch's, not the kernels'" },
};

/* add_line: line appended to *lines under those before it (a new string, the old freed). */
static void add_line(char **lines, char *line)
{
    char *both = *lines ? xasprintf("%s\n%s", *lines, line) : xstrdup(line);
    free(line);
    free(*lines);
    *lines = both;
}

void plot_flag_lines_add(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, char **lines)
{
    /* GB/s, or a share of the bandwidth peak: what a cache's rate passes for. */
    int bw = (d->unit && strstr(d->unit, "GB/s")) || (p->metric && !strcmp(p->metric, "pct_bw_peak"));
    size_t per = (size_t)d->d[D_PANEL].vals.n * (size_t)d->d[D_SERIES].vals.n * (size_t)d->d[D_X].vals.n
                 * (size_t)d->d[D_Y].vals.n;
    for (size_t k = 0; r->c_flag >= 0 && k < sizeof flag_lines / sizeof *flag_lines; k++) {
        const struct flag_line *fl = &flag_lines[k];
        if (fl->bw && !bw) continue;
        int rows = 0, flagged = 0;
        for (size_t c = (size_t)fg * per; c < (size_t)(fg + 1) * per; c++)
            for (int i = d->start[c]; i < d->start[c + 1]; i++) {
                rows++;
                flagged += flag_has(table_cell(&r->t, d->rows[i], r->c_flag), fl->flag);
            }
        if (!flagged || (fl->most && 2 * flagged <= rows)) continue;
        add_line(lines, flagged == rows ? xasprintf("every row here %s", fl->all)
                                        : xasprintf("%d of the %d rows here %s", flagged, rows, fl->some));
    }
    /* Rows timed by the host clock: every time drawn holds its launch's cost, whatever its flags. */
    int c_timer = table_col(&r->t, "timer"), rows = 0, host = 0;
    if (c_timer < 0) return;
    for (size_t c = (size_t)fg * per; c < (size_t)(fg + 1) * per; c++)
        for (int i = d->start[c]; i < d->start[c + 1]; i++) {
            rows++;
            host += !strcmp(table_cell(&r->t, d->rows[i], c_timer), "host");
        }
    if (host)
        add_line(lines, host == rows ? xstrdup("every row here was timed by the host clock (the device's events do not time "
                                               "kernels): a launch's enqueue to its end, launch cost included")
                                     : xasprintf("%d of the %d rows here were timed by the host clock (the device's events do "
                                                 "not time kernels): a launch's enqueue to its end, launch cost included",
                                                 host, rows));
}
