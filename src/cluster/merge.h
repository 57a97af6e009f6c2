/* merge.h — clx merge: the shards of one sweep (clx run --shard K/N) joined into one run folder
 * that clx report, plot and compare read as if the sweep had run in one piece. */
#ifndef MERGE_H
#define MERGE_H

/* What the folders merged are: shards (clx run --shard K/N, clx merge), or the parts of a clx run
 * --split, one per device, whose merged rows say which device ran each (a "device" column: its
 * P:D) and whose run.json lists the devices ("split"); MERGE_SPLIT_ANY also joins parts run on
 * different models or drivers (--split-any), which shards and MERGE_SPLIT refuse. */
enum merge_kind { MERGE_SHARDS, MERGE_SPLIT, MERGE_SPLIT_ANY };

/* merge_runs: checks that dirs[0..n) are shards of one sweep (same spec, axes, options, device,
 * driver and clx; each part once), then writes out (a new or empty folder, or one holding only a
 * parts/ folder: clx run --split keeps its parts there): results.tsv in the unsharded sweep's row
 * order, run.json (the merge's provenance in "merged"), kernels.tsv, cl/, bin/, logs/ and
 * probes.tsv. Configurations no finished shard has are named on stderr; with them nothing is
 * written unless partial. command_line is the merge's, for run.json. Returns, once written, what
 * clx run of the whole sweep returns of the same rows (status_counts_exit): 0, 1 where a merged row
 * or probe measurement did not pass (FAIL, error, build-failed, crashed, timeout, stopped), 3 where
 * every row was skipped; and 1 where configurations are missing (partial); EXIT_CANNOT_RUN when
 * refused (nothing written). */
int merge_runs(const char *const *dirs, int n, const char *out, int partial, enum merge_kind kind,
               const char *command_line);
/* merge_stop_catch: a stop (^C, SIGTERM, SIGHUP) while merge_runs writes is caught from here on
 * (clx merge's; a --split's merge is left to its run): the merge then ends at its next step, leaves
 * out as it was (or marked unfinished where that cannot be cleared) and merge_runs returns 128 + the
 * signal after one line (merge_stop.c). */
void merge_stop_catch(void);
/* merge_force_unlock: from here on, a merge.unfinished that names a merge on another host (a folder
 * every node of a cluster sees) is cleared as a leftover, not refused (clx merge --force-unlock: the
 * user knows that merge ended, which this host cannot tell; merge_again.c). */
void merge_force_unlock(void);
#endif
