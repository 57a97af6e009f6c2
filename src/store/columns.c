/* columns.c — the columns of results.tsv as data, made from columns.h's one list (CLX_COLUMNS). */
#include "columns.h"
#include <string.h>

const struct column_info column_table[] = {
#define COLUMN_ROW(name, unit, label, numeric, better, err, ref) {#name, unit, label, numeric, better, err, ref},
    CLX_COLUMNS(COLUMN_ROW)
#undef COLUMN_ROW
    {NULL, NULL, NULL, 0, 0, ERR_NONE, REF_NONE}
};

static const char *const id_names[] = {
#define ID_NAME(name) #name,
    CLX_ID_COLUMNS(ID_NAME)
#undef ID_NAME
};

const char *column_name(enum column_id c)
{
    if (c >= 0 && c < COL_NMETRIC) return column_table[c].name;
    if (c > COL_NMETRIC && c < COL_N) return id_names[c - COL_NMETRIC - 1];
    return "";
}

/* Per-dimension geometry of multi-dimensional launches; not in the table's order (they follow
 * global and local only when a launch has several dimensions). */
static const struct column_info dims[] = {
    {"global0", "", "global size, dimension 0", 1, 0, ERR_NONE, REF_NONE},
    {"global1", "", "global size, dimension 1", 1, 0, ERR_NONE, REF_NONE},
    {"global2", "", "global size, dimension 2", 1, 0, ERR_NONE, REF_NONE},
    {"local0", "", "work-group size, dimension 0", 1, 0, ERR_NONE, REF_NONE},
    {"local1", "", "work-group size, dimension 1", 1, 0, ERR_NONE, REF_NONE},
    {"local2", "", "work-group size, dimension 2", 1, 0, ERR_NONE, REF_NONE},
};

const struct column_info *column_find(const char *name)
{
    for (int i = 0; column_table[i].name; i++)
        if (!strcmp(column_table[i].name, name)) return &column_table[i];
    for (size_t i = 0; i < sizeof dims / sizeof *dims; i++)
        if (!strcmp(dims[i].name, name)) return &dims[i];
    return NULL;
}

const char *column_absent_why(const char *name, int run_finished)
{
    if (!name) return NULL;
    if (!strcmp(name, "dev_row_avg") && !run_finished)
        return "it is added when the sweep ends, and this run did not finish (clx run --resume adds it)";
    if (!strcmp(name, "rel_time") || !strcmp(name, "speedup"))
        return "it is each row's against the spec's relative variant at the same build and point, and this run has "
               "no such row that passed (or the spec names no relative variant)";
    return NULL;
}

/* The columns only one vendor's devices fill, and what from (device/build.c: the PTX text NVIDIA's
 * binaries are, and ptxas's statistics in NVIDIA's build log under -cl-nv-verbose). To add one: a row. */
static const struct { const char *column, *needs; } vendor_only[] = {
    {"ptx_instr", "NVIDIA's PTX"},
    {"ptx_op_count", "NVIDIA's PTX"},
    {"regs", "NVIDIA's build log (ptxas's statistics, -cl-nv-verbose)"},
};

const char *column_needs(const char *name)
{
    for (size_t i = 0; name && i < sizeof vendor_only / sizeof *vendor_only; i++)
        if (!strcmp(vendor_only[i].column, name)) return vendor_only[i].needs;
    return NULL;
}

/* The columns that are shares of a peak, and the figure of run.json's "peak" each is a share of. To
 * add one: a row (and the figure's FIGURE_kind in runjson_machine.c's peak_figures). */
static const struct { const char *column, *figure; } shares[] = {
    {"pct_fp32_peak", "fp32"},   {"pct_fp64_peak", "fp64"},     {"pct_fp16_peak", "fp16"},
    {"pct_tensor_peak", "tensor"}, {"pct_bw_peak", "mem"},
    {"pct_fp32_at_clock", "fp32"}, {"pct_fp64_at_clock", "fp64"},
};

const char *column_share_of(const char *name)
{
    for (size_t i = 0; name && i < sizeof shares / sizeof *shares; i++)
        if (!strcmp(shares[i].column, name)) return shares[i].figure;
    return NULL;
}

const char *column_share_column(const char *figure)
{
    for (size_t i = 0; figure && i < sizeof shares / sizeof *shares; i++)
        if (!strcmp(shares[i].figure, figure)) return shares[i].column;
    return NULL;
}

/* The columns that are spreads of a row's trials, and the count each is over (columns.h). */
static const struct { const char *column, *over; } spreads[] = {
    {"cv", "trials"}, {"stddev_ms", "trials"}, {"iqr_ms", "trials"}, {"time_se", "trials"}, {"spread", "rounds"},
};

const char *column_spread_over(const char *name)
{
    for (size_t i = 0; name && i < sizeof spreads / sizeof *spreads; i++)
        if (!strcmp(spreads[i].column, name)) return spreads[i].over;
    return NULL;
}
