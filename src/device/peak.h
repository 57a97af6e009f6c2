/* peak.h — theoretical ceilings of a device (FP32 GFLOP/s, memory GB/s) from its properties,
 * through data tables keyed by vendor/architecture and by device name. */
#ifndef PEAK_H
#define PEAK_H
#include "ocl.h"
#include "pcilink.h"

/* What a peak figure is, for those who judge a rate against it (run.json's peak.FIGURE_kind, sol's
 * ceilings' kind, a finding's share of it): a rate from clx's tables or a datasheet (theoretical: the
 * device's own); an upper-bound estimate where no table knows the device (a CPU's whose family has no
 * row in cpufma.c: every core's widest vector x 2 FMA units at its fastest clock; or whose cores sysfs
 * did not tell, every logical CPU counted as a core: its kernels may come nowhere near it, and a share
 * of it is a lower bound of the share of the true peak); or the figure a CLX_PEAK_* variable gave (the
 * user's word). */
enum peak_kind { PEAK_THEORETICAL, PEAK_ESTIMATE, PEAK_GIVEN };
/* peak_kind_name: run.json's word for k ("theoretical", "estimate", "environment": runjson.h's RJ_PEAK_KIND_*). */
const char *peak_kind_name(enum peak_kind k);

struct peak {
    double fp32_gflops;       /* compute units x lanes x 2 x clock; 0 when unknown */
    int lanes_per_cu;         /* FP32 lanes per compute unit used for it; 0 when unknown */
    char fp32_source[1216];   /* how it was derived, e.g. "NVIDIA cc 9.0: 128 lanes/CU" (a CPU's: the formula,
                               * then a sentence each on its cores, FMA units and vector width, and clock:
                               * cpucores.h, cpufma.h, hostcpu.h) */
    char fp32_brief[160];     /* a CPU's formula alone, the start of fp32_source ("CPU from this host: 2 cores
                               * x 16 lanes x 2 x 3700 MHz"), which the console says (clx devices and run.json
                               * say the rest); "" elsewhere. A source that does not start with it (a
                               * CLX_PEAK_GFLOPS given) is said whole */
    int cpu_cores, cpu_logical; /* a CPU device's peaks from the host: the physical cores they count (0 where
                               * sysfs could not say, every logical CPU then counted as one) and the logical
                               * CPUs this process may run on; 0 and 0 elsewhere */
    double fp64_gflops, fp16_gflops; /* the same for FP64 and FP16 (half2); 0 when unknown */
    double fp32_low_gflops, fp64_low_gflops; /* an estimate's own lower figure, where its derivation states
                               * how far it may be off (a CPU family's row whose model number cannot tell its
                               * 512-bit FMAs: its figure at 256 bits, cpufma_lanes_low): the true peak is no
                               * lower. 0 where the figure is no estimate or its derivation gives none */
    char fp64_source[256], fp16_source[256];
    /* Matrix engines (NVIDIA tensor cores), dense: f16/bf16 into f32, tf32, int8 (operations
     * counted like flops); 0 when unknown. */
    double tensor_f16_gflops, tensor_tf32_gflops, tensor_int8_gops;
    char tensor_source[256];
    double int32_gops;        /* 32-bit integer multiply-adds x 2 (NVIDIA's table); 0 when unknown */
    char int32_source[192];
    double mem_gbs;           /* datasheet DRAM bandwidth; 0 when unknown */
    char mem_source[256];     /* e.g. "datasheet: NVIDIA H200 HBM3e" */
    double cache_bytes;       /* last-level cache size: a working set below it is cache-resident */
    double clock_slack;       /* how far above a compute peak a row may be before it is impossible: 0 where the
                               * clock is known; CPU_TIMED_SLACK where it is a CPU core's clock as timed */
    char cache_source[128];   /* where cache_bytes comes from: peak.c's table (cited there) or the device */
    double ports_gbs;         /* a CPU device's: what its cores' load/store ports move at most (cpuports.h), an upper
                               * limit of its caches' rates, without clock_slack; 0 elsewhere or unknown */
    char ports_source[512];   /* how it was derived ("" where 0) */
    double link_gbs;          /* the host link each way (PCIe, sysfs: pcilink.h); 0 when unknown */
    char link_source[PCILINK_WHY + 32];   /* how it was read, or why it is unknown ("unknown: WHY; set
                               * CLX_PEAK_LINK_GBS": pcilink_read's why whole) */
    /* What each figure is (meaningful where it is known): FP32, FP64, FP16, the matrix engines'
     * (all three types), the memory bandwidth. */
    enum peak_kind fp32_kind, fp64_kind, fp16_kind, tensor_kind, mem_kind;
};

/* A CPU core's turbo moves from run to run: on a 2-vCPU virtual machine that says 2100 MHz its core
 * was timed at 2559 and 2918 MHz in two runs a minute apart, and a correct FP32 row sat at 88-100%
 * of either bound. The fastest timing is kept (hostclock.h), so the bound no longer moves down, but
 * the first runs on a host may time it below the turbo it reaches later. Work optimised away lies
 * far beyond that. */
#define CPU_TIMED_SLACK 0.2

/* peak_of_kind: the peak a row's operations count against, by the spec's flops_peak code (32, 64,
 * 16; the matrix engines' 116 f16/bf16, 119 tf32, 108 int8), and the results column its % goes in
 * (*column); 0 and NULL for any other code (integer operations: no peak). peak_kind_column: the
 * i-th kind's column, NULL past the last. */
double peak_of_kind(const struct peak *pk, double which, const char **column);
const char *peak_kind_column(int i);
/* peak_pct_at_clock: a share of a peak reckoned at the device's maximum clock (max_mhz), taken to
 * the clock the work ran at where that was higher (an H100's chains ran at 1990-1998 MHz where
 * NVML and OpenCL said 1980): above 100, even that clock cannot explain the rate, and the work was
 * not all done. Unchanged at or below max_mhz, or with either unknown (0). */
double peak_pct_at_clock(double pct, double max_mhz, double mhz);

/* peak_derive: fills pk from p (no OpenCL calls; testable with a hand-made devprops), and, for a
 * CPU device, from this host's CPU (hostcpu.h); the host link from sysfs at p->pci. A simulator
 * (simulator.h) has none: every figure 0, every source "none: a simulator (...): ...". */
void peak_derive(const struct devprops *p, struct peak *pk);
/* peak_derive_on: the same with the host's CPU given (NULL: unknown, the device's word alone). */
struct hostcpu;
void peak_derive_on(const struct devprops *p, const struct hostcpu *host, struct peak *pk);
/* peak_fp32_lanes: FP32 lanes per compute unit for the device, 0 when unknown; *why gets a static
 * text naming the table row used. */
int peak_fp32_lanes(const struct devprops *p, const char **why);
/* peak_said: a peak as a person reads it: "352 GFLOP/s (how it was derived)", or, where it is not
 * known, "unknown (why, and what to set)" rather than a 0, or "none (why)" where the device has no
 * such precision; a new string. */
char *peak_said(double value, const char *unit, const char *source);
/* peak_env_var: the environment variable that gives a device's peak of figure (run.json's name:
 * "fp32", "fp64", "fp16", "tensor", "mem"), CLX_PEAK_GBS for "mem"; NULL for another (peak_env.c). */
const char *peak_env_var(const char *figure);
#endif
