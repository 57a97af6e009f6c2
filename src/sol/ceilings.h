/* ceilings.h — what a device can do, class by class, for the speed of light of its rows: each
 * throughput class's rate (theoretical where clx's tables know it: a physical bound, at the row's
 * clock; else the device's latest `clx run peaks` figure: a measurement), the launch floor, the
 * latencies and the occupancy rules that the latency bounds need. */
#ifndef CEILINGS_H
#define CEILINGS_H
#include "measuredpeaks.h"
#include "device/occupancy.h"
#include "device/peak.h"
#include "device/simulator.h"
#include <cjson/cJSON.h>

struct sol_ceiling {
    double rate;                 /* per second, in the class's unit x 1e9 (GFLOP/s, GB/s); 0 unknown */
    int theoretical;             /* 1: a physical bound (scaled to the row's clock); 0: a measurement */
    enum peak_kind of;           /* (theoretical, not an upper limit) what the peak it comes from is (peak.h):
                                  * a table's rate, an upper-bound estimate (a CPU's whose FMA units or cores
                                  * clx does not know) or a CLX_PEAK_* variable's; run.json's kind says it */
    int upper_limit;             /* (theoretical) a rate the class cannot pass, not its own: a loose bound */
    int never_binds;             /* (upper_limit) so far above the rate (a CPU's ports) that a row it would bind
                                  * gets no bound: it bounds a row only where another class binds (the launch
                                  * floor is none: bound.c) */
    int passed;                  /* (measured) verified rows of the run past it by more than SOL_OVER: it bounds
                                    none of them (passed.h); counted once the run has its rows */
    char *source;                /* where it comes from, or why it is unknown and what would give it (owned:
                                  * sol_ceilings_free; of any length, as a path in it may be; NULL: none said) */
};

struct sol_ceilings {
    struct sol_ceiling c[SOL_NCLASS];   /* the throughput classes (launch and latency rows unused) */
    double max_mhz;              /* the clock the theoretical compute rates are reckoned at */
    int cpu;                     /* a CPU device: no occupancy, and its compute rates carry the timed clock's slack */
    const struct simulator *sim; /* a simulator (simulator.h): no ceiling, no row bound (NULL: a device) */
    double launch_ns;            /* an empty launch's least time (the blocking kernel's floor); 0 unknown */
    double fma_latency_ns, mad_latency_ns, latency_mhz;  /* dependent fma / mad, measured, and the clock then */
    double l2_latency_ns, dram_latency_ns;
    char *latency_from;          /* where the latencies come from, and which are missing and why (owned; NULL:
                                  * none known) */
    int latency_at_setup;        /* they were measured at the run's set-up (run_sol.c), not read from a peaks run */
    int chase_short;             /* the peaks run's pointer chase stopped short of the last-level cache: its and
                                  * memory's latencies unknown, latency_from says why (sol_measured's chase_short) */
    const struct occ_rules *occ; /* the vendor's occupancy rules (NULL: none known: no latency bound) */
    const char *occ_none;        /* where occ is NULL, why (occ_rules_none_why; NULL: not said) */
    int cu;                      /* compute units */
    char *peaks_dir;             /* the peaks run the measured figures came from (NULL: none) */
    char *peaks_path;            /* peaks_dir made absolute (sol_measured's path) */
    struct sol_peaks_what peaks_what;   /* what that run is: a --quick or narrowed one, named by --peaks, or how it
                                  * was timed (sol_ceilings_said says so) */
    char *quick_unread;          /* the --quick peaks run found where no full one is, not read (NULL: none) */
    char *shared_unread;         /* the full peaks run found, timed mostly shared, not read (NULL: none) */
    char *searched;              /* where the run looked for a peaks run (sol_measured's), NULL: not said */
    int self;                    /* the run is a full peaks run: it measures what it has no figure for */
    int resumed;                 /* a resume's: peaks_dir is the one its run recorded (sol_measured's) */
    char *lost;                  /* (resumed) the peaks run its earlier sessions read, unread now (NULL: none) */
    int cache_chased;            /* the peaks run's pointer chase showed memory's latency at the last-level
                                  * cache's reported size: cache_bytes stands in for it (sol_cache_bytes) */
    double cache_bytes;          /* (cache_chased) the largest footprint the chase showed faster than memory */
    char *cache_from;            /* (cache_chased) what the chase showed, for the console and run.json (owned) */
};

/* sol_ceilings_make: the ceilings of the device of dp from its theoretical peaks pk, the measured
 * figures m (NULL or an empty one: none) and the launch floor. */
void sol_ceilings_make(const struct devprops *dp, const struct peak *pk, const struct sol_measured *m, double launch_ns,
                       struct sol_ceilings *c);
void sol_ceilings_free(struct sol_ceilings *c);
/* sol_source: class k's source in c, "" where none is said. */
const char *sol_source(const struct sol_ceilings *c, enum sol_class k);
/* sol_latency_from_set: c's latency_from, s (a new string, taken) in place of the one it had. */
void sol_latency_from_set(struct sol_ceilings *c, char *s);
/* sol_latency_known: whether c holds any latency (a peaks run's, or the run's set-up's). */
int sol_latency_known(const struct sol_ceilings *c);
/* sol_ceilings_json: run.json's "sol": each class's ceiling (its unit's figure, its kind: what its
 * peak is (theoretical, estimate, environment: peak.h's, as run.json's peak.*_kind say), an upper
 * limit, measured or unknown, and where it comes from), the launch floor, the latencies, the occupancy
 * rules and the peaks run read. */
cJSON *sol_ceilings_json(const struct sol_ceilings *c);
/* What a run's run.json "sol" (sol_ceilings_json's) records of its peaks run, its strings (not new;
 * NULL: none): the run read (peaks_run, as found or named; peaks_path, the same absolute: NULL from an
 * older clx), the one its earlier sessions read and a resume could not
 * (lost), those found and not read (quick_unread, shared_unread). */
struct sol_recorded { const char *peaks_run, *peaks_path, *lost, *quick_unread, *shared_unread; };
/* sol_peaks_recorded: rec from sol (runjson_part(..., RJ_SOL)); 0, or -1 where it records no peaks
 * run, read or not (a run of an older clx, or none). */
int sol_peaks_recorded(const cJSON *sol, struct sol_recorded *rec);
/* sol_ceilings_said: one line for the console: which ceilings are theoretical, which upper-bound
 * estimates or a CLX_PEAK_* variable's, which measured and where from, which unknown (a new string). */
char *sol_ceilings_said(const struct sol_ceilings *c);
/* sol_cache_bytes: the size a row's data must fit to be in the last-level cache (its bytes the l2
 * class's work, the row flagged cache-resident): reported (peak.h's cache_bytes), or less where the
 * peaks run's pointer chase showed memory's latency at the size it reported (cache_chased). */
double sol_cache_bytes(const struct sol_ceilings *c, double reported);
/* sol_cache_sure_bytes: the size a row's data must fit to be taken as the cache's with no rate to
 * show it (no DRAM peak it could pass: PoCL): half the reported size, or the chase's size where a
 * peaks run's pointer chase measured one (cache_chased). A working set of the whole reported cache
 * does not stay in it: the code, the system and other tenants share it (a PoCL VM's transpose with
 * in + out its 32 MiB ran at memory's speed, 8x slower a byte than at a quarter of that). */
double sol_cache_sure_bytes(const struct sol_ceilings *c, double reported);
/* sol_cache_unflagged_said: where a warm row's bytes are the l2 class's work (its data within
 * sol_cache_bytes: the fastest it may run, so that no row passes its bound) yet the row is not flagged
 * cache-resident (run_rows.c asks more of the flag: data within sol_cache_sure_bytes, or a rate past
 * the DRAM peak dram_gbs, and never a row of 64 FLOP a byte or more), why, for its sol_note: the bound
 * and the flag read as one rule (a new string). */
char *sol_cache_unflagged_said(const struct sol_ceilings *c, double reported, double data_bytes, double dram_gbs);
/* sol_rate_at: class k's rate at a clock of mhz (0: unknown, the rate as reckoned); a theoretical
 * compute rate (and the L1 data path's) scales with the clock, memory and measured rates and upper
 * limits do not. */
double sol_rate_at(const struct sol_ceilings *c, enum sol_class k, double mhz);
#endif
