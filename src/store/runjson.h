/* runjson.h — run.json, the provenance beside results.tsv, owned here: every key it holds (the RJ_
 * constants, in the order the file holds them), the typed record that a run, a modes run and a
 * merge fill to write it (runjson_write, the one writer), and the same record read back for
 * report, compare, history, resume and merge (runjson_read, the one reader). docs/results.md's
 * table says what each key means, its type and when it is absent (tests/unit/test_runjson.c checks
 * that it names every key the writer writes). */
#ifndef RUNJSON_H
#define RUNJSON_H
#include "jsonval.h"
#include "rowstatus.h"
#include "lib/util.h"
#include <cjson/cJSON.h>
#include <math.h>

/* ---- the top-level keys, in the file's order ---------------------------------------------------
 * Typed: read into struct runjson's field of the same name. Part: a subtree its writer builds
 * (runjson_attach) and its readers take whole (runjson_part); its own keys are its writer's.
 * To add a key: a constant here, a field or a part, and a row of runjson.c's table. */
#define RJ_CLX_VERSION      "clx_version"      /* typed: lib/version.h's version of the clx that wrote it */
#define RJ_EXPERIMENT       "experiment"       /* typed: the experiment's name */
#define RJ_DESCRIPTION      "description"      /* typed: the spec's description */
#define RJ_KIND             "kind"             /* typed: "modes" for clx run --modes; absent for a sweep */
#define RJ_COMMAND_LINE     "command_line"     /* typed: the command, quoted to paste back */
#define RJ_ARGS             "args"             /* typed: the arguments after "clx run" (--resume reuses them) */
#define RJ_STARTED          "started"          /* typed: the (first) start, lib/isotime.h's local time
                                                * (2026-12-01T02:07:09+00:00; an older clx's +0000 read too) */
#define RJ_FINISHED         "finished"         /* typed: when it ended; absent while running or stopped */
#define RJ_INTERRUPTED      "interrupted"      /* typed: when a signal stopped it */
#define RJ_INTERRUPTED_BY   "interrupted_by"   /* typed: what stopped it: "SIGINT", "SIGPIPE (stdout closed)", ... */
#define RJ_WORKER_CRASH     "worker_crash"     /* typed: how the worker process died once it had written the
                                                * whole run (finished), and the likely cause */
#define RJ_SESSION_CRASHES  "session_crashes"  /* typed: how this session's workers crashed or ran past --timeout
                                                * (sessions.h): its own, which an earlier session's rows are not */
#define RJ_RESUMED          "resumed"          /* typed: when it was continued (clx run --resume) */
#define RJ_INTERRUPTIONS    "interruptions"    /* part (store/sessions.c): each earlier session's end, its clx, its counts */
#define RJ_HOST             "host"             /* typed: the host's name (a merge: every shard's) */
#define RJ_OS               "os"               /* typed: uname's system, release and machine */
#define RJ_DEVICE_SELECTOR  "device_selector"  /* typed: --device (or CLX_DEVICE) as given */
/* device_selector where neither named a device: the default one. */
#define RJ_DEVICE_DEFAULT   "(default: first GPU, else first device)"
#define RJ_DEVICE_INDEX     "device_index"     /* typed: P:D (a --split: the parts' list) */
#define RJ_DEVICES          "devices"          /* typed: a modes run's devices */
#define RJ_DEVICE           "device"           /* part (devinfo.c), read as struct rj_device; a modes run: a name */
#define RJ_PEAK             "peak"             /* typed: theoretical peaks and where they come from */
#define RJ_SEED             "seed"             /* typed */
#define RJ_ONE_DEVICE       "one_device"       /* typed: a modes run on one device */
#define RJ_CHUNKS           "chunks"           /* typed: a modes run's kernels per part */
#define RJ_BUILD            "build"            /* typed: a modes run's build-option set */
#define RJ_WARMUPS          "warmups"          /* typed */
#define RJ_TRIALS           "trials"           /* typed */
#define RJ_ROUNDS           "rounds"           /* typed */
#define RJ_BATCH            "batch"            /* typed: launches a trial; 0: the probes decide */
#define RJ_MAX_SECONDS      "max_seconds_per_config" /* typed: --max-time */
#define RJ_TARGET_CV        "target_cv"        /* typed */
#define RJ_TARGET_SE        "target_se"        /* typed */
#define RJ_MAX_ROUNDS       "max_rounds"       /* typed */
#define RJ_ROUND_GAP_S      "round_gap_s"      /* typed */
#define RJ_CACHE            "cache"            /* typed: "warm" or "cold" */
#define RJ_HOST_ROUND_TRIP  "host_round_trip_ms" /* typed: a command that does nothing, there and back */
#define RJ_TIMER            "timer"            /* typed: what timed the trials, and what its check saw */
#define RJ_CACHE_FLUSH      "cache_flush_bytes" /* typed: --cold's flush buffer */
#define RJ_QUICK            "quick"            /* typed: --quick */
#define RJ_PLANNED_ROWS     "planned_rows"     /* typed: the rows a whole sweep writes (a reader of one that
                                                  did not say it ended tells a sweep cut short from one whose
                                                  last run.json could not be written) */
#define RJ_HOST_MEMORY      "host_memory"      /* part: a modes run's pinned and pageable host buffers */
#define RJ_POINT            "point"            /* part: a modes run's launch point */
#define RJ_VERIFY           "verify"           /* typed: the reference, "baseline", "none" or "off" */
#define RJ_REF_PROBE_FAULT  "ref_probe_fault"  /* typed: what its row said where the reference faulted in the probe
                                                * of whether it reads its output (measure/expected_probe.h), in this
                                                * session or one before: a resume does not probe it again */
#define RJ_REF_PROBED       "ref_probed"       /* typed: true where that probe was made, in this session or one
                                                * before: a resume that finds no room for it does not say at its
                                                * end that it never ran */
#define RJ_DEVICE_LOCK      "device_lock"      /* typed: the device's lock file */
#define RJ_DEVICE_TURN      "device_turn"      /* typed: "held", "shared" or "unlocked" */
#define RJ_VERIFY_ON        "verify_on"        /* typed: "device", "host" or "off" */
#define RJ_TRIAL_CLOCK      "trial_clock"      /* typed: what reads each trial's clock */
#define RJ_TRIAL_CLOCK_WHY  "trial_clock_why"  /* typed: why nothing does */
#define RJ_NVIDIA_JIT_CACHE "nvidia_jit_cache" /* typed: where NVIDIA's JIT cache is (jitcache.h), NVIDIA only */
#define RJ_BLOCKER          "blocker"          /* part (run/): batches behind the blocking kernel */
#define RJ_BLOCKER_WHY      "blocker_why"      /* typed: why there is no blocking kernel */
#define RJ_CLOCK_SOURCE     "clock_source"     /* typed: where the rows' clocks come from; null: nowhere */
#define RJ_CLOCK_MAX_MHZ    "clock_max_sm_mhz" /* typed */
#define RJ_CLOCK_SOURCE_WHY "clock_source_why" /* typed: why clock_source is null */
#define RJ_ENERGY           "energy"           /* part (run/run_energy.c) */
#define RJ_PREHEAT          "preheat"          /* part (run/run_preheat.c) */
#define RJ_VERIFY_ON_WHY    "verify_on_why"    /* typed: why outputs were compared on the host */
#define RJ_EXPECT           "expect"           /* part (run/run_expect.c) */
#define RJ_ISA_INSTR        "isa_instr"        /* part (run/run_build.c) */
#define RJ_SPEC_FILE        "spec_file"        /* typed: the spec's path (relative to clx's home when shipped) */
#define RJ_SPEC             "spec"             /* typed: the spec's text as written */
#define RJ_TEMPLATE_SHA     "template_sha"     /* typed: a hash of the template file's text (resume, merge) */
#define RJ_REFERENCE_SHA    "reference_sha"    /* typed: a hash of the user's .ref.c that declares the reference */
#define RJ_AS_RUN           "as_run"           /* typed: the axes as run */
#define RJ_TUNE             "tune"             /* part (run/tune_pick.c) */
#define RJ_SHARD            "shard"            /* typed: a shard's part of the sweep (clx run --shard) */
#define RJ_SOL              "sol"              /* part (sol/ceilings.c): the speed of light's ceilings; after
                                                * shard, outside the sweep's hash: a peaks run is no sweep's */
#define RJ_SEARCH           "search"           /* part (run/search_sweep.c): clx run --search's outcome */
#define RJ_TIME_S           "time_s"           /* part (run/): seconds, wall and each phase */
#define RJ_HOST_LOAD        "host_load"        /* typed: how busy the host was during a CPU device's sweep */
#define RJ_COUNTS           "counts"           /* typed: rows by status, builds, outputs checked */
#define RJ_REPEATABILITY    "repeatability"    /* part (measure/rounds.c) */
#define RJ_SPLIT            "split"            /* part (cluster/merge_json.c): a --split's devices */
#define RJ_MERGED           "merged"           /* part (cluster/merge_json.c): the shards a merge joined */

/* The "device" object's keys that readers use (devinfo.c writes them with these constants; its
 * other keys are its own). */
#define RJ_DEV_NAME             "name"
#define RJ_DEV_VENDOR           "vendor"
#define RJ_DEV_PLATFORM         "platform"
#define RJ_DEV_PLATFORM_VERSION "platform_version"
#define RJ_DEV_DRIVER_VERSION   "driver_version"
#define RJ_DEV_DRIVER_ENV       "driver_env"       /* "NAME=VALUE ..." (device/drvenv.h); "" none */
#define RJ_DEV_TYPE             "type"             /* "GPU", "CPU", "ACCELERATOR" ... */
#define RJ_DEV_COMPUTE_UNITS    "compute_units"
#define RJ_DEV_MAX_CLOCK_MHZ    "max_clock_mhz"
#define RJ_DEV_MAX_WG           "max_work_group_size"
#define RJ_DEV_LOCAL_MEM        "local_mem_bytes"
#define RJ_DEV_GLOBAL_MEM       "global_mem_bytes"
#define RJ_DEV_MAX_ALLOC        "max_alloc_bytes"
#define RJ_DEV_CACHE            "global_cache_bytes"
#define RJ_DEV_FP64             "fp64"
#define RJ_DEV_FP16             "fp16"
#define RJ_DEV_CPU_LOGICAL      "cpu_logical_cpus" /* host logical CPUs the device may use (CPU devices) */
/* Keys of a shard's "shard" object that sweepid.c's table names. */
#define RJ_SHARD_N              "n"
#define RJ_SHARD_OPTIONS        "options"

/* ---- the record -----------------------------------------------------------------------------
 * What the file does not say is NULL (a string), NAN (a number), -1 (a yes/no), empty (a list),
 * and is left out when written. Strings point into doc, into held (runjson_hold) or into memory
 * the writer keeps until it has written. */

/* "device" as readers use it: "" and NAN where it does not say (a modes run's names only). */
struct rj_device {
    const char *name, *vendor, *platform, *platform_version, *driver_version, *driver_env;
    const char *type;            /* "CPU" where the device is the host's own cores */
    double compute_units, max_clock_mhz, max_work_group_size, local_mem_bytes, global_mem_bytes, max_alloc_bytes,
        global_cache_bytes;
    double fp64, fp16;           /* 1 or 0 */
};

/* "peak": the theoretical figures (0: unknown), the words saying where each comes from, and what
 * each rate is (FIGURE_kind, where the figure is known): one of the words below (device/peak.h's
 * enum peak_kind). */
#define RJ_PEAK_KIND_THEORETICAL "theoretical"   /* from clx's tables or a datasheet */
#define RJ_PEAK_KIND_ESTIMATE    "estimate"      /* an upper-bound estimate (a CPU's): the true peak may lie well below */
#define RJ_PEAK_KIND_GIVEN       "environment"   /* a CLX_PEAK_* variable's */
struct rj_peak {
    double fp32_gflops, fp64_gflops, fp16_gflops, tensor_f16_gflops, tensor_tf32_gflops, tensor_int8_gops;
    double mem_gbs, cache_bytes, link_gbs;
    const char *fp32_source, *fp64_source, *fp16_source, *tensor_source, *mem_source, *cache_source, *link_source;
    const char *fp32_kind, *fp64_kind, *fp16_kind, *tensor_kind, *mem_kind;
    double fp32_low_gflops, fp64_low_gflops; /* an estimate's own lower figure (device/peak.h), NAN where none */
};

/* "timer": "events" or "host", what the set-up's check saw, the driver's resolution and the step
 * its events' times take (NAN: not measured, written null), a held and a fed trial's least length. */
struct rj_timer {
    const char *used, *check;
    double reported_resolution_ns, step_ns, trial_held_us, trial_fed_us;
};

/* One device of a modes run ("devices"): its P:D and what it is. */
struct rj_mdevice { const char *index, *name, *vendor, *platform, *platform_version, *driver, *type; };

/* "as_run": the variants (id, kernel, parameters), the builds' option strings, the launch axes
 * with their values (as written), and the derived values' names. */
struct rj_variant { const char *id, *kernel; struct strlist keys, values; };
struct rj_axis { const char *name; struct strlist values; };
struct rj_as_run {
    int has;
    struct rj_variant *variants; int nvariants;
    /* A search's space in place of its list: how many variants and the hash of the list as it
     * would be written (sgemm's 62,128 made run.json 20 MB, written at a search's start and end);
     * variants_hash NULL: the list. */
    long variants_count; const char *variants_hash;
    int restricted;                  /* combinations the spec's restrictions left out ("restricted") */
    struct strlist builds;
    struct rj_axis *axes; int naxes;
    struct strlist derived;
};

/* "shard" (n > 0 when there is one): part k of n, cut by unit; the sweep's configurations, those
 * owned and those run as helpers; its shape (variants, builds, lines, locals); the variants in the
 * sweep's order; the options that shape it; sweep, the hash of what the shards share (NULL when
 * written: computed then over what comes before it). */
struct rj_shard {
    int k, n;
    const char *unit;
    double configurations, owned, helpers;
    long variants, builds, lines, locals;
    int *order; int norder;
    struct strlist options;
    const char *sweep;
};

/* "host_load" (has): a CPU device's sweep shares the host's cores with every other process, so how
 * busy the host was beside it (lib/hostload.h, from /proc): its logical CPUs, the sweep's seconds,
 * the 1-minute load average at its start and end, and the shares of every CPU's time over it that
 * other processes and clx took (NAN: unknown, left out). A GPU's run has none. */
struct rj_host_load {
    int has;
    double cpus, seconds, load_avg_start, load_avg_end, others_share, clx_share;
};

/* "counts" (has): rows by status (row_status_key's words), builds compiled and loaded, outputs
 * checked on the device and on the host, rows flagged shared, rows a stop cut short (rounds-cut), the
 * run's files it could not write (NAN: a run.json of an older clx, which did not say). */
struct rj_counts {
    int has;
    struct status_counts st;
    double builds_compiled, builds_from_cache, outputs_on_device, outputs_on_host, shared, rounds_cut, files_unwritten;
};

struct runjson {
    cJSON *doc;                  /* owned: the parts, and once read the whole file (its unknown keys are kept) */
    struct strlist held;         /* strings runjson_hold copied */
    const char *clx_version, *experiment, *description, *kind, *command_line, *started, *finished, *interrupted,
               *interrupted_by, *worker_crash, *session_crashes;
    struct strlist args, resumed;
    const char *host, *os, *device_selector, *device_index;
    struct rj_mdevice *devices; int ndevices;
    struct rj_device device;     /* the "device" part, as read */
    struct rj_peak peak; int has_peak;
    double seed, warmups, trials, rounds, batch, max_seconds, target_cv, target_se, max_rounds, round_gap_s;
    const char *cache;
    double host_round_trip_ms, cache_flush_bytes, chunks;
    struct rj_timer timer;
    int quick, one_device;
    double planned_rows;
    const char *build;           /* a modes run's build-option set */
    const char *ref_probe_fault;
    int ref_probed;
    const char *verify, *device_lock, *device_turn, *verify_on, *verify_on_why, *trial_clock, *trial_clock_why;
    const char *nvidia_jit_cache;
    const char *blocker_why, *clock_source, *clock_source_why;
    double clock_max_mhz;
    const char *spec_file, *spec;
    const char *template_sha, *reference_sha;
    struct rj_as_run as_run;
    struct rj_shard shard;
    struct rj_host_load host_load;
    struct rj_counts counts;
};

/* rj_str, rj_num: a field as a reader shows it: "" and 0 where run.json does not say. */
static inline const char *rj_str(const char *s) { return s ? s : ""; }
static inline double rj_num(double x) { return isnan(x) ? 0 : x; }

/* runjson_init: an empty record (nothing said) to fill and write. */
void runjson_init(struct runjson *r);
/* runjson_free: frees what the record owns (doc, held strings, lists); r is empty after. */
void runjson_free(struct runjson *r);
/* runjson_hold: a copy of s (NULL stays NULL) that lives as long as r. */
const char *runjson_hold(struct runjson *r, const char *s);
/* runjson_attach: part (taken) as key's subtree, replacing any; key must be a part's (RJ_ENERGY...). */
void runjson_attach(struct runjson *r, const char *key, cJSON *part);
/* runjson_part: key's subtree, NULL when r has none (a run of an older clx). */
const cJSON *runjson_part(const struct runjson *r, const char *key);
/* runjson_drop: key said no more (a typed field emptied, a part removed). */
void runjson_drop(struct runjson *r, const char *key);

/* runjson_doc: the record as run.json's object, keys in the table's order, then the keys of doc no
 * row knows (a newer clx's) as they were: a new object. */
cJSON *runjson_doc(const struct runjson *r);
/* runjson_key: the i-th top-level key (0..) in the file's order, NULL past the last: every key the
 * writer may write (tests/unit/test_runjson.c checks that docs/results.md's table has each). */
const char *runjson_key(int i);
/* runjson_value: key's value as runjson_doc writes it (a new item), NULL when r does not say it. */
cJSON *runjson_value(const struct runjson *r, const char *key);
/* runjson_write: dir/run.json from the record (atomically). 0, or -1 with errno. */
int runjson_write(const char *dir, const struct runjson *r);
/* runjson_read: dir/run.json into r (initialised here). 0, or -1 with *err ("dir/run.json: ...";
 * where dir has results.tsv and no run.json, what happened and what to do) and r empty. */
int runjson_read(const char *dir, struct runjson *r, char **err);
/* runjson_parse: doc (taken: an object) into r (initialised here). */
void runjson_parse(struct runjson *r, cJSON *doc);

/* runjson_counts_line: the counts as a run's summary says them (status_counts_line_against); NULL
 * when the record has none (a run that did not finish). A new string. */
char *runjson_counts_line(const struct runjson *r);
/* runjson_baseline: status_counts_line_against's baseline for the run: "" where its rows were
 * checked against a baseline variant (verify "baseline": run.json does not name it), else NULL. */
const char *runjson_baseline(const struct runjson *r);
/* runjson_missing_shards: of clx merge's part (RJ_MERGED), the shards it lacked as said in a
 * sentence: "shard 3" or "shards 2, 3" (a new string). */
char *runjson_missing_shards(const cJSON *merged);
/* runjson_peaks: every theoretical figure of "peak" that is known (above 0) into out (at most
 * max); how many. */
int runjson_peaks(const struct runjson *r, double *out, int max);

/* A device's property or peak, by name for a finding's check (spec_view.c's table). */
enum rj_figure {
    RJF_COMPUTE_UNITS, RJF_MAX_CLOCK_MHZ, RJF_MAX_WG, RJF_LOCAL_MEM, RJF_GLOBAL_MEM, RJF_MAX_ALLOC, RJF_CACHE,
    RJF_FP64, RJF_FP16, RJF_PEAK_FP32, RJF_PEAK_GBS, RJF_PEAK_FP64, RJF_PEAK_FP16,
};
/* runjson_figure: that figure, NAN when the run does not know it (a peak of 0 is unknown, and so is a
 * largest work-group of 0, one the driver did not report). */
double runjson_figure(const struct runjson *r, enum rj_figure f);
/* runjson_figure_peak: the peak figure f is ("fp32", "mem", "fp64", "fp16": runjson_peak_kind's
 * names), NULL for a property of the device. */
const char *runjson_figure_peak(enum rj_figure f);
/* runjson_peak_kind: what the run's peak figure ("fp32", "fp64", "fp16", "tensor", "mem") is, one of
 * RJ_PEAK_KIND_*, NULL where run.json knows no such figure (0). A run of an older clx said it only in
 * the source's words: an estimate where they say "estimate", else theoretical. */
const char *runjson_peak_kind(const struct runjson *r, const char *figure);
/* runjson_peak_estimate: whether that figure is an upper-bound estimate (RJ_PEAK_KIND_ESTIMATE). */
int runjson_peak_estimate(const struct runjson *r, const char *figure);
/* runjson_peak_low: the lower figure an estimate's derivation states (peak.FIGURE_low_gflops: a CPU
 * whose row cannot tell its 512-bit FMAs, at 256 bits), below which its true peak does not lie; NAN
 * where the figure is no estimate, or run.json says none (or one not below the estimate). */
double runjson_peak_low(const struct runjson *r, const char *figure);

#endif
