/* measuredpeaks.c — a peaks run read back for the ceilings clx's tables lack (measuredpeaks.h). */
#include "measuredpeaks.h"
#include "store/rundir.h"
#include "store/jsonval.h"
#include "store/rowstatus.h"
#include "measure/probes.h"
#include "lib/args.h"
#include "lib/levels.h"
#include "lib/isotime.h"
#include "lib/table.h"
#include "lib/util.h"
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sol_peaks_narrowed(const struct strlist *args) { return args_shaped(args->v, args->n); }

void sol_peaks_timing(const struct rundir *r, struct sol_peaks_timing *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; r->c_median >= 0 && i < r->t.nrows; i++) {
        /* A failed row (FAIL, crashed, timeout) may carry a median too: its timing is no figure of
         * the run's, so it is not one of the rows whose flags say how the figures were timed. */
        if (!(table_num(&r->t, i, r->c_median) > 0) ||
            (r->c_status >= 0 && !row_status_measured(table_cell(&r->t, i, r->c_status))))
            continue;
        const char *f = r->c_flag >= 0 ? table_cell(&r->t, i, r->c_flag) : "";
        t->timed++;
        t->shared += flag_has(f, "shared");
        t->noisy += flag_has(f, "noisy");
    }
    t->others_share = r->rj.host_load.has ? r->rj.host_load.others_share : NAN;
}

int sol_peaks_mostly(int n, int of) { return of > 0 && n > SOL_PEAKS_MOSTLY * of; }

char *sol_peaks_timing_said(const struct sol_peaks_timing *t)
{
    struct sbuf b = {0};
    if (sol_peaks_mostly(t->shared, t->timed))
        sb_printf(&b, "%d of its %d timed rows shared (another clx timed the device meanwhile)", t->shared, t->timed);
    if (sol_peaks_mostly(t->noisy, t->timed))
        sb_printf(&b, "%s%d of its %d timed rows noisy", b.len ? ", " : "", t->noisy, t->timed);
    if (t->others_share >= SOL_PEAKS_HEAVY_LOAD)
        sb_printf(&b, "%sother processes took %.0f%% of the host's CPU time during it", b.len ? ", " : "",
                  100 * t->others_share);
    if (!b.len) return NULL;
    sb_printf(&b, ": its figures may be low, and a row may pass them");
    return b.s;
}

void sol_peaks_what_of(const struct rundir *r, struct sol_peaks_what *w)
{
    memset(w, 0, sizeof *w);
    w->quick = rundir_quick(r);
    w->narrowed = args_shaped_said(r->rj.args.v, r->rj.args.n);
    struct sol_peaks_timing t;
    sol_peaks_timing(r, &t);
    w->timing = sol_peaks_timing_said(&t);
}

void sol_peaks_what_recorded(const struct cJSON *sol, struct sol_peaks_what *w)
{
    memset(w, 0, sizeof *w);
    if (!*json_str(sol, "peaks_run")) return;
    w->quick = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sol, "peaks_run_quick"));
    const char *n = json_str(sol, "peaks_run_narrowed"), *t = json_str(sol, "peaks_run_note");
    if (*n) w->narrowed = xstrdup(n);
    if (*t) w->timing = xstrdup(t);
}

void sol_peaks_what_copy(const struct sol_peaks_what *w, struct sol_peaks_what *to)
{
    *to = (struct sol_peaks_what){ .quick = w->quick, .narrowed = w->narrowed ? xstrdup(w->narrowed) : NULL,
                                   .timing = w->timing ? xstrdup(w->timing) : NULL };
}

void sol_peaks_what_free(struct sol_peaks_what *w)
{
    free(w->narrowed);
    free(w->timing);
    memset(w, 0, sizeof *w);
}

char *sol_peaks_what_said(const struct sol_peaks_what *w)
{
    const char *is = w->quick ? "small sizes and few trials, not the device's peaks"
                   : w->narrowed ? "not the whole sweep at its sizes, not the device's peaks" : NULL;
    if (!is && !w->timing) return NULL;
    return xasprintf("%s%s%s", is ? is : "", is && w->timing ? "; " : "", w->timing ? w->timing : "");
}

char *sol_peaks_unusable(const struct rundir *r, const char *device, const char *driver)
{
    if (strcmp(r->experiment, "peaks")) return xasprintf("a run of %s, not of peaks", r->experiment);
    /* Another device's figures (or another driver's, whose compiler and runtime set them too) bound
     * none of this one's rows: Intel's CPU runtime's fp16 became a ceiling of PoCL's, which has none. */
    if (device && (strcmp(r->device, device) || strcmp(r->driver, driver)))
        return xasprintf("a peaks run of %s (driver %s), not of this run's device, %s (driver %s)",
                         *r->device ? r->device : "an unnamed device", *r->driver ? r->driver : "unknown", device, driver);
    /* A shard holds part of the sweep: the merge of its shards is the device's run. A tuning pass (a
     * sibling of its sweep while that runs) measured a few rows and no probes. One stopped or still
     * running may lack rows or probes (a stop ends the probes between two). */
    if (r->rj.shard.n > 0)
        return xasprintf("a shard of a peaks run (--shard %d/%d), part of its sweep: clx merge of its shards is the "
                         "device's peaks run", r->rj.shard.k, r->rj.shard.n);
    if (!strcmp(json_str(runjson_part(&r->rj, RJ_TUNE), "mode"), "pass"))
        return xstrdup("a tuning pass (a few rows, no probes), not a peaks run's sweep");
    if (!r->rj.finished || !*r->rj.finished) {
        if (r->rj.interrupted && *r->rj.interrupted)
            return xasprintf("a peaks run stopped%s%s before it finished (run.json interrupted): it may lack rows and "
                             "probes", r->rj.interrupted_by && *r->rj.interrupted_by ? " by " : "",
                             rj_str(r->rj.interrupted_by));
        return xstrdup("a peaks run that has not finished (still running, or ended without a word: its run.json says "
                       "neither finished nor interrupted): it may lack rows and probes");
    }
    return NULL;
}

/* scan: the peaks run folders under root that a run of this device and driver may read
 * (sol_peaks_unusable) into best[q] (started[q] its start), q its class (SOL_PEAKS_TAKEN, _SHARED,
 * _QUICK), where it is the newest of its class seen so far (an equal start keeps the one seen first). */
static void scan(const char *root, const char *device, const char *driver, char *best[3], char *started[3])
{
    DIR *d = opendir(root);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "peaks-", 6)) continue;
        char *dir = path_join(root, e->d_name), *err = NULL, *why = NULL;
        struct rundir r;
        if (rundir_open(dir, &r, &err) == 0 && !(why = sol_peaks_unusable(&r, device, driver))) {
            struct sol_peaks_timing t;
            sol_peaks_timing(&r, &t);
            struct sol_peaks_what w;
            sol_peaks_what_of(&r, &w);
            int q = w.quick || w.narrowed ? SOL_PEAKS_QUICK
                  : sol_peaks_mostly(t.shared, t.timed) ? SOL_PEAKS_SHARED : SOL_PEAKS_TAKEN;
            sol_peaks_what_free(&w);
            if (!started[q] || iso_time_cmp(r.started, started[q]) > 0) {
                free(best[q]);
                free(started[q]);
                best[q] = xstrdup(dir);
                started[q] = xstrdup(r.started);
            }
        }
        free(why);
        free(err);
        rundir_free(&r);
        free(dir);
    }
    closedir(d);
}

/* pick: the newest full run; a --quick run (small sizes, few trials) or a full one timed mostly beside
 * another clx only when there is none. A full one timed shared is named before a --quick one: the run
 * a user made as told. The others freed; *unread (where not NULL) the class picked. */
static char *pick(char *best[3], char *started[3], int *unread)
{
    int q = best[SOL_PEAKS_TAKEN] ? SOL_PEAKS_TAKEN : best[SOL_PEAKS_SHARED] ? SOL_PEAKS_SHARED : SOL_PEAKS_QUICK;
    for (int k = 0; k < 3; k++) {
        free(started[k]);
        if (k != q) free(best[k]);
    }
    if (unread) *unread = best[q] ? q : SOL_PEAKS_TAKEN;
    return best[q];
}

char *sol_peaks_find(const char *root, const char *device, const char *driver, int *unread)
{
    return sol_peaks_find_among(&root, 1, device, driver, unread);
}

char *sol_peaks_find_among(const char *const *roots, int n, const char *device, const char *driver, int *unread)
{
    char *best[3] = {NULL, NULL, NULL}, *started[3] = {NULL, NULL, NULL};
    for (int i = 0; i < n; i++) scan(roots[i], device, driver, best, started);
    return pick(best, started, unread);
}

/* keep: v as class k's rate where it is the best seen, with what gave it and that one's name (by). */
static void keep(struct sol_measured *m, int k, double v, const char *what, const char *by)
{
    if (k < 0 || !(v > m->rate[k])) return;
    m->rate[k] = v;
    free(m->what[k]);
    m->what[k] = xstrdup(what);
    free(m->by[k]);
    m->by[k] = xstrdup(by);
}

/* rows: each verified row's rate into its class: a stream's GB/s is memory's (its buffers are far
 * beyond any cache in a full run; a --quick run's small ones may fit it, and a row flagged
 * cache-resident read the cache, not memory), a chain's GFLOP/s its precision's (flops_peak, the
 * PREC column). */
static void rows(const struct rundir *r, struct sol_measured *m)
{
    int cm = table_col(&r->t, "MEM"), cp = table_col(&r->t, "PREC");
    for (int i = 0; i < r->t.nrows; i++) {
        if (!rundir_row_ok(r, i)) continue;
        const char *v = table_cell(&r->t, i, r->c_variant), *b = table_cell(&r->t, i, r->c_build);
        int cached = r->c_flag >= 0 && strstr(table_cell(&r->t, i, r->c_flag), "cache-resident");
        /* The name a report gives the row: its variant, with its build where that is not the default. */
        char *by = *b && strcmp(b, "default") ? xasprintf("%s (%s)", v, b) : xstrdup(v);
        if (cm >= 0 && table_num(&r->t, i, cm) == 1) {
            /* A cache-resident stream read the cache: a ceiling of the cache below it is no ceiling
             * (a CPU's cachebw probe read 11.9 GB/s where Intel's read_f4_cpu read 71 from the cache). */
            if (!cached) keep(m, SOL_DRAM, table_num(&r->t, i, r->c_gbs), v, by);
            else {
                char *w = xasprintf("%s (cache-resident)", v);
                keep(m, SOL_L2, table_num(&r->t, i, r->c_gbs), w, by);
                free(w);
            }
        }
        else if (cp >= 0) keep(m, sol_class_of_code(table_num(&r->t, i, cp)), table_num(&r->t, i, r->c_gflops), v, by);
        free(by);
    }
}

/* The last-level cache's size as the peaks run reported it, and where it comes from (run.json
 * peak.cache_bytes, peak.cache_source). */
struct llc { double bytes; const char *from; };

/* hierarchy: the latencies of the last-level cache and of memory from the pointer chase's curve
 * (probes.tsv's latency rows, t's columns cp..cs) with size, the cache size that run reported; and
 * the cache size as the chase shows it (m->cache_bytes, where memory's latency holds at the reported
 * size). The levels found again here as peaks found them (lib/levels.c), not read from its rows'
 * notes: a run whose notes called the 32 MiB a PoCL VM reports a cache (at memory's 156 ns) is read
 * right. Memory's level is levels_memory's, the cache's the one before it (without one, the last, where
 * the chase went past the reported size; else neither is known: m->chase_short says why). */
static void hierarchy(const struct table *t, int cp, int cv, int cs, int cc, int cb, const struct llc *size,
                      struct sol_measured *m)
{
    double llc = size->bytes, fp[256], ns[256], var[256];
    const char *llc_from = size->from;
    int n = 0;
    for (int i = 0; i < t->nrows && n < 256; i++) {
        if (strcmp(table_cell(t, i, cp), "latency") || (cs >= 0 && !strcmp(table_cell(t, i, cs), "skipped"))) continue;
        int ok = cs < 0 || !strcmp(table_cell(t, i, cs), "ok");
        fp[n] = table_num(t, i, cb);
        ns[n] = ok ? table_num(t, i, cv) : 0;
        var[n++] = ok && cc >= 0 ? table_num(t, i, cc) : 0;
    }
    struct level lv[16];
    int k = levels_find(fp, ns, var, n, LEVELS_TOL, LEVELS_MIN_POINTS, lv, 16);
    if (k == 0) return;
    int mem = levels_memory(lv, k, llc);
    double top = 0;
    for (int i = 0; i < n; i++)
        if (ns[i] > 0 && fp[i] > top) top = fp[i];
    /* A chase that stopped at or short of the last-level cache's size (a --quick run's 4 MiB beside a
     * CPU's 32 MiB L3) never reached that cache whole, nor memory: its last level is an inner one's (the
     * core's L2 at 15 ns, recorded as the last-level cache's). Both are unknown then, and said why. */
    if (mem < 0 && llc > 0 && top <= llc) {
        char *t = size_words(top), *c = size_words(llc), *f = size_words(lv[k - 1].from_bytes),
             *e = size_words(lv[k - 1].to_bytes);
        m->chase_short = xasprintf("the last-level cache's and memory's unknown: its pointer chase stopped at %s, "
                                   "short of the last-level cache (%s: %s), so the last level it found (%s to %s, "
                                   "%.3g ns) may be an inner cache's; a full clx run peaks chases past it",
                                   t, c, *llc_from ? llc_from : "run.json peak.cache_bytes", f, e, lv[k - 1].ns);
        free(t);
        free(c);
        free(f);
        free(e);
        return;
    }
    if (mem >= 0) m->dram_latency_ns = lv[mem].ns;
    if (mem != 0) m->l2_latency_ns = lv[mem > 0 ? mem - 1 : k - 1].ns;
    double cache = levels_cache_bytes(fp, lv, mem, llc);
    if (mem >= 0 && cache < llc) {
        m->cache_bytes = cache;
        m->cache_llc = llc;
        m->cache_mem_ns = lv[mem].ns;
        m->cache_mem_from = lv[mem].from_bytes;
    }
}

/* probes: probes.tsv's bandwidths, latencies and levels (an ok row each); llc the last-level cache
 * the peaks run reported (run.json). */
static void probes(const char *dir, const struct llc *llc, struct sol_measured *m)
{
    char *path = path_join(dir, "probes.tsv"), *err = NULL;
    struct table t;
    if (table_read(path, &t, &err)) { free(err); free(path); return; }
    int cp = table_col(&t, "probe"), cm = table_col(&t, "measure"), cv = table_col(&t, "median");
    int cs = table_col(&t, "status"), cc = table_col(&t, "cv"), cb = table_col(&t, "bytes");
    if (cp >= 0 && cv >= 0 && cb >= 0) hierarchy(&t, cp, cv, cs, cc, cb, llc, m);
    for (int i = 0; cp >= 0 && cm >= 0 && cv >= 0 && i < t.nrows; i++) {
        if (cs >= 0 && strcmp(table_cell(&t, i, cs), "ok")) continue;
        const char *p = table_cell(&t, i, cp), *what = table_cell(&t, i, cm);
        double v = table_num(&t, i, cv);
        if (!(v > 0)) continue;
        int k = sol_probe_class(m, p, what, cb >= 0 ? table_num(&t, i, cb) : NAN);
        char *by = xasprintf("%s: %s", p, what);
        if (k == SOL_DRAM && !strcmp(what, PROBE_CACHE_READ))
            keep(m, k, v, "cachebw: read, last-level cache (at memory's latency in the pointer chase: a read of memory)", by);
        else if (k == SOL_L2) keep(m, k, v, "cachebw: read, last-level cache", by);
        else if (k == SOL_DRAM) keep(m, k, v, "cachebw: read, memory", by);
        else if (k == SOL_LOCAL) keep(m, k, v, "local: reads", by);
        free(by);
        if (k >= 0) continue;
        if (!strcmp(p, "chain_latency") && !strcmp(what, "fp32 fma")) m->fma_latency_ns = v;
        else if (!strcmp(p, "chain_latency") && !strcmp(what, "int32 mad")) m->mad_latency_ns = v;
    }
    table_free(&t);
    free(path);
}

char *sol_peaks_named_check(const char *dir)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) return err;
    char *why = sol_peaks_unusable(&r, NULL, NULL);
    char *said = why ? xasprintf("%s is %s", dir, why) : NULL;
    free(why);
    rundir_free(&r);
    return said;
}

int sol_measured_read(const char *dir, const char *device, const char *driver, struct sol_measured *m, char **err)
{
    memset(m, 0, sizeof *m);
    struct rundir r;
    if (rundir_open(dir, &r, err)) return -1;
    char *why = device ? sol_peaks_unusable(&r, device, driver)
              : strcmp(r.experiment, "peaks") ? xasprintf("a run of %s, not of peaks", r.experiment) : NULL;
    if (why) {
        *err = xasprintf("%s is %s", dir, why);
        free(why);
        rundir_free(&r);
        return -1;
    }
    m->clock_mhz = runjson_figure(&r.rj, RJF_MAX_CLOCK_MHZ);
    sol_peaks_what_of(&r, &m->what_run);
    char *from = xstrdup(rj_str(r.rj.peak.cache_source));
    struct llc llc = { rj_num(r.rj.peak.cache_bytes), from };
    rows(&r, m);
    rundir_free(&r);
    probes(dir, &llc, m);
    free(from);
    /* A last-level cache read slower than memory is a probe that did not reach the cache's rate
     * (a --quick run's few trials, a cache too small to tell): memory's rate bounds it instead. Local
     * memory is no slower than the last-level cache (a GPU's shared memory sits beside its lanes, a
     * CPU's local memory is its first-level cache): a local read below the cache's (or memory's) is a
     * probe that did not reach local memory's rate (a CPU's one dependent sum a work-item, whose
     * work-items run one after another on a core): that rate bounds it instead. The cache first, so
     * that local memory gives way to the cache's ceiling as raised. */
    static const int level[] = { SOL_L2, SOL_LOCAL };
    for (int i = 0; i < 2; i++) {
        int k = level[i];
        struct sol_faster f;
        if (!(m->rate[k] > 0) || sol_read_ceiling(m, k, m->rate[k], &f)) continue;
        char *what = xasprintf("%s (%s: %s read below it)", m->what[f.k], f.k == SOL_DRAM ? "memory's" : "the cache's",
                               k == SOL_L2 ? "its cache" : "the local");
        char *by = xstrdup(f.by);
        free(m->what[k]);
        free(m->by[k]);
        m->rate[k] = f.rate;
        m->what[k] = what;
        m->by[k] = by;
    }
    m->dir = xstrdup(dir);
    m->path = realpath(dir, NULL);
    if (!m->path) m->path = xstrdup(dir);
    return 0;
}

void sol_measured_free(struct sol_measured *m)
{
    free(m->dir);
    free(m->path);
    sol_peaks_what_free(&m->what_run);
    free(m->unread);
    free(m->searched);
    free(m->lost);
    free(m->chase_short);
    for (int k = 0; k < SOL_NCLASS; k++) { free(m->what[k]); free(m->by[k]); }
    memset(m, 0, sizeof *m);
}

int sol_probe_class(const struct sol_measured *m, const char *probe, const char *measure, double bytes)
{
    if (!strcmp(probe, "cachebw") && !strcmp(measure, PROBE_CACHE_READ))
        /* The cache's read over a footprint the chase shows at memory's latency read memory. */
        return m->cache_llc > 0 && bytes > m->cache_bytes ? SOL_DRAM : SOL_L2;
    if (!strcmp(probe, "cachebw") && !strcmp(measure, PROBE_MEMORY_READ)) return SOL_DRAM;
    if (!strcmp(probe, "local") && str_starts(measure, "local memory reads")) return SOL_LOCAL;
    return -1;
}

/* beyond: the level a read of class k would go on to were it missed (local memory's: the cache,
 * the cache's: memory), whose rate bounds k's from below; -1 for none. */
static int beyond(int k) { return k == SOL_LOCAL ? SOL_L2 : k == SOL_L2 ? SOL_DRAM : -1; }

int sol_read_ceiling(const struct sol_measured *m, int k, double v, struct sol_faster *f)
{
    /* On a tie the level beyond: a class raised to another's rate (sol_measured_read) names that one,
     * so that a report asked of it says which level the faster read was of. */
    int best = -1;
    for (int j = k; j >= 0; j = beyond(j))
        if (m->rate[j] > v && (best < 0 || m->rate[j] >= m->rate[best])) best = j;
    if (best < 0) return 1;
    *f = (struct sol_faster){ m->rate[best], m->by[best] ? m->by[best] : m->what[best], best };
    return 0;
}
