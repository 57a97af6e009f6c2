/* run_impl.h — what the files of a sweep's run share: the runner, in parts (device, builds,
 * tallies, results folder: below), and the functions of run.c (setup and the sweep's blocks),
 * run_device.c (the device found before its turn, opened in it and closed),
 * run_build.c (the build phase; kernels.tsv in run_kernels.c, the rows of builds that give nothing
 * to run in run_build_rows.c), run_config.c (one configuration's visits and row, made in run_rowfill.c), run_rows.c
 * (results rows, their metrics and the device's clocks), run_console.c (the console lines),
 * run_marks.c (rows the supervisor marked), run_expect.c (expected instruction counts), run_buildvars.c
 * (the values a built variant's expressions may use, for both), run_json.c
 * (run.json), run_hostload.c (the host's load during a CPU device's sweep), run_stop.c (stopping on
 * a signal), run_resume.c (--resume), dryrun.c (--dry-run).
 * Not for other modules: they use run.h. */
#ifndef RUN_IMPL_H
#define RUN_IMPL_H
#include "device/build.h"
#include "device/cache.h"
#include "device/clocks.h"
#include "device/energy.h"
#include "measure/verify_device.h"
#include "measure/opcount.h"
#include "measure/rounds.h"
#include "measure/expected.h"
#include "measure/bufpool.h"
#include "device/peak.h"
#include "redonepace.h"
#include "progress.h"
#include "store/columns.h"
#include "estimate.h"
#include "sol/ceilings.h"
#include "reasons.h"
#include "measure/timercheck.h"
#include "relative.h"
#include "device/devlock.h"
#include "store/results.h"
#include "store/latest.h"
#include "store/rowstatus.h"
#include "store/resume.h"
#include "store/runjson.h"
#include "run.h"
#include "tune_pick.h"
#include "measure/trialclock.h"
#include "measure/blocker.h"
#include "lib/hostload.h"

/* The spec's expected instruction counts in this run (run_expect.c). */
struct run_expect {
    int *found;                  /* [(variant * nbuilds + build) * nexpects + e]: instructions counted, -1 none */
    char *said;                  /* [variant * nbuilds + build]: a pruned binary or a count error was said */
    const char *unreadable;      /* the format of an optimised build's binary clx cannot count in, or NULL */
    int counted;                 /* optimised builds whose binary was counted */
};

/* Energy per row (run_energy.c): the source, and the window each row's energy is read over. */
struct run_energy {
    struct energy src;
    int on;                      /* asked for (--energy) and a source reads */
    const char *why;             /* why rows have no energy (not asked, no source) */
    double window_s;             /* each row's window: --energy-window, else the counter's period's worth */
    int rows, mismatched;        /* rows given energy; of them, counter and integrated power apart */
    int aligned;                 /* rows whose window began and ended at the counter's steps */
};

/* The device's preheat before the sweep (run_preheat.c); its temperature is kept at most this many
 * times, a second apart or farther. */
#define PREHEAT_TRACE 600
struct run_preheat {
    double max_s;                /* asked: at most this long (0: none) */
    int ran;                     /* the heater ran */
    int watched;                 /* a temperature was read throughout */
    int settled;                 /* it stopped because the temperature had settled */
    double seconds;              /* how long it loaded the device */
    double from_c, to_c;         /* temperature at its start and end (0: not known) */
    double power_w;              /* power at its end (0: not known) */
    double launch_ms;            /* one heater launch */
    float trace_c[PREHEAT_TRACE];/* the temperature every trace_s seconds from its start, for run.json */
    int ntrace;
    double trace_s;
    const char *why;             /* why it did not run, or ran blind, or stopped early */
    char whybuf[240];
};

/* A runner is everything one sweep needs while it goes, in parts a function's signature can name:
 * a function that touches one part takes that part (const where it only reads it), and one that
 * needs several keeps the whole runner. The parts:
 *   dev    the device side: the OpenCL device, context and queue, what clx measured of it at
 *          setup (timer, round trip, clocks), and the device memory the run holds (the block's
 *          buffers, the --cold flush buffer); opened and closed in run_device.c.
 *   bl     the builds: every variant's expanded source, its build per option set (from the cache
 *          or compiled), the types and counts the build phase works out per variant and build, and
 *          what was said once per variant and build; made by run_build_all, freed by run_builds_free.
 *   tally  what the run counts as it goes, for its last lines and run.json's totals: rows by
 *          status, how repeatable their rounds were, rows flagged shared, the reasons said.
 *   out    the results folder as it is written: results.tsv (and the rows an interrupted run kept
 *          in it, for --resume), how many rows of the sweep's order it holds so far, and whether
 *          every file could be written: whoever writes a file needs these and nothing else.
 * The rest is what the run is (spec, options, plan, the variants' order, this shard's part) and
 * the sweep's state as it moves from point to point. */

/* The device side of a run (run_device.c: run_device_open opens it, run_device_close closes it). */
struct run_device {
    struct ocl_device ocl;       /* the device as selected: platform, id, P:D */
    struct devprops dp;
    struct devlock lock;         /* this device's turn (devlock.h) */
    struct peak pk;
    size_t max_item[3];
    cl_context ctx;
    cl_command_queue q;
    double round_trip_ms;        /* the host's round trip of a command that does nothing (trials_round_trip) */
    struct timer_check timer;    /* whether the device's events time kernels (else rows by the host) */
    struct verify_device dc;     /* outputs compared on the device */
    struct clocks clk;           /* clocks, temperature, power (NVML, amdgpu sysfs), where the driver can tell */
    struct trialclock tclock;    /* the SM clock around every trial, read on the device (NVIDIA) */
    struct blocker blk;          /* holds the device while a batch is queued behind it */
    struct guard_scan gscan;     /* the guard zones looked at on the device (guard.h) */
    struct bufset bufs;          /* the block's buffers, made again only when a configuration's counts differ */
    struct bufpool pool;         /* the sweep's parked buffers, for a configuration that needs them again */
    struct bench_flush flush;    /* --cold: written over before every trial */
};

/* The builds of a run: arrays per variant, and per variant x build ([variant * nbuilds + build]). */
struct run_builds {
    int nvariants, nbuilds;      /* the arrays' shape: the plan's variants and option sets */
    struct build *builds;        /* [variant * nbuilds + build] */
    struct cache cache;          /* built programs kept between runs (--no-cache: none) */
    int nstopped;                /* builds dropped as a stop's (run_build.c failed_in_stop): not in the cache's
                                  * counts of builds compiled or loaded, said apart on the builds line */
    char **sources;              /* expanded source per variant (NULL when m4 failed) */
    char **expand_errors;
    char **skips;                /* why a variant does not run here (its requires is false) */
    enum cltype *btypes, *atypes;/* buffer and argument types per variant [v * n + i] */
    int *ptx_op_counts;          /* [variant * nbuilds + build]: instructions of its PTX_OP, -1 */
    struct run_expect expect;    /* instruction counts the spec expects (not the outputs: expected) */
    signed char *expanded;       /* [variant]: 1 its source expanded (or m4's error kept), -1 it does not run here */
    char **resumed;              /* [variant] of nresumed: --resume: its source expanded to be compared with the
                                  * run's cl/ copy (run_resume_src.c), for variant_expand to take: the kernel
                                  * compared is the one built */
    int nresumed;
    char *tried;                 /* [variant * nbuilds + build]: built, or tried to be */
    struct tsv_out ktsv;         /* kernels.tsv, open from run_build_open to run_build_close */
    int *row_kept;               /* [variant * nbuilds + build]: 1 + the data row of kernels.tsv that an earlier
                                  * worker wrote of it (0: none) */
};

/* What a run counts as it goes. */
struct run_tally {
    struct status_counts st;     /* rows by status (rowstatus.h) */
    int nbuildrows;              /* rows written before the sweep (failed or skipped variants) */
    int nprobefail;              /* probes (launch latency, transfers) that failed */
    int nshared;                 /* rows flagged shared */
    int ncut;                    /* rows flagged ROUNDS_CUT_FLAG: a stop cut their rounds (at a stop, with a
                                  * resumed run's kept ones the sweep had not reached) */
    int ncut_here;               /* of them, cut by this worker's stop (keep_stopped) */
    double cut_began, cut_at;    /* the earliest first round of those, and the stop, in seconds since the run's start */
    int nretry;                  /* rows flagged CRASH_RETRY_FLAG: crashed a worker, tried once more by a resume */
    struct rounds_tally rounds;  /* how repeatable the rows were (rounds.h) */
    struct reasons reasons;      /* why rows were not ok, each said once */
    char *first_unbuilt;         /* the first build that failed (m4's or the compiler's), said where
                                  * nothing built: "variant V, build \"B\": [m4: ]TPL:LINE: what" */
    int nrefused;                /* build-failed rows of builds whose kernel does not take the spec's
                                  * buffers and arguments (measure/kargs.h): built, then refused */
    char *first_refused;         /* the first such, said as first_unbuilt is: "variant V, build \"B\":
                                  * SPEC:LINE: buffer a is int, but the kernel's parameter a is float*: ..." */
    int firsts_said;             /* first_unbuilt and first_refused were said in full above, by this
                                  * run's builds (not read from a resumed search's kept rows): the
                                  * run's end points at them rather than repeating them */
    struct status_counts kept;   /* of st, the rows a resumed search kept from before its stop */
    int plan_variants;           /* the plan's variants (params crossed), for the run's last words */
};

/* The results folder of a run as it is written. */
struct run_out {
    struct results res;
    struct resume resume;        /* --resume: the rows already written (resume.rows.nrows of them) */
    struct latest latest;        /* results/latest, moved here at the first row written that ran */
    int rows_seen;               /* rows of the sweep's order met so far, written now or kept from before */
    char **redone;               /* [kept row]: its new line, where a row a stop cut short (resume.redo) was
                                  * measured again and results.tsv still holds the old one (run_rows.c) */
    int redone_waiting;          /* lines in redone not yet in results.tsv */
    int redone_written;          /* rows measured again written in the places of those a stop cut short */
    struct redonepace redone_pace; /* the rewrites of results.tsv for them so far, which set when the next
                                  * row measured again rewrites it (run_redone_flush); those before it wait in redone */
    int kept_longer;             /* rows measured again that this resume's stop cut shorter than the rows
                                  * kept: those stay (run_kept_outlasts) */
    int write_failed;            /* a results file could not be written: the run must not say ok */
    int redone_failed;           /* rows measured again that a failed rewrite of results.tsv left out: the
                                  * file keeps the rows they were to replace, so the run cannot say finished */
    int redone_err;              /* that rewrite's errno */
    int files_unsaid;            /* sources, binaries, logs not written after the first, which was named */
};

struct sol_mix_memo;

struct runner {
    /* What the run is. */
    const struct spec *s;
    const struct run_opts *o;
    struct plan plan;
    int *order;                  /* the variants in the order they run at each launch point */
    struct shard_map shard;      /* --shard: the configurations this run owns or helps with (shard.c) */
    /* Its parts (above). */
    struct run_device dev;
    struct run_builds bl;
    struct run_tally tally;
    struct run_out out;
    /* The sweep as it goes. */
    struct expected expected;    /* the expected outputs of the launch point being swept; how many were checked where */
    enum memneed_expect expect_kept;   /* the copies of them kept beside a configuration's outputs (memneed.h) */
    struct relative rel;         /* every swept row's times, for rel_time and dev_row_avg */
    struct progress progress;
    struct estimate estimate;    /* the sweep's size and, after its first rounds, how long it takes */
    struct sol_measured peaks;   /* the peaks run's figures, read before the device's turn (run_sol_find) until
                                  * the ceilings take them (run_sol_open) */
    struct sol_ceilings sol;     /* the device's ceilings for every row's speed of light (run_sol.c) */
    struct sol_mix_memo *sol_mixes; /* each build's counts from its binary, read once (run_sol.c) */
    int nsol_mixes;
    int sweep_whole;             /* sweep() reached every configuration and a stop cut none of their rows: a
                                  * stop after it loses no row (run.c finishes the run, as complete) */
    int stop_cut_span;           /* a stop left a configuration of a span without its row, or cut one short */
    int sweep_begun;             /* sweep() began with the builds whole (no stop before it): the file's rows
                                  * after the build phase's are its configurations in its order */
    int rel_fresh;               /* run_rel_refresh has made the file's rel_time anew */
    int tune_stopped;            /* a tuning pass ran out of its seconds (tune_pick.h) */
    double tune_waited;          /* a tuning pass: the wait for the device's turn, which its seconds do not count */
    long tune_begun;             /* a tuning pass: the configurations it has begun (CLX_TUNE_STOP_AFTER) */
    int context_lost;            /* a launch broke the context: the worker ends, a new one goes on */
    int ref_cut;                 /* a host reference faulted and the sweep stopped short for it (run_ref_suspect):
                                  * the worker ends once the rows begun are written, a new one goes on */
    int where_w;                 /* the widest launch-point label of the plan, for aligned row lines */
    double t0, wall_s;           /* when the run began; its wall time once the sweep is done */
    struct run_energy energy;    /* --energy (run_energy.c) */
    struct run_preheat preheat;  /* --preheat, or its default under --energy (run_preheat.c) */
    cJSON *search;               /* --search: what it found, for run.json (search_sweep.c) */
    /* A CPU device's sweep: the host's load at its start and end (run_hostload.c); how many are taken. */
    struct hostload_mark load_from, load_to;
    int load_marks;
};

/* build_index: where variant v, build b is in the arrays per variant x build. */
static inline int build_index(const struct run_builds *bl, int v, int b) { return v * bl->nbuilds + b; }
static inline struct build *build_of(const struct run_builds *bl, int v, int b)
{
    return &bl->builds[build_index(bl, v, b)];
}

/* ---- run_device.c: the device side of a run, found, opened and closed ----------------------- */

/* run_device_find: the device --device picks and its properties: queries alone, nothing run on it
 * and no context made, so that they may be read before the device's turn (a mistake the plan finds
 * is said without waiting for another clx's sweep). */
void run_device_find(struct run_device *d, const struct run_opts *o);
/* run_device_open: in the device's turn, what times or runs anything: the peaks derived (a CPU
 * device's clock is timed on a core), its context and profiling queue, and what clx measures of it
 * once (the host's round trip, whether its events time kernels); --cold's flush buffer. */
void run_device_open(struct run_device *d, const struct run_opts *o);
/* run_device_close: the device memory the run holds, the queue and context released, its turn
 * given back; after the builds' programs and kernels are (run_builds_free). */
void run_device_close(struct run_device *d);

/* ---- run_rows.c: one results.tsv row, built by column name --------------------------------- */

struct row { struct strlist cols, vals; };
/* What one configuration measured, for the console line and the relative columns. */
struct measured {
    double median_ms, gflops, gbs, wall_ms, cpu_ms;
    const char *op_unit;         /* the unit gflops is in: GFLOP/s, GOP/s for integer work (sol_code_unit) */
    /* Its buffers' data in bytes as its visits made them: whether they fit the last-level cache (the
     * cache-resident flag, the speed of light's l2 or dram) is read from this, not from the device's
     * current buffers, which at its row's writing may be another configuration's where a full span
     * shares a slot (run_span.c pick_slot). */
    double data_bytes;
};

/* run_variant_order: the order variants run at each point of p: the baseline and relative ones
 * first, so the others can be checked and compared against them ([place]: a plan variant; a new
 * array). run.c's sweep and dryrun.c's shard of it. */
int *run_variant_order(const struct spec *s, const struct plan *p);
/* run_header_columns: results.tsv's columns for this run: identifying ones (experiment, variant,
 * template parameters, build, launch axes), derived values, then the metrics. */
void run_header_columns(const struct runner *r, struct strlist *cols);
/* run_row_start: a row with the identifying columns of variant v, build b and (pt >= 0) point pt. */
void run_row_start(const struct runner *r, struct row *w, const struct strlist *cols, int v, int b, long pt);
/* row_set: a cell of a column clx names (COL_median_ms: store/columns.h), so that a misspelt one
 * does not compile; row_set_named: one the spec names (a parameter, launch axis, derived value, or
 * a dimension's global0..local2), ignored when the row has no such column. */
void row_set(struct row *w, enum column_id col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void row_set_named(struct row *w, const char *col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* row_num, row_num_named: a numeric cell; left empty ("not measured") unless x is finite. */
void row_num(struct row *w, enum column_id col, const char *fmt, double x);
void row_num_named(struct row *w, const char *col, const char *fmt, double x);
/* row_pct, row_pct_named: a percentage cell (pct_fp32_peak, pct_bw_peak, sol_pct ...) at four
 * significant digits (fmt_fig: "87.46", "0.4016", "1234"), empty unless pct is finite. Not one
 * decimal: a CPU's rows, all under 1% of its FP32 peak, read 0.4 alike, and a finding's
 * max(pct_fp32_peak[]) named the first of the tie, not the fastest. */
void row_pct(struct row *w, enum column_id col, double pct);
void row_pct_named(struct row *w, const char *col, double pct);
/* row_get, row_get_named: the current text of a column ("" when unset). */
const char *row_get(const struct row *w, enum column_id col);
const char *row_get_named(const struct row *w, const char *col);
/* row_flag: appends one flag to the row's flag column, flags separated by commas. */
void row_flag(struct row *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void row_free(struct row *w);
/* ---- run_resume.c: stopping by a signal, continuing with --resume ---------------------------- */

/* run_stop_catch: from now until the worker exits, SIGINT, SIGTERM and SIGHUP ask the run to stop
 * (a worker process runs one run). */
void run_stop_catch(void);
/* run_take_turn: the device's turn taken (devlock.h), waited for where another clx holds it, with
 * the stops caught for the wait alone: a stop in it ends the worker there, said, with the stop's
 * status (nothing was run, no folder made). Before and after it a stop keeps its default action
 * until run_stop_catch. Returns the seconds waited. */
double run_take_turn(struct runner *r);
/* run_say_new_worker: what a worker the supervisor started after another ended says first (the row
 * it goes on after; after a timeout, that the run ends once it is written). */
void run_say_new_worker(const struct runner *r);
/* run_worker_again: this worker is not its run's first: the supervisor started it after another
 * ended (a crash, a timeout, a reference's fault); it goes on quietly, as the first said it all. */
int run_worker_again(const struct run_opts *o);
/* run_stop_group: SIGINT to this worker and to the supervisor (which passes it on), as a terminal's
 * ^C reaches both: the tests' stops at no moment a signal sent from outside would have to hit
 * (CLX_STOP_IN_SETUP, _IN_LINK, _IN_LAUNCH, _AFTER_ROUNDS), in the order run_stop.c says. */
void run_stop_group(void);
/* run_stop_hold: with CLX_HOLD_AFTER_ROUNDS=K, after this process's K-th round: says so on stderr
 * and waits (a minute at most) for a stop from outside, which the sweep then meets between its
 * rounds, for a test of a signal sent mid-sweep that a fast machine must not see land after it. */
void run_stop_hold(long rounds);
/* run_stop_in_build: at the start of each build of this worker's: with CLX_STOP_IN_BUILD=K, the K-th
 * is held until the stop its supervisor makes as it reads the build's line has reached the worker
 * (a test of a stop in the builds, at no moment a signal from outside would have to hit). */
void run_stop_in_build(const struct runner *r);
/* run_stop_after_sweep: once the sweep (or search) has ended, its summary said: with
 * CLX_STOP_AFTER_SWEEP, the run stopped as ^C stops it; with CLX_STOP_TWICE too, a second stop right
 * behind the first, and the worker held until its supervisor kills it for that (a test of what a kill
 * after the worker's own last words says, at no moment a signal from outside would have to hit). */
void run_stop_after_sweep(const struct run_opts *o);
/* run_stop_in_link (run_stop_link.c): at the start of each build of a supervised worker's: with
 * CLX_STOP_IN_LINK=K, the K-th is a ^C that lands while the driver's linker runs as the worker's child
 * process: SIGINT to the supervisor, that child and this worker, the child dead of it, and the worker
 * aborted as PoCL 3 aborts it when its link fails (a test of a stop that the driver turns into a death);
 * with CLX_STOP_IN_LINK_FAILS, returns 1 instead, and run_stop_link_failed makes the build bd just
 * made fail as a driver that returns the link's failure fails it. Else 0. */
int run_stop_in_link(const struct runner *r);
struct build;
void run_stop_link_failed(struct build *bd);
/* run_stop_in_launch (run_stop_link.c): before each launch of a configuration's trials: with
 * CLX_STOP_IN_LAUNCH=K, the K-th is a ^C that lands as it is made (SIGINT to the supervisor and this
 * worker), and the launch fails, as PoCL's does when the ^C ended the linker it runs at a kernel's first
 * launch: 1 and its error in *err (a new string, the old one freed), for a test that such a failure is
 * the stop's, not an error row. Else 0. */
int run_stop_in_launch(const struct runner *r, char **err);
/* run_stop_signal: the signal (SIGINT, SIGTERM, SIGHUP; SIGPIPE: stdout was closed) that asked the
 * run to stop, else 0. */
int run_stop_signal(void);
/* run_must_stop: a signal, a broken context or a write to results.tsv that failed: the sweep (its
 * builds too) goes no further. */
int run_must_stop(const struct runner *r);
/* run_ref_suspect: a host reference faulted in this worker (refs_faulted) and its supervisor goes on
 * in a new one: the sweep begins no configuration more, finishes those begun, and the worker ends
 * (EXIT_REF_FAULTED). Without a supervisor (clx run --modes), or in a search, the process goes on and
 * every later reference's row says it was not run (refs.h). */
int run_ref_suspect(const struct runner *r);
/* run_stop_why: what stopped the run, as its last lines and run.json's interrupted_by say it (a
 * noun phrase: "was stopped by ..."): a write to results.tsv that failed, with why ("a failed write
 * to results.tsv (No space left on device)"), else the signal's name (run_stop_name). Static text, or a buffer of its own the next call overwrites. */
const char *run_stop_why(const struct runner *r);
/* run_say_cut_span: after the count of rows a stop cut, when this stop cut them all: since when they
 * were in flight, and why (their rounds --round-gap apart). */
void run_say_cut_span(const struct runner *r);
/* run_resume_check: --resume: dies, saying why, where the folder's run.json is not this run's
 * (run_open_resumed's checks of it): called with the plan made and the device found, before the wait
 * for the device's turn, whose record of the run has all that --resume compares (store/sweepid.c). */
void run_resume_check(struct runner *r);
/* run_resume_spec_unread: resume_spec_fn (store/resume.h): whether spec texts was and now (of the
 * spec file file) differ only in what no row reads (specdiff_unread_only), so that --resume goes on
 * past the edit; where not, *refused names what is refused and where in file (specrefused_said),
 * else NULL. run_resume_spec.c. */
int run_resume_spec_unread(const char *was, const char *now, const char *file, char **refused);
/* run_resume_spec_text: the spec text run.json records: this run's; the run's as it began where a
 * resume's says the same in other comments or line ends, or is a shard's edited in what no row reads
 * (its sibling shards' text, which clx merge compares). Not a new string. */
const char *run_resume_spec_text(const struct runner *r);
/* run_resume_spec_say: the line a resume says where the spec was edited since and it goes on: in
 * what (its comments, its line ends, its findings, ...), and which text run.json keeps. */
void run_resume_spec_say(const struct runner *r);
/* run_resume_sources: --resume: every variant the run's cl/ holds a copy of expanded now, and the
 * resume refused (dies, saying the variant, the first line that differs, the likely cause and the
 * ways on) where one is another kernel (spec/expandsame.h): an edit of a file the template includes
 * (m4/clx.m4), which the template's hash misses, would put rows of two kernels in one results.tsv.
 * Before anything of the run's folder is written; the expansions kept in r->bl.resumed for the
 * builds. A variant without a copy (not expanded yet, an older clx's run) or that m4 fails on now
 * (the run says why, as for any) is not compared. run_resume_src.c. */
void run_resume_sources(struct runner *r);
/* run_print_header: what the run is, where and into which folder, before anything is built
 * (run_header.c). */
void run_print_header(struct runner *r);
/* run_open_resumed: --resume: the interrupted run's folder, checked to be this run, reopened after
 * its last complete row; started becomes its first start. Dies when it is not this run. */
void run_open_resumed(struct runner *r, const struct strlist *cols, char *started, size_t n);
/* run_replay_kept: a configuration whose row the interrupted run wrote: counted, its time kept. */
void run_replay_kept(struct runner *r, const struct strlist *cols, int v, int b, size_t pt);
/* run_tally_kept: kept row i, configuration v, b, pt, counted as the run's (its status, flags and
 * rounds) and its time kept for the relative columns: replayed, or kept in the place of its new row
 * that a stop cut shorter (run_row_emit's 1). */
void run_tally_kept(struct runner *r, int i, int v, int b, size_t pt);
/* run_say_kept_longer: at a stop of a resume, the rows measured again that it cut shorter than those
 * kept, which stay (said where there are any). */
void run_say_kept_longer(const struct runner *r);
/* run_kept_ahead: whether the next row of the sweep's order, ahead rows past those met so far, is
 * one the interrupted run kept whole (replayed, not run again); a row a stop cut short is not. */
int run_kept_ahead(const struct runner *r, int ahead);
/* run_rows_in_file: the rows results.tsv holds: those met so far and, resuming, the kept ones the
 * sweep has not reached. */
int run_rows_in_file(const struct runner *r);
/* run_resumed_whole: whether a --resume found every row written (a stop after the sweep's last row, by
 * a clx that marked such a run interrupted) and measured nothing; probes_made: this resume made the
 * device's probes (then it added something). Asked before the teardown. */
int run_resumed_whole(const struct runner *r, int probes_made);
/* run_tally_unreached: at a stop, a resumed run's kept rows the sweep had not reached counted with
 * the rest (by status, shared, cut short), so that the stop's counts are the whole file's. */
void run_tally_unreached(struct runner *r);
/* run_tally_as_file: where a write to results.tsv failed (a full disk: rows measured again that could
 * not take the places of those a stop cut short, or rows the file could not take), the tally's row
 * counts read back from results.tsv, so that run.json and the run's last lines count what is there and
 * a later --resume's count agrees with them; said once where they differed. */
void run_tally_as_file(struct runner *r);
/* One configuration in flight, over its rounds: its row as it fills, its variables and launch, its
 * trials, and whether its row is complete (run_config.c). */
struct pending {
    int v, b;
    size_t pt;
    struct row w;
    struct vars vv;
    struct launch L;
    struct timing t;
    struct sbuf note, tnote;     /* what decides the row; how it was timed */
    char *err, *vnote;
    char *wgnote;                /* a work-group above the kernel's reported maximum, launched anyway:
                                  * said where the row was launched (run_rowfill.c), not where it was skipped */
    struct measured m;
    enum row_status status;
    int planned, rounds;         /* rounds planned (rounds_count), and to run: more to re-measure an episode */
    int remeasured;              /* an episode was seen and the rounds doubled */
    int raced;                   /* a search's: its race decides its rounds (none for an episode) */
    int se_from;                 /* the first round --target-se added (0: none), of one trial each */
    int said_se;                 /* the note says why --target-se took no more */
    int done;                    /* no more visits: its row can be written */
    int retry;                   /* it crashed a worker in the run this resume continues: tried once more */
    int failed;                  /* over before its trials were whole (skipped, error, FAIL...): no timing columns */
    int clocked, throttled;      /* clocks read around its visits; some visit ran below 90% of the maximum */
    int shared;                  /* another clx timed the device during one of its visits (devlock.h) */
    struct clock_sample c0, c1;  /* before its first trial, after its last */
    double spent;                /* seconds of its visits, for --max-time */
    char *stop_line;             /* its row should a stop kill the worker in a visit (supervise.c) */
    int slot;                    /* its buffer slot (run_span.c); -1 before its first visit */
    double last_at;              /* when its last visit ended (now_seconds) */
    struct estimate_config est;  /* its first round's seconds and visits, which price its later rounds */
    int kept;                    /* resuming: a row kept from before, replayed in its turn (done, never visited) */
    int replaces;                /* a resumed search's: 1 + the kept row its row takes the place of (0: none) */
    int row_now;                 /* the supervisor holds its row as it stands (run_config_row_now) */
    int remeasures;              /* a resumed sweep's: its row a stop cut short is in results.tsv already */
};
/* The configurations in flight (run_span.c): begun and not yet written, in the sweep's order. Each
 * takes its first round in the sweep's order and its later ones --round-gap seconds apart, between
 * other configurations' rounds; each launch point's buffers in a slot while one of its
 * configurations is in flight. */
struct span {
    struct pending *pc;
    int n, cap, first_done;      /* configurations (the written ones go at once); those whose first round ran */
    struct bufset *slot;         /* buffers parked; slot[cur] is empty: its buffers are r->dev.bufs */
    int nslots, cur;
    uint64_t seed;               /* of the later rounds' orders */
    long passes;                 /* later-round passes so far: each one's order is drawn anew */
    const struct strlist *cols;  /* results.tsv's columns, for the kept rows replayed in their turn */
    /* Rows on request (span_rows_on_request): the runner, and the configuration in a visit with its
     * trials and rounds before it (the request comes in one of its launches: that round is not whole). */
    struct runner *r;
    const struct pending *visiting;
    int visiting_n, visiting_rounds;
};
void span_init(struct span *sp, uint64_t seed);
/* span_rows_on_request: a stop about to kill the worker in a launch gets the rows of the
 * configurations in flight as they stand (worker_rows_on_request), until span_free. */
void span_rows_on_request(struct runner *r, struct span *sp);
/* span_add: configuration v, b, pt joins (or, resuming, replays its kept row). */
void span_add(struct runner *r, const struct strlist *cols, struct span *sp, int v, int b, size_t pt);
/* span_first_round: the first round of the configurations added since, in the sweep's order,
 * while their point's expected outputs are at hand, each followed by the later rounds that came
 * due; rows written as they complete. Past the buffers' budget, span_finish. */
void span_first_round(struct runner *r, struct span *sp);
/* span_finish: every remaining round, one after another, the rows written in the sweep's order.
 * A stop (a signal, a broken context, a write failure) leaves the rows not yet complete unwritten,
 * except that a signal keeps those whose rounds had begun: --resume or the next worker runs the rest. */
void span_finish(struct runner *r, struct span *sp);
void span_free(struct runner *r, struct span *sp);
/* span_visit_one, span_write_one: a search's configurations (search_sweep.c), each begun by
 * run_config_begin and kept outside the span's order: one round of pc on its buffers (a slot of
 * sp's); its row written (whenever the search decides it) and pc freed. */
void span_visit_one(struct runner *r, struct span *sp, struct pending *pc);
void span_write_one(struct runner *r, struct span *sp, struct pending *pc);
/* run_past_deadline: whether a tuning pass is out of its seconds (then marked stopped: run.json
 * says so); it starts no more configurations, and those not begun have no row. */
int run_past_deadline(struct runner *r);

/* run_timer_env: what of d decides how trials are timed and batched (by the host or the events,
 * the timer's resolution and step, a held trial's least length), into env (trials.h). */
void run_timer_env(const struct run_device *d, struct bench_env *env);
/* run_config_begin: the configuration's variables, launch shape, static columns, and whether the
 * device can take it (else it is done, with the reason). */
void run_config_begin(struct runner *r, const struct strlist *cols, struct pending *pc);
/* run_config_visit: one round of its trials (the first also checks transfers and verifies); done
 * after its last round or when it cannot go on; sets r->context_lost when a launch broke the queue. */
void run_config_visit(struct runner *r, struct pending *pc);
/* run_config_finish: its metrics over every round, its row written, printed and counted. */
void run_config_finish(struct runner *r, struct pending *pc);
/* run_config_row_now: pc's row as it stands, as run_config_finish would write it were the run to
 * stop now (`stopped` added to its timing note, flagged ROUNDS_CUT_FLAG where cut), sent to the
 * supervisor (a search's after each round, a sweep's when a stop asks: span_rows_on_request): should
 * a stop kill the worker in a launch (one that does not end a second after it), the supervisor
 * writes it, so that no round measured is lost (held_rows.c): in
 * the place of data row at - 1 where at > 0 (the row of a resumed run it is measured again for),
 * else after the others. Nothing without a supervisor. */
void run_config_row_now(struct runner *r, struct pending *pc, const char *stopped, int cut, int at);
/* run_row_fill: pc's row as its end writes it, into pc->w (pc->note, pc->tnote and pc->m with it): the
 * columns of its rounds and trials, the rates, clocks, expected instructions and speed of light, its
 * notes, status and relative columns; nothing said, nothing counted (run_config_finish does that).
 * Returns whether it has timing columns (its trials ran: a FAIL row's too). (run_rowfill.c) */
int run_row_fill(struct runner *r, struct pending *pc);
void run_config_free(struct pending *pc);
/* run_rounds.c: run_rounds_more: once its rounds are done, whether the configuration takes more
 * (an episode: as many again, once; --target-se: as many as bring its error there), its rounds
 * raised and the why in its timing note. run_round_columns: what the rounds say in its row (their
 * count, each one's median and start, their spread and standard error, the noisy flag). */
struct bench_opts;
int run_rounds_more(const struct bench_opts *bo, struct pending *pc);
/* run_rounds_episode_said: a search's configuration (raced) whose rounds show an episode, said in its
 * timing note as its row is written: the race took no rounds for it, as a sweep's would. */
void run_rounds_episode_said(struct pending *pc);
void run_round_columns(struct pending *pc, const struct round_summary *rs);
/* run_row_emit: appends the row to results.tsv (flushed and fsynced), results/latest moved here at
 * the first that ran (out->latest); resuming, a row results.tsv already holds is checked to be this
 * one (variant and build) and not written again, but for one a stop cut short, whose new line takes
 * its place as run_row_replace's does (paced: run_redone_flush), unless a stop of this resume cut it
 * shorter than the row kept (run_kept_outlasts). Returns 0 when results.tsv holds the row, 1 when it
 * holds the kept row in its place (out->kept_longer counts them), -1 when it could not append it (a full disk): that row is no
 * row of the run (not counted, not said), and rows_seen stays the rows the file holds. A row measured
 * again whose rewrite failed is 0: counted as measured (the failure is said and marks the run). */
int run_row_emit(struct run_out *out, struct row *w);
/* run_kept_outlasts: the rounds of kept row i (resuming), one a stop cut short that this resume
 * measures again, where it has more than `rounds`, those of its new row that a stop cut short too:
 * the kept row then stays in results.tsv; else 0. */
int run_kept_outlasts(const struct run_out *out, int i, int rounds);
/* run_row_replace: a resumed search's row of a configuration whose row from before the stop is kept
 * row i (one the stop cut short: the race measured it again): written in that row's place (paced:
 * run_redone_flush), so that results.tsv never holds both. 0, a rewrite that failed too (said and
 * marked: the old rows stay, those of the rows waiting too; the row is counted as measured). */
int run_row_replace(struct run_out *out, int i, const struct row *w);
/* run_redone_flush: the rows measured again that wait in out->redone written now (run_redone_write),
 * counted in redone_written, and the next rewrite paced on this one (redonepace.h): each rewrites the
 * whole file, so one that took c seconds is followed by the next no sooner than REDONE_PACE * c later,
 * nor REDONE_GAP_MIN_S (the first at once): a resume of 16,000 rows that measures most again spends at
 * most 1/REDONE_PACE of its time rewriting, not minutes, and a kill -9 loses the rows measured in those
 * last seconds (their old rows stay). Called as each row is measured again, where the pace allows it,
 * and where the sweep ends (a stop's too), at once. 0, or -1 where results.tsv could not be rewritten. */
int run_redone_flush(struct run_out *out);
/* run_redone_write: the lines waiting in out->redone (rows measured again in place of those a stop
 * cut short, each at once: run_row_emit, run_row_replace; a resumed search's kept rows made whole:
 * search_kept.c) written into results.tsv (rewritten whole beside it and moved into place: every row
 * stays on disk at every moment, the old line or the new). */
void run_redone_write(struct run_out *out);
/* run_fill_metrics: statistics of the trials (the time: rs's median of the round medians), GFLOP/s,
 * GB/s, % of peak and the peak flags; the
 * notes on how the trials were timed (batching, convergence, trials cut, the host cross-check) go to
 * note, which becomes the row's timing_note: load shapes them, so they stay out of the note. */
struct round_summary;
void run_fill_metrics(struct runner *r, struct row *w, const struct timing *t, const struct vars *vv,
                      const struct round_summary *rs, struct measured *m, struct sbuf *note);

/* run_rows.c, device state: run_record_clocks: the SM clock before the first trial and after the
 * last, the memory clock, temperature and power after it. run_clocks_throttled: whether the SM
 * clock at a or b was below 90% of the maximum. run_peak_at_clock: % of the row's FP32 or FP64
 * peak at the clock measured (the peak is derived at the maximum clock), the 'throttled' flag
 * when some visit was, and 'clock>max' when mhz is above the maximum the device reports. */
void run_record_clocks(struct row *w, const struct clock_sample *a, const struct clock_sample *b);
int run_clocks_throttled(const struct run_device *d, const struct clock_sample *a, const struct clock_sample *b);
void run_peak_at_clock(const struct run_device *d, struct row *w, double mhz, int throttled);
/* run_sol.c: the peaks run whose figures bound the rows, found and read from its files before the
 * device's turn (run_sol_find: a --peaks that names no peaks run this device may read dies there, said
 * at once; a resume's is the one its run recorded); the
 * ceilings once a run (run_sol_open, after the device's set-up: the launch floor), each row's
 * speed of light into its sol columns, and the ceilings let go. */
void run_sol_find(struct runner *r);
/* run_peaks_refused: the refusal of a --peaks DIR that names no peaks run this run may read, err
 * saying why (exit 4): the run's and --dry-run's one line. */
void run_peaks_refused(const char *dir, const char *err) __attribute__((noreturn));
void run_sol_open(struct runner *r);
void run_sol_row(struct runner *r, struct pending *pc);
void run_sol_close(struct runner *r);
/* run_solpass.c: at the run's end, the rows whose measured ceiling verified rows of the run passed
 * rewritten without that bound (sol/passed.h), said on the console (say) and counted in run.json. */
void run_sol_passed(struct runner *r, int say);
/* run_trial_mhz: the median SM clock read on the device around the trials, 0 unless every trial
 * has a reading (trialclock.h). */
double run_trial_mhz(const struct timing *t);

/* ---- run_energy.c: energy per row (--energy) -------------------------------------------------- */

/* run_energy_open: the device's energy source and the window rows take (after clocks_open);
 * run_energy_say: the console line saying which, or why none; run_energy_end: at the run's end,
 * where --energy was asked and none could be measured, that again; run_energy_json: run.json's
 * energy part (a new object); run_energy_row: after a configuration's last round, its energy window, the row's
 * energy columns filled (or its timing_note says why not). */
void run_energy_open(struct runner *r);
void run_energy_say(const struct runner *r);
void run_energy_end(const struct runner *r);
cJSON *run_energy_json(const struct runner *r);
void run_energy_row(struct runner *r, struct pending *pc);

/* ---- run_hostload.c: how busy the host was during a CPU device's sweep ----------------------- */

/* run_hostload_begin, run_hostload_finish: the host's load marked as the sweep begins and as it ends
 * (nothing on a device that is no CPU); run_hostload_record: run.json's host_load from the two
 * marks (nothing before both are taken); run_hostload_end: at the run's end, where other processes
 * took a notable share (run_hostload.h), that said. */
void run_hostload_begin(struct runner *r);
void run_hostload_finish(struct runner *r);
void run_hostload_record(const struct runner *r, struct runjson *j);
void run_hostload_end(const struct runner *r);

/* ---- run_preheat.c: the device brought to a steady temperature before the sweep ------------------ */

/* run_preheat: loads the device with the heater until its temperature settles, within --preheat's
 * seconds (or the default under --energy), and says so; run_preheat_json: run.json's preheat
 * part (a new object). */
void run_preheat(struct runner *r);
cJSON *run_preheat_json(const struct runner *r);

/* ---- run_console.c: the run's console lines ------------------------------------------------ */

/* run_point_label: " N=1M local=64": the axes that vary, local as launched ("32x32" in two
 * dimensions) when a row w is given, else as the plan has it; a new string. */
char *run_point_label(const struct plan *p, const struct row *w, size_t pt);
/* run_say_reason: a row that is not ok says why on the console, once per distinct reason (also
 * under --quiet); each FAIL is said with its elements unless --quiet. */
void run_say_reason(struct runner *r, const struct row *w, int v, int b, size_t pt, enum row_status status,
                    const char *why);
/* run_print_kept: the console line of a configuration measured again whose kept row of kept_rounds
 * stays, w (its new row) cut shorter by this resume's stop (unless --quiet). */
void run_print_kept(struct runner *r, const struct row *w, int v, int b, size_t pt, int kept_rounds);
/* run_print_row: the console line of a finished configuration (unless --quiet). */
void run_print_row(struct runner *r, const struct row *w, int v, int b, size_t pt, const struct measured *m,
                   enum row_status status);
/* run_wall_s: the run's wall time so far: from its supervisor's start, across every worker it
 * started (a crash, a timeout), else from this process's (r->t0). run_time_earlier: the earlier
 * workers' time (o: the supervisor's tally) given its parts, so that the wall's parts add up. */
double run_wall_s(const struct runner *r);
void run_time_earlier(const struct run_opts *o);
/* run_print_times: where the run's time went; the host's work beside the kernels' is what a
 * faster sweep has to cut. */
void run_print_times(const struct runner *r);

/* ---- run_marks.c: what the supervisor marked ---------------------------------------------- */

/* run_mark_of: the supervisor's mark on variant v, build b at point pt (-1: its build): one at pt
 * itself (a timeout's, a crash's), else a crash's of the variant and build, which covers its other
 * points (not a retried configuration's: it covers its own alone); NULL when none. */
const struct run_mark *run_mark_of(const struct run_opts *o, int v, int b, long pt);
/* run_marked_status: the row of a configuration the supervisor marked: 'timeout' at the point
 * that ran past its limit; 'crashed' at the point that killed a worker (flagged CRASH_RETRY_FLAG in
 * row, for a resume to try once more, unless it was that try); after either, 'stopped' at the variant
 * and build's others, which this sweep does not run and a resume measures (a search's: 'crashed' or
 * 'timeout', never run again in it); a build
 * that killed one, 'crashed' at every point. *why says so (where SIGKILL killed it at this point,
 * with what the buffers w wants take, the likely out-of-memory killer's reason). 1 with *status
 * set, or 0 when the mark is not about this point. */
int run_marked_status(struct runner *r, const struct run_mark *mk, size_t pt, const struct bench_want *w,
                      struct row *row, enum row_status *status, char **why);
/* run_retried: whether configuration w (its static columns) is one a resume tries once more after
 * it crashed a worker (run_opts.retry). */
int run_retried(const struct runner *r, const struct row *w);

/* ---- search_sweep.c ------------------------------------------------------------------------- */

/* search_sweep: clx run --search in place of the sweep: the race over the plan's configurations,
 * each built on demand and measured a round at a time, its row written once the race is done with
 * it; search.tsv (every round) and r->search (run.json). */
void search_sweep(struct runner *r, const struct strlist *cols);

/* ---- run_buildvars.c ------------------------------------------------------------------------ */

/* run_build_vars: what any expression of variant v's build b may use before a launch is placed: the
 * device's properties, the variant's parameters, the build's NOOPT and its kernel's KMAX_WG, KPREF
 * and KLOCAL_MEM (spec_builtin_names), set into vv. The configuration's point and derived values are
 * the caller's. */
void run_build_vars(const struct runner *r, int v, int b, struct vars *vv);

/* ---- run_launchvars.c ---------------------------------------------------------------------- */

/* run_config_vars: every variable an expression can use for variant v, build b, point pt into vv,
 * and the launch's geometry into L. 0, or -1 with *err (a new string). */
int run_config_vars(struct runner *r, int v, int b, size_t pt, struct vars *vv, struct launch *L, char **err);

/* run_row_geometry: L's global and local sizes into w: readable ("32x32") and, with several
 * dimensions, one number per dimension (global0, local0, ...). */
void run_row_geometry(struct row *w, const struct launch *L);

/* ---- run_build.c ---------------------------------------------------------------------------- */

/* run_build_all: expands and builds every variant x option set, writes kernels.tsv, cl/, bin/,
 * logs/, and a row for each variant or build that cannot run. */
void run_build_all(struct runner *r, const struct strlist *cols);
/* run_build_open, run_build_one, run_build_close: the same one build at a time, as a search needs
 * them: the cache and kernels.tsv opened; variant v built with option set b (its source expanded
 * and saved the first time; a failed build's row written), 0 when it built, -1 when not (or it
 * does not run here); kernels.tsv closed and the build totals said. */
void run_build_open(struct runner *r);
int run_build_one(struct runner *r, const struct strlist *cols, int v, int b);
void run_build_close(struct runner *r);
/* run_build_ahead: variant v's build with option set b started on a thread of its own
 * (device/buildahead.h; its source expanded now), for run_build_one to take: 0, or -1 when it is
 * built or tried already, does not run here, is in the build cache, or no thread could start. */
int run_build_ahead(struct runner *r, const struct strlist *cols, int v, int b);
/* run_build_ahead_threads: how many builds run ahead at a time: --build-ahead N, else 4 on a GPU
 * (or other device the host feeds) and 0 on a CPU device, whose compiles would take the cores its
 * kernels are measured on; none in a new worker after a crash with builds ahead; at most the
 * host's cores less one. */
int run_build_ahead_threads(const struct runner *r);
/* run_unbuilt_reason: a failed build's reason in one line, "[m4: ]TPL:LINE: what" (else the
 * compiler's first error line, else the error's first line with the reason it leads to), from its
 * error (m4's begins "m4: "): what its rows' note says, and run_unbuilt_said after the variant.
 * run_unbuilt_said: a failed build as said where nothing could be built, "variant V, build \"B\":
 * REASON". New strings. run_unbuilt.c, with: */
char *run_unbuilt_reason(const char *error);
char *run_unbuilt_said(const char *variant, const char *opts, const char *error);
/* run_rel_refresh: a resumed sweep's rel_time and speedup written anew for every row, against the
 * relative rows results.tsv holds as the sweep ends or stops (once; nothing where the run is no
 * resume, a search, or stopped before its sweep began). run_config_swept: whether sweep() times
 * variant v, build b at launch point pt (built, and this shard's to run). run_relfresh.c. */
void run_rel_refresh(struct runner *r);
int run_config_swept(const struct runner *r, int v, int b, long pt);
/* run_kept_unbuilt: of a resumed run's kept rows, the first build-failed one said as
 * tally.first_unbuilt says a failure of this run (the template's line from the log its note names,
 * else the note's error), for a resumed search, which does not build again what failed before the
 * stop. NULL when no kept row is build-failed; else a new string. */
char *run_kept_unbuilt(const struct runner *r);
/* run_kernels_read: of a resumed run or a new worker, kernels.tsv's rows at path, read into t
 * before it is written anew (t empty where there are none; -1 said where they cannot be read);
 * run_kernels_again: t's rows written to the new kernels.tsv (header: its columns; rows of other
 * columns are left, said), their builds marked row_kept, t freed. kernels_kept.c. */
int run_kernels_read(const struct runner *r, const char *path, struct table *t);
void run_kernels_again(struct runner *r, struct table *t, const struct strlist *header);
/* run_variant_source: variant v's source expanded by m4 (spec/expand.h), the header naming the
 * experiment, variant and kernel; NULL and *err where m4 failed (new strings). */
char *run_variant_source(const struct runner *r, int v, char **err);
/* run_builds_free: everything the build phase made (programs, sources, counts); the cache closed. */
void run_builds_free(struct run_builds *bl);

/* ---- run_kernels.c: kernels.tsv written, and what the binaries say of their machine code ------ */

/* run_kernels_open: kernels.tsv, its header written (the fixed columns, then one per count the
 * spec expects), then the rows of an earlier worker's builds (kernels_kept.c). */
void run_kernels_open(struct runner *r, struct tsv_out *ktsv);
/* run_kernels_row: what the build of variant var gave, one kernels.tsv row; unknown counts are
 * empty; more: the cells of the spec's expected instruction counts (run_expect.c). */
void run_kernels_row(struct tsv_out *k, const struct variant *var, const char *opts, const struct build *bd,
                     const char *logname, const struct strlist *more);
/* run_kernels_vals: that row's cells, into row (sl_free it). */
void run_kernels_vals(struct strlist *row, const struct variant *var, const char *opts, const struct build *bd,
                      const char *logname, const struct strlist *more);
/* run_kernels_row_again: the build k (variant x build) made again whose kernels.tsv row an earlier
 * worker wrote (row_kept): that row, where it says another status than this build's (a build that
 * crashed or failed and builds now, or the reverse), replaced in its place by this build's, as the
 * build's log was rewritten; else kept as it is. run_kernels.c. */
void run_kernels_row_again(struct runner *r, int k, const struct variant *var, const char *opts, const struct build *bd,
                           const char *logname, const struct strlist *more);
/* run_isa_uncounted: the first build whose binary holds machine code that was not counted (no
 * disassembler installed, or it failed), or NULL: that is worth a line on the console, while a
 * binary with no machine code at all (PTX, PoCL's bitcode) is said in run.json only. */
const struct build *run_isa_uncounted(const struct run_builds *bl);
/* run_isa_json: run.json's isa_instr part (a new object): the builds whose machine instructions kernels.tsv counts,
 * what they are, and why a build's were not counted (the first reason; PoCL's and NVIDIA's
 * binaries hold no machine code when built). NULL when no build made a binary here. */
cJSON *run_isa_json(const struct run_builds *bl);

/* ---- run_build_rows.c: the rows of what a build gave nothing to run of ------------------------ */

/* What became of a build that gave no kernel to run, beyond its error (one of them, never two). */
enum unbuilt {
    UNBUILT_FAILED,              /* m4's or the compiler's failure, or the worker's crash (its mark) */
    UNBUILT_CACHE_CRASH,         /* the crash was in loading the build cache's entry (build_or_say_why) */
    UNBUILT_REFUSED              /* built, but its kernel does not take the spec's arguments (kernel_fits_spec) */
};
/* run_unrunnable_rows: variant v is not this device's (no fp64) or a spec mistake: one row per
 * build of this part says which; the variant keeps why (r->bl.skips, which takes it). */
void run_unrunnable_rows(struct runner *r, const struct strlist *cols, int v, int skip, char *why);
/* run_revive: a resume's build of variant v, build b, which builds, where the next row kept (rows_seen)
 * is its row of the run resumed that says it crashed or failed to build: that row taken out of
 * results.tsv, and a 'stopped' row of each of its configurations put in its place in the sweep among
 * the rows kept, for the sweep to measure there (resume.rows read anew). 1 where it did so, 0 where
 * there is no such row; dies where results.tsv cannot be rewritten (as it was). run_revive.c. */
int run_revive(struct runner *r, const struct strlist *cols, int v, int b);
/* run_build_failed_row: the row of variant v, build b that did not build ('crashed' when mk says
 * the worker died in it), said on the console unless that was said already. */
void run_build_failed_row(struct runner *r, const struct strlist *cols, int v, int b, const struct run_mark *mk,
                          enum unbuilt how, const char *clname, const char *logname);

/* ---- run_expect.c: the instruction counts the spec expects (docs/spec.md) ------------------ */

/* run_expect_columns: kernels.tsv's columns for the spec's expect entries: count:OP, expect:OP. */
void run_expect_columns(const struct spec *s, struct strlist *cols);
/* run_expect_build: counts each expected op in the binary of variant v, build b, for its rows,
 * and pushes its kernels.tsv cells (the counts; the minimum where it needs no launch point). */
void run_expect_build(struct runner *r, int v, int b, struct strlist *cells);
/* run_expect_say: once, after the build phase, when the spec expects counts that this run cannot
 * check (no binary clx reads, no optimised build): one console line saying why. */
void run_expect_say(struct runner *r);
/* run_expect_row: a measured row of an optimised build whose binary holds fewer instructions than
 * expected gets "pruned:OP FOUND<WANT" in flag; a count that cannot be evaluated goes to note. */
void run_expect_row(struct runner *r, struct row *w, int v, int b, const struct vars *vv, struct sbuf *note);
/* run_expect_json: run.json's expect part (a new object): whether the counts were checked, and
 * why not; NULL when the spec expects none. */
cJSON *run_expect_json(const struct runner *r);
void run_expect_free(struct run_expect *x);

/* ---- run_json.c ----------------------------------------------------------------------------- */

/* The states run.json records: running (written at the start), finished, interrupted (a signal or a
 * closed stdout, said in interrupted_by: clx run --resume continues it). */
enum { RUN_GOING, RUN_DONE, RUN_INTERRUPTED };
/* run_record: the run's run.json record in rec (initialised here; runjson_free it); once the run
 * has stopped, the end time and the row counts too. */
void run_record(struct runner *r, const char *started, int state, struct runjson *rec);
/* run_write_json: writes run_record's record to run.json; 0, or -1 (said, and out.write_failed set). */
int run_write_json(struct runner *r, const char *started, int state);
/* run_write_first_json: run.json as the run starts (RUN_GOING). A new run whose run.json cannot be
 * written ends here (die, exit 4), its folder removed: rows measured beside no run.json could be
 * neither reported nor resumed. A resumed run's failure is run_write_json's: its earlier run.json
 * stays, whole (written beside and moved in place). */
void run_write_first_json(struct runner *r, const char *started);

/* ---- run_end.c: a run's last words and exit status ------------------------------------------- */

/* run_tuning_pass: whether o runs a tuning pass (a part of its run: never the latest, says no
 * counts of its own). run_arm_latest: results/latest moves to r's folder at its first row that ran
 * (store/latest.h); a run continued whose kept rows have one had it moved then. run_say_latest: the
 * line of a run that did not move it (latest_unmoved's, taken before the teardown; freed), on f.
 * run_end_status: the last lines of a run whose files were all written, from its tallies, and its
 * exit status (run.h); owned: the configurations this shard owns; s: the spec (its template's path,
 * and a baseline its rows were checked against: the summary says so); out_of_time: a tuning pass
 * that ran out of its seconds. */
int run_tuning_pass(const struct run_opts *o);
void run_arm_latest(struct runner *r);
void run_say_latest(char *line, FILE *f);
/* run_latest_kept: whether dir's rows (a resume's, as it begins) hold one that ran: latest moved to
 * it then, and is not taken back from a run made since. run_latest_stopped: for a supervisor that
 * says a stopped worker's closing lines in its place, latest moved to dir where its rows now hold
 * one that ran (as the worker would have, rows written for it included), and the line run_say_latest
 * says where it did not (a new string; NULL where it moved, where kept_ran, or a tuning pass's);
 * resumed: dir was given to --resume (else it was made in o->results_root). */
int run_latest_kept(const char *dir);
char *run_latest_stopped(const struct run_opts *o, const char *dir, int resumed, int kept_ran);
int run_end_status(const struct run_tally *t, const struct run_opts *o, long owned, const char *dir,
                   const struct spec *s, int out_of_time);
/* run_recorded_status: the exit status a run that finished gave (run_end_status's, or run.c's 4 for
 * a file it could not write), from what it wrote: its rows by status (results.tsv), its probes that
 * failed (probes.tsv), the files it could not write, whether it is a shard and how many
 * configurations the shard owns (run.json), and how many rows are errors of the host reference
 * (store/refrows.h). A search's or a tuning pass's special ends (nothing left to measure, out of
 * seconds) are not told apart: their rows decide. */
int run_recorded_status(const struct status_counts *st, int probes_failed, int files_unwritten, int shard, double owned,
                        int ref_failed);

#endif
