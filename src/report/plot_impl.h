/* plot_impl.h — what plot.c (the kinds) and plot_gp.c (gnuplot output) share; other modules
 * use plot.h. */
#ifndef PLOT_IMPL_H
#define PLOT_IMPL_H
#include "plot.h"
#include "plotdata.h"

/* A figure being written: its data file and the gnuplot commands that follow the terminal; the
 * commands name the data file @DATA@, replaced by its stem when written. */
struct fig {
    struct sbuf data, body;
    int blocks;                  /* data blocks written: gnuplot's "index" */
    int width, height;
    int cols;                    /* panels a row (gp_layout) */
};

/* Colours that stay apart for colour-blind readers (Okabe and Ito; brown instead of their yellow,
 * which is lost on white), then repeated with dashes. */
#define NCOLOURS 8
/* The grey of bars left undecided (clx compare's SAME; UNSURE and verdicts that differ hatched), in compare's
 * charts and the report's opt vs no-opt one; the border stays the series' colour, so that several
 * sides' grey bars are still told apart. */
#define GREY_FILL "#C8C8C8"
#define GREY_HATCH "#8C8C8C"
#define HATCH_PATTERN 4
extern const char *const colours[NCOLOURS];

/* gp_series_style: series s's look after its "with ...": "pt P lc rgb C", and past the colours a
 * dashed line ("dt 2", lines) and another point type, so that no two series look alike. */
void gp_series_style(struct sbuf *b, int s, int lines);
/* gp_str: s as a gnuplot string in double quotes. */
void gp_str(struct sbuf *b, const char *s);
/* gp_block: starts a data block (gnuplot's index) with a comment line; returns its index. */
int gp_block(struct fig *f, const char *comment);
/* gp_axis_label: "throughput (GFLOP/s)"; a label that opens with its unit ("% of sol") as it is (a new string). */
char *gp_axis_label(const char *label, const char *unit);
/* gp_column_label: the spec's label, else the column's description, else its name. */
char *gp_column_label(const char *given, const char *col);
/* gp_dim_title: category i of dimension k as a reader sees it: "naive", "ILP=4", "N=200M". */
char *gp_dim_title(const struct plotdata *d, int k, int i);
/* gp_tics: "set xtics (...)" naming categories 0..n-1 (formatted with fmt). */
void gp_tics(struct sbuf *b, const char *axis, const struct cats *c, const char *fmt);
/* gp_numeric_xtics: a numeric x axis's scale and tics: logarithmic (base 2) where logx, else linear
 * with at most 8 tics; sizes labelled as clx writes them (1Mi, 10M, 2.1M) unless plain. */
void gp_numeric_xtics(struct sbuf *b, const struct cats *xs, int logx, int plain);
/* gp_size_label: x as an axis labels a size from 10000 on, in binary units (16Mi, 1.5Mi) or decimal
 * ones (10M, 2.1M), else as %g. A new string. */
char *gp_size_label(double x, int binary);
/* gp_log_tics: tics at 1, 2, 5 x 10^k between lo and hi for a logarithmic axis (gnuplot's own
 * show only the decades), e.g. axis "y" or "cb". */
void gp_log_tics(struct sbuf *b, const char *axis, double lo, double hi);
/* gp_layout: the figure's size and title (a multiplot for several panels). */
void gp_layout(struct fig *f, int npanels, int pw, int ph, const char *title);
/* gp_layout_grid: gp_layout's, its panels in rows x cols as the caller sets them (clx compare's
 * bars: stacked in one column, each a part of the groups, where one panel would be too wide). */
void gp_layout_grid(struct fig *f, int rows, int cols, int pw, int ph, const char *title);
/* GP_TITLE_COLS: a title's line at most this many characters (wider, the picture passes WIDEST's
 * 1040 pixels, and gnuplot's characters, a little wider than the 8 pixels reckoned, cut both ends). */
#define GP_TITLE_COLS 120
/* gp_title_wrap: title with each line longer than cols broken after its last ", " within a width
 * (else its last space; the ", " before it where that left under a fifth of the width alone), the
 * rest on lines of their own, so that no word is cut off the picture; a line with neither stays
 * whole. The width is the least that breaks a line into no more lines than cols does, so that its
 * lines are about equal and none is a word alone. A new string. */
char *gp_title_wrap(const char *title, int cols);
/* gp_key_fit: widens figure f (laid out by gp_layout) so that a key entry of text entry fits inside
 * a panel's plot area: a key inside one that is too narrow is drawn off the picture, its text lost. */
void gp_key_fit(struct fig *f, const char *entry);
void gp_panel_title(struct fig *f, const struct plotdata *d, int panel);
/* gp_peak_value: the peak p->peak names in the metric's units; NAN when it does not apply. */
double gp_peak_value(const struct rundir *r, const struct spec_plot *p, const char **what);
/* gp_peak_plot: appends the dashed line of a peak to a plot command (nothing for NAN), after a
 * comma unless it is the command's first clause; what NULL: with no key entry. */
void gp_peak_plot(struct sbuf *b, double pk, const char *what, const char *unit, int first);
/* gp_peak_above: where every point of figure fg lies below a quarter of the peak pk, the line that
 * says so for its title ("the FP32 peak (553.059 GFLOP/s) lies above the plot: its highest point is
 * 6.3% of it"; noun "point" or "bar"; a new string), and the caller leaves the peak's line out of the
 * figure and its linear axis; NULL where the line is drawn (a point near it, or no peak). */
char *gp_peak_above(const struct plotdata *d, int fg, double pk, const char *what, const char *unit, const char *noun);
/* gp_peak_unknown: where p names the device's FP32 or bandwidth peak (peak = "fp32", "bw") and the
 * run knows none (a CPU's bandwidth), the title's line that says no such line is drawn (a new
 * string), else NULL: a title that named the line stood over a plot without it. */
char *gp_peak_unknown(const struct rundir *r, const struct spec_plot *p);
/* draw_roofline: the roofline kind's figure fg (plot_roofline.c). */
void draw_roofline(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                   const char *title, char **note);
/* gp_note_add: appends a sentence (fmt with one %s) to *note. */
void gp_note_add(char **note, const char *fmt, const char *arg);
/* gp_finish: writes dir/stem.tsv and dir/stem.gp and runs gnuplot there for the SVG and PNG.
 * 0, or -1 and *err (gnuplot missing, failed, or too slow); *full (where full is not NULL) is then
 * the want of room it failed for, ENOSPC or EDQUOT (its data or script not written, or gnuplot's
 * pictures cut short on a disk or quota with no room: diskfull.h), else 0. A value, not errno:
 * a later figure's success, or a look for gnuplot, resets errno before a caller reads it. */
int gp_finish(struct fig *f, const char *dir, const char *stem, const char *comment, char **err, int *full);
/* plot_combined_line: where points of figure fg combine several rows, the line that says so for
 * its title ("best of N=1Mi..4Mi at each point"; noun: "point", "bar", "cell"), a new string;
 * NULL where every point is one row (plot_combined.c). */
char *plot_combined_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg,
                         const char *noun);
/* plot_sample_line: where r's rows are a search's that measured part of its space, the line that
 * says so for a figure's title ("a search's sample: 33 of the space's 132 configurations measured
 * ..."), a new string; else NULL (plot_sample.c). */
char *plot_sample_line(const struct rundir *r);
/* plot_flag_lines_add: where figure fg's rows carry a flag that changes what its values say (some of
 * a GB/s figure's cache-resident; most of any figure's noisy or shared; some launch-bound), appends the
 * line that says how many and what it means, one a flag, to *lines (a new string, the old freed; NULL:
 * none yet), and one where some were timed by the host clock (column timer) (plot_flags.c). */
void plot_flag_lines_add(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, char **lines);
/* plot_lonely_line: where every line of lines figure fg is a single point though x has several
 * values (x = "local", "8x4", made of TX, which the series' variant ids keep), the line that says so
 * and names what x is made of (a new string); else NULL: points on the frame's edges read as lines
 * drawn (plot_lonely.c). */
char *plot_lonely_line(const struct rundir *r, const struct plotdata *d, int fg, const char *x);
/* plot_untitled_caption: the caption of plot p where the spec gives it no title: its name, metric,
 * x (and y) and filter ("bw_n: bandwidth (GB/s) against problem size, where build=default"), so that
 * no two of a spec's figures share a heading (plot_heading.c). A new string. */
char *plot_untitled_caption(const struct spec_plot *p, const struct plotdata *d, const char *x);
/* plot_build_line: where every row figure fg draws is of one build, and the run has others or p's
 * filter picks it, the title's line that names it ("build default"; a new string); NULL where the
 * build is a dimension of the plot (its key or titles say it) or no choice (plot_heading.c). */
char *plot_build_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg);
/* What a value axis is asked to hold (plot_range.c): ylog a logarithmic one (below and above its
 * room, as factors), else linear with room (a fraction of the top) above; errors: a bar's error bar
 * drawn over it; peak: a line's level (NAN none); labels: the share of the plot area's height the
 * labels over the bars take (0 none), kept free above the tallest bar's. */
struct span_ask { int ylog, errors; double below, above, room, peak, labels; };
/* gp_panel_span: the lowest and highest value figure fg draws in panel pn (-1: in every panel),
 * with the peak; 0 where it draws none. */
int gp_panel_span(const struct plotdata *d, int fg, int pn, const struct span_ask *a, double *lo, double *hi);
/* gp_y_range: "set yrange" over lo..hi as a asks: from 0 where no value is negative. */
void gp_y_range(struct sbuf *b, double lo, double hi, const struct span_ask *a);
/* gp_value_floor: the low end of the y range gp_value_axis sets for panel pn of figure fg (-1: one
 * across its panels); NAN where it draws nothing (gnuplot's own range). */
double gp_value_floor(const struct plotdata *d, int fg, int pn, const struct span_ask *a);
/* PLOT_CLIPPED_WORDS: the title's line where an error bar's low end (the value less one deviation)
 * lies below the axis: vecsum's naive bar on PoCL, 47 GB/s +/- 20 and float4's 40 +/- 75, went to 0
 * on a linear axis, and on a logarithmic one a low end at 0 or under ran off the frame (opt vs
 * no-opt's bars; histogram's runtime_vs_local lines on PoCL, coalesced at local 64: 4.2 ms +/- 4.8),
 * unsaid: cut at the axis, an arrowhead there says it goes on. gp_err_low: the low end of cell c's
 * error bar drawn over an axis from axis_lo (NAN: gnuplot's own), and in *clipped whether it is cut
 * there (plot_range.c). */
#define PLOT_CLIPPED_WORDS "an arrowhead on the axis: that error bar's low end lies below the plot (at or below 0), cut there"
double gp_err_low(const struct pcell *c, double axis_lo, int ylog, int *clipped);
/* gp_err_clips: whether some error bar of figure fg (its axes as a asks; own_ranges: each panel's
 * own) is cut at its axis by gp_err_low: the one test behind PLOT_CLIPPED_WORDS's line, for every
 * kind that draws error bars. */
int gp_err_clips(const struct plotdata *d, int fg, const struct span_ask *a, int own_ranges);
/* gp_value_ends: both ends of that range in *bottom and *top; 0 (and NAN) where it draws nothing. */
int gp_value_ends(const struct plotdata *d, int fg, int pn, const struct span_ask *a, double *bottom, double *top);
/* gp_value_axis: the y range of panel pn of figure fg (-1: one range across its panels). */
void gp_value_axis(struct sbuf *b, const struct plotdata *d, int fg, int pn, const struct span_ask *a);
/* gp_key_place: where a figure's key goes: beside a single panel; "off" where not wanted (a single
 * series and no peak line) and for several panels, whose one key gp_key_shared places. */
const char *gp_key_place(int npanels, int wanted);
/* gp_key_shared: the one key of figure f of several panels (laid out by gp_layout), of entries entries
 * of at most longest characters: set before the first panel's plot, which names every entry (a series
 * with no point there too: gnuplot keys it), and "set key off" after it. A key above each panel said
 * the same entries again over every one (histogram's runtime_vs_local: naive, coalesced, gridstride,
 * private four times), or a key beside each widened every panel by the longest entry of any. */
void gp_key_shared(struct fig *f, int entries, int longest);
/* plot_work_line: where the bars of figure fg set side by side did different work (work_ratio), how each
 * series' work stands to the first's, and that the ratios over the bars are per unit of work: the
 * bars' heights are the times of their own work ("-cl-opt-disable's bars did 64x less work a launch
 * than default's ..."); NULL where every bar did its group's first one's work. A new string. */
char *plot_work_line(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg);
/* plot_has_errors: whether some bar of figure fg has an error bar (a count or size has none). */
int plot_has_errors(const struct plotdata *d, int fg);
/* plot_error_line: what the error bars are, for the figure's title (plotdata.c's row_err and aggregate):
 * a reader took optflags' +/-21% on one bar for a range of the median, where it was the trials'
 * standard deviation that one slow first trial set. In the title, not the key: a key entry that long
 * took a third of the picture's width from the bars. */
const char *plot_error_line(const struct spec_plot *p);
/* plot_label_functions: the gnuplot functions clx_said(s) (s's clauses, split at ", ", one a line),
 * clx_lines(s) (how many) and clx_pad(n) (n empty lines above), with which bar charts lay their
 * labels out (plot_bars.c). */
void plot_label_functions(struct fig *f);
/* plot_draw_barfig: the bars and opt vs no-opt kinds' figure fg (plot_barfig.c); ratio: opt vs no-opt's
 * labels, each build against the first. */
void plot_draw_barfig(const struct rundir *r, const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f,
                      const char *title, int ratio, char **note);
/* A label over a bar: where it stands along the x axis (in groups) and its text (clauses split at ", "
 * a line; "" or NULL: none). */
struct label_at { double x; const char *text; };
/* plot_stagger: labels l[0..n-1], in order along the axis of unit_px pixels a group: where any two
 * labelled neighbours' widest lines would come closer than a small gap, lift[i] 1 for every other
 * labelled one (0 for the rest) and 1 returned; else every lift[i] 0 and 0 (plot_stagger.c). */
int plot_stagger(const struct label_at *l, int n, double unit_px, int *lift);
/* plot_area_px: the width in pixels of a plot area of figure f (laid out by gp_layout), its key
 * beside it taking entries of key_chars characters (0: no key beside it). */
double plot_area_px(const struct fig *f, int key_chars);
/* plot_unseen_line: where a bar of figure fg (its axes as a asks, own_ranges: each panel's own) is drawn
 * too short to see on a linear axis, or has no bar on a logarithmic one (its value at or below 0), the
 * title's line naming those bars with their values (a new string; plot_unseen.c), else NULL; *log_helps:
 * whether a logarithmic axis would show them all. */
char *plot_unseen_line(const struct plotdata *d, int fg, const struct span_ask *a, int own_ranges, int *log_helps);
/* A point or bar whose value rests on a row a stop cut short (pcell's cut) is drawn hollow in every
 * kind: a ring over its point (plot_cut_points: ps its size, colour its series'), a white bar in its
 * series' colour's border (plot_cut_bars), a heat map's cell framed; a line of the figure's title says
 * so (PLOT_CUT_WORDS, a heat map's PLOT_CUT_FRAME: plot.c), not the key, whose entry widened the
 * picture or took its width from the plot area. plot_cut_in: whether panel pn (-1: any) of figure fg
 * has such a point (plot_cut.c). using: the data block's columns, the value NaN where the cell is not
 * cut. */
#define PLOT_CUT_WORDS "hollow: cut short by a stop (fewer rounds)"
#define PLOT_CUT_FRAME "dashed frame: a cell cut short by a stop (fewer rounds)"
int plot_cut_in(const struct plotdata *d, int fg, int pn);
void plot_cut_points(struct sbuf *b, int blk, const char *using, const char *colour, double ps);
void plot_cut_bars(struct sbuf *b, int blk, const char *using, const char *colour);
/* plot_draw_heatmap: the heat map kind's figure fg (plot_heatmap.c). */
void plot_draw_heatmap(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title);
/* plot_draw_scatter: the scatter kind's figure fg (plot_scatter.c). */
void plot_draw_scatter(const struct spec_plot *p, const struct plotdata *d, int fg, struct fig *f, const char *title,
                       double peak, const char *peak_what);
#endif
