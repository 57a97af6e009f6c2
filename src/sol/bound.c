/* bound.c — a row's speed of light from its work and the device's ceilings (bound.h). */
#include "bound.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sol_note_add(struct sol_result *r, char *clause)
{
    if (r->note && *r->note) {
        char *s = xasprintf("%s; %s", r->note, clause);
        free(clause);
        clause = s;
    }
    free(r->note);
    r->note = clause;
}

/* note_add: a clause of a format and one string to r's note. */
static void note_add(struct sol_result *r, const char *fmt, const char *a)
{
    sol_note_add(r, xasprintf(fmt, a));
}

/* note_set: r's note s (a new string, taken), whatever it said before. */
static void note_set(struct sol_result *r, char *s)
{
    free(r->note);
    r->note = s;
}

void sol_result_free(struct sol_result *r)
{
    free(r->note);
    r->note = NULL;
}

double sol_resident_items(const struct sol_work *w, const struct sol_ceilings *c)
{
    if (!c->occ || w->regs <= 0 || w->group <= 0 || c->cu <= 0) return 0;
    struct occ o;
    occ_resident(c->occ, w->group, w->regs, w->local_bytes, &o);
    double all = (double)o.items * c->cu;
    return all < w->items ? all : w->items;
}

/* lanes_share: the share of a compute unit's issue the resident work can fill. Each warp belongs to
 * one scheduler, which issues one instruction of one warp a clock. In one wave the busiest
 * scheduler holds at least ceil(warps / schedulers) of them and the others wait on it (64
 * work-items on an SM of 4 schedulers keep 2 busy: half its lanes; 18 warps keep the busiest with
 * 5: 90%); on an H200 this took volkov_fma's rows predicted within 15% from 44% to 97%
 * (docs/sol.md). Over several waves a work-group starts wherever one ended, which can even out
 * the first wave's imbalance: only schedulers without a warp at all are idle. */
static double lanes_share(const struct sol_ceilings *c, double resident, double waves)
{
    if (!c->occ || !(resident > 0)) return 1;
    double warps = ceil(resident / c->cu / c->occ->warp), s = c->occ->schedulers;
    if (waves > 1) return warps >= s ? 1 : warps / s;
    return warps / (s * ceil(warps / s));
}

/* waves: how many times over the device's resident work-groups the launch's groups fill it (1
 * where not known). */
static double waves(const struct sol_work *w, const struct sol_ceilings *c)
{
    if (!c->occ || w->regs <= 0 || w->group <= 0 || c->cu <= 0) return 1;
    struct occ o;
    occ_resident(c->occ, w->group, w->regs, w->local_bytes, &o);
    double groups = ceil(w->items / w->group);
    return o.groups > 0 ? ceil(groups / ((double)o.groups * c->cu)) : 1;
}

/* throughput: the largest class time, in s, the launch floor aside (0: no class has work), r->bound
 * its class (SOL_LAUNCH: none); -1 when a class with work has no ceiling (r->note says which). */
static double throughput(const struct sol_work *w, const struct sol_ceilings *c, double resident, struct sol_result *r)
{
    double worst = 0;
    r->bound = SOL_LAUNCH;
    r->measured = 0;
    for (int k = 0; k < SOL_LAUNCH; k++) {
        if (!(w->amount[k] > 0)) continue;
        double rate = sol_rate_at(c, k, w->mhz);
        if (!(rate > 0)) {
            const char *why = sol_source(c, k);
            if (!strncmp(why, "unknown: ", 9)) why += 9;
            note_set(r, xasprintf("no %s ceiling: %s", sol_class_said(k, c->cpu), why));
            return -1;
        }
        if (!sol_class_is_memory(k)) rate *= lanes_share(c, resident, waves(w, c));
        double t = w->amount[k] / rate;
        if (t > worst) { worst = t; r->bound = k; r->measured = !c->c[k].theoretical; }
    }
    if (!(c->launch_ns > 0)) note_add(r, "%s", "no launch floor known");
    return worst;
}

/* latency: the larger of the chain's and memory's latency bounds, in s (0: neither reckoned, the
 * note saying what they lack); *which the class. */
static double latency(const struct sol_work *w, const struct sol_ceilings *c, double resident, struct sol_result *r,
                      enum sol_class *which)
{
    double best = 0;
    *which = SOL_LATENCY;
    if (!(w->chain > 0) && !(w->inflight > 0)) return 0;
    if (!(resident > 0)) {
        if (c->occ) note_add(r, "%s", "no latency bound: the kernel's registers are not known");
        else note_add(r, "no latency bound: %s", c->occ_none ? c->occ_none : OCC_RULES_UNKNOWN);
        return 0;
    }
    double mhz = w->mhz > 0 ? w->mhz : c->max_mhz;
    double groups = ceil(w->items / (w->group > 0 ? w->group : 1)), per_wave = resident / (w->group > 0 ? w->group : 1);
    double waves = per_wave > 0 ? ceil(groups / per_wave) : 0;
    /* The latencies measured are an fp32 fma's and an int32 mad's: other chains have none yet. */
    double op_ns = w->chain_class == SOL_INT32 ? c->mad_latency_ns : w->chain_class == SOL_FP32 ? c->fma_latency_ns : 0;
    if (w->chain > 0 && op_ns > 0 && c->latency_mhz > 0 && mhz > 0) {
        /* The latency in cycles, as measured, at the row's clock. */
        best = waves * w->chain * op_ns * c->latency_mhz / mhz * 1e-9;
    } else if (w->chain > 0) {
        note_add(r, "%s", w->chain_class == SOL_FP32 || w->chain_class == SOL_INT32
                              ? "no chain latency bound: no dependent-operation latency measured (a full clx run peaks "
                                "measures it)"
                              : "no chain latency bound: clx measures the latency of fp32 and int32 chains only");
    }
    int mem = w->memory == SOL_L2 ? SOL_L2 : SOL_DRAM;
    double mem_ns = mem == SOL_L2 ? c->l2_latency_ns : c->dram_latency_ns;
    if (w->inflight > 0 && w->amount[mem] > 0 && mem_ns > 0) {
        double t = w->amount[mem] * mem_ns * 1e-9 / (resident * w->inflight);
        if (t > best) { best = t; *which = SOL_DRAM_LATENCY; }
    } else if (w->inflight > 0 && w->amount[mem] > 0) {
        /* The level whose latency is missing: a row of the cache's bytes wanted the cache's. */
        note_add(r, "no memory latency bound: no %s latency measured (a full clx run peaks measures it)",
                 mem == SOL_L2 ? "last-level cache" : "memory");
    }
    return best;
}

/* How far below a never-binding limit a class's real rate may lie: a stream in a CPU's cache read
 * 0.02-2.3% of the ports' limit on PoCL (ceilings.c, cpu_cache_limit), so its time is at least 43
 * times what the limit gives it. */
#define NEVER_BINDS_BELOW 50.0

/* near_limit: where another class binds (binding_s its time), whether a class with work whose
 * ceiling never binds (a CPU's cache without a peaks run) could hold the row back more at its real
 * rate: at a 50th of its limit it would take binding_s or longer. Then the row gets no bound (-1, the
 * note saying why): a stream in the cache with 4 flops in 12 bytes was called fp32-bound at 0.0-6.5%
 * on PoCL, while the same stream with 1 flop had no bound. */
static int near_limit(const struct sol_work *w, const struct sol_ceilings *c, struct sol_result *r, double binding_s)
{
    for (int k = 0; k < SOL_LAUNCH; k++) {
        if (k == (int)r->bound || !(w->amount[k] > 0) || !c->c[k].never_binds) continue;
        double rate = sol_rate_at(c, k, w->mhz);
        if (!(rate > 0) || w->amount[k] / rate * NEVER_BINDS_BELOW < binding_s) continue;
        /* The class in users' words once, the first time (a CPU's l2: its last-level cache), then its word. */
        note_set(r, xasprintf("no %s ceiling that binds: %s sets the bound on what is known, but its %s work may hold "
                              "it back more, and %s's rate is known only as an upper limit far above it (%s)",
                              sol_class_said(k, c->cpu), sol_class_said(r->bound, c->cpu), sol_class_name(k),
                              sol_class_name(k), sol_source(c, k)));
        return -1;
    }
    return 0;
}

/* bound: the row's speed of light in two steps. First the class that would set it, the launch floor
 * aside: the largest class time, or the latency bound where that is larger. Where that class's
 * ceiling is a limit far above its rate (never_binds: a CPU's caches without a peaks run), clx cannot
 * see what holds the row back, and the row gets no bound whatever the launch floor: on Intel's CPU
 * runtime (a launch floor of 0.32 us) memcopy_ilp --quick's 18.6 us copies of 1 MB were called
 * launch-bound at 1.2-1.7%, because the limit gave their bytes ~0.3 us, while on PoCL (0.13 us) the
 * same rows had no bound. Then the launch floor, a true lower bound of any launch: it binds where it
 * is above that class's time (a firm ceiling's), as any class binds above the others. */
static int bound(const struct sol_work *w, const struct sol_ceilings *c, struct sol_result *r)
{
    r->ms = r->tput_ms = r->lat_ms = NAN;
    double resident = sol_resident_items(w, c);
    double work = throughput(w, c, resident, r);
    if (work < 0) return -1;
    double floor = c->launch_ns > 0 ? c->launch_ns * 1e-9 : 0;
    double tput = work > floor ? work : floor;
    if (!(tput > 0)) {
        note_set(r, xstrdup("no work declared and no launch floor known"));
        return -1;
    }
    enum sol_class which;
    double lat = latency(w, c, resident, r, &which);
    if (lat > work) { r->bound = which; r->measured = 1; }
    /* A limit far above the class's rate bounds a row only where another class binds it; the launch
     * floor is no such class: it says nothing of how long the row's work takes. */
    if (r->bound < SOL_LAUNCH && c->c[r->bound].never_binds) {
        note_set(r, xasprintf("no %s ceiling that binds: its %s work would set the bound, and its rate is known "
                              "only as an upper limit far above it (%s)", sol_class_said(r->bound, c->cpu),
                              sol_class_name(r->bound), sol_source(c, r->bound)));
        return -1;
    }
    if (near_limit(w, c, r, lat > work ? lat : work) < 0) return -1;
    r->tput_ms = tput * 1e3;
    if (lat > 0) r->lat_ms = lat * 1e3;
    r->ms = (lat > tput ? lat : tput) * 1e3;
    if (!(lat > floor) && !(work > floor)) {
        /* The floor says nothing of a wait clx cannot reckon here: a chain or loads in flight the spec
         * declares, without the rules or latencies to bound them (a CPU), may hold the row back far
         * more (rusticl's volkov_fma ILP 1 rows of 240 ms were called launch-bound at 0.2%). */
        if ((w->chain > 0 || w->inflight > 0) && !(lat > 0)) {
            note_set(r, xasprintf("no bound that binds: the launch floor (%.3g us) is the only ceiling above its "
                                  "work's time, and the %s the spec declares cannot be reckoned here (%s)",
                                  floor * 1e6, w->chain > 0 ? "chain's latency" : "memory latency",
                                  r->note && *r->note ? r->note : "no latencies"));
            r->ms = r->tput_ms = r->lat_ms = NAN;
            return -1;
        }
        r->bound = SOL_LAUNCH;
        r->measured = 0;
    }
    /* Said of the bound that binds, once the latency bound has had its say. */
    if (r->bound < SOL_LAUNCH && c->c[r->bound].upper_limit)
        note_add(r, "the ceiling of %s is an upper limit of its rate, not the rate: the row may be nearer its bound "
                    "than this says (a full clx run peaks measures the rate)", sol_class_said(r->bound, c->cpu));
    return 0;
}

int sol_bound(const struct sol_work *w, const struct sol_ceilings *c, struct sol_result *r)
{
    memset(r, 0, sizeof *r);
    if (c->sim) {
        r->ms = r->tput_ms = r->lat_ms = NAN;
        r->note = xstrdup(simulator_why(c->sim));
        return -1;
    }
    int rc = bound(w, c, r);
    if (!r->note) r->note = xstrdup("");
    return rc;
}

int sol_bound_past_limit(const struct sol_work *w, const struct sol_ceilings *c, double row_ms, struct sol_result *r)
{
    int past = -1;
    double most = 0;
    for (int k = 0; k < SOL_LAUNCH; k++) {
        if (!c->c[k].never_binds || !(w->amount[k] > 0) || !(c->c[k].rate > 0)) continue;
        double ms = w->amount[k] / c->c[k].rate * 1e3;
        if (ms > row_ms * SOL_OVER && ms > most) { most = ms; past = k; }
    }
    if (past < 0 || !(row_ms > 0)) return -1;
    r->ms = r->tput_ms = most;
    r->lat_ms = NAN;
    r->bound = past;
    r->measured = 0;
    note_set(r, xstrdup(""));        /* "no l2 ceiling that binds" no longer: the guard says what is wrong */
    return 0;
}

const char *sol_counts_said(enum sol_class k, int from_ptx)
{
    /* The L1 bytes are the binary's (PTX), never the spec's. */
    return k == SOL_DRAM || k == SOL_L2 || k == SOL_LOCAL ? "spec's bytes"
         : from_ptx ? "binary's counts (PTX, with the spec's declared work)" : "spec's flops";
}
