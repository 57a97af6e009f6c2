/* test_memneed.c — what a configuration's buffers take of the device's memory and of the host's
 * (inputs, read-back room, expected outputs; on a device whose memory is the host's, the buffers
 * too; where the reference's probe runs, its copies), MemAvailable read from /proc/meminfo's text or
 * CLX_MEM_AVAILABLE, and the check of one against the other: fits, fits once what clx holds is given
 * up, or does not (saying both figures). */
#include "check.h"
#include "lib/memavail.h"
#include "lib/util.h"
#include "measure/guard.h"
#include "measure/memneed.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPEC_TEXT \
    "description = \"memneed test\";\n" \
    "template = \"t.cl.m4\";\n" \
    "variants = ( { name = \"a\"; } );\n" \
    "launch = { N = 1000; local = 8; };\n" \
    "global = \"N\";\n" \
    "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"random\"; },\n" \
    "            { name = \"y\"; type = \"double\"; count = \"N\"; init = \"zero\"; },\n" \
    "            { name = \"z\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\n" \
    "args = [ \"x\", \"y\", \"z\" ];\n"

static void test_parse(void)
{
    CHECK(memavail_parse("MemTotal:       16318588 kB\nMemFree:          563448 kB\nMemAvailable:    2048 kB\n"
                         "Buffers:          350000 kB\n") == 2048.0 * 1024);
    CHECK(memavail_parse("MemAvailable: 7 kB") == 7.0 * 1024);
    CHECK(memavail_parse("MemTotal: 100 kB\nMemFree: 5 kB\n") == -1);       /* a kernel before 3.14 */
    CHECK(memavail_parse("XMemAvailable: 5 kB\n") == -1);
    CHECK(memavail_parse("MemAvailable: kB\n") == -1);
    CHECK(memavail_parse("") == -1);
}

static void test_env(void)
{
    const char *from = NULL;
    setenv("CLX_MEM_AVAILABLE", "12345", 1);
    CHECK(memavail_now(&from) == 12345);
    CHECK_STR(from, "CLX_MEM_AVAILABLE");
    setenv("CLX_MEM_AVAILABLE", "0", 1);
    CHECK(memavail_now(NULL) == 0);
    /* Not a number of bytes: ignored (said once, on stderr), the host's own figure read instead. */
    setenv("CLX_MEM_AVAILABLE", "lots", 1);
    from = NULL;
    double v = memavail_now(&from);
    CHECK(from && strcmp(from, "CLX_MEM_AVAILABLE") != 0);
    if (file_exists("/proc/meminfo")) CHECK(v > 0 && !strcmp(from, "MemAvailable in /proc/meminfo"));
    unsetenv("CLX_MEM_AVAILABLE");
}

static void test_shared(void)
{
    struct devprops d;
    memset(&d, 0, sizeof d);
    d.type = CL_DEVICE_TYPE_CPU;
    CHECK_STR(ocl_host_memory_shared(&d), "a CPU device");
    d.type = CL_DEVICE_TYPE_GPU;
    CHECK(ocl_host_memory_shared(&d) == NULL);
    d.host_unified = CL_TRUE;
    CHECK_STR(ocl_host_memory_shared(&d), "CL_DEVICE_HOST_UNIFIED_MEMORY");
}

/* loaded: the test's spec (SPEC_TEXT) into *s; 0, said as a failed check, where it does not load. */
static int loaded(struct spec *s)
{
    char *err = NULL;
    if (!spec_load_text("t.spec", "t", SPEC_TEXT, s, &err)) return 1;
    CHECK(!"the test's spec");
    free(err);
    return 0;
}

/* The sums: every buffer's bytes once on the host (inputs, the output's read-back room), the
 * output's again for its expected values; on the device each with its zone after it, and the
 * expected values' copy there where they are checked on the device. */
static void test_sums(void)
{
    struct spec s;
    if (!loaded(&s)) return;
    enum cltype t[3] = { CT_FLOAT, CT_DOUBLE, CT_FLOAT };
    size_t cnt[3] = { 1000, 1000, 1000 };
    struct devprops gpu, cpu;
    memset(&gpu, 0, sizeof gpu);
    gpu.type = CL_DEVICE_TYPE_GPU;
    gpu.global_mem = (cl_ulong)16 << 30;
    cpu = gpu;
    cpu.type = CL_DEVICE_TYPE_CPU;
    double zones = 2 * (double)guard_after(1000, 4, 1000) + (double)guard_after(1000, 8, 1000);
    struct memneed n;
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_NONE, &gpu, &n);
    CHECK(n.host == 16000 && n.device == 16000 + zones && n.expect_device == 0 && !n.shared);
    CHECK(memneed_on_host(&n) == 16000);            /* a GPU's buffers are not the host's */
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_HOST, &gpu, &n);
    CHECK(n.host == 20000 && n.expect_device == 0);
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_DEVICE, &cpu, &n);
    CHECK(n.host == 20000 && n.expect_device == 4000 && n.shared);
    CHECK(memneed_on_host(&n) == 20000 + 16000 + zones + 4000);
    /* No room beside the buffers under 90% of the device: no copy of the expected values there. */
    cpu.global_mem = 20000;
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_DEVICE, &cpu, &n);
    CHECK(n.expect_device == 0);
    CHECK(memneed_expect_room((cl_ulong)1 << 40, 0) == (double)EXPECT_CACHE_BYTES);
    CHECK(memneed_expect_room(1000, 800) == 100);
    spec_free(&s);
}

/* The reference's probe: every input once more and room for its answers (whole, or the pages of a
 * sample fewer than the output has), on the host whatever the device; said after the rest. */
static void test_probe(void)
{
    struct spec s;
    if (!loaded(&s)) return;
    enum cltype t[3] = { CT_FLOAT, CT_DOUBLE, CT_FLOAT };
    size_t cnt[3] = { 1000, 1000, 1000 };
    struct devprops gpu;
    memset(&gpu, 0, sizeof gpu);
    gpu.type = CL_DEVICE_TYPE_GPU;
    gpu.global_mem = (cl_ulong)16 << 30;
    struct memneed n;
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_HOST, &gpu, &n);
    CHECK(n.probe == 0 && memneed_on_host(&n) == 20000);
    char *w = memneed_words(&n);
    CHECK(!strstr(w, "probe"));
    free(w);
    memneed_probe(&s, t, cnt, &n);
    CHECK(n.probe == 4000 + 8000 + 4000 && n.host == 20000);
    CHECK(memneed_on_host(&n) == 20000 + 16000);
    w = memneed_words(&n);
    CHECK_CONTAINS(w, "of clx's host copies (inputs, read-back room, expected outputs), and the reference's probe (its "
                      "second run, once a worker: does it read its output?) copies the inputs and computes its answers "
                      "again: 15.6 KiB more");
    free(w);
    /* memneed_of starts afresh: a configuration the probe does not run with counts none. */
    memneed_of(&s, t, cnt, 1000, MEMNEED_EXPECT_HOST, &gpu, &n);
    CHECK(n.probe == 0);

    /* Sampled: 10 elements of a million floats (977 pages of 4096) touch 10 pages of the answer's room. */
    long pg = sysconf(_SC_PAGESIZE);
    size_t big[3] = { 1000000, 1000000, 1000000 };
    s.sample = 10;
    memneed_probe(&s, t, big, &n);
    CHECK(n.probe == 4e6 + 8e6 + 10.0 * (double)(pg > 0 ? pg : 4096));
    /* A sample as large as the pages: the room is filled whole (expected_probe.c's answer_room). */
    s.sample = 2000;
    memneed_probe(&s, t, big, &n);
    CHECK(n.probe == 4e6 + 8e6 + 4e6);
    /* A sample as large as the output is no sample. */
    s.sample = 1000;
    memneed_probe(&s, t, cnt, &n);
    CHECK(n.probe == 16000);
    spec_free(&s);
}

/* Against what the host has: fits; fits once clx gives up what it holds; does not, saying both. */
static void test_check(void)
{
    struct memneed n = { .device = 3000, .expect_device = 0, .host = 2000, .shared = "a CPU device" };
    char *why = NULL;
    setenv("CLX_MEM_AVAILABLE", "5000", 1);
    CHECK(memneed_host_check(&n, 0, &why) == 0 && !why);
    /* A fixed CLX_MEM_AVAILABLE does not drop while clx holds memory, as MemAvailable does: what clx
     * holds is within it, not on top of it. 5000 bytes fit 5000 once the 1000 held are given up,
     * 5100 beside 100 held; they never fit 4000, whatever clx holds. */
    setenv("CLX_MEM_AVAILABLE", "5000", 1);
    CHECK(memneed_host_check(&n, 1000, &why) == 1 && !why);
    setenv("CLX_MEM_AVAILABLE", "5100", 1);
    CHECK(memneed_host_check(&n, 100, &why) == 0 && !why);
    setenv("CLX_MEM_AVAILABLE", "4000", 1);
    CHECK(memneed_host_check(&n, 1000, &why) == -1);
    free(why);
    why = NULL;
    CHECK(memneed_host_check(&n, 999, &why) == -1);
    free(why);
    why = NULL;
    CHECK(memneed_host_check(&n, 500, &why) == -1);
    CHECK_CONTAINS(why, "the configuration needs 4.9 KiB of the host's memory, more than the 3.9 KiB available "
                        "(CLX_MEM_AVAILABLE, 500.0 B of it held by clx, which would give it up): 2.9 KiB of buffers "
                        "on a device whose memory is the host's (a CPU device) and 2.0 KiB of clx's host copies");
    free(why);
    why = NULL;
    /* MemAvailable leaves out what clx holds: that is added to it (the host's own figure here, so
     * only the sum's form is checked). */
    unsetenv("CLX_MEM_AVAILABLE");
    const char *from = NULL;
    int in = -1;
    double a = memavail_now(NULL);
    if (a >= 0) {
        CHECK(memavail_with_held(1000, &from, &in) >= 1000 && in == 0);
        CHECK_STR(from, "MemAvailable in /proc/meminfo");
    }
    setenv("CLX_MEM_AVAILABLE", "4000", 1);
    CHECK(memavail_with_held(1000, &from, &in) == 4000 && in == 1);
    n.shared = NULL;                               /* on a GPU only the host copies count */
    setenv("CLX_MEM_AVAILABLE", "1000", 1);
    CHECK(memneed_host_check(&n, 0, &why) == -1);
    CHECK_CONTAINS(why, "needs 2.0 KiB of the host's memory, more than the 1000.0 B available (CLX_MEM_AVAILABLE): "
                        "2.9 KiB of buffers on the device and 2.0 KiB of clx's host copies");
    free(why);
    why = NULL;
    /* The probe's copies on top: what fitted does not, and the message says what they are, so that
     * its sum adds up (bench_buffers then runs the configuration without the probe: test_bufpool). */
    setenv("CLX_MEM_AVAILABLE", "2500", 1);
    CHECK(memneed_host_check(&n, 0, &why) == 0 && !why);
    n.probe = 1000;
    CHECK(memneed_host_check(&n, 0, &why) == -1);
    CHECK_CONTAINS(why, "needs 2.9 KiB of the host's memory, more than the 2.4 KiB available (CLX_MEM_AVAILABLE): "
                        "2.9 KiB of buffers on the device and 2.0 KiB of clx's host copies (inputs, read-back room, "
                        "expected outputs), and the reference's probe");
    CHECK_CONTAINS(why, "computes its answers again: 1000.0 B more");
    free(why);
    unsetenv("CLX_MEM_AVAILABLE");
}

int main(void)
{
    RUN(test_parse);
    RUN(test_env);
    RUN(test_shared);
    RUN(test_sums);
    RUN(test_probe);
    RUN(test_check);
    CHECK_EXIT();
}
