/* compare_join.h — what a comparison puts side by side: runs joined on their configurations, or
 * one run's rows joined along one identifying column (--by build: each build against the first) or
 * one template parameter of its variants (--by ILP: the rest of the variant held fixed), or runs
 * that differ in nothing but one such column, joined along it. */
#ifndef COMPARE_JOIN_H
#define COMPARE_JOIN_H
#include "store/rundir.h"
#include "verdict.h"
#include "compare_noise.h"
#include "compare_param.h"

/* One side: a run's rows, all of them or (along a column) those with one value of it. */
struct cmp_side {
    const struct rundir *r;
    const char *value;           /* the column's value this side holds (along a column), else NULL */
    char *label;                 /* "A", or "A: build -cl-opt-disable" */
};

struct cmp_join {
    struct rundir *runs;         /* the runs read (one with --by) */
    int nruns;
    int n;                       /* sides; side 0 is what the others are compared against */
    struct cmp_side *side;
    int along;                   /* the identifying column compared along (index of id_names), -1: none */
    const char *along_name;      /* its name ("build"), NULL */
    int by_name;                 /* along variant by name, the ids' parameters in the key (compare_join.c) */
    /* Along a template parameter (--by ILP): along is the variant column (0), along_name the
     * parameter's, each side one value of it, and the rest of the variant in the key (VEC=4). */
    int by_param;
    struct cmp_param param;
    struct strlist values;       /* the values compared along (with --by), which the sides point into */
    int nconf;                   /* configurations measured on some side, side 0's order first */
    int *where;                  /* [conf * n + side]: the side's row of the configuration, -1 */
    int ncommon;                 /* configurations every side has */
    int *copy_of;                /* [run]: the first run whose rows it holds cell for cell, -1 (compare_copies.h); NULL: none */
    /* [sa * n + sb]: sides that ran the same kernels under specs that declare other work, compared
     * by time a launch (compare_declwork.h); NULL: none are. */
    unsigned char *timed;
    /* What names side 0 in the words of what --fail-on fails on (cmp_base_name: "A"; in a pair of a
     * history's runs, compare_pair.h: "run 2"). NULL: "A". */
    const char *base;
};

/* cmp_join_runs: runs of one experiment joined on configuration; runs that share no
 * configuration but would if one identifying column were left out (one run built with
 * -cl-opt-disable, the other without) are joined along it, and say so. 0, or -1 with *err. */
int cmp_join_runs(const char *const *dirs, int n, struct cmp_join *j, char **err);
/* cmp_join_opened: cmp_join_runs of n runs read already (rundir_open), taken whole: runs (an array
 * from xcalloc) is j's from the call on, freed by cmp_join_free whatever it returns; their folders
 * as read are the ones named. Each folder read once where the caller had to read them before the
 * join (clx history: their dates). */
int cmp_join_opened(struct rundir *runs, int n, struct cmp_join *j, char **err);
/* cmp_join_by: one run's rows joined along column `by` (build, variant, a launch axis, or a template
 * parameter of the variants with several values: the rest of the variant held fixed): each of its
 * values is a side, the first value met (for variant: the spec's relative one, the variant whose
 * rel_time is 1; for a parameter: the first the spec lists) the one the others are compared
 * against. 0, or -1 with *err; *usage is set when `by` names nothing the run is compared along (a
 * mistake on the command line, exit 2: a parameter of one value is one). */
int cmp_join_by(const char *dir, const char *by, struct cmp_join *j, char **err, int *usage);
/* cmp_row_key: what joins row i of side s's run (its configuration without the column compared
 * along), a new string; NULL when the row is not of side s (another value of that column). Any
 * row, measured or not: what did not pass is put beside what did by it (compare_status.c). */
char *cmp_row_key(const struct cmp_join *j, int s, int i);
/* cmp_row_params: what of row i's variant every side shares, as compare.tsv's params column holds
 * it: along variant names (by_name) the id's parameters ("EXTRA=2"), along a parameter (by_param) the
 * rest of the variant ("VEC=4"; "" where it has no other); else NULL. Points into the table or j. */
const char *cmp_row_params(const struct cmp_join *j, const struct rundir *r, int i);
/* cmp_row_shared: what of row i's variant every side shares, in the variant ids' grammar, as
 * compare.tsv's params column holds it: the variant's id where it is not compared along; along
 * variant names the id's parameters ("EXTRA=2"; "" along plain names: nothing is shared); along a
 * parameter every other parameter of the variant (cmp_param_rest: "VEC=4", volkov_fma's
 * "UNROLL=32"). A new string. */
char *cmp_row_shared(const struct cmp_join *j, const struct rundir *r, int i);
/* cmp_variant_said: row i's variant as the tables say it, what differs between the sides "(each)":
 * its id (along another column), "(each)" along variant, "(each):EXTRA=2" along variant names,
 * "VEC=4,ILP=(each)" along a parameter. A new string. */
char *cmp_variant_said(const struct cmp_join *j, const struct rundir *r, int i);
/* cmp_along_said: row i's value of what is compared along (its variant's name along variant names,
 * its parameter's value along one), "''" where it is empty or has none; a new string. */
char *cmp_along_said(const struct cmp_join *j, const struct rundir *r, int i);
/* cmp_in_all: whether configuration c was measured on every side. */
int cmp_in_all(const struct cmp_join *j, int c);
/* cmp_base_name: what names side 0 in the gate's words: j->base, else "A". */
const char *cmp_base_name(const struct cmp_join *j);
void cmp_join_free(struct cmp_join *j);

/* One configuration on side sb against side sa: the verdict (on times per unit of work: GFLOP or
 * GB per launch where both rows define it), the speed-up, whether the rounds were paired (one
 * run's rows whose rounds interleaved: the noise floor of their ratios), and clock: with every
 * trial's clock read on both sides, the verdict in cycles (time x clock) was not the time's, so the
 * difference came from the clock, not the code ("SLOWER (clock)"). */
struct cmp_cell {
    struct verdict_result v; double speedup; int paired, clock;
    /* The work a launch: sb's over sa's (GFLOP, else GB, as the verdict takes them; NAN where the
     * rows define none) and its unit. The time ratio of the cell is v.ratio x work_ratio: of the
     * same replicates as the speed-up (compare.tsv's time_ratio, work_ratio, speedup). */
    double work_ratio; int work_unit;
    /* One round far out (verdict_far_round): far set, the side (sa or sb) whose round it is, its
     * time and the median of that row's other rounds (ms, as round_ms), and the floor without it. */
    int far, far_side;
    double far_ms, far_others_ms, far_floor_without;
};
/* cmp_cell_time_ratio: cell x's time a launch, sb's over sa's, from the replicates its verdict and
 * speed-up stand on (the rounds both took in turn where paired): work_ratio / speedup. */
double cmp_cell_time_ratio(const struct cmp_cell *x);
/* cmp_cell_note: what qualifies cell x's verdict, as compare.tsv's and history.tsv's verdict_note
 * columns hold it (the verdict column holding the word alone): "clock" (x->clock), "rounds-cut"
 * (cut: a row of it a stop cut short), both comma-separated, or "" (static). The console and the
 * Markdown say them in parentheses after the word: "SLOWER (clock)". */
const char *cmp_cell_note(const struct cmp_cell *x, int cut);
/* The verdicts (compare_decide.c). cmp_decide: configuration c of side sb against side sa (both
 * must have it); extra: a relative standard error of run-to-run noise to add (unpaired only;
 * cmp_run_noise). */
void cmp_decide(const struct cmp_join *j, int c, int sa, int sb, const struct verdict_rule *rule, double extra,
                struct cmp_cell *out);
/* cmp_decide_rows: row ib of run r against its row ia, as `clx compare RUN --by build` decides a
 * configuration of one run against another of it (cmp_decide on a join of the two rows, no
 * run-to-run noise added: one run), so that a run's own summary calls a ratio what compare calls it. */
void cmp_decide_rows(const struct rundir *r, int ia, int ib, const struct verdict_rule *rule, struct cmp_cell *out);
/* cmp_slowdown_said: a build's slowdown (ratio: its time per unit of work over the first build's,
 * above 1 slower) and verdict v as the report says them, one text for its builds table and its opt
 * vs no-opt chart: a factor over 1 either way with the verdict's word, "6.01x SLOWER", "1.45x
 * FASTER" ("0.69x FASTER" under ">1 = slower" read two ways), "1.00x SAME", and undecided, which
 * way the ratio leans, "1.25x faster, UNSURE"; "-" where ratio is not a number. Returns buf (64
 * bytes hold any). */
const char *cmp_slowdown_said(char *buf, size_t n, double ratio, enum speed_verdict v);
/* cmp_run_noise: how far n cells' differences scatter beyond what their rounds predict: the
 * robust spread (1.4826 x the median) of |log ratio - m| / standard error, m the median log ratio
 * (a shift of the whole run), or with same_setup 0. About 1 when the rounds tell the whole noise; above
 * it, runs differ by more than their rounds show, and every standard error is that much too small.
 * Used where the runs are of one device model (runs of one build on one device differ only by
 * noise in most configurations; a change that moves a few of them does not move the median). With
 * the same setup (cmp_same_setup) every difference is noise, a shift of the whole run too: on a
 * loaded 2-core machine two runs of one sweep were 0.64-1.19x apart. 1 for fewer than RUN_NOISE_LEAST cells. */
double cmp_run_noise(const struct cmp_cell *cells, int n, int stride, int same_setup);
/* cmp_shift: how n cells (every stride-th) moved as a whole (compare_noise.h): their median
 * speed-up, how many lie on its side of 1, and their decided verdicts' way and amounts; a median
 * of 1 and nothing on its side where none has a speed-up. */
struct run_shift cmp_shift(const struct cmp_cell *cells, int n, int stride);
/* cmp_same_device: whether sides sa and sb are separate runs on one device model (where run-to-run
 * noise applies). cmp_same_setup: and of the same platform, driver, clx version, spec text,
 * template and host reference (where both runs recorded them), and the same device and driver
 * settings (compare_devsetup.h: the driver's variables, the compute units ...): nothing clx knows
 * of changed between them. */
int cmp_same_device(const struct cmp_join *j, int sa, int sb);
int cmp_same_setup(const struct cmp_join *j, int sa, int sb);
/* cmp_other_device: what of the device sides sa and sb ran on differs, as CMP_OTHER_ bits (0: one
 * device model, platform and driver, or one run): the comparison is then of devices or OpenCL
 * implementations (Intel's CPU runtime against PoCL on one CPU), not of a change of the code, and no
 * comparison within one run (--by) puts the two side by side. A run whose rows ran on several
 * devices (a --split-any: store/rundevs.h) is of another device than any run but one of the same
 * devices, its first part's too (CMP_OTHER_DEVICE). */
enum { CMP_OTHER_DEVICE = 1, CMP_OTHER_PLATFORM = 2, CMP_OTHER_DRIVER = 4 };
int cmp_other_device(const struct cmp_join *j, int sa, int sb);
/* cmp_other_device_runs: the same of runs a and b (clx history's steps, a host load's line). */
int cmp_other_device_runs(const struct rundir *a, const struct rundir *b);
#endif
