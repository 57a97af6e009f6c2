/* held_rows.h — the rows a worker has measured and not written yet, as it last sent them
 * (worker_row_now), held by its supervisor: a stop that kills the worker in a launch (one that does
 * not end a second after the stop) would otherwise lose every round measured and not yet in a row,
 * and a crash of a search's worker every row its race had not finished with. The supervisor writes
 * them in the worker's place (supervise.c); and a resume's rows measured again, written whatever ends
 * the worker (HELD_REDONE_V). */
#ifndef HELD_ROWS_H
#define HELD_ROWS_H
#include "lib/worker.h"

struct held_row { int v, b; long pt; int at; char *line; };
/* HELD_REDONE_V: the variant (and build) a resume's row measured again is held under, its kept row's
 * index the pt: apart from every configuration's, and from -1, held_rows_write's "skip none". The
 * worker sends each as it is made and says when its own rewrite of results.tsv took it
 * (held_redone_send, held_redone_written), so that the supervisor writes those left whatever ends the
 * worker (held_rows_write_only): a crash, a kill for a launch past its limit, a die(), a stop. */
enum { HELD_REDONE_V = -2 };
/* Configuration by configuration, as last sent: each with its place where it has one (at: a sweep's
 * rows, in its order; a resumed run's row measured again), else written after those, in the order
 * first sent (a search's). */
struct held_rows { struct held_row *row; int n, cap; };

/* held_rows_put: m's row (WORKER_ROW_NOW) in place of what was held of its configuration, or after
 * the others; held_rows_drop: configuration v, b, pt's row written (WORKER_ROW_WRITTEN); held_rows_has:
 * whether one of it is held; held_rows_clear: none held (a new worker begins). */
void held_rows_put(struct held_rows *h, const struct worker_msg *m);
void held_rows_drop(struct held_rows *h, int v, int b, long pt);
int held_rows_has(const struct held_rows *h, int v, int b, long pt);
void held_rows_clear(struct held_rows *h);

/* held_rows_write: the rows held into dir/results.tsv (results_put_rows: each in the place of the row
 * it was measured again for, else after the last), but those of variant skip_v, build skip_b at
 * point skip_pt (-1: at every point; skip_v -1: none skipped), then `last` (a row of its own, NULL:
 * none). The number of held rows written (a sweep's after one not held are not: results_put_rows), or
 * -1 with errno (nothing written). */
int held_rows_write(const struct held_rows *h, const char *dir, int skip_v, int skip_b, long skip_pt, const char *last);
/* held_rows_write_only: the held rows of variant v (HELD_REDONE_V: the rows measured again) into
 * dir/results.tsv as held_rows_write writes them, and held no longer (written or not: a worker's
 * rows are never written twice). How many were written (0: none held), or -1 with errno. */
int held_rows_write_only(struct held_rows *h, const char *dir, int v);

/* The worker's side. held_redone_send: the row measured again for kept row i (line: a results.tsv
 * line, its newline optional) to the supervisor, to take that row's place (data row i) should the
 * worker end before its own rewrite; held_redone_written: that rewrite is made, it holds it no longer.
 * Without a supervisor they do nothing. */
void held_redone_send(int i, const char *line);
void held_redone_written(int i);
#endif
