/* plot_heatmap.c — the heat map kind: metric over x (columns) and y (rows), one colour scale for all
 * of the plot's figures: diverging around the reference for a ratio or a deviation from one (or
 * the spec's center), sequential from the data's low to high for an absolute value, whose better
 * end the colour bar names. */
#include "plot_impl.h"
#include "store/columns.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blue below the centre, white at it, red above (ColorBrewer's RdBu). */
#define DIVERGING_PALETTE "(0 \"#2166ac\", 0.25 \"#92c5de\", 0.5 \"#f7f7f7\", 0.75 \"#f4a582\", 1 \"#b2182b\")"
/* Pale to deep (ColorBrewer's YlGnBu, its darkest steps left out so that a cell's black label stays
 * readable), and the same reversed: the deep end is the better one. */
#define SEQUENTIAL_PALETTE "(0 \"#ffffcc\", 0.25 \"#c7e9b4\", 0.5 \"#7fcdbb\", 0.75 \"#41b6c4\", 1 \"#2c7fb8\")"
#define SEQUENTIAL_REVERSED "(0 \"#2c7fb8\", 0.25 \"#41b6c4\", 0.5 \"#7fcdbb\", 0.75 \"#c7e9b4\", 1 \"#ffffcc\")"
/* A sequential scale whose values span more than this factor (all positive) is logarithmic: times
 * over sizes a thousand apart would otherwise leave every small one the same pale colour. */
#define SEQUENTIAL_LOG_SPAN 10

/* The colour scale of a heat map: where it runs and how. */
struct heat_scale {
    int diverging;               /* around center; else sequential from lo to hi */
    int logcb;                   /* logarithmic */
    double center, lo, hi;       /* the colour bar's ends, lo..hi, center between them when diverging */
};

/* heat_scale: plot p's scale over every cell of d (all figures: one scale, so that figures compare:
 * one kernel's noise must not look as deep as another's real effect). A spec's center makes it
 * diverging; else the metric's column says whether its values are relative to a reference
 * (columns.h: a ratio is centred on 1, a deviation on 0); an absolute value or an expression is
 * sequential. Ratios are logarithmic when every value is positive, so that 0.5 and 2 lie equally
 * far from 1. */
static void heat_scale(const struct spec_plot *p, const struct plotdata *d, size_t ncells, struct heat_scale *s)
{
    const struct column_info *ci = column_find(p->metric);
    enum column_ref ref = ci ? ci->ref : REF_NONE;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < ncells; k++)
        if (d->cells[k].nrows) { lo = fmin(lo, d->cells[k].value); hi = fmax(hi, d->cells[k].value); }
    memset(s, 0, sizeof *s);
    s->diverging = p->has_center || ref != REF_NONE;
    if (!s->diverging) {
        s->logcb = lo > 0 && hi > SEQUENTIAL_LOG_SPAN * lo;
        /* One value everywhere still needs a bar with two ends. */
        if (!(hi > lo)) { double pad = lo != 0 ? fabs(lo) * 0.05 : 0.5; lo -= pad; hi += pad; }
        s->lo = lo;
        s->hi = hi;
        return;
    }
    s->center = p->has_center ? p->center : ref == REF_RATIO ? 1 : 0;
    s->logcb = s->center == 1 && lo > 0;
    double span = s->logcb ? fmax(fabs(log(lo)), fabs(log(hi))) : fmax(fabs(lo - s->center), fabs(hi - s->center));
    if (!(span > 0)) span = s->logcb ? log(1.1) : 0.1;
    s->lo = s->logcb ? s->center * exp(-span) : s->center - span;
    s->hi = s->logcb ? s->center * exp(span) : s->center + span;
}

/* colour_bar: the palette, the bar's range and its label: a sequential bar's deep end is the better
 * one (the metric's better direction: the spec's better, else its column's), and its label says so. */
static void colour_bar(struct sbuf *b, const struct heat_scale *s, const struct plotdata *d)
{
    char *cl = gp_axis_label(d->label, d->unit);
    if (!s->diverging && d->better) {
        char *with = xasprintf("%s, %s (deeper) is better", cl, d->better < 0 ? "lower" : "higher");
        free(cl);
        cl = with;
    }
    sb_printf(b, "set cblabel ");
    gp_str(b, cl);
    free(cl);
    /* Room right of the colour bar for its label, which gnuplot's automatic margin leaves outside
     * the picture. */
    sb_printf(b, "\nset rmargin 11");
    sb_printf(b, "\nset palette defined %s\n", s->diverging ? DIVERGING_PALETTE
                                               : d->better < 0 ? SEQUENTIAL_REVERSED : SEQUENTIAL_PALETTE);
    if (s->logcb) sb_printf(b, "set logscale cb\n");
    sb_printf(b, "set cbrange [%.8g:%.8g]\n", s->lo, s->hi);
    if (s->logcb) gp_log_tics(b, "cb", s->lo, s->hi);
}

void plot_draw_heatmap(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title)
{
    const struct cats *xs = &d->d[D_X], *ys = &d->d[D_Y];
    int np = d->d[D_PANEL].vals.n;
    size_t ncells = (size_t)d->d[D_FIG].vals.n * (size_t)np * (size_t)xs->vals.n * (size_t)ys->vals.n;
    struct heat_scale s;
    heat_scale(p, d, ncells, &s);
    int cells = xs->vals.n * ys->vals.n;
    int pw = xs->vals.n * 42 + 190, ph = ys->vals.n * 26 + 150;
    /* No key here: what a cell's dashed frame means is said in the title (plot_cut.c). */
    int cut = plot_cut_in(d, fg, -1);
    char *titled = cut ? xasprintf("%s\n%s", title, PLOT_CUT_FRAME) : xstrdup(title);
    gp_layout(f, np, pw < 480 ? 480 : pw, ph < 360 ? 360 : ph, titled);
    free(titled);
    char *xl = gp_column_label(p->xlabel, p->x), *yl = p->ylabel ? xstrdup(p->ylabel) : gp_column_label(NULL, p->y);
    sb_printf(&f->body, "set xlabel ");
    gp_str(&f->body, xl);
    sb_printf(&f->body, "\nset ylabel ");
    gp_str(&f->body, yl);
    sb_printf(&f->body, "\n");
    colour_bar(&f->body, &s, d);
    sb_printf(&f->body, "set xrange [-0.5:%d.5]\nset yrange [-0.5:%d.5]\nunset key\nset tics scale 0\n", xs->vals.n - 1, ys->vals.n - 1);
    sb_printf(&f->body, "set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb \"#d9d9d9\" fillstyle solid noborder\n");
    gp_tics(&f->body, "x", xs, p->xformat);
    gp_tics(&f->body, "y", ys, p->yformat);
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        int blk = gp_block(f, "x index, y index, value, label (x and y categories in the .gp file's tics), cut short by a stop");
        for (int y = 0; y < ys->vals.n; y++)
            for (int x = 0; x < xs->vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, 0, x, y);
                if (!c->nrows) continue;
                sb_printf(&f->data, "%d\t%d\t%.8g\t", x, y, c->value);
                /* A ratio or deviation to two decimals, never "-0.00"; an absolute value to three
                 * figures (0.0123 ms, 1.19 ms) or whole (2048 GB/s, never "2.05e+03"). */
                if (s.diverging) sb_printf(&f->data, "%.2f", fabs(c->value) < 0.005 ? 0.0 : c->value);
                else sb_printf(&f->data, fabs(c->value) >= 1000 ? "%.0f" : "%.3g", c->value);
                sb_printf(&f->data, "\t%d\n", c->cut);
            }
        sb_printf(&f->body, "plot \"@DATA@.tsv\" index %d using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder", blk);
        if (cells <= 320) sb_printf(&f->body, ", \"\" index %d using 1:2:4 with labels font \",%d\"", blk, cells > 120 ? 7 : 9);
        /* A cell a stop cut short: framed inside its edges (a frame on them is half hidden by the
         * next cell's colour), black dashes on white, seen on the darkest and the palest colour. */
        if (cut)
            sb_printf(&f->body, ", \"\" index %d using 1:($5 > 0 ? $2 : NaN):(0.44):(0.44) with boxxyerror fs empty lw 4 "
                                "lc rgb \"white\" notitle, \"\" index %d using 1:($5 > 0 ? $2 : NaN):(0.44):(0.44) with "
                                "boxxyerror fs empty lw 2 dt 2 lc rgb \"black\" notitle", blk, blk);
        sb_printf(&f->body, "\n");
    }
    free(xl);
    free(yl);
}
