/* results.h — a run's results folder: results.tsv written row by row (flushed to disk at once, so
 * a crash loses nothing finished), run.json, and the cl/ bin/ logs/ subfolders. */
#ifndef RESULTS_H
#define RESULTS_H
#include <cjson/cJSON.h>
#include <stdio.h>
#include "lib/util.h"

/* A TSV file written row by row: the header is line 1 (pandas, R, gnuplot and awk read it with
 * no options); each row is handed to the kernel at once (a killed clx loses nothing finished) and
 * synced to the disk at least once a second and on close (a machine that goes down loses at most
 * the last second's rows: syncing every row cost seconds on a sweep of thousands). A write error
 * is warned about once and remembered in failed. */
/* kept: where the last complete line ends; a failed write is cut back to it, so every row the
 * file holds stays whole, and nothing more is written after a failure; err: that failure's errno
 * (ENOSPC, EDQUOT: a full disk or quota, lib/diskfull.h), for what the run says of its stop. */
/* unsaid: a failed write is not said here (results.tsv's is, with what it means for its rows): its
 * writer says what could not be written. */
struct tsv_out { FILE *f; char *path; int ncols; int failed, err; double synced; long long kept; int unsaid; };
/* tsv_open: creates path for writing; 0, or -1 with errno. */
int tsv_open(struct tsv_out *t, const char *path);
/* tsv_header: writes the column names; once, before any row. */
void tsv_header(struct tsv_out *t, const struct strlist *cols);
/* tsv_row: one row (tabs and newlines inside a value become spaces). The number of values must
 * equal the header's: a short row is padded, a long one cut, with a warning. */
void tsv_row(struct tsv_out *t, const struct strlist *vals);
/* tsv_close: 0, or -1 when any write (or the close) failed. */
int tsv_close(struct tsv_out *t);

struct results {
    char *dir;      /* results/<experiment>-<device>-<timestamp> */
    struct tsv_out tsv;
    int lock_fd, locked;   /* an exclusive flock on results.tsv while this process writes the run */
};

/* results_lock: waits up to wait_s seconds for the exclusive lock on dir/results.tsv that every
 * process writing a run holds (a stopped worker may still be finishing). Returns the descriptor
 * holding it, or -1 (errno EWOULDBLOCK when another process still holds it). */
int results_lock(const char *dir, double wait_s);
/* results_held: 1 when another process holds dir/results.tsv's lock for grace_s seconds more (a clx
 * still writing that run: clx merge's and clx report's "still running"), else 0 (no such file, or
 * the lock free: taken for an instant and let go at once). */
int results_held(const char *dir, double grace_s);
/* results_claim: a resume's hold on the run's folder itself (an exclusive flock on the folder), taken
 * before it reads whether the run finished and kept until its process ends (its worker, forked,
 * shares it). results.tsv's lock comes later, after the device's turn and the builds: a second
 * resume started in between found neither the run finished nor its file locked, went on, waited
 * for the device's turn and found the run finished by the first. With wait 0, -1 (errno
 * EWOULDBLOCK) where another process holds it; else waits (EINTR where a signal ended the wait).
 * The descriptor, or -1 where the folder cannot be opened or locked. */
int results_claim(const char *dir, int wait);

/* Where runs go, and comparisons and histories beside them, when no --out or --results says. */
#define RESULTS_ROOT_DEFAULT "results"

/* results_open: makes root/<experiment>-<device slug>-<YYYYmmdd-HHMMSS> (a -2, -3 suffix when it
 * exists) with cl/, bin/, logs/ and results.tsv. Returns 0, or -1 with errno. root/latest moves
 * to it later, at its first row that ran (store/latest.h). */
int results_open(struct results *r, const char *root, const char *experiment, const char *device);
/* results_make_dir: the folder alone: root/<experiment>-<device slug>-<YYYYmmdd-HHMMSS> (a -2, -3
 * suffix when it exists), root made when missing. A new string, or NULL with errno. */
char *results_make_dir(const char *root, const char *experiment, const char *device);
/* results_drop_last_column: dir/results.tsv without its last column where that is name (a column a
 * run adds once its sweep is whole, which a resume adds again at its end), rewritten whole beside
 * it and moved in place. 0 (also where there is none such), or -1 with errno. */
int results_drop_last_column(const char *dir, const char *name);
/* results_reopen: continues the run in dir: results.tsv cut to keep_bytes (its complete lines,
 * header included: ncols columns), later rows appended. 0, or -1 with errno. */
int results_reopen(struct results *r, const char *dir, long keep_bytes, int ncols);
/* results_header, results_row: tsv_header and tsv_row on results.tsv. */
void results_header(struct results *r, const struct strlist *cols);
void results_row(struct results *r, const struct strlist *vals);
/* results_replace_rows: results.tsv rewritten with data row i < n as lines[i] (a whole line, its
 * newline included) where lines[i] is not NULL (the speed of light of rows whose measured ceiling
 * the run's rows passed: sol/passed.h; a resume's rows measured again in the places of those a stop
 * cut short: run_rows.c), as results_add_column rewrites it; 0, or -1 with errno. */
int results_replace_rows(struct results *r, char *const *lines, int n);
/* results_relayout: results.tsv rewritten with before[i] (whole lines, newlines included) put before
 * data row i where it is not NULL, and data row i left out where drop[i] (i < n; the rows past n as
 * they are): a resume's build that did not build before and does now, whose one row goes and whose
 * configurations' rows go in their places in the sweep (run_revive.c); 0, or -1 with errno. */
int results_relayout(struct results *r, char *const *before, const char *drop, int n);
/* results_set_column: results.tsv rewritten with column name's cell of data row i set to vals[i]
 * where i < vals->n and vals[i] is not NULL (the others as they are), as results_add_column rewrites
 * it; 0, or -1 with errno (EINVAL: the header has no such column). */
int results_set_column(struct results *r, const char *name, const struct strlist *vals);
/* results_set_columns: results_set_column for n columns (at most 4) in one rewrite: names[k]'s cells
 * from vals[k]; the file holds all of them made anew or none. EINVAL where the header lacks one. */
int results_set_columns(struct results *r, const char *const *names, const struct strlist *const *vals, int n);
/* results_add_column: appends a column to every row already written: name in the header, vals[i]
 * on the i-th data row (empty past vals->n). The file is rewritten to a temporary name and moved
 * into place, so it is whole at every moment; later rows append as before. 0 or -1. */
int results_add_column(struct results *r, const char *name, const struct strlist *vals);
/* results_write_json: writes obj as dir/name (pretty printed, atomically). 0 or -1. */
int results_write_json(struct results *r, const char *name, const cJSON *obj);
/* results_read_json: dir/name parsed (an object), or NULL and *err ("dir/run.json: not valid JSON"). */
cJSON *results_read_json(const char *dir, const char *name, char **err);
/* results_json_same: whether two run.json values are equal, as their unformatted JSON text (both
 * NULL counts as equal). */
int results_json_same(const cJSON *a, const cJSON *b);
/* results_path: dir/sub in a new string. */
char *results_path(const struct results *r, const char *sub);
/* results_put_rows: the n rows lines[i] (whole lines, newline included) into dir/results.tsv, under
 * the run's lock, for a worker that could not write them (killed by a stop in a launch): line i in
 * the place of data row at[i] - 1 where the file has that row (one it was measured again for), else
 * after the last complete line (a cut-off last line is dropped): first those whose at[i] goes on from
 * the file's rows, in that order, while none is missing (a sweep's rows are read back by their
 * places: one after a gap is left out), then those of at[i] 0, in order. Written to a temporary name
 * and moved into place. How many of them it wrote, or -1 with errno. */
int results_put_rows(const char *dir, char *const *lines, const int *at, int n);
/* results_close: 0, or -1 when a write to results.tsv failed at any time. */
int results_close(struct results *r);
/* results_discard: closes r, a folder results_open made that nothing was measured into, and removes
 * what results_open put there and then the folder, never anything else (a folder holding more stays).
 * 0 when the folder is gone, or -1 with errno. */
int results_discard(struct results *r);

/* tsv_line: the first n values as one results line, tab-separated and escaped, newline at the
 * end (values past vals->n empty): a new string. */
char *tsv_line(const struct strlist *vals, int n);
/* tsv_escape: a copy of s with tabs and newlines replaced by spaces. */
char *tsv_escape(const char *s);
#endif
