/* rundir_unreached.h — the configurations a stopped run's sweep never reached, as rows of their own:
 * results.tsv has no line for them, so a best or an aggregate of the rows it has was read as one of
 * the whole sweep (a finding said "holds" of a max over 2 of 4 work-group sizes). Where run.json's
 * as_run crosses (variants x builds x launch axes) onto the rows, the rest are known; else only that
 * some are missing. */
#ifndef RUNDIR_UNREACHED_H
#define RUNDIR_UNREACHED_H
#include "rundir.h"

/* What a reader knows of r's configurations (r->reach): the run reached them all (finished, or not
 * stopped short of its planned rows, or of a sweep that plans none: a search's, a shard's); or it did
 * not and they are known (rows added for them); or it did not and they cannot be known (an as_run
 * that does not cross onto the rows, or too large to cross; a shard's, whose as_run is the whole
 * sweep's; a tuning's). */
enum rundir_reach { RUNDIR_REACH_WHOLE, RUNDIR_REACH_KNOWN, RUNDIR_REACH_UNKNOWN };

/* The status word of a row added for a configuration never reached: stopped (rowstatus.h: never
 * measured, and --resume measures it), so that every reader of a row that did not pass counts it. */
#define RUNDIR_UNREACHED_STATUS "stopped"

/* A reader's test of a configuration not reached, given as its row (cells by r's columns): 1 where
 * the run would have written it skipped, not measured (the spec's restrictions over a launch axis,
 * which store/ cannot judge), so that it is none not reached; 0 where it would not, or cannot tell. */
typedef int (*rundir_unreached_skip)(void *ctx, const struct rundir *r, const char *const *row);

/* rundir_unreached_open: r as *out, with a row (status RUNDIR_UNREACHED_STATUS, its variant, build,
 * template parameters and launch point filled, nothing measured) for each configuration of its sweep
 * that has none and that skip (NULL: none) does not say the run would have skipped, where r's run
 * stopped before its end and they are known; out->reach says which. out shares r's run.json, columns
 * and rows (r outlives it); rundir_unreached_close frees its own. */
void rundir_unreached_open(const struct rundir *r, struct rundir *out, rundir_unreached_skip skip, void *ctx);
void rundir_unreached_close(struct rundir *out);
/* rundir_row_unreached: whether row i is one rundir_unreached_open added. */
static inline int rundir_row_unreached(const struct rundir *r, int i) { return i >= r->t.nrows - r->nunreached; }
/* rundir_rows_read: the rows r read from results.tsv (those it measured or tried). */
static inline int rundir_rows_read(const struct rundir *r) { return r->t.nrows - r->nunreached; }
#endif
