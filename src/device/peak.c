/* peak.c — theoretical FP32, FP64, FP16, matrix-engine and memory-bandwidth ceilings of a device from data
 * tables (NVIDIA's by compute capability here, the other vendors' in peak_vendors.c, the memory by
 * device name here), a CPU's load/store ports' limit (cpuports.h), the CLX_PEAK_* variables over them
 * (peak_env.c), and its host link (pcilink.h). */
#include "peak_impl.h"
#include "cpufma.h"
#include "cpuports.h"
#include "hostcpu.h"
#include "pcilink.h"
#include "simulator.h"
#include "store/columns.h"
#include "store/runjson.h"
#include "lib/util.h"
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Results per clock cycle per streaming multiprocessor by NVIDIA compute capability, from the
 * CUDA C++ Programming Guide, "Arithmetic Instructions", table "Throughput of Native Arithmetic
 * Instructions (Number of Results per Clock Cycle per Multiprocessor)": lanes is its 32-bit
 * floating-point add/multiply/multiply-add row, fp64 the 64-bit row and fp16 the 16-bit row (a half2
 * fma gives 2 results). The fp64 and fp16 columns are those of the guide's tables of CUDA 8-12
 * (cc 2.x from the tables of older guides); 0 where the guide says N/A, where its value depends on
 * the model (cc 3.x FP64), or where no edition at hand gives one (cc 8.7, 10.x and later): unknown,
 * never guessed. int32 is the guide's "32-bit integer multiply, multiply-add" row (64 from cc 7.0 to
 * 9.0; before 7.0 "multiple instructions": 0, unknown), a mad counted 2 operations. To add a
 * generation, add a row; minor -1 matches any minor version. Rows are searched in order, so exact
 * rows go before the catch-all ones. */
static const struct nv_row { int major, minor, lanes, fp64, fp16, int32; const char *why; } nv_rows[] = {
    {  2,  0,  32, 16,   0,  0, "NVIDIA cc 2.0 (Fermi GF100)" },
    {  2,  1,  48,  4,   0,  0, "NVIDIA cc 2.1 (Fermi GF10x)" },
    {  3, -1, 192,  0,   0,  0, "NVIDIA cc 3.x (Kepler)" },
    {  5,  3, 128,  4, 256,  0, "NVIDIA cc 5.3 (Maxwell Tegra X1)" },
    {  5, -1, 128,  4,   0,  0, "NVIDIA cc 5.x (Maxwell)" },
    {  6,  0,  64, 32, 128,  0, "NVIDIA cc 6.0 (Pascal GP100)" },
    {  6,  1, 128,  4,   2,  0, "NVIDIA cc 6.1 (Pascal)" },
    {  6,  2, 128,  4, 256,  0, "NVIDIA cc 6.2 (Pascal Tegra)" },
    {  7,  0,  64, 32, 128, 64, "NVIDIA cc 7.0 (Volta)" },
    {  7,  2,  64, 32, 128, 64, "NVIDIA cc 7.2 (Volta Xavier)" },
    {  7,  5,  64,  2, 128, 64, "NVIDIA cc 7.5 (Turing)" },
    {  8,  0,  64, 32, 256, 64, "NVIDIA cc 8.0 (Ampere GA100)" },
    {  8,  6, 128,  2, 256, 64, "NVIDIA cc 8.6 (Ampere GA10x)" },
    {  8,  7, 128,  0,   0,  0, "NVIDIA cc 8.7 (Ampere Orin)" },
    {  8,  9, 128,  2, 128, 64, "NVIDIA cc 8.9 (Ada Lovelace)" },
    {  9,  0, 128, 64, 256, 64, "NVIDIA cc 9.0 (Hopper)" },
    { 10, -1, 128,  0,   0,  0, "NVIDIA cc 10.x (Blackwell)" },
    { 11, -1, 128,  0,   0,  0, "NVIDIA cc 11.x (Blackwell Thor)" },
    { 12, -1, 128,  0,   0,  0, "NVIDIA cc 12.x (Blackwell GeForce/RTX PRO)" },
};

/* Dense FP16 tensor-core operations (f16 or bf16 in, f32 accumulate; a multiply-add counts 2) per
 * clock per SM: Ampere GA100's whitepaper gives 256 FP16 FMA per clock per tensor core, 4 per SM
 * (2048 operations); Hopper's doubles that per SM (4096). TF32 runs at half that rate and INT8 at
 * twice (the whitepapers' tables: H100 SXM5 494.7 / 989.4 / 1978.9 TFLOP/s). NVIDIA's figures use
 * the clock the tensor cores sustain (H100 SXM5: 1830 MHz), clx the maximum clock OpenCL reports, so
 * this peak is an upper bound. As read by NVIDIA's Robert Crovella on the CUDA forum ("How to
 * calculate the Tensor Core FP16 performance of H100?",
 * https://forums.developer.nvidia.com/t/how-to-calculate-the-tensor-core-fp16-performance-of-h100/244727).
 * So the figures are tabled theoretical rates, as FP32's are (operations a clock an SM from NVIDIA's
 * whitepapers x SMs x a clock), and their kind is theoretical (run.json's peak.tensor_kind, sol's
 * tensor ceilings); only the clock is the highest, and sol reckons them at the row's own clock.
 * Other compute capabilities: unknown until a vendor source is found. */
static const struct { int major, minor, f16; const char *why; } nv_tensor_rows[] = {
    { 8, 0, 2048, "NVIDIA cc 8.0 (Ampere GA100) tensor cores" },
    { 9, 0, 4096, "NVIDIA cc 9.0 (Hopper) tensor cores" },
};

/* Datasheet DRAM bandwidth and last-level cache by device name, or by the board name AMD's runtime
 * gives beside a gfx target (devprops.board). The pattern is matched case-insensitively; '*'
 * separates parts that must appear in that order. The first row that matches wins, so put the more
 * specific names first (e.g. "RTX 4060 Ti" before "RTX 4060"). min_cu, where not 0, keeps a row to a
 * device of at least that many compute units: a partition of the board (an MI300X in CPX mode is 8
 * devices of 38 CUs) has a share of its bandwidth, which no source at hand gives. To add a device,
 * add a row with its vendor datasheet numbers; gbs 0 means "known to vary by model, or no vendor
 * figure at hand: use CLX_PEAK_GBS". cache is the last-level cache (NVIDIA's L2, AMD's Infinity Cache):
 * what a working set must exceed to come from memory, what `--cold` flushes and what the latency
 * probe's footprints reach four times (OpenCL's CL_DEVICE_GLOBAL_MEM_CACHE_SIZE is not it on
 * NVIDIA: the H200 reports 4.1 MiB). cache_source cites where the size comes from; a row whose
 * size no source at hand gives says so, and cache 0 leaves the device's own report in place.
 * Vendors write "MB" for these caches; CUDA's cudaDeviceProp::l2CacheSize is 52428800 bytes (50
 * MiB) on the H100, so they are read as MiB. Sources:
 *   [hopper] NVIDIA Technical Blog, "NVIDIA Hopper Architecture In-Depth" (2022),
 *            https://developer.nvidia.com/blog/nvidia-hopper-architecture-in-depth/ : "A 50 MB L2
 *            cache in H100 is 1.25x larger than the A100 40 MB L2" (H100 SXM5 and PCIe alike).
 *   [h200]   the H200 and GH200 are the GH100 of [hopper] with 132 SMs as in the H100 SXM5 (NVIDIA
 *            H200 and GH200 datasheets give memory, not the L2): 50 MB by [hopper]; the H200's
 *            pointer chase (docs/experiments/peaks.md) leaves L2 latency between 32 and 64 MiB.
 *   [ampere] NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 40 MB L2.
 *   [volta]  NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 6144 KB L2.
 *   [ada]    NVIDIA Ada GPU Architecture whitepaper (2022), appendix tables: RTX 4090 72 MB L2;
 *            NVIDIA's GeForce RTX 4060 family product page: RTX 4060 Ti 32 MB, RTX 4060 24 MB L2.
 *   [rocm]   AMD ROCm documentation, "AMD GPU specifications",
 *            https://rocm.docs.amd.com/en/latest/reference/gpu-specs.html : gfx942 (MI300X, MI300A,
 *            MI325X) L3 Cache (Infinity Cache) 256 MiB; L2 8 MiB for the MI100 and MI210 and per GCD
 *            for the MI250 and MI250X; Infinity Cache 96 MiB (RX 7900 XTX, PRO W7900), 80 MiB (RX
 *            7900 XT), 64 MiB (RX 7900 GRE). Its Radeon tab in the versions that still list RDNA2
 *            (docs/reference/gpu-specs.rst of github.com/ROCm/ROCm, as kept in ROCm/legacy-rocm-build):
 *            Infinity Cache 128 MiB for the RX 6950 XT, 6900 XT, 6800 XT and 6800.
 *   [mi100]  https://rocm.docs.amd.com/en/latest/_sources/reference/gpu-arch/mi100.md : "The peak
 *            memory bandwidth of the attached HBM2 is 1.228 TB/sec".
 *   [mi250]  https://rocm.docs.amd.com/en/docs-7.14.0/_sources/reference/gpu-arch/mi250.md : "HBM2e,
 *            which offers a peak memory bandwidth of 1.6 TB/sec per GCD", for the "MI250 Series"
 *            (its description), the MI250 and MI250X; each GCD is an OpenCL device. The page
 *            rounds; clx takes its 1.6.
 *   [mi300]  https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi300.html : "The theoretical
 *            aggregated peak memory bandwidth of the GPU is 5.3 TB per second" (MI300X).
 * No AMD source at hand gives a Radeon's or an MI210's, MI300A's or MI325X's bandwidth (AMD's
 * product pages were not in reach): their rows give the cache and leave the bandwidth unknown.
 * Nor was any Intel source at hand with an Arc's or a Data Center GPU Max's bandwidth or L2 (ark
 * was not in reach): no Intel rows. */
#define MiB (1024.0 * 1024.0)
static const struct mem_row {
    const char *pattern;
    unsigned min_cu;      /* 0: any */
    double gbs, cache;    /* GB/s (10^9 bytes/s), bytes */
    const char *source, *cache_source;
} mem_rows[] = {
    { "GH200*HBM3e",    0, 4900.0,  50 * MiB, "datasheet: NVIDIA GH200 144GB HBM3e", "L2, NVIDIA Hopper (GH100, 132 SMs)" },
    { "GH200",          0, 4000.0,  50 * MiB, "datasheet: NVIDIA GH200 96GB HBM3", "L2, NVIDIA Hopper (GH100, 132 SMs)" },
    { "H200",           0, 4800.0,  50 * MiB, "datasheet: NVIDIA H200 HBM3e", "L2, NVIDIA Hopper (GH100, 132 SMs)" },
    { "H100*PCIe",      0, 2000.0,  50 * MiB, "datasheet: NVIDIA H100 PCIe HBM2e", "L2, NVIDIA Hopper Architecture In-Depth" },
    { "H100*NVL",       0, 3900.0,  50 * MiB, "datasheet: NVIDIA H100 NVL HBM3", "L2, NVIDIA Hopper Architecture In-Depth" },
    { "H100",           0, 3350.0,  50 * MiB, "datasheet: NVIDIA H100 SXM HBM3", "L2, NVIDIA Hopper Architecture In-Depth" },
    { "A100*80GB*PCIe", 0, 1935.0,  40 * MiB, "datasheet: NVIDIA A100 80GB PCIe HBM2e", "L2, NVIDIA A100 architecture whitepaper" },
    { "A100*80GB",      0, 2039.0,  40 * MiB, "datasheet: NVIDIA A100 80GB SXM HBM2e", "L2, NVIDIA A100 architecture whitepaper" },
    { "A100",           0, 1555.0,  40 * MiB, "datasheet: NVIDIA A100 40GB HBM2", "L2, NVIDIA A100 architecture whitepaper" },
    { "V100S",          0, 1134.0,   6 * MiB, "datasheet: NVIDIA V100S HBM2", "L2, NVIDIA Tesla V100 architecture whitepaper" },
    { "V100",           0,  900.0,   6 * MiB, "datasheet: NVIDIA V100 HBM2", "L2, NVIDIA Tesla V100 architecture whitepaper" },
    { "RTX 4090",       0, 1008.0,  72 * MiB, "datasheet: NVIDIA GeForce RTX 4090 GDDR6X", "L2, NVIDIA Ada architecture whitepaper" },
    { "RTX 4060 Ti",    0,  288.0,  32 * MiB, "datasheet: NVIDIA GeForce RTX 4060 Ti GDDR6", "L2, NVIDIA RTX 4060 family page" },
    { "RTX 4060",       0,  272.0,  24 * MiB, "datasheet: NVIDIA GeForce RTX 4060 GDDR6", "L2, NVIDIA RTX 4060 family page" },
    /* No vendor source at hand for these L2 sizes (third-party databases give them): kept, and
     * said so. */
    { "940MX",          0,    0.0,   1 * MiB, "GeForce 940MX: DDR3 or GDDR5 by model; set CLX_PEAK_GBS", "L2, no vendor source at hand" },
    { "940M",           0,   14.4,   1 * MiB, "datasheet: NVIDIA GeForce 940M DDR3", "L2, no vendor source at hand" },
    { "GTX TITAN X",    0,  336.5,   3 * MiB, "datasheet: NVIDIA GeForce GTX TITAN X (Maxwell) GDDR5", "L2, no vendor source at hand" },
    /* AMD's runtime gives the board beside the gfx target (clinfo's "Device Board Name (AMD)",
     * rocminfo's "Marketing Name"): these rows match it. A whole MI300X is 304 CUs [rocm]; a
     * partition of one is left to the gfx942 row. */
#define NO_AMD_GBS ": clx has no AMD figure for its bandwidth; set CLX_PEAK_GBS to it in GB/s for the pct_bw_peak column"
#define ROCM_SPECS(what) what ", AMD GPU specifications (ROCm)"
    { "MI300X",       304, 5300.0, 256 * MiB, "datasheet: AMD Instinct MI300X HBM3 (ROCm MI300 page)", ROCM_SPECS("Infinity Cache") },
    /* "AMD Instinct MI250X/MI250", "AMD Instinct MI250X", "AMD Instinct MI250": one GCD each. */
    { "MI250",          0, 1600.0,   8 * MiB, "datasheet: AMD Instinct MI250/MI250X, one GCD, HBM2e (ROCm MI250 page)",
      ROCM_SPECS("L2 of one GCD") },
    { "MI210",          0,    0.0,   8 * MiB, "AMD Instinct MI210" NO_AMD_GBS, ROCM_SPECS("L2") },
    { "MI100",          0, 1228.0,   8 * MiB, "datasheet: AMD Instinct MI100 HBM2 (ROCm MI100 page)", ROCM_SPECS("L2") },
    /* By gfx target alone, where the board name says nothing more (ROCm 4.0 named an MI100's board
     * "Device 738c"). The MI100 is the only gfx908 board [rocm]; gfx90a's boards share an L2 size,
     * not a bandwidth; gfx942's share the Infinity Cache, not a bandwidth. */
    { "gfx908",         0, 1228.0,   8 * MiB, "datasheet: AMD Instinct MI100 (gfx908) HBM2 (ROCm MI100 page)", ROCM_SPECS("L2") },
    { "gfx90a",         0,    0.0,   8 * MiB, "AMD CDNA2 gfx90a: an MI210 or one GCD of an MI250 or MI250X, whose bandwidths clx "
      "cannot tell apart; set CLX_PEAK_GBS to its bandwidth in GB/s", ROCM_SPECS("L2 (per GCD)") },
    { "gfx942",         0,    0.0, 256 * MiB, "AMD CDNA3 gfx942: MI300X, MI300A or MI325X, or a partition of one, whose bandwidths "
      "differ; set CLX_PEAK_GBS to its bandwidth in GB/s", ROCM_SPECS("Infinity Cache") },
    /* Radeon: the Infinity Cache, no bandwidth. By board name (AMD's runtime) or device name (Mesa's
     * "AMD Radeon RX 7900 XTX (radeonsi, navi31, ...)"). */
    { "RX 7900 XTX",    0,    0.0,  96 * MiB, "AMD Radeon RX 7900 XTX" NO_AMD_GBS, ROCM_SPECS("Infinity Cache") },
    { "RX 7900 XT",     0,    0.0,  80 * MiB, "AMD Radeon RX 7900 XT" NO_AMD_GBS, ROCM_SPECS("Infinity Cache") },
    { "RX 7900 GRE",    0,    0.0,  64 * MiB, "AMD Radeon RX 7900 GRE" NO_AMD_GBS, ROCM_SPECS("Infinity Cache") },
    { "PRO W7900",      0,    0.0,  96 * MiB, "AMD Radeon PRO W7900" NO_AMD_GBS, ROCM_SPECS("Infinity Cache") },
    { "RX 6950 XT",     0,    0.0, 128 * MiB, "AMD Radeon RX 6950 XT" NO_AMD_GBS, ROCM_SPECS("Infinity Cache (RDNA2 tab)") },
    { "RX 6900 XT",     0,    0.0, 128 * MiB, "AMD Radeon RX 6900 XT" NO_AMD_GBS, ROCM_SPECS("Infinity Cache (RDNA2 tab)") },
    { "RX 6800",        0,    0.0, 128 * MiB, "AMD Radeon RX 6800 or 6800 XT" NO_AMD_GBS, ROCM_SPECS("Infinity Cache (RDNA2 tab)") },
#undef NO_AMD_GBS
#undef ROCM_SPECS
};
#undef MiB

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
    *why = r ? r->why : "clx knows no FP32 lanes per SM for this NVIDIA compute capability";
    return r ? r->lanes : 0;
}

int peak_fp32_lanes(const struct devprops *p, const char **why)
{
    const char *dummy;
    if (!why) why = &dummy;
    if (p->nv_cc_major >= 0) return nv_lanes(p, why);
    return peak_vendor_lanes(p, why);
}

/* cpu_cores: what a CPU device's compute peaks count: the physical cores behind the logical CPUs this
 * process may run on (hostcpu.h: the SMT threads of a core share its FMA units, where PoCL and Intel's
 * runtime report every logical CPU as a compute unit), and what they are, in words (n bytes): "8
 * logical CPUs this process may run on, SMT threads sharing a core's FMA units". Where sysfs did not
 * tell the cores, every logical CPU is counted as one, as clx did before, and *upper is set: twice the
 * peak on a host of two threads a core. */
static int cpu_cores(const struct hostcpu *h, int *upper, char *said, size_t n)
{
    int logical = h->allowed > 0 ? h->allowed : h->cpus;
    const char *whose = h->allowed > 0 ? " this process may run on" : " online";
    const char *s = logical == 1 ? "" : "s";
    *upper = !(h->cores > 0);
    if (*upper)
        snprintf(said, n, "%d logical CPU%s%s, each counted as a core; the cores behind them unread: %s", logical, s,
                 whose, h->cores_why[0] ? h->cores_why : "not said");
    else
        snprintf(said, n, "%d logical CPU%s%s, %s", logical, s, whose,
                 h->cores < logical ? "SMT threads sharing a core's FMA units" : "one a core");
    return *upper ? logical : h->cores;
}

/* derive_cpu: a CPU device's FP32 and FP64 peaks from the host it runs on, whose limits are physical
 * where a driver's are not (llvmpipe reports 300 MHz, a float width of 1 and 8 compute units on 2
 * CPUs at 2100 MHz; Intel's CPU runtime 0 MHz): every physical core it may run on (cpu_cores), the FP32
 * FMA lanes a core completes a clock at the width the device's kernels run at (cpufma.h: the vendor's
 * figures by CPU family, else 2 FMA units of the full width, an upper bound), at hostcpu_clock's clock
 * (the host's stated maximum, else the fastest timed and kept, or the device's where higher). A double
 * is two floats wide in the same units: FP64 has half the lanes. 0 when the host cannot say.
 * fp32_source says it as the formula, then a sentence for each factor, none of them in brackets
 * within brackets (the console's line nested them four deep); fp32_brief is the formula alone. */
static int derive_cpu(const struct devprops *p, const struct hostcpu *h, struct peak *pk)
{
    if (!(p->type & CL_DEVICE_TYPE_CPU) || !h || h->cpus <= 0 || h->simd_floats <= 0) return 0;
    int timed, bound, upper;
    char clock[192], width[160], fma[320], cores[288];
    double mhz = hostcpu_clock(h, p->clock_mhz, CPU_TIMED_SLACK, &timed, clock, sizeof clock);
    int bits = cpufma_width(p, h, width, sizeof width);
    int lanes = cpufma_lanes(h, bits, &bound, fma, sizeof fma);
    if (!(mhz > 0) || lanes <= 0) return 0;
    int n = cpu_cores(h, &upper, cores, sizeof cores);
    const char *est = bound || upper ? ", an upper-bound estimate," : "";
    pk->clock_slack = timed ? CPU_TIMED_SLACK : 0;
    pk->lanes_per_cu = lanes;
    pk->cpu_cores = upper ? 0 : n;
    pk->cpu_logical = h->allowed > 0 ? h->allowed : h->cpus;
    pk->fp32_gflops = (double)n * lanes * 2.0 * mhz / 1000.0;
    snprintf(pk->fp32_brief, sizeof pk->fp32_brief, "CPU%s from this host: %d %s x %d lanes x 2 x %.0f MHz", est, n,
             upper ? (n == 1 ? "logical CPU" : "logical CPUs") : (n == 1 ? "core" : "cores"), lanes, mhz);
    snprintf(pk->fp32_source, sizeof pk->fp32_source, "%s. %s: %s. Lanes: %s; %s. Clock: %s", pk->fp32_brief,
             "Cores", cores, width, fma, clock);
    pk->fp32_kind = bound || upper ? PEAK_ESTIMATE : PEAK_THEORETICAL;
    /* Where the row alone is in doubt (its 512-bit FMAs), its figure at 256 bits bounds the peak from
     * below; where the cores were not read, nothing does (how many threads share a core is unknown). */
    int low = bound && !upper ? cpufma_lanes_low(h, bits) : 0;
    if (low > 0 && low < lanes) pk->fp32_low_gflops = (double)n * low * 2.0 * mhz / 1000.0;
    pk->fp64_low_gflops = pk->fp32_low_gflops / 2;
    pk->fp64_gflops = pk->fp32_gflops / 2;
    pk->fp64_kind = pk->fp32_kind;
    snprintf(pk->fp64_source, sizeof pk->fp64_source, "CPU%s from this host: half the FP32 peak's %d lanes, a double "
             "being two floats wide in the same FMA units", est, lanes);
    return 1;
}

static void derive_fp32(const struct devprops *p, const struct hostcpu *host, struct peak *pk)
{
    if (derive_cpu(p, host, pk)) return;
    const char *why;
    pk->lanes_per_cu = peak_fp32_lanes(p, &why);
    if (pk->lanes_per_cu > 0 && p->clock_mhz > 0 && p->compute_units > 0) {
        pk->fp32_gflops = (double)p->compute_units * pk->lanes_per_cu * 2.0 * p->clock_mhz / 1000.0;
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "%s: %u CU x %d lanes x 2 x %u MHz",
                 why, p->compute_units, pk->lanes_per_cu, p->clock_mhz);
        /* A CPU's row of peak_vendors.c's lanes is an estimate, as derive_cpu's is where no row tells its FMA units. */
        if (p->type & CL_DEVICE_TYPE_CPU) pk->fp32_kind = PEAK_ESTIMATE;
    } else if (pk->lanes_per_cu > 0) {
        /* Intel's CPU runtime reports a maximum clock of 0 MHz: nothing is invented from it. */
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "unknown: the device reports %s; set CLX_PEAK_GFLOPS",
                 p->clock_mhz == 0 ? "a clock of 0 MHz" : "no compute units");
    } else {
        snprintf(pk->fp32_source, sizeof pk->fp32_source, "unknown: %s; set CLX_PEAK_GFLOPS", why);
    }
}

/* say_rate_unknown: why the FP64 or FP16 peak (kind "FP64" or "FP16") is unknown, in the user's terms:
 * the device reports no clock or compute units where clx has a rate for it (rate > 0), else clx has
 * none for the generation why names (NULL: none for the device at all); and which CLX_PEAK_ to set. */
static void say_rate_unknown(char *out, size_t size, const char *kind, int rate, const char *why)
{
    int reported = why && rate > 0;
    char column[8];
    size_t i = 0;
    for (; kind[i] && i + 1 < sizeof column; i++) column[i] = (char)tolower((unsigned char)kind[i]);
    column[i] = '\0';
    snprintf(out, size, "unknown: %s%s%s%s; set CLX_PEAK_%s_GFLOPS to %s %s peak in GFLOP/s for the pct_%s_peak column",
             reported ? "the device reports no clock or compute units" : "clx knows no ", reported ? "" : kind,
             reported ? "" : " rate for ", reported ? "" : why ? why : "this device",
             kind, why ? "the device's" : "its", kind, column);
}

/* derive_other: the FP64 and FP16 peaks, results per clock per CU x 2 for the fma x CUs x clock,
 * the rates from nv_rows (NVIDIA) or peak_vendors.c (AMD, Intel); a CPU holds half as many doubles as
 * floats in the same vector units, so FP64 is half its FP32 estimate (derive_cpu's where the host
 * says); anything else is unknown (0). None at all on a device without double precision. */
static void derive_other(const struct devprops *p, struct peak *pk)
{
    const struct nv_row *r = p->nv_cc_major >= 0 ? nv_row(p) : NULL;
    struct vendor_rates v;
    peak_vendor_rates(p, &v);
    int cus = r ? 1 : v.cus_per_unit;
    int fp64 = r ? r->fp64 : v.fp64;
    int fp16 = r ? r->fp16 : v.fp16;
    const char *why = r ? r->why : v.why;
    const char *unit = cus > 1 ? " (units of 2 CUs)" : "";
    double ghz_cu = (double)p->compute_units * p->clock_mhz / 1000.0;
    if (!p->has_fp64) {
        /* No double precision (fp64 no): no kernel of it runs, whatever the units could do. */
        pk->fp64_gflops = 0;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "none: the device has no double precision (no cl_khr_fp64, "
                 "no CL_DEVICE_DOUBLE_FP_CONFIG)");
    } else if (pk->fp64_gflops > 0) {
        /* derive_cpu's, from the host's FMA units. */
    } else if (fp64 > 0 && ghz_cu > 0) {
        pk->fp64_gflops = ghz_cu * fp64 * 2.0;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "%s: %u CU%s x %d FP64 results/clock x 2 x %u MHz",
                 why, p->compute_units, unit, fp64, p->clock_mhz);
    } else if (!r && p->nv_cc_major < 0 && (p->type & CL_DEVICE_TYPE_CPU) && pk->fp32_gflops > 0) {
        pk->fp64_gflops = pk->fp32_gflops / 2;
        pk->fp64_kind = PEAK_ESTIMATE;
        snprintf(pk->fp64_source, sizeof pk->fp64_source, "CPU (upper-bound estimate): half the FP32 estimate, "
                 "a double being two floats wide");
    } else {
        say_rate_unknown(pk->fp64_source, sizeof pk->fp64_source, "FP64", fp64, why);
    }
    int int32 = r ? r->int32 : 0;
    if (int32 > 0 && ghz_cu > 0) {
        pk->int32_gops = ghz_cu * int32 * 2.0;
        snprintf(pk->int32_source, sizeof pk->int32_source, "%s: %u CU x %d INT32 multiply-adds/clock x 2 x %u MHz",
                 r->why, p->compute_units, int32, p->clock_mhz);
    } else {
        snprintf(pk->int32_source, sizeof pk->int32_source, "unknown: clx knows no INT32 rate for this device");
    }
    if (fp16 > 0 && ghz_cu > 0) {
        pk->fp16_gflops = ghz_cu * fp16 * 2.0;
        snprintf(pk->fp16_source, sizeof pk->fp16_source, "%s: %u CU%s x %d FP16 results/clock (half2) x 2 x %u MHz",
                 why, p->compute_units, unit, fp16, p->clock_mhz);
    } else {
        say_rate_unknown(pk->fp16_source, sizeof pk->fp16_source, "FP16", fp16, why);
    }
}

/* The peaks a spec's flops_peak can name: its code, the column a row's share goes in, the peak. */
static const struct { int which; enum column_id column; size_t at; } peak_kinds[] = {
    {  32, COL_pct_fp32_peak,   offsetof(struct peak, fp32_gflops) },
    {  64, COL_pct_fp64_peak,   offsetof(struct peak, fp64_gflops) },
    {  16, COL_pct_fp16_peak,   offsetof(struct peak, fp16_gflops) },
    { 116, COL_pct_tensor_peak, offsetof(struct peak, tensor_f16_gflops) },
    { 119, COL_pct_tensor_peak, offsetof(struct peak, tensor_tf32_gflops) },
    { 108, COL_pct_tensor_peak, offsetof(struct peak, tensor_int8_gops) },
};

double peak_of_kind(const struct peak *pk, double which, const char **column)
{
    for (size_t i = 0; i < COUNT(peak_kinds); i++)
        if (peak_kinds[i].which == which) {
            *column = column_name(peak_kinds[i].column);
            return *(const double *)((const char *)pk + peak_kinds[i].at);
        }
    *column = NULL;
    return 0;
}

const char *peak_kind_column(int i)
{
    return i >= 0 && (size_t)i < COUNT(peak_kinds) ? column_name(peak_kinds[i].column) : NULL;
}

/* derive_tensor: the matrix engines' dense peaks from nv_tensor_rows x CUs x the maximum clock. */
static void derive_tensor(const struct devprops *p, struct peak *pk)
{
    double ghz_cu = (double)p->compute_units * p->clock_mhz / 1000.0;
    for (size_t i = 0; i < COUNT(nv_tensor_rows) && p->nv_cc_major >= 0; i++)
        if (nv_tensor_rows[i].major == p->nv_cc_major && nv_tensor_rows[i].minor == p->nv_cc_minor && ghz_cu > 0) {
            pk->tensor_f16_gflops = ghz_cu * nv_tensor_rows[i].f16;
            pk->tensor_tf32_gflops = pk->tensor_f16_gflops / 2;
            pk->tensor_int8_gops = pk->tensor_f16_gflops * 2;
            snprintf(pk->tensor_source, sizeof pk->tensor_source, "%s: %u CU x %d FP16 operations/clock x %u MHz "
                     "(TF32 half, INT8 twice; an upper bound: NVIDIA quotes a lower tensor clock)",
                     nv_tensor_rows[i].why, p->compute_units, nv_tensor_rows[i].f16, p->clock_mhz);
            return;
        }
    snprintf(pk->tensor_source, sizeof pk->tensor_source, "unknown: clx knows no matrix-engine rate for this device; "
             "set CLX_PEAK_TENSOR_GFLOPS to its dense FP16 matrix peak in GFLOP/s (TF32 taken as half, INT8 twice)");
}

static void derive_mem(const struct devprops *p, const struct hostcpu *host, struct peak *pk)
{
    for (size_t i = 0; i < COUNT(mem_rows); i++) {
        const struct mem_row *r = &mem_rows[i];
        if (r->min_cu && p->compute_units < r->min_cu) continue;
        if (peak_name_matches(p->name, r->pattern) || (p->board[0] && peak_name_matches(p->board, r->pattern))) {
            pk->mem_gbs = r->gbs;
            pk->cache_bytes = r->cache;
            snprintf(pk->mem_source, sizeof pk->mem_source, "%s", r->source);
            snprintf(pk->cache_source, sizeof pk->cache_source, "%s", r->cache_source);
            return;
        }
    }
    /* Not in the table: OpenCL has no bandwidth query, but it does report the cache size. */
    pk->mem_gbs = 0;
    pk->cache_bytes = (double)p->cache_size;
    snprintf(pk->cache_source, sizeof pk->cache_source, "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (the device's report)");
    /* A CPU device's last-level cache is the host's: Intel's runtime reports its per-core L2. */
    if (host && (p->type & CL_DEVICE_TYPE_CPU) && host->llc_bytes > pk->cache_bytes) {
        char *dev = size_words((double)p->cache_size);
        snprintf(pk->cache_source, sizeof pk->cache_source, "the host's L%d (sysfs), larger than the device's report (%s)",
                 host->llc_level, dev);
        free(dev);
        pk->cache_bytes = host->llc_bytes;
    }
    snprintf(pk->mem_source, sizeof pk->mem_source, "unknown: OpenCL reports no memory bandwidth and clx has no "
             "datasheet figure for this device; set CLX_PEAK_GBS to its bandwidth in GB/s for the pct_bw_peak column");
}

void peak_derive(const struct devprops *p, struct peak *pk)
{
    /* A simulator's type says CPU among others (Oclgrind's), and the host is not its device. */
    if (simulator_of(p->platform, p->name)) {
        peak_derive_on(p, NULL, pk);
        return;
    }
    peak_derive_on(p, (p->type & CL_DEVICE_TYPE_CPU) ? hostcpu_this() : NULL, pk);
    struct pcilink l;
    char why[PCILINK_WHY];
    if (pk->link_gbs > 0) return;                 /* CLX_PEAK_LINK_GBS said it */
    if (p->type & CL_DEVICE_TYPE_CPU)
        snprintf(pk->link_source, sizeof pk->link_source, "none: a CPU device's memory is the host's");
    else if (pcilink_read("/sys", p->pci, &l, why, sizeof why) == 0) {
        pk->link_gbs = l.gbs;
        snprintf(pk->link_source, sizeof pk->link_source, "PCIe %g GT/s x%d (sysfs current_link_speed and _width of %s), "
                 "after the line code", l.gts, l.width, p->pci);
    } else
        snprintf(pk->link_source, sizeof pk->link_source, "unknown: %s; set CLX_PEAK_LINK_GBS", why);
}

/* simulated: a simulator's peaks: none, each source saying why (its times are an interpreter's, so
 * no percentage of a peak, and no CLX_PEAK_* figure either, means anything). */
static void simulated(const struct simulator *sim, struct peak *pk)
{
    char none[192];
    snprintf(none, sizeof none, "none: %s", simulator_why(sim));
    char *src[] = { pk->fp32_source, pk->fp64_source, pk->fp16_source, pk->tensor_source, pk->int32_source,
                    pk->mem_source, pk->cache_source, pk->link_source };
    size_t size[] = { sizeof pk->fp32_source, sizeof pk->fp64_source, sizeof pk->fp16_source, sizeof pk->tensor_source,
                      sizeof pk->int32_source, sizeof pk->mem_source, sizeof pk->cache_source, sizeof pk->link_source };
    for (size_t i = 0; i < sizeof src / sizeof *src; i++) snprintf(src[i], size[i], "%s", none);
}

void peak_derive_on(const struct devprops *p, const struct hostcpu *host, struct peak *pk)
{
    memset(pk, 0, sizeof *pk);
    const struct simulator *sim = simulator_of(p->platform, p->name);
    if (sim) {
        simulated(sim, pk);
        return;
    }
    derive_fp32(p, host, pk);
    derive_other(p, pk);
    derive_tensor(p, pk);
    derive_mem(p, host, pk);
    pk->ports_gbs = cpuports_gbs(p, host, pk->ports_source, sizeof pk->ports_source);
    peak_env_apply(pk);
}

const char *peak_kind_name(enum peak_kind k)
{
    return k == PEAK_ESTIMATE ? RJ_PEAK_KIND_ESTIMATE : k == PEAK_GIVEN ? RJ_PEAK_KIND_GIVEN : RJ_PEAK_KIND_THEORETICAL;
}

double peak_pct_at_clock(double pct, double max_mhz, double mhz)
{
    return max_mhz > 0 && mhz > max_mhz ? pct * max_mhz / mhz : pct;
}

char *peak_said(double value, const char *unit, const char *source)
{
    if (value > 0) return xasprintf("%.0f %s (%s)", value, unit, source);
    if (str_starts(source, "none: ")) return xasprintf("none (%s)", source + strlen("none: "));
    if (str_starts(source, "unknown: ")) source += strlen("unknown: ");
    return xasprintf("unknown (%s)", *source ? source : "not derived");
}
