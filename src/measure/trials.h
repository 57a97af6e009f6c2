/* trials.h — the timed trials of one configuration: warm-ups, probes that decide the batch size,
 * trials timed with CL_PROFILING_COMMAND_START/END (and by the host beside them), in one or more
 * visits (rounds) that add to one timing; warm or cold caches; the rules that judge the timer. */
#ifndef TRIALS_H
#define TRIALS_H
#include "bench.h"
#include "trialclock.h"

/* What the trials of a configuration measured, over all its visits: per-launch times in ms (one
 * per trial), the batch size used, and where each visit (round) began. */
struct timing {
    double *ms;
    double *host_ms;     /* per launch as the host saw it: enqueue to the wait's return, one per trial (a
                          * trial queued while the one before it ran counts that one's remainder too) */
    double *gap_ms;      /* batches: the device's idle time between two launches, one per trial */
    double *mhz;         /* the SM clock around each trial (trialclock.h); NAN where it was not read */
    int n;
    int batch;           /* launches per timed trial (1 unless the kernel is short); a batched trial's
                          * time is its launches' own durations (START to END) averaged, after one
                          * untimed lead-in launch */
    int forced;          /* the batch size came from --batch, not from the probes */
    double probe_ms;     /* the median of the probe launches that decided the batch (0: no probe) */
    double typical_ms;   /* the kernel's time as its probes or warm-ups showed it (0: not known): whether
                          * a trial goes behind the blocker, and a single launch after a lead-in */
    int probes;          /* how many probe launches */
    int held;            /* its probes said the blocker holds its batches: batched by trials_want_ns(env, 1) */
    int cut;             /* trials stopped early by the time budget */
    int short_unbatched; /* short kernel that could not be batched (a buffer is reset, or --cold) */
    int cold;            /* the last-level cache was flushed before every trial */
    int converged;       /* --target-cv: 1 reached, 0 not (time budget or trial cap); -1 not asked */
    int window;          /* --target-cv: how many of the last trials decided (trials_cv_window) */
    double window_cv;    /* --target-cv: their cv */
    double once_s;       /* the first launch's host time past a launch's own (typical_ms, else its event
                          * time): a driver that compiles the kernel then (PoCL with a cold kernel cache)
                          * spends it once, whatever the problem's size; 0 where no warm-up ran */
    int visits;          /* visits so far: the first decides the batch, every visit is one round */
    int *round_first;    /* [visit]: the index in ms[] of the visit's first trial */
    double *round_at;    /* [visit]: when it began, in seconds since the run's start */
    int cap, round_cap;  /* room in the arrays */
};

/* timeout_s: a launch not finished after this long is stopped by the supervisor (0: the default
 * rule, trials_launch_limit). target_cv > 0: trials go on past `trials` until the cv of the last
 * `trials` of them is at most target_cv (within max_seconds, at most TRIALS_CV_MAX). batch > 0:
 * every trial of a kernel that may be batched is a batch of that many launches (--batch). rounds:
 * the trials of a configuration are split over that many visits (rounds.h); target_se and
 * max_rounds: --target-se and --max-rounds (run_config.c takes more rounds); round_gap: --round-gap,
 * the seconds between a configuration's rounds (run_span.c). */
struct bench_opts {
    int warmups, trials;
    double max_seconds, timeout_s, target_cv;
    int cold, batch, rounds;
    double target_se;
    int max_rounds;
    double round_gap;
    double limit_s;      /* the watchdog's base limit without --timeout (0: LAUNCH_LIMIT_S) */
};
/* BENCH_OPTS_UNSET: the options before the command line and the spec are read: -1 is "not given",
 * which bench_opts_defaults replaces; 0 is the option's own "off" (--timeout, --cold, --batch). */
#define BENCH_OPTS_UNSET ((struct bench_opts){ .warmups = -1, .trials = -1, .max_seconds = -1, .timeout_s = 0, \
    .target_cv = -1, .cold = 0, .batch = 0, .rounds = -1, .target_se = -1, .max_rounds = -1, .round_gap = -1, \
    .limit_s = 0 })
/* bench_opts_defaults: every option of o still unset (-1) from the spec s or from clx's defaults
 * (the #defines below; quick: --quick's). Returns 0; or -1, leaving o's rounds and what follows
 * them unset, when a target cv (given or the spec's) meets --rounds above 1: a target cv stops one
 * unbroken series of trials (the caller refuses the command). */
int bench_opts_defaults(struct bench_opts *o, const struct spec *s, int quick);
/* --target-se's default: a row's time known to 0.2% (its standard error) where more rounds can
 * bring it there; on an H200, taylor's rows of 50 us and more whose five rounds gave an error under
 * 0.24% differed between runs by 1.0% at the 95th percentile, those at 0.35-0.5% by 1.9%
 * (docs/timing.md). Off under --quick. */
#define TARGET_SE_DEFAULT 0.002
/* --round-gap's default, in seconds: a row's later rounds at least this far apart. On an H200 the
 * launch-bound time of 5-50 us kernels wandered by up to 15% in spells of seconds (docs/timing.md):
 * rounds this far apart fall in different spells. */
#define ROUND_GAP_DEFAULT 2.0
/* --max-rounds' default: four times --rounds, and at most ROUNDS_KEPT (the rounds a row keeps). */
#define MAX_ROUNDS_FACTOR 4
#define ROUNDS_KEPT 64
/* --max-time's defaults: seconds of trials per configuration, for a run and a --quick one. */
#define RUN_MAX_SECONDS 30.0
#define QUICK_MAX_SECONDS 2.0
#define TRIALS_CV_MAX 10000
/* trials_cv_window: how many of the last of n trials must have a cv within the target: --trials (at
 * least 3), and half of all once that is more. A fixed window of 10 lets a noisy kernel stop on ten
 * quiet trials in a row, which come by chance often enough: on an H200, 141 of 768 memcopy_ilp rows
 * stopped that way with a cv over all their trials above 1% (docs/timing.md). Half of all trials
 * also leaves the slow start of a row behind once the rest is steady. */
int trials_cv_window(int trials, int n);
/* The watchdog's limit for a launch where --timeout sets none: LAUNCH_LIMIT_S (CLX_LAUNCH_LIMIT
 * replaces it, for a test that waits on it: bench_opts.limit_s), or LAUNCH_LIMIT_TIMES the longest
 * launch the configuration has had when that is longer. */
#define LAUNCH_LIMIT_S 60
#define LAUNCH_LIMIT_TIMES 50
/* TRIALS_LIMIT_RULE: that rule in words, the one text --help, docs/running.md and docs/clx.1 say it in
 * (tests/e2e/cli.sh holds the three to it). */
#define TRIALS_LIMIT_RULE "60 s, or 50 times the configuration's longest launch so far when that is longer; a first " \
    "launch on a driver known to compile kernels then (Mesa's rusticl) 300 s"
/* trials_launch_limit: how long one launch may take: the --timeout, else the rule above; for a
 * configuration's first launch (longest_s 0: none seen yet) first_s where the driver compiles
 * then (firstlaunch.h; 0 elsewhere), when that is longer. */
double trials_launch_limit(const struct bench_opts *o, double longest_s, double first_s);
/* trials_limit_rule: the rule trials_launch_limit applied, in words, for a timeout's message. */
const char *trials_limit_rule(const struct bench_opts *o);
/* A later visit of a kernel shorter than this starts with one untimed launch, and a trial of one
 * launch follows an untimed one: the first launch after an idle device or another kernel is slower
 * (on an H100, a 14 us kernel took 17 us alone and 14.5 us after another launch; docs/timing.md).
 * Past 1 ms that is under 0.3%. Not for trials queued ahead either: without the lead-in before a
 * visit's first, an H200's rows of 50-200 us read 0.8-1.5% slower (2026-11-30, docs/timing.md).
 * From TRIALS_AHEAD_LEAST_MS on, for buffers of TRIALS_WARM_LLC_TIMES the last-level cache and
 * more, the untimed launch is a spin of the blocker (blocker_warm). */
#define TRIALS_REWARM_BELOW_S 1e-3
/* A configuration whose buffers are at least this many times the last-level cache is warmed by a
 * spin: what a launch before it left in the cache is no use to it, only its write-backs, which
 * slowed copies at full occupancy by 0.6-1.4% on an H200. Below it the launch before is what
 * leaves the kernel's data warm (cache = warm): taylor's rows of 0.2-1 ms on 128-256 MiB
 * (2.5-5 times an H200's 50 MiB) scattered a third more between rounds behind a spin, and moved
 * between runs by up to 3.3% at the 95th percentile against 2.2% (2026-11-30, docs/timing.md). */
#define TRIALS_WARM_LLC_TIMES 8.0

/* The least kernel time (ms) whose trials go queued ahead (trials_run), unless a blocker holds them. Not shorter: on an H200,
 * taylor's 3-50 us kernels queued two batches deep ran 2-3% slower than batches queued alone (as
 * batches of 16 and more ran 0.2-0.4 us a launch slower than 8, studies/batchlen.c), and their
 * rounds scattered (3001 of 4800 rows noisy against 51), for no shorter wall (docs/timing.md). */
#define TRIALS_AHEAD_LEAST_MS 0.05
/* trials_batch_size: the launches per trial of a kernel whose probes took probe_ns each, for a
 * trial of want_ns (trials_want_ns): 1 at or above it, else the power of two nearest to want_ns /
 * probe_ns (at most 4096), so that a probe a little slower or faster in another run gives the same
 * batch. */
int trials_batch_size(double probe_ns, double want_ns);

/* A device buffer written over before every cold trial: bigger than the last-level cache, so
 * whatever the kernel's data left there is evicted (the write is not timed). */
struct bench_flush { cl_mem mem; size_t bytes; };
/* trials_flush_bytes: the flush size for a last-level cache of cache_bytes (0: unknown): twice
 * the cache, at least 64 MiB, at most max_alloc. */
size_t trials_flush_bytes(double cache_bytes, size_t max_alloc);
/* trials_flush_make: allocates the flush buffer; 0, or -1 and *err. */
int trials_flush_make(cl_context ctx, size_t bytes, struct bench_flush *f, char **err);
void trials_flush_free(struct bench_flush *f);

/* What trials_run needs of the device beside the options: timer_res_ns (what the driver reports, or
 * the host's), step_ns and least_trial_ns decide batching (trials_want_ns: a kernel shorter than
 * that is timed as a batch of back-to-back launches, never when cold); flush is written over
 * before every trial when o->cold; trials_start(arg), when set, is called once the warm-ups are done, just before the first trial (where the clocks are sampled:
 * an idle GPU's clock is low until the warm-ups wake it); t0 is the run's start (round_at). */
struct bench_env {
    double timer_res_ns;
    const struct bench_flush *flush;
    void (*trials_start)(void *arg);
    void *arg;
    double t0;
    const struct trialclock *clock;  /* read before and after every trial, where it reads (NULL: never) */
    int (*stop)(void);               /* asked between trials: nonzero ends the visit (^C), NULL: never */
    int by_host;                     /* time by the host clock: the device's events do not time kernels
                                      * (timercheck.h); timer_res_ns is then the host's */
    struct blocker *blocker;         /* holds the device while a batch is queued (blocker.h); NULL: none */
    double step_ns;                  /* the timer's step as its events show it (0: not known; timercheck.h) */
    double least_trial_ns;           /* a trial held behind the blocker lasts this at least (0: no such rule) */
    double first_launch_s;           /* a first launch's allowance on a driver that compiles then (0: none) */
    double llc_bytes;                /* the last-level cache (0: not known): whose buffers are many times it
                                      * are warmed by a spin, not by a launch of their own (trials.c) */
};
/* trials_want_ns: how long a trial of a short kernel should last. One the blocker holds (held): 100
 * steps of the timer as its events show it (its quantization under 1%; what the driver reports
 * where no step was seen) and least_trial_ns (8 launch floors: no such batch holds more than 8
 * launches; on an H200 16 and 32 launches queued at once ran each 0.2-0.4 us slower than 1 to 8,
 * whatever held them, studies/batchlen.c). Any other: 100 times the coarser of the reported
 * resolution and the step (a memory-bound 32 us kernel timed singly scattered 2-6% between rounds,
 * in batches of 3-4 under 1.6%, docs/timing.md). */
double trials_want_ns(const struct bench_env *env, int held);
/* The configuration trials_run times: the queue, the kernel (its arguments set), its launch shape
 * and its buffers (poisoned on the first visit, reset before every launch where the spec says). */
struct trials_kernel {
    cl_command_queue q;
    cl_kernel k;
    const struct launch *L;
    struct bufset *bs;
};
/* trials_run: one visit of a configuration, adding `trials` trials to t (zeroed before the first
 * visit; with a target cv, as many more as convergence takes). The first visit poisons the
 * outputs, runs the warm-ups and decides the batch size from the median of five probe launches
 * (unless the warm-ups already show a long kernel); a later visit runs one untimed launch first,
 * since another kernel ran in between (a trial of one launch of 50 us to 1 ms on buffers of
 * TRIALS_WARM_LLC_TIMES the last-level cache goes behind a spin of the blocker instead, blocker_warm). A trial with a lead-in is queued while the one before it runs
 * (not under a target cv, nor timed by the host): the device goes from one to the next while the
 * host takes the first's times. Outputs stay on the device. Returns 0; 1 when env->stop
 * asked to stop between two trials (the visit's trials are taken back: t is as before it); or -1
 * and *err ("clEnqueueNDRangeKernel: CL_OUT_OF_RESOURCES"). */
int trials_run(const struct trials_kernel *tk, const struct bench_opts *o, const struct bench_env *env, int trials,
               struct timing *t, char **err);
void timing_free(struct timing *t);

/* trials_host_disagrees: NULL when the events' time per launch (event_ms) can be right beside the
 * host's wait around it (host_ms), else the flag: "event>host" (longer than the wait that held it,
 * beyond 2% and 5 us of clock granularity) or "event<<host" (under 1% of a host time above 1 ms
 * and above 10 times the round trip of a command that does nothing, round_trip_ms: a timer that
 * does not see the kernel, what mixbench's users met with Apple's events; a slow host's own
 * overhead is not mistaken for a long kernel). */
const char *trials_host_disagrees(double event_ms, double host_ms, double round_trip_ms);
/* trials_round_trip: the host's median time, in ms, to enqueue a 4-byte fill and see it finish:
 * what every timed launch pays beside its kernel. 0 when it cannot be measured. */
double trials_round_trip(cl_context ctx, cl_command_queue q);
#endif
