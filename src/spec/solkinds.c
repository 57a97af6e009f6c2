/* solkinds.c — the table of speed-of-light classes (solkinds.h). */
#include "solkinds.h"
#include "lib/util.h"
#include "lib/names.h"
#include "lib/expr.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* A row per class: the spec's flops_peak code (0: none names it), the word, the ceiling's unit,
 * what it is. To add a class: a value in solkinds.h's enum, a row here, and its ceiling in
 * sol/ceilings.c. */
static const struct { int code; const char *name, *unit, *what; } kinds[SOL_NCLASS] = {
    [SOL_FP32]         = {  32, "fp32",         "GFLOP/s", "FP32 operations (an fma counts 2)" },
    [SOL_FP64]         = {  64, "fp64",         "GFLOP/s", "FP64 operations" },
    [SOL_FP16]         = {  16, "fp16",         "GFLOP/s", "FP16 operations (half2: 2 a lane)" },
    [SOL_TENSOR_F16]   = { 116, "tensor-f16",   "GFLOP/s", "matrix-engine f16/bf16 operations" },
    [SOL_TENSOR_TF32]  = { 119, "tensor-tf32",  "GFLOP/s", "matrix-engine tf32 operations" },
    [SOL_TENSOR_INT8]  = { 108, "tensor-int8",  "GOP/s",   "matrix-engine int8 operations" },
    [SOL_INT32]        = { 232, "int32",        "GOP/s",   "32-bit integer operations (a mad counts 2)" },
    [SOL_INT16]        = { 216, "int16",        "GOP/s",   "16-bit integer operations" },
    [SOL_INT64]        = { 264, "int64",        "GOP/s",   "64-bit integer operations" },
    [SOL_INT8]         = { 208, "int8",         "GOP/s",   "8-bit integer dot-product operations" },
    [SOL_SFU]          = {   0, "sfu",          "GOP/s",   "special-function operations: reciprocal, root, exp2, log2, sine, cosine (a division needs one)" },
    [SOL_DRAM]         = {   0, "dram",         "GB/s",    "bytes to and from device memory" },
    [SOL_L2]           = {   0, "l2",           "GB/s",    "bytes served by the last-level cache (a working set it holds)" },
    [SOL_LOCAL]        = {   0, "local",        "GB/s",    "bytes to and from __local memory" },
    [SOL_L1]           = {   0, "l1",           "GB/s",    "bytes work-items load and store through the compute unit's L1 / __local data path (global, __local, private)" },
    [SOL_LAUNCH]       = {   0, "launch",       "us",      "the device's least time for a launch (an empty kernel's, back to back)" },
    [SOL_LATENCY]      = {   0, "latency",      "ns",      "dependent operations: a work-item's longest chain x the operation's latency, per wave" },
    [SOL_DRAM_LATENCY] = {   0, "dram-latency", "ns",      "memory latency over the bytes in flight (Little's law)" },
};

const char *sol_class_name(enum sol_class c) { return c >= 0 && c < SOL_NCLASS ? kinds[c].name : ""; }
const char *sol_class_unit(enum sol_class c) { return c >= 0 && c < SOL_NCLASS ? kinds[c].unit : ""; }
const char *sol_class_what(enum sol_class c) { return c >= 0 && c < SOL_NCLASS ? kinds[c].what : ""; }
const char *sol_class_said(enum sol_class c, int cpu)
{
    return cpu && c == SOL_L2 ? "l2 (" SOL_CPU_L2_GLOSS ")" : sol_class_name(c);
}

int sol_gloss_len(const char *s)
{
    static const char gloss[] = " (" SOL_CPU_L2_GLOSS ")";
    return s && !strncmp(s, gloss, sizeof gloss - 1) ? (int)sizeof gloss - 1 : 0;
}

const char *sol_bound_said(const char *bound, int cpu)
{
    int k = bound ? sol_class_of_name(bound) : -1;
    return k >= 0 ? sol_class_said(k, cpu) : bound ? bound : "";
}

int sol_class_is_memory(enum sol_class c) { return c == SOL_DRAM || c == SOL_L2 || c == SOL_LOCAL || c == SOL_L1; }

int sol_class_of_code(double code)
{
    for (int c = 0; c < SOL_NCLASS; c++)
        if (kinds[c].code && code == kinds[c].code) return c;
    return -1;
}

const char *sol_code_unit(double code)
{
    int k = sol_class_of_code(code);
    return k >= 0 ? sol_class_unit(k) : "GFLOP/s";
}

int sol_class_code(enum sol_class c) { return c >= 0 && c < SOL_NCLASS ? kinds[c].code : 0; }

int sol_class_of_name(const char *name) { return name_row(&kinds[0].name, SOL_NCLASS, sizeof kinds[0], name); }

const char *sol_codes_said(void)
{
    static char list[256];
    if (!list[0])
        for (int c = 0; c < SOL_NCLASS; c++)
            if (kinds[c].code) {
                char one[32];
                snprintf(one, sizeof one, "%s%d %s", list[0] ? ", " : "", kinds[c].code, kinds[c].name);
                strcat(list, one);
            }
    return list;
}

char *sol_code_wrong(const char *flops_peak, const struct vars *vv)
{
    double code;
    char *e = NULL;
    int rc = expr_eval(flops_peak, vv, &code, &e);
    free(e);
    if (rc != 0 || code == 0 || sol_class_of_code(code) >= 0) return NULL;
    return number_words(code);
}
