/* test_hostclock.c — the host CPU's clock holds still: the maximum a faked sysfs states (cpufreq on
 * any CPU, else ACPI CPPC); without one, faked timings reduced to a clock robust to one bad run and
 * rounded up, and the fastest kept from run to run in a cache folder of the test's own. Nothing
 * here reads this machine's clock or depends on its load. */
#include "check.h"
#include "testutil.h"
#include "device/hostclock.h"
#include "device/hostcpu.h"
#include "device/peak.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* cpufreq's maximum of every CPU, the highest (a hybrid CPU's P-cores), in MHz; the folders that are
 * not cpuN (cpufreq/, cpuidle/) are none of them. */
static void test_stated_cpufreq(void)
{
    char dir[] = "/tmp/clx-hostclock-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *from = "x";
    CHECK(hostclock_stated(dir, &from) == 0 && from == NULL);          /* no CPU folders: none stated */
    put_text(dir, "cpu0/cpufreq/cpuinfo_max_freq", "3500000\n");
    put_text(dir, "cpu1/cpufreq/cpuinfo_max_freq", "4700000\n");
    put_text(dir, "cpu2/cpufreq/cpuinfo_max_freq", "garbage\n");
    put_text(dir, "cpufreq/cpuinfo_max_freq", "9900000\n");
    CHECK_NEAR(hostclock_stated(dir, &from), 4700, 1e-9);
    CHECK_STR(from, "cpufreq's cpuinfo_max_freq");
    /* cpufreq beats CPPC where both say. */
    put_text(dir, "cpu0/acpi_cppc/highest_perf", "255\n");
    put_text(dir, "cpu0/acpi_cppc/nominal_perf", "100\n");
    put_text(dir, "cpu0/acpi_cppc/nominal_freq", "2000\n");
    CHECK_NEAR(hostclock_stated(dir, &from), 4700, 1e-9);
    char *missing = path_join(dir, "none");
    CHECK(hostclock_stated(missing, &from) == 0 && from == NULL);
    free(missing);
    remove_tree(dir);
}

/* Without cpufreq, CPPC's highest performance at its nominal clock's scale; an incomplete or
 * inconsistent CPPC (no nominal clock, highest below nominal) states nothing. */
static void test_stated_cppc(void)
{
    char dir[] = "/tmp/clx-hostclock-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *from = NULL;
    put_text(dir, "cpu0/acpi_cppc/highest_perf", "166\n");
    put_text(dir, "cpu0/acpi_cppc/nominal_perf", "100\n");
    CHECK(hostclock_stated(dir, &from) == 0 && from == NULL);
    put_text(dir, "cpu0/acpi_cppc/nominal_freq", "2450\n");
    CHECK_NEAR(hostclock_stated(dir, &from), 166.0 / 100 * 2450, 1e-9);
    CHECK_STR(from, "ACPI CPPC's highest_perf");
    put_text(dir, "cpu0/acpi_cppc/highest_perf", "50\n");
    CHECK(hostclock_stated(dir, &from) == 0 && from == NULL);
    remove_tree(dir);
}

/* Faked runs: the second fastest, rounded up to the step (so runs a little apart give one clock); a
 * run the host's load slowed changes nothing, nor one glitch above the rest; runs that are not numbers
 * are left out. */
static void test_timed(void)
{
    double quiet[HOSTCLOCK_RUNS] = { 3679.2, 3694.1, 3680.5, 3687.3, 3683.2 };
    double loaded[HOSTCLOCK_RUNS] = { 3694.1, 1200.0, 3600.9, 3692.8, 812.5 };
    double glitch[HOSTCLOCK_RUNS] = { 3679.2, 9999.0, 3680.5, 3687.3, 3683.2 };
    CHECK(hostclock_timed(quiet, HOSTCLOCK_RUNS) == 3700);
    CHECK(hostclock_timed(loaded, HOSTCLOCK_RUNS) == 3700);
    CHECK(hostclock_timed(glitch, HOSTCLOCK_RUNS) == 3700);
    double odd[] = { NAN, -1, 0, 2450.0 };
    CHECK(hostclock_timed(odd, 4) == 2500);                           /* one usable run: that one */
    double exact[] = { 3700.0, 3700.0 };
    CHECK(hostclock_timed(exact, 2) == 3700);                         /* on a step: that step */
    double none[] = { 0, NAN };
    CHECK(hostclock_timed(none, 2) == 0);
    CHECK(hostclock_timed(none, 0) == 0);
}

/* The fastest clock is kept per CPU model in the cache folder: a slower run (a busy host's turbo)
 * gets the kept one, a faster one raises it, another model's is its own; no cache folder keeps
 * nothing. */
static void test_kept(void)
{
    char dir[] = "/tmp/clx-hostclock-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("XDG_CACHE_HOME", dir, 1);
    const char *epyc = "AMD EPYC (AVX-512)", *xeon = "Intel(R) Xeon(R)\tv4 (AVX2)";
    CHECK(hostclock_kept(epyc, 0) == 0);                              /* nothing timed, nothing kept */
    CHECK(hostclock_kept(epyc, 3700) == 3700);
    CHECK(hostclock_kept(epyc, 3600) == 3700);                        /* a loaded run: the kept clock */
    CHECK(hostclock_kept(xeon, 2900) == 2900);                        /* a tab in the name: one key */
    CHECK(hostclock_kept(epyc, 0) == 3700);
    CHECK(hostclock_kept(epyc, 3800) == 3800);                        /* faster: raised */
    CHECK(hostclock_kept(epyc, 3700) == 3800);
    CHECK(hostclock_kept(xeon, 2800) == 2900);
    char *p = path_join(dir, "clx/hostclock.tsv"), *text = read_file(p, NULL);
    CHECK_STR(text, "# clx host clock 1\tcpu\tmhz\nIntel(R) Xeon(R) v4 (AVX2)\t2900\nAMD EPYC (AVX-512)\t3800\n");
    free(text);
    /* A file of another version is none: written anew. */
    const char *old = "# clx host clock 0\nAMD EPYC (AVX-512)\t9000\n";
    write_file_atomic(p, old, strlen(old));
    CHECK(hostclock_kept(epyc, 3700) == 3700);
    free(p);
    unsetenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char *saved = home ? xstrdup(home) : NULL;
    unsetenv("HOME");
    CHECK(hostclock_kept(epyc, 3500) == 3500);                        /* no cache folder: as timed */
    if (saved) setenv("HOME", saved, 1);
    free(saved);
    remove_tree(dir);
}

/* The peak's source says where its clock came from: a stated maximum by name, else a timed clock as
 * the fastest kept; a timed clock within a step of what the host says is the host's. */
static void test_source_named(void)
{
    struct devprops p;
    memset(&p, 0, sizeof p);
    p.nv_cc_major = p.nv_cc_minor = -1;
    p.type = CL_DEVICE_TYPE_CPU;
    p.compute_units = 2;
    p.clock_mhz = 2596;
    struct hostcpu h = { .cpus = 2, .simd_floats = 16, .simd = "AVX-512", .mhz = 2596.13, .measured_mhz = 3700 };
    struct peak pk;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 32 * 2 * 3700 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "x 2 x 3700 MHz. Cores: ");
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 3700 MHz as timed on a core, the fastest kept for this host (no stated maximum;");
    CHECK(pk.clock_slack == CPU_TIMED_SLACK);
    h.max_mhz = 3700;
    h.max_from = "ACPI CPPC's highest_perf";
    peak_derive_on(&p, &h, &pk);
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 3700 MHz (ACPI CPPC's highest_perf)");
    CHECK(pk.clock_slack == 0);
    h.max_mhz = 0;
    h.measured_mhz = 2600;                                            /* 2596 rounded up: the host's */
    peak_derive_on(&p, &h, &pk);
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 2596 MHz (the host's cpu MHz in /proc/cpuinfo)");
    CHECK(pk.clock_slack == 0);
}

int main(void)
{
    RUN(test_stated_cpufreq);
    RUN(test_stated_cppc);
    RUN(test_timed);
    RUN(test_kept);
    RUN(test_source_named);
    CHECK_EXIT();
}
