/* test_peak.c — FP32, FP64, FP16 and bandwidth ceilings from hand-made device properties, and what
 * each is (theoretical, an upper-bound estimate, the environment's). */
#include "check.h"
#include "device/peak.h"
#include "device/cpufma.h"
#include "device/hostcpu.h"
#include "hostfix.h"
#include "store/columns.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* depth: how deep brackets nest in s ("a (b (c))": 2). */
static int depth(const char *s)
{
    int d = 0, most = 0;
    for (; *s; s++) {
        if (*s == '(' && ++d > most) most = d;
        if (*s == ')') d--;
    }
    return most;
}

/* A device with no NVIDIA attributes, as ocl_query leaves it. */
static struct devprops blank_dev(void)
{
    struct devprops p;
    memset(&p, 0, sizeof p);
    p.nv_cc_major = p.nv_cc_minor = -1;
    return p;
}

/* device: blank_dev of that type, vendor and name (NULL: left blank). */
static struct devprops device(cl_device_type type, const char *vendor, const char *name)
{
    struct devprops p = blank_dev();
    p.type = type;
    if (vendor) snprintf(p.vendor, sizeof p.vendor, "%s", vendor);
    if (name) snprintf(p.name, sizeof p.name, "%s", name);
    return p;
}

static struct devprops h200(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", "NVIDIA H200");
    p.compute_units = 132;
    p.clock_mhz = 1980;
    p.nv_cc_major = 9;
    p.nv_cc_minor = 0;
    p.cache_size = 4224 * 1024;
    p.has_fp64 = 1;
    return p;
}

static void test_h200(void)
{
    struct devprops p = h200();
    struct peak pk;
    const char *why = NULL;
    CHECK(peak_fp32_lanes(&p, &why) == 128);
    CHECK_CONTAINS(why, "Hopper");
    peak_derive(&p, &pk);
    CHECK(pk.lanes_per_cu == 128);
    CHECK_NEAR(pk.fp32_gflops, 66908.16, 1e-6);
    CHECK_STR(pk.fp32_source, "NVIDIA cc 9.0 (Hopper): 132 CU x 128 lanes x 2 x 1980 MHz");
    CHECK_NEAR(pk.mem_gbs, 4800.0, 1e-9);
    CHECK_CONTAINS(pk.mem_source, "H200");
    CHECK_NEAR(pk.cache_bytes, 50.0 * 1024 * 1024, 0.5);
    CHECK_CONTAINS(pk.cache_source, "Hopper");      /* the table's, not the 4.1 MiB the device reports */
    /* The guide's cc 9.0 column: 64 FP64 and 256 FP16 results per clock per SM, 2 flops each. */
    CHECK_NEAR(pk.fp64_gflops, 132 * 64 * 2 * 1.98, 1e-6);
    CHECK_STR(pk.fp64_source, "NVIDIA cc 9.0 (Hopper): 132 CU x 64 FP64 results/clock x 2 x 1980 MHz");
    CHECK_NEAR(pk.fp16_gflops, 132 * 256 * 2 * 1.98, 1e-6);
    CHECK_CONTAINS(pk.fp16_source, "256 FP16 results/clock");
    /* Hopper's tensor cores: 4096 dense FP16 operations per clock per SM; TF32 half, INT8 twice. */
    CHECK_NEAR(pk.tensor_f16_gflops, 132 * 4096 * 1.98, 1e-6);
    CHECK_NEAR(pk.tensor_tf32_gflops, 132 * 2048 * 1.98, 1e-6);
    CHECK_NEAR(pk.tensor_int8_gops, 132 * 8192 * 1.98, 1e-6);
    CHECK_CONTAINS(pk.tensor_source, "Hopper) tensor cores: 132 CU x 4096");
    /* Each from a table or a datasheet: the device's own. */
    CHECK(pk.fp32_kind == PEAK_THEORETICAL && pk.fp64_kind == PEAK_THEORETICAL && pk.fp16_kind == PEAK_THEORETICAL &&
          pk.tensor_kind == PEAK_THEORETICAL && pk.mem_kind == PEAK_THEORETICAL);
    CHECK_STR(peak_kind_name(pk.fp64_kind), "theoretical");
}

/* Matrix engines: a rate only where a source gives one (GA100, GH100), unknown elsewhere. */
static void test_tensor(void)
{
    struct devprops p = h200();
    struct peak pk;
    p.nv_cc_major = 8; p.nv_cc_minor = 0; p.compute_units = 108; p.clock_mhz = 1410;
    peak_derive(&p, &pk);
    CHECK_NEAR(pk.tensor_f16_gflops, 108 * 2048 * 1.41, 1e-6);   /* A100: the whitepaper's 312 TFLOP/s */
    p.nv_cc_minor = 6;
    peak_derive(&p, &pk);
    CHECK(pk.tensor_f16_gflops == 0 && pk.tensor_int8_gops == 0);
    CHECK_CONTAINS(pk.tensor_source, "unknown");
    setenv("CLX_PEAK_TENSOR_GFLOPS", "1000", 1);
    peak_derive(&p, &pk);
    CHECK(pk.tensor_f16_gflops == 1000 && pk.tensor_tf32_gflops == 500 && pk.tensor_int8_gops == 2000);
    unsetenv("CLX_PEAK_TENSOR_GFLOPS");
}

/* FP64 and FP16 by generation: known where the guide gives a number, 0 (unknown) elsewhere. */
static void test_nvidia_fp64_fp16(void)
{
    static const struct { int major, minor; double fp64, fp16; } cases[] = {
        { 6, 0, 32, 128 }, { 6, 1, 4, 2 }, { 7, 0, 32, 128 }, { 7, 5, 2, 128 }, { 8, 0, 32, 256 },
        { 8, 6, 2, 256 }, { 8, 9, 2, 128 }, { 9, 0, 64, 256 }, { 3, 5, 0, 0 }, { 5, 2, 4, 0 },
        { 5, 3, 4, 256 }, { 10, 0, 0, 0 }, { 1, 3, 0, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct devprops p = h200();
        p.nv_cc_major = cases[i].major;
        p.nv_cc_minor = cases[i].minor;
        p.compute_units = 10;
        p.clock_mhz = 1000;
        struct peak pk;
        peak_derive(&p, &pk);
        if (pk.fp64_gflops != cases[i].fp64 * 20 || pk.fp16_gflops != cases[i].fp16 * 20)
            fprintf(stderr, "  cc %d.%d\n", cases[i].major, cases[i].minor);
        CHECK_NEAR(pk.fp64_gflops, cases[i].fp64 * 10 * 2 * 1.0, 1e-9);
        CHECK_NEAR(pk.fp16_gflops, cases[i].fp16 * 10 * 2 * 1.0, 1e-9);
        if (cases[i].fp64 == 0) CHECK_CONTAINS(pk.fp64_source, "CLX_PEAK_FP64_GFLOPS");
        if (cases[i].fp16 == 0) CHECK_CONTAINS(pk.fp16_source, "CLX_PEAK_FP16_GFLOPS");
    }
}

/* The name table: specific rows win over general ones, matching ignores case and '*' gaps. */
static void test_name_table(void)
{
    static const struct { const char *name; double gbs; } cases[] = {
        { "NVIDIA H100 80GB HBM3", 3350.0 },
        { "NVIDIA H100 PCIe", 2000.0 },
        { "NVIDIA A100-SXM4-80GB", 2039.0 },
        { "NVIDIA A100-PCIE-40GB", 1555.0 },
        { "Tesla V100-SXM2-16GB", 900.0 },
        { "NVIDIA GeForce RTX 4060", 272.0 },
        { "NVIDIA GeForce RTX 4060 Ti", 288.0 },
        { "nvidia geforce rtx 4090", 1008.0 },
        { "GeForce 940M", 14.4 },
        { "GeForce GTX TITAN X", 336.5 },
        { "NVIDIA GH200 480GB", 4000.0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct devprops p = blank_dev();
        struct peak pk;
        snprintf(p.name, sizeof p.name, "%s", cases[i].name);
        peak_derive(&p, &pk);
        if (pk.mem_gbs != cases[i].gbs) fprintf(stderr, "  name '%s'\n", cases[i].name);
        CHECK_NEAR(pk.mem_gbs, cases[i].gbs, 1e-9);
    }
}

static void test_nvidia_generations(void)
{
    static const struct { int major, minor, lanes; } cases[] = {
        { 2, 0, 32 }, { 2, 1, 48 }, { 3, 5, 192 }, { 5, 2, 128 }, { 6, 0, 64 }, { 6, 1, 128 },
        { 7, 0, 64 }, { 7, 5, 64 }, { 8, 0, 64 }, { 8, 6, 128 }, { 8, 9, 128 }, { 10, 0, 128 },
        { 12, 0, 128 }, { 1, 3, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct devprops p = h200();
        p.nv_cc_major = cases[i].major;
        p.nv_cc_minor = cases[i].minor;
        const char *why = NULL;
        int lanes = peak_fp32_lanes(&p, &why);
        if (lanes != cases[i].lanes)
            fprintf(stderr, "  cc %d.%d\n", cases[i].major, cases[i].minor);
        CHECK(lanes == cases[i].lanes);
        CHECK(why != NULL);
    }
}

/* Like PoCL on an AVX-512 server: 16-wide floats, 2 FMA units, 8 logical CPUs at 2000 MHz. */
static void test_cpu(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_CPU, "GenuineIntel", "pthread-skylake-avx512-Intel(R) Xeon(R) Processor");
    p.compute_units = 8;
    p.clock_mhz = 2000;
    p.native_float_width = 16;
    p.cache_size = 1024 * 1024;
    p.has_fp64 = 1;
    struct peak pk;
    /* The device's word alone (a host that cannot say). */
    peak_derive_on(&p, NULL, &pk);
    CHECK(pk.lanes_per_cu == 32);
    CHECK_NEAR(pk.fp32_gflops, 8 * 32 * 2 * 2000 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "upper-bound");
    CHECK_CONTAINS(pk.fp32_source, "8 CU x 32 lanes x 2 x 2000 MHz");
    CHECK(pk.mem_gbs == 0);
    CHECK_NEAR(pk.cache_bytes, 1024.0 * 1024.0, 0.5);
    /* FP64: the same vector units hold half as many doubles; FP16: no table for CPUs. */
    CHECK_NEAR(pk.fp64_gflops, pk.fp32_gflops / 2, 1e-9);
    CHECK_CONTAINS(pk.fp64_source, "half the FP32 estimate");
    CHECK(pk.fp16_gflops == 0);
    /* Both upper-bound estimates, as data (run.json peak.*_kind), not only in the words. */
    CHECK(pk.fp32_kind == PEAK_ESTIMATE && pk.fp64_kind == PEAK_ESTIMATE);
    CHECK_STR(peak_kind_name(pk.fp32_kind), "estimate");
    /* An AMD CPU is still a CPU, not an AMD GPU. */
    snprintf(p.vendor, sizeof p.vendor, "AuthenticAMD");
    CHECK(peak_fp32_lanes(&p, NULL) == 32);
    /* Intel's CPU runtime reports a clock of 0 MHz: no peak, and the reason whole. */
    p.clock_mhz = 0;
    peak_derive_on(&p, NULL, &pk);
    CHECK(pk.fp32_gflops == 0 && pk.fp64_gflops == 0);
    CHECK_STR(pk.fp32_source, "unknown: the device reports a clock of 0 MHz; set CLX_PEAK_GFLOPS");
}

/* A CPU device runs on the host, whose limits bound it whatever the driver says: llvmpipe reports
 * 8 compute units, a float width of 1 and 300 MHz on 2 AVX-512 CPUs at 2100 MHz. Its name says the
 * 256-bit vectors it builds, which is the width its FMAs run at; it has no double precision. A host
 * whose cpuinfo names no family (clx's table has no row) keeps 2 FMA units of that width, an upper
 * bound. */
static void test_cpu_host(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_CPU, "Mesa/X.org", "llvmpipe (LLVM 15.0.6, 256 bits)");
    p.compute_units = 8;
    p.clock_mhz = 300;
    p.native_float_width = 1;
    struct hostcpu h = { .cpus = 2, .allowed = 2, .cores = 2, .simd_floats = 16, .simd = "AVX-512", .mhz = 2100,
                         .family = -1, .model_no = -1 };
    struct peak pk;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.lanes_per_cu == 16);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 2100 / 1000.0, 1e-9);
    /* The formula first, then a sentence a factor: no bracket within another (the console's line once
     * nested them four deep), and the formula alone for the console (clx devices and run.json say all). */
    CHECK_STR(pk.fp32_source, "CPU, an upper-bound estimate, from this host: 2 cores x 16 lanes x 2 x 2100 MHz. Cores: 2 "
                              "logical CPUs this process may run on, one a core. Lanes: 256 bits, 8 floats, as the "
                              "device's name states (the host has AVX-512); 2 FMAs a clock: clx's rule of 2 FMA units of "
                              "the full width, the host's cpuinfo naming no vendor, family and model for its table of CPU "
                              "families. Clock: 2100 MHz (the host's cpu MHz in /proc/cpuinfo)");
    CHECK(depth(pk.fp32_source) == 1);
    CHECK_STR(pk.fp32_brief, "CPU, an upper-bound estimate, from this host: 2 cores x 16 lanes x 2 x 2100 MHz");
    CHECK(pk.fp64_gflops == 0);
    CHECK_STR(pk.fp64_source, "none: the device has no double precision (no cl_khr_fp64, no CL_DEVICE_DOUBLE_FP_CONFIG)");
    char *said = peak_said(pk.fp64_gflops, "GFLOP/s", pk.fp64_source);
    CHECK_STR(said, "none (the device has no double precision (no cl_khr_fp64, no CL_DEVICE_DOUBLE_FP_CONFIG))");
    free(said);
    /* With double precision, FP64 is half the FP32 peak, from the same host. */
    p.has_fp64 = 1;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp64_gflops, pk.fp32_gflops / 2, 1e-9);
    CHECK_STR(pk.fp64_source, "CPU, an upper-bound estimate, from this host: half the FP32 peak's 16 lanes, a double "
                              "being two floats wide in the same FMA units");
    CHECK(pk.fp32_kind == PEAK_ESTIMATE && pk.fp64_kind == PEAK_ESTIMATE);
    /* The higher clock of the two; Intel's runtime's 0 MHz takes the host's. */
    p.clock_mhz = 3000;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 3000 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "x 2 x 3000 MHz. Cores: ");
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 3000 MHz (the device's maximum clock)");
    p.clock_mhz = 0;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 2100 / 1000.0, 1e-9);
    /* A core timed faster than the host says (a virtual machine says its base clock) sets the bound,
     * and the source says so; timed slower (a busy host), or within the step a timing is rounded up
     * to, it changes nothing. */
    h.measured_mhz = 2600;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 2600 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "x 2 x 2600 MHz. Cores: ");
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 2600 MHz as timed on a core, the fastest kept for this host (no stated "
                                   "maximum; the host says 2100; rows are impossible only 20% above it)");
    CHECK(depth(pk.fp32_source) == 1);
    CHECK(pk.clock_slack == CPU_TIMED_SLACK);
    h.measured_mhz = 1500;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 2100 / 1000.0, 1e-9);
    CHECK(pk.clock_slack == 0);
    h.measured_mhz = 2200 - 1;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 2100 / 1000.0, 1e-9);
    CHECK(pk.clock_slack == 0);
    /* A maximum the OS states is the clock, timed or not, with no slack, and the source names it. */
    h.measured_mhz = 2600;
    h.max_mhz = 3500;
    h.max_from = "cpufreq's cpuinfo_max_freq";
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 3500 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, ". Clock: 3500 MHz (cpufreq's cpuinfo_max_freq)");
    CHECK(pk.clock_slack == 0);
    h.max_mhz = 0;
    h.max_from = NULL;
    h.measured_mhz = 0;
    /* Neither clock known: unknown, as before. */
    h.mhz = 0;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.fp32_gflops == 0);
    CHECK_STR(pk.fp32_source, "unknown: the device reports a clock of 0 MHz; set CLX_PEAK_GFLOPS");
    /* A GPU is never bounded by the host. */
    h.mhz = 2100;
    p.type = CL_DEVICE_TYPE_GPU;
    p.clock_mhz = 300;
    peak_derive_on(&p, &h, &pk);
    CHECK(strstr(pk.fp32_source, "this host") == NULL);
}

/* /proc/cpuinfo as x86 and ARM write it: the widest vector, the highest clock said, the model (the
 * key its timed clock is kept under: hostclock.h). */
static void test_hostcpu_parse(void)
{
    struct hostcpu h;
    const char *x86 = "processor\t: 0\nmodel name\t: Intel(R) Xeon(R)  \ncpu MHz\t\t: 2100.000\n"
                      "flags\t\t: fpu sse sse2 avx avx2 fma avx512f avx512dq\n\nprocessor\t: 1\ncpu MHz\t\t: 2400.5\n"
                      "flags\t\t: fpu sse sse2 avx avx2 fma avx512f\n";
    CHECK(hostcpu_parse(x86, 2, &h) == 0);
    CHECK(h.cpus == 2 && h.simd_floats == 16);
    CHECK_STR(h.simd, "AVX-512");
    CHECK_STR(h.model, "Intel(R) Xeon(R)");
    CHECK_STR(h.vendor, "");                     /* not in these lines: unknown, and no row in cpufma.c */
    CHECK(h.family == -1 && h.model_no == -1);
    CHECK_NEAR(h.mhz, 2400.5, 1e-9);
    CHECK(h.max_mhz == 0 && h.max_from == NULL && h.measured_mhz == 0);
    /* avx512vl alone is not avx512f; avx2 is AVX's width. */
    CHECK(hostcpu_parse("flags\t: sse avx2 avx512vl\n", 4, &h) == 0 && h.simd_floats == 8 && h.mhz == 0);
    CHECK(hostcpu_parse("Features\t: fp asimd evtstrm\nCPU part\t: 0xd4f\n", 8, &h) == 0);
    CHECK(h.simd_floats == 4 && !strcmp(h.simd, "NEON"));
    CHECK_STR(h.model, "CPU part 0xd4f");
    CHECK(!h.vendor[0] && h.family == -1 && h.model_no == -1);     /* AArch64's names none */
    /* The first CPU's vendor, family and model, decimal as Linux prints them; a value that is not a
     * number is unknown. */
    CHECK(hostcpu_parse("vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 126\nmodel name\t: x\nflags\t: avx2\n"
                        "vendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\n", 2, &h) == 0);
    CHECK_STR(h.vendor, "GenuineIntel");
    CHECK(h.family == 6 && h.model_no == 126);
    CHECK(hostcpu_parse("cpu family\t: 6x\nmodel\t:\n17\nflags\t: avx2\n", 1, &h) == 0 && h.family == -1 && h.model_no == -1);
    CHECK(hostcpu_parse("Features\t: fp asimd sve\n", 8, &h) == 0 && h.simd_floats == 64);
    /* FMA: x86's flags name it (fma, AMD's fma4) or say it is not there; AArch64's vector ISAs have it. */
    CHECK(hostcpu_parse("flags\t: sse sse2 avx\n", 1, &h) == 0 && h.no_fma == 1);
    CHECK(hostcpu_parse("flags\t: sse avx fma avx2\n", 1, &h) == 0 && h.no_fma == 0);
    CHECK(hostcpu_parse("flags\t: sse avx fma4\n", 1, &h) == 0 && h.no_fma == 0);
    CHECK(hostcpu_parse("flags\t: sse avx fmaxx\n", 1, &h) == 0 && h.no_fma == 1);
    CHECK(hostcpu_parse("Features\t: fp asimd\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n", 1, &h) == 0 &&
          h.no_fma == 0 && h.implementer == 0x41 && h.part == 0xd0c);
    CHECK(hostcpu_parse("Features\t: fp asimd\nCPU implementer\t: 65\nCPU part\t: 0x\n", 1, &h) == 0 &&
          h.implementer == -1 && h.part == -1);
    /* No flags: the width cannot be told. */
    CHECK(hostcpu_parse("processor\t: 0\ncpu MHz\t: 1000\n", 1, &h) == -1);
}

/* A CPU device as PoCL reports it on an AVX-512 host: 16-wide floats, double precision. */
static struct devprops pocl_cpu(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_CPU, "AuthenticAMD", "pthread-skylake-avx512-AMD EPYC");
    p.compute_units = 2;
    p.clock_mhz = 2596;
    p.native_float_width = 16;
    p.has_fp64 = 1;
    return p;
}

/* host_from: h from hand-made cpuinfo lines of the fields clx reads, on 2 CPUs at a stated 3700 MHz. */
static void host_from(const char *vendor, int family, int model, const char *flags, struct hostcpu *h)
{
    char *text = xasprintf("processor\t: 0\nvendor_id\t: %s\ncpu family\t: %d\nmodel\t\t: %d\nmodel name\t: a CPU\n"
                           "flags\t\t: %s\n", vendor, family, model, flags);
    CHECK(hostcpu_parse(text, 2, h) == 0);
    free(text);
    host_stated(h, 3700);
}

/* A CPU's FP32 and FP64 peaks from its FMA units (cpufma.c's table): the /proc/cpuinfo of this
 * project's Zen 4 test machine, where fp32_fma ran at 85% of this peak and at 42% of the old rule's
 * (2 FMA units of 512 bits); Zen 5's 512-bit units twice Zen 4's, said as an upper bound (mobile parts);
 * a CPU with no row keeps the old figure, said as an upper bound. */
static void test_cpu_fma_units(void)
{
    struct hostcpu h;
    host_from_fixture("amd-epyc-zen4-kvm.txt", 3700, &h);
    CHECK_STR(h.vendor, "AuthenticAMD");
    CHECK(h.family == 25 && h.model_no == 17 && h.simd_floats == 16 && !h.no_fma);
    struct devprops p = pocl_cpu();
    struct peak zen4, pk;
    peak_derive_on(&p, &h, &zen4);
    CHECK(zen4.lanes_per_cu == 16);
    CHECK_NEAR(zen4.fp32_gflops, 236.8, 1e-9);
    CHECK_NEAR(zen4.fp64_gflops, 118.4, 1e-9);
    CHECK_STR(zen4.fp32_source, "CPU from this host: 2 cores x 16 lanes x 2 x 3700 MHz. Cores: 2 logical CPUs this "
                                "process may run on, one a core. Lanes: AVX-512, 16 floats; 1 FMA a clock: AMD Zen 4 "
                                "(family 19h, model 11h): 2 FMA units of 256 bits, AVX-512 executed as two 256-bit halves. "
                                "Clock: 3700 MHz (a stated maximum)");
    CHECK_STR(zen4.fp32_brief, "CPU from this host: 2 cores x 16 lanes x 2 x 3700 MHz");
    CHECK_STR(zen4.fp64_source, "CPU from this host: half the FP32 peak's 16 lanes, a double being two floats wide in "
                                "the same FMA units");
    /* Zen 5 (Linux's amd.c: family 1Ah, models 00h-2Fh, 40h-4Fh, 60h-7Fh). */
    host_from("AuthenticAMD", 26, 2, "fpu sse avx avx2 fma avx512f", &h);
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.lanes_per_cu == 32);
    CHECK_NEAR(pk.fp32_gflops, 2 * zen4.fp32_gflops, 1e-9);
    CHECK_NEAR(pk.fp64_gflops, 2 * zen4.fp64_gflops, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "CPU, an upper-bound estimate, from this host: 2 cores x 32 lanes x 2 x 3700 MHz. Cores: "
                                   "2 logical CPUs this process may run on, one a core. Lanes: AVX-512, 16 floats; 2 FMAs "
                                   "a clock: AMD Zen 5 (family 1Ah, model 02h): upper bound: 2 FMA units of 512 bits, as on "
                                   "desktop and server parts; mobile parts");
    CHECK_CONTAINS(pk.fp64_source, "upper-bound estimate");
    /* Its own doubt bounds it from below: AVX-512 as two 256-bit halves is Zen 4's figure, half the
     * estimate (a finding's "does not hold" below it); Zen 4's exact figure has none. */
    CHECK(zen4.fp32_low_gflops == 0 && zen4.fp64_low_gflops == 0);
    CHECK_NEAR(pk.fp32_low_gflops, zen4.fp32_gflops, 1e-9);
    CHECK_NEAR(pk.fp64_low_gflops, zen4.fp64_gflops, 1e-9);
    /* Nor where the cores are unread: how many threads share one is not known, and no lower figure with it. */
    h.cores = 0;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.fp32_kind == PEAK_ESTIMATE && pk.fp32_low_gflops == 0 && pk.fp64_low_gflops == 0);
    /* A Xeon Scalable of model 55h: 1 or 2 512-bit units by SKU, the lower one 16 lanes. */
    host_from("GenuineIntel", 6, 0x55, "fpu sse avx avx2 fma avx512f", &h);
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.lanes_per_cu == 32);
    CHECK_NEAR(pk.fp32_low_gflops, pk.fp32_gflops / 2, 1e-9);
    /* No row (a Sapphire Rapids Xeon, family 6 model 8Fh; Emerald Rapids, model CFh, has its cores and
     * no row either): the old rule and figure, an upper bound, with no lower figure, in the same words. */
    const struct { int model; const char *hex; } norow[] = { { 143, "8Fh" }, { 0xcf, "CFh" } };
    for (size_t i = 0; i < sizeof norow / sizeof norow[0]; i++) {
        host_from("GenuineIntel", 6, norow[i].model, "fpu sse avx avx2 fma avx512f", &h);
        peak_derive_on(&p, &h, &pk);
        CHECK(pk.lanes_per_cu == 32);
        CHECK(pk.fp32_kind == PEAK_ESTIMATE && pk.fp32_low_gflops == 0);
        CHECK_NEAR(pk.fp32_gflops, 2 * 32 * 2 * 3700 / 1000.0, 1e-9);
        char *want = xasprintf("CPU, an upper-bound estimate, from this host: 2 cores x 32 lanes x 2 x 3700 MHz. Cores: 2 "
                               "logical CPUs this process may run on, one a core. Lanes: AVX-512, 16 floats; 2 FMAs a "
                               "clock: clx's rule of 2 FMA units of the full width, its table of CPU families having no "
                               "row for GenuineIntel family 6h, model %s. Clock: 3700 MHz (a stated maximum)", norow[i].hex);
        CHECK_STR(pk.fp32_source, want);
        free(want);
    }
    /* llvmpipe on the Zen 4 host: 256-bit vectors, as its name says; two of them a clock, the same
     * peak; no double precision, no FP64 peak. */
    h.family = 25, h.model_no = 17;
    snprintf(h.vendor, sizeof h.vendor, "AuthenticAMD");
    snprintf(p.name, sizeof p.name, "llvmpipe (LLVM 15.0.6, 256 bits)");
    p.native_float_width = 1;
    p.has_fp64 = 0;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.lanes_per_cu == 16);
    CHECK_NEAR(pk.fp32_gflops, zen4.fp32_gflops, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "16 lanes x 2 x 3700 MHz. Cores: ");
    CHECK_CONTAINS(pk.fp32_source, "Lanes: 256 bits, 8 floats, as the device's name states (the host has AVX-512); 2 FMAs a "
                                   "clock: AMD Zen 4 (family 19h, model 11h)");
    CHECK(pk.fp64_gflops == 0);
    CHECK_CONTAINS(pk.fp64_source, "none: the device has no double precision");
}

/* cpufma.c's rows, one width at a time: the FP32 FMA lanes a core completes a clock, whether that is an
 * upper bound, and the words. Hand-made cpuinfo lines of each family and model (Linux's ranges). */
static void test_cpu_fma_rows(void)
{
    static const struct {
        const char *vendor;
        int family, model;
        const char *flags;
        int bits, lanes, bound;
        const char *why;
    } cases[] = {
        { "AuthenticAMD", 23, 1, "fma avx2", 256, 8, 0, "1 FMA a clock: AMD Zen/Zen+ (family 17h, model 01h): 2 FMA units of 128 bits, 256-bit AVX executed as two 128-bit halves" },
        { "AuthenticAMD", 23, 1, "fma avx2", 128, 8, 0, "2 FMAs a clock: AMD Zen/Zen+" },
        { "AuthenticAMD", 23, 49, "fma avx2", 256, 16, 0, "2 FMAs a clock: AMD Zen 2 (family 17h, model 31h): 2 FMA units of 256 bits" },
        { "AuthenticAMD", 25, 33, "fma avx2", 256, 16, 0, "2 FMAs a clock: AMD Zen 3 (family 19h, model 21h)" },
        { "AuthenticAMD", 25, 116, "fma avx512f", 512, 16, 0, "1 FMA a clock: AMD Zen 4 (family 19h, model 74h)" },
        { "AuthenticAMD", 25, 17, "fma avx512f", 256, 16, 0, "2 FMAs a clock: AMD Zen 4 (family 19h, model 11h)" },
        { "AuthenticAMD", 26, 68, "fma avx512f", 512, 32, 1, "2 FMAs a clock: AMD Zen 5 (family 1Ah, model 44h): upper bound: " },
        { "AuthenticAMD", 26, 68, "fma avx512f", 256, 16, 0, "2 FMAs a clock: AMD Zen 5 (family 1Ah, model 44h): 2 FMA units of 512 bits" },
        { "AuthenticAMD", 26, 80, "fma avx512f", 512, 32, 1, "no row for AuthenticAMD family 1Ah, model 50h" },
        { "GenuineIntel", 6, 126, "fma avx512f", 512, 16, 0, "1 FMA a clock: Intel Ice Lake client (family 6h, model 7Eh): 1 FMA unit of 512 bits" },
        { "GenuineIntel", 6, 125, "fma avx512f", 256, 16, 0, "2 FMAs a clock: Intel Ice Lake client (family 6h, model 7Dh)" },
        { "GenuineIntel", 6, 85, "fma avx512f", 512, 32, 1, "2 FMAs a clock: Intel Xeon Scalable (Skylake, Cascade Lake) (family 6h, model 55h): upper bound: 1 or 2 FMA units of 512 bits by SKU" },
        { "GenuineIntel", 6, 85, "fma avx512f", 256, 16, 0, "2 FMAs a clock: Intel Xeon Scalable" },
        { "GenuineIntel", 6, 140, "fma avx512f", 512, 32, 1, "no row for GenuineIntel family 6h, model 8Ch" },
        /* Sapphire Rapids (8Fh) and Emerald Rapids (CFh), the same cores: the rule for both, an upper bound. */
        { "GenuineIntel", 6, 0x8f, "fma avx512f", 512, 32, 1, "2 FMAs a clock: clx's rule of 2 FMA units of the full width, its table of CPU families having no row for GenuineIntel family 6h, model 8Fh" },
        { "GenuineIntel", 6, 0xcf, "fma avx512f", 512, 32, 1, "2 FMAs a clock: clx's rule of 2 FMA units of the full width, its table of CPU families having no row for GenuineIntel family 6h, model CFh" },
        { "GenuineIntel", 6, 0xcf, "fma avx2", 256, 16, 1, "2 FMAs a clock: clx's rule of 2 FMA units of the full width" },
        /* No FMA: Sandy and Ivy Bridge a 256-bit multiply and a 256-bit add a clock (8 lanes, 16 flops, not
         * the rule's 32), as wide as their SSE at 128 bits; a CPU without a row and without FMA (an AMD K10,
         * SSE only) the most that can be, said as an upper bound; Bulldozer's fma4 is FMA. */
        { "GenuineIntel", 6, 42, "sse avx", 256, 8, 0, "1 multiply and 1 add a clock: Intel Sandy Bridge (family 6h, model 2Ah): no FMA: a 256-bit multiply on port 0 and a 256-bit add on port 1" },
        { "GenuineIntel", 6, 42, "sse avx", 128, 4, 0, "1 multiply and 1 add a clock: Intel Sandy Bridge" },
        { "GenuineIntel", 6, 62, "sse avx", 256, 8, 0, "1 multiply and 1 add a clock: Intel Ivy Bridge-E/EP (family 6h, model 3Eh)" },
        { "AuthenticAMD", 16, 4, "sse sse2", 128, 4, 1, "1 multiply and 1 add a clock: clx's rule for a CPU without FMA (its flags list neither fma nor fma4), a multiply and an add unit of the full width, its table of CPU families having no row for AuthenticAMD family 10h, model 04h" },
        { "AuthenticAMD", 21, 1, "sse avx fma4", 256, 16, 1, "2 FMAs a clock: clx's rule of 2 FMA units of the full width" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct hostcpu h;
        host_from(cases[i].vendor, cases[i].family, cases[i].model, cases[i].flags, &h);
        int bound = -1;
        char why[320];
        int lanes = cpufma_lanes(&h, cases[i].bits, &bound, why, sizeof why);
        if (lanes != cases[i].lanes || bound != cases[i].bound || !strstr(why, cases[i].why))
            fprintf(stderr, "  family %d model %d at %d bits: %d lanes, bound %d, '%s'\n", cases[i].family,
                    cases[i].model, cases[i].bits, lanes, bound, why);
        CHECK(lanes == cases[i].lanes);
        CHECK(bound == cases[i].bound);
        CHECK_CONTAINS(why, cases[i].why);
    }
    /* No host, or no width: no lanes. */
    int bound;
    char why[64];
    CHECK(cpufma_lanes(NULL, 0, &bound, why, sizeof why) == 0);
}

/* Arm's cores by cpuinfo's implementer and part (AArch64 names no vendor, family or model): Neoverse N1
 * 2 FMA units of 128 bits, V1 4 (or 2 of SVE's 256 bits: 16 lanes whatever the width); a core with no
 * row (a Cortex-A72, whose guide was not at hand) keeps the rule, an upper bound. */
static void test_cpu_fma_arm(void)
{
    static const struct {
        int part, bits, lanes, bound;
        const char *why;
    } cases[] = {
        { 0xd0c, 128, 8, 0, "2 FMAs a clock: Arm Neoverse N1 (implementer 41h, part D0Ch): 2 FMA units of 128 bits" },
        { 0xd40, 128, 16, 0, "4 FMAs a clock: Arm Neoverse V1 (implementer 41h, part D40h): 4 FMA units of 128 bits" },
        { 0xd40, 2048, 16, 0, "0.25 FMAs a clock: Arm Neoverse V1" },
        { 0xd08, 128, 8, 1, "2 FMAs a clock: clx's rule of 2 FMA units of the full width, its table of CPU families having no row for implementer 41h, part D08h" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = xasprintf("processor\t: 0\nFeatures\t: fp asimd sve\nCPU implementer\t: 0x41\nCPU part\t: 0x%x\n",
                               cases[i].part);
        struct hostcpu h;
        CHECK(hostcpu_parse(text, 4, &h) == 0);
        free(text);
        CHECK(h.implementer == 0x41 && h.part == cases[i].part && !h.no_fma && !h.vendor[0]);
        int bound = -1;
        char why[320];
        int lanes = cpufma_lanes(&h, cases[i].bits, &bound, why, sizeof why);
        if (lanes != cases[i].lanes || bound != cases[i].bound || !strstr(why, cases[i].why))
            fprintf(stderr, "  part %#x at %d bits: %d lanes, bound %d, '%s'\n", cases[i].part, cases[i].bits, lanes,
                    bound, why);
        CHECK(lanes == cases[i].lanes);
        CHECK(bound == cases[i].bound);
        CHECK_CONTAINS(why, cases[i].why);
    }
}

/* A CPU's compute peak counts the physical cores behind the logical CPUs it may run on: two SMT threads
 * share a core's FMA units, so a host of 2 cores and 4 threads has the peak of 2 cores. Where sysfs did
 * not tell the cores, every logical CPU is counted (clx's old rule), and the peak is an upper-bound
 * estimate, said so with why. */
static void test_cpu_smt(void)
{
    struct hostcpu h;
    host_from("AuthenticAMD", 25, 17, "fpu sse avx avx2 fma avx512f", &h);     /* Zen 4: theoretical */
    h.allowed = 4;
    h.cores = 2;
    struct devprops p = pocl_cpu();
    p.compute_units = 4;                                  /* PoCL reports the logical CPUs */
    struct peak pk;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 2 * 16 * 2 * 3700 / 1000.0, 1e-9);
    CHECK_NEAR(pk.fp64_gflops, pk.fp32_gflops / 2, 1e-9);
    CHECK(pk.fp32_kind == PEAK_THEORETICAL && pk.fp64_kind == PEAK_THEORETICAL);
    CHECK(pk.cpu_cores == 2 && pk.cpu_logical == 4);
    CHECK_CONTAINS(pk.fp32_source, "CPU from this host: 2 cores x 16 lanes x 2 x 3700 MHz. Cores: 4 logical CPUs this "
                                   "process may run on, SMT threads sharing a core's FMA units. Lanes: AVX-512, 16 floats; 1 "
                                   "FMA a clock: AMD Zen 4");
    /* The cores unread: each logical CPU a core, twice the peak, an estimate, and why. */
    h.cores = 0;
    snprintf(h.cores_why, sizeof h.cores_why, "cpu3/topology has neither core_cpus_list nor thread_siblings_list");
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 4 * 16 * 2 * 3700 / 1000.0, 1e-9);
    CHECK(pk.fp32_kind == PEAK_ESTIMATE && pk.fp64_kind == PEAK_ESTIMATE);
    CHECK(pk.cpu_cores == 0 && pk.cpu_logical == 4);
    CHECK_CONTAINS(pk.fp32_source, "CPU, an upper-bound estimate, from this host: 4 logical CPUs x 16 lanes x 2 x 3700 MHz. "
                                   "Cores: 4 logical CPUs this process may run on, each counted as a core; the cores behind "
                                   "them unread: cpu3/topology has neither core_cpus_list nor thread_siblings_list. Lanes: ");
    CHECK_CONTAINS(pk.fp64_source, "upper-bound estimate");
    /* Nor the CPUs this process may run on: those online. */
    h.allowed = 0;
    h.cpus = 3;
    peak_derive_on(&p, &h, &pk);
    CHECK_NEAR(pk.fp32_gflops, 3 * 16 * 2 * 3700 / 1000.0, 1e-9);
    CHECK_CONTAINS(pk.fp32_source, "3 logical CPUs online, each counted as a core");
    /* One core of one CPU (taskset -c 0). */
    h.allowed = h.cores = 1;
    peak_derive_on(&p, &h, &pk);
    CHECK_CONTAINS(pk.fp32_source, "from this host: 1 core x 16 lanes x 2 x 3700 MHz. Cores: 1 logical CPU this process may "
                                   "run on, one a core. Lanes: ");
    /* A GPU has none of these. */
    p.type = CL_DEVICE_TYPE_GPU;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.cpu_cores == 0 && pk.cpu_logical == 0);
}

/* Sandy Bridge has no FMA: a 256-bit multiply and a 256-bit add a clock, 16 FP32 flops a core, half of
 * what the rule of 2 FMA units gave; its 4 cores of 2 threads each count 4. Theoretical: the row says. */
static void test_cpu_no_fma(void)
{
    struct hostcpu h;
    host_from("GenuineIntel", 6, 42, "fpu sse sse2 avx", &h);
    CHECK(h.no_fma == 1);
    h.max_mhz = 3400;
    h.allowed = 8;
    h.cores = 4;
    struct devprops p = pocl_cpu();
    p.native_float_width = 8;
    struct peak pk;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.lanes_per_cu == 8);
    CHECK_NEAR(pk.fp32_gflops, 4 * 8 * 2 * 3400 / 1000.0, 1e-9);
    CHECK_NEAR(pk.fp64_gflops, pk.fp32_gflops / 2, 1e-9);
    CHECK(pk.fp32_kind == PEAK_THEORETICAL);
    CHECK_STR(pk.fp32_source, "CPU from this host: 4 cores x 8 lanes x 2 x 3400 MHz. Cores: 8 logical CPUs this process "
                              "may run on, SMT threads sharing a core's FMA units. Lanes: AVX, 8 floats; 1 multiply and 1 "
                              "add a clock: Intel Sandy Bridge (family 6h, model 2Ah): no FMA: a 256-bit multiply on port 0 "
                              "and a 256-bit add on port 1. Clock: 3400 MHz (a stated maximum)");
}

/* The width a CPU device's kernels run at: the host's widest, capped by a narrower one the device
 * states (a name's "N bits", else a native float width above 1, which says nothing at 1). */
static void test_cpu_width(void)
{
    struct hostcpu h;
    host_from("AuthenticAMD", 25, 17, "avx2 avx512f", &h);
    struct devprops p = pocl_cpu();
    char said[160];
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 512);
    CHECK_STR(said, "AVX-512, 16 floats");
    p.native_float_width = 8;                         /* PoCL built for AVX2 */
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 256);
    CHECK_STR(said, "256 bits, 8 floats, as its native float vector width says (the host has AVX-512)");
    p.native_float_width = 1;
    snprintf(p.name, sizeof p.name, "llvmpipe (LLVM 15.0.6, 128 bits)");
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 128);
    CHECK_STR(said, "128 bits, 4 floats, as the device's name states (the host has AVX-512)");
    snprintf(p.name, sizeof p.name, "llvmpipe (LLVM 17.0.6, 512 bits)");    /* not wider than the host */
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 512);
    snprintf(p.name, sizeof p.name, "a CPU of 8 bits");                  /* not a vector width */
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 512);
    h.simd_floats = 0;
    CHECK(cpufma_width(&p, &h, said, sizeof said) == 0 && !said[0]);
}

static void test_other_gpus(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, NULL, NULL);
    p.compute_units = 10;
    p.clock_mhz = 1000;
    snprintf(p.vendor, sizeof p.vendor, "Advanced Micro Devices, Inc.");
    CHECK(peak_fp32_lanes(&p, NULL) == 64);
    snprintf(p.vendor, sizeof p.vendor, "Intel(R) Corporation");
    CHECK(peak_fp32_lanes(&p, NULL) == 8);
}

/* A GPU as AMD's or Intel's OpenCL reports it: the architecture is in the name. */
static struct devprops gpu(const char *vendor, const char *name, unsigned cu, unsigned mhz)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, vendor, name);
    p.compute_units = cu;
    p.clock_mhz = mhz;
    p.has_fp64 = 1;
    return p;
}

/* AMD and Intel rows: the sizes of the products the ROCm pages quote, so the derived peaks can be
 * checked against the pages' own totals (MI250 per GCD 22.6 TFLOP/s FP64, MI300X 81.7, MI100 11.5). */
static void test_amd_intel_arch(void)
{
    static const char amd[] = "Advanced Micro Devices, Inc.", intel[] = "Intel(R) Corporation";
    static const struct {
        const char *vendor, *name;
        unsigned cu, mhz;
        int lanes;
        double fp64, fp16;      /* GFLOP/s, 0 unknown */
        const char *why;
    } cases[] = {
        { amd, "gfx908:sramecc+:xnack-", 120, 1502, 64, 120 * 32 * 2 * 1.502, 0, "CDNA gfx908" },
        { amd, "gfx90a:sramecc+:xnack-", 104, 1700, 128, 104 * 64 * 2 * 1.7, 0, "CDNA2" },
        { amd, "gfx942:sramecc+:xnack-", 304, 2100, 128, 304 * 64 * 2 * 2.1, 0, "CDNA3" },
        { amd, "AMD Radeon 8060S Graphics (radeonsi, gfx1151, ACO, DRM 3.61)", 40, 2900, 64, 0,
          40 * 128 * 2 * 2.9, "RDNA3.5" },
        { amd, "gfx1100", 96, 2500, 64, 0, 0, "RDNA3" },
        { amd, "gfx1030", 80, 2250, 64, 0, 0, "RDNA2" },
        { intel, "Intel(R) Iris(R) Xe Graphics", 96, 1300, 8, 0, 96 * 16 * 2 * 1.3, "Xe-LP" },
        { intel, "Intel(R) Data Center GPU Max 1550", 1024, 1600, 8, 0, 0, "Xe-HPC" },
        { intel, "Intel(R) Arc(TM) A770 Graphics", 512, 2400, 8, 0, 0, "Xe-HPG" },
        { intel, "Intel(R) UHD Graphics 630", 24, 1150, 8, 0, 0, "Gen9" },
        /* Not in the table (GCN5 Vega 20): FP32 from the vendor row, FP64 and FP16 unknown. */
        { amd, "gfx906:sramecc+:xnack-", 60, 1801, 64, 0, 0, NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct devprops p = gpu(cases[i].vendor, cases[i].name, cases[i].cu, cases[i].mhz);
        struct peak pk;
        peak_derive(&p, &pk);
        /* Name the failing row (the rates are products of doubles: compared to 1e-6). */
        double d64 = pk.fp64_gflops - cases[i].fp64, d16 = pk.fp16_gflops - cases[i].fp16;
        if (pk.lanes_per_cu != cases[i].lanes || d64 * d64 > 1e-12 || d16 * d16 > 1e-12)
            fprintf(stderr, "  device '%s'\n", cases[i].name);
        CHECK(pk.lanes_per_cu == cases[i].lanes);
        CHECK_NEAR(pk.fp32_gflops, cases[i].cu * cases[i].lanes * 2 * cases[i].mhz / 1000.0, 1e-6);
        CHECK_NEAR(pk.fp64_gflops, cases[i].fp64, 1e-6);
        CHECK_NEAR(pk.fp16_gflops, cases[i].fp16, 1e-6);
        /* Every source names the architecture row used, known or not; unknown ones say how to set it. */
        if (cases[i].why) {
            CHECK_CONTAINS(pk.fp64_source, cases[i].why);
            CHECK_CONTAINS(pk.fp16_source, cases[i].why);
        }
        if (cases[i].fp64 == 0) CHECK_CONTAINS(pk.fp64_source, "CLX_PEAK_FP64_GFLOPS");
        if (cases[i].fp16 == 0) CHECK_CONTAINS(pk.fp16_source, "CLX_PEAK_FP16_GFLOPS");
    }
    /* The MI300X's FP32 now follows its page's Vector FP32 row: 163.4 TFLOP/s. */
    struct devprops p = gpu(amd, "gfx942", 304, 2100);
    struct peak pk;
    peak_derive(&p, &pk);
    CHECK_NEAR(pk.fp32_gflops, 163430.4, 1e-6);
    CHECK_CONTAINS(pk.fp32_source, "CDNA3 gfx942");
    /* The name alone does not make a CPU an AMD GPU. */
    p.type = CL_DEVICE_TYPE_CPU;
    p.native_float_width = 8;
    peak_derive_on(&p, NULL, &pk);
    CHECK(pk.lanes_per_cu == 16);
    CHECK(pk.fp16_gflops == 0);
}

static void test_unknown_gpu(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, "Mystery Inc.", "Mystery Accelerator 9000");
    p.compute_units = 40;
    p.clock_mhz = 1500;
    p.cache_size = 2 * 1024 * 1024;
    struct peak pk;
    const char *why = NULL;
    CHECK(peak_fp32_lanes(&p, &why) == 0);
    peak_derive(&p, &pk);
    CHECK(pk.fp32_gflops == 0);
    CHECK(pk.lanes_per_cu == 0);
    CHECK_CONTAINS(pk.fp32_source, "CLX_PEAK_GFLOPS");
    CHECK(pk.mem_gbs == 0);
    CHECK_CONTAINS(pk.mem_source, "CLX_PEAK_GBS");
    CHECK_NEAR(pk.cache_bytes, 2.0 * 1024 * 1024, 0.5);
    CHECK_CONTAINS(pk.cache_source, "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE");
    CHECK(pk.fp64_gflops == 0 && pk.fp16_gflops == 0);
}

/* ROCm names an MI300 by its gfx target: the Infinity Cache is known, the bandwidth is not. */
static void test_mi300_cache(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, "Advanced Micro Devices, Inc.", "gfx942:sramecc+:xnack-");
    p.cache_size = 4 * 1024 * 1024;
    struct peak pk;
    peak_derive(&p, &pk);
    CHECK_NEAR(pk.cache_bytes, 256.0 * 1024 * 1024, 0.5);
    CHECK_CONTAINS(pk.cache_source, "Infinity Cache");
    CHECK(pk.mem_gbs == 0);
    CHECK_CONTAINS(pk.mem_source, "CLX_PEAK_GBS");
}

static void test_env_override(void)
{
    struct devprops p = device(CL_DEVICE_TYPE_GPU, NULL, "Mystery Accelerator 9000");
    struct peak pk;
    setenv("CLX_PEAK_GBS", "123.5", 1);
    setenv("CLX_PEAK_GFLOPS", "4567", 1);
    peak_derive(&p, &pk);
    CHECK_NEAR(pk.mem_gbs, 123.5, 1e-9);
    CHECK_STR(pk.mem_source, "CLX_PEAK_GBS environment variable");
    CHECK_NEAR(pk.fp32_gflops, 4567.0, 1e-9);
    CHECK_STR(pk.fp32_source, "CLX_PEAK_GFLOPS environment variable");
    CHECK(pk.fp32_kind == PEAK_GIVEN && pk.mem_kind == PEAK_GIVEN);
    CHECK_STR(peak_kind_name(pk.fp32_kind), "environment");
    /* A CPU's estimate that a variable replaces is the user's word, no longer an estimate. */
    struct devprops cpu = device(CL_DEVICE_TYPE_CPU, NULL, NULL);
    cpu.compute_units = 8;
    cpu.clock_mhz = 2000;
    cpu.native_float_width = 16;
    cpu.has_fp64 = 1;
    peak_derive_on(&cpu, NULL, &pk);
    CHECK(pk.fp32_kind == PEAK_GIVEN && pk.fp64_kind == PEAK_ESTIMATE);
    /* The override wins over the table too. */
    struct devprops h = h200();
    peak_derive(&h, &pk);
    CHECK_NEAR(pk.mem_gbs, 123.5, 1e-9);
    /* A value that is not a number is ignored (with a warning). */
    setenv("CLX_PEAK_GBS", "fast", 1);
    unsetenv("CLX_PEAK_GFLOPS");
    peak_derive(&h, &pk);
    CHECK_NEAR(pk.mem_gbs, 4800.0, 1e-9);
    CHECK_NEAR(pk.fp32_gflops, 66908.16, 1e-6);
    unsetenv("CLX_PEAK_GBS");
    /* The FP64 and FP16 overrides replace the table's values and say so. */
    setenv("CLX_PEAK_FP64_GFLOPS", "111", 1);
    setenv("CLX_PEAK_FP16_GFLOPS", "222", 1);
    peak_derive(&h, &pk);
    CHECK_NEAR(pk.fp64_gflops, 111.0, 1e-9);
    CHECK_STR(pk.fp64_source, "CLX_PEAK_FP64_GFLOPS environment variable");
    CHECK_NEAR(pk.fp16_gflops, 222.0, 1e-9);
    CHECK_STR(pk.fp16_source, "CLX_PEAK_FP16_GFLOPS environment variable");
    CHECK_NEAR(pk.fp32_gflops, 66908.16, 1e-6);
    unsetenv("CLX_PEAK_FP64_GFLOPS");
    unsetenv("CLX_PEAK_FP16_GFLOPS");
    /* The last-level cache, the host link and the matrix engines: each says where it came from, and
     * the matrix peak brings TF32 (half) and INT8 (twice) with it. */
    setenv("CLX_PEAK_CACHE_BYTES", "1048576", 1);
    setenv("CLX_PEAK_LINK_GBS", "25", 1);
    setenv("CLX_PEAK_TENSOR_GFLOPS", "4000", 1);
    peak_derive(&h, &pk);
    CHECK_NEAR(pk.cache_bytes, 1048576.0, 1e-9);
    CHECK_STR(pk.cache_source, "CLX_PEAK_CACHE_BYTES environment variable");
    CHECK_NEAR(pk.link_gbs, 25.0, 1e-9);
    CHECK_STR(pk.link_source, "CLX_PEAK_LINK_GBS environment variable");
    CHECK(pk.tensor_f16_gflops == 4000 && pk.tensor_tf32_gflops == 2000 && pk.tensor_int8_gops == 8000);
    CHECK_STR(pk.tensor_source, "CLX_PEAK_TENSOR_GFLOPS environment variable (FP16; TF32 half, INT8 twice)");
    CHECK_NEAR(pk.mem_gbs, 4800.0, 1e-9);        /* the others as derived */
    unsetenv("CLX_PEAK_CACHE_BYTES");
    unsetenv("CLX_PEAK_LINK_GBS");
    unsetenv("CLX_PEAK_TENSOR_GFLOPS");
}

/* Why FP64 or FP16 is unknown, in the three cases the message tells apart. */
static void test_unknown_rate_messages(void)
{
    struct devprops p = h200();
    struct peak pk;
    p.clock_mhz = 0;                                   /* a rate, but no clock to multiply */
    peak_derive_on(&p, NULL, &pk);
    CHECK_STR(pk.fp64_source, "unknown: the device reports no clock or compute units; set CLX_PEAK_FP64_GFLOPS to "
              "the device's FP64 peak in GFLOP/s for the pct_fp64_peak column");
    p = device(CL_DEVICE_TYPE_GPU, NULL, "Mystery Accelerator 9000");
    p.compute_units = 8;
    p.clock_mhz = 1000;
    peak_derive_on(&p, NULL, &pk);                      /* no row at all */
    CHECK_STR(pk.fp16_source, "unknown: clx knows no FP16 rate for this device; set CLX_PEAK_FP16_GFLOPS to its FP16 "
              "peak in GFLOP/s for the pct_fp16_peak column");
}

/* A rate past the peak at the maximum clock, explained or not by the clock the trials ran at. */
static void test_pct_at_clock(void)
{
    CHECK_NEAR(peak_pct_at_clock(100.3, 1980, 1994), 100.3 * 1980 / 1994, 1e-9);   /* the H100's FP64 row */
    CHECK(peak_pct_at_clock(100.3, 1980, 1994) < 100);
    CHECK(peak_pct_at_clock(130, 1980, 1994) > 100);                           /* work left out */
    CHECK(peak_pct_at_clock(100.3, 1980, 1975) == 100.3);                      /* below the maximum: as it is */
    CHECK(peak_pct_at_clock(100.3, 1980, 0) == 100.3);                         /* no trial clock */
    CHECK(peak_pct_at_clock(100.3, 0, 1994) == 100.3);                         /* no maximum known */
}

/* A CPU device's last-level cache is the host's largest of its highest level, whatever the runtime
 * reports (Intel's: its 1 MiB L2, on a host with 32 MiB of L3); never smaller than the report, never
 * for a GPU. */
static void test_cpu_llc(void)
{
    char dir[] = "/tmp/clx-llc-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *files[][2] = { { "index0/level", "1\n" }, { "index0/size", "48K\n" }, { "index2/level", "2\n" },
                               { "index2/size", "1024K\n" }, { "index3/level", "3\n" }, { "index3/size", "32768K\n" } };
    for (int i = 0; i < 6; i++) {
        char *f = xasprintf("%s/%s", dir, files[i][0]), *d = xstrdup(f);
        *strrchr(d, '/') = 0;
        mkdir_p(d);
        write_file_atomic(f, files[i][1], strlen(files[i][1]));
        free(f);
        free(d);
    }
    int level = 0;
    CHECK(hostcpu_llc_bytes(dir, &level) == 32.0 * 1048576 && level == 3);
    struct devprops p = device(CL_DEVICE_TYPE_CPU, NULL, NULL);
    p.compute_units = 2;
    p.cache_size = 1048576;
    struct hostcpu h = { .cpus = 2, .simd_floats = 16, .simd = "AVX-512", .mhz = 2100, .llc_bytes = 32.0 * 1048576, .llc_level = 3 };
    struct peak pk;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.cache_bytes == 32.0 * 1048576);
    CHECK_STR(pk.cache_source, "the host's L3 (sysfs), larger than the device's report (1 MiB)");
    p.cache_size = 64.0 * 1048576;                      /* a report larger than the host's: the report */
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.cache_bytes == 64.0 * 1048576);
    p.type = CL_DEVICE_TYPE_GPU;
    p.cache_size = 1048576;
    peak_derive_on(&p, &h, &pk);
    CHECK(pk.cache_bytes == 1048576);
    char *missing = xasprintf("%s/none", dir);
    CHECK(hostcpu_llc_bytes(missing, &level) == 0 && level == 0);
    free(missing);
    char *rm = xasprintf("rm -rf '%s'", dir);
    CHECK(system(rm) == 0);
    free(rm);
}

/* whole: every text of pk shorter than its field, as a text that snprintf cut never is (it fills the
 * field to its last byte). run.json and the speed of light's notes quote them. */
static int whole(const struct peak *pk)
{
#define FITS(f) (strlen(pk->f) + 1 < sizeof pk->f)
    return FITS(fp32_source) && FITS(fp64_source) && FITS(fp16_source) && FITS(tensor_source) && FITS(int32_source) &&
           FITS(mem_source) && FITS(cache_source) && FITS(ports_source) && FITS(link_source);
#undef FITS
}

/* The longest texts the tables and formats can make fit their fields: every NVIDIA compute
 * capability, AMD's and Intel's architectures and an unknown GPU at the largest compute units and
 * clock a device can report, and a CPU of the most logical CPUs with SVE's name and a timed clock of
 * 7 digits (the CPU's ports source was near its field's end). */
static void test_sources_whole(void)
{
    static const char *const amd[] = { "gfx908", "gfx90a:sramecc+:xnack-", "gfx942", "gfx1151", "gfx1100", "gfx1030",
                                       "AMD Radeon RX 7900 XTX", "gfx9999" };
    static const char *const intel[] = { "Intel(R) Iris(R) Xe Graphics", "Intel(R) Data Center GPU Max 1550", "Intel(R) Arc(TM) A770" };
    struct peak pk;
    int bad = 0;
    for (int major = 1; major <= 13; major++)
        for (int minor = 0; minor <= 9; minor++) {
            struct devprops p = h200();
            p.nv_cc_major = major;
            p.nv_cc_minor = minor;
            p.compute_units = 4294967295u;
            p.clock_mhz = 4294967295u;
            peak_derive_on(&p, NULL, &pk);
            bad += !whole(&pk);
        }
    for (size_t i = 0; i < sizeof amd / sizeof amd[0] + sizeof intel / sizeof intel[0]; i++) {
        int is_amd = i < sizeof amd / sizeof amd[0];
        struct devprops p = device(CL_DEVICE_TYPE_GPU, is_amd ? "Advanced Micro Devices, Inc." : "Intel(R) Corporation",
                                   is_amd ? amd[i] : intel[i - sizeof amd / sizeof amd[0]]);
        p.compute_units = 4294967295u;
        p.clock_mhz = 4294967295u;
        peak_derive_on(&p, NULL, &pk);
        bad += !whole(&pk);
        p.clock_mhz = 0;                         /* the unknown texts */
        peak_derive_on(&p, NULL, &pk);
        bad += !whole(&pk);
    }
    struct devprops c = device(CL_DEVICE_TYPE_CPU, NULL, NULL);
    c.compute_units = 4294967295u;
    c.clock_mhz = 1;                             /* below the host's: its timed clock is said */
    c.cache_size = 1;
    struct hostcpu h = { .cpus = 2147483647, .simd_floats = 512, .simd = "SVE (up to 2048 bits)", .mhz = 9999998,
                         .measured_mhz = 99999999, .llc_bytes = 1e15, .llc_level = 3 };
    peak_derive_on(&c, &h, &pk);
    bad += !whole(&pk);
    CHECK(pk.ports_gbs > 0 && str_ends(pk.ports_source, "above it)"));
    CHECK(bad == 0);
}

/* Every column a row's share of a compute peak goes in (peak_kinds) is one columns.c knows the peak
 * of, for a finding to read what that peak is (run.json peak.*_kind); and only shares are. */
static void test_share_columns(void)
{
    const char *col;
    int n = 0;
    for (int i = 0; (col = peak_kind_column(i)); i++, n++) CHECK(column_share_of(col) != NULL);
    CHECK(n >= 6);
    CHECK_STR(column_share_of("pct_fp64_peak"), "fp64");
    CHECK_STR(column_share_of("pct_fp32_at_clock"), "fp32");
    CHECK_STR(column_share_of("pct_bw_peak"), "mem");
    CHECK(column_share_of("gflops") == NULL && column_share_of("sol_pct") == NULL && column_share_of(NULL) == NULL);
}

int main(void)
{
    RUN(test_share_columns);
    unsetenv("CLX_PEAK_GBS");
    unsetenv("CLX_PEAK_GFLOPS");
    unsetenv("CLX_PEAK_FP64_GFLOPS");
    unsetenv("CLX_PEAK_FP16_GFLOPS");
    unsetenv("CLX_PEAK_TENSOR_GFLOPS");
    unsetenv("CLX_PEAK_CACHE_BYTES");
    unsetenv("CLX_PEAK_LINK_GBS");
    RUN(test_h200);
    RUN(test_pct_at_clock);
    RUN(test_tensor);
    RUN(test_nvidia_fp64_fp16);
    RUN(test_name_table);
    RUN(test_nvidia_generations);
    RUN(test_cpu);
    RUN(test_cpu_host);
    RUN(test_cpu_llc);
    RUN(test_hostcpu_parse);
    RUN(test_other_gpus);
    RUN(test_amd_intel_arch);
    RUN(test_unknown_gpu);
    RUN(test_mi300_cache);
    RUN(test_env_override);
    RUN(test_unknown_rate_messages);
    RUN(test_cpu_fma_units);
    RUN(test_cpu_fma_rows);
    RUN(test_cpu_fma_arm);
    RUN(test_cpu_smt);
    RUN(test_cpu_no_fma);
    RUN(test_cpu_width);
    RUN(test_sources_whole);
    CHECK_EXIT();
}
