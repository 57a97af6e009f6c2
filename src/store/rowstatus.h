/* rowstatus.h — a row's status: the words results.tsv holds, their counts, and the line every summary says them in. */
#ifndef ROWSTATUS_H
#define ROWSTATUS_H

enum row_status { RS_OK,
                  RS_CUT,         /* ok, but kept at a stop before all its rounds ran (flag ROUNDS_CUT_FLAG
                                   * beside it): a time of its work on fewer rounds than asked, which
                                   * --resume measures again; not "ok", so that no one filtering the
                                   * file takes a row of one round for one of twenty */
                  RS_UNVERIFIED, RS_FAIL, RS_ERROR, RS_SKIPPED, RS_BUILD_FAILED, RS_CRASHED, RS_TIMEOUT,
                  RS_STOPPED,     /* never measured, and --resume measures it: in flight when a stop killed the
                                   * worker, or of a variant and build whose worker crashed
                                   * or whose launch ran past its limit (supervise.c) */
                  RS_N };

/* The flag of a row kept at a stop (^C, SIGTERM, SIGHUP) before all its rounds ran: its time stands
 * on fewer rounds than the run asked, so it is measured again by --resume. The flag, not the status,
 * is what clx reads back (resume, report, compare, history, merge): it is on every such row, of
 * whatever status (an unverified row keeps its own), and on the `ok` rows of a folder an
 * older clx wrote before the status `cut` was. */
#define ROUNDS_CUT_FLAG "rounds-cut"
/* row_status_cut_short: the status of a row of status s that a stop cut short: cut for ok, s for any
 * other (unverified already says the row is no checked result). row_status_whole: the
 * other way, for a row a resumed search keeps whole without measuring it again (search_kept.c). */
enum row_status row_status_cut_short(enum row_status s);
enum row_status row_status_whole(enum row_status s);
/* rounds_cut_resume: what clx run --resume does to n rows a stop cut short, in words that follow
 * "--resume": a sweep's it measures again, each in its place; a search (search) goes on, measuring
 * again those its race comes back to, and the others keep their values with what the race decided
 * (docs/search.md). One home for the run's console, report.md, the summary and the findings. */
const char *rounds_cut_resume(int search, int n);
/* The flag of a 'crashed' row whose configuration crashed its worker for the first time: --resume
 * runs it once more (an out-of-memory killer's SIGKILL, or another process's, need not come again);
 * crashed again there, its row has no such flag and stays. */
#define CRASH_RETRY_FLAG "crash-retry"
/* The flag of a verified row faster than its speed of light by more than SOL_OVER (sol/bound.h,
 * run/run_sol.c): the spec's work or a ceiling is wrong, or the work was not done, so its time is
 * no result (the speed-of-light table and chart, and compare and history, keep it apart). */
#define SOL_OVER_FLAG "sol>100"
/* flag_has: whether a flag column's cell (flags separated by commas) holds flag as one of them. */
int flag_has(const char *flags, const char *flag);
/* flag_without: that cell without flag wherever it is one of them, the others in their order (a new
 * string; "" where none is left). */
char *flag_without(const char *flags, const char *flag);

/* row_status_word: the word in results.tsv; row_status_key: run.json's counts key. */
const char *row_status_word(enum row_status s);
const char *row_status_key(enum row_status s);

/* row_status_of: the status a word names; any other word is an error row. */
enum row_status row_status_of(const char *word);

/* What a row says of its configuration, beside another run's row of it (clx compare, clx history)
 * or in a sweep's exit status (status_counts_exit): every status is one of three, and a
 * configuration a run has a row of, whatever its status, is never one the run lacks ("no row": a
 * configuration of another sweep, or one a run stopped before reaching):
 *   ROW_MEASURED  ok, cut, unverified: a time of its work (cut: on fewer rounds than asked);
 *   ROW_FAILED    FAIL, error, build-failed, crashed, timeout, stopped: the run tried it and it did
 *                 not pass (a kernel that gives wrong answers, or none, or a build that failed);
 *   ROW_SKIPPED   skipped: the run chose not to run it (more than the host's or the device's memory
 *                 holds, a work-group past the device's limit, the spec's requires; its note says
 *                 why). Nothing failed, and nothing was measured either: a run that skips what
 *                 another measured has lost that configuration. */
enum row_kind { ROW_MEASURED, ROW_FAILED, ROW_SKIPPED };
enum row_kind row_status_kind(enum row_status s);

/* row_status_is_failed, row_status_is_measured: row_status_kind's ROW_FAILED and ROW_MEASURED for a
 * status the program holds (a row it is writing, a mode, a probe); the word forms are for rows
 * read back from a file. */
int row_status_is_failed(enum row_status s);
int row_status_is_measured(enum row_status s);

/* row_status_is_ran: a row whose configuration the device ran to an answer: ok, cut, unverified,
 * or FAIL (its output checked and found wrong). Not build-failed or skipped (nothing reached the
 * device), stopped (never measured), crashed, timeout or error (no answer came back, or the row
 * says a spec's or a build's trouble). A run is one results/latest may name from its first such
 * row (store/latest.h). */
int row_status_is_ran(enum row_status s);

/* row_status_failed: a row that did not pass (FAIL, error, build-failed, crashed, timeout,
 * stopped); a word
 * that is no status is not one. */
int row_status_failed(const char *word);

/* row_status_measured: a row whose timing stands (ok, cut or unverified): what reports draw. */
int row_status_measured(const char *word);

/* ROW_TIMEOUT_NOTE: how a 'timeout' row's note begins, its launch's limit after it in seconds ("a
 * launch did not finish within 5 s (...)"): the row's time is known to be at least that, which a
 * finding's best uses (report/finding_timeout.h). row_timeout_limit_s: that limit from such a note (six digits; an
 * older clx wrote three, to half a percent); NAN from any other note. */
#define ROW_TIMEOUT_NOTE "a launch did not finish within "
double row_timeout_limit_s(const char *note);

/* A search's word for a row in its timing_note ("search: WORD after N rounds", run/search_sweep.c):
 * SEARCH_DROPPED for one its race decided SLOWER and measured no more, SEARCH_BEST the
 * beginning of its best's ("the best found", "the best so far"); written by run/search_end.c, read by
 * report/compare_search.c. */
#define SEARCH_NOTE "search: "
#define SEARCH_DROPPED "decided SLOWER than the incumbent"
#define SEARCH_BEST "the best"

/* row_status_skipped: a row of the word "skipped" (ROW_SKIPPED). */
int row_status_skipped(const char *word);

struct status_counts { int n[RS_N]; int rows; };

/* status_counts_add: one more row of status word (read back from a file); status_counts_note:
 * one more of status s. */
void status_counts_add(struct status_counts *c, const char *word);
void status_counts_note(struct status_counts *c, enum row_status s);

/* status_counts_failed: rows that did not pass (FAIL, error, build-failed, crashed, timeout, stopped). */
int status_counts_failed(const struct status_counts *c);
/* status_counts_measured: rows with a time of their work (ok, cut, unverified: ROW_MEASURED). */
int status_counts_measured(const struct status_counts *c);

/* status_counts_exit: the exit status a sweep's rows give it, the rule clx run's end, a resume of a
 * finished run, clx report and clx merge (of the merged rows) share: EXIT_CANNOT_RUN (4) where
 * files_unwritten of the run's files could not be written (run.json counts.files_unwritten: its
 * folder is incomplete whatever its rows say, and the run exited so); else EXIT_ROWS_FAILED (1)
 * where a row did not pass (status_counts_failed) or probes_failed probe measurements did; else
 * EXIT_NOTHING_RAN (3) where none was measured (every row skipped: a caller may know of an exception
 * first, such as a shard with nothing of its own); else 0. What is no row's and not recorded
 * (nothing built) each command says itself. */
int status_counts_exit(const struct status_counts *c, int probes_failed, int files_unwritten);

/* status_counts_line: "N ok, N FAIL, N error, N skipped, N build-failed", with cut, unverified,
 * crashed, timeout and stopped named where there are any (new string). */
char *status_counts_line(const struct status_counts *c);
/* status_counts_line_against: the same, where the rows were checked against a baseline variant
 * (the spec's verify { baseline }): its ok rows said as agreeing with it, its unverified as the
 * baseline's own. baseline: the variant's name, "" where it is not known (a reader of run.json,
 * whose verify says "baseline"), NULL for status_counts_line's words (new string). */
char *status_counts_line_against(const struct status_counts *c, const char *baseline);
/* status_counts_some: only the statuses there are, in the order of status_counts_line: "2 FAIL,
 * 1 crashed"; "" when there are none (new string). */
char *status_counts_some(const struct status_counts *c);

#endif
