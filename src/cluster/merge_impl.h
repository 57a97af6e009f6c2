/* merge_impl.h — what the files of clx merge share: merge.c (the shards read and checked, the rows
 * chosen), merge_missing.c (what they lack, said), merge_out.c (the merged folder written; its
 * run.json in merge_json.c) and the files beside them. Not for other modules: they use merge.h. */
#ifndef MERGE_IMPL_H
#define MERGE_IMPL_H
#include "merge.h"
#include "measure/rounds.h"
#include "spec/shard.h"
#include "store/rowstatus.h"
#include "store/runjson.h"
#include "store/sweepid.h"
#include "lib/table.h"

/* One shard folder given to clx merge. */
struct merge_in {
    const char *dir;             /* as given */
    struct runjson rj;           /* its run.json */
    int k;                       /* its part (1 .. n) */
    int finished;                /* run.json says it finished: its rows count */
    int running;                 /* not finished, and its results.tsv is locked: a clx still writes it */
    struct table t;              /* results.tsv (finished shards only) */
};

/* Everything a merge knows. Rows are named by (input, row): pick_in[x] < 0 when none was chosen. */
struct merge {
    struct merge_in *in; int nin;     /* sorted by k */
    const struct runjson *ref;        /* the run.json the merged one starts from: the first finished shard's */
    int n;                            /* parts of the sweep */
    struct sweep_shape shape;
    enum shard_unit unit;
    int *order, *place;               /* variants in the sweep's order, and each one's place */
    long groups, configs;
    int *build_in, *build_row;        /* [v * builds + b]: the build-phase row kept */
    int *sweep_in, *sweep_row;        /* [configuration in sweep order]: the swept row kept */
    char *has_build;                  /* [input * groups + group]: that shard wrote a build-phase row for it */
    long missing;                     /* configurations without a row */
    long *missing_in;                 /* [k]: of them, those part k owns */
    int partial;
    struct status_counts rows;        /* the merged rows by status (merge_write), for the exit status */
    int probes_failed;                /* the merged probes.tsv's measurements that did not pass */
    /* The files the finished parts could not write (their run.json counts.files_unwritten, summed):
     * missing from the merged folder too, which copies theirs (merge_write). */
    int files_unwritten;
    enum merge_kind kind;             /* shards, or the devices' parts of a --split */
    char **real;                      /* the folders' real paths while they load: kept where a refusal's exit
                                       * leaves them reachable (LeakSanitizer) */
};

/* merge_not_a_shard: where dir has no run.json and is known as something else (a folder holding
 * shards' folders, clx compare's or history's folder), the refusal naming it (a new string); else
 * NULL, and runjson_read says what is wrong (merge_which.c). */
char *merge_not_a_shard(const char *dir);
/* How long a shard's held lock is waited for before it is said to be still running (seconds). */
#define MERGE_RUNNING_GRACE_S 5.0
/* merge_running: whether the shard in dir is still being written: another process holds its
 * results.tsv's lock, as a clx run does until it ends (the one a resume waits for). */
int merge_running(const char *dir);

/* merge_describe: "variant X, build Y, N=1M local=64" for configuration c (sweep order): what a
 * message names (a new string; merge_missing.c). */
char *merge_describe(const struct merge *m, long c);
/* merge_part_word: what the inputs are called in messages: shards, or the parts of a --split. */
const char *merge_part_word(const struct merge *m);
/* merge_check_missing: the configurations no finished shard has a row for (a failed build's one
 * row stands for its variant and build), counted in m->missing and m->missing_in[k] (allocated
 * here) and said per shard with an example and what to run (merge_missing.c). */
void merge_check_missing(struct merge *m);

/* The merged rows' columns measured against other rows of the run (merge_rel.c). */
struct merge_rel;
/* merge_rel_new: rel_time, speedup and dev_row_avg of every swept row m keeps, by the run's rule
 * (run/relative.c) over the rows m keeps, not the shards' own; head: the merged file's columns (a
 * shard's results.tsv). Where run.json lacks the spec or the variants as run, rel_time and speedup
 * are empty, said on stderr. Freed by merge_rel_free. */
struct merge_rel *merge_rel_new(const struct merge *m, const struct table *head);
/* merge_rel_cell: configuration c's (sweep order) cell of head's column col anew (a new string, ""
 * where it has no value), or NULL where col is none of those columns: the shard's cell stands. */
char *merge_rel_cell(const struct merge_rel *mr, long c, int col);
void merge_rel_free(struct merge_rel *mr);

/* What the merged rows say of themselves, counted from their cells as a run counts its own: how
 * repeatable they were, and how many have energy (flagged energy-mismatch; windows not aligned). */
struct row_tally { double target_se; struct rounds_tally rounds; int energy, mismatched, unaligned; };

/* merge_record: the merged run's run.json into j (freed by runjson_free): the reference shard's,
 * less its part, with the merge's command, the shards' span, sums and t's and rt's merged rows'
 * counts, and the merge itself (merge_json.c). */
void merge_record(const struct merge *m, const struct status_counts *t, const struct row_tally *rt,
                  const char *command_line, struct runjson *j);
/* merge_write: the merged folder out (created; merge_into has checked that it holds nothing of a
 * run), MERGE_UNFINISHED (store/mergeleft.h) in it from first to last. Returns 0, or -1 after
 * saying why (errno the failure's). */
int merge_write(struct merge *m, const char *out, const char *command_line);
/* merge_mark: MERGE_UNFINISHED (store/mergeleft.h) written into out (made here), holding the merge
 * m as a command (merge_mark.c); 0, or -1 after saying why (errno the failure's). merge_unmark: it
 * removed once the merge is whole (a failure warned). */
int merge_mark(const struct merge *m, const char *out);
void merge_unmark(const char *out);
/* merge_stopped: the stop's signal where clx merge caught one (merge_stop_catch), else 0; asked
 * between the merge's steps. step: the step just done (1: the mark written, 2: the files, before
 * run.json; 0: none): CLX_STOP_IN_MERGE=N stops the merge as ^C does at step N (a test's,
 * docs/environment.md). merge_stop_said: the stop said on stderr, what out holds of it named (the
 * command that writes it), the stops back to their default; returns 128 + the signal.
 * merge_stop_end: the stops back to their default (the merge is whole, or refused). */
int merge_stopped(int step);
int merge_stop_said(const char *out);
void merge_stop_end(void);
/* merge_probes_failed: the measurements of out/probes.tsv that did not pass (none where there is no
 * such file), which make a run's exit status 1 as its failed rows do (merge_back.c). */
int merge_probes_failed(const char *out);
/* merge_read_back: m's rows, failed probes and unwritten files as the merged folder out records
 * them (a merge found there already, which these very parts made): what its exit status was
 * computed from. 0, or -1 after saying why. */
int merge_read_back(struct merge *m, const char *out);
/* merge_into: merge_into_held with out's lock held from first to last (lib/lockfile.h: out made where
 * missing, to hold it by): a second merge into out while one writes it is refused, saying so
 * (store/mergeleft.h's merge_left_busy), and writes nothing; where out's file system cannot lock a
 * folder (NFS), it goes on unlocked (merge_lock.c). CLX_PAUSE_IN_MERGE=FIFO holds the merge inside
 * its lock till that FIFO is opened and closed (a test's, docs/environment.md). Returns as
 * merge_into_held, -1 when refused. */
int merge_into(struct merge *m, const char *out, const char *command_line);
/* merge_into_held: merge_write into out where out is new, empty or holds a --split's parts/ alone;
 * where it holds a partial merge of this sweep, the new merge replaces it if it has every row the old
 * one had (merge_again.c), a report drawn of the old one said removed with it; where it holds the whole merge of these very parts (a pipeline's merge
 * step run again), nothing is written. Anything else there is refused; what a merge that did not
 * finish left there (store/mergeleft.h) is cleared first. existed: out was there before the merge
 * (else what it made of out goes where it fails). Returns 0 (written), 1 (there already), or -1
 * after saying why. */
int merge_into_held(struct merge *m, const char *out, const char *command_line, int existed);
/* merge_again_command: how to merge again over out once what is missing has rows (a new string):
 * "clx merge M/parts/ * / --split --out M" for a split's parts in one folder, else in words. */
char *merge_again_command(const struct merge *m, const char *out);
/* merge_sweep_why: where run.json there (a shard's; a merge's where merged) is of another sweep than
 * here (a shard's of m, read from here_dir): "it differs in the seed (2 there, 1 in DIR)", the axis
 * or option that differs with both its values, or a spec's first line that differs; for a merge,
 * also the number of shards it joined against m's. NULL when they are one sweep; else a new string. */
char *merge_sweep_why(const struct merge *m, const cJSON *here, const char *here_dir, const cJSON *there, int merged);
/* merge_sources_why: where a variant's source that both shard folders keep (cl/NAME.cl) is another
 * kernel in there_dir than in here_dir (spec/expandsame.h: an m4 file the template includes, such
 * as m4/clx.m4, or m4 itself, differed between their runs; the template's hash misses it), the
 * first such, by name: "it differs in the kernel of cl/NAME.cl (line N: 'B' there, 'A' here in
 * DIR): ..."; NULL where none does (a new string). */
char *merge_sources_why(const char *here_dir, const char *there_dir);
#endif
