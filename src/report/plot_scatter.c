/* plot_scatter.c — the scatter kind: every measured row a point, metric against x (both numbers),
 * one colour per series; what shows a trade-off between two measures of one row, such as the
 * energy per launch against the time per launch. */
#include "plot_impl.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* points: the cells of series s in panel pn that have a point to draw. */
static int points(const struct plotdata *d, int fg, int pn, int s)
{
    int n = 0;
    for (int x = 0; x < d->d[D_X].vals.n; x++) {
        const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
        n += c->nrows && isfinite(c->value) && isfinite(strtod(d->d[D_X].vals.v[x], NULL));
    }
    return n;
}

void plot_draw_scatter(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title,
                       double peak, const char *peak_what)
{
    const struct cats *xs = &d->d[D_X];
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n;
    gp_layout(f, np, np > 1 ? 620 : 820, np > 1 ? 470 : 540, title);
    /* The x column's unit too: a scatter's x is a measure (ms), not a category. */
    const struct column_info *xc = column_find(p->x);
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit),
         *xl = p->xlabel || !xc ? gp_column_label(p->xlabel, p->x) : gp_axis_label(xc->label, xc->unit);
    sb_printf(&f->body, "set xlabel ");
    gp_str(&f->body, xl);
    sb_printf(&f->body, "\nset ylabel ");
    gp_str(&f->body, yl);
    sb_printf(&f->body, "\nset grid\nset key outside right top Left reverse samplen 2\n");
    if (p->xlog) sb_printf(&f->body, "set logscale x\n");
    if (p->ylog) sb_printf(&f->body, "set logscale y\n");
    /* A peak line is a level the points are read against: the axis holds it and starts at 0. */
    if (!isnan(peak) && !p->ylog) sb_printf(&f->body, "set yrange [0:%.10g < * ]\n", peak * 1.1);
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        sb_printf(&f->body, "plot ");
        int drawn = 0;
        for (int s = 0; s < ns; s++) {
            /* A series with no point in this panel gets no data block: gnuplot would not count an
             * empty one, and every later block's index would point at the one after it. */
            if (!points(d, fg, pn, s)) continue;
            char *t = gp_dim_title(d, D_SERIES, s);
            int blk = gp_block(f, *t ? t : "points");
            sb_printf(&f->data, "# %s\t%s\n", p->x, p->metric);
            for (int x = 0; x < xs->vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                double xv = strtod(xs->vals.v[x], NULL);
                if (c->nrows && isfinite(c->value) && isfinite(xv)) sb_printf(&f->data, "%.8g\t%.8g\n", xv, c->value);
            }
            sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 1:2 with points pt %d ps 1.1 lc rgb \"%s\" title ",
                      drawn++ ? ", " : "", blk, 7 + (s / NCOLOURS) % 5, colours[s % NCOLOURS]);
            gp_str(&f->body, *t ? t : d->label);
            free(t);
        }
        if (!drawn) sb_printf(&f->body, "NaN notitle");
        if (!isnan(peak)) {
            if (drawn) gp_peak_plot(&f->body, peak, peak_what, d->unit);
            else {
                struct sbuf pk = {0};
                gp_peak_plot(&pk, peak, peak_what, d->unit);
                sb_printf(&f->body, "%s", pk.s ? pk.s : "");
                sb_free(&pk);
            }
        }
        sb_printf(&f->body, "\n");
    }
    free(yl);
    free(xl);
}
