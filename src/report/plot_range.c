/* plot_range.c — the value axis of a figure's panels: one range across them all (unless the spec's
 * own_ranges asks each its own), so that two panels are read against each other by eye. */
#include "plot_impl.h"
#include <math.h>

int gp_panel_span(const struct plotdata *d, int fg, int pn, const struct span_ask *a, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int p = 0; p < d->d[D_PANEL].vals.n; p++) {
        if (pn >= 0 && p != pn) continue;
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, p, s, x, 0);
                if (!c->nrows || !isfinite(c->value) || (a->ylog && !(c->value > 0))) continue;
                /* An error bar's top is drawn, and the label over the bar sits on it; on a log axis
                 * too (vecsum's float4 bar on PoCL had its whisker cut by the frame), and there its
                 * bottom where above 0 (on a linear one the bars stand on 0 whatever it is). */
                int bar = a->errors && isfinite(c->err) && c->err > 0;
                double top = bar ? c->value + c->err : c->value, bottom = bar ? c->value - c->err : c->value;
                *lo = fmin(*lo, a->ylog && bottom > 0 ? bottom : c->value);
                *hi = fmax(*hi, top);
            }
    }
    /* A peak line is a level the points are read against: the range holds it. */
    if (isfinite(a->peak) && (!a->ylog || a->peak > 0)) {
        *lo = fmin(*lo, a->peak);
        *hi = fmax(*hi, a->peak);
    }
    return isfinite(*lo);
}

/* y_range_ends: the ends gp_y_range sets over lo..hi. */
static void y_range_ends(double lo, double hi, const struct span_ask *a, double *bottom, double *top)
{
    /* Labels over the bars kept inside the plot area: the tallest bar's top at most 1 - share of
     * the way up (shortcutting's upright "11639.80x SLOWER" ran into the figure's title). */
    double share = a->labels > 0 ? fmin(a->labels, 0.6) : 0, keep = share / (1 - share);
    if (a->ylog) {
        /* Not stretched to whole decades: room for labels. A single value gets a decade around it. */
        double below = hi > lo ? a->below : fmax(a->below, 2), above = hi > lo ? a->above : fmax(a->above, 2);
        if (share > 0 && hi > 0) above = fmax(above, pow(hi / (lo / below), keep));
        *bottom = lo / below;
        *top = hi * above;
    } else if (lo >= 0) {
        /* Values none below 0 (a rate, a time, a share): from 0, so that heights compare. */
        *bottom = 0;
        *top = hi > 0 ? hi * (1 + fmax(a->room, keep)) : 1;
    } else {
        /* Negative values (a deviation): both ends. */
        double pad = hi > lo ? (hi - lo) * (a->room > 0.06 ? a->room : 0.06) : fabs(lo) * 0.1;
        *bottom = lo - pad;
        *top = hi + pad;
    }
}

void gp_y_range(struct sbuf *b, double lo, double hi, const struct span_ask *a)
{
    double bottom, top;
    y_range_ends(lo, hi, a, &bottom, &top);
    sb_printf(b, "set yrange [%.8g:%.8g]\n", bottom, top);
    if (a->ylog) gp_log_tics(b, "y", bottom, top);   /* 1-2-5 tics: gnuplot's own show only the decades */
    else if (lo < 0) sb_printf(b, "set xzeroaxis\n");   /* a deviation: the line at 0 */
}

int gp_value_ends(const struct plotdata *d, int fg, int pn, const struct span_ask *a, double *bottom, double *top)
{
    double lo, hi;
    *bottom = *top = NAN;
    if (!gp_panel_span(d, fg, pn, a, &lo, &hi)) return 0;
    y_range_ends(lo, hi, a, bottom, top);
    return 1;
}

double gp_value_floor(const struct plotdata *d, int fg, int pn, const struct span_ask *a)
{
    double bottom, top;
    gp_value_ends(d, fg, pn, a, &bottom, &top);
    return bottom;
}

void gp_value_axis(struct sbuf *b, const struct plotdata *d, int fg, int pn, const struct span_ask *a)
{
    double lo, hi;
    if (gp_panel_span(d, fg, pn, a, &lo, &hi)) gp_y_range(b, lo, hi, a);
    else sb_printf(b, "set autoscale y\n");
}

double gp_err_low(const struct pcell *c, double axis_lo, int ylog, int *clipped)
{
    double err = isfinite(c->err) && c->err > 0 ? c->err : 0, low = c->value - err;
    *clipped = err > 0 && (ylog ? !(low > 0) || (isfinite(axis_lo) && low < axis_lo) : isfinite(axis_lo) && low < axis_lo);
    if (!*clipped) return low;
    return isfinite(axis_lo) ? axis_lo : c->value / 100;
}

int gp_err_clips(const struct plotdata *d, int fg, const struct span_ask *a, int own_ranges)
{
    int clips = 0;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n && !clips; pn++) {
        double axis_lo = gp_value_floor(d, fg, own_ranges ? pn : -1, a);
        for (int s = 0; s < d->d[D_SERIES].vals.n && !clips; s++)
            for (int x = 0; x < d->d[D_X].vals.n && !clips; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (c->nrows) gp_err_low(c, axis_lo, a->ylog, &clips);
            }
    }
    return clips;
}
