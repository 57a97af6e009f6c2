/* columns.h — the columns clx writes to results.tsv: name, unit, axis label, and which way is
 * better, as one list (CLX_COLUMNS) that makes both the table below and the names the code writes a
 * row's cells by (enum column_id: a misspelt column does not compile). docs/results.md documents
 * each; a test keeps the two in step. */
#ifndef COLUMNS_H
#define COLUMNS_H
#include "solwords.h"

/* How a column's value varies between trials, for error bars and a finding's noise floor: not at all
 * (a count, a size, a bound reckoned, a figure measured apart from the trials), by the trials'
 * standard deviation (a time), in proportion to it (a rate or ratio of times, a time in other units;
 * a deviation from a mean of times, dev_row_avg, with its value plus 1: column_origin), or as a
 * ratio to the reference variant's row, whose trials vary too (and which is 1 by definition). */
enum column_err { ERR_NONE, ERR_SD, ERR_CV, ERR_REL };

/* Whether a column's value is measured against a reference, which sets how a heat map colours it:
 * an absolute value (a time, a rate, a count: a sequential scale from the data's low to high), a
 * ratio to the reference (1 is the same: a diverging scale centred on 1), or a deviation from it
 * (0 is the same: a diverging scale centred on 0). docs/spec.md's plot table says the same. */
enum column_ref { REF_NONE, REF_RATIO, REF_DEVIATION };

/* The metric columns in results.tsv order, after the identifying ones. To add a column: one line
 * here (name, unit for axis labels, what a plot's axis says, whether every non-empty cell is a
 * plain number, +1 higher is better / -1 lower / 0 neither, its error bars, whether it is relative
 * to a reference), fill it where the row is made (row_set(w, COL_name, ...) in src/run/), and
 * document it in docs/results.md. */
#define CLX_COLUMNS(X) \
    X(global,            "",        "global size (work-items)",                                0,  0, ERR_NONE, REF_NONE) \
    X(local,             "",        "work-group size (work-items)",                            0,  0, ERR_NONE, REF_NONE) \
    X(status,            "",        "status",                                                  0,  0, ERR_NONE, REF_NONE) \
    X(trials,            "",        "timed trials",                                            1,  0, ERR_NONE, REF_NONE) \
    X(batch,             "",        "launches per trial",                                      1,  0, ERR_NONE, REF_NONE) \
    X(cache,             "",        "cache state before each trial",                           0,  0, ERR_NONE, REF_NONE) \
    X(min_ms,            "ms",      "minimum time",                                            1, -1, ERR_SD, REF_NONE) \
    X(median_ms,         "ms",      "median time",                                             1, -1, ERR_SD, REF_NONE) \
    X(iqr_ms,            "ms",      "interquartile range of the time",                         1,  0, ERR_NONE, REF_NONE) \
    X(mean_ms,           "ms",      "mean time",                                               1, -1, ERR_SD, REF_NONE) \
    X(stddev_ms,         "ms",      "standard deviation",                                      1,  0, ERR_NONE, REF_NONE) \
    X(cv,                "",        "coefficient of variation",                                1,  0, ERR_NONE, REF_NONE) \
    X(converged,         "",        "whether the cv reached --target-cv",                      0,  0, ERR_NONE, REF_NONE) \
    X(rounds,            "",        "rounds the trials were taken in",                         1,  0, ERR_NONE, REF_NONE) \
    X(spread,            "",        "spread of the round medians",                             1,  0, ERR_NONE, REF_NONE) \
    X(time_se,           "",        "standard error of the median time, a share of it",        1,  0, ERR_NONE, REF_NONE) \
    X(host_ms,           "ms",      "time per launch as the host saw it",                      1, -1, ERR_CV, REF_NONE) \
    X(gflops,            "GFLOP/s", "throughput",                                              1,  1, ERR_CV, REF_NONE) \
    X(gbs,               "GB/s",    "bandwidth",                                               1,  1, ERR_CV, REF_NONE) \
    X(pct_fp32_peak,     "%",       "of the FP32 peak",                                        1,  1, ERR_CV, REF_NONE) \
    X(pct_fp64_peak,     "%",       "of the FP64 peak",                                        1,  1, ERR_CV, REF_NONE) \
    X(pct_fp16_peak,     "%",       "of the FP16 peak",                                        1,  1, ERR_CV, REF_NONE) \
    X(pct_tensor_peak,   "%",       "of the matrix engines' peak for its type",                1,  1, ERR_CV, REF_NONE) \
    X(pct_bw_peak,       "%",       "of the memory bandwidth peak",                            1,  1, ERR_CV, REF_NONE) \
    X(pct_fp32_at_clock, "%",       "of the FP32 peak at the measured SM clock",               1,  1, ERR_CV, REF_NONE) \
    X(pct_fp64_at_clock, "%",       "of the FP64 peak at the measured SM clock",               1,  1, ERR_CV, REF_NONE) \
    X(sol_ms,            "ms",      "speed of light: the least time the row's work can take",  1, -1, ERR_NONE, REF_NONE) \
    X(sol_pct,           "%",       SOLWORDS_PCT,                                              1,  1, ERR_CV, REF_NONE) \
    X(bound,             "",        "what sets the speed of light",                            0,  0, ERR_NONE, REF_NONE) \
    X(sol_lat_ms,        "ms",      "latency bound",                                           1, -1, ERR_NONE, REF_NONE) \
    X(sol_tput_ms,       "ms",      "throughput bound",                                        1, -1, ERR_NONE, REF_NONE) \
    X(sol_from,          "",        "where the row's work for the speed of light comes from",  0,  0, ERR_NONE, REF_NONE) \
    X(sol_note,          "",        "what the speed of light left out, or why there is none",  0,  0, ERR_NONE, REF_NONE) \
    X(sm_mhz_start,      "MHz",     "SM clock before the trials",                              1,  0, ERR_NONE, REF_NONE) \
    X(sm_mhz_end,        "MHz",     "SM clock after the trials",                               1,  0, ERR_NONE, REF_NONE) \
    X(mem_mhz,           "MHz",     "memory clock after the trials",                           1,  0, ERR_NONE, REF_NONE) \
    X(temp_c,            "C",       "temperature after the trials",                            1,  0, ERR_NONE, REF_NONE) \
    X(power_w,           "W",       "power after the trials",                                  1,  0, ERR_NONE, REF_NONE) \
    X(trial_mhz,         "MHz",     "SM clock during the trials, read on the device",          1,  0, ERR_NONE, REF_NONE) \
    X(median_cycles,     "cycles",  "median time per launch in SM cycles",                     1, -1, ERR_CV, REF_NONE) \
    X(energy_j,          "J",       "energy per launch",                                       1, -1, ERR_NONE, REF_NONE) \
    X(energy_power_w,    "W",       "mean power over the energy window",                       1,  0, ERR_NONE, REF_NONE) \
    X(gflop_per_j,       "GFLOP/J", "energy efficiency (work)",                                1,  1, ERR_NONE, REF_NONE) \
    X(gb_per_j,          "GB/J",    "energy efficiency (bytes)",                               1,  1, ERR_NONE, REF_NONE) \
    X(energy_int_j,      "J",       "energy per launch from integrated power",                 1, -1, ERR_NONE, REF_NONE) \
    X(energy_window_s,   "s",       "length of the energy window",                             1,  0, ERR_NONE, REF_NONE) \
    X(energy_launches,   "",        "launches in the energy window",                           1,  0, ERR_NONE, REF_NONE) \
    X(energy_temp_c,     "C",       "temperature at the end of the energy window",             1,  0, ERR_NONE, REF_NONE) \
    X(flag,              "",        "flag",                                                    0,  0, ERR_NONE, REF_NONE) \
    X(rel_time,          "",        "time relative to the reference variant",                  1, -1, ERR_REL, REF_RATIO) \
    X(speedup,           "",        "speed-up over the reference variant",                     1,  1, ERR_REL, REF_RATIO) \
    X(wall_ms,           "ms",      "wall time with transfers",                                1, -1, ERR_NONE, REF_NONE) \
    X(cpu_ms,            "ms",      "host reference time (all cores)",                         1,  0, ERR_NONE, REF_NONE) \
    X(speedup_vs_cpu,    "",        "speed-up over the host, transfers included",              1,  1, ERR_NONE, REF_RATIO) \
    X(max_rel_err,       "",        "largest relative error",                                  1,  0, ERR_NONE, REF_NONE) \
    X(regs,              "",        "registers per work-item",                                 1,  0, ERR_NONE, REF_NONE) \
    X(private_bytes,     "bytes",   "private memory per work-item",                            1,  0, ERR_NONE, REF_NONE) \
    X(local_bytes,       "bytes",   "local memory per work-group",                             1,  0, ERR_NONE, REF_NONE) \
    X(bin_bytes,         "bytes",   "program binary size",                                     1,  0, ERR_NONE, REF_NONE) \
    X(ptx_instr,         "",        "PTX instructions",                                        1,  0, ERR_NONE, REF_NONE) \
    X(ptx_op_count,      "",        "PTX_OP instructions",                                     1,  0, ERR_NONE, REF_NONE) \
    X(note,              "",        "note",                                                    0,  0, ERR_NONE, REF_NONE) \
    X(timer,             "",        "what timed the trials (events, or host)",                 0,  0, ERR_NONE, REF_NONE) \
    X(timing_note,       "",        "how the trials were timed",                               0,  0, ERR_NONE, REF_NONE) \
    X(trials_ms,         "ms",      "every trial's time",                                      0,  0, ERR_NONE, REF_NONE) \
    X(trials_mhz,        "MHz",     "every trial's SM clock",                                  0,  0, ERR_NONE, REF_NONE) \
    X(round_ms,          "ms",      "each round's median time",                                0,  0, ERR_NONE, REF_NONE) \
    X(round_at_s,        "s",       "when each round began",                                   0,  0, ERR_NONE, REF_NONE) \
    X(dev_row_avg,       "",        "deviation from the row average",                          1, -1, ERR_CV, REF_DEVIATION)

/* The identifying columns clx names itself (the spec's parameters, launch axes and derived values,
 * which come between them, are named by the spec). */
#define CLX_ID_COLUMNS(X) X(experiment) X(variant) X(build) X(sweep_index)

/* Every column clx names: COL_median_ms and so on; the metrics index column_table. */
enum column_id {
#define COLUMN_ENUM(name, ...) COL_##name,
    CLX_COLUMNS(COLUMN_ENUM)
    COL_NMETRIC,
    CLX_ID_COLUMNS(COLUMN_ENUM)
#undef COLUMN_ENUM
    COL_N
};

struct column_info {
    const char *name;
    const char *unit;        /* for axis labels: "ms", "GB/s", "%"; "" for none */
    const char *label;       /* what a plot's axis says */
    int numeric;             /* every non-empty cell is a plain number */
    int better;              /* +1 higher is better, -1 lower is better, 0 neither */
    enum column_err err;
    enum column_ref ref;
};

/* The metric columns in results.tsv order (NULL-terminated), indexed by enum column_id. */
extern const struct column_info column_table[];
/* column_name: the name of a column clx names ("median_ms"). */
const char *column_name(enum column_id c);
/* COLUMN(median_ms): that name, checked when it compiles. */
#define COLUMN(name) column_name(COL_##name)
/* column_find: the row for name, or NULL (parameters, launch axes and derived values have none). */
const struct column_info *column_find(const char *name);
/* column_absent_why: why no measured row of a run has a value of column name where that is not the
 * device's doing, in words that follow "none with a value of NAME: " (NULL: no such reason known).
 * dev_row_avg joins results.tsv only when the sweep ends (it needs every work-group size of a
 * point): a run that did not finish has none. rel_time and speedup are each row's against the
 * spec's `relative` variant at the same point: none where no such row passed (a merge of the other
 * shards only) or the spec names none. One home for findings and plots, which each said "the
 * device gives none". */
const char *column_absent_why(const char *name, int run_finished);
/* column_needs: what a column's value comes from where only one vendor's devices give it ("NVIDIA's
 * PTX" for ptx_instr): on any other device no row has one, and no sweep of the run changes that;
 * NULL for a column any device may fill. */
const char *column_needs(const char *name);
/* column_share_of: the peak a column is a share of, by run.json's name for the figure ("fp32",
 * "fp64", "fp16", "tensor", "mem": runjson_peak_kind's), NULL for a column that is no share of a
 * peak. A finding that reads the column reads what the peak is with it: a share of an upper-bound
 * estimate is only a lower bound of the share (findings). device/peak.c's peak_kinds fills the
 * compute ones; a test keeps the two in step. */
const char *column_share_of(const char *name);
/* column_share_column: the column of shares of figure (the first the table names: "pct_fp32_peak"
 * for "fp32"), NULL for none. */
const char *column_share_column(const char *figure);
/* column_spread_over: the count a column is a spread over, by that count's column ("trials" for cv,
 * stddev_ms and iqr_ms, and time_se, part of whose noise its trials predict; "rounds" for spread, of
 * the round medians), NULL for a column that is no spread of a row's trials. A spread from n of them
 * is itself uncertain by about 1 / sqrt(2 (n - 1)) of it (normal trials, the standard deviation's;
 * any other spread's more): a finding judges it within that, not as an exact number. To add one: a row. */
const char *column_spread_over(const char *name);
/* column_origin: what a column's value is reckoned from: 1 for a deviation from a reference
 * (REF_DEVIATION: dev_row_avg, a ratio of times less 1), whose value plus 1 moves in proportion to
 * its time; 0 for any other. */
static inline double column_origin(const struct column_info *c) { return c && c->ref == REF_DEVIATION ? 1 : 0; }
#endif
