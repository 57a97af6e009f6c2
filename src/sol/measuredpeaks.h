/* measuredpeaks.h — what a device's `clx run peaks` measured that bounds other rows where clx's
 * tables know no theoretical figure: each class's best verified rate, the read bandwidth of the
 * last-level cache and of local memory, and the latencies of a dependent fma, of the last-level
 * cache and of memory. */
#ifndef MEASUREDPEAKS_H
#define MEASUREDPEAKS_H
#include "lib/util.h"
#include "spec/solkinds.h"

/* What a peaks run is, where its figures are shown or read: whether it is the device's peaks (a full
 * run, its whole sweep at its sizes) and how it was timed. One home (sol_peaks_what_of) for `clx
 * devices --peaks`, report.md's atlas and ceilings, and the speed-of-light line, which each asked it of
 * the run on their own. */
struct sol_peaks_what {
    int quick;                   /* a --quick run: small sizes, few trials, not the device's peaks */
    char *narrowed;              /* the options that narrowed it ("--set N=32Mi": sol_peaks_narrowed), not the
                                  * device's peaks either; NULL: its whole sweep */
    char *timing;                /* how it was timed where that lowers its figures (sol_peaks_timing_said);
                                  * NULL: as a device's peaks should be */
};
/* sol_peaks_what_of: w of the run r (a peaks run's folder, opened); sol_peaks_what_recorded: of the
 * peaks run a run read, as run.json's sol records it (peaks_run_quick, _narrowed, _note; all zero
 * where it read none). */
struct rundir;
void sol_peaks_what_of(const struct rundir *r, struct sol_peaks_what *w);
struct cJSON;
void sol_peaks_what_recorded(const struct cJSON *sol, struct sol_peaks_what *w);
/* sol_peaks_what_copy: a copy of w into to, its strings new. */
void sol_peaks_what_copy(const struct sol_peaks_what *w, struct sol_peaks_what *to);
void sol_peaks_what_free(struct sol_peaks_what *w);
/* sol_peaks_what_said: the words of what it is, the same wherever it is shown: "small sizes and few
 * trials, not the device's peaks" (--quick, before narrowed: a --quick run given --set is --quick
 * first), "not the whole sweep at its sizes, not the device's peaks" (narrowed), NULL for a full one;
 * each followed by its timing where it has one ("; 12 of its 18 timed rows shared ...: its figures may
 * be low, ..."), which a full one's is alone. A new string or NULL. */
char *sol_peaks_what_said(const struct sol_peaks_what *w);

struct sol_measured {
    char *dir;                   /* the peaks run read; NULL: none */
    char *path;                  /* dir made absolute as read (realpath): where it is from any directory */
    struct sol_peaks_what what_run;   /* what it is: --quick, narrowed, how it was timed */
    char *unread;                /* a peaks run found and not read, its figures no ceilings (dir NULL then) */
    int unread_why;              /* why unread is not read: SOL_PEAKS_QUICK or SOL_PEAKS_SHARED */
    char *searched;              /* where a run looked for its device's peaks run ("/tmp/o (--out) or results"),
                                  * said where it found no full one; NULL: --peaks named it, or a resume's */
    int self;                    /* the run is a full peaks run: what no ceiling has, it measures for later runs */
    int resumed;                 /* a resume's: the peaks run its run recorded (dir, NULL where it recorded none),
                                  * not one searched for or named now (run_sol.c) */
    char *lost;                  /* (resumed) the peaks run its earlier sessions read that cannot be read now:
                                  * their rows were bounded by its figures, this session's are not (NULL: none) */
    double rate[SOL_NCLASS];     /* best verified rate of each throughput class (GFLOP/s, GOP/s, GB/s); 0 unknown */
    char *what[SOL_NCLASS];      /* which row or probe gave it ("fp32_fma", "cachebw: read, last-level cache");
                                  * owned, NULL where rate is 0 */
    char *by[SOL_NCLASS];        /* that row's or probe's name alone, without why it is the ceiling ("read_f4_cpu"
                                  * where what says "read_f4_cpu (cache-resident)"): what a report names; owned */
    double fma_latency_ns;       /* one dependent fp32 fma (probe chain_latency); 0 unknown */
    double mad_latency_ns;       /* one dependent int32 mad */
    double clock_mhz;            /* the device's clock as that run reported it (the latencies' cycles) */
    double l2_latency_ns, dram_latency_ns;   /* the last-level cache's and memory's load latency (levels) */
    char *chase_short;           /* why both are unknown: the pointer chase stopped at or short of the last-level
                                  * cache's reported size, its last level maybe an inner cache's (owned; NULL: none) */
    /* Where the pointer chase shows memory's latency at the last-level cache's reported size (cache_llc
     * bytes: no cache level of that size), the largest footprint it shows faster than memory: what a
     * row's data must fit to be in a cache; memory's latency and the footprint its level starts at. */
    double cache_bytes, cache_llc, cache_mem_ns, cache_mem_from;   /* cache_llc 0: the reported size stands */
};

/* How a peaks run's rows were timed: its timed rows (a median, and a status whose timing stands: ok,
 * cut or unverified; a failed row's median is no figure of the run's), those flagged shared (another
 * clx timed the device meanwhile) and noisy, and the share of the host's CPU time other processes took
 * during its sweep (run.json host_load; NAN: not said). A full run on a busy shared host measured
 * its l2 at 3.7 GB/s, every row shared and noisy at 84% load, and bounded no row after it. */
struct sol_peaks_timing { int timed, shared, noisy; double others_share; };
/* "Mostly": more than this share of the timed rows (shared: the run is not taken by default;
 * noisy: said). Heavy load: others took at least this share of the host's CPU time (said). */
#define SOL_PEAKS_MOSTLY 0.5
#define SOL_PEAKS_HEAVY_LOAD 0.5
struct rundir;
void sol_peaks_timing(const struct rundir *r, struct sol_peaks_timing *t);
/* sol_peaks_mostly: whether n of `of` timed rows is more than SOL_PEAKS_MOSTLY of them. */
int sol_peaks_mostly(int n, int of);
/* sol_peaks_timing_said: where t's rows were mostly shared or noisy, or the host's load heavy, the
 * words that say so ("18 of its 18 timed rows noisy, other processes took 84% of the host's CPU time
 * during it: its figures may be low, ..."); a new string, else NULL. */
char *sol_peaks_timing_said(const struct sol_peaks_timing *t);

/* Why a peaks run found is not read by default (sol_peaks_find's *unread). */
enum { SOL_PEAKS_TAKEN, SOL_PEAKS_QUICK, SOL_PEAKS_SHARED };
/* sol_peaks_unusable: why the run r gives a run of this device and driver (run.json's device name
 * and driver version) no ceilings: it is not of peaks, of another device or driver (not asked where
 * device is NULL), a shard, a tuning pass, or not finished (stopped, or still running); the words follow its folder's name ("a run of
 * vecsum, not of peaks"), a new string; NULL where it may give them. The one rule of the search
 * (sol_peaks_find) and of --peaks (sol_measured_read): a --quick, narrowed or mostly shared run passes
 * it, which the search passes over and --peaks reads, saying so. */
char *sol_peaks_unusable(const struct rundir *r, const char *device, const char *driver);
/* sol_peaks_named_check: why the folder --peaks names cannot be read by any run, known without a
 * device (clx run --dry-run): it cannot be opened as a run, or is sol_peaks_unusable but for its
 * device and driver, which only the run's device can tell; "DIR is a run of vecsum, not of peaks",
 * a new string, else NULL. */
char *sol_peaks_named_check(const char *dir);
/* sol_peaks_find: the newest peaks run folder under root that a run of this device and driver may
 * read (sol_peaks_unusable): a full run whose timed rows
 * were not mostly shared (*unread SOL_PEAKS_TAKEN, where unread is not NULL), else the newest full
 * one that was (SOL_PEAKS_SHARED), else a --quick or narrowed one (SOL_PEAKS_QUICK); a new string, or
 * NULL when none. */
char *sol_peaks_find(const char *root, const char *device, const char *driver, int *unread);
/* sol_peaks_find_among: sol_peaks_find over roots[0..n) together, as one folder: the newest full run
 * timed alone in any of them, else the newest full one timed mostly shared, else the newest --quick or
 * narrowed one (*unread set to why); between runs that started at the same time, the earlier root's.
 * A new string, or NULL. A device's peaks are the device's, not a results folder's: a run into --out
 * DIR takes the full peaks run in results/ where DIR holds none, and a --quick one in DIR (or a full
 * one timed shared) does not hide it; a full one in results/ made after DIR's is the newer figure. */
char *sol_peaks_find_among(const char *const *roots, int n, const char *device, const char *driver, int *unread);
/* sol_peaks_narrowed: whether a peaks run of these arguments (run.json's args) ran less than peaks'
 * whole sweep at its sizes (--set, --size, --local or --build): a stream at --set N=1Mi reads a
 * cache, a few variants' run lacks the others' classes; one such run kept beside the full ones
 * became the device's memory ceiling at 1.4 GB/s on PoCL. Taken as a --quick one is: only where no
 * whole run is, and then not read. */
int sol_peaks_narrowed(const struct strlist *args);
/* sol_measured_read: m from the peaks run in dir (results.tsv, run.json, probes.tsv) for a run of
 * device and driver. 0, or -1 with *err (new, "DIR is ...") when dir is no readable peaks run, or one
 * such a run may not read (sol_peaks_unusable); device NULL: any peaks run, stopped too (its own
 * report's atlas). */
int sol_measured_read(const char *dir, const char *device, const char *driver, struct sol_measured *m, char **err);
void sol_measured_free(struct sol_measured *m);

/* sol_probe_class: the class whose ceiling a passing read of probes.tsv bounds (its probe, measure
 * and bytes a trial, NAN: unknown): cachebw's read of the last-level cache the cache's (memory's
 * where m's pointer chase shows memory's latency at that footprint), its read of memory memory's,
 * local's reads local memory's; -1 for any other probe. */
int sol_probe_class(const struct sol_measured *m, const char *probe, const char *measure, double bytes);

/* A faster read of one peaks run that a read below it gives way to: its rate, the name of the row or
 * probe that read it (m's, not owned), and its class (the read's own, or one beyond it). */
struct sol_faster { double rate; const char *by; int k; };
/* sol_read_ceiling: the one rule of whether a measured read of class k at v (GB/s) is a ceiling: 1
 * where no read of m at its level or beyond it (the cache beyond local memory, memory beyond the
 * cache) is faster; else 0, with the fastest such read in *f, which bounds class k instead (a level
 * is no slower than the one beyond it: a CPU's cachebw read 11.9 GB/s where a cache-resident stream
 * read 71). sol_measured_read raises its classes by it, and the atlas (report/measured.c) says by it
 * which probes are "not a ceiling": the words and the bound cannot disagree. */
int sol_read_ceiling(const struct sol_measured *m, int k, double v, struct sol_faster *f);
#endif
