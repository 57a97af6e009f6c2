/* plot_unseen.c — the bars a chart draws that a reader cannot see: too short on a linear axis, or not
 * drawn at all on a logarithmic one (a value at or below 0), named in the title with their values.
 * vecsum's gridstride bar on PoCL, 0.73 GB/s under an axis to 340 (float4's error bar), was one pixel
 * high: read as no bar, and nothing said why. */
#include "plot_impl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* UNSEEN_SHARE: a bar under this share of its linear axis' height is too short to see (a panel's plot
 * area is about 300 pixels high: 3 pixels, as thin as the bar's border and the grid's lines). */
#define UNSEEN_SHARE 0.01
/* UNSEEN_NAMED: the most bars the title names; past them it counts. */
#define UNSEEN_NAMED 3

/* bar_name: bar (pn, s, x) of figure fg as the title names it: its group, its series where there are
 * several, its panel where there are several ("gridstride", "local=64 with fast at TERMS=2"). */
static char *bar_name(const struct plotdata *d, int pn, int s, int x)
{
    char *xt = gp_dim_title(d, D_X, x);
    char *st = d->d[D_SERIES].vals.n > 1 ? gp_dim_title(d, D_SERIES, s) : xstrdup("");
    char *pt = d->d[D_PANEL].vals.n > 1 ? gp_dim_title(d, D_PANEL, pn) : xstrdup("");
    char *name = xasprintf("%s%s%s%s%s", *xt ? xt : "the bar", *st ? " with " : "", st, *pt ? " at " : "", pt);
    free(xt);
    free(st);
    free(pt);
    return name;
}

/* unseen: whether a bar of value v goes unseen on an axis from bottom to top (log: logarithmic). */
static int unseen(double v, int log, double bottom, double top)
{
    if (log) return !(v > 0);
    return isfinite(bottom) && isfinite(top) && top > bottom && fabs(v) < UNSEEN_SHARE * (top - bottom);
}

char *plot_unseen_line(const struct plotdata *d, int fg, const struct span_ask *a, int own_ranges, int *log_helps)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, nx = d->d[D_X].vals.n, n = 0;
    const char *unit = d->unit && *d->unit ? d->unit : "";
    const char *sep = *unit && strcmp(unit, "%") ? " " : "";
    struct sbuf b = {0};
    *log_helps = 1;
    for (int pn = 0; pn < np; pn++) {
        double bottom, top;
        gp_value_ends(d, fg, own_ranges ? pn : -1, a, &bottom, &top);
        for (int s = 0; s < ns; s++)
            for (int x = 0; x < nx; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (!c->nrows || !isfinite(c->value) || !unseen(c->value, a->ylog, bottom, top)) continue;
                *log_helps &= c->value > 0;
                if (++n > UNSEEN_NAMED) continue;
                char *name = bar_name(d, pn, s, x), v[32];
                snprintf(v, sizeof v, fabs(c->value) >= 1000 ? "%.0f" : "%.3g", c->value);
                sb_printf(&b, "%s%s %s%s%s", b.len ? ", " : "", name, v, sep, unit);
                free(name);
            }
    }
    if (!n) {
        *log_helps = 0;
        return NULL;
    }
    char *what = a->ylog ? xstrdup("no bar on this logarithmic axis, which shows no value at or below 0")
                         : xasprintf("too short to see on this axis (under %.0f%% of its height)", 100 * UNSEEN_SHARE);
    char *line = n > UNSEEN_NAMED ? xasprintf("%s, %d bars: %s, ...", what, n, b.s) : xasprintf("%s: %s", what, b.s);
    free(what);
    sb_free(&b);
    return line;
}
