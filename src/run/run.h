/* run.h — runs one experiment's whole sweep on one device and writes its results folder. */
#ifndef RUN_H
#define RUN_H
#include "measure/trials.h"
#include "spec/plan.h"
#include "spec/shard.h"
#include "spec/spec.h"
#include <stdint.h>
#include <sys/types.h>

struct tune_state;
struct resume_retry;

/* Where outputs are checked: on the device where it can (the default), always on the host, or not at all. */
enum { VERIFY_OFF, VERIFY_DEVICE, VERIFY_HOST };

/* What the supervisor marked: variant v, build b crashed the worker (at point pt; -1 while building
 * it): by signal sig, or by an exit of its own (status; the OpenCL driver ended the process, as
 * LLVM does on a fatal error), or neither (the launch broke the context); or a launch ran past its
 * limit (timeout). A crash at a point makes its row 'crashed' and the variant and build's other
 * rows not run in this sweep ('stopped': --resume measures them); one at a point tried once more
 * by a resume (retried) makes its row alone 'crashed', for good. */
struct run_mark { int v, b; long pt; int sig; int status; int timeout; double limit_s; int retried; };
/* run_mark_how: how the marked worker ended ("died of signal 11 (Segmentation fault)"; new string). */
char *run_mark_how(const struct run_mark *mk);
/* run_marks_causes: how this session's workers ended, every mark of o (the supervisor's, this
 * session's alone) in sessions_causes's words; NULL where none (a new string). */
struct run_opts;
char *run_marks_causes(const struct run_opts *o);

/* clx run --search: the race over the plan's configurations in place of the sweep (search_sweep.c). */
struct run_search {
    int on;
    double budget_s;             /* --budget S: device seconds (builds and rounds) */
    double budget_share;         /* --budget P%: a share of the sweep's estimated seconds (0: not) */
    uint64_t seed;               /* --search-seed: the first sample's draw */
};

struct run_opts {
    const char *device;          /* --device: "P:D" or a name; NULL for the default device */
    const char *results_root;    /* --out: where result folders go ("results") */
    int quick, quiet;
    int report;                  /* --report: drawn after the run (a stopped one's too), by clx run (cli) */
    int verify;                  /* VERIFY_* */
    int no_cache;                /* --no-cache: compile every program, store none */
    int share_device;            /* --share-device: no waiting for another clx timing the device */
    int respect_kernel_wg;       /* skip work-groups above CL_KERNEL_WORK_GROUP_SIZE (by default they are launched) */
    int energy;                  /* --energy: each row's energy, over a window after its trials */
    double energy_window_s;      /* --energy-window: that window's length (0: from the counter's period) */
    double preheat_s;            /* --preheat: load the device this long at most before the sweep (-1: not given) */
    uint64_t seed;
    struct bench_opts bench;
    const struct override *ov; int nov;
    const char *command_line;
    struct strlist args;         /* the arguments after "clx run", --resume left out (run.json keeps them) */
    const char *resume_dir;      /* --resume: continue that run's sweep in its folder */
    const char *peaks_run;       /* --peaks: the peaks run for measured ceilings (NULL: the newest found) */
    const char *out_root;        /* --out as given ("results"): where the device's peaks run is looked for
                                  * first (a --split's parts go below it: results_root is their folder) */
    const char *peaks_root;      /* CLX_PEAKS_ROOT: where it is looked for next ("results"; NULL: nowhere) */
    struct shard shard;          /* --shard K/N: run only that part of the sweep (n == 0: all of it) */
    const struct run_mark *marks; int nmarks;   /* left by the supervisor for a restarted worker */
    /* Left by the supervisor too: its start (now_seconds; 0: none), from which the run's wall counts
     * across its workers, and what its earlier workers took (a crash or a timeout ended them): their
     * launches past the limit, and the rest; continuing: this worker goes on in their folder, whose
     * run.json says what the last one wrote, not that a session ended (store/sessions.c). */
    double run_t0, timedout_s, earlier_s;
    int continuing;
    const struct resume_retry *retry;   /* --resume: the configurations that crashed a worker once, tried once
                                         * more (read by the supervisor before the resume cuts results.tsv) */
    int no_setup_kernels;        /* the supervisor saw the driver end a worker in clx's set-up kernels */
    int ref_restarts;            /* workers the supervisor ended after a host reference faulted in them (each
                                  * wrote that row): this one goes on after them, as after a crash */
    int ref_unprobed;            /* one of them faulted in the probe of whether the reference reads its output
                                  * (EXIT_REF_PROBE_FAULTED): this one does not probe it again */
    int ref_probe_made;          /* one of them made that probe (a timeout or a crash ended it after): this one
                                  * probes it again, but does not say at the end that it never ran */
    int build_ahead;             /* --build-ahead N: builds compiled on threads ahead of their turn (-1: as the
                                  * device suits, run_build.c) */
    int no_build_ahead;          /* the supervisor saw a worker crash with builds ahead: none from now on */
    long stop_after_rounds;      /* CLX_STOP_AFTER_ROUNDS: SIGINT to the run after this many rounds (0: never) */
    long hold_after_rounds;      /* CLX_HOLD_AFTER_ROUNDS: the worker waits for a stop after this many rounds (0: never) */
    pid_t stop_also;             /* a device's process of a run on several devices: that run's own process, which
                                  * the stop above reaches too, as a terminal's ^C reaches the whole group (0: none) */
    int stop_twice;              /* CLX_STOP_TWICE: that stop followed at once by a second (SIGTERM) */
    int stop_after_sweep;        /* CLX_STOP_AFTER_SWEEP: the run stopped as by SIGINT once its sweep has ended */
    int stop_in_setup;           /* CLX_STOP_IN_SETUP: the run stopped as by a terminal's ^C once its device is found */
    long stop_in_build;          /* CLX_STOP_IN_BUILD: the run stopped as by SIGINT to clx while the worker's K-th build
                                  * is in flight (0: never) */
    long stop_in_link;           /* CLX_STOP_IN_LINK: a ^C that kills the driver's linker child in the worker's K-th build,
                                  * the worker aborted for it as PoCL 3 aborts it (0: never) */
    int stop_in_link_fails;      /* CLX_STOP_IN_LINK_FAILS: that build fails (its error returned) in place of the abort */
    long stop_in_launch;         /* CLX_STOP_IN_LAUNCH: a ^C as the worker's K-th launch of a configuration's trials
                                  * is made, that launch failing for it (0: never) */
    int crash_after_run;         /* CLX_CRASH_AFTER_RUN: the worker aborts once it has written the whole run */
    int crash_in_heater;         /* CLX_CRASH_IN_HEATER: the worker aborts in the heater, after its first launch */
    long kill_after_redone;      /* CLX_KILL_AFTER_REDONE: SIGKILL to clx and its worker once a resume has written
                                  * this many rows measured again in their places (0: never) */
    long redone_gap_s;           /* CLX_REDONE_GAP: the least seconds between two rewrites of results.tsv for rows
                                  * measured again (0: REDONE_GAP_MIN_S), for a test of the rows that wait */
    double stop_grace_s;         /* CLX_STOP_GRACE: seconds a launch in flight at a stop gets before its worker is
                                  * killed (0: STOP_GRACE_S, a second), for a test of a stop that a loaded host's
                                  * longer launches must not turn into a kill */
    int timer_host;              /* CLX_TIMER=host: rows timed by the host clock whatever the events do */
    long tune_stop_after;        /* CLX_TUNE_STOP_AFTER: a tuning pass is out of its seconds once it has begun
                                  * this many configurations (0: by its seconds alone) */
    int setup_latencies;         /* CLX_SETUP_LATENCIES: 0 the latencies measured at set-up where no peaks run
                                  * gives them and a latency bound can use them (occupancy rules known);
                                  * 1 wherever no peaks run gives them; -1 never */
    const struct tune_state *tune;   /* the spec's tuning pass, or the sweep after it (tune_pick.h); NULL: none */
    struct run_search search;    /* --search */
    const char *console_log;     /* multi.c: this process's console, moved into the results folder as
                                  * console.log as soon as the folder exists (supervise.c) */
    int console_tell;            /* with console_log: the pipe to multi.c that the folder's path goes
                                  * on, a line, as soon as it exists (a process killed later is found) */
    const char *dir_file;        /* --dir-file: the file the run's folder is written into as soon as it
                                  * exists (store/dirfile.h); NULL: none (a tuning pass, a device's
                                  * process under --device LIST: their parent writes it) */
};

/* run_experiment: plans, builds, times, verifies and writes the results of spec s; *run_dir (when
 * not NULL) gets the results folder (a new string). Returns the process exit status: 0 when every
 * row passed (or was skipped with a reason), 1 when a row failed verification, a variant failed
 * to build or run, or a results file could not be written, 128 + the signal when SIGINT or SIGTERM
 * stopped it (the rows so far are kept; --resume continues). Dies on setup errors. */
int run_experiment(const struct spec *s, const struct run_opts *o, char **run_dir);
/* run_stop_name: a stop's signal as messages and run.json's interrupted_by name it: "SIGINT",
 * "SIGHUP", "SIGPIPE (stdout closed)", else "SIGTERM". */
const char *run_stop_name(int sig);
/* run_stop_ended: a stop by sig that came once the run had written everything, said (its results
 * are complete, run.json finished); the run's exit status, 128 + sig. The worker says it, or the
 * supervisor where the worker had exited before the signal reached it. A --report is drawn after
 * it, as after any stop (cli_run). */
int run_stop_ended(int sig);
/* run_turn_stopped: after a wait for the device's turn (devlock.h), where a stop ended it: said
 * ("stopped by SIGINT while waiting for the device's turn: nothing was run, no results folder
 * made"; of a resume, resume_dir, "...: nothing was run; DIR is as it was: clx run --resume DIR
 * goes on with it"), and the process ends with the stop's status, 128 + its signal; else nothing. A
 * sweep's worker and the modes worker (NULL) alike. */
void run_turn_stopped(const char *resume_dir);
/* run_json_mark_interrupted: dir/run.json says interrupted, by `by`, unless it says finished: the
 * supervisor's word for a worker that ended before its own last write (killed on a second ^C or a
 * launch that did not stop, died where no row takes the blame); a modes run's parent's too. 0, or
 * -1 said. */
int run_json_mark_interrupted(const char *dir, const char *by);
/* run_json_mark_crashed: dir/run.json, which says finished, says also how the worker died after
 * writing it (worker_crash: `how`); a run.json that does not say finished is left as it is. 0, or
 * -1 said. */
int run_json_mark_crashed(const char *dir, const char *how);
/* run_json_mark_stopped: the same for a run a stop ended, and where the worker wrote no counts (killed
 * in a launch, or by a second signal) its counts from the rows in results.tsv, which the supervisor
 * completed (the builds it made are not known): a stopped run's counts are its rows'. search: a
 * killed search's "search" part as its worker last sent it (JSON text; NULL: none), written where
 * run.json has none (the worker's own, written at its stop, is kept). */
int run_json_mark_stopped(const char *dir, const char *by, const char *search);
#endif
