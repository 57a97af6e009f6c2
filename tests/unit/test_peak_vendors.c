/* test_peak_vendors.c — peak.c's ceilings for AMD and Intel GPUs from their recorded device properties
 * (tests/unit/fixtures/clinfo/: lines of public clinfo and rocminfo outputs, each file naming its
 * source), checked against the figures AMD states for those products; and a CPU's peaks under three
 * OpenCL runtimes of one AVX-512 host, at the width each runtime builds for. No GPU is needed. */
#include "check.h"
#include "device/cpuports.h"
#include "device/hostcpu.h"
#include "hostfix.h"
#include "device/peak.h"
#include "lib/util.h"
#include <stddef.h>
#include <stdlib.h>

#define FIX "tests/unit/fixtures/clinfo/"
#define MiB (1024.0 * 1024.0)

/* A fixture: the device properties it records, and what rocminfo says of the caches (to hold the
 * table's last-level cache against the device's own word). */
struct fixture {
    struct devprops p;
    double l2_bytes, l3_bytes;
};

enum kind { STR, TYPE, UINT, VEC, BYTES, KIB };

/* The lines a fixture may hold: the label that starts the line (after its indent; a ':' and blanks
 * may follow), what the value is, where it goes. clinfo's and rocminfo's labels both; the first
 * line of a field wins. To read another property, add a row. */
static const struct label {
    const char *label;
    enum kind kind;
    int in_fixture;       /* off is into struct fixture, not struct devprops */
    size_t off, size;
} labels[] = {
#define P(f) 0, offsetof(struct devprops, f), sizeof ((struct devprops *)0)->f
#define F(f) 1, offsetof(struct fixture, f), sizeof ((struct fixture *)0)->f
    { "Device Name", STR, P(name) },
    { "Name:", STR, P(name) },                          /* rocminfo */
    { "Device Vendor", STR, P(vendor) },
    { "Vendor Name:", STR, P(vendor) },                 /* rocminfo */
    { "Device Type", TYPE, P(type) },
    { "Device Board Name (AMD)", STR, P(board) },
    { "Marketing Name:", STR, P(board) },               /* rocminfo: the runtime's board name */
    { "Max compute units", UINT, P(compute_units) },
    { "Compute Unit:", UINT, P(compute_units) },        /* rocminfo */
    { "Max clock frequency", UINT, P(clock_mhz) },
    { "Max Clock Freq. (MHz):", UINT, P(clock_mhz) },   /* rocminfo */
    { "SIMD per compute unit (AMD)", UINT, P(amd_simd_per_cu) },
    { "SIMD width (AMD)", UINT, P(amd_simd_width) },
    { "float", VEC, P(native_float_width) },            /* "preferred / native" */
    { "Global Memory cache size", BYTES, P(cache_size) },
    { "L2:", KIB, F(l2_bytes) },                        /* rocminfo */
    { "L3:", KIB, F(l3_bytes) },
#undef P
#undef F
};

/* label_of: the row whose label starts line (a ':' or a blank after it), *value after the label and
 * its ':' and blanks; NULL when none does. */
static const struct label *label_of(const char *line, const char **value)
{
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        size_t n = strlen(labels[i].label);
        if (strncmp(line, labels[i].label, n) == 0 && (line[n] == ':' || line[n] == ' ' || line[n] == '\t')) {
            *value = line + n + strspn(line + n, ": \t");
            return &labels[i];
        }
    }
    return NULL;
}

/* load: the fixture at path into *f; 0, or -1 when it cannot be read or holds no device name. */
static int load(const char *path, struct fixture *f)
{
    char *text = read_file(path, NULL);
    int set[sizeof labels / sizeof labels[0]] = {0};    /* per label: its field has its value */
    memset(f, 0, sizeof *f);
    f->p.nv_cc_major = f->p.nv_cc_minor = -1;    /* as ocl_query leaves a non-NVIDIA device */
    /* The recordings do not say whether the device has double precision: taken as having it, so the
     * FP64 figures are the tables' (test_peak checks a device without). */
    f->p.has_fp64 = 1;
    if (!text) return -1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        const char *v;
        const struct label *l = label_of(line + strspn(line, " \t"), &v);
        if (!l || set[l - labels]) continue;
        for (size_t j = 0; j < sizeof labels / sizeof labels[0]; j++)
            if (labels[j].in_fixture == l->in_fixture && labels[j].off == l->off) set[j] = 1;
        char *at = (char *)(l->in_fixture ? (void *)f : (void *)&f->p) + l->off;
        const char *slash = strchr(v, '/');
        switch (l->kind) {
        case STR:   snprintf(at, l->size, "%s", v); str_trim(at); break;
        case TYPE:  *(cl_device_type *)at = !strncmp(v, "GPU", 3) ? CL_DEVICE_TYPE_GPU
                                            : !strncmp(v, "CPU", 3) ? CL_DEVICE_TYPE_CPU : 0; break;
        case UINT:  *(cl_uint *)at = (cl_uint)strtoul(v, NULL, 10); break;
        case VEC:   *(cl_uint *)at = slash ? (cl_uint)strtoul(slash + 1, NULL, 10) : 0; break;
        case BYTES: *(cl_ulong *)at = strtoull(v, NULL, 10); break;
        case KIB:   *(double *)at = strtod(v, NULL) * 1024; break;
        }
    }
    free(text);
    return f->p.name[0] ? 0 : -1;
}

/* The parser itself: a clinfo file and a rocminfo file read into the fields peak.c uses. */
static void test_fixture_reader(void)
{
    struct fixture f;
    CHECK(load(FIX "amd-rx6800xt-rocm.txt", &f) == 0);
    CHECK_STR(f.p.name, "gfx1030");
    CHECK_STR(f.p.vendor, "Advanced Micro Devices, Inc.");
    CHECK_STR(f.p.board, "AMD Radeon RX 6800 XT");
    CHECK(f.p.type == CL_DEVICE_TYPE_GPU);
    CHECK(f.p.compute_units == 36 && f.p.clock_mhz == 2575 && f.p.native_float_width == 1);
    CHECK(f.p.amd_simd_per_cu == 4 && f.p.amd_simd_width == 32);
    CHECK(f.p.cache_size == 16384);
    CHECK(f.p.nv_cc_major == -1);
    CHECK(load(FIX "amd-mi300x-rocminfo.txt", &f) == 0);
    CHECK_STR(f.p.name, "gfx942");
    CHECK_STR(f.p.board, "AMD Instinct MI300X");
    CHECK_STR(f.p.vendor, "AMD");
    CHECK(f.p.compute_units == 304 && f.p.clock_mhz == 2100);
    CHECK_NEAR(f.l2_bytes, 4 * MiB, 0.5);
    CHECK_NEAR(f.l3_bytes, 256 * MiB, 0.5);
    CHECK(load(FIX "no-such-file.txt", &f) == -1);
}

/* Each fixture's derived ceilings against the vendor's. A figure 0 must come out unknown, its source
 * naming the CLX_PEAK_ variable to set; cache < 0 is not checked. Vendor totals are rounded to 3 or 4
 * digits and quoted at a clock the device may report a little differently (the MI100 page's 1.5 GHz,
 * the MI100's 1502 MHz): within tol (a share). */
static const struct vendor_case {
    const char *file;
    double fp32, fp64, fp16, gbs, cache, tol;
    const char *fp32_why;      /* in fp32_source */
} cases[] = {
    /* ROCm's MI100 page (https://rocm.docs.amd.com/en/latest/_sources/reference/gpu-arch/mi100.md):
     * Vector FP32 23.1, Vector FP64 11.5 TFLOP/s, no vector FP16; HBM2 1.228 TB/s. ROCm's GPU
     * specifications: L2 8 MiB (rocminfo: 8192 KB). */
    { "amd-mi100-rocminfo.txt", 23100, 11500, 0, 1228, 8 * MiB, 0.005, "AMD GPU (GCN/CDNA/RDNA" },
    /* An MI210 is one GCD of an MI250's size and clock (ROCm's GPU specifications: 104 CUs; the MI250
     * page, https://rocm.docs.amd.com/en/docs-7.14.0/_sources/reference/gpu-arch/mi250.md: 1.7 GHz,
     * Packed FP32 90.5 and Vector FP64 45.3 TFLOP/s for the MI250's two GCDs, 22.6 FP64 per GCD). No
     * AMD bandwidth figure at hand for the MI210. */
    { "amd-mi210-rocminfo.txt", 90500 / 2.0, 22600, 0, 0, 8 * MiB, 0.005, "CDNA2 gfx90a" },
    /* One GCD of an MI250X: AMD quotes 47.9 TFLOP/s FP64 vector for the module's two GCDs (issue 43);
     * 110 CUs a GCD (ROCm's GPU specifications) at the MI250 page's rates: Packed FP32 256
     * FLOPS/clock/CU. HBM2e 1.6 TB/s per GCD (the MI250 page). */
    { "amd-mi250x-gcd-rocminfo.txt", 110 * 256 * 1.7, 47900 / 2.0, 0, 1600, 8 * MiB, 0.005, "CDNA2 gfx90a" },
    /* ROCm's MI300X page (https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi300.html):
     * Vector FP64 81.7, Vector FP32 163.4 TFLOP/s, 5.3 TB/s; Infinity Cache 256 MiB (GPU
     * specifications; rocminfo: L3 262144 KB). */
    { "amd-mi300x-rocminfo.txt", 163400, 81700, 0, 5300, 256 * MiB, 0.005, "CDNA3 gfx942" },
    /* 72 CUs (ROCm's GPU specifications, RDNA2 tab; rocminfo: 72) of 64 lanes, though the runtime
     * reports 36 units; FP64, FP16 and bandwidth: no AMD figure at hand. Infinity Cache 128 MiB. */
    { "amd-rx6800xt-rocm.txt", 72 * 64 * 2 * 2.575, 0, 0, 0, 128 * MiB, 1e-12, "work-group processor of 2 CUs" },
    /* 96 CUs (ROCm's GPU specifications; rocminfo: 96), reported as 48; Infinity Cache 96 MiB. RDNA3's
     * dual issue is not counted (AMD's own profiler counts 128 FP32 FLOPS/clock/CU on RDNA3.5). */
    { "amd-rx7900xtx-rocm.txt", 96 * 64 * 2 * 2.371, 0, 0, 0, 96 * MiB, 1e-12, "work-group processor of 2 CUs" },
    /* Intel: 8 FP32 lanes an EU (lane_rows); no Intel figure at hand for the rest, nor a name clx
     * recognises ("[0x56c1]"). */
    { "intel-flex140.txt", 128 * 8 * 2 * 2.1, 0, 0, 0, -1, 1e-12, "Intel GPU (Gen9 to Xe" },
};

static void check_peak(double got, double want, double tol, const char *source, const char *var, const char *file)
{
    if (want > 0) {
        if (!(got >= want * (1 - tol) && got <= want * (1 + tol)))
            fprintf(stderr, "  %s: %.1f, vendor %.1f (%s)\n", file, got, want, source);
        CHECK(got >= want * (1 - tol) && got <= want * (1 + tol));
    } else {
        if (got != 0) fprintf(stderr, "  %s: %.1f where no vendor figure is at hand (%s)\n", file, got, source);
        CHECK(got == 0);
        CHECK_CONTAINS(source, var);
    }
}

static void test_vendor_figures(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct vendor_case *c = &cases[i];
        char path[256];
        struct fixture f;
        struct peak pk;
        snprintf(path, sizeof path, FIX "%s", c->file);
        CHECK(load(path, &f) == 0);
        peak_derive_on(&f.p, NULL, &pk);
        check_peak(pk.fp32_gflops, c->fp32, c->tol, pk.fp32_source, "CLX_PEAK_GFLOPS", c->file);
        CHECK_CONTAINS(pk.fp32_source, c->fp32_why);
        check_peak(pk.fp64_gflops, c->fp64, c->tol, pk.fp64_source, "CLX_PEAK_FP64_GFLOPS", c->file);
        check_peak(pk.fp16_gflops, c->fp16, c->tol, pk.fp16_source, "CLX_PEAK_FP16_GFLOPS", c->file);
        check_peak(pk.mem_gbs, c->gbs, 1e-12, pk.mem_source, "CLX_PEAK_GBS", c->file);
        if (c->cache >= 0) {
            if (pk.cache_bytes != c->cache) fprintf(stderr, "  %s: cache %.0f\n", c->file, pk.cache_bytes);
            CHECK_NEAR(pk.cache_bytes, c->cache, 0.5);
        }
        /* Where rocminfo gives the last-level cache, the table agrees with the device's word. */
        double llc = f.l3_bytes > 0 ? f.l3_bytes : f.l2_bytes;
        if (llc > 0) CHECK_NEAR(pk.cache_bytes, llc, 0.5);
    }
}

/* Where AMD's runtime counts work-group processors, FP16 and FP64 rates per CU are scaled like FP32;
 * a driver that does not describe its units (Mesa's) is taken at its word. */
static void test_units_of_two_cus(void)
{
    struct fixture f;
    struct peak pk;
    CHECK(load(FIX "amd-rx7900xtx-rocm.txt", &f) == 0);
    /* RDNA3.5 under AMD's runtime: 20 units of 2 CUs at the RDNA3.5 page's 256 FP16 FLOPS/clock/CU. */
    snprintf(f.p.name, sizeof f.p.name, "gfx1151");
    f.p.compute_units = 20;
    f.p.clock_mhz = 2900;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK(pk.lanes_per_cu == 128);
    CHECK_NEAR(pk.fp16_gflops, 40 * 128 * 2 * 2.9, 1e-6);
    CHECK_CONTAINS(pk.fp16_source, "20 CU (units of 2 CUs) x 256 FP16 results/clock");
    /* The same GPU under Mesa: 40 CUs, no SIMD description. */
    f.p.compute_units = 40;
    f.p.amd_simd_per_cu = f.p.amd_simd_width = 0;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK(pk.lanes_per_cu == 64);
    CHECK_NEAR(pk.fp16_gflops, 40 * 128 * 2 * 2.9, 1e-6);
    /* CDNA's 4 x 16 is one CU a unit. */
    CHECK(load(FIX "amd-mi100-rocminfo.txt", &f) == 0);
    f.p.amd_simd_per_cu = 4;
    f.p.amd_simd_width = 16;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK(pk.lanes_per_cu == 64);
}

/* The board name picks the row; a partition of an MI300X (CPX: 38 CUs) does not take the board's
 * bandwidth; with no board name, the gfx target's row says what is known. */
static void test_board_rows(void)
{
    struct fixture f;
    struct peak pk;
    CHECK(load(FIX "amd-mi300x-rocminfo.txt", &f) == 0);
    f.p.compute_units = 38;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK(pk.mem_gbs == 0);
    CHECK_CONTAINS(pk.mem_source, "partition");
    CHECK_NEAR(pk.cache_bytes, 256 * MiB, 0.5);
    CHECK(load(FIX "amd-mi100-rocminfo.txt", &f) == 0);
    snprintf(f.p.board, sizeof f.p.board, "Device 738c");       /* ROCm 4.0's board name for it */
    peak_derive_on(&f.p, NULL, &pk);
    CHECK_NEAR(pk.mem_gbs, 1228.0, 1e-9);
    CHECK(load(FIX "amd-mi250x-gcd-rocminfo.txt", &f) == 0);
    snprintf(f.p.board, sizeof f.p.board, "AMD Instinct MI250X/MI250");   /* newer ROCm */
    peak_derive_on(&f.p, NULL, &pk);
    CHECK_NEAR(pk.mem_gbs, 1600.0, 1e-9);
    f.p.board[0] = 0;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK(pk.mem_gbs == 0);
    CHECK_CONTAINS(pk.mem_source, "gfx90a");
    CHECK_CONTAINS(pk.mem_source, "CLX_PEAK_GBS");
    /* Mesa names a Radeon by its product: the same row by device name. */
    CHECK(load(FIX "amd-rx7900xtx-rocm.txt", &f) == 0);
    snprintf(f.p.name, sizeof f.p.name, "AMD Radeon RX 7900 XTX (radeonsi, navi31, ACO, DRM 3.57)");
    f.p.board[0] = 0;
    peak_derive_on(&f.p, NULL, &pk);
    CHECK_NEAR(pk.cache_bytes, 96 * MiB, 0.5);
    snprintf(f.p.name, sizeof f.p.name, "AMD Radeon RX 7900 XT (radeonsi, navi31)");
    peak_derive_on(&f.p, NULL, &pk);
    CHECK_NEAR(pk.cache_bytes, 80 * MiB, 0.5);
}

/* One AVX-512 host (a 2-vCPU KVM guest of an Intel Xeon, family 6 model CFh: no row in cpufma.c's
 * table, so 2 FMA units of the width) under its three CPU runtimes, as each reports itself: the FP32
 * peak and the load/store ports' limit (cpuports.h) both take the width the runtime's kernels run
 * at, not the host's widest: llvmpipe (rusticl) builds 256-bit vectors, as its name says, PoCL and
 * Intel's runtime 512 (native float width 16). Before, the ports' limit took the host's 64 bytes
 * under every runtime, twice llvmpipe's. */
static void test_cpu_runtime_widths(void)
{
    static const struct { const char *file; int bits; const char *width; } runtimes[] = {
        { "cpu-rusticl-llvmpipe.txt", 256, "256 bits, 8 floats, as the device's name states (the host has AVX-512)" },
        { "cpu-pocl.txt", 512, "AVX-512, 16 floats" },
        { "cpu-intel.txt", 512, "AVX-512, 16 floats" },
    };
    struct hostcpu h;
    host_from_fixture("intel-xeon-avx512-kvm.txt", 3000, &h);
    CHECK_STR(h.vendor, "GenuineIntel");
    CHECK(h.family == 6 && h.model_no == 0xcf && h.simd_floats == 16 && !h.no_fma);
    for (size_t i = 0; i < sizeof runtimes / sizeof runtimes[0]; i++) {
        char path[256], ports[320];
        struct fixture f;
        struct peak pk;
        snprintf(path, sizeof path, FIX "%s", runtimes[i].file);
        CHECK(load(path, &f) == 0);
        CHECK(f.p.type == CL_DEVICE_TYPE_CPU);
        peak_derive_on(&f.p, &h, &pk);
        int lanes = 2 * runtimes[i].bits / 32;
        if (pk.lanes_per_cu != lanes) fprintf(stderr, "  %s: %d lanes, want %d\n", runtimes[i].file, pk.lanes_per_cu, lanes);
        CHECK(pk.lanes_per_cu == lanes);
        CHECK_NEAR(pk.fp32_gflops, 2.0 * lanes * 2 * 3000 / 1000, 1e-9);
        CHECK_CONTAINS(pk.fp32_source, runtimes[i].width);
        double gbs = 2.0 * CPU_PORT_VECTORS * (runtimes[i].bits / 8) * 3000 / 1000;
        if (pk.ports_gbs != gbs) fprintf(stderr, "  %s: ports %.1f GB/s, want %.1f\n", runtimes[i].file, pk.ports_gbs, gbs);
        CHECK_NEAR(pk.ports_gbs, gbs, 1e-9);
        snprintf(ports, sizeof ports, "2 logical CPUs x %d vectors loaded or stored/clock x %d bytes x 3000 MHz. Vectors: "
                 "%s. Clock: 3000 MHz (a stated maximum)", CPU_PORT_VECTORS, runtimes[i].bits / 8, runtimes[i].width);
        CHECK_STR(pk.ports_source, ports);
    }
}

int main(void)
{
    static const char *vars[] = { "CLX_PEAK_GBS", "CLX_PEAK_GFLOPS", "CLX_PEAK_FP64_GFLOPS", "CLX_PEAK_FP16_GFLOPS",
                                  "CLX_PEAK_TENSOR_GFLOPS", "CLX_PEAK_CACHE_BYTES", "CLX_PEAK_LINK_GBS" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) unsetenv(vars[i]);
    RUN(test_fixture_reader);
    RUN(test_vendor_figures);
    RUN(test_units_of_two_cus);
    RUN(test_board_rows);
    RUN(test_cpu_runtime_widths);
    CHECK_EXIT();
}
