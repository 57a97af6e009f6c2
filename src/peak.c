/* peak.c — theoretical FP32, FP64, FP16 and memory-bandwidth ceilings of a device from data tables. */
#include "peak.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Results per clock cycle per streaming multiprocessor by NVIDIA compute capability, from the
 * CUDA C++ Programming Guide, "Arithmetic Instructions", table "Throughput of Native Arithmetic
 * Instructions (Number of Results per Clock Cycle per Multiprocessor)": lanes is its 32-bit
 * floating-point add/multiply/multiply-add row, fp64 the 64-bit row and fp16 the 16-bit row (a half2
 * fma gives 2 results). The fp64 and fp16 columns are those of the guide's tables of CUDA 8-12
 * (cc 2.x from the tables of older guides); 0 where the guide says N/A, where its value depends on
 * the model (cc 3.x FP64), or where no edition at hand gives one (cc 8.7, 10.x and later): unknown,
 * never guessed. To add a generation, add a row; minor -1 matches any minor version. Rows are
 * searched in order, so exact rows go before the catch-all ones. */
static const struct nv_row { int major, minor, lanes, fp64, fp16; const char *why; } nv_rows[] = {
    {  2,  0,  32, 16,   0, "NVIDIA cc 2.0 (Fermi GF100)" },
    {  2,  1,  48,  4,   0, "NVIDIA cc 2.1 (Fermi GF10x)" },
    {  3, -1, 192,  0,   0, "NVIDIA cc 3.x (Kepler)" },
    {  5,  3, 128,  4, 256, "NVIDIA cc 5.3 (Maxwell Tegra X1)" },
    {  5, -1, 128,  4,   0, "NVIDIA cc 5.x (Maxwell)" },
    {  6,  0,  64, 32, 128, "NVIDIA cc 6.0 (Pascal GP100)" },
    {  6,  1, 128,  4,   2, "NVIDIA cc 6.1 (Pascal)" },
    {  6,  2, 128,  4, 256, "NVIDIA cc 6.2 (Pascal Tegra)" },
    {  7,  0,  64, 32, 128, "NVIDIA cc 7.0 (Volta)" },
    {  7,  2,  64, 32, 128, "NVIDIA cc 7.2 (Volta Xavier)" },
    {  7,  5,  64,  2, 128, "NVIDIA cc 7.5 (Turing)" },
    {  8,  0,  64, 32, 256, "NVIDIA cc 8.0 (Ampere GA100)" },
    {  8,  6, 128,  2, 256, "NVIDIA cc 8.6 (Ampere GA10x)" },
    {  8,  7, 128,  0,   0, "NVIDIA cc 8.7 (Ampere Orin)" },
    {  8,  9, 128,  2, 128, "NVIDIA cc 8.9 (Ada Lovelace)" },
    {  9,  0, 128, 64, 256, "NVIDIA cc 9.0 (Hopper)" },
    { 10, -1, 128,  0,   0, "NVIDIA cc 10.x (Blackwell)" },
    { 11, -1, 128,  0,   0, "NVIDIA cc 11.x (Blackwell Thor)" },
    { 12, -1, 128,  0,   0, "NVIDIA cc 12.x (Blackwell GeForce/RTX PRO)" },
};

/* FP32 lanes per compute unit for other vendors, by vendor-string substring (case-insensitive) and
 * device type. lanes = fixed + per_width x native float vector width. To add a vendor or a device
 * kind, add a row; the first row that matches wins, and an empty vendor matches any. */
static const struct lane_row {
    const char *vendor;
    cl_device_type type;
    int fixed, per_width;
    const char *why;
} lane_rows[] = {
    { "Advanced Micro Devices", CL_DEVICE_TYPE_GPU, 64, 0,
      "AMD GPU (GCN/CDNA/RDNA: 64 lanes/CU; RDNA3 dual-issue not counted)" },
    { "AMD", CL_DEVICE_TYPE_GPU, 64, 0,
      "AMD GPU (GCN/CDNA/RDNA: 64 lanes/CU; RDNA3 dual-issue not counted)" },
    { "Intel", CL_DEVICE_TYPE_GPU, 8, 0,
      "Intel GPU (Gen9 to Xe: compute units are EUs, 8 FP32 lanes each)" },
    { "", CL_DEVICE_TYPE_CPU, 0, 2,
      "CPU (upper-bound estimate: native float width x 2 FMA units per core; CU = logical CPUs)" },
};

/* Datasheet DRAM bandwidth and last-level cache by device name. The pattern is matched
 * case-insensitively; '*' separates parts that must appear in that order. The first row that
 * matches wins, so put the more specific names first (e.g. "RTX 4060 Ti" before "RTX 4060").
 * To add a device, add a row with its vendor datasheet numbers; gbs 0 means "known to vary by
 * model: use CLX_PEAK_GBS". */
#define MiB (1024.0 * 1024.0)
static const struct mem_row {
    const char *pattern;
    double gbs, cache;    /* GB/s (10^9 bytes/s), bytes */
    const char *source;
} mem_rows[] = {
    { "GH200*HBM3e",     4900.0, 50 * MiB, "datasheet: NVIDIA GH200 144GB HBM3e" },
    { "GH200",           4000.0, 50 * MiB, "datasheet: NVIDIA GH200 96GB HBM3" },
    { "H200",            4800.0, 50 * MiB, "datasheet: NVIDIA H200 HBM3e" },
    { "H100*PCIe",       2000.0, 50 * MiB, "datasheet: NVIDIA H100 PCIe HBM2e" },
    { "H100*NVL",        3900.0, 50 * MiB, "datasheet: NVIDIA H100 NVL HBM3" },
    { "H100",            3350.0, 50 * MiB, "datasheet: NVIDIA H100 SXM HBM3" },
    { "A100*80GB*PCIe",  1935.0, 40 * MiB, "datasheet: NVIDIA A100 80GB PCIe HBM2e" },
    { "A100*80GB",       2039.0, 40 * MiB, "datasheet: NVIDIA A100 80GB SXM HBM2e" },
    { "A100",            1555.0, 40 * MiB, "datasheet: NVIDIA A100 40GB HBM2" },
    { "V100S",           1134.0,  6 * MiB, "datasheet: NVIDIA V100S HBM2" },
    { "V100",             900.0,  6 * MiB, "datasheet: NVIDIA V100 HBM2" },
    { "RTX 4090",        1008.0, 72 * MiB, "datasheet: NVIDIA GeForce RTX 4090 GDDR6X" },
    { "RTX 4060 Ti",      288.0, 32 * MiB, "datasheet: NVIDIA GeForce RTX 4060 Ti GDDR6" },
    { "RTX 4060",         272.0, 24 * MiB, "datasheet: NVIDIA GeForce RTX 4060 GDDR6" },
    { "940MX",              0.0,  1 * MiB, "GeForce 940MX: DDR3 or GDDR5 by model; set CLX_PEAK_GBS" },
    { "940M",              14.4,  1 * MiB, "datasheet: NVIDIA GeForce 940M DDR3" },
    { "GTX TITAN X",      336.5,  3 * MiB, "datasheet: NVIDIA GeForce GTX TITAN X (Maxwell) GDDR5" },
};
#undef MiB

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static const struct nv_row *nv_row(const struct devprops *p)
{
    for (size_t i = 0; i < COUNT(nv_rows); i++) {
        const struct nv_row *r = &nv_rows[i];
        if (r->major == p->nv_cc_major && (r->minor < 0 || r->minor == p->nv_cc_minor)) return r;
    }
    return NULL;
}

static int nv_lanes(const struct devprops *p, const char **why)
{
    const struct nv_row *r = nv_row(p);
    *why = r ? r->why : "NVIDIA compute capability not in peak.c's table";
    return r ? r->lanes : 0;
}

int peak_fp32_lanes(const struct devprops *p, const char **why)
{
    const char *dummy;
    if (!why) why = &dummy;
    if (p->nv_cc_major >= 0) return nv_lanes(p, why);
    for (size_t i = 0; i < COUNT(lane_rows); i++) {
        const struct lane_row *r = &lane_rows[i];
        if ((p->type & r->type) && str_icontains(p->vendor, r->vendor)) {
            *why = r->why;
            return r->fixed + r->per_width * (int)p->native_float_width;
        }
    }
    *why = "unknown device kind (not in peak.c's tables)";
    return 0;
}

/* find_ci: the first case-insensitive occurrence of needle (length n) in hay, or NULL. */
static const char *find_ci(const char *hay, const char *needle, size_t n)
{
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0) return hay;
    return n == 0 ? hay : NULL;
}

/* name_matches: case-insensitive; the parts of pattern between '*' must occur in name in order. */
static int name_matches(const char *name, const char *pattern)
{
    for (;;) {
        size_t n = strcspn(pattern, "*");
        const char *hit = find_ci(name, pattern, n);
        if (!hit) return 0;
        name = hit + n;
        if (pattern[n] == '\0') return 1;
        pattern += n + 1;
    }
}

/* env_number: the positive number in environment variable var, else 0 (with a warning when set
 * but unusable, so a typo does not silently fall back to the tables). */
static double env_number(const char *var)
{
    const char *s = getenv(var);
    if (!s || !*s) return 0;
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ') end++;
    if (end == s || *end || !(v > 0)) {
        warn("ignoring %s='%s': not a positive number", var, s);
        return 0;
    }
    return v;
}

static void derive_fp32(const struct devprops *p, struct peak *pk)
{
    const char *why;
    pk->lanes_per_cu = peak_fp32_lanes(p, &why);
    if (pk->lanes_per_cu > 0 && p->clock_mhz > 0 && p->compute_units > 0) {
        pk->fp32_gflops = (double)p->compute_units * pk->lanes_per_cu * 2.0 * p->clock_mhz / 1000.0;
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "%s: %u CU x %d lanes x 2 x %u MHz",
                 why, p->compute_units, pk->lanes_per_cu, p->clock_mhz);
    } else if (pk->lanes_per_cu > 0) {
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "%s; unknown: the device reports no "
                 "clock or compute units; set CLX_PEAK_GFLOPS", why);
    } else {
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "unknown: %s; set CLX_PEAK_GFLOPS", why);
    }
}

/* derive_other: the FP64 and FP16 peaks. NVIDIA from the guide's table above (results per clock
 * per SM x 2 for the fma x SMs x clock); a CPU holds half as many doubles as floats in the same
 * vector units, so FP64 is half its FP32 estimate; anything else is unknown (0). */
static void derive_other(const struct devprops *p, struct peak *pk)
{
    const struct nv_row *r = p->nv_cc_major >= 0 ? nv_row(p) : NULL;
    double ghz_cu = (double)p->compute_units * p->clock_mhz / 1000.0;
    if (r && r->fp64 > 0 && ghz_cu > 0) {
        pk->fp64_gflops = ghz_cu * r->fp64 * 2.0;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "%s: %u CU x %d FP64 results/clock x 2 x %u MHz",
                 r->why, p->compute_units, r->fp64, p->clock_mhz);
    } else if (!r && p->nv_cc_major < 0 && (p->type & CL_DEVICE_TYPE_CPU) && pk->fp32_gflops > 0) {
        pk->fp64_gflops = pk->fp32_gflops / 2;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "CPU (upper-bound estimate): half the FP32 estimate, "
                 "a double being two floats wide");
    } else {
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "unknown: no FP64 rate for this device in peak.c's tables; "
                 "set CLX_PEAK_FP64_GFLOPS");
    }
    if (r && r->fp16 > 0 && ghz_cu > 0) {
        pk->fp16_gflops = ghz_cu * r->fp16 * 2.0;
        snprintf(pk->fp16_source, sizeof pk->fp16_source, "%s: %u CU x %d FP16 results/clock (half2) x 2 x %u MHz",
                 r->why, p->compute_units, r->fp16, p->clock_mhz);
    } else {
        snprintf(pk->fp16_source, sizeof pk->fp16_source, "unknown: no FP16 rate for this device in peak.c's tables; "
                 "set CLX_PEAK_FP16_GFLOPS");
    }
}

static void derive_mem(const struct devprops *p, struct peak *pk)
{
    for (size_t i = 0; i < COUNT(mem_rows); i++) {
        const struct mem_row *r = &mem_rows[i];
        if (name_matches(p->name, r->pattern)) {
            pk->mem_gbs = r->gbs;
            pk->cache_bytes = r->cache;
            snprintf(pk->mem_source, sizeof pk->mem_source, "%s", r->source);
            return;
        }
    }
    /* Not in the table: OpenCL has no bandwidth query, but it does report the cache size. */
    pk->mem_gbs = 0;
    pk->cache_bytes = (double)p->cache_size;
    snprintf(pk->mem_source, sizeof pk->mem_source,
             "unknown: device not in peak.c's table; set CLX_PEAK_GBS");
}

void peak_derive(const struct devprops *p, struct peak *pk)
{
    memset(pk, 0, sizeof *pk);
    derive_fp32(p, pk);
    derive_other(p, pk);
    derive_mem(p, pk);
    double v;
    if ((v = env_number("CLX_PEAK_FP64_GFLOPS")) > 0) {
        pk->fp64_gflops = v;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "CLX_PEAK_FP64_GFLOPS environment variable");
    }
    if ((v = env_number("CLX_PEAK_FP16_GFLOPS")) > 0) {
        pk->fp16_gflops = v;
        snprintf(pk->fp16_source, sizeof pk->fp16_source, "CLX_PEAK_FP16_GFLOPS environment variable");
    }
    if ((v = env_number("CLX_PEAK_GFLOPS")) > 0) {
        pk->fp32_gflops = v;
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "CLX_PEAK_GFLOPS environment variable");
    }
    if ((v = env_number("CLX_PEAK_GBS")) > 0) {
        pk->mem_gbs = v;
        snprintf(pk->mem_source, sizeof pk->mem_source, "CLX_PEAK_GBS environment variable");
    }
}
