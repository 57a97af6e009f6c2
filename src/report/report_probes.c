/* report_probes.c — report.md's probes: the memory hierarchy (the levels table that probes.tsv's
 * `levels` rows hold, and the load-latency curve drawn against footprint on log axes) and every
 * probe as a table. */
#include "report.h"
#include "report_draft.h"
#include "report_charts.h"
#include "plot_impl.h"
#include "store/rundir.h"
#include "lib/levels.h"
#include "lib/texttab.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct pcols { int probe, measure, bytes, n, median, unit, cv, min, max, status, note; };

static struct pcols pcols(const struct table *t)
{
    return (struct pcols){ .probe = table_col(t, "probe"), .measure = table_col(t, "measure"),
                           .bytes = table_col(t, "bytes"), .n = table_col(t, "n"), .median = table_col(t, "median"),
                           .unit = table_col(t, "unit"), .cv = table_col(t, "cv"), .min = table_col(t, "min"),
                           .max = table_col(t, "max"), .status = table_col(t, "status"), .note = table_col(t, "note") };
}

static int is(const struct table *t, int i, int col, const char *v) { return !strcmp(table_cell(t, i, col), v); }

/* level_of: N of a `levels` row's measure "level N, latency" (0 when it is not one). */
static int level_of(const struct table *t, int i, const struct pcols *c)
{
    const char *m = table_cell(t, i, c->measure);
    return is(t, i, c->probe, "levels") && !strncmp(m, "level ", 6) ? atoi(m + 6) : 0;
}

/* levels_table: one line per level: its latency, where it ends, its bandwidth where a read fell
 * in it; how many levels. */
static int levels_table(FILE *out, const struct table *t, const struct pcols *c)
{
    int n = 0;
    for (int i = 0; i < t->nrows; i++) {
        int lv = level_of(t, i, c);
        if (!lv || !is(t, i, c->unit, "ns") || !is(t, i, c->status, "ok")) continue;
        if (!n++)
            fprintf(out, "| level | latency (median) | latency range | holds at least | bandwidth | footprints |\n"
                         "|---:|---:|---|---:|---:|---|\n");
        char *to = size_words(table_num(t, i, c->bytes)), *note = tt_md_escape(table_cell(t, i, c->note));
        struct sbuf bw = {0};
        for (int j = 0; j < t->nrows; j++)
            if (level_of(t, j, c) == lv && is(t, j, c->unit, "GB/s")) {
                char *s = size_words(table_num(t, j, c->bytes)), fig[32];
                sb_printf(&bw, "%s%s GB/s (%s read)", bw.len ? "; " : "", fmt_fig(fig, sizeof fig, table_num(t, j, c->median)), s);
                free(s);
            }
        char med[32], lo[32], hi[32];
        fmt_fig(lo, sizeof lo, table_num(t, i, c->min));
        fmt_fig(hi, sizeof hi, table_num(t, i, c->max));
        /* Trials that all read the same: one figure, not a range of one ("3.1-3.1 ns"). */
        fprintf(out, "| %d | %s ns | %s%s%s ns | %s | %s | %s |\n", lv, fmt_fig(med, sizeof med, table_num(t, i, c->median)),
                lo, strcmp(lo, hi) ? "-" : "", strcmp(lo, hi) ? hi : "", to, bw.s ? bw.s : "", note);
        free(to);
        free(note);
        sb_free(&bw);
    }
    return n;
}

/* latency_plot: the latency rows (median, with their trials' range) against footprint, the levels
 * as flat segments and the last-level cache as a line, into dir/latency.{tsv,gp,svg,png}. 0, 1 when
 * there is nothing to draw, -1, *err and *full (the want of room it failed for, or 0: gp_finish). */
static int latency_plot(const struct rundir *r, const struct table *t, const struct pcols *c, const char *dir, char **err,
                        int *full)
{
    struct fig f = {0};
    int pts = 0;
    double lo = INFINITY, hi = 0, xlo = INFINITY, xhi = 0;
    gp_block(&f, "load latency: footprint (bytes), median, min, max (ns)");
    for (int i = 0; i < t->nrows; i++) {
        double x = table_num(t, i, c->bytes), y = table_num(t, i, c->median);
        if (!is(t, i, c->probe, "latency") || !is(t, i, c->status, "ok") || !(x > 0) || !(y > 0)) continue;
        double mn = table_num(t, i, c->min), mx = table_num(t, i, c->max);
        sb_printf(&f.data, "%.0f\t%.6g\t%.6g\t%.6g\n", x, y, mn > 0 ? mn : y, mx > 0 ? mx : y);
        lo = fmin(lo, mn > 0 ? mn : y); hi = fmax(hi, mx > 0 ? mx : y);
        xlo = fmin(xlo, x); xhi = fmax(xhi, x);
        pts++;
    }
    if (pts < 2) { sb_free(&f.data); return 1; }
    int lv_block = gp_block(&f, "levels: from (bytes), latency (ns); to (bytes), latency; a blank line between levels");
    int nlv = 0;
    for (int i = 0; i < t->nrows; i++) {
        if (!level_of(t, i, c) || !is(t, i, c->unit, "ns") || !is(t, i, c->status, "ok")) continue;
        /* The level's points are the n measured footprints that end at its own (bytes). */
        double ns = table_num(t, i, c->median), to = table_num(t, i, c->bytes), from = to;
        /* An empty or damaged cell reads NaN, which no int holds: such a level has no points before its own. */
        double count = table_num(t, i, c->n);
        int n = count >= 1 && count <= t->nrows ? (int)count : 0, end = -1;
        for (int j = 0; j < t->nrows; j++)
            if (is(t, j, c->probe, "latency") && table_num(t, j, c->bytes) == to) end = j;
        for (int j = end; j >= 0 && n > 0; j--)
            if (is(t, j, c->probe, "latency") && !is(t, j, c->status, "skipped") && n--) from = table_num(t, j, c->bytes);
        sb_printf(&f.data, "%s%.0f\t%.6g\n%.0f\t%.6g\n", nlv++ ? "\n" : "", from, ns, to, ns);
    }
    double llc = rj_num(r->rj.peak.cache_bytes);
    char *title = xasprintf("Load latency against footprint (pointer chase, one work-item)\n%s, driver %s", r->device, r->driver);
    gp_layout(&f, 1, 760, 440, title);
    sb_printf(&f.body, "set logscale x 2\nset logscale y\nset xlabel \"footprint (bytes)\"\nset ylabel \"latency per load (ns)\"\n"
                       "set grid xtics ytics\nset key top left Left reverse\nset format x \"%%.0b%%B\"\n");
    double x0 = xlo / 1.3, x1 = fmax(xhi, llc) * 1.3;
    sb_printf(&f.body, "set xrange [%.10g:%.10g]\nset yrange [%.8g:%.8g]\n", x0, x1, lo / 1.4, hi * 1.6);
    gp_log_tics(&f.body, "y", lo / 1.4, hi * 1.6);
    struct sbuf xt = {0};
    int nt = 0;
    for (double x = 1024; x <= x1; x *= 4)
        if (x >= x0) {
            char *w = size_words(x);
            sb_printf(&xt, "%s\"%s\" %.0f", nt++ ? ", " : "", w, x);
            free(w);
        }
    if (nt) sb_printf(&f.body, "set xtics (%s)\n", xt.s);
    sb_free(&xt);
    if (llc > 0) {
        char *w = size_words(llc), *lab = xasprintf("last-level cache %s", w);
        sb_printf(&f.body, "set arrow from %.0f, graph 0 to %.0f, graph 1 nohead dt 2 lc rgb \"#444444\"\n"
                           "set label ", llc, llc);
        gp_str(&f.body, lab);
        sb_printf(&f.body, " at %.0f, graph 0.96 right offset -0.5,0 font \",9\"\n", llc);
        free(w);
        free(lab);
    }
    /* The levels first, under the curve they summarise. */
    sb_printf(&f.body, "plot ");
    if (nlv) sb_printf(&f.body, "\"@DATA@.tsv\" index %d using 1:2 with lines lw 5 lc rgb \"%s\" "
                                "title \"levels (median of each plateau)\", ", lv_block, colours[1]);
    sb_printf(&f.body, "\"@DATA@.tsv\" index 0 using 1:2:3:4 with yerrorlines lw 1.5 pt 7 ps 0.6 lc rgb \"%s\" "
                       "title \"median of the trials (bars: their range)\"\n", colours[0]);
    int rc = gp_finish(&f, dir, PLOT_NAME_LATENCY, "Load latency against footprint", err, full);
    sb_free(&f.data);
    sb_free(&f.body);
    free(title);
    return rc;
}

/* memory_section: the levels and the latency curve (into the draft's plots/), when the run measured
 * them; the curve's state (report_charts.h). */
static int memory_section(FILE *out, const struct rundir *r, const struct table *t, const struct pcols *c,
                           const struct report_draft *d, int *full)
{
    int has_latency = 0;
    for (int i = 0; i < t->nrows && !has_latency; i++) has_latency = is(t, i, c->probe, "latency");
    if (!has_latency) return 0;
    double llc = rj_num(r->rj.peak.cache_bytes);
    fprintf(out, "\n## Memory hierarchy\n\nLoad latency by pointer chasing (one work-item, one load per 128-byte line in a "
                 "random cycle) over footprints doubling from 4 KiB, with a point at 1.5x each. A level is a run of at "
                 "least 3 consecutive footprints whose latencies lie within 10%% of the lowest of them (probes.tsv, "
                 "probe `levels`); a footprint whose trials' CV passes %.0f%% opens none. A level holds at least its last "
                 "footprint and less than the next. Its bandwidth is that of the `cachebw` reads whose footprint falls "
                 "in it (short of the next footprint: a read there or beyond is past the level, and no level's). Memory's level starts past the last-level cache, or holds its reported size and runs on to the "
                 "largest footprint: then the chase shows no cache of that size.", 100 * LEVELS_NOISY_CV);
    if (llc > 0) {
        char *w = size_words(llc);
        fprintf(out, " Last-level cache: %s (%s).", w, rj_str(r->rj.peak.cache_source));
        free(w);
    }
    fprintf(out, "\n\n");
    if (!levels_table(out, t, c)) {
        int sk = -1;
        for (int i = 0; i < t->nrows; i++)
            if (is(t, i, c->probe, "levels")) sk = i;
        fprintf(out, "*No level found:* %s.\n", sk >= 0 ? table_cell(t, sk, c->note) : "this run's probes.tsv has no `levels` rows");
    }
    char *err = NULL;
    const char *no_gp = plot_gnuplot_missing();
    int room = 0, rc = latency_plot(r, t, c, d->plots, &err, &room), state = report_chart_state(rc, room, full);
    if (rc == 0)
        fprintf(out, "\n![load latency against footprint](plots/latency.png)\n\n[SVG](plots/latency.svg) · "
                     "[data](plots/latency.tsv) · [script](plots/latency.gp)\n");
    else if (rc < 0 && no_gp && state != REPORT_CHART_FULL)
        fprintf(out, "\n*No picture:* %s; its data and script are in `plots/` (latency.*).\n", no_gp);
    else if (rc < 0) report_draft_not_drawn(out, d, err, state == REPORT_CHART_FULL);
    free(err);
    return state;
}

int report_probes(FILE *out, const struct rundir *r, const struct report_draft *d, int *full)
{
    char *p = path_join(r->dir, "probes.tsv"), *err = NULL;
    struct table t;
    int drawn = 0;
    if (file_exists(p) && table_read(p, &t, &err) == 0) {
        struct pcols c = pcols(&t);
        drawn = memory_section(out, r, &t, &c, d, full);
        fprintf(out, "\n## Probes\n\nMeasured after the sweep on the same device ([probes.tsv](probes.tsv)); median of the "
                     "trials, with their coefficient of variation; the note says how a row was timed and what "
                     "stands against it (IMPOSSIBLE: above the device's theoretical figure).\n\n"
                     "| probe | measure | median | unit | CV | n | status | note |\n|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < t.nrows; i++) {
            double cv = table_num(&t, i, c.cv);
            char fig[32];
            fprintf(out, "| %s | %s | %s | %s | ", table_cell(&t, i, c.probe), table_cell(&t, i, c.measure),
                    fmt_fig(fig, sizeof fig, table_num(&t, i, c.median)), table_cell(&t, i, c.unit));
            if (cv == cv) fprintf(out, "%.1f%%", 100 * cv);
            char *note = c.note >= 0 ? tt_md_escape(table_cell(&t, i, c.note)) : xstrdup("");
            fprintf(out, " | %s | %s | %s |\n", table_cell(&t, i, c.n), table_cell(&t, i, c.status), note);
            free(note);
        }
        table_free(&t);
    }
    free(err);
    free(p);
    return drawn;
}
