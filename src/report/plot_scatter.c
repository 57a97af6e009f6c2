/* plot_scatter.c — the scatter kind: every measured row a point, metric against x (both numbers),
 * one colour per series; what shows a trade-off between two measures of one row, such as the
 * energy per launch against the time per launch. */
#include "plot_impl.h"
#include "store/columns.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void plot_draw_scatter(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title)
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
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        sb_printf(&f->body, "plot ");
        int drawn = 0;
        for (int s = 0; s < ns; s++) {
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
        sb_printf(&f->body, "\n");
    }
    free(yl);
    free(xl);
}
