/* hostcpu.h — the most this host's CPU can do, from /proc/cpuinfo and sysfs: logical CPUs and the
 * physical cores behind them (cpucores.h), FP32 SIMD width, FMA, and highest clock (hostclock.h), for
 * the peak of a CPU OpenCL device (which runs on this host, whatever its driver reports: llvmpipe says
 * 300 MHz and a float width of 1). */
#ifndef HOSTCPU_H
#define HOSTCPU_H
#include "cpucores.h"
#include <stddef.h>

struct hostcpu {
    int cpus;                    /* logical CPUs online */
    int allowed;                 /* logical CPUs this process may run on (sched_getaffinity), 0 unknown */
    int cores;                   /* the physical cores those are on (sysfs topology: two SMT threads share one
                                  * core's FMA units), 0 unknown: cores_why says why */
    char cores_why[CPUCORES_WHY];  /* where cores is 0, why ("" where nobody asked: a hand-made host) */
    int no_fma;                  /* 1: x86 flags that list neither fma nor fma4 (Sandy Bridge and before: a
                                  * multiply and an add on separate ports); 0: FMA (AArch64's asimd and sve
                                  * have it), or nothing said */
    int simd_floats;             /* floats in the widest vector the CPU has (AVX-512: 16), 0 unknown */
    const char *simd;            /* its name: "AVX-512", "AVX", "SSE", "NEON", "SVE (up to 2048 bits)" */
    char model[96];              /* cpuinfo's model name ("CPU part 0xd4f" on AArch64); "" unknown */
    char vendor[16];             /* cpuinfo's vendor_id ("AuthenticAMD", "GenuineIntel"); "" unknown (AArch64 has none) */
    int family, model_no;        /* cpuinfo's cpu family and model (CPUID's, as Linux combines the extended
                                  * fields: 25 and 17 for a Zen 4 EPYC): what cpufma.h's table is keyed by;
                                  * -1 unknown */
    int implementer, part;       /* AArch64's "CPU implementer" and "CPU part" (0x41 and 0xd0c: Arm's Neoverse
                                  * N1), what cpufma.h's table keys Arm's cores by; -1 (or 0) unknown */
    double mhz;                  /* the highest clock any CPU says now (cpuinfo's cpu MHz), 0 unknown */
    double max_mhz;              /* the OS's stated maximum (hostclock_stated), 0 where it states none */
    const char *max_from;        /* where that was read ("cpufreq's cpuinfo_max_freq"); NULL with none */
    double measured_mhz;         /* without a stated maximum: the fastest a core of this CPU was timed at,
                                  * this run or one before (hostclock_kept), 0 unknown or not timed */
    double llc_bytes;            /* the largest cache of the highest level cpu0 has (hostcpu_llc_bytes), 0 unknown */
    int llc_level;               /* its level (3: an L3) */
};

/* hostcpu_parse: h from the text of /proc/cpuinfo and the count of logical CPUs (the clock's
 * maximum and timing are hostclock.h's, the CPUs this process may run on and their cores
 * cpucores.h's, filled by hostcpu_this): the first CPU's vendor, family and model (AArch64: its
 * implementer and part), whether it lacks FMA; 0, or -1 when the SIMD width cannot be told. */
int hostcpu_parse(const char *cpuinfo, int cpus, struct hostcpu *h);
/* hostcpu_llc_bytes: the size of the highest-level cache listed under cache_dir (sysfs's
 * .../cpu0/cache: each indexN folder's level and size files, "32768K"), its level into *level; 0 when none.
 * A CPU device's last-level cache is the host's, whatever its runtime reports (Intel's reports its
 * 1 MiB L2 on a host with 32 MiB of L3). */
double hostcpu_llc_bytes(const char *cache_dir, int *level);
/* hostcpu_clock: the clock a CPU device's host-derived peaks are reckoned at: the OS's stated maximum
 * (cpufreq, CPPC), else the host's cpu MHz, or the device's clock where that is higher (device_mhz:
 * Intel's runtime says 0); without a stated maximum, the fastest a core was timed at where that is a
 * step (HOSTCLOCK_STEP) or more above (a virtual machine says its base clock; its core turbos above
 * it). *timed says whether it is the timed one; clock (n bytes) says it in words with its source, and
 * with slack (CPU_TIMED_SLACK: how far above it a row is impossible) where timed. 0 when no clock is
 * known. One home for the clock that the FP32 estimate and the load/store ports' limit (cpuports.h)
 * share. */
double hostcpu_clock(const struct hostcpu *h, double device_mhz, double slack, int *timed, char *clock, size_t n);
/* hostcpu_this: this host's, read once (a core timed once, where sysfs states no maximum, and the
 * fastest kept: hostclock.h; the cores behind the CPUs this process may run on: cpucores.h); sysfs
 * under $CLX_SYSFS where set (a test's fake tree), else /sys; NULL when /proc/cpuinfo cannot say. */
const struct hostcpu *hostcpu_this(void);
#endif
