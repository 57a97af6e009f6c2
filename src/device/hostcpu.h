/* hostcpu.h — the most this host's CPU can do, from /proc/cpuinfo and cpufreq: logical CPUs, FP32
 * SIMD width and highest clock, for the peak of a CPU OpenCL device (which runs on this host,
 * whatever its driver reports: llvmpipe says 300 MHz and a float width of 1). */
#ifndef HOSTCPU_H
#define HOSTCPU_H
#include <stddef.h>

struct hostcpu {
    int cpus;                    /* logical CPUs online */
    int simd_floats;             /* floats in the widest vector the CPU has (AVX-512: 16), 0 unknown */
    const char *simd;            /* its name: "AVX-512", "AVX", "SSE", "NEON", "SVE (up to 2048 bits)" */
    double mhz;                  /* the highest clock any CPU reports (cpufreq's maximum, else cpu MHz), 0 unknown */
    double measured_mhz;         /* the clock one core ran a chain of dependent adds at (hostcpu_measure_mhz), 0 unknown */
    double llc_bytes;            /* the largest cache of the highest level cpu0 has (hostcpu_llc_bytes), 0 unknown */
    int llc_level;               /* its level (3: an L3) */
};

/* hostcpu_parse: h from the text of /proc/cpuinfo, cpufreq's cpuinfo_max_freq (kHz, NULL when
 * absent) and the count of logical CPUs; 0, or -1 when the SIMD width cannot be told. */
int hostcpu_parse(const char *cpuinfo, const char *max_freq_khz, int cpus, struct hostcpu *h);
/* hostcpu_measure_mhz: the clock this thread's core runs at, timed: chains of dependent integer adds
 * (one cycle each on x86-64 and AArch64), the fastest stretch of 100,000 in five 5 ms runs. A virtual machine reports
 * its host's base clock (2100 MHz here) where the core turbos above it, and a peak reckoned from
 * that was beaten by a correct row. 0 on other architectures. A busy host only lowers it. */
double hostcpu_measure_mhz(void);
/* hostcpu_llc_bytes: the size of the highest-level cache listed under cache_dir (sysfs's
 * .../cpu0/cache: each indexN folder's level and size files, "32768K"), its level into *level; 0 when none.
 * A CPU device's last-level cache is the host's, whatever its runtime reports (Intel's reports its
 * 1 MiB L2 on a host with 32 MiB of L3). */
double hostcpu_llc_bytes(const char *cache_dir, int *level);
/* hostcpu_clock: the clock a CPU device's host-derived peaks are reckoned at: the higher of the host's
 * and the device's (device_mhz: Intel's runtime says 0), or the core's clock as timed where that is
 * higher still (a virtual machine says its base clock; its core turbos above it). *timed says
 * whether it is the timed one; clock (n bytes) says it in words, with slack (CPU_TIMED_SLACK: how
 * far above it a row is impossible) where timed. 0 when no clock is known. One home for the clock
 * that the FP32 estimate and the load/store ports' limit (cpuports.h) share. */
double hostcpu_clock(const struct hostcpu *h, double device_mhz, double slack, int *timed, char *clock, size_t n);
/* hostcpu_this: this host's, read once (its clock timed once where cpufreq gives no maximum);
 * NULL when /proc/cpuinfo cannot say. */
const struct hostcpu *hostcpu_this(void);
#endif
