/* cpufma.h — what a CPU device's cores multiply-add a clock: the vector width its kernels run at (the
 * host's widest, capped by a narrower one the device states) and the FP32 FMA lanes a core completes
 * a clock at that width, from a table of CPU families built from the vendors' documents (cpufma.c:
 * x86 by vendor, family and model, Arm's cores by implementer and part), else the upper-bound rule of
 * 2 FMA units of the full width (a multiply and an add unit where x86's flags list no FMA). A lane of
 * a core without FMA is a multiply and an add a clock: an FMA's two flops. peak.c reckons a CPU's
 * FP32 and FP64 peaks from them. */
#ifndef CPUFMA_H
#define CPUFMA_H
#include "ocl.h"
#include <stddef.h>

struct hostcpu;

/* cpufma_width: the vector width in bits a CPU device p's kernels run at on host h: h's widest
 * (hostcpu.h's simd_floats), capped by a narrower width the device states: a name saying "N bits"
 * (llvmpipe's "llvmpipe (LLVM 15.0.6, 256 bits)"), else CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT above 1.
 * said (n bytes) names it: "AVX-512, 16 floats", or "256 bits, 8 floats, as the device's name states
 * (the host has AVX-512)". 0 (and "") where h says no width. */
int cpufma_width(const struct devprops *p, const struct hostcpu *h, char *said, size_t n);

/* cpufma_lanes: the FP32 FMA lanes a core of h completes a clock with vectors of bits: from its row of
 * the table (vendor, family, model; Arm: implementer, part), else 2 FMA units of the full width, or
 * one multiply and one add unit of it where h says no FMA (no_fma). *bound is 1 where that is an
 * upper bound (no row, or a row whose model number cannot tell), else 0; why (n bytes) says how, e.g.
 * "1 FMA a clock: AMD Zen 4 (family 19h, model 11h): 2 FMA units of 256 bits, AVX-512 executed as two
 * 256-bit halves", "1 multiply and 1 add a clock: Intel Sandy Bridge (family 6h, model 2Ah): no FMA:
 * ...". 0 for a width of 0. */
int cpufma_lanes(const struct hostcpu *h, int bits, int *bound, char *why, size_t n);
/* cpufma_lanes_low: where cpufma_lanes's figure for bits is an upper bound because its row's model
 * number cannot tell the 512-bit FMAs (a Zen 5 part that may run AVX-512 as two 256-bit halves, a
 * Xeon Scalable SKU with one 512-bit unit), the lanes a core of that row completes at the least: its
 * figure at 256 bits, which all its cores agree on. 0 where the figure is exact, or an upper bound
 * with no lower figure (no row: clx's rule of 2 full-width units says nothing of how few). */
int cpufma_lanes_low(const struct hostcpu *h, int bits);
#endif
