/* run_sol.c — each row's speed of light: its work by class from the spec (flops in the class its
 * flops_peak names, bytes from memory or from the last-level cache that holds them, and sol's chain,
 * inflight and local) and, where clx reads the binary (PTX), its operations by pipe and its bytes
 * through L1, bounded by the device's ceilings (sol/), into the row's sol columns; a row past its
 * bound by more than SOL_OVER flagged sol>100, with the input to distrust. */
#include "run_impl.h"
#include "device/latcache.h"
#include "device/ptxmix.h"
#include "measure/probes.h"
#include "lib/isotime.h"
#include "lib/worker.h"
#include "sol/bound.h"
#include "store/rowstatus.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* setup_latencies: where no peaks run gave any latency, they are measured now, so that a first run
 * has its latency bounds too (a first `clx run volkov_fma` says its ILP 1 rows are latency-bound
 * before any `clx run peaks`). Only where a latency bound can use them: the vendor's occupancy rules
 * known (CLX_SETUP_LATENCIES=1: on any device; 0: never) and the spec's sol declaring a chain or
 * bytes in flight; and not once the driver ended a worker in clx's set-up kernels. The chain's
 * clock is the one read just after it (NVML), else the maximum. An earlier run's, kept in the cache
 * folder for this device, driver and last-level cache (latcache.h), stand in for them. */
/* use_latencies: e's latencies (measured now, or kept from an earlier run) as the ceilings'. */
static void use_latencies(struct sol_ceilings *c, const struct latcache_entry *e)
{
    c->latency_mhz = e->mhz;
    c->fma_latency_ns = e->fma_ns;
    c->mad_latency_ns = e->mad_ns;
    c->l2_latency_ns = e->llc_ns;
    c->dram_latency_ns = e->mem_ns;
    c->latency_at_setup = 1;
}

static void setup_latencies(struct runner *r)
{
    const struct run_opts *o = r->o;
    struct sol_ceilings *c = &r->sol;
    if (sol_latency_known(c) || o->setup_latencies < 0 || o->no_setup_kernels || (!c->occ && o->setup_latencies < 1))
        return;
    /* Only a spec that declares a chain or bytes in flight has latency bounds to use them (sgemm's
     * search would spend its half second for nothing). */
    const struct spec_sol *ss = r->s->sol;
    if (!ss || (!ss->expr[SPEC_SOL_CHAIN] && !ss->expr[SPEC_SOL_INFLIGHT])) return;
    char *peaks = c->peaks_dir ? xasprintf("; the peaks run %s has none", c->peaks_dir) : xstrdup("");
    /* An earlier run's on this device, driver and last-level cache, where it kept them (--no-cache:
     * measured anew, and not kept). */
    struct latcache_entry e;
    char *kept = NULL, *clock;
    double llc = r->dev.pk.cache_bytes;
    if (!o->no_cache && latcache_read(&r->dev.dp, llc, &e, &kept) == 0) {
        use_latencies(c, &e);
        clock = e.mhz > 0 ? xasprintf("the chains at %.0f MHz", e.mhz) : xstrdup("the chains' clock not known");
        sol_latency_from_set(c, xasprintf("measured at the set-up of an earlier run on this device and driver, %s "
                                          "(%.2f s, %s; kept in %s, --no-cache measures them anew)%s", e.when,
                                          e.seconds, clock, kept, peaks));
        free(clock);
        free(kept);
        free(peaks);
        return;
    }
    struct probes_device pd = { .ctx = r->dev.ctx, .dev = r->dev.ocl.id, .q = r->dev.q, .pk = &r->dev.pk,
                                .by_host = r->dev.timer.host };
    struct probe_latencies lat;
    /* clx's own kernels: where the driver ends the worker in them, a new one goes on without them
     * (supervise.c), as after the timer check and the blocker. */
    worker_setup_kernels(1);
    struct devlock_watch watch;
    devlock_watch_start(&r->dev.lock, &watch);
    int rc = probes_latencies(&pd, &lat);
    int shared = devlock_watch_end(&r->dev.lock, &watch);
    worker_setup_kernels(0);
    struct clock_sample cs;
    int clocked = clocks_sample(&r->dev.clk, &cs) == 0 && cs.sm_mhz > 0;
    e = (struct latcache_entry){ .fma_ns = lat.fma_ns, .mad_ns = lat.mad_ns, .llc_ns = lat.llc_ns, .mem_ns = lat.mem_ns,
                                 .mhz = clocked ? cs.sm_mhz : r->dev.dp.clock_mhz, .seconds = lat.seconds };
    use_latencies(c, &e);
    clock = !(e.mhz > 0) ? xstrdup("the chains' clock not known")
          : xasprintf("the chains at %.0f MHz%s", e.mhz, clocked ? " as NVML read it after them" : ", the maximum");
    sol_latency_from_set(c, xasprintf("%s (%.2f s, %s%s)%s%s",
                                      rc ? "none measured at this run's set-up" : "measured at this run's set-up",
                                      lat.seconds, clock, peaks, *lat.why ? "; not measured: " : "", lat.why));
    /* Kept for the next run only when all four were measured, and on a device no other clx timed
     * while they ran (this run held its turn, and no sharer was there or came and went: a sharer's
     * chains and chases are not the device's alone). */
    if (!rc && !*lat.why && !o->no_cache && r->dev.lock.owner && !shared) {
        iso_time_now(e.when, sizeof e.when);
        if (latcache_write(&r->dev.dp, llc, &e)) warn("cannot keep the set-up latencies in the cache folder: the next run measures them again");
    }
    free(lat.why);
    free(clock);
    free(peaks);
}

/* find_peaks: the device's peaks run where --peaks names none: under the --out folder and under the
 * default results folder (CLX_PEAKS_ROOT's) where that is another, the best of both
 * (sol_peaks_find_among): a `clx run EXP --out DIR` found none in DIR and said "clx run peaks", which
 * put one in results/ again. *searched says
 * where it looked (a new string), for the console's line where no full one is found. */
static char *find_peaks(const struct run_opts *o, const struct devprops *dp, int *unread, char **searched)
{
    const char *out = o->out_root ? o->out_root : o->results_root, *roots[2] = { out, NULL };
    int n = 1;
    if (o->peaks_root && strcmp(o->peaks_root, out) &&
        !(path_within(o->peaks_root, out) && path_within(out, o->peaks_root)))
        roots[n++] = o->peaks_root;
    struct sbuf b = {0};
    for (int i = 0; i < n; i++) {
        int dflt = !strcmp(roots[i], RESULTS_ROOT_DEFAULT);
        sb_printf(&b, "%s%s%s", i ? " or " : "", roots[i], dflt ? "" : i ? " (CLX_PEAKS_ROOT)" : " (--out)");
    }
    *searched = b.s;
    return sol_peaks_find_among(roots, n, dp->name, dp->driver, unread);
}

/* read_recorded: the peaks run rec records read into m, where it is now: as recorded (a path from the
 * directory the run was started in), else at the same made absolute (peaks_path: the resume started
 * in another directory; an older clx recorded none), else beside the run's folder (found there, and
 * both moved since); m->dir the words recorded, which run.json keeps. 0, or -1 and *err (a new
 * string: as recorded's). */
static int read_recorded(const struct runner *r, const struct sol_recorded *rec, struct sol_measured *m, char **err)
{
    const struct devprops *dp = &r->dev.dp;
    size_t len = strlen(rec->peaks_run), from;
    while (len > 1 && rec->peaks_run[len - 1] == '/') len--;
    for (from = len; from > 0 && rec->peaks_run[from - 1] != '/'; from--) {}
    char *beside = xasprintf("%s/../%.*s", r->o->resume_dir, (int)(len - from), rec->peaks_run + from);
    const char *at[] = { rec->peaks_run, rec->peaks_path, beside };
    int rc = -1;
    for (int i = 0; i < 3 && rc; i++) {           /* as recorded first: its error is the one said */
        char *why = NULL;
        if (i && (!at[i] || !strcmp(at[i], rec->peaks_run))) continue;
        rc = sol_measured_read(at[i], dp->name, dp->driver, m, &why);
        if (!i) *err = why;
        else free(why);
    }
    if (!rc) {
        free(*err);
        *err = NULL;
        free(m->dir);
        m->dir = xstrdup(rec->peaks_run);
    }
    free(beside);
    return rc;
}

/* resumed: a --resume's peaks run (and a worker's that goes on after a crash): the one its run
 * recorded (run.json sol.peaks_run), read again, not the newest found now: the rows it keeps were
 * bounded by that run's figures, and those it measures are by the same (before, a full peaks run made
 * since bounded only the rows measured after the resume, and run.json named it alone). Recorded none,
 * none now either, and what was found and not read stays said. One gone, or no longer one this device
 * may read: one line says so, and the run goes on without it, as a run that found none, run.json
 * naming it (sol.peaks_run_lost). 0 where run.json records no peaks run (an older clx's; or none at
 * all, which the resume's check refuses): then looked for as a first session does. */
static int resumed(struct runner *r, struct sol_measured *m)
{
    struct runjson was;
    struct sol_recorded rec;
    char *err = NULL;
    if (runjson_read(r->o->resume_dir, &was, &err)) {
        free(err);
        return 0;
    }
    if (sol_peaks_recorded(runjson_part(&was, RJ_SOL), &rec)) {
        runjson_free(&was);
        return 0;
    }
    if (rec.peaks_run && read_recorded(r, &rec, m, &err)) {
        warn("the peaks run this run read so far, %s, cannot be read now (%s): the run goes on without it, as one "
             "that found none; its rows so far were bounded by its figures, those measured now are not (run.json "
             "sol.peaks_run_lost)", rec.peaks_run, err);
        free(err);
        m->lost = xstrdup(rec.peaks_run);
    }
    else if (!rec.peaks_run) {
        if (rec.lost) m->lost = xstrdup(rec.lost);
        const char *unread = rec.shared_unread ? rec.shared_unread : rec.quick_unread;
        if (unread) {
            m->unread = xstrdup(unread);
            m->unread_why = rec.shared_unread ? SOL_PEAKS_SHARED : SOL_PEAKS_QUICK;
        }
    }
    m->resumed = 1;
    runjson_free(&was);
    return 1;
}

void run_peaks_refused(const char *dir, const char *err)
{
    die("--peaks %s: %s; --peaks names a finished peaks run of this device and driver (left out, the run takes the "
        "newest one it finds)", dir, err);
}

/* found: the peaks run --peaks names, else the one a first session finds (find_peaks), into m. */
static void found(struct runner *r, struct sol_measured *m)
{
    const struct run_opts *o = r->o;
    int unread = SOL_PEAKS_TAKEN;
    char *searched = NULL;
    char *dir = o->peaks_run ? xstrdup(o->peaks_run) : find_peaks(o, &r->dev.dp, &unread, &searched);
    /* A --quick run found where no full one is: small sizes and few trials, not the device's peaks
     * (on PoCL its cache read gave 8 GB/s, and vecsum's naive and float4 rows ran at 47-135 GB/s from
     * the same cache); or a full one whose timed rows were mostly shared (another clx timed the device
     * meanwhile: its l2 read 3.7 GB/s where vecsum read 21 from the cache minutes later). Its figures
     * bound no row, and the console says what measures them. One that --peaks names is the user's
     * choice: read, and said to be what it is. */
    if (unread != SOL_PEAKS_TAKEN) {
        m->unread = dir;
        m->unread_why = unread;
        dir = NULL;
    }
    char *err = NULL;
    /* --peaks names a folder the user chose: that it cannot be read, or is not one this run may read
     * (another device's or driver's, a stopped one: sol_peaks_unusable, the search's rule), is theirs to
     * know, before anything runs. Intel's CPU runtime's fp16 bounded PoCL's rows, which have none. */
    if (dir && sol_measured_read(dir, r->dev.dp.name, r->dev.dp.driver, m, &err)) {
        if (o->peaks_run) run_peaks_refused(o->peaks_run, err);
        free(err);
    }
    free(dir);
    m->searched = searched;
}

void run_sol_find(struct runner *r)
{
    const struct run_opts *o = r->o;
    struct sol_measured m = {0};
    if (!o->resume_dir || !resumed(r, &m)) found(r, &m);
    /* A full peaks run measures the figures it finds none of: said so, not "run peaks". */
    m.self = !strcmp(r->s->name, "peaks") && !o->quick && !sol_peaks_narrowed(&o->args);
    r->peaks = m;
}

void run_sol_open(struct runner *r)
{
    sol_ceilings_make(&r->dev.dp, &r->dev.pk, &r->peaks, r->dev.blk.floor_ns, &r->sol);
    sol_measured_free(&r->peaks);
    setup_latencies(r);
}

/* A build's counts for one declared kind: a row reads them from its build's binary once. */
struct sol_mix_memo { int v, b, ref, rc; const char *why; struct ptx_mix m; };

void run_sol_close(struct runner *r)
{
    sol_ceilings_free(&r->sol);
    free(r->sol_mixes);
    r->sol_mixes = NULL;
    r->nsol_mixes = 0;
}

/* mix_of: build (v, b)'s mix for kind ref, read on first use. */
static const struct sol_mix_memo *mix_of(struct runner *r, int v, int b, int ref, const char *ptx, const char *kernel)
{
    for (int i = 0; i < r->nsol_mixes; i++) {
        const struct sol_mix_memo *x = &r->sol_mixes[i];
        if (x->v == v && x->b == b && x->ref == ref) return x;
    }
    r->sol_mixes = xrealloc(r->sol_mixes, (size_t)(r->nsol_mixes + 1) * sizeof *r->sol_mixes);
    struct sol_mix_memo *x = &r->sol_mixes[r->nsol_mixes++];
    *x = (struct sol_mix_memo){.v = v, .b = b, .ref = ref};
    x->rc = ptx_mix_read(ptx, kernel, ref, &x->m, &x->why);
    return x;
}

/* eval: an expression of the row's values, NAN when absent or not a number. */
static double eval(const char *expr, const struct vars *vv)
{
    double x;
    return expr && expr_eval(expr, vv, &x, NULL) == 0 ? x : NAN;
}

/* The class a kind of the binary's counts bounds, and the kind of each class a spec's flops may name
 * (-1: none, its work is not read from a binary). */
static const struct { enum ptx_kind kind; enum sol_class sol; } from_ptx[] = {
    {PTXK_FP32, SOL_FP32}, {PTXK_FP64, SOL_FP64}, {PTXK_FP16, SOL_FP16}, {PTXK_INT32, SOL_INT32},
    {PTXK_SFU, SOL_SFU}, {PTXK_L1, SOL_L1},
};

static int ref_kind(int flops_class)
{
    return flops_class == SOL_FP32 ? PTXK_FLOP32 : flops_class == SOL_FP64 ? PTXK_FLOP64
         : flops_class == SOL_FP16 ? PTXK_FLOP16 : flops_class == SOL_INT32 ? PTXK_OPS32 : -1;
}

/* binary_work: the compute classes and the L1 bytes of w from the build's PTX: the least its code
 * can do for the spec's declared work (flops in their class, else its global bytes), whatever its
 * loops' trips (ptxmix.h); memory stays the spec's (a binary's loads say nothing of what the caches
 * keep). 0, or -1 with *why (static; NULL where there is no binary to read, which is not news). */
static int binary_work(struct runner *r, const struct pending *pc, double flops, double bytes, struct sol_work *w,
                       const char **why)
{
    const struct build *bd = build_of(&r->bl, pc->v, pc->b);
    if (!bd->ok || !bd->binary || !bd->binary_format || strcmp(bd->binary_format, "PTX")) {
        *why = NULL;
        return -1;
    }
    int ref = flops > 0 ? ref_kind(w->chain_class) : PTXK_GLOBAL;
    if (ref < 0) { *why = "the binary's counts know no operations of the spec's flops_peak class"; return -1; }
    const struct sol_mix_memo *x = mix_of(r, pc->v, pc->b, ref, (const char *)bd->binary, r->plan.variants[pc->v].kernel);
    if (x->rc) { *why = x->why; return -1; }
    const struct ptx_mix m = x->m;
    double per_item = (flops > 0 ? flops : bytes) / w->items;
    for (size_t i = 0; i < sizeof from_ptx / sizeof from_ptx[0]; i++) {
        double amount = w->items * ptx_mix_total(&m, ref, from_ptx[i].kind, per_item);
        /* A binary with fewer operations than declared (work optimised away: expect flags it)
         * keeps the declared figure, which is what its rows are measured against. */
        if (amount > w->amount[from_ptx[i].sol]) w->amount[from_ptx[i].sol] = amount;
    }
    return 0;
}

/* work: the row's work by class from the spec, evaluated on its values, and from its binary where
 * clx reads one (*from "ptx", else "spec", with *binary_why saying why not when it tried); -1 with
 * *why (static) when it declares none, or names a class clx does not know. */
static int work(struct runner *r, const struct pending *pc, struct sol_work *w, const char **why, const char **from,
                const char **binary_why)
{
    const struct spec *s = r->s;
    memset(w, 0, sizeof *w);
    w->chain_class = -1;
    double flops = eval(s->flops, &pc->vv), bytes = eval(s->bytes, &pc->vv);
    double code = s->flops_peak ? eval(s->flops_peak, &pc->vv) : 32;
    if (!(flops > 0) && !(bytes > 0)) {
        *why = "the spec declares no work for this row (flops, bytes): no speed of light";
        return -1;
    }
    if (flops > 0) {
        int k = sol_class_of_code(code);
        if (k < 0) { *why = "flops_peak names no class of operations (docs/spec.md, \"Speed of light\")"; return -1; }
        w->amount[k] = flops;
        w->chain_class = k;
    }
    /* Bytes whose buffers the last-level cache holds come from it (the row is cache-resident). Under
     * --cold, which flushes it before every trial, the buffers come from memory once a trial and
     * what the kernel reads of them again from the cache: memory's work is the buffers, at most the
     * bytes, and the cache's all of them (a stream is memory's; a kernel that reads a small buffer
     * a thousand times the cache's, as warm). */
    int fits = pc->m.data_bytes <= sol_cache_bytes(&r->sol, r->dev.pk.cache_bytes);
    int cold = fits && r->o->bench.cold && pc->m.data_bytes > 0;
    w->memory = fits && !cold ? SOL_L2 : SOL_DRAM;
    if (bytes > 0) w->amount[w->memory] = cold && pc->m.data_bytes < bytes ? pc->m.data_bytes : bytes;
    if (bytes > 0 && cold) w->amount[SOL_L2] = bytes;
    if (s->sol) {
        w->chain = eval(s->sol->expr[SPEC_SOL_CHAIN], &pc->vv);
        w->inflight = eval(s->sol->expr[SPEC_SOL_INFLIGHT], &pc->vv);
        double local = eval(s->sol->expr[SPEC_SOL_LOCAL], &pc->vv);
        if (local > 0) w->amount[SOL_LOCAL] = local;
        if (!(w->chain > 0)) w->chain = 0;
        if (!(w->inflight > 0)) w->inflight = 0;
    }
    w->items = 1;
    w->group = 1;
    for (cl_uint d = 0; d < pc->L.dims; d++) {
        w->items *= (double)pc->L.global[d];
        w->group *= (int)pc->L.local[d];
    }
    const struct build *bd = build_of(&r->bl, pc->v, pc->b);
    w->regs = bd->registers > 0 ? bd->registers : 0;
    w->local_bytes = atof(row_get(&pc->w, COL_local_bytes));
    double mhz = run_trial_mhz(&pc->t);
    w->mhz = mhz > 0 ? mhz : (pc->clocked ? (pc->c0.sm_mhz + pc->c1.sm_mhz) / 2 : 0);
    *from = binary_work(r, pc, flops, bytes, w, binary_why) ? "spec" : "ptx";
    return 0;
}

/* cache_unflagged: the bound takes the row's data as the cache's where it fits the whole cache, the
 * flag cache-resident only where it surely stays there: where they differ, the row's note says so,
 * bounded or not (a --quick peaks run's triads, 24 MiB of PoCL's 32 MiB cache, read "its l2 work"
 * unflagged; docs/sol.md). */
static void cache_unflagged(const struct runner *r, const struct pending *pc, const struct sol_work *wk,
                            struct sol_result *res)
{
    if (wk->memory == SOL_L2 && wk->amount[SOL_L2] > 0 && !flag_has(row_get(&pc->w, COL_flag), "cache-resident"))
        sol_note_add(res, sol_cache_unflagged_said(&r->sol, r->dev.pk.cache_bytes, pc->m.data_bytes, r->dev.pk.mem_gbs));
}

void run_sol_row(struct runner *r, struct pending *pc)
{
    struct row *w = &pc->w;
    struct sol_work wk;
    struct sol_result res;
    const char *why = NULL, *from = "spec", *binary_why = NULL;
    if (work(r, pc, &wk, &why, &from, &binary_why)) { row_set(w, COL_sol_note, "%s", why); return; }
    if (sol_bound(&wk, &r->sol, &res) && sol_bound_past_limit(&wk, &r->sol, pc->m.median_ms, &res)) {
        cache_unflagged(r, pc, &wk, &res);
        row_set(w, COL_sol_note, "%s", res.note);
        sol_result_free(&res);
        return;
    }
    double pct = 100 * res.ms / pc->m.median_ms;
    row_num(w, COL_sol_ms, "%.6g", res.ms);
    row_pct(w, COL_sol_pct, pct);
    row_set(w, COL_bound, "%s", sol_class_name(res.bound));
    row_num(w, COL_sol_lat_ms, "%.6g", res.lat_ms);
    row_num(w, COL_sol_tput_ms, "%.6g", res.tput_ms);
    row_set(w, COL_sol_from, "%s", from);
    if (binary_why) sol_note_add(&res, xasprintf("work from the spec: %s", binary_why));
    cache_unflagged(r, pc, &wk, &res);
    if (pct > 100 * SOL_OVER) {
        row_flag(w, SOL_OVER_FLAG);
        /* The class in users' words (a CPU's l2: its last-level cache) where the note first names it. */
        const char *k = sol_class_name(res.bound), *said = sol_class_said(res.bound, r->sol.cpu);
        char *n = res.bound == SOL_LAUNCH ? xasprintf("faster than the launch floor: the floor measured at set-up is too high")
                : res.bound >= SOL_LATENCY ? xasprintf("faster than its %s bound: the spec's sol (chain, inflight) or the "
                                                       "latency measured (%s) is wrong", said,
                                                       r->sol.latency_from ? r->sol.latency_from : "none")
                : xasprintf("faster than its %s bound: the %s or the %s ceiling (%s) is wrong", said,
                            sol_counts_said(res.bound, !strcmp(from, "ptx")), k, sol_source(&r->sol, res.bound));
        sol_note_add(&res, n);
    }
    if (*res.note) row_set(w, COL_sol_note, "%s", res.note);
    sol_result_free(&res);
}
