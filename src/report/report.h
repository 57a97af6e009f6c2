/* report.h — `clx report RUN_DIR`: RUN_DIR/report.md and RUN_DIR/plots/ from a run's results: the
 * device and provenance, every plot the spec declares, the seed's findings checked on this run,
 * the best configuration of each variant and what each build costs. */
#ifndef REPORT_H
#define REPORT_H
#include "findings.h"
#include <stdio.h>

struct report_opts {
    const char *spec_path;       /* --spec: plots and findings from this file instead */
    int quiet;                   /* no findings on the console */
    enum findings_gate fail_on;  /* --fail-on: the findings' verdicts that make it exit 1 */
    const char *fail_on_as;      /* --fail-on's value as given, for its lines */
    int refuse_running;          /* clx report: a run another clx still writes is said, not drawn */
    int spec_warnings;           /* clx report: what clx run warns of in the spec at its load, said too */
};

/* report_make: writes the report (report.md, plots/, findings.tsv). Returns 0 when every plot was
 * drawn, 1 when report.md was written but a plot (the spec's, or one of the report's own charts:
 * report_charts.h) could not be, a row did not pass (each named on
 * stderr and in report.md) or, under fail_on, a finding's verdict fails (each said on its line),
 * 4 when it was written of a run that cannot be read whole (rows lost; stopped before the end of
 * its sweep; no rows: report_part.h) or, under refuse_running, not written of a run still going;
 * 2 for a --spec of another experiment. Dies when the run
 * folder or the spec cannot be read. */
int report_make(const char *run_dir, const struct report_opts *o);
/* The report's own charts below are drawn into the draft's plots/ (report_draft.h), which exists;
 * a chart not drawn is said naming its files where they go, not in the draft. */
struct rundir;
struct report_draft;
/* report_probes: report.md's memory hierarchy (levels table, latency plot) and probes table, from
 * r's probes.tsv; nothing when it has none (report_probes.c). The latency plot's state
 * (report_charts.h: 1 drawn, -1 failed, -2 failed for want of room, else 0); *full the want of room's
 * errno where it is the first (report_chart_state). */
int report_probes(FILE *out, const struct rundir *r, const struct report_draft *d, int *full);
/* report_atlas: report.md's atlas (report_atlas.c): for a run with probes, each variant's best
 * rate and every probe beside the theoretical figure it counts against; nothing otherwise. */
void report_atlas(FILE *out, const struct rundir *r);
/* report_tune: report.md's tuning pass (report_tune.c): for a run whose spec has `tune`, each
 * tuned variant's pick beside the spec's own values, or why no pass ran; nothing otherwise. */
void report_tune(FILE *out, const struct rundir *r);
/* report_search: report.md's search (report_search.c): for a clx run --search folder, what it
 * spent and found, its fastest configurations and its trajectory (plots/search.*). 1 when the
 * trajectory was drawn, -1 when it could not be (not for want of gnuplot), -2 for want of room (its
 * errno into *full where it is the first: report_chart_state), else 0 (report_charts.h). */
int report_search(FILE *out, const struct rundir *r, const struct report_draft *d, int *full);
/* REPORT_MD_WRITTEN: report.md's first line, so that one who edits the file reads, before any note
 * of theirs, that clx writes it whole again (clx report, clx run --report, a resume's report): one
 * hand-edited was overwritten unsaid. An HTML comment: the rendered page does not show it. */
#define REPORT_MD_WRITTEN "<!-- Written by clx: clx report, and a run's own report or its resume, write this file " \
                          "again, so notes kept here are lost: keep them in another file. -->\n"
/* report_sol: report.md's speed-of-light section (report_sol.c): a chart of every row's share of
 * its bound (plots/sol.*), the table of each variant against it, the
 * ceilings; nothing for a run without sol columns. As report_search: 1 when the chart was drawn, -1
 * when it could not be (not for want of gnuplot), -2 for want of room (*full as there), else 0. */
int report_sol(FILE *out, const struct rundir *r, const struct report_draft *d, int *full);
/* report_is_modes: whether run_dir is a modes run (modes.tsv, no results.tsv); report_modes
 * writes its report.md (report_modes.c). */
int report_is_modes(const char *run_dir);
int report_modes(const char *run_dir);
/* modes_table: run_dir/modes.tsv as a table on out, aligned or (markdown) for report.md; -1 when
 * the folder has none. */
int modes_table(const char *run_dir, FILE *out, int markdown);
#endif
