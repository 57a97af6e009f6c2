/* plot_scatter.c — the scatter kind: every measured row a point, metric against x (both numbers),
 * one colour per series; what shows a trade-off between two measures of one row, such as the
 * energy per launch against the time per launch. */
#include "plot_impl.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How the rows set apart (plotdata.h's apart: sol>100) are drawn: a large red cross, over the
 * filled marks of the series, so that neither colour nor shape lets them pass for a series. */
#define APART_RED "#C00000"
#define APART_STYLE "pt 2 ps 1.8 lw 2.5 lc rgb \"" APART_RED "\""

/* x_of: the x of category x as a number (NAN when it is not one). */
static double x_of(const struct plotdata *d, int x)
{
    return strtod(d->d[D_X].vals.v[x], NULL);
}

/* drawable: whether cell c is a point a panel can show (a log axis shows no x <= 0). */
static int drawable(const struct pcell *c, double xv, int xlog)
{
    return c->nrows && isfinite(c->value) && isfinite(xv) && (!xlog || xv > 0);
}

/* points: the cells of series s in panel pn that have a point to draw. */
static int points(const struct plotdata *d, int fg, int pn, int s, int xlog)
{
    int n = 0;
    for (int x = 0; x < d->d[D_X].vals.n; x++) n += drawable(plotdata_cell(d, fg, pn, s, x, 0), x_of(d, x), xlog);
    return n;
}

/* first_panel: the first panel of figure fg with a point of series s; -1 where none has one. */
static int first_panel(const struct plotdata *d, int fg, int s, int xlog)
{
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        if (points(d, fg, pn, s, xlog)) return pn;
    return -1;
}

/* x_range: the x range of panel pn (-1: one across the figure's panels, as the y range is), its
 * points with room either side, set outright. Each panel scaled to its own points put one x at
 * other places in two panels; and a peak line is a function, which gnuplot draws only over the
 * points' range while it widens an axis it scales itself to the next tic: the dashed 100% of the
 * speed of light covered part of the panel. */
static void x_range(struct sbuf *b, const struct plotdata *d, int fg, int pn, int xlog)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int p = 0; p < d->d[D_PANEL].vals.n; p++)
        for (int s = 0; s < d->d[D_SERIES].vals.n && (pn < 0 || p == pn); s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                double xv = x_of(d, x);
                if (!drawable(plotdata_cell(d, fg, p, s, x, 0), xv, xlog)) continue;
                lo = fmin(lo, xv);
                hi = fmax(hi, xv);
            }
    if (!isfinite(lo)) { sb_printf(b, "set autoscale x\n"); return; }
    if (xlog) {
        /* A fifth of a decade's room either side, half a decade around a single x; tics 1-2-5 (a
         * range set outright may hold one decade's tic or none). */
        double pad = hi > lo ? 1.6 : 3.2;
        sb_printf(b, "set xrange [%.8g:%.8g]\nset xtics autofreq\n", lo / pad, hi * pad);
        gp_log_tics(b, "x", lo / pad, hi * pad);
    } else {
        double pad = hi > lo ? (hi - lo) * 0.05 : fabs(lo) > 0 ? fabs(lo) * 0.1 : 1;
        sb_printf(b, "set xrange [%.8g:%.8g]\n", lo - pad, hi + pad);
    }
}

/* series_block: series s of panel pn as a data block; its index. */
static int series_block(const struct spec_plot *p, const struct plotdata *d, int fg, int pn, int s, struct fig *f,
                        const char *title)
{
    int blk = gp_block(f, *title ? title : "points");
    sb_printf(&f->data, "# %s\t%s\tcut\n", p->x, p->metric);
    for (int x = 0; x < d->d[D_X].vals.n; x++) {
        const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
        if (drawable(c, x_of(d, x), p->xlog)) sb_printf(&f->data, "%.8g\t%.8g\t%d\n", x_of(d, x), c->value, c->cut);
    }
    return blk;
}

/* plot_series: the plot clause of series s (its block written first); 1 when drawn, 0 when the
 * panel has no point of it. style NULL: the series' own colour and mark. Its key entry in the first
 * panel alone (the figure's one key: gp_key_shared), a clause of no point there where that panel has
 * none of it, and none where it is the only series (key says why). */
static int plot_series(const struct spec_plot *p, const struct plotdata *d, int fg, int pn, int s, struct fig *f,
                       int drawn, const char *style)
{
    int titled = d->d[D_SERIES].vals.n > 1 && pn == 0 && first_panel(d, fg, s, p->xlog) >= 0;
    /* A series with no point in this panel gets no data block: gnuplot would not count an empty
     * one, and every later block's index would point at the one after it. Its key entry, in the first
     * panel, is a clause of no point (NaN). */
    int some = points(d, fg, pn, s, p->xlog);
    if (!some && !titled) return 0;
    char *t = gp_dim_title(d, D_SERIES, s);
    int blk = some ? series_block(p, d, fg, pn, s, f, t) : -1;
    if (some) sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 1:2 with points ", drawn ? ", " : "", blk);
    else sb_printf(&f->body, "%sNaN with points ", drawn ? ", " : "");
    /* The series after the one set apart keep the colours they have without it: a bound's colour
     * does not change with whether some row passed its speed of light. */
    int k = d->apart >= 0 && s > d->apart ? s - 1 : s;
    /* A look of its own where the chart gives each value one (a bound's colour, the same in every
     * report: fp32 was blue in one and orange in the next, by the bounds each run had). */
    int fixed = p->series_style && s != d->apart ? p->series_style(d->d[D_SERIES].vals.v[s]) : -1;
    if (fixed >= 0) k = fixed;
    if (style) sb_printf(&f->body, "%s", style);
    else {
        sb_printf(&f->body, "ps 1.1 ");
        gp_series_style(&f->body, k, 0);
    }
    if (titled) {
        sb_printf(&f->body, " title ");
        gp_str(&f->body, *t ? t : d->label);
    } else sb_printf(&f->body, " notitle");
    free(t);
    /* Its points a stop cut short hollow (plot_cut.c): a ring in its colour, red where set apart. */
    if (some && plot_cut_in(d, fg, pn)) plot_cut_points(&f->body, blk, "1:($3 > 0 ? $2 : NaN)", style ? APART_RED : colours[k % NCOLOURS], 1.5);
    return 1;
}

/* y_range: the y range of panel pn (-1: one for every panel of figure fg), set outright over the
 * points a panel can show: each panel scaled to its own points drew one build's shares from 0 to
 * 3% and the other's from 0.17 to 0.26%, so that the panels did not compare at a glance and the
 * second's differences looked large. gp_y_range writes it (from 0 where no value is negative, the
 * peak held). */
static void y_range(struct sbuf *b, const struct spec_plot *p, const struct plotdata *d, int fg, int pn, double peak)
{
    const struct span_ask a = { .ylog = p->ylog, .below = 1.3, .above = 1.3, .room = 0.08, .peak = peak };
    double lo = INFINITY, hi = -INFINITY;
    for (int q = 0; q < d->d[D_PANEL].vals.n; q++)
        for (int s = 0; s < d->d[D_SERIES].vals.n && (pn < 0 || q == pn); s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, q, s, x, 0);
                if (!drawable(c, x_of(d, x), p->xlog) || (p->ylog && !(c->value > 0))) continue;
                lo = fmin(lo, c->value);
                hi = fmax(hi, c->value);
            }
    if (!isnan(peak) && (!p->ylog || peak > 0)) { lo = fmin(lo, peak); hi = fmax(hi, peak); }
    if (isfinite(lo)) gp_y_range(b, lo, hi, &a);
}

/* axes: labels, key, scales and the x and y ranges of the figure's panels (the same in each,
 * unless the spec's own_ranges asks each its own: plot_draw_scatter sets those). */
static void axes(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, double peak)
{
    /* The x column's unit too: a scatter's x is a measure (ms), not a category. */
    const struct column_info *xc = column_find(p->x);
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit),
         *xl = p->xlabel || !xc ? gp_column_label(p->xlabel, p->x) : gp_axis_label(xc->label, xc->unit);
    sb_printf(&f->body, "set xlabel ");
    gp_str(&f->body, xl);
    sb_printf(&f->body, "\nset ylabel ");
    gp_str(&f->body, yl);
    sb_printf(&f->body, "\nset grid\n");
    if (p->xlog) sb_printf(&f->body, "set logscale x\n");
    if (p->ylog) sb_printf(&f->body, "set logscale y\n");
    if (!p->own_ranges) {
        y_range(&f->body, p, d, fg, -1, peak);
        x_range(&f->body, d, fg, -1, p->xlog);
    }
    free(yl);
    free(xl);
}

/* key_width: the pixels the key beside a single panel takes beyond the room a short title leaves (gnuplot
 * reserves about 10 a character at the key's size): a long series title ("sol>100: ...") must not
 * squeeze the panel. */
static int key_width(const struct plotdata *d)
{
    int longest = 0;
    for (int s = 0; s < d->d[D_SERIES].vals.n; s++) {
        char *t = gp_dim_title(d, D_SERIES, s);
        longest = (int)strlen(t) > longest ? (int)strlen(t) : longest;
        free(t);
    }
    return longest > 12 ? (longest - 12) * 10 : 0;
}

/* key: the figure's key, one for all its panels: each series named once, the peak line once, in the
 * first panel's plot, the key placed above the panels (gp_key_shared). Beside each panel a key of its
 * own listed the same bounds again (the speed-of-light chart's two builds: "bound=fp32" twice), and
 * a key beside its first panel with a point of each gave every panel a right margin of the longest
 * entry of any ("sol>100: counts or ceilings wrong" beside one panel narrowed both). One series has
 * no entry: the title says "only bound=fp32 (the one series)", or its label is the y axis's; with no
 * peak line either, no key. */
static void key(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, double peak,
                const char *peak_what)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, longest = 0, entries = !isnan(peak);
    if (ns <= 1 && isnan(peak)) { sb_printf(&f->body, "set key off\n"); return; }
    if (np <= 1) { sb_printf(&f->body, "set key outside right top Left reverse samplen 2\n"); return; }
    for (int s = 0; s < ns && ns > 1; s++) {
        char *t = gp_dim_title(d, D_SERIES, s);
        int n = (int)strlen(*t ? t : d->label);
        if (first_panel(d, fg, s, p->xlog) < 0) continue;
        entries++;
        if (n > longest) longest = n;
        free(t);
    }
    if (!isnan(peak)) {
        char *t = xasprintf("%s %.6g %s", peak_what ? peak_what : "", peak, d->unit ? d->unit : "");
        longest = (int)strlen(t) > longest ? (int)strlen(t) : longest;
        free(t);
    }
    gp_key_shared(f, entries, longest);
}

void plot_draw_scatter(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title,
                       double peak, const char *peak_what)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n;
    gp_layout(f, np, np > 1 ? 620 : 820 + key_width(d), np > 1 ? 470 : 540, title);
    axes(p, d, fg, f, peak);
    key(p, d, fg, f, peak, peak_what);
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        if (p->own_ranges) {
            y_range(&f->body, p, d, fg, pn, peak);
            x_range(&f->body, d, fg, pn, p->xlog);
        }
        sb_printf(&f->body, "plot ");
        int drawn = 0;
        for (int s = 0; s < ns; s++)
            if (s != d->apart) drawn += plot_series(p, d, fg, pn, s, f, drawn, NULL);
        if (!isnan(peak)) gp_peak_plot(&f->body, peak, pn == 0 ? peak_what : NULL, d->unit, !drawn++);
        /* Last, so that they lie over the points and the peak line they pass. */
        if (d->apart >= 0)
            drawn += plot_series(p, d, fg, pn, d->apart, f, drawn, APART_STYLE);
        if (!drawn) sb_printf(&f->body, "NaN notitle");
        sb_printf(&f->body, "\n%s", pn == 0 && np > 1 && (ns > 1 || !isnan(peak)) ? "set key off\n" : "");
    }
}
