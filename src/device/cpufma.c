/* cpufma.c — a CPU core's FMA units and their width by vendor, family and model (Arm's cores by
 * implementer and part), and the vector width a CPU device's kernels run at (cpufma.h). */
#include "cpufma.h"
#include "hostcpu.h"
#include <stdio.h>
#include <string.h>

/* FMA units per core by CPU family, from the vendors' documents (facts only: a row says what its
 * numbers come from). vendor is cpuinfo's vendor_id, family its "cpu family" and lo..hi a range of its
 * "model", as Linux prints them (decimal, CPUID's extended fields folded in; the ranges are Linux's:
 * arch/x86/kernel/cpu/amd.c's "Figure out Zen generations", arch/x86/include/asm/intel-family.h). An
 * Arm core's row has vendor ARM_CORE, family its "CPU implementer" (0x41, Arm) and lo..hi its "CPU
 * part" (arch/arm64/include/asm/cputype.h: 0xd0c Neoverse N1, 0xd40 Neoverse V1).
 * units FMA units of bits each take a vector up to that wide a clock each, a wider one taking
 * width/bits of them (Zen's 256-bit AVX as two 128-bit halves); units512, where not 0, is the 512-bit
 * FMAs a core starts a clock, which no width rule tells (Zen 4 starts one on its two 256-bit units,
 * Ice Lake client one on its fused ports 0 and 1). bound 1: the model number cannot tell units512
 * (Xeon SKUs of one model differ), so the row gives the most and says it is an upper bound at 512
 * bits (at 256 bits those cores agree). split 1: a core without FMA, each of its units a multiply and
 * an add of bits on separate ports, which do an FMA's two flops a lane a clock as two instructions.
 * A CPU with no row keeps clx's rule, 2 FMA units of the full width, or, where x86's flags list no FMA
 * (hostcpu.h's no_fma), a multiply and an add of the full width a clock; either said as an upper
 * bound. To add a family: a row, with its document below. Sources:
 *   [17h]   Software Optimization Guide for AMD Family 17h Processors (pub. 55723): Zen's FP unit is
 *           four 128-bit pipes, FMA on two; "operations on 256-bit data types are cracked into two"
 *           (as LLVM's X86ScheduleZnver1.td quotes it). Zen+ is the same core.
 *   [17h30] Software Optimization Guide for AMD Family 17h Models 30h and Greater (pub. 56305): Zen 2
 *           widens the FP pipes to 256 bits, a 256-bit FMA issuing whole on pipe 0 or 1
 *           (X86ScheduleZnver2.td; AMD's Zen 2 disclosure: "increased the execution unit width from
 *           128-bit to 256-bit", as AnandTech's Zen 2 analysis quotes it).
 *   [19h]   Software Optimization Guide for AMD Family 19h Processors (pub. 56665), 2.11.1: (v)FMA on
 *           FP pipes 0 and 1, 256 bits each (X86ScheduleZnver3.td).
 *   [zen4]  Software Optimization Guide for AMD Family 19h (Zen4) (pub. 57647), 2.11: the same two
 *           256-bit FMA pipes, a 512-bit FMA taking the pair two cycles where a 256-bit one takes one
 *           (X86ScheduleZnver4.td's WriteFMAZ and WriteFMAY): one 512-bit FMA a clock. On a 2-vCPU
 *           Zen 4 EPYC (family 25, model 17) Intel's CPU runtime's fp32_fma reached 201 GFLOP/s, 85%
 *           of the 236.8 this gives at its 3700 MHz; the rule's 473.6 had it at 42%.
 *   [zen5]  AMD's Zen 5 material (Software Optimization Guide for the AMD Zen5 Microarchitecture, pub.
 *           58455; the GCC znver5 patch) gives Zen 5 a 512-bit FP datapath, two FMA pipes of it. Its
 *           mobile parts (Ryzen AI 300) are reported to run AVX-512 on 256 bits, which no AMD document
 *           at hand says, nor by which model numbers: the row is the upper bound, said so.
 *   [intel] Intel 64 and IA-32 Architectures Optimization Reference Manual, 2.1.1.5: "All processors
 *           based on Ice Lake Client microarchitecture contain a single 512-bit FMA unit" (ports 0 and
 *           1, each a 256-bit FMA unit, fused). Intel ark's "# of AVX-512 FMA Units" of the Xeon
 *           Scalable SKUs of model 55h (Skylake, Cascade Lake): 2 on Platinum, Gold 6xxx and 5122/5222,
 *           1 on the other Gold 5xxx, Silver and Bronze (listed by github.com/jeffhammond/vpu-count).
 *   [snb]   The same manual's Sandy Bridge execution core (Ivy Bridge keeps it): no FMA; a 256-bit FP
 *           multiply on port 0 and a 256-bit FP add on port 1, one each a clock (LLVM's
 *           X86SchedSandyBridge.td, its model for both: WriteFMulY on port 0, WriteFAddY on port 1):
 *           16 FP32 flops a clock, not the 32 of two FMA units. Models 2Ah, 2Dh (Sandy Bridge, -E/EP),
 *           3Ah, 3Eh (Ivy Bridge, -E/EP).
 *   [n1]    Arm Neoverse N1 Software Optimization Guide: FP/ASIMD pipes V0 and V1, 128 bits, an ASIMD
 *           FP multiply-accumulate (FMLA) on either (LLVM's AArch64SchedNeoverseN1.td, which cites it:
 *           "ASIMD FP multiply accumulate" N1Write_4c_1V, one of the two V pipes): 2 of 128 bits.
 *   [v1]    Arm Neoverse V1 Software Optimization Guide (r1p2): FP/ASIMD pipes V0-V3; "ASIMD FP multiply
 *           accumulate" FMLA: throughput 4, pipelines V; SVE (its vectors 256 bits, 2 Overview) "Floating
 *           point multiply accumulate": throughput 2, pipelines V01: 4 FMAs of 128 bits or 2 of 256, 16
 *           FP32 lanes a clock either way.
 * No document at hand gives Tiger Lake's, Rocket Lake's, Ice Lake server's or Sapphire Rapids' (model
 * 8Fh) count, nor Emerald Rapids' (model CFh: intel-family.h's EMERALDRAPIDS_X; Sapphire Rapids' cores,
 * 2 AVX-512 FMA units a core on its Gold and Platinum parts as Intel lists them, the SKUs a model number
 * does not tell apart): those keep the rule (2 FMA units of the full width), an upper bound. Nor the Cortex-A72's (its
 * Software Optimization Guide, UAN 0016A, was not at hand): LLVM's model of the Cortex-A57 it follows
 * (AArch64SchedA57.td) has a 128-bit FMLA take both FP pipes, one a clock, where the rule counts two:
 * no row, the rule's upper bound. */
#define ARM_CORE "ARM"
static const struct fma_row {
    const char *vendor;
    int family, lo, hi;
    int units, bits, units512, bound, split;
    const char *name, *why;
} rows[] = {
#define ZEN1 "2 FMA units of 128 bits, 256-bit AVX executed as two 128-bit halves"
#define ZEN2 "2 FMA units of 256 bits"
#define ZEN5 "2 FMA units of 512 bits, as on desktop and server parts; mobile parts are reported to execute " \
             "AVX-512 as two 256-bit halves, which the model number does not tell"
    { "AuthenticAMD", 0x17, 0x00, 0x2f, 2, 128, 0, 0, 0, "AMD Zen/Zen+", ZEN1 },                 /* [17h] */
    { "AuthenticAMD", 0x17, 0x50, 0x5f, 2, 128, 0, 0, 0, "AMD Zen/Zen+", ZEN1 },
    { "AuthenticAMD", 0x17, 0x30, 0x4f, 2, 256, 0, 0, 0, "AMD Zen 2", ZEN2 },                    /* [17h30] */
    { "AuthenticAMD", 0x17, 0x60, 0x7f, 2, 256, 0, 0, 0, "AMD Zen 2", ZEN2 },
    { "AuthenticAMD", 0x17, 0x90, 0x91, 2, 256, 0, 0, 0, "AMD Zen 2", ZEN2 },
    { "AuthenticAMD", 0x17, 0xa0, 0xaf, 2, 256, 0, 0, 0, "AMD Zen 2", ZEN2 },
    { "AuthenticAMD", 0x19, 0x00, 0x0f, 2, 256, 0, 0, 0, "AMD Zen 3", ZEN2 },                    /* [19h] */
    { "AuthenticAMD", 0x19, 0x20, 0x5f, 2, 256, 0, 0, 0, "AMD Zen 3", ZEN2 },
    { "AuthenticAMD", 0x19, 0x10, 0x1f, 2, 256, 1, 0, 0, "AMD Zen 4",                            /* [zen4] */
      "2 FMA units of 256 bits, AVX-512 executed as two 256-bit halves" },
    { "AuthenticAMD", 0x19, 0x60, 0xaf, 2, 256, 1, 0, 0, "AMD Zen 4",
      "2 FMA units of 256 bits, AVX-512 executed as two 256-bit halves" },
    { "AuthenticAMD", 0x1a, 0x00, 0x2f, 2, 512, 2, 1, 0, "AMD Zen 5", ZEN5 },                    /* [zen5] */
    { "AuthenticAMD", 0x1a, 0x40, 0x4f, 2, 512, 2, 1, 0, "AMD Zen 5", ZEN5 },
    { "AuthenticAMD", 0x1a, 0x60, 0x7f, 2, 512, 2, 1, 0, "AMD Zen 5", ZEN5 },
    { "GenuineIntel", 6, 0x7d, 0x7e, 2, 256, 1, 0, 0, "Intel Ice Lake client",                   /* [intel] */
      "1 FMA unit of 512 bits (ports 0 and 1 fused), 2 of 256 bits" },
    { "GenuineIntel", 6, 0x55, 0x55, 2, 256, 2, 1, 0, "Intel Xeon Scalable (Skylake, Cascade Lake)",
      "1 or 2 FMA units of 512 bits by SKU, which the model number does not tell; 2 of 256 bits" },
#define SNB "no FMA: a 256-bit multiply on port 0 and a 256-bit add on port 1"
    { "GenuineIntel", 6, 0x2a, 0x2a, 1, 256, 0, 0, 1, "Intel Sandy Bridge", SNB },               /* [snb] */
    { "GenuineIntel", 6, 0x2d, 0x2d, 1, 256, 0, 0, 1, "Intel Sandy Bridge-E/EP", SNB },
    { "GenuineIntel", 6, 0x3a, 0x3a, 1, 256, 0, 0, 1, "Intel Ivy Bridge", SNB },
    { "GenuineIntel", 6, 0x3e, 0x3e, 1, 256, 0, 0, 1, "Intel Ivy Bridge-E/EP", SNB },
    { ARM_CORE, 0x41, 0xd0c, 0xd0c, 2, 128, 0, 0, 0, "Arm Neoverse N1", "2 FMA units of 128 bits" },    /* [n1] */
    { ARM_CORE, 0x41, 0xd40, 0xd40, 4, 128, 0, 0, 0, "Arm Neoverse V1",                                 /* [v1] */
      "4 FMA units of 128 bits (NEON), which SVE's 256-bit vectors take two at a time" },
#undef SNB
#undef ZEN1
#undef ZEN2
#undef ZEN5
};

/* matches: whether row r is h's CPU: an x86 vendor, family and model, or an Arm implementer and part. */
static int matches(const struct fma_row *r, const struct hostcpu *h)
{
    if (!strcmp(r->vendor, ARM_CORE)) return h->implementer == r->family && h->part >= r->lo && h->part <= r->hi;
    return !strcmp(h->vendor, r->vendor) && h->family == r->family && h->model_no >= r->lo && h->model_no <= r->hi;
}

static const struct fma_row *row_of(const struct hostcpu *h)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (matches(&rows[i], h)) return &rows[i];
    return NULL;
}

/* said_cpu: how h's CPU is named for its row ("family 19h, model 11h"; Arm's "implementer 41h, part D0Ch"). */
static void said_cpu(const struct fma_row *r, const struct hostcpu *h, char *out, size_t n)
{
    if (!strcmp(r->vendor, ARM_CORE)) snprintf(out, n, "implementer %Xh, part %03Xh", h->implementer, h->part);
    else snprintf(out, n, "family %Xh, model %02Xh", h->family, h->model_no);
}

/* stated_bits: the vector width a CPU device's name states ("..., 256 bits)"), 0 where it states none. */
static int stated_bits(const char *name)
{
    for (const char *s = strstr(name, " bits"); s; s = strstr(s + 1, " bits")) {
        const char *d = s;
        while (d > name && d[-1] >= '0' && d[-1] <= '9') d--;
        int v = 0;
        for (const char *c = d; c < s && v < 1 << 16; c++) v = v * 10 + (*c - '0');
        if (d < s && v >= 32) return v;
    }
    return 0;
}

int cpufma_width(const struct devprops *p, const struct hostcpu *h, char *said, size_t n)
{
    if (n) said[0] = '\0';
    if (!h || h->simd_floats <= 0) return 0;
    int host = 32 * h->simd_floats, bits = host;
    const char *from = NULL;
    /* A native width of 1 says how a work-item's code is written, not the vectors its compiler packs
     * work-items into (llvmpipe says 1 and 256 bits in its name; Intel's runtime 16): no cap. */
    int named = stated_bits(p->name), native = p->native_float_width > 1 ? 32 * (int)p->native_float_width : 0;
    if (named && named < bits) bits = named, from = "as the device's name states";
    if (native && native < bits) bits = native, from = "as its native float vector width says";
    if (from) snprintf(said, n, "%d bits, %d floats, %s (the host has %s)", bits, bits / 32, from, h->simd);
    else snprintf(said, n, "%s, %d floats", h->simd, h->simd_floats);
    return bits;
}

int cpufma_lanes(const struct hostcpu *h, int bits, int *bound, char *why, size_t n)
{
    if (n) why[0] = '\0';
    *bound = 1;
    if (bits <= 0) return 0;
    const struct fma_row *r = h ? row_of(h) : NULL;
    /* Without a row, x86 flags that list no FMA: a multiply and an add of the full width a clock at most. */
    int split = r ? r->split : h && h->no_fma;
    int lanes;
    if (!r) lanes = (split ? 1 : 2) * bits / 32;
    else if (bits >= 512 && r->units512) lanes = r->units512 * 16;
    else lanes = r->units * (bits < r->bits ? bits : r->bits) / 32;
    /* What a clock does in vectors of that width: FMAs, or (split) multiplies and adds as many each. */
    double fmas = lanes * 32.0 / bits;
    char ops[64];
    if (split) snprintf(ops, sizeof ops, "%g multipl%s and %g add%s a clock", fmas, fmas == 1 ? "y" : "ies", fmas,
                        fmas == 1 ? "" : "s");
    else snprintf(ops, sizeof ops, "%g FMA%s a clock", fmas, fmas == 1 ? "" : "s");
    if (r) {
        char cpu[48];
        said_cpu(r, h, cpu, sizeof cpu);
        *bound = r->bound && bits >= 512;
        snprintf(why, n, "%s: %s (%s): %s%s", ops, r->name, cpu, *bound ? "upper bound: " : "", r->why);
        return lanes;
    }
    const char *rule = split ? "clx's rule for a CPU without FMA (its flags list neither fma nor fma4), a multiply and "
                               "an add unit of the full width"
                             : "clx's rule of 2 FMA units of the full width";
    if (h && h->vendor[0] && h->family >= 0 && h->model_no >= 0)
        snprintf(why, n, "%s: %s, its table of CPU families having no row for %s family %Xh, model %02Xh", ops, rule,
                 h->vendor, h->family, h->model_no);
    else if (h && h->implementer > 0 && h->part >= 0)
        snprintf(why, n, "%s: %s, its table of CPU families having no row for implementer %Xh, part %03Xh", ops, rule,
                 h->implementer, h->part);
    else
        snprintf(why, n, "%s: %s, the host's cpuinfo naming no vendor, family and model for its table of CPU families",
                 ops, rule);
    return lanes;
}

int cpufma_lanes_low(const struct hostcpu *h, int bits)
{
    const struct fma_row *r = h ? row_of(h) : NULL;
    if (!r || !r->bound || bits < 512) return 0;
    return r->units * (r->bits < 256 ? r->bits : 256) / 32;
}
