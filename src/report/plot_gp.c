/* plot_gp.c — gnuplot's side of the plots: quoting, data blocks, axes, tics, panel layout, peak
 * lines, and writing a figure (data, script, SVG, PNG) through a gnuplot child process. */
#include "store/columns.h"
#include "lib/expr.h"
#include "plot_impl.h"
#include "lib/diskfull.h"
#include "lib/proc.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GNUPLOT_SECONDS 120

const char *const colours[NCOLOURS] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#994F00"};


void gp_series_style(struct sbuf *b, int s, int lines)
{
    sb_printf(b, "pt %d lc rgb \"%s\"%s", 7 + (s / NCOLOURS) % 5, colours[s % NCOLOURS], lines && s >= NCOLOURS ? " dt 2" : "");
}

void gp_str(struct sbuf *b, const char *s)
{
    sb_putn(b, "\"", 1);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\') sb_putn(b, "\\", 1);
        if (*s == '\n') { sb_putn(b, "\\n", 2); continue; }
        sb_putn(b, s, 1);
    }
    sb_putn(b, "\"", 1);
}

int gp_block(struct fig *f, const char *comment)
{
    if (f->blocks) sb_printf(&f->data, "\n\n");
    sb_printf(&f->data, "# %s\n", comment);
    return f->blocks++;
}

/* gp_axis_label: "throughput (GFLOP/s)"; a label that opens with its unit ("% of sol") as it is, not
 * "% of sol (%)". */
char *gp_axis_label(const char *label, const char *unit)
{
    size_t n = unit ? strlen(unit) : 0;
    if (n && !strncmp(label, unit, n) && label[n] == ' ') return xstrdup(label);
    return unit && *unit ? xasprintf("%s (%s)", label, unit) : xstrdup(label);
}

/* gp_column_label: an axis's label: the spec's, else the column's description ("work-group size
 * (work-items)" for local), else its name. */
char *gp_column_label(const char *given, const char *col)
{
    if (given) return xstrdup(given);
    const struct column_info *ci = column_find(col);
    return xstrdup(ci ? ci->label : col);
}

/* gp_dim_title: the label of category i of dimension k: variants and builds by their name
 * ("naive", "-cl-opt-disable"), other columns with theirs ("ILP=4", "N=200M", "local=32x1"),
 * several columns joined ("ILP=4 VEC=2"), a series' value as the plot's series_said says it; "" for
 * none. */
char *gp_dim_title(const struct plotdata *d, int k, int i)
{
    const struct cats *c = &d->d[k];
    /* The series of rows set apart is named by its title alone ("sol>100: ..."), not "bound=...". */
    if (k == D_SERIES && i == d->apart) return xstrdup(c->vals.v[i]);
    if (c->cols.n == 0) return xstrdup("");
    struct strlist parts = {0};
    struct sbuf b = {0};
    if (c->cols.n == 1) sl_push(&parts, c->vals.v[i]);
    else {
        /* "ILP=4, VEC=2" (plotdata.c's key of several columns): the values after each '='. */
        for (const char *v = c->vals.v[i], *next; v; v = next) {
            next = strstr(v, ", ");
            sl_push_own(&parts, next ? xasprintf("%.*s", (int)(next - v), v) : xstrdup(v));
            if (next) next += 2;
        }
    }
    for (int j = 0; j < c->cols.n && j < parts.n; j++) {
        const char *col = c->cols.v[j], *v = parts.v[j];
        if (c->cols.n > 1 && strchr(v, '=')) v = strchr(v, '=') + 1;
        /* A series value in the chart's words (a CPU's l2: report_sol.c), in its key and title alike. */
        char *l = k == D_SERIES && d->series_said ? xstrdup(d->series_said(v)) : cat_label(v, NULL);
        int bare = !strcmp(col, "variant") || !strcmp(col, "build");
        sb_printf(&b, "%s%s%s%s", j ? " " : "", bare ? "" : col, bare ? "" : "=", l);
        free(l);
    }
    sl_free(&parts);
    return b.s ? b.s : xstrdup("");
}

/* gp_tics: "set xtics (...)" naming categories 0..n-1. */
void gp_tics(struct sbuf *b, const char *axis, const struct cats *c, const char *fmt)
{
    int longest = 0;
    for (int i = 0; i < c->vals.n; i++) longest = (int)strlen(c->vals.v[i]) > longest ? (int)strlen(c->vals.v[i]) : longest;
    sb_printf(b, "set %stics (", axis);
    for (int i = 0; i < c->vals.n; i++) {
        char *l = cat_label(c->vals.v[i], fmt);
        if (i) sb_printf(b, ", ");
        gp_str(b, l);
        sb_printf(b, " %d", i);
        free(l);
    }
    sb_printf(b, ")%s\n", axis[0] == 'x' && (c->vals.n > 8 || longest > 7) ? " rotate by 45 right" : "");
}

char *gp_size_label(double x, int binary)
{
    if (x != floor(x) || fabs(x) < 10000 || fabs(x) >= 1e18) return xasprintf("%g", x);
    /* In the largest unit the size reaches, in three figures at most: 16Mi, 1.5Mi, 10M, 2.1M;
     * never gnuplot's 2.09715e+06. */
    static const char *const bin[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi"}, *const dec[] = {"", "K", "M", "G", "T", "P"};
    double unit = binary ? 1024 : 1000, d = x;
    int k = 0;
    while (k < 5 && fabs(d) >= unit) { d /= unit; k++; }
    return xasprintf("%.3g%s", d, binary ? bin[k] : dec[k]);
}

/* size_tics: "set xtics (...)" at the values v[0..n-1] (every step-th of them), labelled as sizes. */
static void size_tics(struct sbuf *b, const double *v, int n, int step, int binary)
{
    sb_printf(b, "set xtics (");
    for (int i = 0, said = 0; i < n; i += step, said++) {
        char *l = gp_size_label(v[i], binary);
        sb_printf(b, "%s", said ? ", " : "");
        gp_str(b, l);
        sb_printf(b, " %.10g", v[i]);
        free(l);
    }
    sb_printf(b, ")\n");
}

/* A linear axis's tics, at most this many; a logarithmic axis's tics are the data's values, every
 * second or more of them where they are more than this. */
#define MAX_XTICS 8
#define MAX_LOG_XTICS 10

/* end_tic: whether end value v of an axis drawn over lo..hi, with tics every step, wants a tic of its
 * own: it is on none, and stands a third of a step from each one drawn, so that the two labels keep
 * apart. memcopy_ilp's work-group sizes 32..1024 had tics at 128, 256, ... and its first points, at
 * 32, none: read as at 0 or anywhere below 128. */
static int end_tic(double v, double step, double lo, double hi)
{
    double below = floor(v / step) * step, above = below + step;
    if (fabs(v - below) < step * 1e-9 || fabs(above - v) < step * 1e-9) return 0;
    return (below < lo || v - below >= step / 3) && (above > hi || above - v >= step / 3);
}

/* gp_numeric_xtics: a linear axis of whole numbers (work-group sizes 32..1024) gets tics at multiples
 * of their common divisor times a power of two, at most MAX_XTICS of them, and one at its first and
 * last values where those fall between (end_tic), and little room past the ends;
 * a logarithmic one (base 2) gets the data's values. Sizes of 10000 and more are labelled as clx
 * writes them (16Mi, 10M), not in gnuplot's exponents (1.67772e+07), unless plain (xformat = "plain"). */
void gp_numeric_xtics(struct sbuf *b, const struct cats *xs, int logx, int plain)
{
    int n = xs->vals.n;
    double lo = xs->num[0], hi = xs->num[n - 1];
    /* One value (a --quick sweep's one tile): a tic at it, as the axes write it, in a range around
     * it; gnuplot's own ran 63.2..64.8 in fractions of a whole-number parameter. */
    if (hi <= lo) {
        char *t = cat_label(xs->vals.v[0], NULL);
        sb_printf(b, "%sset xtics (", logx && lo > 0 ? "set logscale x 2\n" : "");   /* none over a value <= 0 */
        gp_str(b, t);
        free(t);
        double w = fabs(lo) > 0 ? fabs(lo) * 0.5 : 1;
        if (logx && lo > 0) sb_printf(b, " %.10g)\nset xrange [%.10g:%.10g]\n", lo, lo / 2, lo * 2);
        else sb_printf(b, " %.10g)\nset xrange [%.10g:%.10g]\n", lo, lo - w, lo + w);
        return;
    }
    int sizes = !plain && (fabs(hi) >= 10000 || fabs(lo) >= 10000), binary = 1;
    /* Binary units where every value is a whole number of KiB-like units (1Mi, 1536Ki), decimal
     * ones otherwise (1000003, 10M). */
    for (int i = 0; i < n; i++) binary &= xs->num[i] == floor(xs->num[i]) && fmod(xs->num[i], 1024) == 0;
    if (logx) {
        sb_printf(b, "set logscale x 2\n");
        if (lo <= 0) return;
        if (sizes) size_tics(b, xs->num, n, (n + MAX_LOG_XTICS - 1) / MAX_LOG_XTICS, binary);
        /* Room past the ends, as on a linear axis: gnuplot's own range ends at the last point where
         * that is on a tic (work-group sizes 64..256), which drew the end points on the frame, half
         * of each mark and its error bar hidden, and left a size's tic unlabelled. */
        double pad = pow(hi / lo, 0.03);
        sb_printf(b, "set xrange [%.10g:%.10g]\n", lo / pad, hi * pad);
        return;
    }
    double pad = (hi - lo) * 0.03;
    long g = 0;
    for (int i = 0; i < n; i++) {
        double v = xs->num[i];
        /* Not whole numbers: gnuplot's tics, the same room past the ends. */
        if (v != floor(v) || fabs(v) > 1e15) { sb_printf(b, "set xrange [%.10g:%.10g]\n", lo - pad, hi + pad); return; }
        long a = labs((long)v), c = g;
        while (a) { long t = c % a; c = a; a = t; }
        g = c;
    }
    if (g <= 0 || hi <= lo) return;
    long step = g;
    while ((hi - lo) / (double)step > MAX_XTICS) step *= 2;
    if (sizes) {
        /* Decimal sizes step 1, 2 or 5 times a power of ten (0.5M, 1M), binary ones a power of two. */
        double st = (double)step;
        if (!binary) {
            double p10 = pow(10, floor(log10((hi - lo) / MAX_XTICS)));
            st = p10;
            for (int m = 0; m < 3 && (hi - lo) / st > MAX_XTICS; m++) st = p10 * (double[]){2, 5, 10}[m];
        }
        double at[MAX_XTICS + 4];
        int k = 0;
        if (end_tic(lo, st, lo - pad, hi + pad)) at[k++] = lo;
        for (double v = ceil(lo / st) * st; v <= hi * (1 + 1e-12) && k < MAX_XTICS + 3; v += st) at[k++] = v;
        if (end_tic(hi, st, lo - pad, hi + pad)) at[k++] = hi;
        size_tics(b, at, k, 1, binary);
    } else {
        sb_printf(b, "set xtics %ld\n", step);
        /* The first and last values labelled too where the step passes them by. */
        for (int e = 0; e < 2; e++)
            if (end_tic(e ? hi : lo, (double)step, lo - pad, hi + pad))
                sb_printf(b, "set xtics add (\"%.10g\" %.10g)\n", e ? hi : lo, e ? hi : lo);
    }
    sb_printf(b, "set xrange [%.10g:%.10g]\n", lo - pad, hi + pad);
}

void gp_log_tics(struct sbuf *b, const char *axis, double lo, double hi)
{
    /* Finer steps over a narrow range: 1-1.5-2-3-5-7 within a decade, 1-2-5 over two or less,
     * 1-3 up to three and a half, decades beyond. */
    static const double mant[4][7] = {{1, 1.5, 2, 3, 5, 7, 0}, {1, 2, 5, 0}, {1, 3, 0}, {1, 0}};
    double decades = log10(hi / lo);
    const double *m = mant[decades <= 1 ? 0 : decades <= 2 ? 1 : decades <= 3.5 ? 2 : 3];
    struct sbuf t = {0};
    int n = 0;
    for (double dec = pow(10, floor(log10(lo))); dec <= hi && n < 40; dec *= 10)
        for (int k = 0; k < 7 && m[k] > 0; k++) {
            double v = dec * m[k];
            if (v >= lo * 0.999 && v <= hi * 1.001) { sb_printf(&t, "%s%g", n ? ", " : "", v); n++; }
        }
    /* Fewer than two 1-2-5 steps in range (a narrow range): let gnuplot choose. */
    if (n >= 2) sb_printf(b, "set %stics (%s)\n", axis, t.s);
    sb_free(&t);
}

void gp_layout(struct fig *f, int npanels, int pw, int ph, const char *title)
{
    int cols = npanels <= 3 ? npanels : (int)ceil(sqrt((double)npanels));
    gp_layout_grid(f, (npanels + cols - 1) / cols, cols, pw, ph, title);
}

void gp_layout_grid(struct fig *f, int rows, int cols, int pw, int ph, const char *title_given)
{
    /* A figure of several panels has its title a size larger (13 points, not 12): its lines are broken
     * shorter and its characters taken wider in proportion, or compare's verdicts.png (two panels)
     * had its title's lines cut off at both edges where speedup.png (one) held the same text. */
    int npanels = rows * cols, font = npanels > 1 ? 13 : 12;
    /* Lines too long for the picture are broken: its width follows its longest line, up to WIDEST. */
    char *title = gp_title_wrap(title_given, GP_TITLE_COLS * 12 / font);
    /* Wide enough for the title's longest line (about 8 pixels a character at 12 points). */
    int longest = 0, len = 0, lines = 1;
    for (const char *c = title; ; c++) {
        if (!*c || *c == '\n') { longest = len > longest ? len : longest; len = 0; if (!*c) break; lines++; }
        else len++;
    }
    f->cols = cols;
    f->width = cols * pw + 40;
    if (f->width < longest * 8 * font / 12 + 80) f->width = longest * 8 * font / 12 + 80;
    /* Room for a title's lines past two (what the points combine, a comparison's sides), so that
     * the plot areas keep theirs. */
    f->height = rows * ph + 90 + (lines > 2 ? (lines - 2) * 18 : 0);
    /* A multiplot even for one panel: its title is centred on the picture, not on a plot area
     * the key has pushed aside, and gets its own room; a blank line under it keeps it clear of
     * the keys above the panels. */
    char *t = xasprintf("%s\n", title);
    sb_printf(&f->body, "set multiplot layout %d,%d title ", rows, cols);
    gp_str(&f->body, t);
    sb_printf(&f->body, " font \",%d\"\n", font);
    free(t);
    free(title);
}

void gp_panel_title(struct fig *f, const struct plotdata *d, int panel)
{
    /* A single panel has no title of its own: its label is in the figure's (plot_draw). */
    if (d->d[D_PANEL].cols.n == 0 || d->d[D_PANEL].vals.n == 1) return;
    char *t = gp_dim_title(d, D_PANEL, panel);
    sb_printf(&f->body, "set title ");
    gp_str(&f->body, t);
    sb_printf(&f->body, "\n");
    free(t);
}

/* gp_peak_value: the peak p->peak names, in the metric's units; NAN when it does not apply. */
double gp_peak_value(const struct rundir *r, const struct spec_plot *p, const char **what)
{
    double x;
    const char *m = p->metric ? p->metric : "";
    if (!p->peak) return NAN;
    if (parse_number(p->peak, &x) == 0) { *what = p->peak_title ? p->peak_title : "peak"; return x; }
    int fp = !strcmp(p->peak, "fp32");
    *what = fp ? "FP32 peak" : "bandwidth peak";
    double pk = fp ? r->fp32_gflops : r->mem_gbs;
    if (!(pk > 0)) return NAN;
    if (!strcmp(m, fp ? "gflops" : "gbs")) return pk;
    if (!strcmp(m, fp ? "pct_fp32_peak" : "pct_bw_peak")) return 100;
    return NAN;
}

/* gp_peak_plot: "[, ]VALUE with lines ... title 'FP32 peak 66908 GFLOP/s'" when the peak applies. */
void gp_peak_plot(struct sbuf *b, double pk, const char *what, const char *unit, int first)
{
    if (isnan(pk)) return;
    sb_printf(b, "%s%.10g with lines dt 2 lw 1.5 lc rgb \"#444444\" ", first ? "" : ", ", pk);
    if (!what) { sb_printf(b, "notitle"); return; }
    char *t = xasprintf("%s %.6g %s", what, pk, unit ? unit : "");
    sb_printf(b, "title ");
    gp_str(b, t);
    free(t);
}

/* A peak more than this many times a figure's highest point is left out of a linear axis: stretched
 * to it, volkov_fma's ILP 1, 4 and 8 on a CPU (4-35 GFLOP/s under a 553 GFLOP/s FP32 peak) lay flat
 * on the floor and looked the same, and the 4-8x they differ by was the experiment's answer. A
 * quarter keeps a GPU's lines, whose best points reach most of the peak, as they were. */
#define PEAK_FAR 4

char *gp_peak_above(const struct plotdata *d, int fg, double pk, const char *what, const char *unit, const char *noun)
{
    if (!(pk > 0)) return NULL;
    double hi = -INFINITY;
    int ny = d->d[D_Y].vals.n > 0 ? d->d[D_Y].vals.n : 1;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++)
                for (int y = 0; y < ny; y++) {
                    const struct pcell *c = plotdata_cell(d, fg, pn, s, x, y);
                    if (!c->nrows || !isfinite(c->value)) continue;
                    hi = fmax(hi, c->value);
                }
    if (!(hi > 0) || hi * PEAK_FAR >= pk) return NULL;
    /* To a tenth of a percent, as report.md's tables show a share (volkov_fma's 2.4% was "2%" here and
     * 2.5% "3%": the words misstated the figure beside them); two places below a tenth. */
    double pct = 100 * hi / pk;
    return xasprintf("the %s (%.6g%s%s) lies above the plot: its highest %s is %.*f%% of it", what ? what : "peak", pk,
                     unit && *unit && strcmp(unit, "%") ? " " : "", unit ? unit : "", noun, pct < 0.1 ? 2 : 1, pct);
}

char *gp_peak_unknown(const struct rundir *r, const struct spec_plot *p)
{
    if (!p->peak || parse_number(p->peak, &(double){0}) == 0) return NULL;
    int fp = !strcmp(p->peak, "fp32");
    if ((fp ? r->fp32_gflops : r->mem_gbs) > 0) return NULL;
    return xasprintf("no %s is known for this device: none drawn", fp ? "FP32 peak" : "bandwidth peak");
}

void gp_note_add(char **note, const char *fmt, const char *arg)
{
    char *n = xasprintf(fmt, arg);
    char *all = *note ? xasprintf("%s; %s", *note, n) : xstrdup(n);
    free(*note);
    free(n);
    *note = all;
}


/* put_body: the body with @DATA@ replaced by the data file's stem. */
static void put_body(struct sbuf *gp, const char *body, const char *stem)
{
    for (const char *b = body; *b;) {
        const char *at = strstr(b, "@DATA@");
        if (!at) { sb_printf(gp, "%s", b); break; }
        sb_putn(gp, b, (size_t)(at - b));
        sb_printf(gp, "%s", stem);
        b = at + 6;
    }
}

/* whole: whether the picture at path was written to its end: a PNG ends with its IEND chunk, an SVG
 * with its closing tag. gnuplot on a full disk exits 0 with a picture cut short, or empty, which a
 * report must neither show nor leave behind. */
static int whole(const char *path, int png)
{
    static const char iend[] = "IEND\xae\x42\x60\x82";
    char tail[64];
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    size_t n = 0;
    if (fseek(f, -(long)sizeof tail, SEEK_END) != 0) rewind(f);   /* a file shorter than tail */
    n = fread(tail, 1, sizeof tail, f);
    fclose(f);
    if (png) return n >= 8 && !memcmp(tail + n - 8, iend, 8);
    while (n > 0 && isspace((unsigned char)tail[n - 1])) n--;
    return n >= 6 && !memcmp(tail + n - 6, "</svg>", 6);
}

/* gp_finish: writes stem.tsv and stem.gp into dir and runs gnuplot there. 0, or -1, *err and *full. */
int gp_finish(struct fig *f, const char *dir, const char *stem, const char *comment, char **err, int *full)
{
    int room = 0;
    struct sbuf gp = {0};
    sb_printf(&gp, "# %s\n# Drawn by clx from %s.tsv (beside this file); run 'gnuplot %s.gp' here to draw it again.\n",
              comment, stem, stem);
    sb_printf(&gp, "set datafile separator \"\\t\"\nset termoption noenhanced\n");
    sb_printf(&gp, "set terminal svg size %d,%d dynamic noenhanced font \"Helvetica,12\" background rgb \"white\"\n",
              f->width, f->height);
    sb_printf(&gp, "set output \"%s.svg\"\n", stem);
    put_body(&gp, f->body.s ? f->body.s : "", stem);
    sb_printf(&gp, "unset multiplot\nunset output\nreset\nset datafile separator \"\\t\"\n");
    sb_printf(&gp, "set terminal pngcairo size %d,%d noenhanced font \"sans,10\" background rgb \"white\"\n", f->width, f->height);
    sb_printf(&gp, "set output \"%s.png\"\n", stem);
    put_body(&gp, f->body.s ? f->body.s : "", stem);
    sb_printf(&gp, "unset multiplot\nunset output\n");
    char *tsv = xasprintf("%s/%s.tsv", dir, stem), *script = xasprintf("%s/%s.gp", dir, stem);
    char *svg = xasprintf("%s/%s.svg", dir, stem), *png = xasprintf("%s/%s.png", dir, stem);
    int rc = -1;
    const char *unwritten = write_file_atomic(tsv, f->data.s ? f->data.s : "", f->data.len) ? tsv
                            : write_file_atomic(script, gp.s, gp.len) ? script : NULL;
    if (unwritten) {
        int e = errno;
        *err = xasprintf("cannot write %s: %s", unwritten, strerror(e));
        room = disk_full(e) ? e : 0;
        goto out;
    }
    remove(svg);
    remove(png);
    char *name = xasprintf("%s.gp", stem);
    char *argv[] = { "gnuplot", name, NULL };
    struct proc_result pr;
    int ran = 0;
    if (proc_run(argv, dir, GNUPLOT_SECONDS, &pr)) *err = xasprintf("cannot run gnuplot: %s", pr.err);
    else if (pr.status == 127 && strstr(pr.err, "cannot run"))
        *err = xstrdup(plot_gnuplot_missing() ? plot_gnuplot_missing() : "gnuplot could not be started");
    else ran = 1;
    if (ran) {
        int cut = !whole(svg, 0) || !whole(png, 1);
        /* gnuplot on a disk or a quota with no room says nothing of it (it exits 0 with a picture
         * cut short, or fails on its output): a probe of the folder tells that want of room
         * (diskfull.h), said as a full disk's, once with the report's other files, and not as
         * gnuplot's own failure. Asked before its pictures are removed, which gives room back. */
        if (pr.timed_out || pr.status != 0 || cut) room = disk_room(dir);
        if (pr.timed_out) *err = xasprintf("gnuplot did not finish %s in %d s", script, GNUPLOT_SECONDS);
        else if (pr.status != 0 && *str_trim(pr.err))
            *err = xasprintf("gnuplot failed on %s (exit %d): %s", script, pr.status, pr.err);
        else if (pr.status != 0)
            /* A gnuplot that says nothing (a wrapper, a broken install) leaves only its exit: the way
             * to see what it would say is to run the script by hand where its data is. */
            *err = xasprintf("gnuplot failed on %s (exit %d) without a message: run 'gnuplot %s' in that file's folder",
                             script, pr.status, name);
        else if (cut)
            *err = xasprintf("gnuplot could not write %s.svg and %s.png whole%s%s", stem, stem, room ? ": " : "",
                             room ? strerror(room) : "");
        else rc = 0;
    }
    proc_result_free(&pr);
    free(name);
    /* A picture that failed is not left, whole or not: report.md says it was not drawn. */
    if (rc) { remove(svg); remove(png); }
out:
    if (full) *full = rc ? room : 0;
    free(tsv); free(script); free(svg); free(png);
    sb_free(&gp);
    return rc;
}


const char *plot_gnuplot_missing(void)
{
    return proc_on_path("gnuplot") ? NULL : "gnuplot is not installed (Debian: gnuplot-nox; tools/install-deps.sh in clx's source tree installs it)";
}
