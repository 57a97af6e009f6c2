/* peak_vendors.c — what clx knows of devices other than NVIDIA's: FP32 lanes per compute unit by
 * vendor (AMD, Intel GPUs; CPUs), and the FP32, FP64 and FP16 rates of AMD and Intel GPU
 * architectures recognised by device name, each row with its vendor source (peak_impl.h). */
#include "peak_impl.h"
#include "lib/util.h"
#include <string.h>
#include <strings.h>

/* FP32 lanes per compute unit for other vendors, by vendor-string substring (case-insensitive) and
 * device type. lanes = fixed + per_width x native float vector width. To add a vendor or a device
 * kind, add a row; the first row that matches wins, and an empty vendor matches any. An AMD or
 * Intel GPU whose arch_rows entry (below) has an explicit FP32 rate takes that instead. NVIDIA's
 * lanes are peak.c's nv_rows, by compute capability. */
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
      "CPU (upper-bound estimate: native float width x 2 FMA units per core; CU = logical CPUs, each counted as a "
      "core)" },
};

/* FP64 and FP16 (and, where the vendor says so explicitly, FP32) results per clock per compute unit
 * for AMD and Intel GPU architectures, in the units of peak.c's nv_rows: results (an fma is one
 * result, counted as 2 flops when the peak is derived; a packed pair gives 2 results). AMD's ROCm
 * tables give FLOPS/clock/CU, which already count an fma as 2, so their numbers are halved here.
 * The architecture is recognised from the device name OpenCL reports: ROCm names AMD devices by
 * gfx target ("gfx90a:sramecc+:xnack-"), Mesa's rusticl puts it in parentheses ("..., gfx1100, ..."),
 * Intel's runtime gives the product ("Intel(R) Iris(R) Xe Graphics"); the pattern is matched like
 * peak.c's mem_rows' (peak_name_matches: '*' separates parts that must appear in order), GPUs only, first match wins.
 * fp32 0 keeps lane_rows' vendor value; it is set only where the source gives the vector FP32 rate
 * explicitly and it differs (packed FP32 on CDNA2/3 counted like a half2 fma: both are one
 * instruction for two results). fp64 or fp16 0 means no vendor source was found: unknown, never
 * guessed. A row whose rates are all 0 still names the architecture, so the "unknown" text says
 * which one was recognised. The rates are per CU as AMD's pages count them; where AMD's runtime
 * reports work-group processors of two CUs as its compute units (RDNA), amd_cus_per_unit() below
 * scales them. To add an architecture, add a row with its vendor source's URL beside it; put
 * longer (more specific) patterns first. */
static const struct arch_row {
    const char *pattern;
    int fp32, fp64, fp16;
    const char *why;
} arch_rows[] = {
    /* https://rocm.docs.amd.com/en/latest/_sources/reference/gpu-arch/mi100.md ("Peak-performance
     * capabilities of MI100"): Vector FP64 64, Vector FP32 128 FLOPS/clock/CU (FP32 = lane_rows'
     * 64); only Matrix FP16 is given, not the vector (half2) rate: FP16 unknown. */
    { "gfx908",  0, 32,   0, "AMD CDNA gfx908 (MI100)" },
    /* https://rocm.docs.amd.com/en/docs-7.14.0/_sources/reference/gpu-arch/mi250.md ("Peak-performance
     * capabilities of the MI250 OAM"): Vector FP64 128, Vector FP32 128, Packed FP32 256
     * FLOPS/clock/CU; only Matrix FP16 given: FP16 unknown. FP32 from the Packed FP32 row. */
    { "gfx90a",  128, 64, 0, "AMD CDNA2 gfx90a (MI200, packed FP32)" },
    /* https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi300.html ("Peak-performance
     * capabilities of the MI300X"): Vector FP64 128, Vector FP32 256 FLOPS/clock/CU; only Matrix FP16
     * given: FP16 unknown. The MI325X is gfx942 too (ROCm's "AMD GPU specifications" table). */
    { "gfx942",  128, 64, 0, "AMD CDNA3 gfx942 (MI300)" },
    /* https://rocm.docs.amd.com/projects/rocprofiler-compute/en/develop/conceptual/rdna/system-speed-of-light.html:
     * RDNA3.5 (gfx115x) peaks as max_sclk x CUs x 128 (FP32, matching lane_rows' 64) and x 256 (FP16,
     * "packed FP16 at 2x the FP32 per-CU rate") GFLOP/s; no FP64 rate given. */
    { "gfx115",  0, 0,  128, "AMD RDNA3.5 gfx115x (Ryzen APU)" },
    /* No AMD source found with a per-CU FP64 or vector FP16 rate for RDNA2 or RDNA3 (RDNA3's dual
     * issue is not counted in FP32 either: the only AMD rate at hand, the RDNA3.5 page above, counts
     * 128 FP32 FLOPS/clock/CU; AMD's product pages, which count it, were not at hand): named, all
     * unknown. AMD's runtime reports these GPUs' work-group processors (see amd_cus_per_unit). */
    { "gfx110",  0, 0,  0,   "AMD RDNA3 gfx110x" },
    { "gfx103",  0, 0,  0,   "AMD RDNA2 gfx103x" },
    /* https://intel.com/content/www/us/en/docs/oneapi/optimization-guide-gpu/2023-1/intel-xe-gpu-architecture.html:
     * "EU operation throughput of Xe-LP": FP32 8, FP16 16 per EU per clock; FP64 not listed. */
    { "Iris(R) Xe", 0, 0, 16, "Intel Xe-LP (Iris Xe)" },
    /* No Intel source found with FP64/FP16 rates per EU for Xe-HPC (whose 512-bit vector engines may
     * also hold more than lane_rows' 8 FP32 lanes: left until a source says), Xe-HPG or Gen9 (Gen9's
     * and Xe-HPC's rates were found only on third-party pages, not used; Intel's Max Series technical
     * overview and the oneAPI guide's multi-stack page, at hand, give none): named, all unknown.
     * Intel's runtime may name a GPU by its PCI id alone ("Intel(R) Graphics [0x56a0]" for an Arc
     * A770 in clpeak issue 99, "[0x56c1]" for a Flex 140): such a name matches no row here. */
    { "Data Center GPU Max", 0, 0, 0, "Intel Xe-HPC (Data Center GPU Max)" },
    { "Arc(TM) A",   0, 0, 0, "Intel Xe-HPG (Arc A-series)" },
    { "UHD Graphics 6", 0, 0, 0, "Intel Gen9 (UHD Graphics 6xx)" },
};

/* find_ci: the first case-insensitive occurrence of needle (length n) in hay, or NULL. */
static const char *find_ci(const char *hay, const char *needle, size_t n)
{
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0) return hay;
    return n == 0 ? hay : NULL;
}

int peak_name_matches(const char *name, const char *pattern)
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

/* arch_row: the AMD/Intel architecture row for a GPU (none for NVIDIA, whose compute capability
 * peak.c's nv_rows keys, nor for CPUs), or NULL. */
static const struct arch_row *arch_row(const struct devprops *p)
{
    if (p->nv_cc_major >= 0 || !(p->type & CL_DEVICE_TYPE_GPU)) return NULL;
    for (size_t i = 0; i < COUNT(arch_rows); i++)
        if (peak_name_matches(p->name, arch_rows[i].pattern)) return &arch_rows[i];
    return NULL;
}

/* amd_cus_per_unit: AMD CUs in each compute unit the driver reports, from AMD's own description of
 * it (cl_amd_device_attribute_query): SIMDs per unit x lanes per SIMD over a CU's 64 FP32 lanes
 * (4 x 16 on GCN and CDNA, 2 x 32 on RDNA, ROCm's GPU specifications). AMD's runtime reports an RDNA
 * GPU's work-group processors, two CUs each, as its compute units when it runs them in WGP mode
 * (clr's GPU_ENABLE_WGP_MODE, on by default from gfx10), and says 4 SIMDs x 32: an RX 6800 XT's 72
 * CUs are 36 units (clinfo in ROCm/ROCm#1779), an RX 7900 XTX's 96 are 48 (ROCm/ROCm#5675). 1 for
 * any other GPU (Mesa's drivers report CUs and do not say) and for a description that is not a
 * whole number of CUs. */
static unsigned amd_cus_per_unit(const struct devprops *p)
{
    unsigned lanes = p->amd_simd_per_cu * p->amd_simd_width;
    if (!(p->type & CL_DEVICE_TYPE_GPU) || p->nv_cc_major >= 0 || lanes < 64 || lanes % 64) return 1;
    return lanes / 64;
}

int peak_vendor_lanes(const struct devprops *p, const char **why)
{
    for (size_t i = 0; i < COUNT(lane_rows); i++) {
        const struct lane_row *r = &lane_rows[i];
        if ((p->type & r->type) && str_icontains(p->vendor, r->vendor)) {
            /* An architecture row with its own vendor FP32 rate replaces the vendor-wide value. */
            const struct arch_row *a = arch_row(p);
            int cus = (int)amd_cus_per_unit(p);
            if (a && a->fp32 > 0) {
                *why = a->why;
                return a->fp32 * cus;
            }
            *why = cus > 1 ? "AMD GPU (64 lanes/CU; each compute unit AMD's runtime reports is a work-group processor "
                             "of 2 CUs, by its SIMDs x width; RDNA3 dual-issue not counted)" : r->why;
            return (r->fixed + r->per_width * (int)p->native_float_width) * cus;
        }
    }
    *why = "clx knows no FP32 lanes per compute unit for this kind of device";
    return 0;
}

void peak_vendor_rates(const struct devprops *p, struct vendor_rates *out)
{
    const struct arch_row *a = arch_row(p);
    /* arch_rows' rates are per CU; AMD's runtime may count two CUs as one unit. */
    out->cus_per_unit = (int)amd_cus_per_unit(p);
    out->fp64 = a ? a->fp64 * out->cus_per_unit : 0;
    out->fp16 = a ? a->fp16 * out->cus_per_unit : 0;
    out->why = a ? a->why : NULL;
}
