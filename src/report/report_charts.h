/* report_charts.h — the report's own charts (the speed-of-light chart, a search's trajectory, the
 * probes' load-latency curve), beside the spec's plots, tallied in one place: each one's state as
 * its section left it, the console's words on them, and how many failed, which count as a failed
 * plot of the spec's does (clx report exits 1), or failed for a full disk, which count as the
 * spec's do too: said once, with the report's other files that could not be written (exit 4). */
#ifndef REPORT_CHARTS_H
#define REPORT_CHARTS_H

/* One per chart, in report.md's order; a new chart adds its value here and its row in
 * report_charts.c, and its section returns its state (report_chart_state). */
enum report_chart { REPORT_CHART_SOL, REPORT_CHART_SEARCH, REPORT_CHART_LATENCY, REPORT_CHARTS };

/* A chart's state: drawn, failed (gnuplot could not draw it), failed for a full disk (ENOSPC or
 * EDQUOT: its data, script or picture could not be written; not said where it fails, but once with
 * the report's files), or 0: none to draw, or no gnuplot (whose want is said once, with the spec's
 * plots, and is no failure). */
#define REPORT_CHART_DRAWN 1
#define REPORT_CHART_FAILED (-1)
#define REPORT_CHART_FULL (-2)

struct sbuf;

/* report_chart_state: the state of a chart whose drawing returned rc (0 drawn, > 0 nothing to
 * draw, < 0 not drawn) and full (the want of room it failed for, ENOSPC or EDQUOT, else 0: a value
 * the drawing returned, never errno, which a look for gnuplot resets), as a spec's plot's is judged:
 * full where it failed for want of room (gnuplot or not: its data and script are lost too), else
 * failed only where gnuplot is installed. *first_full takes full where it is the report's first
 * (0 before), for the one line that says what could not be written and why. */
int report_chart_state(int rc, int full, int *first_full);
/* report_chart_stem: chart k's files' name in plots/ ("sol": sol.png, sol.svg, sol.tsv, sol.gp). */
const char *report_chart_stem(int k);
/* report_charts_failed: how many of the charts in state (indexed by enum report_chart) failed,
 * for a full disk or not (as the spec's plots' failed count does). */
int report_charts_failed(const int state[REPORT_CHARTS]);
/* report_charts_full: how many of them failed for a full disk. */
int report_charts_full(const int state[REPORT_CHARTS]);
/* report_charts_list: ", the speed-of-light chart (plots/sol.png)" appended to b for each chart in
 * state `which` (the first without ", " where b is empty): the report's files said in one line. */
void report_charts_list(const int state[REPORT_CHARTS], int which, struct sbuf *b);
/* report_charts_said: the console line's words on them, as it goes on after the spec's count of
 * plots drawn: ", and the speed-of-light chart (plots/sol.png) and the search's trajectory
 * (plots/search.png)", ", not the load-latency curve", or "" where there is none. A new string. */
char *report_charts_said(const int state[REPORT_CHARTS]);
#endif
