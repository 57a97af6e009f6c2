/* rundir.h — a run folder read back (results.tsv and run.json) for reports and comparisons. */
#ifndef RUNDIR_H
#define RUNDIR_H
#include "runjson.h"
#include "lib/filestamp.h"
#include "lib/launchwork.h"
#include "lib/table.h"
#include <stdio.h>
#include <string.h>

struct rundir {
    char *dir;
    struct table t;
    struct runjson rj;           /* run.json */
    /* From run.json; "" when it does not say. Strings point into rj. */
    const char *experiment, *device, *platform, *driver, *started, *command, *clx_version;
    const char *spec_text, *spec_file;
    double fp32_gflops, mem_gbs; /* theoretical peaks; 0 when unknown */
    struct strlist axes;         /* launch axes as run, spec order, 'local' last */
    int *axis_len;               /* values each axis had (1: a constant, left out of labels) */
    int *axis_col;               /* each axis's column (local: the "local" column) */
    struct strlist derived;      /* derived-value columns: computed, never part of a key */
    /* The columns that identify a configuration: variant, build, then the launch axes by name
     * (so two runs whose run.json lists them in another order still join). */
    struct strlist id_names;
    int *id_col;                 /* [k]: id_names.v[k]'s column (local: the "local" column) */
    int *ok;                     /* [row]: measured and passed (rundir_row_ok), read once */
    /* Rows of the same variant, build and launch point apart from local form a group (the rows
     * a work-group sweep compares); group ids follow the file's order. */
    int *group, ngroups;
    int *group_first;            /* [group]: its first row */
    char **point;                /* [row]: rundir_point(r, row, 0), made once */
    /* Column indexes (-1 when absent). */
    int c_variant, c_build, c_status, c_local, c_median, c_stddev, c_mean, c_gflops, c_gbs, c_flag;
    /* Where a clx merge was writing dir when it was read (store/mergebusy.h), its line: "a merge into
     * DIR is in progress (pid N on HOST); its results are partial", which a reader says at the top of
     * its output; else NULL. Asked of a folder a merge may be writing only (one not read whole, a
     * merge's, or one with its mark), never of a plain run's: it reads /proc/locks. */
    char *merging;
    /* results.tsv's size and modification time as it was read (taken just before): what a report of it
     * records, so that one drawn while a merge rewrote the file can be told stale (report_stale.h). */
    struct filestamp tsv_read;
    /* Rows past results.tsv's that a reader added (rundir_unreached.h): the last nunreached of t's
     * rows stand for configurations a stopped sweep never reached; reach: what is known of them
     * (enum rundir_reach; 0, RUNDIR_REACH_WHOLE, in a folder as read). */
    int nunreached, reach;
};

/* rundir_merging_md: where a merge was writing r's folder when it was read (r->merging), its line as
 * a paragraph of a markdown file ("**Merge in progress:** LINE.", then a blank line) on md; nothing
 * else. One home for report.md, compare.md and history.md (rundirsay.c). */
void rundir_merging_md(FILE *md, const struct rundir *r);

/* rundir_output_of: where dir is another command's folder, not a run's (no results.tsv, and clx
 * compare's compare.md or clx history's history.md), that command's name ("compare", "history");
 * else NULL. */
const char *rundir_output_of(const char *dir);
/* rundir_open: reads dir/results.tsv and dir/run.json; a dir with no results.tsv whose `latest`
 * has one (a folder of runs, clx run --out DIR) is read through it, saying so on stderr. Returns
 * 0, or -1 and *err naming the file, r left empty (rundir_free on it does nothing). Where a clx
 * merge is writing dir now (store/mergebusy.h), r->merging says so and the reader goes on; where it
 * has written nothing whole yet, *err is that line and "nothing whole to read yet" (or, where its
 * merge.unfinished names it, mergeleft.h's words). */
int rundir_open(const char *dir, struct rundir *r, char **err);
/* rundir_open_seen: rundir_open, whether a merge holds the folder asked of locks (lib/lockholders.h:
 * the host's locks read once for every folder a reader opens, clx history's hundreds) rather than
 * of /proc/locks read anew for each; NULL locks: rundir_open. */
struct lockholders;
int rundir_open_seen(const char *dir, struct rundir *r, char **err, struct lockholders *locks);
void rundir_free(struct rundir *r);
/* rundir_realdir: r's folder as a real path (a `latest` link resolved: it moves with the next run,
 * so a file that names the run for later names this), or its dir where it cannot be resolved; a new
 * string. */
char *rundir_realdir(const struct rundir *r);
/* rundir_row_ok: whether row i was measured and passed (status ok or unverified, with a time) and
 * is not flagged IMPOSSIBLE (a rate above the device's peak). */
static inline int rundir_row_ok(const struct rundir *r, int i) { return r->ok[i]; }
/* rundir_point: the launch point of row i as "N=200M TERMS=4" (axes with one value left out;
 * local too unless with_local; an axis whose cell is empty too), in a new string; "" when nothing
 * varies or the row has no point (rundir_build_row). with_local names the row's work-group size
 * where the spec has no local axis too (local_size alone: "local=16x16"). */
char *rundir_point(const struct rundir *r, int i, int with_local);
/* rundir_build_row: whether row i is a variant and build's row as a whole, with no launch point (its
 * launch axes empty): one a run writes where the build failed (build-failed), or before building a
 * variant this device cannot run or the spec got wrong (skipped, error). It stands for every
 * configuration of that variant and build: the run has a row of each, not none. */
int rundir_build_row(const struct rundir *r, int i);
/* rundir_group_rows: r's group, group_first and ngroups made from its rows (rundir_open's; a reader
 * that adds rows makes them again, rundir_unreached.c). */
void rundir_group_rows(struct rundir *r);
/* rundir_planned: whether run r's sweep had value on launch axis `axis` (run.json as_run: the axes
 * as run), as written or as the same number; 1 where as_run does not name the axis or lists a value
 * that is no number (it cannot tell). A configuration it did not have was never planned there: its
 * absence is no failure. */
int rundir_planned(const struct rundir *r, const char *axis, const char *value);
/* rundir_impossible: whether row i is flagged IMPOSSIBLE (above a theoretical peak). */
int rundir_impossible(const struct rundir *r, int i);
/* rundir_above_peak: whether row i passed (its timing stands: ok, cut or unverified) but is set aside,
 * flagged IMPOSSIBLE (its rate above the device's peak): no point, best row or finding's evidence
 * (rundir_row_ok is 0 for it), but no row that failed either; RUNDIR_ABOVE_PEAK_SAID says what it is. */
int rundir_above_peak(const struct rundir *r, int i);
#define RUNDIR_ABOVE_PEAK_SAID "set aside: above the device's peak (flag IMPOSSIBLE)"
/* rundir_sol_over: whether row i is flagged sol>100 (SOL_OVER_FLAG: past its speed of light). */
int rundir_sol_over(const struct rundir *r, int i);
/* rundir_quick: whether the run was a --quick one (run.json's "quick"): the small configuration. */
static inline int rundir_quick(const struct rundir *r) { return r->rj.quick == 1; }
/* rundir_cpu: whether the run's device is the host's own cores (run.json's device.type "CPU"). */
static inline int rundir_cpu(const struct rundir *r) { return r->rj.device.type && !strcmp(r->rj.device.type, "CPU"); }
/* rundir_same_point: whether rows i and j share variant, build and every launch axis but local. */
static inline int rundir_same_point(const struct rundir *r, int i, int j) { return r->group[i] == r->group[j]; }
/* rundir_key: what identifies row i's configuration: variant, build and every launch axis (local
 * only with_local), as one string, the same for the same configuration in any run. */
char *rundir_key(const struct rundir *r, int i, int with_local);
/* rundir_key_but: rundir_key without identifying column skip (an index of id_names; -1: none):
 * what two rows compared along that column share. */
char *rundir_key_but(const struct rundir *r, int i, int with_local, int skip);
/* rundir_id_index: the index of an identifying column in id_names ("build", "N"), or -1. */
int rundir_id_index(const struct rundir *r, const char *name);
/* rundir_id_differs: whether identifying column k (of id_names) differs among rows[0..n-1]. */
int rundir_id_differs(const struct rundir *r, int k, const int *rows, int n);
/* rundir_work: row i's rates and median time, what its work a launch is read from (lib/launchwork.h). */
struct launchwork rundir_work(const struct rundir *r, int i);
/* rundir_speedup: how many times faster row ib of b is than row ia of a per unit of work, by
 * launchwork's rule: the ratio of GFLOP/s where both rows have it, else of GB/s, else of median
 * times (the work of a configuration may differ between builds or devices: a no-opt build given
 * fewer iterations, a grid sized by the compute units). */
double rundir_speedup(const struct rundir *a, int ia, const struct rundir *b, int ib);
/* rundir_value: metric on row i: a column, or an expression over the row's numbers ("median_ms *
 * 1e6 / OPS"); NAN when the row has no value. *err (when err is not NULL) gets an error of the
 * expression itself, not of a row that lacks a value. */
double rundir_value(const struct rundir *r, const char *metric, int i, char **err);
/* rundir_replicates: row i's replicates of its time in ms, the unit of median_ms: each round's
 * median (round_ms), or, with one round or a run before rounds, each trial (trials_ms), else its
 * median alone; in a new array *x (caller frees), how many (0 only for a row with no time). */
int rundir_replicates(const struct rundir *r, int i, double **x);
/* rundir_paired: whether rows ia and ib of r, with na and nb replicates (rundir_replicates), are
 * one pair of sets: each took the same rounds, every one of them in turn with the other's (round k of
 * each began after round k - 1 of the other: the rounds of one block), so that round k of one and of
 * the other saw the same moment of the device, and the rounds paired are all those each row's time
 * stands on. Rounds one row took beyond the other's (an episode measured again, --target-se) came
 * later, alone: such rows are not paired, and a verdict on them is unpaired over all the rounds of
 * each (their medians are the rows' times). One home for compare, the report's builds table and
 * the findings. */
int rundir_paired(const struct rundir *r, int ia, int ib, int na, int nb);
/* How run.json says the run ended: finished; stopped before the end of its sweep (interrupted: a
 * signal, a closed stdout, a results.tsv that could not take a row; a --modes run's launch past its
 * limit; a sweep's goes on, docs/running.md); or
 * neither (unfinished: still running, or ended without saying so: killed outright, or a disk too
 * full for its last write of run.json). A merge (run.json "merged") counts as finished: the parts
 * it lacks are said apart (report_partial). */
enum rundir_end { RUNDIR_FINISHED, RUNDIR_STOPPED, RUNDIR_UNFINISHED };
/* rundir_end: r's; rundir_end_of: that of a run.json read alone (a --modes run's, which has no
 * results.tsv for a rundir). */
enum rundir_end rundir_end(const struct rundir *r);
enum rundir_end rundir_end_of(const struct runjson *j);
/* rundir_cut_past_end: how many rows of a sweep whose run.json says finished a stop cut short (flag
 * ROUNDS_CUT_FLAG), which its resume measured again and could not write in their places (a full
 * disk, as an older clx ended such a run finished); 0 for any other run (a search keeps some rows
 * cut short by design, a merge says its parts). rundir_end takes such a run as stopped: its readers
 * say the rows cut and the --resume that measures them again, and do not read them as results. */
int rundir_cut_past_end(const struct rundir *r);
/* The words for an unfinished run, one home for every reader that says it. */
#define RUNDIR_UNFINISHED_WHY "still running, or ended without saying so: killed, or a full disk"
/* rundir_stopped: where the run did not finish (rundir_end), a sentence saying so: the run (name:
 * "B", "run 3", or NULL for its folder alone), when and by what it was stopped or that it is
 * unfinished (RUNDIR_UNFINISHED_WHY), or still running in another clx (its results.tsv held: its
 * rows so far, read again once it has ended; no --resume, nor cut rows, then), its rows and how
 * many of them a stop cut short, and the --resume that measures those again and the rest (a
 * search's: that goes on with the search, rundir_cut_resume; a tuning pass's:
 * RUNDIR_PASS_STOPPED) (a new string); else NULL. Its missing rows are not another sweep's: a
 * reader says this rather than guess. One home for report, compare and history (rundirsay.c).
 * rundir_stopped_short: "stopped, 24 rows cut short", "unfinished" or "still running" for a label
 * on a picture or a table's cell; NULL as above. */
char *rundir_stopped(const struct rundir *r, const char *name);
/* rundir_is_tune_pass: whether r is a tuning pass's own folder (run.json's tune mode "pass"), which
 * no --resume takes: one stopped before its end decided nothing, and is run again with its
 * experiment (RUNDIR_PASS_STOPPED, as the run's own last line says it). */
int rundir_is_tune_pass(const struct rundir *r);
#define RUNDIR_PASS_STOPPED "the tuning pass was stopped: nothing of the sweep ran; run the experiment again"
#define RUNDIR_PASS_NO_RESUME "a tuning pass's folder takes no --resume"
/* rundir_rows_all: whether r has a row for every configuration of its sweep (run.json's planned_rows;
 * 0 where it does not say): an unfinished run with all of them ended after its last row, the last
 * write of its run.json lost (a full disk), and has nothing for a resume to measure. */
int rundir_rows_all(const struct rundir *r);
char *rundir_stopped_short(const struct rundir *r);
/* rundir_row_cut: whether row i (-1: none) was kept at a stop with only some of its rounds (flag
 * ROUNDS_CUT_FLAG); rundir_rows_cut: how many of r's rows were. One home for report, compare and
 * the findings, which each counted them. */
int rundir_row_cut(const struct rundir *r, int i);
int rundir_rows_cut(const struct rundir *r);
/* rundir_is_search: whether r is a search's (clx run --search: run.json's search part, written at its
 * end and at a stop alike), whose resume measures again only the rows its race comes back to.
 * rundir_cut_resume: what clx run --resume does to n of r's rows a stop cut short (rounds_cut_resume). */
int rundir_is_search(const struct rundir *r);
/* rundir_search_stopped: whether r's search was stopped (its end "stopped", or killed by a stop in a
 * launch): its race had not ended, so its best is its best so far, not what it found.
 * rundir_search_best: what r's search found, as its best's row says it: "the best found: LABEL,
 * 10.17 GB/s", stopped "the best so far (stopped): ..."; a new string, NULL where r is no search or
 * its search has no best. */
int rundir_search_stopped(const struct rundir *r);
char *rundir_search_best(const struct rundir *r);
const char *rundir_cut_resume(const struct rundir *r, int n);
/* rundir_title: "vecsum on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-22"; a run of
 * several devices (rundevs.h) names each: "vecsum on 2 devices: A (...) and B (...), 2026-11-22". */
char *rundir_title(const struct rundir *r);
#endif
