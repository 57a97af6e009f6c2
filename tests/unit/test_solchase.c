/* test_solchase.c — a peaks run whose pointer chase stopped short of the last-level cache: a quick one
 * on PoCL on a 2-core EPYC chased to 4 MiB beside the 32 MiB its device reports, found one level (the
 * core's L2, 1-2 MiB at 14.7 ns) and no memory, and a run reading it recorded that level's latency as
 * the last-level cache's (sol.latency_ns.last_level_cache). Now both that one and memory's are unknown,
 * run.json's source and the console's speed-of-light line say why, and the latency bound of a row in
 * the cache is not reckoned; a chase past the cache (a full run's) still gives both (sol/measuredpeaks.c,
 * sol/ceilings.c). */
#include "check.h"
#include "sol/bound.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solchase"

/* The quick run's curve, as its probes.tsv had it (bytes, median ns). */
static const double quick[][2] = {
    {4096, 1.58}, {6144, 1.57}, {8192, 3.78}, {12288, 1.55}, {16384, 1.96}, {24576, 2.35}, {32768, 3.19},
    {49152, 4.46}, {65536, 4.61}, {98304, 5.13}, {131072, 5.01}, {196608, 5.89}, {262144, 7.0}, {393216, 8.66},
    {524288, 10.73}, {786432, 12.91}, {1048576, 13.89}, {1572864, 14.67}, {2097152, 15.16}, {3145728, 124.9},
    {4194304, 145.2},
};
/* A full run's past it: the last-level cache at about 41 ns up to 24 MiB, memory at about 125 from 48 MiB. */
static const double full[][2] = {
    {6291456, 40.5}, {8388608, 41}, {12582912, 42}, {16777216, 42}, {25165824, 43}, {33554432, 80},
    {50331648, 120}, {67108864, 125}, {100663296, 128}, {134217728, 130},
};

/* make_run: a peaks run in DIR_ whose chase is the quick curve (up to 3 MiB its level points only: 3
 * and 4 MiB lifted into the L3) and, with past, the full one's points after it. */
static void make_run(int past)
{
    struct sbuf p = {0};
    sb_printf(&p, "probe\tmeasure\tbytes\tn\tmedian\tunit\tcv\tmin\tmax\tstatus\tnote\tpeak\tmean\n");
    int nq = (int)(sizeof quick / sizeof *quick) - (past ? 2 : 0);
    for (int i = 0; i < nq; i++)
        sb_printf(&p, "latency\tload latency\t%.0f\t3\t%g\tns\t0.01\t%g\t%g\tok\tn\t\t%g\n", quick[i][0], quick[i][1],
                  quick[i][1], quick[i][1], quick[i][1]);
    if (past)
        for (int i = 0; i < (int)(sizeof full / sizeof *full); i++)
            sb_printf(&p, "latency\tload latency\t%.0f\t3\t%g\tns\t0.01\t%g\t%g\tok\tn\t\t%g\n", full[i][0], full[i][1],
                      full[i][1], full[i][1], full[i][1]);
    sb_printf(&p, "chain_latency\tfp32 fma\t\t5\t1.1\tns\t0.05\t1.09\t1.25\tok\tn\t\t1.13\n");
    const char *tsv = "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tgflops\tMEM\tPREC\tflag\n";
    const char *json = "{ \"experiment\": \"peaks\", \"started\": \"2026-12-06T11:07:02+0000\", "
                       "\"finished\": \"2026-12-06T11:07:04+0000\", \"device\": { \"name\": \"AMD EPYC\", "
                       "\"platform\": \"Portable Computing Language\", \"max_clock_mhz\": 2596 }, \"peak\": { "
                       "\"cache_bytes\": 33554432, \"cache_source\": \"CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (the device's "
                       "report)\" }, \"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }";
    CHECK(mkdir_p(DIR_) == 0);
    CHECK(write_file_atomic(DIR_ "/results.tsv", tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(DIR_ "/probes.tsv", p.s, p.len) == 0);
    CHECK(write_file_atomic(DIR_ "/run.json", json, strlen(json)) == 0);
    sb_free(&p);
}

/* gpu: an H200's properties (cc 9.0: occupancy rules known, so a latency bound can be reckoned). */
static struct devprops gpu(void)
{
    struct devprops dp = {0};
    dp.nv_cc_major = 9;
    dp.compute_units = 132;
    dp.clock_mhz = 1980;
    dp.type = CL_DEVICE_TYPE_GPU;
    strcpy(dp.name, "NVIDIA H200");
    strcpy(dp.platform, "NVIDIA CUDA");
    return dp;
}

/* cache_row: a row whose 1 GB come from the last-level cache, 64 bytes in flight a work-item. */
static struct sol_work cache_row(void)
{
    struct sol_work w = { .chain_class = -1, .inflight = 64, .memory = SOL_L2, .items = 1 << 20, .group = 256,
                          .regs = 32, .mhz = 1980 };
    w.amount[SOL_L2] = 1e9;
    return w;
}

static void test_short_chase(void)
{
    make_run(0);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    /* The core's L2 (1-2 MiB, 14.7 ns) is no last-level cache's latency, and memory was never reached. */
    CHECK(m.l2_latency_ns == 0);
    CHECK(m.dram_latency_ns == 0);
    CHECK_NEAR(m.fma_latency_ns, 1.1, 1e-9);
    CHECK(m.chase_short && strstr(m.chase_short, "the last-level cache's and memory's unknown: its pointer chase "
                                                 "stopped at 4 MiB, short of the last-level cache (32 MiB: "
                                                 "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (the device's report)), so the last "
                                                 "level it found (1 MiB to 2 MiB, 14.7 ns) may be an inner cache's"));
    struct devprops dp = gpu();
    struct peak pk = {0};
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, &m, 2600, &c);
    CHECK(c.l2_latency_ns == 0 && c.dram_latency_ns == 0 && c.fma_latency_ns > 0);
    /* run.json's source and the console's line say why, with where the others come from. */
    cJSON *j = sol_ceilings_json(&c);
    const cJSON *lat = cJSON_GetObjectItemCaseSensitive(j, "latency_ns");
    CHECK(cJSON_GetObjectItemCaseSensitive(lat, "last_level_cache")->valuedouble == 0);
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(lat, "source");
    CHECK(cJSON_IsString(src) && str_starts(src->valuestring, "the peaks run " DIR_ "; the last-level cache's and "
                                                              "memory's unknown: its pointer chase stopped at 4 MiB"));
    cJSON_Delete(j);
    char *said = sol_ceilings_said(&c);
    CHECK(strstr(said, "; latencies: the peaks run " DIR_ "; the last-level cache's and memory's unknown: its pointer "
                       "chase stopped at 4 MiB, short of the last-level cache (32 MiB"));
    free(said);
    /* A row in the cache gets no latency bound, and its note says which latency it lacks. */
    struct sol_work w = cache_row();
    struct sol_result r = {0};
    sol_bound(&w, &c, &r);
    CHECK(r.bound != SOL_DRAM_LATENCY);
    CHECK(isnan(r.lat_ms) || r.lat_ms == 0);
    CHECK(r.note && strstr(r.note, "no memory latency bound: no last-level cache latency measured"));
    sol_result_free(&r);
    sol_ceilings_free(&c);
    sol_measured_free(&m);
}

static void test_chase_past(void)
{
    make_run(1);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    /* Past the reported 32 MiB: the cache's level before memory's, both known, nothing said. */
    CHECK(m.chase_short == NULL);
    CHECK(m.l2_latency_ns > 40 && m.l2_latency_ns < 44);
    CHECK(m.dram_latency_ns >= 120 && m.dram_latency_ns <= 130);
    struct devprops dp = gpu();
    struct peak pk = {0};
    struct sol_ceilings c;
    sol_ceilings_make(&dp, &pk, &m, 2600, &c);
    CHECK(c.latency_from && !strcmp(c.latency_from, "the peaks run " DIR_));
    char *said = sol_ceilings_said(&c);
    CHECK(!strstr(said, "latencies:"));
    free(said);
    struct sol_work w = cache_row();
    struct sol_result r = {0};
    CHECK(sol_bound(&w, &c, &r) == 0);
    CHECK(r.lat_ms > 0);
    sol_result_free(&r);
    sol_ceilings_free(&c);
    sol_measured_free(&m);
}

int main(void)
{
    RUN(test_short_chase);
    RUN(test_chase_past);
    CHECK_EXIT();
}
