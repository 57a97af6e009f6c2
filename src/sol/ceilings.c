/* ceilings.c — each class's ceiling for the speed of light: theoretical, else measured (ceilings.h). */
#include "ceilings.h"
#include "device/hostcaches.h"
#include "lib/aside.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* set_source: x's source, s (a new string, taken) in place of the one it had. The sources are of any
 * length (a peaks run's folder is in some), so nothing that quotes them is ever cut. */
static void set_source(struct sol_ceiling *x, char *s)
{
    free(x->source);
    x->source = s;
}

const char *sol_source(const struct sol_ceilings *c, enum sol_class k)
{
    return c->c[k].source ? c->c[k].source : "";
}

void sol_latency_from_set(struct sol_ceilings *c, char *s)
{
    free(c->latency_from);
    c->latency_from = s;
}

/* theoretical: class k from peak.h's derived figure v (0: unknown) of kind `of` and its source text,
 * which the kind's word leads ("theoretical: ", "estimate: ", "environment: "): a CPU's upper-bound
 * estimate is no theoretical rate, and run.json's peak.fp32_kind and this ceiling's kind say the same.
 * Every one of them bounds as a physical rate does (scaled to the row's clock, never withdrawn by rows
 * past it): an estimate lies above the true peak, and a CLX_PEAK_* figure is the user's word for it. */
static void theoretical(struct sol_ceiling *c, double v, enum peak_kind of, const char *source)
{
    if (!(v > 0)) return;
    c->rate = v * 1e9;
    c->theoretical = 1;
    c->of = of;
    set_source(c, xasprintf("%s: %s", peak_kind_name(of), source));
}

/* theoretical_slack: theoretical(), the rate v times slack (a CPU's timed clock moves by that from
 * one run to the next), the source saying so: its derivation gives v, the ceiling is above it. */
static void theoretical_slack(struct sol_ceiling *c, double v, enum peak_kind of, double slack, const char *source)
{
    if (!(v > 0)) return;
    if (slack <= 1) { theoretical(c, v, of, source); return; }
    char *s = xasprintf("%s; the ceiling %.0f%% above its %.4g G/s", source, 100 * (slack - 1), v);
    theoretical(c, v * slack, of, s);
    free(s);
}

/* unknown_why: what to do for a class with no ceiling, said in the user's terms (cpu: a CPU's, whose
 * l2 is said as its last-level cache, sol_class_said's words). What measures one is the full peaks run: a --quick one found bounds nothing (run_sol_open), and a newcomer told
 * "clx run peaks measures one" ran the --quick one; a full peaks run told so is that run (a row is
 * not bounded by its own figure: runs after it are). */
static void unknown_why(struct sol_ceiling *c, enum sol_class k, int have_peaks, int self, int cpu)
{
    if (c->rate > 0) return;
    /* Read on other machines too (run.json, results.tsv's notes): `clx`, not clx_cmd(). */
    const char *measure = have_peaks ? NULL
                        : self       ? "; this peaks run measures one, which the runs after it take"
                                     : "; a full clx run peaks (not --quick) measures one";
    if (k == SOL_SFU || k == SOL_L1)
        set_source(c, xasprintf("unknown: clx knows the %s rate of NVIDIA's devices from cc 7.0 only "
                                "(the classes of a binary's counts, PTX)", sol_class_name(k)));
    else if (k == SOL_DRAM)
        set_source(c, xasprintf("unknown: no datasheet bandwidth for this device%s (or set CLX_PEAK_GBS)",
                                measure ? measure : " and none in its peaks run"));
    else
        set_source(c, xasprintf("unknown: no %s rate for this device%s", sol_class_said(k, cpu),
                                measure ? measure : " in clx's tables or its peaks run"));
}

/* l1_path: where the L1 data path's rate comes from, bare (theoretical() puts "theoretical: " before
 * it): the l1 and local ceilings' source and the text l2_upper_limit quotes, made in one place so the
 * quote never depends on how a ceiling's source is prefixed. */
static char *l1_path(const struct devprops *dp)
{
    return xasprintf("NVIDIA cc %d.%d: %u SM x 32 banks x 4 bytes/clock x %u MHz", dp->nv_cc_major, dp->nv_cc_minor,
                     dp->compute_units, dp->clock_mhz);
}

/* Per compute unit and clock on NVIDIA from cc 7.0 (CUDA C++ Programming Guide): the special-function
 * results of its throughput table (reciprocal, root, exp2, log2, sine, cosine: 16 an SM a clock), and
 * the shared memory's 32 banks of 4 bytes, the data path that L1, __local and private accesses go
 * through (128 bytes an SM a clock): the l1 class's rate, and __local memory's (`local`; an H200's
 * peaks run measured 97% of it). Known for NVIDIA only: elsewhere these classes have no ceiling,
 * and the binary's counts (PTX) that would need them exist on NVIDIA only. */
static void nvidia_sm(const struct devprops *dp, struct sol_ceilings *c)
{
    if (dp->nv_cc_major < 7 || !(dp->clock_mhz > 0) || !dp->compute_units) return;
    double ghz_cu = dp->clock_mhz / 1000.0 * dp->compute_units;
    char *why = xasprintf("NVIDIA cc %d.%d: %u SM x 16 special-function results/clock x %u MHz", dp->nv_cc_major,
                          dp->nv_cc_minor, dp->compute_units, dp->clock_mhz);
    theoretical(&c->c[SOL_SFU], ghz_cu * 16, PEAK_THEORETICAL, why);
    free(why);
    why = l1_path(dp);
    theoretical(&c->c[SOL_L1], ghz_cu * 128, PEAK_THEORETICAL, why);
    theoretical(&c->c[SOL_LOCAL], ghz_cu * 128, PEAK_THEORETICAL, why);
    free(why);
}

/* upper_limit: class k's ceiling where nothing gives its rate (clx's tables, a peaks run): rate per
 * second, a rate the class cannot pass but not its own, its source naming the class as `what` (NVIDIA's
 * "L2"), what measures its rate, and the path whose rate it is (`through`). The rows it binds say the
 * bound is loose (bound.c). */
static void upper_limit(struct sol_ceilings *c, enum sol_class k, double rate, const char *what, const char *through)
{
    struct sol_ceiling *x = &c->c[k];
    x->rate = rate;
    x->theoretical = 1;
    x->upper_limit = 1;
    set_source(x, xasprintf("upper limit: no %s rate for this device (%s); %s", what,
                            c->self ? "this peaks run measures one, which the runs after it take"
                                    : "a full clx run peaks measures one",
                            through));
}

/* l2_upper_limit: where no L2 rate is known (NVIDIA publishes none; a peaks run measures one), the
 * rate no L2 can pass: what the SMs' L1 data paths take in (128 bytes an SM a clock). A loose bound
 * (the L2 delivers less), but a bound: an sgemm search on a machine without a peaks run had none for
 * any row, its matrices fitting the L2. Only from nvidia_sm's theoretical l1 ceiling, whose source
 * (l1_path) it names. */
static void l2_upper_limit(const struct devprops *dp, struct sol_ceilings *c)
{
    if (c->c[SOL_L2].rate > 0 || dp->nv_cc_major < 7 || !(c->c[SOL_L1].rate > 0) || !c->c[SOL_L1].theoretical) return;
    char *why = l1_path(dp);
    char *through = xasprintf("the SMs' L1 data path, which the L2 cannot pass (%s)", why);
    upper_limit(c, SOL_L2, c->c[SOL_L1].rate, "L2", through);
    free(through);
    free(why);
}

/* cpu_cache_limit: a CPU's caches (the l2 class: its last-level cache) and its __local memory (kept in
 * those caches) where no peaks run measured them: what the cores' load/store ports move at most
 * (peak.h's ports_gbs), with the timed clock's slack as the FP32 estimate's. volkov_fma's and optflags'
 * fma chains (a few KB of memory, all their time in FP32) had no bound on a CPU without a peaks run,
 * for want of an l2 figure their kilobytes would never have reached. It never binds a row (never_binds:
 * a stream bound at it would read 2% and mislead), and memory's (dram) stays unknown until a peaks run. */
static void cpu_cache_limit(const struct peak *pk, double slack, struct sol_ceilings *c)
{
    if (!c->cpu || !(pk->ports_gbs > 0)) return;
    static const enum sol_class classes[] = { SOL_L2, SOL_LOCAL };
    char *over = slack > 1 ? xasprintf("; the ceiling %.0f%% above its %.4g GB/s", 100 * (slack - 1), pk->ports_gbs)
                           : xstrdup("");
    char *through = xasprintf("the cores' load/store ports, which no cache or __local memory passes (this host: %s%s)",
                              pk->ports_source, over);
    /* Several times what a cache delivers: a row whose time it would set (a stream in the cache) read
     * 0.02-2.3% of it on PoCL, which says nothing; such a row gets no bound (bound.c). */
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (!(c->c[classes[i]].rate > 0)) {
            upper_limit(c, classes[i], pk->ports_gbs * slack * 1e9, sol_class_said(classes[i], c->cpu), through);
            c->c[classes[i]].never_binds = 1;
        }
    free(through);
    free(over);
}

/* cache_chased: c's last-level cache as m's pointer chase shows it, where that showed memory's
 * latency at the reported size (a PoCL VM's 32 MiB at 156 ns, as past it): buffers under the
 * reported size but past what the chase shows faster than memory are memory's work, not the cache's. */
static void cache_chased(const struct sol_measured *m, struct sol_ceilings *c)
{
    char *llc = size_words(m->cache_llc), *from = size_words(m->cache_mem_from);
    char *seen = m->cache_bytes > 0 ? size_words(m->cache_bytes) : xstrdup("none");
    c->cache_chased = 1;
    c->cache_bytes = m->cache_bytes;
    c->cache_from = xasprintf("the pointer chase of the peaks run %s took memory's latency (%.3g ns) from %s on, at the "
                              "last-level cache's reported %s too: no cache level of that size; the largest footprint it "
                              "showed faster than memory: %s", m->dir, m->cache_mem_ns, from, llc, seen);
    free(llc);
    free(from);
    free(seen);
}

void sol_ceilings_make(const struct devprops *dp, const struct peak *pk, const struct sol_measured *m, double launch_ns,
                       struct sol_ceilings *c)
{
    memset(c, 0, sizeof *c);
    c->max_mhz = dp->clock_mhz;
    c->sim = simulator_of(dp->platform, dp->name);
    c->cpu = (dp->type & CL_DEVICE_TYPE_CPU) != 0 && !c->sim;
    c->cu = (int)dp->compute_units;
    c->launch_ns = launch_ns;
    c->occ = occ_rules_of(dp);
    c->occ_none = c->occ ? NULL : occ_rules_none_why(dp);
    /* A CPU's compute peak rests on a core's clock as timed, which moves by up to pk->clock_slack
     * from one run to the next: the bound is the peak with that slack. */
    double slack = 1 + pk->clock_slack;
    theoretical_slack(&c->c[SOL_FP32], pk->fp32_gflops, pk->fp32_kind, slack, pk->fp32_source);
    theoretical_slack(&c->c[SOL_FP64], pk->fp64_gflops, pk->fp64_kind, slack, pk->fp64_source);
    theoretical_slack(&c->c[SOL_FP16], pk->fp16_gflops, pk->fp16_kind, slack, pk->fp16_source);
    /* The matrix engines' rates are tabled ones (peak.c's nv_tensor_rows: the whitepapers' operations a
     * clock an SM, at the clock the row ran at), as theoretical as FP32's: their kind is the peak's. */
    theoretical(&c->c[SOL_TENSOR_F16], pk->tensor_f16_gflops, pk->tensor_kind, pk->tensor_source);
    theoretical(&c->c[SOL_TENSOR_TF32], pk->tensor_tf32_gflops, pk->tensor_kind, pk->tensor_source);
    theoretical(&c->c[SOL_TENSOR_INT8], pk->tensor_int8_gops, pk->tensor_kind, pk->tensor_source);
    /* NVIDIA's table alone gives INT32, and no variable sets it. */
    theoretical(&c->c[SOL_INT32], pk->int32_gops, PEAK_THEORETICAL, pk->int32_source);
    theoretical(&c->c[SOL_DRAM], pk->mem_gbs, pk->mem_kind, pk->mem_source);
    nvidia_sm(dp, c);
    int have = m && m->dir;
    if (m && m->unread) *(m->unread_why == SOL_PEAKS_SHARED ? &c->shared_unread : &c->quick_unread) = xstrdup(m->unread);
    if (m && m->searched) c->searched = xstrdup(m->searched);
    if (m && m->lost) c->lost = xstrdup(m->lost);
    c->self = m && m->self;
    c->resumed = m && m->resumed;
    for (int k = 0; have && k < SOL_NCLASS; k++)
        if (!(c->c[k].rate > 0) && m->rate[k] > 0) {
            c->c[k].rate = m->rate[k] * 1e9;
            set_source(&c->c[k], xasprintf("measured: %s in %s", m->what[k] ? m->what[k] : "?", m->dir));
        }
    l2_upper_limit(dp, c);
    cpu_cache_limit(pk, slack, c);
    for (int k = 0; k < SOL_LAUNCH; k++) unknown_why(&c->c[k], k, have, c->self, c->cpu);
    if (have) {
        c->fma_latency_ns = m->fma_latency_ns;
        c->mad_latency_ns = m->mad_latency_ns;
        c->latency_mhz = m->clock_mhz;
        c->l2_latency_ns = m->l2_latency_ns;
        c->dram_latency_ns = m->dram_latency_ns;
        c->peaks_dir = xstrdup(m->dir);
        c->peaks_path = xstrdup(m->path ? m->path : m->dir);
        sol_peaks_what_copy(&m->what_run, &c->peaks_what);
        /* Where its chase stopped short of the last-level cache, why that cache's and memory's are
         * unknown goes with where the others come from (run.json's source, the console's line). */
        if (m->chase_short) c->chase_short = 1;
        if (sol_latency_known(c) || m->chase_short)
            sol_latency_from_set(c, xasprintf("the peaks run %s%s%s", m->dir, m->chase_short ? "; " : "",
                                              m->chase_short ? m->chase_short : ""));
        if (m->cache_llc > 0) cache_chased(m, c);
    }
}

double sol_cache_bytes(const struct sol_ceilings *c, double reported)
{
    /* The smaller: a buffer is the cache's where it fits both (CLX_PEAK_CACHE_BYTES may say less). */
    return c->cache_chased && c->cache_bytes < reported ? c->cache_bytes : reported;
}

double sol_cache_sure_bytes(const struct sol_ceilings *c, double reported)
{
    /* The chase's size was shown faster than memory: no margin on it. */
    return c->cache_chased && c->cache_bytes < reported ? c->cache_bytes : reported / 2;
}

char *sol_cache_unflagged_said(const struct sol_ceilings *c, double reported, double data_bytes, double dram_gbs)
{
    double whole = sol_cache_bytes(c, reported), sure = sol_cache_sure_bytes(c, reported);
    char *d = size_words(data_bytes), *w = size_words(whole), *h = size_words(sure);
    /* The flag's three conditions, in the order run_rows.c asks them. */
    char *why = data_bytes > sure ? xasprintf("only data within %s surely stays in it (the code, the system and other "
                                              "tenants share it), so its GB/s may be memory's", h)
              : dram_gbs > 0 ? xstrdup("on a device whose DRAM peak is known only a rate past it shows a row's GB/s "
                                       "the cache's")
                             : xstrdup("its work is arithmetic (64 FLOP a byte or more): nobody reads its GB/s");
    char *s = xasprintf("its data (%s) is taken as the last-level cache's work (it fits its %s), the fastest it may "
                        "run; not flagged cache-resident: %s", d, w, why);
    free(d);
    free(w);
    free(h);
    free(why);
    return s;
}

int sol_latency_known(const struct sol_ceilings *c)
{
    return c->fma_latency_ns > 0 || c->mad_latency_ns > 0 || c->l2_latency_ns > 0 || c->dram_latency_ns > 0;
}

void sol_ceilings_free(struct sol_ceilings *c)
{
    free(c->peaks_dir);
    free(c->peaks_path);
    free(c->quick_unread);
    free(c->shared_unread);
    sol_peaks_what_free(&c->peaks_what);
    free(c->searched);
    free(c->lost);
    free(c->latency_from);
    free(c->cache_from);
    for (int k = 0; k < SOL_NCLASS; k++) free(c->c[k].source);
    memset(c, 0, sizeof *c);
}

double sol_rate_at(const struct sol_ceilings *c, enum sol_class k, double mhz)
{
    const struct sol_ceiling *x = &c->c[k];
    /* The L1 data path runs at the compute unit's clock; the memories behind it do not. An upper limit
     * stays as reckoned: at the highest clock it may be (a CPU's, timed with slack), not max_mhz. */
    if (!x->theoretical || x->upper_limit || k == SOL_DRAM || k == SOL_L2 || !(mhz > 0) || !(c->max_mhz > 0))
        return x->rate;
    return x->rate * mhz / c->max_mhz;
}

/* The keys of "sol" that say which peaks run the run read, or why none: written by sol_ceilings_json,
 * read back by a resume (sol_peaks_recorded). */
#define PEAKS_RUN "peaks_run"
#define PEAKS_RUN_QUICK_UNREAD "peaks_run_quick_unread"
#define PEAKS_RUN_SHARED_UNREAD "peaks_run_shared_unread"
#define PEAKS_RUN_LOST "peaks_run_lost"
#define PEAKS_RUN_PATH "peaks_run_path"

cJSON *sol_ceilings_json(const struct sol_ceilings *c)
{
    cJSON *j = cJSON_CreateObject(), *cl = cJSON_AddObjectToObject(j, "ceilings");
    for (int k = 0; k < SOL_LAUNCH; k++) {
        cJSON *o = cJSON_AddObjectToObject(cl, sol_class_name(k));
        if (c->c[k].rate > 0) cJSON_AddNumberToObject(o, sol_class_unit(k), c->c[k].rate * 1e-9);
        else cJSON_AddNullToObject(o, sol_class_unit(k));
        cJSON_AddStringToObject(o, "kind", !(c->c[k].rate > 0) ? "unknown" : c->c[k].upper_limit ? "upper limit"
                                           : c->c[k].theoretical ? peak_kind_name(c->c[k].of) : "measured");
        cJSON_AddStringToObject(o, "source", sol_source(c, k));
        /* A measured figure that verified rows of the run passed bounds none of them (passed.h). */
        if (c->c[k].rate > 0 && !c->c[k].theoretical) cJSON_AddNumberToObject(o, "passed_by_rows", c->c[k].passed);
    }
    cJSON_AddNumberToObject(j, "max_clock_mhz", c->max_mhz);
    cJSON_AddNumberToObject(j, "launch_floor_us", c->launch_ns * 1e-3);
    /* Verified rows of the run shorter than the floor: then it bounds none of them (passed.h). */
    cJSON_AddNumberToObject(j, "launch_floor_passed_by_rows", c->c[SOL_LAUNCH].passed);
    cJSON *lat = cJSON_AddObjectToObject(j, "latency_ns");
    cJSON_AddNumberToObject(lat, "fp32_fma", c->fma_latency_ns);
    cJSON_AddNumberToObject(lat, "int32_mad", c->mad_latency_ns);
    cJSON_AddNumberToObject(lat, "at_clock_mhz", c->latency_mhz);
    cJSON_AddNumberToObject(lat, "last_level_cache", c->l2_latency_ns);
    cJSON_AddNumberToObject(lat, "memory", c->dram_latency_ns);
    if (c->latency_from) cJSON_AddStringToObject(lat, "source", c->latency_from);
    else cJSON_AddNullToObject(lat, "source");
    /* The cache as the chase showed it, where that was not the size reported (run.json's peak has that). */
    if (c->cache_chased) {
        cJSON *llc = cJSON_AddObjectToObject(j, "last_level_cache_chased");
        cJSON_AddNumberToObject(llc, "bytes", c->cache_bytes);
        cJSON_AddStringToObject(llc, "source", c->cache_from);
    }
    /* A CPU's caches as the run's host lists them, which report.md says beside its ceilings: the l2
     * class is the last of them, and a report made elsewhere cannot read them. */
    if (c->cpu) cJSON_AddItemToObject(j, "host_caches", hostcaches_json_this());
    if (c->occ) cJSON_AddStringToObject(j, "occupancy", c->occ->why);
    else cJSON_AddNullToObject(j, "occupancy");
    if (c->peaks_dir) cJSON_AddStringToObject(j, PEAKS_RUN, c->peaks_dir);
    else cJSON_AddNullToObject(j, PEAKS_RUN);
    /* peaks_run as found or named, from the directory the run was started in; the same absolute,
     * which a resume from another directory reads (sol_peaks_recorded). */
    if (c->peaks_path) cJSON_AddStringToObject(j, PEAKS_RUN_PATH, c->peaks_path);
    if (c->peaks_dir) cJSON_AddBoolToObject(j, "peaks_run_quick", c->peaks_what.quick);
    if (c->peaks_dir && c->peaks_what.narrowed) cJSON_AddStringToObject(j, "peaks_run_narrowed", c->peaks_what.narrowed);
    /* A --quick run found and not read (its figures are no ceilings): which, so that a reader of
     * run.json sees why peaks_run is null beside it. */
    if (c->quick_unread) cJSON_AddStringToObject(j, PEAKS_RUN_QUICK_UNREAD, c->quick_unread);
    if (c->shared_unread) cJSON_AddStringToObject(j, PEAKS_RUN_SHARED_UNREAD, c->shared_unread);
    /* The one a resume could not read again: the rows of the sessions before it were bounded by it. */
    if (c->lost) cJSON_AddStringToObject(j, PEAKS_RUN_LOST, c->lost);
    /* A run read whose rows were timed shared or noisy, or under heavy load: its figures may be low. */
    if (c->peaks_dir && c->peaks_what.timing) cJSON_AddStringToObject(j, "peaks_run_note", c->peaks_what.timing);
    return j;
}

/* recorded: sol's string key, NULL where absent or not a string. */
static const char *recorded(const cJSON *sol, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(sol, key);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

int sol_peaks_recorded(const cJSON *sol, struct sol_recorded *rec)
{
    *rec = (struct sol_recorded){ .peaks_run = recorded(sol, PEAKS_RUN), .peaks_path = recorded(sol, PEAKS_RUN_PATH),
                                  .lost = recorded(sol, PEAKS_RUN_LOST),
                                  .quick_unread = recorded(sol, PEAKS_RUN_QUICK_UNREAD),
                                  .shared_unread = recorded(sol, PEAKS_RUN_SHARED_UNREAD) };
    return cJSON_GetObjectItemCaseSensitive(sol, PEAKS_RUN) ? 0 : -1;
}

/* gpu_only: a class a CPU has none of (matrix engines, special-function units, an L1 data path that
 * clx models): its ceiling is not missing there, so the console does not list it as unknown. */
static int gpu_only(int k)
{
    return k == SOL_TENSOR_F16 || k == SOL_TENSOR_TF32 || k == SOL_TENSOR_INT8 || k == SOL_SFU || k == SOL_L1;
}

char *sol_ceilings_said(const struct sol_ceilings *c)
{
    if (c->sim) return xasprintf("speed of light: none (%s)", simulator_why(c->sim));
    struct sbuf th = {0}, es = {0}, en = {0}, me = {0}, un = {0}, up = {0};
    for (int k = 0; k < SOL_LAUNCH; k++) {
        if (!(c->c[k].rate > 0) && c->cpu && gpu_only(k)) continue;
        const struct sol_ceiling *x = &c->c[k];
        struct sbuf *b = !(x->rate > 0) ? &un : x->upper_limit ? &up : !x->theoretical ? &me
                       : x->of == PEAK_ESTIMATE ? &es : x->of == PEAK_GIVEN ? &en : &th;
        sb_printf(b, "%s%s", b->len ? " " : "", sol_class_said(k, c->cpu));
    }
    /* An estimate (a CPU's whose FMA units or cores clx does not know) and a CLX_PEAK_* figure are said
     * apart from the tables' rates, as run.json's kinds are. */
    char *kinds = xasprintf("%s%s%s%s", es.s ? "; upper-bound estimates " : "", es.s ? es.s : "",
                            en.s ? "; from CLX_PEAK_* variables " : "", en.s ? en.s : "");
    /* Where the measured ones come from, and where none do what gives them: the full run, which the
     * line names so (a newcomer told "clx run peaks" ran the --quick one), and the folders looked in,
     * and --peaks: a run into --out DIR told only "clx run peaks" ran it into results/ again. */
    char *where = c->searched ? xasprintf(" under %s", c->searched) : xstrdup("");
    /* What the run read is, in the words every place that shows it uses (sol_peaks_what_said); its
     * timing said of a --quick one too, which the line left out. */
    const struct sol_peaks_what *pw = &c->peaks_what;
    char *is = c->peaks_dir ? sol_peaks_what_said(pw) : NULL;
    char *from = c->peaks_dir && (pw->quick || pw->narrowed)
                     ? xasprintf("from %s, a %s%s named by --peaks: %s; a full %s run peaks, not --quick, measures them",
                                 c->peaks_dir, pw->quick ? "--quick run" : "run narrowed by ",
                                 pw->quick ? "" : pw->narrowed, is, clx_cmd())
               : c->peaks_dir ? xasprintf("from %s%s%s", c->peaks_dir, is ? "; " : "", is ? is : "")
               : c->resumed && c->lost
                     ? xasprintf("the peaks run this run read at first, %s, could not be read again at a resume: the rows "
                                 "measured before were bounded by its figures, those measured since have none of them",
                                 c->lost)
               : c->resumed ? xstrdup("no peaks run read, as before this resume: a resume reads the peaks run its "
                                      "run read (run.json sol.peaks_run), and it read none")
               : c->shared_unread ? xasprintf("the full peaks run of this device found, %s, was timed mostly shared "
                                              "(another clx timed the device meanwhile), so none of its figures bounds a "
                                              "row: a full %s run peaks on a device left to it measures them, or --peaks "
                                              "RUN_DIR names that one anyway", c->shared_unread, clx_cmd())
               : c->quick_unread ? xasprintf("only a --quick or narrowed (--set, --size, --local, --build) peaks run "
                                             "of this device found, %s: not the whole sweep at its sizes, so none of its "
                                             "figures bounds a row; no full one%s: a full %s run peaks, not --quick, "
                                             "measures them, or --peaks RUN_DIR names one", c->quick_unread, where, clx_cmd())
               : c->self ? xstrdup("no earlier peaks run of this device found: this one measures them, and the "
                                   "runs after it take them")
                                 : xasprintf("no peaks run of this device found%s: a full %s run peaks, not --quick, "
                                             "measures them, or --peaks RUN_DIR names one", where, clx_cmd());
    free(where);
    free(is);
    char *upper = up.s ? xasprintf("; at an upper limit of their rate %s", up.s) : xstrdup("");
    /* The launch floor binds rows as a ceiling does (bound `launch`): the line named every ceiling but it. */
    char *floor = c->launch_ns > 0 ? xasprintf("; launch floor %.4g us (measured at this run's set-up)", c->launch_ns * 1e-3)
                                   : xstrdup("; launch floor unknown (run.json blocker.launch_floor_why)");
    /* A peaks run's latencies go with its name (from); measured otherwise, or some unknown for a
     * reason (its chase stopped short of the last-level cache), they say where and why. */
    char *lat = (c->latency_at_setup || c->chase_short) && c->latency_from ? xasprintf("; latencies: %s", c->latency_from)
                                                                           : xstrdup("");
    char *seen = c->cache_bytes > 0 ? size_words(c->cache_bytes) : NULL;
    char *cache = !c->cache_chased ? xstrdup("")
                : seen ? xasprintf("; a row's data in the last-level cache up to %s, not to its reported size (%s)", seen,
                                   c->cache_from)
                       : xasprintf("; no row's data in a cache (%s)", c->cache_from);
    /* Where they come from in one bracket with a CPU's "l2 (the CPU's last-level cache)" that ends the list. */
    char *measured = words_aside(me.s ? me.s : "none", from);
    char *s = xasprintf("speed of light: theoretical ceilings %s%s; measured %s%s; unknown %s%s%s%s", th.s ? th.s : "none",
                        kinds, measured, upper, un.s ? un.s : "none", floor, lat, cache);
    free(floor);
    free(measured);
    free(kinds);
    sb_free(&es);
    sb_free(&en);
    free(seen);
    free(cache);
    free(lat);
    free(from);
    free(upper);
    sb_free(&up);
    sb_free(&th);
    sb_free(&me);
    sb_free(&un);
    return s;
}
