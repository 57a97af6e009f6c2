/* plot.c — the plot kinds (lines, bars, opt vs no-opt, roofline; heat map in plot_heatmap.c, scatter in plot_scatter.c)
 * as gnuplot commands over a plot's data (plotdata.c); the bar kinds in plot_barfig.c; plot_gp.c draws the figures;
 * plot_bars.c the callers' charts. */
#include "plot_impl.h"
#include "compare_join.h"
#include "quickrun.h"
#include "rowwork.h"
#include "spec/finding_form.h"
#include "spec/plot_fixedx.h"
#include "lib/aside.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the kinds ---------------------------------------------------------------------------- */

/* dodge_x: series s's x column in a plot clause: "1" where it stands at its x, else moved a little
 * aside, its neighbours the other way (a step of about 1% of the axis, 3% at most across them all),
 * where several series have error bars: at one x they lay over each other, the one drawn last hiding
 * the other's (volkov_fma's ILP=1 at local 32 under ILP=4's). at_index: x at the places 0..n-1; logx:
 * a logarithmic axis (gp_numeric_xtics's, over positive values). A new string. */
static char *dodge_x(const struct cats *xs, int at_index, int logx, int s, int ns)
{
    int n = xs->vals.n;
    if (ns < 2 || n < 1) return xstrdup("1");
    /* Within half the 3% of room the axis has past its ends (gp_numeric_xtics; the places' own). */
    double step = fmin(0.012, 0.03 / (ns - 1)), k = (s - (ns - 1) / 2.0) * step;
    if (at_index) return xasprintf("($1%+.4g)", k * (n > 1 ? n - 1 : 2));
    double lo = INFINITY, hi = -INFINITY;
    for (int x = 0; x < n; x++) {
        lo = fmin(lo, xs->num[x]);
        hi = fmax(hi, xs->num[x]);
    }
    if (!(hi > lo)) return xstrdup("1");
    if (logx && lo > 0) return xasprintf("($1*%.6g)", pow(hi / lo, k));
    return xasprintf("($1%+.6g)", k * (hi - lo));
}

/* lines_key_longest: the characters of a line chart's longest key entry: a series' title (the y
 * axis's label for an untitled one) or the peak's line (gp_peak_plot's words). */
static int lines_key_longest(const struct spec_plot *p, const struct plotdata *d, double pk, const char *what)
{
    int longest = 0, ns = d->d[D_SERIES].vals.n;
    for (int s = 0; s < ns && ns > 1; s++) {
        char *t = gp_dim_title(d, D_SERIES, s);
        int n = (int)strlen(*t ? t : p->ylabel ? p->ylabel : d->label);
        longest = n > longest ? n : longest;
        free(t);
    }
    if (!isnan(pk)) {
        char *t = xasprintf("%s %.6g %s", what ? what : "", pk, d->unit ? d->unit : "");
        longest = (int)strlen(t) > longest ? (int)strlen(t) : longest;
        free(t);
    }
    return longest;
}

static void draw_lines(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                       const char *title, char **note)
{
    const struct cats *xs = &d->d[D_X];
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n;
    const char *what = NULL;
    double pk = gp_peak_value(r, p, &what);
    if (p->peak && isnan(pk)) gp_note_add(note, "the %s is not known for this device or metric: not drawn", what ? what : p->peak);
    /* One y range across the panels (plot_range.c), unless the spec asks each its own. */
    /* Error bars where the points have a spread (a rate's trials, the rows a mean combines), as the bar
     * kinds draw them: a line of noisy points read as a clean trend. */
    int errs = plot_has_errors(d, fg);
    struct span_ask ask = { .ylog = p->ylog, .errors = errs, .below = 1.15, .above = 1.15, .room = 0.05, .peak = pk };
    int clips = errs && gp_err_clips(d, fg, &ask, p->own_ranges);
    char *titled = xasprintf("%s%s%s", title, clips ? "\n" : "", clips ? PLOT_CLIPPED_WORDS : "");
    gp_layout(f, np, np > 1 ? 620 : 900, np > 1 ? 470 : 520, titled);
    free(titled);
    char *yl = gp_axis_label(p->ylabel ? p->ylabel : d->label, d->unit), *xl = gp_column_label(p->xlabel, p->x);
    sb_printf(&f->body, "set xlabel ");
    gp_str(&f->body, xl);
    sb_printf(&f->body, "\nset ylabel ");
    gp_str(&f->body, yl);
    /* One line has no entry: the title names it ("only ILP=1 (the one line)"), or its label is the y
     * axis's; a key of that one entry said it twice. A peak line keeps a key, naming only the peak. */
    int keyed = ns > 1 || !isnan(pk);
    sb_printf(&f->body, "\nset grid\n");
    /* Several panels share one key, in the first one's plot (gp_key_shared). */
    if (np > 1 && keyed) gp_key_shared(f, (ns > 1 ? ns : 0) + !isnan(pk), lines_key_longest(p, d, pk, what));
    else sb_printf(&f->body, "set key %s\n", gp_key_place(np, keyed));
    /* Formatted tics (xformat) put the points at the categories' places, where a scale is none. */
    int formatted = p->xformat && strcmp(p->xformat, "plain");
    /* There xlog sets no log scale: the places 0..n-1 are the scale already (evenly spaced, as doubling
     * sizes are on a log axis), and a log axis lost the first of them (x = 0). */
    if (xs->numeric && !formatted) gp_numeric_xtics(&f->body, xs, p->xlog, p->xformat != NULL);
    if (p->ylog) sb_printf(&f->body, "set logscale y\n");
    if (!p->own_ranges) gp_value_axis(&f->body, d, fg, -1, &ask);
    if (!xs->numeric || formatted) {
        gp_tics(&f->body, "x", xs, p->xformat);
        /* Points at the categories' places 0..n-1 with room past the ends: gnuplot's own range ends at
         * them, and the first and last points sat on the frame, half hidden. */
        int n = xs->vals.n;
        double pad = n > 1 ? fmax(0.03 * (n - 1), 0.15) : 1;
        sb_printf(&f->body, "set xrange [%.3g:%.3g]\n", -pad, n - 1 + pad);
    }
    for (int pn = 0; pn < np; pn++) {
        gp_panel_title(f, d, pn);
        if (p->own_ranges) gp_value_axis(&f->body, d, fg, pn, &ask);
        int cut = plot_cut_in(d, fg, pn);
        /* An error bar's low end below the axis (at or below 0 on a logarithmic one) is drawn to the
         * axis, an arrowhead there: gnuplot's own ran it off the frame, unmarked (PLOT_CLIPPED_WORDS). */
        double floor_at = gp_value_floor(d, fg, p->own_ranges ? pn : -1, &ask);
        int blk = gp_block(f, errs ? "x, then one column per series, then each one's error bar (one standard deviation), "
                                     "then whether its point was cut short by a stop"
                                   : "x, then one column per series, then whether its point was cut short by a stop");
        sb_printf(&f->data, "# %s", p->x);
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            sb_printf(&f->data, "\t%s", *t ? t : p->metric);
            free(t);
        }
        for (int s = 0; errs && s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            sb_printf(&f->data, "\t%s_err", *t ? t : p->metric);
            free(t);
        }
        /* Then each series' point cut short by a stop (1), drawn hollow (plot_cut.c). */
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            sb_printf(&f->data, "\t%s_cut", *t ? t : p->metric);
            free(t);
        }
        sb_printf(&f->data, "\n");
        /* Numeric x with formatted tics still plots at the category's index. */
        int at_index = !xs->numeric || formatted;
        for (int x = 0; x < xs->vals.n; x++) {
            if (at_index) sb_printf(&f->data, "%d", x);
            else sb_printf(&f->data, "%s", xs->vals.v[x]);
            for (int s = 0; s < ns; s++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                if (c->nrows) sb_printf(&f->data, "\t%.8g", c->value);
                else sb_printf(&f->data, "\tNaN");
            }
            for (int s = 0; errs && s < ns; s++) {
                const struct pcell *c = plotdata_cell(d, fg, pn, s, x, 0);
                sb_printf(&f->data, "\t%.8g", c->nrows && isfinite(c->err) ? c->err : 0);
            }
            for (int s = 0; s < ns; s++) sb_printf(&f->data, "\t%d", plotdata_cell(d, fg, pn, s, x, 0)->cut);
            sb_printf(&f->data, "\n");
        }
        sb_printf(&f->body, "plot ");
        for (int s = 0; s < ns; s++) {
            char *t = gp_dim_title(d, D_SERIES, s);
            int v = s + 2, e = s + 2 + ns;
            char *xc = errs ? dodge_x(xs, at_index, p->xlog, s, ns) : xstrdup("1");
            if (errs && isfinite(floor_at))
                sb_printf(&f->body, "%s\"%s.tsv\" index %d using %s:%d:($%d-$%d > %.8g ? $%d-$%d : %.8g):($%d+$%d) with yerrorlines "
                                    "lw 2 ps 0.7 ", s ? ", " : "", "@DATA@", blk, xc, v, v, e, floor_at, v, e, floor_at, v, e);
            else if (errs)
                sb_printf(&f->body, "%s\"%s.tsv\" index %d using %s:%d:%d with yerrorlines lw 2 ps 0.7 ", s ? ", " : "", "@DATA@",
                          blk, xc, v, e);
            else
                sb_printf(&f->body, "%s\"%s.tsv\" index %d using 1:%d with linespoints lw 2 ps 0.7 ", s ? ", " : "", "@DATA@",
                          blk, s + 2);
            gp_series_style(&f->body, s, 1);
            if (ns > 1) {
                sb_printf(&f->body, " title ");
                gp_str(&f->body, *t ? t : p->ylabel ? p->ylabel : d->label);
            } else sb_printf(&f->body, " notitle");
            free(t);
            if (errs && isfinite(floor_at))
                sb_printf(&f->body, ", \"\" index %d using %s:($%d-$%d > %.8g ? NaN : $%d):(0):(%.8g-$%d) with vectors head "
                                    "filled size screen 0.012,25 lc rgb \"%s\" notitle", blk, xc, v, e, floor_at, v, floor_at, v,
                          colours[s % NCOLOURS]);
            if (cut) {
                char *using = xasprintf("%s:($%d > 0 ? $%d : NaN)", xc, 2 + ns * (errs ? 2 : 1) + s, s + 2);
                plot_cut_points(&f->body, blk, using, colours[s % NCOLOURS], 1.3);
                free(using);
            }
            free(xc);
        }
        gp_peak_plot(&f->body, pk, what, d->unit, 0);
        sb_printf(&f->body, "\n%s", pn == 0 && np > 1 ? "set key off\n" : "");
    }
    free(yl);
    free(xl);
}

/* empty_line: where a group of bars of figure fg has a slot with no bar (no measured row of that
 * series there: sgemm's --quick has no variant of SA=0 with SB=0), or a whole group has none in a
 * panel (its tic is drawn in every panel: histogram's stopped run had naive alone at N=100M, and the
 * tics of coalesced, gridstride and private stood over nothing, unsaid), the title's line saying so
 * ("no bar at SA=0 with SB=0: no measured row there", "no bar at coalesced at N=100M: ..."; a new
 * string), else NULL: an empty slot read as a bar too short to see, or as a drawing fault. */
static char *empty_line(const struct plotdata *d, int fg)
{
    int np = d->d[D_PANEL].vals.n, ns = d->d[D_SERIES].vals.n, n = 0;
    struct sbuf b = {0};
    for (int pn = 0; pn < np; pn++)
        for (int x = 0; x < d->d[D_X].vals.n; x++) {
            int some = 0;
            for (int s = 0; s < ns && !some; s++) some = plotdata_cell(d, fg, pn, s, x, 0)->nrows > 0;
            /* A group with no bar: one place, the group's (every series' slot empty). */
            for (int s = 0; s < (some ? ns : 1); s++) {
                if (some && plotdata_cell(d, fg, pn, s, x, 0)->nrows) continue;
                if (++n > 3) continue;
                char *xt = gp_dim_title(d, D_X, x), *st = some ? gp_dim_title(d, D_SERIES, s) : xstrdup("");
                char *pt = np > 1 ? gp_dim_title(d, D_PANEL, pn) : xstrdup("");
                sb_printf(&b, "%s%s%s%s%s%s", b.len ? ", " : "", xt, *st ? " with " : "", st, *pt ? " at " : "", pt);
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
    /* x fixed to one value by the where (x = "N"; where = "N=2048"): one point a line, said under
     * the plot as the spec's load said it on the console (plot_fixedx.h). */
    char *fixed = plot_fixed_x(p);
    if (fixed) gp_note_add(&out->note, "%s", fixed);
    free(fixed);
    char *sub = rundir_title(r);
    if (rundir_quick(r)) {
        /* On the picture, not only in report.md: a chart pasted into a lab report kept no word that its
         * sizes and trials were --quick's. */
        char *q = quick_run_said(0, 1), *both = xasprintf("%s\n%s", sub, q);
        free(q);
        free(sub);
        sub = both;
    }
    char *stop = rundir_stopped_short(r);
    if (stop) {
        /* A stopped run's pictures say so too (compare's charts did): its bars rest on rows a stop cut
         * short, and the sweep's other rows are missing, which a slide keeps no word of. */
        char *both = rundir_end(r) == RUNDIR_UNFINISHED
                         ? xasprintf("%s\nAn unfinished run (run.json says neither finished nor interrupted): part of a sweep", sub)
                         : xasprintf("%s\nA run %s (run.json interrupted): part of a sweep", sub, stop);
        free(sub);
        sub = both;
        free(stop);
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
            /* One bracket where the label ends in one (a CPU's "bound=l2 (the CPU's last-level cache)"). */
            char *one = k && *pt0 ? words_aside(pt0, kind == PLOT_LINES ? "the one line" : "the one series") : NULL;
            char *pt = one ? xasprintf("only %s", one) : xstrdup(pt0);
            free(one);
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
        plot_flag_lines_add(r, &q, &d, fg, &combined);   /* GB/s of the cache, noisy rows: said where drawn */
        char *sample = plot_sample_line(r);               /* a search's rows: a sample of its space */
        if (sample) {
            if (!out->note || !strstr(out->note, sample)) gp_note_add(&out->note, "%s", sample);
            char *both = combined ? xasprintf("%s\n%s", combined, sample) : xstrdup(sample);
            free(combined);
            free(sample);
            combined = both;
        }
        /* Bars of different work (a no-opt build given fewer loop trips): said on the picture and in
         * report.md, whose ratios are then per unit of work. */
        char *work = ratio ? plot_work_line(r, &q, &d, fg) : NULL;
        if (work) {
            if (!out->note || !strstr(out->note, work)) gp_note_add(&out->note, "%s", work);
            char *both = combined ? xasprintf("%s\n%s", combined, work) : xstrdup(work);
            free(combined);
            combined = both;
        }
        free(work);
        /* Lines of one point each (x made of what the series separate): said in report.md and on
         * the console, where a picture of dots on its frame's edges passed for a plot drawn. */
        char *lonely = kind == PLOT_LINES ? plot_lonely_line(r, &d, fg, x) : NULL;
        if (lonely && (!out->note || !strstr(out->note, lonely))) {
            gp_note_add(&out->note, "%s", lonely);
            if (!out->warning) out->warning = xstrdup(lonely);
        }
        free(lonely);
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
        const char *errs = (bars || kind == PLOT_LINES) && plot_has_errors(&d, fg) ? plot_error_line(&q) : NULL;
        /* What a hollow mark is, a line of the title (a heat map's own says its frames): as the key's
         * entry it widened the picture, or narrowed the plot area, of a stopped run. */
        const char *cutw = !heat && plot_cut_in(&d, fg, -1) ? PLOT_CUT_WORDS : NULL;
        char *untuned = untuned_line(r, &d), *build = plot_build_line(r, &q, &d, fg), *empty = bars ? empty_line(&d, fg) : NULL;
        /* The spec's subtitle under the caption, before clx's own lines. */
        char *head = p->subtitle && *p->subtitle ? xasprintf("%s\n%s", caption, p->subtitle) : xstrdup(caption);
        char *title = xasprintf("%s\n%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s", head, combined ? combined : "", combined ? "\n" : "", sub,
                                build ? "\n" : "", build ? build : "", above ? "\n" : "", above ? above : "",
                                untuned ? "\n" : "", untuned ? untuned : "", empty ? "\n" : "", empty ? empty : "",
                                errs ? "\n" : "", errs ? errs : "", cutw ? "\n" : "", cutw ? cutw : "");
        free(head);
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
        else if (bars) plot_draw_barfig(r, &qf, &d, fg, &f, title, ratio, &out->note);
        else if (roof) draw_roofline(r, &qf, &d, fg, &f, title, &out->note);
        else if (kind == PLOT_SCATTER) {
            const char *what = NULL;
            double pk = gp_peak_value(r, &qf, &what);
            plot_draw_scatter(&qf, &d, fg, &f, title, pk, what);
        }
        else draw_lines(r, &qf, &d, fg, &f, title, &out->note);
        int full = 0;
        if (gp_finish(&f, dir, stem, caption, &err, &full)) {
            /* Without gnuplot every figure fails: the first one a want of room refused stays the
             * plot's failure and its cause, not the next one's want of gnuplot. */
            if (!out->full) {
                free(out->error);
                out->error = xasprintf("plot %s: %s", p->name, err);
                out->full = full;
            }
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
    free(o->warning);
    free(o->error);
    memset(o, 0, sizeof *o);
}
