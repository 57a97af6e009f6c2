/* report_part.h — what report.md and the console say of a run that holds part of its sweep: one
 * stopped before its end (its rows the stop cut short counted) or unfinished, one shard of
 * several, a partial merge, or a run with no rows at all; and the exit status clx report gives
 * each. */
#ifndef REPORT_PART_H
#define REPORT_PART_H
#include "store/rundir.h"

/* report_partial: where r holds only part of its sweep (stopped, unfinished, one shard of several,
 * a partial merge), a sentence saying so and how the rest is had, with the rows a stop cut short;
 * else NULL. A new string. Its findings and plots are of those rows alone (a finding over "the six
 * kernels" judged on a shard's three), which neither the tables nor the pictures show. */
char *report_partial(const struct rundir *r);
/* report_part_words: where r is part of its sweep by design, what part: "a partial merge (clx merge
 * --partial): 8 of the sweep's 24 configurations have no row (shard 2 of 3 missing)", "shard 1 of 3
 * (clx run --shard 1/3): 8 of the sweep's 24 configurations"; else NULL (a stop's are rundir_stopped's).
 * A new string. */
char *report_part_words(const struct rundir *r);
/* report_part_name: the same, named alone ("a partial merge", "shard 1 of 3"); NULL as there. */
char *report_part_name(const struct rundir *r);
/* report_cut_words: for the provenance's rows line, "; **6 cut short** by the stop (...)" where a
 * stop cut rows short, else NULL. A new string. */
char *report_cut_words(const struct rundir *r);
/* report_no_rows: where r has no row, or finished with every row skipped (nothing measured), the
 * one sentence its report says (why, and the --resume that measures them where it was stopped, or
 * the first row's reason for its skip); else NULL. A new string. */
char *report_no_rows(const struct rundir *r);
/* report_part_status: EXIT_CANNOT_RUN where the run cannot be read whole because configurations of
 * the sweep it holds have no row: stopped before the end of its sweep (run.json interrupted),
 * unfinished (run.json says neither finished nor interrupted: still running, killed, a full disk),
 * a partial merge (run.json's merged.missing: the shards not given, as a stop leaves them), no
 * row at all, or rows all skipped (nothing measured: nothing to report); else 0. A finished shard
 * holds every configuration of its part, which is the sweep its run.json names (shard K/N): 0, as
 * `clx run --shard K/N --report` that did its part. */
int report_part_status(const struct rundir *r);
/* report_running: where another clx still writes r (it has not finished and another process holds
 * its results.tsv's lock: a run or a --resume going on), says so on stderr and returns 1: its report
 * would say "unfinished" and stay beside the finished results, so nothing is drawn; else 0. */
int report_running(const struct rundir *r);
#endif
