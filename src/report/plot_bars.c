/* plot_bars.c — the bar charts callers make (clx compare's speed-ups and verdicts, clx history's
 * lines): groups of bars, one per series, and where the caller has verdicts, each bar's verdict in
 * its data and its look: a bar the noise did not decide is grey, so its height reads as no result. */
#include "plot_impl.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* gnuplot conditions on a data block's verdict column (5): decided bars, SAME bars, the rest. */
#define IS_DECIDED "(strcol(5) eq \"FASTER\" || strcol(5) eq \"SLOWER\")"
#define IS_SAME "(strcol(5) eq \"SAME\")"

/* bar_block: series s's bars of groups g0..g1-1 (a panel's) as a data block (x from 0 in the panel,
 * value, label, group; with verdicts also the verdict and the rows decided of the bar's rows); its
 * index. */
static int bar_block(const struct bar_chart *c, int s, int g0, int g1, double bw, struct fig *f)
{
    int ns = c->series.n;
    int blk = gp_block(f, c->series.v[s]);
    /* Lines with verdicts: each point also names the one before it on its line (x0, y0), the
     * segment that leads to it, drawn as the point is (verdict_lines). */
    int seg = c->verdict && c->lines;
    sb_printf(&f->data, "# x\tvalue\tlabel\tgroup%s%s\n", c->verdict ? "\tverdict\tdecided\trows" : "", seg ? "\tx0\ty0" : "");
    double x0 = NAN, y0 = NAN;
    for (int g = g0; g < g1; g++) {
        int k = g * ns + s;
        double v = c->value[k], x = g - g0 + (s - (ns - 1) / 2.0) * bw;
        if (!isfinite(v)) continue;
        char lb[32];
        if (c->counts) snprintf(lb, sizeof lb, "%.0f", v);
        else fmt_ratio(lb, sizeof lb, v);
        sb_printf(&f->data, "%.4f\t%.8g\t%s\t%s", x, v, lb, c->groups.v[g]);
        if (c->verdict) sb_printf(&f->data, "\t%s\t%d\t%d", c->verdict[k], c->decided[k], c->rows[k]);
        if (seg && isfinite(x0)) sb_printf(&f->data, "\t%.4f\t%.8g", x0, y0);
        else if (seg) sb_printf(&f->data, "\t-\t-");      /* a line's first point: no segment */
        sb_printf(&f->data, "\n");
        x0 = x;
        y0 = v;
    }
    return blk;
}

/* label_lines: the most lines a bar's label takes: its value, and its verdict or each count of
 * them on a line of its own ("2 SAME, 1 FASTER, 1 SLOWER": four). */
static int label_lines(const struct bar_chart *c)
{
    int most = 2;
    for (int k = 0; k < c->groups.n * c->series.n; k++) {
        if (!isfinite(c->value[k])) continue;
        int n = 2;
        for (const char *p = c->verdict[k]; (p = strstr(p, ", ")); p += 2) n++;
        if (n > most) most = n;
    }
    return most;
}

/* plot_label_functions: the gnuplot functions that lay a bar's label out: its verdict's counts one a line
 * (clx_said: "1 SLOWER, 1 UNSURE" on one line was wider than its bar and ran into the next bar's
 * label), and blank lines above a label of fewer lines than the chart's most (gnuplot centres a
 * label of several lines on its place: padded to as many lines, each one's last line is just above
 * its bar). Labels are boxed opaque: the reference line at 1, drawn first, passes behind them. */
void plot_label_functions(struct fig *f)
{
    sb_printf(&f->body, "clx_said(s) = strstrt(s, \", \") ? s[:strstrt(s, \", \") - 1] . \"\\n\" . "
                        "clx_said(s[strstrt(s, \", \") + 2:]) : s\n"
                        "clx_lines(s) = strstrt(s, \", \") ? 1 + clx_lines(s[strstrt(s, \", \") + 2:]) : 1\n"
                        "clx_pad(n) = n > 0 ? \"\\n\" . clx_pad(n - 1) : \"\"\n"
                        "set style textbox opaque noborder margins 1, 0\n");
}

/* verdict_bars: series s's clauses where bars have verdicts: decided bars in the series' colour
 * (under its title), SAME ones grey, the rest hatched grey; each labelled with its value and
 * verdict, a count a line (plot_label_functions), lines lines in all. */
static void verdict_bars(const struct bar_chart *c, int s, int blk, int lines, struct fig *f)
{
    const char *col = colours[s % NCOLOURS];
    sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 1:(%s ? $2 : NaN) with boxes lc rgb \"%s\" title ", s ? ", " : "",
              blk, IS_DECIDED, col);
    gp_str(&f->body, c->series.v[s]);
    sb_printf(&f->body, ", \"\" index %d using 1:(%s ? $2 : NaN) with boxes fs solid 1 border lc rgb \"%s\" lc rgb \"%s\" "
                        "notitle", blk, IS_SAME, col, GREY_FILL);
    sb_printf(&f->body, ", \"\" index %d using 1:(%s || %s ? NaN : $2) with boxes fs pattern %d border lc rgb \"%s\" "
                        "lc rgb \"%s\" notitle", blk, IS_DECIDED, IS_SAME, HATCH_PATTERN, col, GREY_HATCH);
    /* A line of the label's font is about 1.75 of the offset's unit: the block's middle half its
     * lines up, and a margin. */
    sb_printf(&f->body, ", \"\" index %d using 1:2:(clx_pad(%d - clx_lines(strcol(5))) . strcol(3) . \"\\n\" . "
                        "clx_said(strcol(5))) with labels boxed offset 0,%.2f font \",8\" notitle", blk, lines - 1,
              0.88 * lines + 0.3);
}

/* Point types of a line's points, filled and hollow in pairs (circle, square, triangles, diamond):
 * a line's shape past the colours, and its points within the noise hollow. */
static const int filled_pt[5] = { 7, 5, 9, 11, 13 }, hollow_pt[5] = { 6, 4, 8, 10, 12 };
#define IS_REF "(strcol(5) eq \"" BAR_REF "\")"

/* verdict_lines: series s's clauses where the points of lines have verdicts (clx history's, against
 * the first run): a decided point (FASTER or SLOWER) filled and the segment to it solid; any other
 * (SAME, UNSURE, or verdicts that differ) hollow and the segment to it dashed, so that a line the noise did not decide
 * is not read as a trend. The line's first point (BAR_REF) is filled. */
static void verdict_lines(const struct bar_chart *c, int s, int blk, struct fig *f)
{
    const char *col = colours[s % NCOLOURS];
    int shape = (s / NCOLOURS) % 5;
    sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 8:9:($1 - $8):(%s ? $2 - $9 : NaN) with vectors nohead lw 2 "
                        "lc rgb \"%s\" notitle", s ? ", " : "", blk, IS_DECIDED, col);
    sb_printf(&f->body, ", \"\" index %d using 8:9:($1 - $8):(%s ? NaN : $2 - $9) with vectors nohead lw 2 dt 2 "
                        "lc rgb \"%s\" notitle", blk, IS_DECIDED, col);
    sb_printf(&f->body, ", \"\" index %d using 1:(%s || %s ? $2 : NaN) with points pt %d ps 1.4 lc rgb \"%s\" notitle",
              blk, IS_DECIDED, IS_REF, filled_pt[shape], col);
    sb_printf(&f->body, ", \"\" index %d using 1:(%s || %s ? NaN : $2) with points lw 2 pt %d ps 1.4 lc rgb \"%s\" notitle",
              blk, IS_DECIDED, IS_REF, hollow_pt[shape], col);
    /* The key's sample: a solid line through a filled point, as the series' decided points look. */
    sb_printf(&f->body, ", NaN with linespoints lw 2 pt %d ps 1.4 lc rgb \"%s\" title ", filled_pt[shape], col);
    gp_str(&f->body, c->series.v[s]);
}

/* undecided_looks: whether some bar or point of c is SAME (*same), or UNSURE or of verdicts that
 * differ (*undecided). */
static void undecided_looks(const struct bar_chart *c, int *same, int *undecided)
{
    *same = *undecided = 0;
    for (int k = 0; k < c->groups.n * c->series.n; k++) {
        if (!isfinite(c->value[k])) continue;
        int decided = !strcmp(c->verdict[k], "FASTER") || !strcmp(c->verdict[k], "SLOWER") ||
                      !strcmp(c->verdict[k], BAR_REF);
        *same |= !strcmp(c->verdict[k], "SAME");
        *undecided |= !decided && strcmp(c->verdict[k], "SAME");
    }
}

/* hollow_line: where some point of c's lines is not decided, the title's line that says what its
 * hollow point and dashed segment mean (a new string), else NULL. In the title, not the key: gnuplot
 * gives every column of a key the width of its longest entry, and this one's 100 characters kept a
 * history's sixteen lines in one column over half the picture. An UNSURE point, or one whose
 * configurations' verdicts differ (1 SLOWER, 1 UNSURE at 0.49x), shows no drift and rules none out:
 * "no change" was said over a halving. SAME alone is within the noise. Under 120 characters: the
 * picture is as wide as its title's longest line. */
static char *hollow_line(const struct bar_chart *c)
{
    int same, undecided;
    if (!c->lines || !c->verdict) return NULL;
    undecided_looks(c, &same, &undecided);
    if (!same && !undecided) return NULL;
    if (!undecided) return xstrdup("hollow points, dashed segments: SAME (within the noise of run 1: no drift)");
    return xasprintf("hollow points, dashed segments: %s (not decided against run 1: height may be noise)",
                     same ? "SAME, UNSURE or verdicts that differ" : "UNSURE or verdicts that differ");
}

/* The key's sample of a hollow point on a dashed segment: short, its meaning in the title (hollow_line). */
#define HOLLOW_KEY "hollow, dashed: not FASTER or SLOWER"

/* verdict_key: what grey and hatched bars (hollow points and dashed segments of lines) mean, in the
 * key, for the looks that some bar or point has. */
static void verdict_key(const struct bar_chart *c, struct fig *f)
{
    int same, undecided;
    undecided_looks(c, &same, &undecided);
    if (c->lines) {
        if (same || undecided)
            sb_printf(&f->body, ", NaN with linespoints lw 2 dt 2 pt 6 ps 1.4 lc rgb \"#333333\" title \"%s\"", HOLLOW_KEY);
        return;
    }
    if (same)
        sb_printf(&f->body, ", NaN with boxes fs solid 1 border lc rgb \"#333333\" lc rgb \"%s\" "
                            "title \"grey: SAME (no difference beyond the noise)\"", GREY_FILL);
    if (undecided)
        sb_printf(&f->body, ", NaN with boxes fs pattern %d border lc rgb \"#333333\" lc rgb \"%s\" "
                            "title \"hatched: UNSURE or verdicts that differ (not decided: the height may be noise)\"", HATCH_PATTERN, GREY_HATCH);
}

/* count_step: a whole tick step for counts up to hi: 1, 2 or 5 times a power of ten, ten ticks at most. */
static double count_step(double hi)
{
    double step = 1;
    for (double p = 1; step * 10 < hi; p *= 10)
        step = hi <= 20 * p ? 2 * p : hi <= 50 * p ? 5 * p : 10 * p;
    return step;
}

/* y_axis: the value axis: logarithmic over the values (and the reference line), or from 0, with
 * room above for the labels (lines of them over bars with verdicts: label_lines). */
static void y_axis(const struct bar_chart *c, int lines, struct fig *f)
{
    double lo = INFINITY, hi = 0;
    for (int k = 0; k < c->groups.n * c->series.n; k++)
        if (c->value[k] > 0) { lo = fmin(lo, c->value[k]); hi = fmax(hi, c->value[k]); }
    if (isfinite(c->ref) && c->ref > 0) { lo = fmin(lo, c->ref); hi = fmax(hi, c->ref); }
    double above = lines ? 1.6 * pow(1.4, lines) : c->verdict ? 3.2 : 2.2;
    if (c->ylog && hi > 0) {
        sb_printf(&f->body, "set logscale y\nset yrange [%.8g:%.8g]\n", lo / 1.6, hi * above);
        gp_log_tics(&f->body, "y", lo / 1.6, hi * above);
    } else {
        sb_printf(&f->body, "set yrange [0:*]\nset offsets 0, 0, graph %.2f, 0\n", lines ? 0.06 + 0.07 * lines : c->verdict ? 0.2 : 0.12);
        /* Counts have whole ticks: gnuplot's own step over 0..3 is 0.5 ("1.5 configurations"). */
        if (c->counts) sb_printf(&f->body, "set ytics %.0f\nset format y \"%%.0f\"\n", count_step(hi));
    }
}

/* key_entries: the key's entries and the longest one's characters: a series each, and what grey,
 * hatched or hollow marks mean (verdict_key's: the bars' the longest of them, the lines' short) where
 * there are verdicts. */
static int key_entries(const struct bar_chart *c, int *longest)
{
    *longest = 0;
    for (int s = 0; s < c->series.n; s++)
        if ((int)strlen(c->series.v[s]) > *longest) *longest = (int)strlen(c->series.v[s]);
    if (!c->verdict) return c->series.n;
    int least = c->lines ? (int)strlen(HOLLOW_KEY) : 80;
    if (*longest < least) *longest = least;
    return c->series.n + (c->lines ? 1 : 2);
}

/* top_key: the key above the plot, its columns set here rather than left to gnuplot, and the figure
 * made taller by its rows: clx history's twelve lines and the key of its hollow points took the top
 * half of the picture and squashed the plot to a strip. */
static void top_key(const struct bar_chart *c, struct fig *f)
{
    int longest, n = key_entries(c, &longest);
    int entry = longest * 7 + 60;               /* about 7 pixels a character, and the sample's room */
    int cols = (f->width - 80) / entry;
    cols = cols < 1 ? 1 : cols > n ? n : cols;
    int rows = (n + cols - 1) / cols;
    sb_printf(&f->body, "set key outside top center horizontal Left reverse samplen 2 maxcols %d maxrows %d\n", cols, rows);
    f->height += rows * 17;
}

/* WIDEST: a picture's plot at most this many pixels wide (gp_layout's margins come on top: 1040
 * in all). clx history's picture grew to 1640 pixels for sixteen lines, clx compare's to 1640 for 32
 * groups of bars, the plot a strip under its key, wider than a page or a screen. */
#define WIDEST 1000
/* A group of bars takes BAR_PX a bar and GAP_PX between groups, and the axis and key MARGIN_PX; where
 * that is wider than WIDEST, bars are made thinner, down to the width of their labels (a count's
 * "12", a ratio's "0.909x"), and past that the groups go on in panels stacked below. */
#define BAR_PX 26
#define GAP_PX 30
#define MARGIN_PX 300
static int thinnest(const struct bar_chart *c) { return c->counts ? 12 : 24; }

/* bar_panels: how many groups of bars c's panels take each (*per, the last one's may be fewer) and
 * the width of each (*pw); the number of panels. Lines take width per group alone, their series
 * stacked, in one panel. */
static int bar_panels(const struct bar_chart *c, int *per, int *pw)
{
    int ng = c->groups.n, ns = c->series.n ? c->series.n : 1;
    if (c->lines) {
        *per = ng;
        *pw = ng * 110 + MARGIN_PX;
        *pw = *pw < 600 ? 600 : *pw > WIDEST ? WIDEST : *pw;
        return 1;
    }
    int most = (WIDEST - MARGIN_PX) / (ns * thinnest(c) + GAP_PX);
    if (most < 1) most = 1;
    int np = (ng + most - 1) / most;
    if (np < 1) np = 1;
    *per = (ng + np - 1) / np;                  /* the groups spread evenly over the panels */
    *pw = *per * (ns * BAR_PX + GAP_PX) + MARGIN_PX;
    *pw = *pw < 600 ? 600 : *pw > WIDEST ? WIDEST : *pw;
    return np;
}

int plot_bars(const struct bar_chart *c, const char *dir, char **err, int *full)
{
    struct fig f = {0};
    int ng = c->groups.n, ns = c->series.n;
    char *hollow = hollow_line(c);
    char *title = xasprintf("%s\n%s%s%s", c->title, c->subtitle ? c->subtitle : "", hollow ? "\n" : "", hollow ? hollow : "");
    free(hollow);
    /* Bars take room for each bar; lines for each group alone, their series stacked (bar_panels).
     * Bars with verdicts, and lines, have their key above them: top_key makes the figure taller by
     * its rows, a panel's each. */
    int per, pw, np = bar_panels(c, &per, &pw);
    /* Stacked panels: the groups' names under each, turned 45 degrees, take as much height as the
     * longest of all (about 0.35 of a line a character, and a line besides); gnuplot's own margin, by
     * each panel's longest, gave the panels of one picture plots of different heights. Each panel
     * less tall than one alone, its plot 260 pixels. */
    int longest = 0;
    for (int g = 0; g < ng; g++)
        if ((int)strlen(c->groups.v[g]) > longest) longest = (int)strlen(c->groups.v[g]);
    int bm = longest * 35 / 100 + 1;
    gp_layout_grid(&f, np, 1, pw, np > 1 ? 260 + bm * 15 : 460, title);
    double bw = c->lines ? 0 : 0.8 / (ns ? ns : 1);
    sb_printf(&f.body, "set ylabel ");
    gp_str(&f.body, c->ylabel);
    if (c->xlabel) {
        sb_printf(&f.body, "\nset xlabel ");
        gp_str(&f.body, c->xlabel);
    }
    if (!c->lines) sb_printf(&f.body, "\nset style fill solid 0.85 border lc rgb \"#333333\"\nset boxwidth %.4f absolute\n", bw);
    else sb_printf(&f.body, "\n");
    /* The key's words on grey bars are long: above the bars, not beside them where they would
     * take a third of the picture's width. Every panel has the same groups' room, so that its bars
     * are as wide as the others'. */
    sb_printf(&f.body, "set xrange [-0.6:%d.6]\nset grid ytics\n", per - 1);
    if (c->verdict || c->lines) {                 /* lines: many, in a picture of capped width */
        int h = f.height;
        top_key(c, &f);
        f.height = h + (f.height - h) * np;
    } else {
        /* Two characters more than gnuplot's estimate: its own cut the last letter of UNSURE off the
         * verdicts' picture once its title made it 1000 pixels wide. */
        sb_printf(&f.body, "set key outside right top Left reverse samplen 2 width 2\n");
    }
    int ref_first = c->verdict && !c->lines && !isnan(c->ref) && ns > 0, lines = c->verdict && !c->lines ? label_lines(c) : 0;
    if (lines) plot_label_functions(&f);
    y_axis(c, lines, &f);                         /* one scale for every panel */
    if (np > 1) sb_printf(&f.body, "set bmargin %d\n", bm);
    for (int g0 = 0; g0 < ng || g0 == 0; g0 += per) {
        int g1 = g0 + per < ng ? g0 + per : ng;
        struct cats xs = { .vals = { .v = c->groups.v + g0, .n = g1 - g0 } };
        gp_tics(&f.body, "x", &xs, NULL);
        sb_printf(&f.body, "plot ");
        /* Bars with verdicts: the reference line first, behind their labels' opaque boxes (it ran
         * through the labels of bars just under 1). */
        if (ref_first) sb_printf(&f.body, "%.8g with lines dt 2 lc rgb \"#444444\" notitle, ", c->ref);
        for (int s = 0; s < ns; s++) {
            int blk = bar_block(c, s, g0, g1, bw, &f);
            if (c->verdict && c->lines) { verdict_lines(c, s, blk, &f); continue; }
            if (c->verdict) { verdict_bars(c, s, blk, lines, &f); continue; }
            sb_printf(&f.body, "%s\"@DATA@.tsv\" index %d using 1:2 with ", s ? ", " : "", blk);
            if (c->lines) {
                sb_printf(&f.body, "linespoints lw 2 ");
                gp_series_style(&f.body, s, 1);    /* a history's variants and builds: often more than the colours */
            } else sb_printf(&f.body, "boxes lc rgb \"%s\"", c->series_colour ? c->series_colour[s] : colours[s % NCOLOURS]);
            sb_printf(&f.body, " title ");
            gp_str(&f.body, c->series.v[s]);
            if (!c->lines) sb_printf(&f.body, ", \"\" index %d using 1:2:3 with labels offset 0,0.7 font \",8\" notitle", blk);
        }
        if (c->verdict) verdict_key(c, &f);
        if (!isnan(c->ref) && !ref_first) sb_printf(&f.body, ", %.8g with lines dt 2 lc rgb \"#444444\" notitle", c->ref);
        sb_printf(&f.body, "\n");
        if (ng == 0) break;
    }
    int rc = gp_finish(&f, dir, c->name, c->title, err, full);
    sb_free(&f.data);
    sb_free(&f.body);
    free(title);
    return rc;
}
