/* columns.c — the metric columns of results.tsv as data. To add a column: add a row here (the
 * order is the file's), fill it in run_rows.c, and document it in docs/results.md. */
#include "columns.h"
#include <string.h>

const struct column_info column_table[] = {
    /* name            unit       label                                   numeric better error bars */
    {"global",         "",        "global size (work-items)",                  0,  0, ERR_NONE},
    {"local",          "",        "work-group size (work-items)",              0,  0, ERR_NONE},
    {"status",         "",        "status",                                    0,  0, ERR_NONE},
    {"trials",         "",        "timed trials",                              1,  0, ERR_NONE},
    {"batch",          "",        "launches per trial",                        1,  0, ERR_NONE},
    {"cache",          "",        "cache state before each trial",             0,  0, ERR_NONE},
    {"min_ms",         "ms",      "minimum time",                              1, -1, ERR_SD},
    {"median_ms",      "ms",      "median time",                               1, -1, ERR_SD},
    {"iqr_ms",         "ms",      "interquartile range of the time",           1,  0, ERR_NONE},
    {"mean_ms",        "ms",      "mean time",                                 1, -1, ERR_SD},
    {"stddev_ms",      "ms",      "standard deviation",                        1,  0, ERR_NONE},
    {"cv",             "",        "coefficient of variation",                  1,  0, ERR_NONE},
    {"converged",      "",        "whether the cv reached --target-cv",        0,  0, ERR_NONE},
    {"rounds",         "",        "rounds the trials were taken in",           1,  0, ERR_NONE},
    {"spread",         "",        "spread of the round medians",               1,  0, ERR_NONE},
    {"time_se",        "",        "standard error of the median time, a share of it", 1, 0, ERR_NONE},
    {"host_ms",        "ms",      "time per launch as the host saw it",        1, -1, ERR_NONE},
    {"gflops",         "GFLOP/s", "throughput",                                1, +1, ERR_CV},
    {"gbs",            "GB/s",    "bandwidth",                                 1, +1, ERR_CV},
    {"pct_fp32_peak",  "%",       "of the FP32 peak",                          1, +1, ERR_CV},
    {"pct_fp64_peak",  "%",       "of the FP64 peak",                          1, +1, ERR_CV},
    {"pct_fp16_peak",  "%",       "of the FP16 peak",                          1, +1, ERR_CV},
    {"pct_tensor_peak", "%",      "of the matrix engines' peak for its type",  1, +1, ERR_CV},
    {"pct_bw_peak",    "%",       "of the memory bandwidth peak",              1, +1, ERR_CV},
    {"pct_fp32_at_clock", "%",    "of the FP32 peak at the measured SM clock",  1, +1, ERR_CV},
    {"pct_fp64_at_clock", "%",    "of the FP64 peak at the measured SM clock",  1, +1, ERR_CV},
    {"sm_mhz_start",   "MHz",     "SM clock before the trials",                1,  0, ERR_NONE},
    {"sm_mhz_end",     "MHz",     "SM clock after the trials",                 1,  0, ERR_NONE},
    {"mem_mhz",        "MHz",     "memory clock after the trials",             1,  0, ERR_NONE},
    {"temp_c",         "C",       "temperature after the trials",              1,  0, ERR_NONE},
    {"power_w",        "W",       "power after the trials",                    1,  0, ERR_NONE},
    {"trial_mhz",      "MHz",     "SM clock during the trials, read on the device", 1, 0, ERR_NONE},
    {"median_cycles",  "cycles",  "median time per launch in SM cycles",       1, -1, ERR_NONE},
    {"energy_j",       "J",       "energy per launch",                         1, -1, ERR_NONE},
    {"energy_power_w", "W",       "mean power over the energy window",         1,  0, ERR_NONE},
    {"gflop_per_j",    "GFLOP/J", "energy efficiency (work)",                  1, +1, ERR_NONE},
    {"gb_per_j",       "GB/J",    "energy efficiency (bytes)",                 1, +1, ERR_NONE},
    {"energy_int_j",   "J",       "energy per launch from integrated power",   1, -1, ERR_NONE},
    {"energy_window_s","s",       "length of the energy window",               1,  0, ERR_NONE},
    {"energy_launches","",        "launches in the energy window",             1,  0, ERR_NONE},
    {"energy_temp_c",  "C",       "temperature at the end of the energy window", 1, 0, ERR_NONE},
    {"flag",           "",        "flag",                                      0,  0, ERR_NONE},
    {"rel_time",       "",        "time relative to the reference variant",    1, -1, ERR_CV},
    {"speedup",        "",        "speed-up over the reference variant",       1, +1, ERR_CV},
    {"wall_ms",        "ms",      "wall time with transfers",                  1, -1, ERR_NONE},
    {"cpu_ms",         "ms",      "host reference time (all cores)",           1,  0, ERR_NONE},
    {"speedup_vs_cpu", "",        "speed-up over the host, transfers included",1, +1, ERR_NONE},
    {"max_rel_err",    "",        "largest relative error",                    1,  0, ERR_NONE},
    {"regs",           "",        "registers per work-item",                   1,  0, ERR_NONE},
    {"private_bytes",  "bytes",   "private memory per work-item",              1,  0, ERR_NONE},
    {"local_bytes",    "bytes",   "local memory per work-group",               1,  0, ERR_NONE},
    {"bin_bytes",      "bytes",   "program binary size",                       1,  0, ERR_NONE},
    {"ptx_instr",      "",        "PTX instructions",                          1,  0, ERR_NONE},
    {"ptx_op_count",   "",        "PTX_OP instructions",                       1,  0, ERR_NONE},
    {"note",           "",        "note",                                      0,  0, ERR_NONE},
    {"timer",          "",        "what timed the trials (events, or host)",    0,  0, ERR_NONE},
    {"timing_note",    "",        "how the trials were timed",                 0,  0, ERR_NONE},
    {"trials_ms",      "ms",      "every trial's time",                        0,  0, ERR_NONE},
    {"trials_mhz",     "MHz",     "every trial's SM clock",                    0,  0, ERR_NONE},
    {"round_ms",       "ms",      "each round's median time",                  0,  0, ERR_NONE},
    {"round_at_s",     "s",       "when each round began",                     0,  0, ERR_NONE},
    {"dev_row_avg",    "",        "deviation from the row average",            1, -1, ERR_NONE},
    {NULL, NULL, NULL, 0, 0, ERR_NONE}
};

/* Per-dimension geometry of multi-dimensional launches; not in the table's order (they follow
 * global and local only when a launch has several dimensions). */
static const struct column_info dims[] = {
    {"global0", "", "global size, dimension 0", 1, 0, ERR_NONE}, {"global1", "", "global size, dimension 1", 1, 0, ERR_NONE},
    {"global2", "", "global size, dimension 2", 1, 0, ERR_NONE}, {"local0", "", "work-group size, dimension 0", 1, 0, ERR_NONE},
    {"local1", "", "work-group size, dimension 1", 1, 0, ERR_NONE}, {"local2", "", "work-group size, dimension 2", 1, 0, ERR_NONE},
};

const struct column_info *column_find(const char *name)
{
    for (int i = 0; column_table[i].name; i++)
        if (!strcmp(column_table[i].name, name)) return &column_table[i];
    for (size_t i = 0; i < sizeof dims / sizeof *dims; i++)
        if (!strcmp(dims[i].name, name)) return &dims[i];
    return NULL;
}
