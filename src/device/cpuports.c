/* cpuports.c — the upper limit of what a CPU's load/store ports move (cpuports.h). */
#include "cpuports.h"
#include "cpufma.h"
#include "hostcpu.h"
#include "peak.h"
#include <stdio.h>

/* Why CPU_PORT_VECTORS is 6: a load or store moves at most one vector register, of at most the
 * widest width the core has, and the cores' documentation caps the memory operations a clock:
 *   AMD Zen 4 (Software Optimization Guide for AMD Family 19h, pub. 57647, 2.12 Load-Store Unit):
 *     "three largely independent pipe-lines enabling the execution of three 256-bit memory
 *     operations per cycle"; all three can be loads, at most two stores. With AVX-512 that is 1.5
 *     of its 64-byte vectors.
 *   AMD Zen 5 (Software Optimization Guide for the AMD Zen5 Microarchitecture, pub. 58455 rev.
 *     1.00): four memory operations a cycle, all four may be loads, at most two stores.
 *   Intel Golden Cove (Alder Lake's P-cores, Sapphire Rapids): three load ports (2, 3 and 11, as
 *     Intel's Optimization Reference Manual groups them) and two store-data ports (4 and 9): three
 *     256-bit loads or two 512-bit ones, and at most two stores, a cycle: 5 vectors at most.
 *   Arm Neoverse V2 (Software Optimization Guide, PJDOC-466751330-593177): two load/store pipes
 *     and one load pipe, three memory operations a cycle (two store-data pipes); were each a pair
 *     of 128-bit registers (LDP), still 6 of NEON's 16-byte vectors.
 * (As read from LLVM's scheduling models, which quote these guides: X86ScheduleZnver4.td,
 * X86ScheduleZnver5.td, X86SchedSapphireRapids.td, AArch64SchedNeoverseV2.td.) The most is Golden
 * Cove's 5 a core; 6 is above it, and counts every logical CPU as a core of its own (two SMT threads
 * share one core's ports), and SVE at its largest width (2048 bits: hostcpu.c). So it is loose by
 * design: a bound that never passes a row, not a rate; a full peaks run measures the caches' rates,
 * which replace it.
 * The vector is the width the device's kernels run at (cpufma_width, as the FP32 peak takes it), not the
 * host's widest: a runtime's kernels load and store the vectors its compiler builds them from. Mesa's
 * llvmpipe (rusticl) builds its LLVM IR at its native vector width, which its name states ("256 bits":
 * LP_NATIVE_VECTOR_WIDTH's default on an AVX-512 host too), so its ports move 32-byte vectors there and
 * the host's 64 bytes doubled its limit; PoCL and Intel's runtime build for the host's CPU (native float
 * width 16 on AVX-512: cpufma_width keeps the host's widest). */
double cpuports_gbs(const struct devprops *p, const struct hostcpu *h, char *source, size_t n)
{
    if (n) source[0] = '\0';
    if (!(p->type & CL_DEVICE_TYPE_CPU) || !h || h->cpus <= 0 || h->simd_floats <= 0) return 0;
    int timed;
    char clock[192];
    double mhz = hostcpu_clock(h, p->clock_mhz, CPU_TIMED_SLACK, &timed, clock, sizeof clock);
    if (!(mhz > 0)) return 0;
    char width[160];
    int bits = cpufma_width(p, h, width, sizeof width);
    if (bits <= 0) return 0;
    int bytes = bits / 8;
    /* The formula, then a sentence for each factor in words, as the FP32 peak's source (no brackets
     * within brackets: the width's words and the clock's have their own). */
    snprintf(source, n, "%d logical CPUs x %d vectors loaded or stored/clock x %d bytes x %.0f MHz. Vectors: %s. Clock: %s",
             h->cpus, CPU_PORT_VECTORS, bytes, mhz, width, clock);
    return (double)h->cpus * CPU_PORT_VECTORS * bytes * mhz / 1000.0;
}
