/* hostclock.h — the highest clock of this host's CPU, that a CPU device's host-derived peaks are
 * reckoned at, held still from run to run: the maximum the OS states (cpufreq, else ACPI CPPC) where
 * sysfs has one; else a core timed, the fastest of many short stretches rounded up to a step, and
 * the fastest any run on this host timed kept in clx's cache folder. A clock timed afresh each run
 * moved a 2-vCPU VM's FP32 bound by 543-580 GFLOP/s between identical runs (load, turbo), and every
 * pct column and speed-of-light bound with it. */
#ifndef HOSTCLOCK_H
#define HOSTCLOCK_H

/* hostclock_stated: the highest maximum clock (MHz) the CPUs under cpu_dir (sysfs's
 * devices/system/cpu) state: cpufreq's cpuinfo_max_freq of every cpuN (kHz; a hybrid CPU's cores
 * differ), else ACPI CPPC's highest performance (highest_perf / nominal_perf x nominal_freq); *from
 * says which, as the peak's source names it; 0 and *from NULL where neither says (a virtual machine). */
double hostclock_stated(const char *cpu_dir, const char **from);

/* The runs hostclock_time times, and the step hostclock_timed rounds up to (turbo clocks are set in
 * steps of 100 MHz on Intel, 25 on AMD; a timed clock is a little under the true one, by its clock
 * reads). */
enum { HOSTCLOCK_RUNS = 5, HOSTCLOCK_STEP = 100 };

/* hostclock_time: each run's fastest stretch (MHz) of chains of dependent integer adds (one cycle each
 * on x86-64 and AArch64): 100,000 adds between clock reads, tens of microseconds, for 5 ms a run. A
 * stretch is run whole or seen slower, so a busy host (preempted) lowers none but the stretches it
 * cut. 0s on other architectures. */
void hostclock_time(double run_mhz[HOSTCLOCK_RUNS]);
/* hostclock_timed: the clock n runs' fastest stretches (run_mhz, MHz) say: the second fastest, so
 * that one run's glitch (a stretch timed short) sets nothing, rounded up to HOSTCLOCK_STEP; the
 * fastest where only one run is usable (finite and positive); 0 where none is. */
double hostclock_timed(const double *run_mhz, int n);
/* hostclock_kept: the fastest clock kept for cpu (the CPU's model, as hostcpu.h names it) in clx's
 * cache folder (hostclock.tsv), raised to mhz where that is faster (then written, under a lock); mhz
 * where nothing is kept or there is no cache folder. Delete the file to time anew. */
double hostclock_kept(const char *cpu, double mhz);
/* hostclock_keep_off: --no-cache: hostclock_kept reads and writes nothing (the clock is this run's
 * timing alone), as --no-cache keeps nothing in the cache folder. */
void hostclock_keep_off(void);
#endif
