/* merge.h — clx merge: the shards of one sweep (clx run --shard K/N) joined into one run folder
 * that clx report, plot and compare read as if the sweep had run in one piece. */
#ifndef MERGE_H
#define MERGE_H

/* merge_runs: checks that dirs[0..n) are shards of one sweep (same spec, axes, options, device,
 * driver and clx; each part once), then writes out (a new or empty folder): results.tsv in the
 * unsharded sweep's row order, run.json (the merge's provenance in "merged"), kernels.tsv, cl/,
 * bin/, logs/ and probes.tsv. Configurations no finished shard has are named on stderr; with them
 * nothing is written unless partial. command_line is the merge's, for run.json. Returns 0 (whole),
 * 1 (written with configurations missing, partial), or EXIT_CANNOT_RUN (refused, nothing written). */
int merge_runs(const char *const *dirs, int n, const char *out, int partial, const char *command_line);
#endif
