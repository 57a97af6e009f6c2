/* report_draft.h — a report drawn aside, then put in place whole: report.md, findings.tsv and the
 * plots are written into RUN/report.tmp/ and moved into the run folder only once every one is
 * written, so that a stop while it is drawn (^C, SIGTERM, SIGHUP) leaves the folder as it was: the
 * earlier report.md, findings.tsv and plots/ untouched, the draft removed, one line said.
 * clx compare and clx history draw theirs the same way, in a flat draft (OUT/compare.tmp/,
 * OUT/history.tmp/) whose files go into their folder with the .md last (report_draft_begin_flat). */
#ifndef REPORT_DRAFT_H
#define REPORT_DRAFT_H
#include "lib/util.h"
#include <stdio.h>

struct report_draft {
    char *run_dir;               /* the run folder the report is of */
    char *dir, *plots;           /* the draft: run_dir/report.tmp and its plots/ */
    int lock;                    /* the draft's folder held by this clx while it draws (lockfile_dir) */
    struct strlist own;          /* the stems of the plots and charts the report draws (report_draft_own) */
};

/* report_draft_begin: the draft made afresh (one a clx killed outright left is removed first) and
 * the stops caught from here on (stopcatch_catch_signals) until report_draft_done or
 * report_draft_stop. 0, or -1 with errno where the draft cannot be made (a read-only folder), or
 * EWOULDBLOCK where another clx is drawing into the same folder now (report_draft_busy says so): the
 * stops are then not caught, and the draft is freed. */
int report_draft_begin(struct report_draft *d, const char *run_dir);
/* report_draft_begin_flat: as report_draft_begin, for an output folder dir whose files a command
 * draws into dir/draft_name ("compare.tmp"), with no plots/ of its own (compare, history). */
int report_draft_begin_flat(struct report_draft *d, const char *dir, const char *draft_name);
/* report_draft_busy: where report_draft_begin failed with err EWOULDBLOCK, "clx WHAT: another clx
 * is writing into DIR now (it holds DIR/DRAFT_NAME...): nothing was written; ADVICE" said on stderr,
 * and 1; else 0, nothing said. what: "compare", "history", "report"; advice: what to do instead.
 * A report's (report_draft_begin) passes NULL for both: its draft, and the clx report that draws it. */
int report_draft_busy(int err, const char *what, const char *dir, const char *draft_name, const char *advice);
/* report_draft_file: name's path in the draft ("report.md"). A new string. */
char *report_draft_file(const struct report_draft *d, const char *name);
/* report_draft_stopped: the stop's signal where one came, else 0; asked between the report's
 * plots. plots_done: how many of the spec's plots are drawn or tried (0 where none was just now):
 * CLX_STOP_AFTER_PLOTS=N stops the report as ^C does once N are (docs/environment.md, a test's). */
int report_draft_stopped(int plots_done);
/* report_draft_own: stem (a spec's plot's name, a chart's: "sol") is one the report draws: an earlier
 * report's STEM.tsv, STEM.gp, STEM.svg and STEM.png in plots/ are its to replace, as are those of
 * each figure it draws (heat-fast.*), never STEM-ANY.* otherwise (plotsown.h). */
void report_draft_own(struct report_draft *d, const char *stem);
/* report_draft_done: the draft's files moved into the run folder where md_ok (report.md written
 * whole): findings.tsv where the draft has it, then the plots (an earlier report's pictures, data
 * and scripts in plots/ removed first, so that none stays from a plot since renamed: those its
 * report.md names, or named exactly as this report's files are; another's, and a file of another
 * kind, stay), then report.md last. Where !md_ok none is: the folder stays as it was,
 * as after a stop. The draft removed, the stops back to their default. 0, or the errno of
 * report.md's move (an earlier report.md then stays as it was). */
int report_draft_done(struct report_draft *d, int md_ok);
/* report_draft_done_flat: every file of a flat draft moved into its folder (an earlier one of the
 * same name replaced), `last` ("compare.md") last, so that a folder holding it holds the rest, and
 * before it the files of the stems given to report_draft_own that the draft does not have removed
 * (an earlier output's: the caller gives them only where the folder holds one); as
 * report_draft_done, none where !ok, the draft removed, the stops back to their default. 0, or the
 * errno of a move (the first). */
int report_draft_done_flat(struct report_draft *d, const char *last, int ok);
/* report_draft_in_place: text (a message naming a draft's file, "gnuplot failed on DRAFT/x.gp")
 * with the draft's folder said as the folder its files go to: a new string. */
char *report_draft_in_place(const struct report_draft *d, const char *text);
/* report_draft_not_drawn: a chart of the report's own that gnuplot could not draw into the draft:
 * err (naming its files in the draft) said where they go, on stderr (unless a stop came: its line
 * says it, or full: a full disk, said once with the report's files) and as "**Not drawn:** ..." in
 * report.md (md). */
void report_draft_not_drawn(FILE *md, const struct report_draft *d, const char *err, int full);
/* report_draft_stop_said: the draft removed, the stops back to their default, and "clx: stopped by
 * SIGx while WHAT" said on stderr (what: the rest of the line). Returns 128 + sig. */
int report_draft_stop_said(struct report_draft *d, int sig, const char *what);
/* report_draft_stop: the draft removed (the run folder as it was before the report began), the
 * stops back to their default, the stop said on stderr with the command that draws the report.
 * Returns 128 + sig, the exit status. */
int report_draft_stop(struct report_draft *d, int sig);
#endif
