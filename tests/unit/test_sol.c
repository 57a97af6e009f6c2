/* test_sol.c — the speed of light's bound on synthetic work and ceilings: a pure FP32 mix, a pure
 * stream, a mix where INT32 sets the bound, a chain where latency does, a stream whose loads in
 * flight set it (Little's law), the launch floor, a class with no ceiling; the occupancy rules and
 * the ceilings an H200 (cc 9.0) gives, and a CPU's caches at the upper limit of its load/store ports. */
#include "check.h"
#include "sol/bound.h"
#include "device/cpuports.h"
#include "device/hostcpu.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* h200: ceilings of an H200-like device at 1980 MHz: FP32 66.9 TFLOP/s, INT32 33.4 TOP/s, DRAM 4.8
 * TB/s theoretical; the L2 9.6 TB/s measured; an fma 4 cycles (2.02 ns), memory 600 ns. */
static void h200(struct sol_ceilings *c, struct devprops *dp)
{
    memset(c, 0, sizeof *c);
    memset(dp, 0, sizeof *dp);
    dp->nv_cc_major = 9;
    dp->nv_cc_minor = 0;
    c->max_mhz = 1980;
    c->cu = 132;
    c->occ = occ_rules_of(dp);
    c->c[SOL_FP32] = (struct sol_ceiling){ .rate = 66.9e12, .theoretical = 1 };
    c->c[SOL_INT32] = (struct sol_ceiling){ .rate = 33.45e12, .theoretical = 1 };
    c->c[SOL_DRAM] = (struct sol_ceiling){ .rate = 4.8e12, .theoretical = 1 };
    c->c[SOL_L2] = (struct sol_ceiling){ .rate = 9.6e12, .theoretical = 0 };
    c->launch_ns = 2600;
    c->fma_latency_ns = 2.02;
    c->mad_latency_ns = 2.02;
    c->latency_mhz = 1980;
    c->dram_latency_ns = 600;
    c->l2_latency_ns = 145;
}

/* bound: sol_bound on r, the note of its last call freed first. */
static int bound(const struct sol_work *w, const struct sol_ceilings *c, struct sol_result *r)
{
    sol_result_free(r);
    return sol_bound(w, c, r);
}

/* work_init: w empty, items work-items in groups of group at 1980 MHz, its memory traffic DRAM's. */
static void work_init(struct sol_work *w, double items, int group)
{
    memset(w, 0, sizeof *w);
    w->chain_class = -1;
    w->memory = SOL_DRAM;
    w->items = items;
    w->group = group;
    w->regs = 32;
    w->mhz = 1980;
}

/* h200_device: an H200's properties as its driver reports them (cc 9.0, 132 SMs, 1980 MHz). */
static struct devprops h200_device(void)
{
    struct devprops dp = {0};
    dp.nv_cc_major = 9;
    dp.nv_cc_minor = 0;
    dp.compute_units = 132;
    dp.clock_mhz = 1980;
    dp.type = CL_DEVICE_TYPE_GPU;
    return dp;
}

/* cpu_device: a CPU device of 2 compute units at 2100 MHz. */
static struct devprops cpu_device(void)
{
    struct devprops dp = {0};
    dp.nv_cc_major = -1;
    dp.type = CL_DEVICE_TYPE_CPU;
    dp.compute_units = 2;
    dp.clock_mhz = 2100;
    return dp;
}

/* cpu_timed: cpu_device on a host of 2 AVX-512 CPUs that says 2100 MHz and was timed at 2600, and
 * the peaks derived from both. */
static void cpu_timed(struct devprops *dp, struct hostcpu *h, struct peak *pk)
{
    *dp = cpu_device();
    *h = (struct hostcpu){ .cpus = 2, .simd_floats = 16, .simd = "AVX-512", .mhz = 2100, .measured_mhz = 2600 };
    peak_derive_on(dp, h, pk);
}

/* with_peaks_l2: c, the ceilings of dp and pk where a peaks run (results/peaks-x) read the L2 at
 * gbs GB/s: that reading replaces what the properties gave, measured, neither theoretical nor a limit. */
static void with_peaks_l2(const struct devprops *dp, const struct peak *pk, double gbs, double launch_ns,
                          struct sol_ceilings *c)
{
    struct sol_measured m = { .dir = "results/peaks-x" };
    m.rate[SOL_L2] = gbs;
    m.what[SOL_L2] = "cachebw";
    sol_ceilings_make(dp, pk, &m, launch_ns, c);
    CHECK_NEAR(c->c[SOL_L2].rate, gbs * 1e9, 1);
    CHECK(!c->c[SOL_L2].theoretical && !c->c[SOL_L2].upper_limit);
}

/* fma_chains: work_init's w, each work-item running ilp independent chains of 32768 fmas. */
static void fma_chains(struct sol_work *w, double items, int group, int ilp)
{
    work_init(w, items, group);
    w->chain_class = SOL_FP32;
    w->chain = 32768;
    w->amount[SOL_FP32] = 2.0 * ilp * 32768 * w->items;
}

static void test_occupancy(void)
{
    struct devprops dp = {0};
    dp.nv_cc_major = 9;
    const struct occ_rules *r = occ_rules_of(&dp);
    CHECK(r && r->max_threads == 2048 && r->max_groups == 32);
    struct occ o;
    occ_resident(r, 256, 32, 0, &o);           /* 8 groups of 256: the thread limit */
    CHECK(o.groups == 8 && o.items == 2048 && !strcmp(o.limit, "threads"));
    occ_resident(r, 32, 32, 0, &o);            /* 32 groups of 32: the group limit, 1024 threads */
    CHECK(o.groups == 32 && o.items == 1024 && !strcmp(o.limit, "work-groups"));
    occ_resident(r, 256, 128, 0, &o);          /* 128 registers: 65536 / (128 x 256) = 2 groups */
    CHECK(o.groups == 2 && !strcmp(o.limit, "registers"));
    occ_resident(r, 256, 32, 48 * 1024, &o);   /* 48 KiB + 1 KiB reserved: 228 / 49 = 4 groups */
    CHECK(o.groups == 4 && !strcmp(o.limit, "local memory"));
    dp.nv_cc_major = -1;
    CHECK(occ_rules_of(&dp) == NULL);          /* not NVIDIA: no rules, no guess */
}

/* A full grid of fma chains at ILP 8: the FP32 ceiling sets it, above the latency bound. */
static void test_fp32(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    fma_chains(&w, 132 * 2048, 256, 8);
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_FP32);
    CHECK_NEAR(r.ms, w.amount[SOL_FP32] / 66.9e12 * 1e3, 1e-9);
    CHECK_NEAR(r.lat_ms, 32768 * 2.02e-6, 1e-6);          /* one wave: 32768 x 2.02 ns */
    CHECK(r.lat_ms < r.tput_ms);
    /* At a lower clock the theoretical ceiling falls with it. */
    w.mhz = 990;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.tput_ms, 2 * w.amount[SOL_FP32] / 66.9e12 * 1e3, 1e-9);
    sol_result_free(&r);
}

/* ILP 1 at 64 work-items a compute unit: two warps keep two of four schedulers busy (half the
 * lanes), and the chain's latency, 4 cycles a step, sets the bound: Volkov's point. */
static void test_latency_chain(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    fma_chains(&w, 132 * 64, 32, 1);
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_LATENCY);
    CHECK_NEAR(r.ms, 32768 * 2.02e-6, 1e-6);
    CHECK_NEAR(r.tput_ms, 2 * w.amount[SOL_FP32] / 66.9e12 * 1e3, 1e-9);   /* half the lanes */
    /* Twice the work-groups a compute unit can hold: two waves. */
    w.items = 132 * 32 * 64;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.lat_ms, 2 * 32768 * 2.02e-6, 1e-6);
    sol_result_free(&r);
}

/* Two work-groups of 288 on each compute unit: 18 warps, the busiest of 4 schedulers holds 5 of
 * them, so the lanes are 90% used (volkov_fma ILP 1 at local 288 on an H200). */
static void test_scheduler_packing(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    work_init(&w, 132 * 576, 288);
    w.amount[SOL_FP32] = 1e12;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.tput_ms, 1e12 / (66.9e12 * 0.9) * 1e3, 1e-9);
    /* Four waves of them: a group starts wherever one ended, so only idle schedulers count (none). */
    w.items = 132 * 576 * 4.0 * 4;                   /* 32 groups a CU; 7 resident (2048 threads) */
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.tput_ms, 1e12 / 66.9e12 * 1e3, 1e-9);
    work_init(&w, 132 * 2048, 1024);                 /* 64 warps: 16 each, every lane */
    w.amount[SOL_FP32] = 1e12;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.tput_ms, 1e12 / 66.9e12 * 1e3, 1e-9);
    sol_result_free(&r);
}

/* A stream of 2 GiB: memory's bandwidth sets it; with one float in flight a work-item at low
 * occupancy, memory's latency over the bytes in flight does (Little's law). */
static void test_stream(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    work_init(&w, 132 * 2048, 256);
    w.amount[SOL_DRAM] = 2.0 * (1 << 30);
    w.inflight = 16 * 4;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_DRAM);
    CHECK_NEAR(r.ms, w.amount[SOL_DRAM] / 4.8e12 * 1e3, 1e-9);
    work_init(&w, 132 * 32, 32);
    w.amount[SOL_DRAM] = 2.0 * (1 << 30);
    w.inflight = 4;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_DRAM_LATENCY);
    CHECK_NEAR(r.ms, w.amount[SOL_DRAM] * 600e-9 / (132 * 32 * 4.0) * 1e3, 1e-9);
    /* Bytes a cache holds: its own ceiling and latency. */
    w.memory = SOL_L2;
    w.amount[SOL_L2] = w.amount[SOL_DRAM];
    w.amount[SOL_DRAM] = 0;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_NEAR(r.ms, w.amount[SOL_L2] * 145e-9 / (132 * 32 * 4.0) * 1e3, 1e-9);
    CHECK(r.measured);
    sol_result_free(&r);
}

/* Integer mads at half the FP32 rate: the INT32 class binds, though the FP32 work is larger. */
static void test_int32_binds(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    work_init(&w, 132 * 2048, 256);
    w.amount[SOL_FP32] = 1e12;
    w.amount[SOL_INT32] = 0.8e12;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_INT32);
    CHECK_NEAR(r.ms, 0.8e12 / 33.45e12 * 1e3, 1e-9);
    sol_result_free(&r);
}

/* A tiny kernel: the launch floor; a class with work and no ceiling: no bound, and why. */
static void test_floor_and_unknown(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    struct sol_work w;
    work_init(&w, 1024, 256);
    w.amount[SOL_DRAM] = 8192;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_LAUNCH && fabs(r.ms - 2.6e-3) < 1e-12);
    w.amount[SOL_FP64] = 1e9;
    c.c[SOL_FP64].source = "unknown: no fp64 rate for this device";    /* h200's ceilings are never freed */
    CHECK(bound(&w, &c, &r) == -1 && isnan(r.ms));
    CHECK_CONTAINS(r.note, "no fp64 ceiling: no fp64 rate for this device");
    sol_result_free(&r);
}

/* A source of any length is said whole, in the ceiling, run.json's "sol" and the note that quotes it:
 * a peaks run's folder of 3000 characters, and a source as long in a class with no ceiling. */
static void test_long_source(void)
{
    char dir[3001];
    memset(dir, 'd', 3000);
    dir[3000] = '\0';
    struct devprops dp = {0};
    dp.nv_cc_major = -1;
    dp.type = CL_DEVICE_TYPE_GPU;
    struct peak pk = {0};
    struct sol_measured m = { .dir = dir };
    m.rate[SOL_L2] = 100;
    m.what[SOL_L2] = "cachebw: read, last-level cache";
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, &m, 2600, &c);
    char *want = xasprintf("measured: cachebw: read, last-level cache in %s", dir);
    CHECK_STR(c.c[SOL_L2].source, want);
    cJSON *j = sol_ceilings_json(&c);
    char *text = cJSON_PrintUnformatted(j);
    CHECK_CONTAINS(text, want);
    free(text);
    cJSON_Delete(j);
    free(want);
    sol_ceilings_free(&c);
    /* The note of a class with work and no ceiling quotes its source whole. */
    h200(&c, &dp);
    char *why = xasprintf("unknown: no fp64 rate for this device (%s)", dir);
    c.c[SOL_FP64].source = why;
    struct sol_work w;
    work_init(&w, 1024, 256);
    w.amount[SOL_FP64] = 1e9;
    struct sol_result r = {0};
    CHECK(sol_bound(&w, &c, &r) == -1);
    CHECK(str_ends(r.note, "dd)") && strlen(r.note) == strlen("no fp64 ceiling: no fp64 rate for this device ()") + 3000);
    sol_result_free(&r);
    free(why);
}

/* The ceilings an H200's properties give with no peaks run: __local memory at its banks' rate (32 x 4
 * bytes an SM a clock), the L2 at an upper limit (the L1 data path), said so on the row it bounds;
 * a peaks run's L2 figure replaces that limit. */
static void test_nvidia_ceilings(void)
{
    struct devprops dp = h200_device();
    struct peak pk = {0};
    pk.fp32_gflops = 66908;
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, NULL, 2600, &c);
    double path = 132 * 1.98e9 * 128;
    CHECK_NEAR(c.c[SOL_LOCAL].rate, path, 1);
    CHECK(c.c[SOL_LOCAL].theoretical && !c.c[SOL_LOCAL].upper_limit);
    CHECK_NEAR(c.c[SOL_L2].rate, path, 1);
    CHECK(c.c[SOL_L2].theoretical && c.c[SOL_L2].upper_limit);
    /* The L2's source quotes the L1 data path's, as it is said without "theoretical: ". */
    CHECK_STR(c.c[SOL_L1].source, "theoretical: NVIDIA cc 9.0: 132 SM x 32 banks x 4 bytes/clock x 1980 MHz");
    CHECK_STR(c.c[SOL_L2].source, "upper limit: no L2 rate for this device (a full clx run peaks measures one); the "
                                  "SMs' L1 data path, which the L2 cannot pass (NVIDIA cc 9.0: 132 SM x 32 banks x 4 "
                                  "bytes/clock x 1980 MHz)");
    char *said = sol_ceilings_said(&c);
    CHECK_CONTAINS(said, "at an upper limit of their rate l2");
    free(said);
    /* A kernel reading its 48 MB in the L2 ten times, whose fmas take less: the L2 binds, and the row says
     * the bound is loose. */
    struct sol_work w;
    work_init(&w, 132 * 2048, 256);
    w.memory = SOL_L2;
    w.amount[SOL_L2] = 480e6;
    w.amount[SOL_FP32] = 1e6;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_L2);
    CHECK_NEAR(r.ms, 480e6 / path * 1e3, 1e-9);
    CHECK_CONTAINS(r.note, "the ceiling of l2 is an upper limit of its rate");
    sol_ceilings_free(&c);
    with_peaks_l2(&dp, &pk, 9600, 2600, &c);
    CHECK_NEAR(c.c[SOL_LOCAL].rate, path, 1);           /* theoretical before measured, as every class */
    sol_ceilings_free(&c);
    /* A full peaks run that found no earlier one: what it lacks, it measures itself (the int16 rows
     * of an H200's first peaks run were told "a full clx run peaks measures one"). */
    struct sol_measured self = { .self = 1 };
    sol_ceilings_make(&dp, &pk, &self, 2600, &c);
    CHECK_CONTAINS(c.c[SOL_INT16].source, "no int16 rate for this device; this peaks run measures one, which the runs after it take");
    CHECK_CONTAINS(c.c[SOL_L2].source, "(this peaks run measures one, which the runs after it take)");
    said = sol_ceilings_said(&c);
    CHECK_CONTAINS(said, "measured none (no earlier peaks run of this device found: this one measures them");
    CHECK(!strstr(said, "not --quick"));
    free(said);
    sol_ceilings_free(&c);
    dp.nv_cc_major = -1;                                /* not NVIDIA: neither */
    sol_ceilings_make(&dp, &pk, NULL, 2600, &c);
    CHECK(!(c.c[SOL_L2].rate > 0) && !(c.c[SOL_LOCAL].rate > 0));
    sol_ceilings_free(&c);
    sol_result_free(&r);
}

/* A CPU device without a peaks run: its caches (l2) and __local memory at an upper limit, what its
 * logical CPUs' load/store ports move (6 of the widest vectors a clock each) at the timed clock with
 * the FP32 estimate's slack; memory stays unknown. fma chains with a few KB of memory traffic (volkov_fma,
 * optflags) are bound by fp32; a stream in the cache, which the limit would bind, has no bound. */
static void test_cpu_ceilings(void)
{
    struct devprops dp;
    struct hostcpu h;
    struct peak pk;
    cpu_timed(&dp, &h, &pk);
    double ports = 2.0 * CPU_PORT_VECTORS * 64 * 2600 / 1000;     /* 1996.8 GB/s */
    CHECK_NEAR(pk.ports_gbs, ports, 1e-9);
    CHECK_STR(pk.ports_source, "2 logical CPUs x 6 vectors loaded or stored/clock x 64 bytes x 2600 MHz. Vectors: AVX-512, "
                               "16 floats. Clock: 2600 MHz as timed on a core, the fastest kept for this host (no stated maximum; the host says 2100; rows are "
                               "impossible only 20% above it)");
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    double limit = ports * 1.2e9;
    for (int k = SOL_L2; k <= SOL_LOCAL; k++) {
        CHECK_NEAR(c.c[k].rate, limit, 1);
        CHECK(c.c[k].theoretical && c.c[k].upper_limit);
    }
    CHECK_STR(c.c[SOL_L2].source, "upper limit: no l2 (the CPU's last-level cache) rate for this device (a full clx run "
                                  "peaks measures one); the cores' "
                                  "load/store ports, which no cache or __local memory passes (this host: 2 logical CPUs x 6 "
                                  "vectors loaded or stored/clock x 64 bytes x 2600 MHz. Vectors: AVX-512, 16 floats. Clock: "
                                  "2600 MHz as timed on a core, the "
                                  "fastest kept for this host (no stated maximum; the host says 2100; rows are impossible only "
                                  "20% above it); the ceiling 20% above its 1997 GB/s)");
    CHECK(!strncmp(c.c[SOL_LOCAL].source, "upper limit: no local rate for this device", 42));
    CHECK(!(c.c[SOL_DRAM].rate > 0));
    CHECK_CONTAINS(c.c[SOL_DRAM].source, "unknown: no datasheet bandwidth");
    char *said = sol_ceilings_said(&c);
    /* On a CPU the l2 class is the CPU's last-level cache, and the words say so; the class keeps its word. */
    CHECK(c.cpu);
    CHECK_CONTAINS(said, "; at an upper limit of their rate l2 (the CPU's last-level cache) local; unknown ");
    CHECK_STR(sol_class_name(SOL_L2), "l2");
    CHECK_CONTAINS(said, " dram");
    free(said);
    /* l2 measured, last of the measured classes: where they come from joins its bracket, one aside, not
     * "l2 (the CPU's last-level cache) (from ...)"; after local, its bracket stays whole. */
    {
        struct sol_ceilings m = c;
        m.c[SOL_L2].upper_limit = m.c[SOL_L2].theoretical = 0;
        m.c[SOL_LOCAL].rate = 0;
        m.peaks_dir = "results/peaks-x";
        said = sol_ceilings_said(&m);
        CHECK_CONTAINS(said, "; measured l2 (the CPU's last-level cache; from results/peaks-x); unknown ");
        free(said);
        m.c[SOL_LOCAL] = c.c[SOL_LOCAL];
        m.c[SOL_LOCAL].upper_limit = m.c[SOL_LOCAL].theoretical = 0;
        said = sol_ceilings_said(&m);
        CHECK_CONTAINS(said, "; measured l2 (the CPU's last-level cache) local (from results/peaks-x); unknown ");
        free(said);
    }
    /* volkov_fma: 8 bytes a work-item against chains of fmas: fp32 binds, the limit is no looseness said. */
    struct sol_work w;
    work_init(&w, 65536, 64);
    w.regs = 0;
    w.mhz = 0;
    w.memory = SOL_L2;
    w.amount[SOL_L2] = 8 * w.items;
    w.amount[SOL_FP32] = 2.0 * 4 * 4096 * w.items;
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_FP32);
    CHECK_NEAR(r.ms, w.amount[SOL_FP32] / (2 * 32 * 2 * 2.6e9 * 1.2) * 1e3, 1e-9);
    CHECK(!strstr(r.note, "upper limit"));
    /* A chain to bound: no latency bound, and the note says a CPU has no occupancy rules, not that
     * clx knows none (as it says of a GPU whose vendor's rules it lacks: test_no_rules). */
    CHECK(c.occ == NULL);
    w.chain_class = SOL_FP32;
    w.chain = 4 * 4096;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK_CONTAINS(r.note, "no latency bound: a CPU has no occupancy rules to reckon one with");
    CHECK(!strstr(r.note, "clx knows no occupancy rules"));
    w.chain_class = -1;
    w.chain = 0;
    /* A stream in the cache, whose time the limit would set: no bound (at a few % of a limit several
     * times the cache's rate it would say nothing), and why; at a lower clock the same. */
    w.amount[SOL_L2] = 1e9;
    w.amount[SOL_FP32] = 1e6;
    CHECK(bound(&w, &c, &r) == -1);
    CHECK(isnan(r.ms));
    /* On a CPU the note says l2 as users read it elsewhere, the first time it names it. */
    CHECK_CONTAINS(r.note, "no l2 (the CPU's last-level cache) ceiling that binds: its l2 work would set the bound, and "
                           "its rate is known only as an upper limit far above it (upper limit: no l2 (the CPU's last-level "
                           "cache) rate for this device");
    /* Whole, to the source's last word: it was cut at 319 bytes ("this host: 2 logical CPUs x 6 vectors
     * loaded or stored"). */
    CHECK(str_ends(r.note, "Clock: 2600 MHz as timed on a core, the fastest kept for this host (no stated maximum; "
                           "the host says 2100; rows are impossible only 20% above it); the ceiling 20% above its 1997 "
                           "GB/s))"));
    w.mhz = 1000;
    CHECK(bound(&w, &c, &r) == -1);
    /* The limit stays as reckoned at a lower clock (the highest clock's): a row whose fp32 work binds
     * at 1000 MHz, its small l2 amount below the limit. */
    w.amount[SOL_L2] = 1e6;
    w.amount[SOL_FP32] = 1e9;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_FP32);
    CHECK(sol_rate_at(&c, SOL_L2, 1000) == limit);
    sol_ceilings_free(&c);
    /* A peaks run's cache read replaces the l2 limit; __local memory keeps it. */
    with_peaks_l2(&dp, &pk, 36.6, 20000, &c);
    CHECK(c.c[SOL_LOCAL].upper_limit);
    sol_ceilings_free(&c);
    /* The host's clock, not timed above it: no slack. */
    h.measured_mhz = 0;
    peak_derive_on(&dp, &h, &pk);
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    CHECK_NEAR(c.c[SOL_L2].rate, 2.0 * 6 * 64 * 2100 * 1e6, 1);
    CHECK(!strstr(c.c[SOL_L2].source, "above its"));
    sol_ceilings_free(&c);
    /* A GPU's caches are never bounded by the host's ports. */
    dp.type = CL_DEVICE_TYPE_GPU;
    peak_derive_on(&dp, &h, &pk);
    CHECK(pk.ports_gbs == 0);
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    CHECK(!(c.c[SOL_L2].rate > 0) && !(c.c[SOL_LOCAL].rate > 0));
    /* A GPU's l2 is its L2: the unknown rate says the class's word alone. */
    CHECK_STR(c.c[SOL_L2].source, "unknown: no l2 rate for this device; a full clx run peaks (not --quick) measures one");
    sol_ceilings_free(&c);
    /* A CPU whose ports' limit is not known: its unknown l2 is its last-level cache, in the words the
     * notes, tables and ceilings line use (sol_class_said); local keeps its word. */
    dp.type = CL_DEVICE_TYPE_CPU;
    pk.ports_gbs = 0;
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    CHECK(!(c.c[SOL_L2].rate > 0));
    CHECK_STR(c.c[SOL_L2].source, "unknown: no l2 (the CPU's last-level cache) rate for this device; a full clx run peaks "
                                  "(not --quick) measures one");
    CHECK_STR(c.c[SOL_LOCAL].source, "unknown: no local rate for this device; a full clx run peaks (not --quick) measures one");
    sol_ceilings_free(&c);
    sol_result_free(&r);
}

/* One rule whatever the launch floor: the class that would set the bound, the floor aside, decides.
 * memcopy_ilp --quick's 1 MB copies on a CPU without a peaks run: their l2 bytes at the ports' limit
 * take ~0.9 us here; on a 2-vCPU VM ~0.3 us, below Intel's CPU runtime's floor (0.32 us) and above
 * PoCL's (0.13 us): bound by `launch` on the one, no bound on the other. Now no bound at any floor
 * (PoCL's, Intel's, one far above), saying why. fp32 work, whose ceiling is firm, is bound by the
 * floor where the floor is higher; so is memory with a firm ceiling (a peaks run's) below the floor. */
static void test_launch_floor_loose(void)
{
    struct devprops dp;
    struct hostcpu h;
    struct peak pk;
    cpu_timed(&dp, &h, &pk);
    struct sol_work w;
    work_init(&w, 262144, 64);
    w.regs = 0;
    w.mhz = 0;
    w.memory = SOL_L2;
    w.amount[SOL_L2] = 2.0 * (1 << 20);           /* 1 MB read, 1 MB written */
    struct sol_result r = {0};
    static const double floors_ns[] = { 130, 320, 20000 };   /* PoCL's, Intel's, far above the limit's time */
    for (size_t i = 0; i < sizeof floors_ns / sizeof floors_ns[0]; i++) {
        struct sol_ceilings c;
        sol_ceilings_make(&dp, &pk, NULL, floors_ns[i], &c);
        CHECK(c.c[SOL_L2].never_binds);
        CHECK(w.amount[SOL_L2] / c.c[SOL_L2].rate < 2e-6);
        CHECK(bound(&w, &c, &r) == -1);
        CHECK(isnan(r.ms) && isnan(r.tput_ms) && isnan(r.lat_ms));
        CHECK(r.bound != SOL_LAUNCH);
        CHECK_CONTAINS(r.note, "no l2 (the CPU's last-level cache) ceiling that binds: its l2 work would set the bound");
        /* fp32 work above the l2 bytes' time at the limit, but not 50 times above it (a flop a byte):
         * at a cache's real rate (a peaks run's 36.6 GB/s below: 57 us) the l2 bytes would hold the
         * row back more than its fp32 work (15 us), so fp32 is no bound to name: none. */
        w.amount[SOL_FP32] = 2e6;
        double fp32_s = w.amount[SOL_FP32] / c.c[SOL_FP32].rate;
        CHECK(fp32_s > w.amount[SOL_L2] / c.c[SOL_L2].rate && fp32_s < 50 * w.amount[SOL_L2] / c.c[SOL_L2].rate);
        CHECK(bound(&w, &c, &r) == -1);
        CHECK_CONTAINS(r.note, "no l2 (the CPU's last-level cache) ceiling that binds: fp32 sets the bound on what is "
                               "known, but its l2 work may hold it back more, and l2's rate");
        /* 4 KB in the cache beside it: fp32 would set it, so the floor binds where it is higher (a firm
         * class below it), fp32 where it is lower. */
        w.amount[SOL_L2] = 4096;
        CHECK(bound(&w, &c, &r) == 0);
        CHECK(r.bound == (floors_ns[i] * 1e-9 > fp32_s ? SOL_LAUNCH : SOL_FP32));
        CHECK_NEAR(r.ms, 1e3 * (floors_ns[i] * 1e-9 > fp32_s ? floors_ns[i] * 1e-9 : fp32_s), 1e-12);
        w.amount[SOL_FP32] = 0;
        w.amount[SOL_L2] = 2.0 * (1 << 20);
        sol_ceilings_free(&c);
    }
    /* A peaks run's memory read and cache read (firm: measured): 2 MB in the cache at 36.6 GB/s take
     * 57 us, above each floor: l2; 8 KB of memory traffic below the floor: launch. */
    struct sol_measured m = { .dir = "results/peaks-x" };
    m.rate[SOL_L2] = 36.6;
    m.what[SOL_L2] = "cachebw";
    m.rate[SOL_DRAM] = 23.1;
    m.what[SOL_DRAM] = "cachebw";
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, &m, 320, &c);
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_L2 && r.measured);
    CHECK_NEAR(r.ms, w.amount[SOL_L2] / 36.6e9 * 1e3, 1e-12);
    w.amount[SOL_L2] = 0;
    w.memory = SOL_DRAM;
    w.amount[SOL_DRAM] = 4096;                    /* 0.18 us at 23.1 GB/s */
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_LAUNCH && !r.measured);
    CHECK_NEAR(r.ms, 320e-6, 1e-12);
    CHECK_NEAR(r.tput_ms, 320e-6, 1e-12);
    /* __local work alone, under the limit (the peaks run measured no local rate): local would set
     * the bound, so none, though the floor is above its time at the limit. */
    w.amount[SOL_DRAM] = 0;
    w.amount[SOL_LOCAL] = 4096;
    CHECK(bound(&w, &c, &r) == -1);
    CHECK_CONTAINS(r.note, "no local ceiling that binds: its local work would set the bound");
    sol_ceilings_free(&c);
    sol_result_free(&r);
}

/* No occupancy rules (a CPU, another vendor): the throughput bound alone, the note says why. */
static void test_no_rules(void)
{
    struct sol_ceilings c;
    struct devprops dp;
    h200(&c, &dp);
    c.occ = NULL;
    struct sol_work w;
    fma_chains(&w, 132 * 64, 32, 1);
    struct sol_result r = {0};
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_FP32 && isnan(r.lat_ms));
    CHECK_CONTAINS(r.note, "no latency bound: clx knows no occupancy rules for this device");
    sol_result_free(&r);
    /* A chain whose work takes less than the launch floor: the floor would bind, but the chain's
     * latency, which it cannot reckon, may hold it back far more (rusticl's 240 ms rows were called
     * launch-bound at 0.2%): no bound. Without a chain declared the floor binds. */
    w.amount[SOL_FP32] = 2.0 * 16 * w.items;
    CHECK(w.amount[SOL_FP32] / c.c[SOL_FP32].rate < c.launch_ns * 1e-9);
    CHECK(bound(&w, &c, &r) == -1);
    CHECK(isnan(r.ms) && isnan(r.tput_ms));
    CHECK_CONTAINS(r.note, "no bound that binds: the launch floor (");
    CHECK_CONTAINS(r.note, "the chain's latency the spec declares cannot be reckoned here (no latency bound: clx knows no "
                           "occupancy rules for this device)");
    sol_result_free(&r);
    w.chain = 0;
    CHECK(bound(&w, &c, &r) == 0);
    CHECK(r.bound == SOL_LAUNCH);
    sol_result_free(&r);
    w.chain = 32768;
    /* A GPU of a vendor whose rules clx lacks: made so, its words the same. */
    dp.nv_cc_major = -1;
    CHECK(occ_rules_of(&dp) == NULL);
    CHECK_STR(occ_rules_none_why(&dp), "clx knows no occupancy rules for this device");
    dp.type = CL_DEVICE_TYPE_CPU;
    CHECK_STR(occ_rules_none_why(&dp), "a CPU has no occupancy rules to reckon one with");
}

/* kind_of: run.json's sol.ceilings.CLASS.kind as sol_ceilings_json writes it ("" where it has none). */
static char *kind_of(const struct sol_ceilings *c, const char *class)
{
    cJSON *j = sol_ceilings_json(c);
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(j, "ceilings"), class), "kind");
    char *s = xstrdup(cJSON_IsString(k) ? k->valuestring : "");
    cJSON_Delete(j);
    return s;
}

/* A ceiling's kind is its peak's (run.json's peak.fp32_kind and sol.ceilings.fp32.kind agree): a CPU's
 * FP32 and FP64 peaks are upper-bound estimates where clx's table has no row for its family (or sysfs
 * did not tell its cores), theoretical where it has one; a CLX_PEAK_* figure is the environment's; an
 * H200's matrix engines are tabled rates, theoretical. The console's line says them apart. */
static void test_ceiling_kinds(void)
{
    struct devprops dp = cpu_device();
    dp.has_fp64 = 1;
    struct hostcpu h = { .cpus = 2, .allowed = 2, .cores = 2, .simd_floats = 16, .simd = "AVX-512", .mhz = 2100,
                         .family = -1, .model_no = -1 };
    struct peak pk;
    peak_derive_on(&dp, &h, &pk);
    CHECK(pk.fp32_kind == PEAK_ESTIMATE);
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    char *k32 = kind_of(&c, "fp32"), *k64 = kind_of(&c, "fp64"), *kl2 = kind_of(&c, "l2");
    CHECK_STR(k32, "estimate");
    CHECK_STR(k64, "estimate");
    CHECK_STR(kl2, "upper limit");
    free(k32), free(k64), free(kl2);
    CHECK(str_starts(c.c[SOL_FP32].source, "estimate: CPU, an upper-bound estimate, from this host: 2 cores"));
    char *said = sol_ceilings_said(&c);
    CHECK_CONTAINS(said, "speed of light: theoretical ceilings none; upper-bound estimates fp32 fp64; measured none");
    free(said);
    sol_ceilings_free(&c);
    /* A Zen 4 (family 25, model 17), its cores told: theoretical. */
    snprintf(h.vendor, sizeof h.vendor, "AuthenticAMD");
    h.family = 25;
    h.model_no = 17;
    peak_derive_on(&dp, &h, &pk);
    CHECK(pk.fp32_kind == PEAK_THEORETICAL);
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    k32 = kind_of(&c, "fp32");
    CHECK_STR(k32, "theoretical");
    free(k32);
    CHECK(str_starts(c.c[SOL_FP32].source, "theoretical: CPU from this host: "));
    said = sol_ceilings_said(&c);
    CHECK_CONTAINS(said, "speed of light: theoretical ceilings fp32 fp64; measured none");
    free(said);
    sol_ceilings_free(&c);
    /* The user's figure. */
    setenv("CLX_PEAK_GFLOPS", "100", 1);
    peak_derive_on(&dp, &h, &pk);
    unsetenv("CLX_PEAK_GFLOPS");
    sol_ceilings_make(&dp, &pk, NULL, 20000, &c);
    k32 = kind_of(&c, "fp32");
    CHECK_STR(k32, "environment");
    free(k32);
    CHECK_STR(c.c[SOL_FP32].source, "environment: CLX_PEAK_GFLOPS environment variable");
    said = sol_ceilings_said(&c);
    CHECK_CONTAINS(said, "speed of light: theoretical ceilings fp64; from CLX_PEAK_* variables fp32; measured none");
    free(said);
    sol_ceilings_free(&c);
    /* An H200's: FP32, the matrix engines, INT32 and memory from clx's tables, all theoretical. */
    struct devprops g = h200_device();
    snprintf(g.name, sizeof g.name, "NVIDIA H200");
    peak_derive_on(&g, NULL, &pk);
    sol_ceilings_make(&g, &pk, NULL, 2600, &c);
    static const char *const classes[] = { "fp32", "tensor-f16", "tensor-tf32", "tensor-int8", "int32", "dram", "l1" };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        char *k = kind_of(&c, classes[i]);
        if (strcmp(k, "theoretical")) fprintf(stderr, "  %s: '%s'\n", classes[i], k);
        CHECK_STR(k, "theoretical");
        free(k);
    }
    said = sol_ceilings_said(&c);
    CHECK(!strstr(said, "estimates") && !strstr(said, "CLX_PEAK_"));
    free(said);
    sol_ceilings_free(&c);
}

int main(void)
{
    RUN(test_occupancy);
    RUN(test_fp32);
    RUN(test_latency_chain);
    RUN(test_scheduler_packing);
    RUN(test_stream);
    RUN(test_int32_binds);
    RUN(test_floor_and_unknown);
    RUN(test_no_rules);
    RUN(test_nvidia_ceilings);
    RUN(test_cpu_ceilings);
    RUN(test_ceiling_kinds);
    RUN(test_launch_floor_loose);
    RUN(test_long_source);
    CHECK_EXIT();
}
