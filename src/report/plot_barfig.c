/* plot_barfig.c — the bar kinds' figures (bars, opt vs no-opt): each bar's label in its own terms,
 * the work a ratio is per, error bars cut at the axis with a mark (plot_impl.h). */
#include "plot_impl.h"
#include "compare_join.h"
#include "rowwork.h"
#include "samebin.h"
#include "spec/finding_form.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

char *plot_work_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg)
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

/* BAR_LOCALS: what begins the work-group sizes of an opt vs no-opt label's two rows where they differ
 * (bar_label), a line of its own where the labels take lines. */
#define BAR_LOCALS ", local "

/* bar_where: where an opt vs no-opt label's two rows, a (its group's first bar) and c, differ in
 * work-group size or another launch axis, ", local 128 vs 32" and then ", GPC 8 vs 1" for each other
 * axis they differ on (a new string; "" where they stand at one point). A bar is each build's best over
 * every value its plot's where leaves open: memcopy_ilp's VEC=2,ILP=8 said "1.34x FASTER, local 256 vs
 * 32" over the default's best at GPC 8 against the no-opt's at GPC 1, while at GPC 8 alone the no-opt
 * build was 1.34x SLOWER. The local part comes first, BAR_LOCALS, where the labels take lines. */
static char *bar_where(const struct rundir *r, int a, int c)
{
    const char *la = r->c_local >= 0 ? table_cell(&r->t, a, r->c_local) : "";
    const char *lc = r->c_local >= 0 ? table_cell(&r->t, c, r->c_local) : "";
    struct sbuf b = {0};
    for (int k = 0; k < r->axes.n; k++) {
        const char *va = table_cell(&r->t, a, r->axis_col[k]), *vc = table_cell(&r->t, c, r->axis_col[k]);
        if (strcmp(r->axes.v[k], "local") && strcmp(va, vc)) sb_printf(&b, ", %s %s vs %s", r->axes.v[k], va, vc);
    }
    char *where = strcmp(la, lc) || b.len ? xasprintf(BAR_LOCALS "%s vs %s%s", la, lc, b.len ? b.s : "") : xstrdup("");
    sb_free(&b);
    return where;
}

/* Where a bar stands in its plot's data: figure, panel, series, group. */
struct bar_at { int fg, pn, s, x; };

/* bar_label: the text over a bar: the label column's value (for rel_time, the bar over rel_bar's), or for opt
 * vs no-opt the bar against its group's first. Of a timed metric (a time or a rate), where each bar
 * shows one row, the report's builds table's words for the two rows (cmp_decide_rows: ratio per unit
 * of work and verdict by compare's rule, "4.94x SLOWER", "1.25x faster, UNSURE"; where the two rows
 * differ in work-group size or launch point, each build's best, both named, "2.00x SLOWER, local 128
 * vs 32, GPC 8 vs 1" (bar_where): a pair compare --by build never forms), its verdict in *verdict; where a bar combines rows by a mean or
 * median, the values' ratio in words ("2.0x slower", "same speed"), per unit of work where they did
 * other work, and no verdict ("-"). A bare "1.3x faster" over a pair the table called 0.80x UNSURE
 * read as a gain. Of a metric no timing decides (a binary's bytes, a count), the bars' own ratio
 * ("1.10x larger") and no verdict: the table's verdicts are on the rows' times, and "5.83x SLOWER"
 * over a binary's size read as the binary's. */
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
                /* rusticl's -cl-opt-disable bar over the default's very binary: no cost of the option. */
                char *same = samebin_rows(r, &first->row, 1, &c->row, 1);
                cmp_slowdown_said(said, sizeof said, cc.v.ratio, cc.v.v);
                char *where = bar_where(r, first->row, c->row);
                char *label = xasprintf("%s%s%s", said, same ? ", same binary" : "", where);
                free(where);
                free(same);
                return label;
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

int plot_has_errors(const struct plotdata *d, int fg)
{
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (c->nrows && isfinite(c->err) && c->err > 0) return 1;
            }
    return 0;
}

const char *plot_error_line(const struct spec_plot *p)
{
    int spread = p->agg && (!strcmp(p->agg, "mean") || !strcmp(p->agg, "median"));
    return spread ? "error bars: one standard deviation of the rows a bar combines (of its trials where it is one row)"
                  : "error bars: one standard deviation of the trials";
}

/* label_share: the share of a bar panel's plot area (about 300 pixels high in a 440-pixel panel) that
 * the labels over figure fg's bars take above the bar they label: upright, the longest one's
 * length (about 6 pixels a character at the labels' size, and its offset); else *lines lines of
 * about 11 pixels, a clause of the longest label a line ("2.00x SLOWER", "local 128 vs 32"), and a
 * margin. 0 where no bar is labelled. */
static double label_share(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, int ratio,
                          int rotated, int *lines)
{
    size_t longest = 0;
    *lines = 1;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int x = 0; x < d->d[D_X].vals.n; x++) {
                if (!plotdata_cell(d, fg, pn, s, x, 0)->nrows) continue;
                const char *verdict;
                char *lb = bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = x }, ratio, &verdict);
                if (strlen(lb) > longest) longest = strlen(lb);
                int n = 1;
                for (const char *c = lb; (c = strstr(c, ", ")); c += 2) n++;
                if (n > *lines) *lines = n;
                free(lb);
            }
    if (!longest) return 0;
    return (rotated ? 6.0 * (double)longest + 10 : 11.0 * *lines + 14) / 300;
}

/* label_foot: where the label over bar (pn, s, g) stands (*x, and *y its foot): over its bar's error
 * bar's top (the bar's own top without one); an opt vs no-opt label whose labels lie flat, which
 * speaks of its group's pair, over the middle of the pair and the higher of their tops (over its
 * own bar only, "1.20x faster, UNSURE" ran through the cap of the default's taller error bar
 * beside it). */
static void label_foot(const struct plotdata *d, int fg, int pn, int s, int g, int pair, double *x, double *y)
{
    int ns = d->d[D_SERIES].vals.n;
    *x = g + (s - (ns - 1) / 2.0) * (0.8 / ns);
    *y = NAN;
    for (int k = pair ? 0 : s; k < (pair ? ns : s + 1); k++) {
        const struct pcell *c = plotdata_cell(d, fg, pn, k, g, 0);
        if (!c->nrows) continue;
        double top = c->value + (isfinite(c->err) && c->err > 0 ? c->err : 0);
        if (!(top <= *y)) *y = top;
    }
    if (pair) *x = g;
}

/* label_lifts: for flat labels over figure fg's bars, a group unit_px pixels wide on the picture,
 * lift[(pn * ns + s) * ng + g] 1 for the labels lifted a label's height in panels where neighbours
 * would touch (plot_stagger), else 0; whether any is. */
static int label_lifts(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, int ratio,
                       double unit_px, int *lift)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, ng = d->d[D_X].vals.n, any = 0;
    struct label_at *l = xcalloc((size_t)(ns * ng), sizeof *l);
    int *at = xcalloc((size_t)(ns * ng), sizeof *at), *up = xcalloc((size_t)(ns * ng), sizeof *up);
    for (int pn = 0; pn < np; pn++) {
        int n = 0;
        for (int g = 0; g < ng; g++)     /* in order along the axis: a group's bars left to right */
            for (int s = 0; s < ns; s++) {
                if (!plotdata_cell(d, fg, pn, s, g, 0)->nrows) continue;
                const char *verdict;
                double ly;
                l[n].text = bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = g }, ratio, &verdict);
                label_foot(d, fg, pn, s, g, ratio, &l[n].x, &ly);
                at[n++] = s * ng + g;
            }
        if (plot_stagger(l, n, unit_px, up)) {
            any = 1;
            for (int k = 0; k < n; k++) lift[pn * ns * ng + at[k]] = up[k];
        }
        for (int k = 0; k < n; k++) free((char *)l[k].text);
    }
    free(l);
    free(at);
    free(up);
    return any;
}

/* key_chars: the characters of the longest entry of the key beside figure fg's one panel (plot_draw_barfig's
 * series, its "hatched: UNSURE", its peak's line); 0 where the key stands above the panels or is off. */
static int key_chars(const struct plotdata *d, int ratio, double pk)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, n = ratio ? 15 : 0;
    if (np > 1 || (ns < 2 && isnan(pk))) return 0;
    for (int s = 0; s < ns; s++) {
        char *t = gp_dim_title(d, D_SERIES, s);
        if ((int)strlen(t) > n) n = (int)strlen(t);
        free(t);
    }
    return isnan(pk) || n > 24 ? n : 24;
}

/* undecided_in: whether some bar of figure fg's panels is grey (SAME: *same) or hatched (UNSURE:
 * *unsure), a bar a stop cut short being neither (hollow): the entries of several panels' one key. */
static void undecided_in(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, int ratio,
                         int *same, int *unsure)
{
    *same = *unsure = 0;
    for (int pn = 0; pn < d->d[D_PANEL].vals.n; pn++)
        for (int s = 0; s < d->d[D_SERIES].vals.n; s++)
            for (int g = 0; g < d->d[D_X].vals.n; g++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, g, 0);
                if (!c->nrows || c->cut) continue;
                const char *verdict;
                free(bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = g }, ratio, &verdict));
                *same |= !strcmp(verdict, "SAME");
                *unsure |= !strcmp(verdict, "UNSURE");
            }
}

/* A bar of plot_draw_barfig's data block the verdict did not decide (column 6: SAME or UNSURE). */
#define UNDECIDED_COL6 "(strcol(6) eq \"SAME\" || strcol(6) eq \"UNSURE\")"

void plot_draw_barfig(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
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
    /* Labels over narrow bars are turned upright so that neighbours do not overlap; else they take a
     * line a clause, opt vs no-opt's over the middle of their pair (label_foot): "7.13x SLOWER,
     * local 32 vs 128" on a line or two ran into the next group's label. */
    int rotated = ns >= 3 || ng * ns > 14, lines;
    double share = label_share(r, p, d, fg, ratio, rotated, &lines);
    struct span_ask ask = { .ylog = ylog, .errors = 1, .below = 1.6, .above = p->label || ratio ? 2.2 : 1.3,
                            .room = p->label || ratio ? 0.15 : 0.04, .peak = pk,
                            .labels = share };
    int clips = gp_err_clips(d, fg, &ask, p->own_ranges);
    /* A bar drawn too short to see, or not at all on a logarithmic axis, is named with its value: an
     * empty slot under the "no bar at" line's silence read as a fault or a missing row. */
    int log_helps;
    char *unseen = plot_unseen_line(d, fg, &ask, p->own_ranges, &log_helps);
    char *titled = xasprintf("%s%s%s%s%s", title, clips ? "\n" : "", clips ? PLOT_CLIPPED_WORDS : "", unseen ? "\n" : "",
                             unseen ? unseen : "");
    if (unseen) gp_note_add(note, log_helps ? "%s (a logarithmic axis, the plot's ylog = true, would show them)" : "%s", unseen);
    free(unseen);
    int pw = ng * (ns * 26 + 30) + 260;
    gp_layout(f, np, pw < 560 ? 560 : pw > 1400 ? 1400 : pw, 440, titled);
    free(titled);
    /* Flat labels that would touch their neighbours' stand at two heights, every other one a label
     * higher (column 11), with the room over the bars for both. */
    int *lift = xcalloc((size_t)(np * ns * ng), sizeof *lift);
    int stagger = !rotated && share > 0 &&
                  label_lifts(r, p, d, fg, ratio, plot_area_px(f, key_chars(d, ratio, pk)) / (ng + 0.2), lift);
    if (stagger) ask.labels = share + (14.0 * lines + 4) / 300;
    double bw = 0.8 / ns;
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit);
    sb_printf(&f->body, "set ylabel ");
    gp_str(&f->body, yl);
    char *xl = gp_column_label(p->xlabel, p->x ? p->x : "variant");
    sb_printf(&f->body, "\nset xlabel ");
    gp_str(&f->body, xl);
    free(xl);
    sb_printf(&f->body, "\nset style fill solid 0.85 border lc rgb \"#333333\"\nset boxwidth %.4f absolute\n", bw);
    int keyed = ns > 1 || !isnan(pk) || plot_cut_in(d, fg, -1);
    sb_printf(&f->body, "set xrange [-0.6:%d.6]\nset grid ytics\n", ng - 1);
    /* Several panels share one key (gp_key_shared), its grey and hatched entries where any panel has
     * such bars: named in the first panel's plot. */
    int all_same = 0, all_unsure = 0, shared = np > 1 && keyed;
    if (shared) {
        undecided_in(r, p, d, fg, ratio, &all_same, &all_unsure);
        int longest = all_unsure ? 15 : all_same ? 10 : 0;
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            int n = (int)strlen(*t ? t : p->ylabel ? p->ylabel : d->label);
            longest = n > longest ? n : longest;
            free(t);
        }
        gp_key_shared(f, ns + all_same + all_unsure + !isnan(pk), isnan(pk) ? longest : longest > 24 ? longest : 24);
    } else sb_printf(&f->body, "set key %s\n", gp_key_place(np, keyed));
    /* gnuplot centres a label on its place: each one padded to the figure's most lines (clx_pad), its
     * last line stands a margin over its foot; a line of the labels' font is about 1.3 of the
     * offset's unit. */
    if (!rotated && share > 0) plot_label_functions(f);
    char *lrot = rotated ? xstrdup("rotate by 90 left offset 0,0.4") : xasprintf("offset 0,%.2f", 0.65 * lines + 0.25);
    char *ltext = rotated || lines < 2 ? xstrdup("stringcolumn(4)")
                : xasprintf("clx_pad(%d - clx_lines(stringcolumn(4))) . clx_said(stringcolumn(4))", lines);
    if (ylog) sb_printf(&f->body, "set logscale y\n");
    if (!p->own_ranges) gp_value_axis(&f->body, d, fg, -1, &ask);   /* one across the panels (plot_range.c) */
    gp_tics(&f->body, "x", xs, p->xformat);
    int labelled = 0;
    for (int pn = 0; pn < np; pn++) {
        int same = 0, unsure = 0;   /* this panel's: a key of one panel */
        gp_panel_title(f, d, pn);
        if (p->own_ranges) gp_value_axis(&f->body, d, fg, pn, &ask);
        double axis_lo = gp_value_floor(d, fg, p->own_ranges ? pn : -1, &ask);
        sb_printf(&f->body, "plot ");
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            int blk = gp_block(f, t);
            sb_printf(&f->data, "# x\tvalue\terror\tlabel\tgroup\tverdict\tlow end drawn\tclipped\tlabel x\tlabel foot\t"
                                "label lifted\tcut\n");
            for (int g = 0; g < ng; g++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, g, 0);
                if (!c->nrows) continue;
                const char *verdict;
                char *lb = bar_label(r, p, d, (struct bar_at){ .fg = fg, .pn = pn, .s = s, .x = g }, ratio, &verdict);
                labelled |= *lb != 0;
                same |= !c->cut && !strcmp(verdict, "SAME");   /* a cut bar is hollow, not grey */
                unsure |= !c->cut && !strcmp(verdict, "UNSURE");
                int clipped;
                double low = gp_err_low(c, axis_lo, ylog, &clipped);
                double lx, ly;
                label_foot(d, fg, pn, s, g, ratio && !rotated, &lx, &ly);
                sb_printf(&f->data, "%.4f\t%.8g\t%.8g\t%s\t%s\t%s\t%.8g\t%d\t%.4f\t%.8g\t%d\t%d\n", g + (s - (ns - 1) / 2.0) * bw,
                          c->value, isfinite(c->err) ? c->err : 0, *lb ? lb : "-", xs->vals.v[g], verdict, low, clipped, lx, ly,
                          lift[(pn * ns + s) * ng + g], c->cut);
                free(lb);
            }
            /* Bars the verdict left undecided look as in clx compare's charts: SAME grey, UNSURE
             * hatched grey, the border in the series' colour (plot_bars.c). A bar a stop cut short
             * (column 12) is hollow whatever its verdict, which its label says: its height stands on
             * fewer rounds than asked (plot_cut.c). */
            sb_printf(&f->body, "%s\"@DATA@.tsv\" index %d using 1:(%s || $12 > 0 ? NaN : $2) with boxes lc rgb \"%s\" title ",
                      s ? ", " : "", blk, UNDECIDED_COL6, colours[s % NCOLOURS]);
            gp_str(&f->body, *t ? t : p->ylabel ? p->ylabel : d->label);
            if (ratio)
                sb_printf(&f->body, ", \"\" index %d using 1:(strcol(6) eq \"SAME\" && $12 == 0 ? $2 : NaN) with boxes fs solid 1 "
                                    "border lc rgb \"%s\" lc rgb \"%s\" notitle, \"\" index %d using 1:(strcol(6) eq \"UNSURE\" && "
                                    "$12 == 0 ? $2 : NaN) with boxes fs pattern %d border lc rgb \"%s\" lc rgb \"%s\" notitle", blk,
                          colours[s % NCOLOURS], GREY_FILL, blk, HATCH_PATTERN, colours[s % NCOLOURS], GREY_HATCH);
            if (plot_cut_in(d, fg, pn)) plot_cut_bars(&f->body, blk, "1:($12 > 0 ? $2 : NaN)", colours[s % NCOLOURS]);
            /* Error bars as vectors: gnuplot's yerrorbars blank the bar's border around the point. One
             * cut at the axis (column 8) has an arrowhead there instead of its flat end. */
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? NaN : $7):(0):($2+$3-$7) "
                                "with vectors heads size screen 0.006,90 lc rgb \"black\" notitle", blk);
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? $7 : NaN):(0):($2+$3-$7) "
                                "with vectors head size screen 0.006,90 lc rgb \"black\" notitle", blk);
            sb_printf(&f->body, ", \"\" index %d using 1:($8 > 0 ? $2+$3 : NaN):(0):($7-$2-$3) "
                                "with vectors head filled size screen 0.012,25 lc rgb \"black\" notitle", blk);
            if ((p->label || ratio) && !stagger)
                sb_printf(&f->body, ", \"\" index %d using 9:10:(stringcolumn(4) eq \"-\" ? \"\" : %s) "
                                    "with labels %s font \",8\" notitle", blk, ltext, lrot);
            /* Staggered: the lifted ones (column 11) a label's lines and a margin higher, a line of the
             * labels' font about 0.85 of the offset's unit (13 pixels of the PNG's 16). */
            for (int up = 0; up < 2 && stagger; up++)
                sb_printf(&f->body, ", \"\" index %d using 9:10:(stringcolumn(4) eq \"-\" || $11 != %d ? \"\" : %s) "
                                    "with labels offset 0,%.2f font \",8\" notitle", blk, up, ltext,
                          0.65 * lines + 0.25 + up * (0.85 * lines + 0.15));
            free(t);
        }
        /* What grey and hatched mean, in the key where some panel has such bars (said only in the
         * last panel's, memcopy_ilp's hatched bars at GPC=1 went unexplained beside a GPC=8 key of
         * none), in words short enough to leave the bars their width: the label says the verdict. */
        if (shared) { same = pn == 0 && all_same; unsure = pn == 0 && all_unsure; }
        if (same)
            sb_printf(&f->body, ", NaN with boxes fs solid 1 border lc rgb \"#333333\" lc rgb \"%s\" title \"grey: SAME\"",
                      GREY_FILL);
        if (unsure)
            sb_printf(&f->body, ", NaN with boxes fs pattern %d border lc rgb \"#333333\" lc rgb \"%s\" "
                                "title \"hatched: UNSURE\"", HATCH_PATTERN, GREY_HATCH);
        gp_peak_plot(&f->body, pk, what, d->unit, 0);
        sb_printf(&f->body, "\n%s", shared && pn == 0 ? "set key off\n" : "");
    }
    /* A title may promise the labels ("% of the datasheet peak"): say why there are none. */
    free(lrot);
    free(ltext);
    free(lift);
    if (p->label && !ratio && !labelled) gp_note_add(note, "no bar is labelled: no row has a value of %s", p->label);
    free(yl);
}

