/* plot.c — the plot kinds (lines, bars, opt vs no-opt, roofline; heat map in plot_heatmap.c, scatter in plot_scatter.c)
 * as gnuplot commands over a plot's data (plotdata.c); plot_gp.c draws the figures; plot_bars.c the callers' charts. */
#include "plot_impl.h"
#include "compare_join.h"
#include "quickrun.h"
#include "rowwork.h"
#include "spec/finding_form.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the kinds ---------------------------------------------------------------------------- */

/* key_place: where the key goes: beside a single panel; above each of several, so that their
 * plot areas stay aligned; none when there is a single series and no peak line. */
static const char *key_place(int npanels, int wanted)
{
    if (!wanted) return "off";
    return npanels > 1 ? "outside top center horizontal Left reverse samplen 2 font \",9\" maxcols 4"
                       : "outside right top Left reverse samplen 2";
}

static void draw_lines(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                       const char *title, char **note)
{
    const struct cats *xs = &d->d[D_X];
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n;
    const char *what = NULL;
    double pk = gp_peak_value(r, p, &what);
    if (p->peak && isnan(pk)) gp_note_add(note, "the %s is not known for this device or metric: not drawn", what ? what : p->peak);
    gp_layout(f, np, np > 1 ? 620 : 900, np > 1 ? 470 : 520, title);
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit), *xl = gp_column_label(p->xlabel, p->x);
    sb_printf(&f->body, "set xlabel ");
    gp_str(&f->body, xl);
    sb_printf(&f->body, "\nset ylabel ");
    gp_str(&f->body, yl);
    /* A line of a series column is named in the key even alone: the picture says which it is. */
    sb_printf(&f->body, "\nset grid\nset key %s\n", key_place(np, ns > 1 || d->d[D_SERIES].cols.n || !isnan(pk)));
    /* Formatted tics (xformat) put the points at the categories' places, where a scale is none. */
    int formatted = p->xformat && strcmp(p->xformat, "plain");
    if (xs->numeric && !formatted) gp_numeric_xtics(&f->body, xs, p->xlog, p->xformat != NULL);
    else if (xs->numeric && p->xlog) sb_printf(&f->body, "set logscale x 2\n");
    /* One y range across the panels (plot_range.c), unless the spec asks each its own. */
    struct span_ask ask = { .ylog = p->ylog, .below = 1.15, .above = 1.15, .room = 0.05, .peak = pk };
    if (p->ylog) sb_printf(&f->body, "set logscale y\n");
    if (!p->own_ranges) gp_value_axis(&f->body, d, fg, -1, &ask);
    if (!xs->numeric) gp_tics(&f->body, "x", xs, p->xformat);
    else if (p->xformat && strcmp(p->xformat, "plain")) gp_tics(&f->body, "x", xs, p->xformat);
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        if (p->own_ranges) gp_value_axis(&f->body, d, fg, pn, &ask);
        int blk = gp_block(f, "x, then one column per series");
        sb_printf(&f->data, "# %s", p->x);
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            sb_printf(&f->data, "\t%s", *t ? t : p->metric);
            free(t);
        }
        sb_printf(&f->data, "\n");
        for (int x = 0; x < xs->vals.n; x++) {
            /* Numeric x with formatted tics still plots at the category's index. */
            int at_index = !xs->numeric || (p->xformat && strcmp(p->xformat, "plain"));
            if (at_index) sb_printf(&f->data, "%d", x);
            else sb_printf(&f->data, "%s", xs->vals.v[x]);
            for (int s = 0; s < ns; s++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (c->nrows) sb_printf(&f->data, "\t%.8g", c->value);
                else sb_printf(&f->data, "\tNaN");
            }
            sb_printf(&f->data, "\n");
        }
        sb_printf(&f->body, "plot ");
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            sb_printf(&f->body, "%s\"%s.tsv\" index %d using 1:%d with linespoints lw 2 ps 0.7 ", s ? ", " : "", "@DATA@", blk,
                      s + 2);
            gp_series_style(&f->body, s, 1);
            sb_printf(&f->body, " title ");
            gp_str(&f->body, *t ? t : p->ylabel ? p->ylabel : d->label);
            free(t);
        }
        gp_peak_plot(&f->body, pk, what, d->unit, 0);
        sb_printf(&f->body, "\n");
    }
    free(yl);
    free(xl);
}

/* cell_work: the work a launch of cell c's rows in unit u: that of the row it shows, else the one its
 * rows all did (NAN where they differ, or have none). */
static double cell_work(const struct rundir *r, const struct plotdata *d, const struct pcell *c, enum launchwork_unit u)
{
    if (c->row >= 0) return rowwork_of(r, c->row, u);
    size_t ci = (size_t)(c - d->cells);
    return rowwork_common(r, d->rows + d->start[ci], d->start[ci + 1] - d->start[ci], u);
}

/* work_ratio: where the plot's metric is an amount a launch takes (a time: rowwork_per_launch) and
 * bar c's rows did other work than first's (a no-opt build given fewer loop trips), c's work over
 * first's in *w and the unit it is counted in; LAUNCHWORK_NONE (*w 1) where they did the same or it is
 * not known. */
static enum launchwork_unit work_ratio(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d,
                                       const struct pcell *c, const struct pcell *first, double *w)
{
    *w = 1;
    if (!p->metric || !rowwork_per_launch(p->metric) || c == first || !c->nrows || !first->nrows) return LAUNCHWORK_NONE;
    for (enum launchwork_unit u = LAUNCHWORK_FIRST; u != LAUNCHWORK_NONE; u = launchwork_next(u)) {
        double wc = cell_work(r, d, c, u), wf = cell_work(r, d, first, u);
        if (!(wc > 0 && wf > 0)) continue;
        if (launchwork_same(wc, wf)) return LAUNCHWORK_NONE;
        *w = wc / wf;
        return u;
    }
    return LAUNCHWORK_NONE;
}

/* work_line: where the bars of figure fg set side by side did different work (work_ratio), how each
 * series' work stands to the first's, and that the ratios over the bars are per unit of work: the
 * bars' heights are the times of their own work ("-cl-opt-disable's bars did 64x less work a launch
 * than default's ..."); NULL where every bar did its group's first one's work. A new string. */
static char *work_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg)
{
    int ns = d->d[D_SERIES].vals.n, units = 0;
    struct sbuf b = {0};
    for (int s = 1; s < ns; s++) {
        double lo = INFINITY, hi = 0;
        for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                double w;
                enum launchwork_unit u = work_ratio(r, p, d, plotdata_cell(d, fg, pn, s, x, 0), plotdata_cell(d, fg, pn, 0, x, 0), &w);
                if (u == LAUNCHWORK_NONE) continue;
                units |= 1 << u;
                lo = fmin(lo, w);
                hi = fmax(hi, w);
            }
        if (!(hi > 0)) continue;
        char *t = gp_dim_title(d, D_SERIES, s), *t0 = gp_dim_title(d, D_SERIES, 0), words[64];
        sb_printf(&b, "%s%s's bars did %s work a launch than %s's", b.len ? "; " : "", t,
                  launchwork_times_words(words, sizeof words, lo, hi), t0);
        free(t);
        free(t0);
    }
    if (!b.s) return NULL;
    int flops = units & (1 << LAUNCHWORK_GFLOP), bytes = units & (1 << LAUNCHWORK_GB);
    sb_printf(&b, " (%s): each bar is the time of its own work, the ratio over it per unit of work",
              flops && bytes ? "the spec's flops or bytes" : flops ? "the spec's flops" : "the spec's bytes");
    return b.s;
}

/* size_said: the ratio q of an amount no timing decides (a binary's bytes, a count of instructions) in
 * words, "1.10x larger", "2.3x smaller", "same size", into buf (64 bytes hold any); returns buf. */
static const char *size_said(char *buf, size_t n, double q)
{
    double f = q >= 1 ? q : 1 / q;   /* each way a factor over 1, as fmt_slower's */
    snprintf(buf, n, f >= 10 ? "%.0fx %s" : "%.2fx %s", f, q >= 1 ? "larger" : "smaller");
    if (!strncmp(buf, "1.00x", 5)) snprintf(buf, n, "same size");
    return buf;
}

/* rel_bar: where the plot's label is rel_time (a row's time over the reference variant's row's at its
 * build and launch point) and the variants are the bars of a group or the groups of a series, the
 * bar of the reference variant beside bar c (its first row's rel_time 1): NULL where it has none.
 * maths' bars of each variant at its best work-group size were labelled with rel_time against
 * float_add at the same size, not at float_add's bar: float_sub's bar, taller than float_add's,
 * said 0.786. */
static const struct pcell *rel_bar(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg,
                                   int pn, int s, int x)
{
    int rel = table_col(&r->t, "rel_time"), along = -1;
    if (!p->label || strcmp(p->label, "rel_time") || rel < 0) return NULL;
    for (int k = 0; k < d->d[D_X].cols.n; k++)
        if (!strcmp(d->d[D_X].cols.v[k], "variant")) along = D_X;
    for (int k = 0; k < d->d[D_SERIES].cols.n && along < 0; k++)
        if (!strcmp(d->d[D_SERIES].cols.v[k], "variant")) along = D_SERIES;
    if (along < 0) return NULL;
    for (int k = 0; k < d->d[along].vals.n; k++) {
        const struct pcell *o = plotdata_cell(d, fg, pn, along == D_SERIES ? k : s, along == D_X ? k : x, 0);
        size_t oi = (size_t)(o - d->cells);
        if (o->nrows && table_num(&r->t, d->rows[d->start[oi]], rel) == 1) return o;
    }
    return NULL;
}

/* Where a bar stands in its plot's data: figure, panel, series, group. */
struct bar_at { int fg, pn, s, x; };

/* bar_label: the text over a bar: the label column's value (for rel_time, the bar over rel_bar's), or for opt
 * vs no-opt the bar against its group's first. Of a timed metric (a time or a rate), where each bar
 * shows one row, the report's builds table's words for the two rows (cmp_decide_rows: compare's
 * ratio per unit of work and verdict, "4.94x SLOWER", "1.25x faster, UNSURE"), its verdict in
 * *verdict; where a bar combines rows by a mean or median, the values' ratio in words ("2.0x
 * slower", "same speed"), per unit of work where they did other work, and no verdict ("-"). A bare
 * "1.3x faster" over a pair the table called 0.80x UNSURE read as a gain. Of a metric no timing
 * decides (a binary's bytes, a count), the bars' own ratio ("1.10x larger") and no verdict: the
 * table's verdicts are on the rows' times, and "5.83x SLOWER" over a binary's size read as the
 * binary's. */
static char *bar_label(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, struct bar_at at,
                       int ratio, const char **verdict)
{
    int fg = at.fg, pn = at.pn, s = at.s, x = at.x;
    const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0), *first = plotdata_cell(d, fg, pn, 0, x, 0);
    *verdict = "-";
    if (ratio) {
        if (c == first || !first->nrows || !(first->value > 0) || !(c->value > 0)) return xstrdup("");
        char said[64];
        if (finding_metric_kind(p->metric) == MK_UNTIMED) return xstrdup(size_said(said, sizeof said, c->value / first->value));
        if (c->row >= 0 && first->row >= 0) {
            const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };   /* clx compare's defaults */
            struct cmp_cell cc;
            cmp_decide_rows(r, first->row, c->row, &rule, &cc);
            if (cc.v.ratio > 0 && isfinite(cc.v.ratio)) {
                *verdict = verdict_name(cc.v.v);
                return xstrdup(cmp_slowdown_said(said, sizeof said, cc.v.ratio, cc.v.v));
            }
        }
        double w;
        work_ratio(r, p, d, c, first, &w);
        double q = d->better > 0 ? first->value / c->value : c->value / first->value / w;
        char lb[32];
        return xstrdup(fmt_slower(lb, sizeof lb, q));
    }
    /* rel_time over a bar: in the bars' terms, its value over the reference variant's bar's (both
     * of the rows the bars show; rel_time itself where the bars are of times at one point). */
    const struct pcell *ref = rel_bar(r, p, d, fg, pn, s, x);
    double v = ref && ref->value > 0 ? c->value / ref->value : c->label;
    if (!p->label || !isfinite(v)) return xstrdup("");
    return strstr(p->label, "pct") ? xasprintf("%.1f%%", v) : xasprintf("%.3g", v);
}

/* has_errors: whether some bar of figure fg has an error bar (a count or size has none). */
static int has_errors(const struct plotdata *d, int fg)
{
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (c->nrows && isfinite(c->err) && c->err > 0) return 1;
            }
    return 0;
}

/* error_line: what the error bars are, for the figure's title (plotdata.c's row_err and aggregate):
 * a reader took optflags' +/-21% on one bar for a range of the median, where it was the trials'
 * standard deviation that one slow first trial set. In the title, not the key: a key entry that long
 * took a third of the picture's width from the bars. */
static const char *error_line(const struct spec_plot *p)
{
    int spread = p->agg && (!strcmp(p->agg, "mean") || !strcmp(p->agg, "median"));
    return spread ? "error bars: one standard deviation of the rows a bar combines (of its trials where it is one row)"
                  : "error bars: one standard deviation of the trials";
}

/* CLIPPED_WORDS: the title's line where an error bar's low end (the value less one deviation) lies
 * below the axis: vecsum's naive bar on PoCL, 47 GB/s +/- 20 and float4's 40 +/- 75, went to 0 on a
 * linear axis, and on a logarithmic one (opt vs no-opt) a low end at 0 or under ran off the frame at
 * 1/100 of the bar, unsaid: cut at the axis, an arrowhead there says it goes on. */
#define CLIPPED_WORDS "an arrowhead on the axis: that error bar's low end lies below the plot (at or below 0), cut there"

/* bar_low: the low end of the error bar of cell c drawn over an axis from axis_lo (NAN: gnuplot's own),
 * and in *clipped whether it is cut there. */
static double bar_low(const struct pcell *c, double axis_lo, int ylog, int *clipped)
{
    double err = isfinite(c->err) && c->err > 0 ? c->err : 0, low = c->value - err;
    *clipped = err > 0 && (ylog ? !(low > 0) || (isfinite(axis_lo) && low < axis_lo) : isfinite(axis_lo) && low < axis_lo);
    if (!*clipped) return low;
    return isfinite(axis_lo) ? axis_lo : c->value / 100;
}

/* label_share: the share of a bar panel's plot area (about 300 pixels high in a 440-pixel panel) that
 * the labels over figure fg's bars take above the bar they label: upright, the longest one's
 * length (about 6 pixels a character at the labels' size, and its offset); else one line, or two
 * (opt vs no-opt's). 0 where no bar is labelled. */
static double label_share(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, int ratio,
                          int rotated, int two)
{
    size_t longest = 0;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                if (!plotdata_cell(d, fg, pn, s, x, 0)->nrows) continue;
                const char *verdict;
                char *lb = bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = x }, ratio, &verdict);
                if (strlen(lb) > longest) longest = strlen(lb);
                free(lb);
            }
    if (!longest) return 0;
    return (rotated ? 6.0 * (double)longest + 10 : two ? 38 : 20) / 300;
}

/* A bar of draw_bars' data block the verdict did not decide (column 6: SAME or UNSURE). */
#define UNDECIDED_COL6 "(strcol(6) eq \"SAME\" || strcol(6) eq \"UNSURE\")"

static void draw_bars(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                      const char *title, int ratio, char **note)
{
    const struct cats *xs = &d->d[D_X];
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, ng = xs->vals.n;
    const char *what = NULL;
    double pk = gp_peak_value(r, p, &what);
    if (p->peak && isnan(pk)) gp_note_add(note, "the %s is not known for this device or metric: not drawn", what ? what : p->peak);
    /* Opt vs no-opt spans 10-500x: logarithmic unless the spec says ylog = false. The range
     * hugs the bars (no extension to the next decade), with room above for the labels. */
    int ylog = p->ylog || (ratio && !p->ylog_set);
    /* Labels over narrow bars are turned upright so that neighbours do not overlap; else opt vs
     * no-opt's take two lines ("15x slower" on one ran into the first bar). */
    int rotated = ns >= 3 || ng * ns > 14, two = ratio && !rotated;
    struct span_ask ask = { .ylog = ylog, .errors = 1, .below = 1.6, .above = p->label || ratio ? 2.2 : 1.3,
                            .room = p->label || ratio ? 0.15 : 0.04, .peak = pk,
                            .labels = label_share(r, p, d, fg, ratio, rotated, two) };
    int clips = 0;
    for (int pn = 0; pn < np && !clips; pn++) {
        double axis_lo = gp_value_floor(d, fg, p->own_ranges ? pn : -1, &ask);
        for (int s = 0; s < ns && !clips; s++)
            for (int g = 0; g < ng && !clips; g++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, g, 0);
                if (c->nrows) bar_low(c, axis_lo, ylog, &clips);
            }
    }
    char *titled = clips ? xasprintf("%s\n%s", title, CLIPPED_WORDS) : xstrdup(title);
    int pw = ng * (ns * 26 + 30) + 260;
    gp_layout(f, np, pw < 560 ? 560 : pw > 1400 ? 1400 : pw, 440, titled);
    free(titled);
    double bw = 0.8 / ns;
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit);
    sb_printf(&f->body, "set ylabel ");
    gp_str(&f->body, yl);
    char *xl = gp_column_label(p->xlabel, p->x ? p->x : "variant");
    sb_printf(&f->body, "\nset xlabel ");
    gp_str(&f->body, xl);
    free(xl);
    sb_printf(&f->body, "\nset style fill solid 0.85 border lc rgb \"#333333\"\nset boxwidth %.4f absolute\n", bw);
    sb_printf(&f->body, "set xrange [-0.6:%d.6]\nset grid ytics\nset key %s\n", ng - 1, key_place(np, ns > 1 || !isnan(pk)));
    const char *lrot = rotated ? "rotate by 90 left offset 0,0.4" : two ? "offset 0,1.3" : "offset 0,0.7";
    if (ylog) sb_printf(&f->body, "set logscale y\n");
    if (!p->own_ranges) gp_value_axis(&f->body, d, fg, -1, &ask);   /* one across the panels (plot_range.c) */
    gp_tics(&f->body, "x", xs, p->xformat);
    int labelled = 0, same = 0, unsure = 0;
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        if (p->own_ranges) gp_value_axis(&f->body, d, fg, pn, &ask);
        double axis_lo = gp_value_floor(d, fg, p->own_ranges ? pn : -1, &ask);
        sb_printf(&f->body, "plot ");
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            int blk = gp_block(f, t);
            sb_printf(&f->data, "# x\tvalue\terror\tlabel\tgroup\tverdict\tlow end drawn\tclipped\n");
            for (int g = 0; g < ng; g++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, g, 0);
                if (!c->nrows) continue;
                const char *verdict;
                char *lb = bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = g }, ratio, &verdict);
                labelled |= *lb != 0;
                same |= !strcmp(verdict, "SAME");
                unsure |= !strcmp(verdict, "UNSURE");
                int clipped;
                double low = bar_low(c, axis_lo, ylog, &clipped);
                sb_printf(&f->data, "%.4f\t%.8g\t%.8g\t%s\t%s\t%s\t%.8g\t%d\n", g + (s - (ns - 1) / 2.0) * bw, c->value,
                          isfinite(c->err) ? c->err : 0, *lb ? lb : "-", xs->vals.v[g], verdict, low, clipped);
                free(lb);
            }
            /* Bars the verdict left undecided look as in clx compare's charts: SAME grey, UNSURE
             * hatched grey, the border in the series' colour (plot_bars.c). */
            sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 1:(%s ? NaN : $2) with boxes lc rgb \"%s\" title ",
                      s ? ", " : "", blk, UNDECIDED_COL6, colours[s % NCOLOURS]);
            gp_str(&f->body, *t ? t : p->ylabel ? p->ylabel : d->label);
            if (ratio)
                sb_printf(&f->body, ", \"\" index %d using 1:(strcol(6) eq \"SAME\" ? $2 : NaN) with boxes fs solid 1 border "
                                    "lc rgb \"%s\" lc rgb \"%s\" notitle, \"\" index %d using 1:(strcol(6) eq \"UNSURE\" ? $2 : "
                                    "NaN) with boxes fs pattern %d border lc rgb \"%s\" lc rgb \"%s\" notitle", blk,
                          colours[s % NCOLOURS], GREY_FILL, blk, HATCH_PATTERN, colours[s % NCOLOURS], GREY_HATCH);
            /* Error bars as vectors: gnuplot's yerrorbars blank the bar's border around the point. One
             * cut at the axis (column 8) has an arrowhead there instead of its flat end. */
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? NaN : $7):(0):($2+$3-$7) "
                                "with vectors heads size screen 0.006,90 lc rgb \"black\" notitle", blk);
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? $7 : NaN):(0):($2+$3-$7) "
                                "with vectors head size screen 0.006,90 lc rgb \"black\" notitle", blk);
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? $2+$3 : NaN):(0):($7-$2-$3) "
                                "with vectors head filled size screen 0.012,25 lc rgb \"black\" notitle", blk);
            if (p->label || ratio)
                sb_printf(&f->body, ", \"\" index %d using 1:($2+$3):(stringcolumn(4) eq \"-\" ? \"\" : %s) "
                                    "with labels %s font \",8\" notitle", blk, two ? "word(stringcolumn(4), 1).\"\\n\"."
                                    "substr(stringcolumn(4), strstrt(stringcolumn(4), \" \") + 1, strlen(stringcolumn(4)))"
                                    : "stringcolumn(4)", lrot);
            free(t);
        }
        /* What grey and hatched mean, in the key (its last panel's), in words short enough to leave
         * the bars their width: the label over each bar says its verdict. */
        if (same && pn == np - 1)
            sb_printf(&f->body, ", NaN with boxes fs solid 1 border lc rgb \"#333333\" lc rgb \"%s\" title \"grey: SAME\"",
                      GREY_FILL);
        if (unsure && pn == np - 1)
            sb_printf(&f->body, ", NaN with boxes fs pattern %d border lc rgb \"#333333\" lc rgb \"%s\" "
                                "title \"hatched: UNSURE\"", HATCH_PATTERN, GREY_HATCH);
        gp_peak_plot(&f->body, pk, what, d->unit, 0);
        sb_printf(&f->body, "\n");
    }
    /* A title may promise the labels ("% of the datasheet peak"): say why there are none. */
    if (p->label && !ratio && !labelled) gp_note_add(note, "no bar is labelled: no row has a value of %s", p->label);
    free(yl);
}

/* empty_line: where a group of bars of figure fg has a slot with no bar (no measured row of that
 * series there: sgemm's --quick has no variant of SA=0 with SB=0), the title's line saying so ("no
 * bar at SA=0 with SB=0: no measured row there"; a new string), else NULL: an empty slot read as a
 * bar too short to see, or as a drawing fault. */
static char *empty_line(const struct plotdata *d, int fg)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, n = 0;
    if (ns < 2) return NULL;
    struct sbuf b = {0};
    for (int pn = 0; pn < np; pn++)
        for (int x = 0; x < d->d[D_X].vals.n; x++) {
            int some = 0;
            for (int s = 0; s < ns && !some; s++) some = plotdata_cell(d, fg, pn, s, x, 0)->nrows > 0;
            if (!some) continue;   /* no group drawn there: no slot */
            for (int s = 0; s < ns; s++) {
                if (plotdata_cell(d, fg, pn, s, x, 0)->nrows) continue;
                if (++n > 3) continue;
                char *xt = gp_dim_title(d, D_X, x), *st = gp_dim_title(d, D_SERIES, s);
                char *pt = np > 1 ? gp_dim_title(d, D_PANEL, pn) : xstrdup("");
                sb_printf(&b, "%s%s with %s%s%s", b.len ? ", " : "", xt, st, *pt ? " at " : "", pt);
                free(xt);
                free(st);
                free(pt);
            }
        }
    if (!n) return NULL;
    char *line = n > 3 ? xasprintf("no bar at %d places (%s, ...): no measured row there", n, b.s)
                       : xasprintf("no bar at %s: no measured row there", b.s);
    sb_free(&b);
    return line;
}

/* untuned_line: where the run's tuning pass ran out of its seconds before variants the figure shows (a
 * bar, series or panel named as one), the title's line naming them (a new string), else NULL: tuned and
 * untuned bars side by side read as each at its best. */
static char *untuned_line(const struct rundir *r, const struct plotdata *d)
{
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(runjson_part(&r->rj, RJ_TUNE), "unreached"), *name;
    struct sbuf b = {0};
    cJSON_ArrayForEach(name, u) {
        if (!cJSON_IsString(name)) continue;
        int shown = 0;
        for (int dim = 0; dim < D_N && !shown; dim++)
            for (int k = 0; k < d->d[dim].vals.n && !shown; k++) shown = !strcmp(d->d[dim].vals.v[k], name->valuestring);
        if (shown) sb_printf(&b, "%s%s", b.len ? ", " : "", name->valuestring);
    }
    if (!b.s) return NULL;
    char *line = xasprintf("untuned (the tuning pass ran out of its seconds before them): %s", b.s);
    sb_free(&b);
    return line;
}

int plot_draw(const struct rundir *r, const struct spec_plot *p, const char *dir, struct plot_result *out)
{
    memset(out, 0, sizeof *out);
    enum plot_kind kind = p->kind_id;
    const struct plot_kind_info *ki = plot_kind_info(kind);
    int heat = kind == PLOT_HEATMAP, ratio = kind == PLOT_OPTNOOPT, roof = kind == PLOT_ROOFLINE;
    int bars = ratio || kind == PLOT_BARS;
    /* Defaults by kind (plotkinds.c says why each). */
    const char *x = p->x ? p->x : ki->default_x;
    const char *series = ki->own_series ? ki->default_series : p->series ? p->series : ki->default_series;
    struct spec_plot q = *p;
    if (ki->fixed_metric) { q.metric = (char *)ki->fixed_metric; q.agg = (char *)ki->fixed_agg; }
    struct plotdata d;
    char *err = NULL;
    int made = plotdata_make(r, &q, x, series, &d, &err);
    if (made) {
        plotdata_free(&d);
        if (made > 0) out->not_drawn = xstrdup(err);
        else out->error = xasprintf("plot %s: %s", p->name, err);
        free(err);
        return made > 0 ? 1 : -1;
    }
    if (d.note) out->note = xstrdup(d.note);
    char *sub = rundir_title(r);
    if (rundir_quick(r)) {
        /* On the picture, not only in report.md: a chart pasted into a lab report kept no word that its
         * sizes and trials were --quick's. */
        char *q = quick_run_said(0, 1), *both = xasprintf("%s\n%s", sub, q);
        free(q);
        free(sub);
        sub = both;
    }
    int rc = 0, no_gp = plot_gnuplot_missing() != NULL;
    /* Without gnuplot every figure still gets its data and script (gnuplot NAME.gp draws it later). */
    for (int fg = 0; fg < d.d[D_FIG].vals.n && (rc == 0 || no_gp); fg++) {
        struct fig f = {0};
        char *ft = d.d[D_FIG].cols.n ? gp_dim_title(&d, D_FIG, fg) : xstrdup("");
        /* One panel or one series (a --quick sweep with one value): its label joins the figure's
         * title; a series as the only one, which a title promising "a line per grid" over one line
         * with no key left unsaid (occupancy_static's quick run, its one grid). */
        for (int k = 0; k < 2; k++) {
            int dim = k ? D_SERIES : D_PANEL;
            if (!d.d[dim].cols.n || d.d[dim].vals.n != 1) continue;
            char *pt0 = gp_dim_title(&d, dim, 0);
            char *pt = k && *pt0 ? xasprintf("only %s %s", pt0, kind == PLOT_LINES ? "(the one line)" : "(the one series)")
                                 : xstrdup(pt0);
            free(pt0);
            char *both = !*pt ? xstrdup(ft) : *ft ? xasprintf("%s, %s", ft, pt) : xstrdup(pt);
            free(ft);
            free(pt);
            ft = both;
        }
        char *base = p->title ? xstrdup(p->title) : plot_untitled_caption(&q, &d, x);
        char *caption = *ft ? xasprintf("%s, %s", base, ft) : xstrdup(base);
        free(base);
        /* What the points stand for, where they combine rows, on the picture itself: report.md's
         * note is not beside a figure someone copied out. */
        char *combined = plot_combined_line(r, &q, &d, fg, heat ? "cell" : bars ? "bar" : "point");
        plot_cache_line_add(r, &q, &d, fg, &combined);   /* GB/s of the cache, said where they are drawn */
        /* Bars of different work (a no-opt build given fewer loop trips): said on the picture and in
         * report.md, whose ratios are then per unit of work. */
        char *work = ratio ? work_line(r, &q, &d, fg) : NULL;
        if (work) {
            if (!out->note || !strstr(out->note, work)) gp_note_add(&out->note, "%s", work);
            char *both = combined ? xasprintf("%s\n%s", combined, work) : xstrdup(work);
            free(combined);
            combined = both;
        }
        free(work);
        /* A peak far above every point of a linear axis is said in the title, its line left out:
         * stretched to it, the axis flattened the points (gp_peak_above). A logarithmic axis holds
         * both. */
        struct spec_plot qf = q;
        char *above = NULL;
        if (!heat && !roof && !q.ylog && !(ratio && !q.ylog_set)) {
            const char *what = NULL;
            double pk = gp_peak_value(r, &q, &what);
            if ((above = gp_peak_above(&d, fg, pk, what, d.unit, bars ? "bar" : "point"))) qf.peak = NULL;
        }
        /* A peak the device has none of: said where the line would be, as one far above is. */
        if (!above && !heat && !roof) above = gp_peak_unknown(r, &q);
        const char *errs = bars && has_errors(&d, fg) ? error_line(&q) : NULL;
        char *untuned = untuned_line(r, &d), *build = plot_build_line(r, &q, &d, fg), *empty = bars ? empty_line(&d, fg) : NULL;
        char *title = xasprintf("%s\n%s%s%s%s%s%s%s%s%s%s%s%s%s", caption, combined ? combined : "", combined ? "\n" : "", sub,
                                build ? "\n" : "", build ? build : "", above ? "\n" : "", above ? above : "",
                                untuned ? "\n" : "", untuned ? untuned : "", empty ? "\n" : "", empty ? empty : "",
                                errs ? "\n" : "", errs ? errs : "");
        free(empty);
        free(build);
        free(combined);
        free(above);
        free(untuned);
        char *stem;
        if (d.d[D_FIG].cols.n) {
            char *slug = slugify(d.d[D_FIG].vals.v[fg]);
            stem = xasprintf("%s-%s", p->name, slug);
            free(slug);
        } else {
            stem = xstrdup(p->name);
        }
        if (heat) plot_draw_heatmap(p, &d, fg, &f, title);
        else if (bars) draw_bars(r, &qf, &d, fg, &f, title, ratio, &out->note);
        else if (roof) draw_roofline(r, &qf, &d, fg, &f, title, &out->note);
        else if (kind == PLOT_SCATTER) {
            const char *what = NULL;
            double pk = gp_peak_value(r, &qf, &what);
            plot_draw_scatter(&qf, &d, fg, &f, title, pk, what);
        }
        else draw_lines(r, &qf, &d, fg, &f, title, &out->note);
        if (gp_finish(&f, dir, stem, caption, &err)) {
            free(out->error);
            out->error = xasprintf("plot %s: %s", p->name, err);
            free(err);
            rc = -1;
        } else {
            sl_push(&out->figures, stem);
            sl_push(&out->captions, caption);
        }
        sb_free(&f.data);
        sb_free(&f.body);
        free(stem); free(title); free(caption); free(ft);
    }
    free(sub);
    plotdata_free(&d);
    return rc;
}

void plot_result_free(struct plot_result *o)
{
    sl_free(&o->figures);
    sl_free(&o->captions);
    free(o->note);
    free(o->not_drawn);
    free(o->error);
    memset(o, 0, sizeof *o);
}
