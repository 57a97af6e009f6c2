/* plot_roofline.c — the roofline kind: each row's GFLOP/s against its arithmetic intensity, under
 * the device's compute and bandwidth roofs. */
#include "plot_impl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ONE_INTENSITY: points whose intensities lie within this ratio are one column (vecsum's kernels all
 * do one flop per 12 bytes). */
#define ONE_INTENSITY 1.02

/* SAME_WORK: the spec's intensity stands for the row's where the two rates' ratio is within this of
 * it: six digits of each rate keep it to about 1e-5; a spec edited since the run is not the run's. */
#define SAME_WORK 1e-4

/* cell_point: the point of cell c: its row's GFLOP/s (*g) and intensity (*ai): the spec's flops over
 * its bytes at the row's values where p has them (exact: 1/12, not 0.083333251 from two rounded
 * rates) and they agree with the rates' ratio, else that ratio. 0 where the row lacks either rate. */
static int cell_point(const struct rundir *r, const struct spec_plot *p, const struct pcell *c, double *ai, double *g)
{
    *g = c->row >= 0 ? table_num(&r->t, c->row, r->c_gflops) : NAN;
    double b = c->row >= 0 ? table_num(&r->t, c->row, r->c_gbs) : NAN;
    if (!(*g > 0) || !(b > 0)) return 0;
    *ai = *g / b;
    double f = p->work_flops ? rundir_value(r, p->work_flops, c->row, NULL) : NAN;
    double y = p->work_bytes ? rundir_value(r, p->work_bytes, c->row, NULL) : NAN;
    if (f > 0 && y > 0 && fabs(f / y / *ai - 1) < SAME_WORK) *ai = f / y;
    return 1;
}

/* one_roof: the roof at intensity ai: the FP32 peak or the bandwidth times ai, the lower (NAN: none). */
static double one_roof(const struct rundir *r, double ai)
{
    double P = r->fp32_gflops, B = r->mem_gbs;
    if (P > 0 && B > 0) return fmin(P, B * ai);
    return P > 0 ? P : B > 0 ? B * ai : NAN;
}

/* NO_MEM_ROOF: said in the key where no bandwidth is known: the FP32 line alone is no roof for the
 * points (vecsum at 0.0833 FLOP/byte under PoCL's 236.8 GFLOP/s would need 2.8 TB/s). */
#define NO_MEM_ROOF "no memory roof known: set CLX_PEAK_GBS or run clx run peaks"

static char *one_roof_title(const struct rundir *r, double ai)
{
    double P = r->fp32_gflops, B = r->mem_gbs, roof = one_roof(r, ai);
    if (isnan(roof)) return xstrdup("no roof known");
    if (!(B > 0)) return xasprintf("the FP32 peak, %.4g GFLOP/s: a compute ceiling only, not the roof at %.3g FLOP/byte",
                                   P, ai);
    return xasprintf("the roof at %.3g FLOP/byte: %.4g GFLOP/s (%s)", ai, roof,
                     B > 0 && B * ai < (P > 0 ? P : INFINITY) ? "the bandwidth peak times the intensity" : "the FP32 peak");
}

/* one_intensity: the x axis of a roofline whose points share intensity ai: a tick per series. */
static void one_intensity(const struct rundir *r, const struct plotdata *d, struct fig *f, double ai, char **note)
{
    char at[32];
    snprintf(at, sizeof at, "%.3g", ai);
    gp_note_add(note, r->mem_gbs > 0 ? "every point has one arithmetic intensity, %s FLOP/byte: the series stand side by "
                                       "side under the roof at it, in place of an axis of intensity"
                                     : "every point has one arithmetic intensity, %s FLOP/byte: the series stand side by "
                                       "side, in place of an axis of intensity", at);
    sb_printf(&f->body, "set xlabel \"every kernel at %s FLOP/byte\"\nset xtics (", at);
    for (int s = 0; s < d->d[D_SERIES].vals.n; s++) {
        char *t = gp_dim_title(d, D_SERIES, s);
        sb_printf(&f->body, "%s", s ? ", " : "");
        gp_str(&f->body, *t ? t : "kernels");
        sb_printf(&f->body, " %d", s + 1);
        free(t);
    }
    sb_printf(&f->body, ") rotate by -25\n");
}

void draw_roofline(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                   const char *title, char **note)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, nx = d->d[D_X].vals.n;
    double P = r->fp32_gflops, B = r->mem_gbs, lo_x = INFINITY, hi_x = 0, lo_y = INFINITY, hi_y = 0, ai, g;
    if (!(B > 0) && P > 0)
        gp_note_add(note, "%s", "the memory bandwidth peak is not known for this device: the FP32 peak is drawn as a compute "
                                "ceiling only, not as the roof over the points (" NO_MEM_ROOF ")");
    else if (!(B > 0)) gp_note_add(note, "%s", "the memory bandwidth peak is not known for this device: no bandwidth roof (" NO_MEM_ROOF ")");
    if (!(P > 0)) gp_note_add(note, "%s", "the FP32 peak is not known for this device: no compute roof");
    for (int pn = 0; pn < np; pn++)
        for (int s = 0; s < ns; s++)
            for (int x = 0; x < nx; x++)
                if (cell_point(r, p, plotdata_cell(d, fg, pn, s, x, 0), &ai, &g)) {
                    lo_x = fmin(lo_x, ai); hi_x = fmax(hi_x, ai); lo_y = fmin(lo_y, g); hi_y = fmax(hi_y, g);
                }
    int one = hi_x > 0 && hi_x <= lo_x * ONE_INTENSITY && ns > 1;
    /* The title says it too: a figure copied out of report.md keeps it. */
    char *t_roof = B > 0 ? xstrdup(title) : xasprintf("%s\n%s", title, NO_MEM_ROOF);
    gp_layout(f, np, 680, 480, t_roof);
    free(t_roof);
    if (one) {
        /* One intensity: the x axis would say nothing, and points of one speed hid one another (vecsum's
         * naive under float4). The series side by side instead, under the one roof there is. */
        one_intensity(r, d, f, lo_x, note);
        sb_printf(&f->body, "set logscale y\nset ylabel \"throughput (GFLOP/s)\"\nset grid\n"
                            "set key inside bottom right Left reverse samplen 2 box opaque\n");
        sb_printf(&f->body, "set xrange [0.5:%.1f]\nset yrange [%.6g:%.6g]\n", ns + 0.5, lo_y / 4,
                  fmax(hi_y, one_roof(r, lo_x)) * 2);
    } else {
        sb_printf(&f->body, "set logscale xy\nset xlabel \"arithmetic intensity (FLOP/byte)\"\nset ylabel \"throughput (GFLOP/s)\"\n");
        /* A legend of many series covers the points inside the plot: outside, beside it. */
        sb_printf(&f->body, "set grid\nset key %s Left reverse samplen 2 box opaque\nset samples 500\n",
                  ns > 6 ? "outside right top" : "inside bottom right");
    }
    struct sbuf plots = {0};
    for (int pn = 0; pn < np; pn++)
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            int blk = gp_block(f, t), any = 0;
            sb_printf(&f->data, "# FLOP/byte\tGFLOP/s\tlabel\tcut\n");
            for (int x = 0; x < nx; x++) {
                if (!cell_point(r, p, plotdata_cell(d, fg, pn, s, x, 0), &ai, &g)) continue;
                /* Points of one x category share their intensity: label only the highest. */
                int top = 1;
                for (int o = 0; o < ns && top; o++) {
                    double oai, og;
                    if (!cell_point(r, p, plotdata_cell(d, fg, pn, o, x, 0), &oai, &og)) continue;
                    top = !(og > g) || o == s ? top : 0;
                    if (og == g && o < s) top = 0;
                }
                /* Side by side, each series' labels are its own. */
                char *xl = d->d[D_X].cols.n && (top || one) ? gp_dim_title(d, D_X, x) : xstrdup("");
                sb_printf(&f->data, "%.8g\t%.8g\t%s\t%d\n", ai, g, *xl ? xl : "-", plotdata_cell(d, fg, pn, s, x, 0)->cut);
                free(xl);
                any = 1;
            }
            if (any) {
                /* Kernels of one work share their intensity, and rows of about one speed lie on one
                 * another: each series a size larger than the one drawn over it, so that every
                 * colour shows as a ring around the next (vecsum's three grid-stride float4 kernels);
                 * side by side, one size. */
                char xs[32];
                if (one) snprintf(xs, sizeof xs, "(%d)", s + 1);
                else snprintf(xs, sizeof xs, "1");
                double ps = one ? 1.6 : 1.1 + 0.5 * fmin(ns - 1 - s, 4);
                sb_printf(&plots, ", \"@DATA@.tsv\" index %d using %s:2 with points ps %.2f ", blk, xs, ps);
                gp_series_style(&plots, s, 0);
                if (one) sb_printf(&plots, " notitle");
                else {
                    sb_printf(&plots, " title ");
                    gp_str(&plots, *t ? t : "kernels");
                }
                /* A point a stop cut short: a ring of its size, the smaller points drawn after it
                 * still inside (plot_cut.c). */
                if (plot_cut_in(d, fg, pn)) {
                    char *using = xasprintf("%s:($4 > 0 ? $2 : NaN)", xs);
                    plot_cut_points(&plots, blk, using, colours[s % NCOLOURS], ps);
                    free(using);
                }
                if (nx > 1)
                    sb_printf(&plots, ", \"\" index %d using %s:2:(stringcolumn(3) eq \"-\" ? \"\" : stringcolumn(3)) "
                                      "with labels offset %s center font \",8\" notitle", blk, xs, one ? "5,0" : "0,1.1");
            }
            free(t);
        }
    if (hi_x > 0 && !one) {
        /* Room around the points and the ridge point P/B, where the two roofs meet. */
        if (P > 0 && B > 0) { lo_x = fmin(lo_x, P / B); hi_x = fmax(hi_x, P / B); }
        /* Every roof inside the range: a compute roof alone (no bandwidth peak known) too. */
        if (P > 0) hi_y = fmax(hi_y, P);
        sb_printf(&f->body, "set xrange [%.6g:%.6g]\nset yrange [%.6g:%.6g]\n", lo_x / 4, hi_x * 4, lo_y / 4, hi_y * 2);
    }
    sb_printf(&f->body, "plot ");
    if (one) {
        char *t = one_roof_title(r, lo_x);
        gp_key_fit(f, t);   /* the key is inside the plot */
        /* A compute ceiling alone is dashed: no roof over these points. */
        sb_printf(&f->body, "%.8g with lines lw 2 %slc rgb \"#444444\" title ", one_roof(r, lo_x), B > 0 ? "" : "dt 2 ");
        gp_str(&f->body, t);
        free(t);
    } else if (P > 0 && B > 0) {
        char *t = xasprintf("roofline: %.0f GFLOP/s, %.0f GB/s", P, B);
        sb_printf(&f->body, "(x * %.8g < %.8g ? x * %.8g : %.8g) with lines lw 2 lc rgb \"#444444\" title ", B, P, B, P);
        gp_str(&f->body, t);
        free(t);
    } else if (P > 0) {
        sb_printf(&f->body, "%.8g with lines lw 2 dt 2 lc rgb \"#444444\" title \"FP32 peak: a compute ceiling only\"", P);
    } else if (B > 0) {
        sb_printf(&f->body, "x * %.8g with lines lw 2 lc rgb \"#444444\" title \"bandwidth peak\"", B);
    } else {
        sb_printf(&f->body, "NaN notitle");
    }
    sb_printf(&f->body, "%s\n", plots.s ? plots.s : "");
    sb_free(&plots);
}
