/* test_devinfo.c — `clx devices`' table shows every value whole: a long one wraps in its column
 * (one device), or goes under the table as a numbered note shared by the devices that have it
 * (several); nothing is cut with "...", no line passes the table's width; a timer resolution of 0
 * is blank (null in JSON). Model devices and peaks:
 * no OpenCL, no host read. */
#include "check.h"
#include "device/devinfo.h"
#include "device/peak.h"
#include "lib/util.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A derivation as long as a CPU's (about 260 characters), without '-': the wrapped lines join back
 * with one space each. */
static const char *const LONG_SRC =
    "CPU (upper-bound estimate from this host: 2 logical CPUs x 32 lanes (AVX512, 16 floats, x 2 FMA "
    "units) x 2 x 3700 MHz as timed on a core, the fastest kept for this host (no stated maximum; the host "
    "says 2596 MHz; rows are impossible only 20% above it))";
static const char *const OTHER_SRC =
    "unknown: OpenCL reports no memory bandwidth and clx has no datasheet figure for this device; set "
    "CLX_PEAK_GBS to its bandwidth in GB/s for the pct_bw_peak column (a second long text, its own note)";
static const char *const SHORT_SRC = "CPU (upper-bound estimate): half the FP32 estimate";

static struct devprops model(const char *name)
{
    struct devprops p;
    memset(&p, 0, sizeof p);
    p.nv_cc_major = p.nv_cc_minor = -1;
    p.type = CL_DEVICE_TYPE_CPU;
    p.compute_units = 2;
    snprintf(p.name, sizeof p.name, "%s", name);
    snprintf(p.platform, sizeof p.platform, "Portable Computing Language");
    return p;
}

static struct peak peaks(void)
{
    struct peak pk;
    memset(&pk, 0, sizeof pk);
    pk.fp32_gflops = 473.6;
    snprintf(pk.fp32_source, sizeof pk.fp32_source, "%s", LONG_SRC);
    snprintf(pk.fp64_source, sizeof pk.fp64_source, "%s", SHORT_SRC);
    snprintf(pk.mem_source, sizeof pk.mem_source, "%s", OTHER_SRC);
    return pk;
}

/* table: the text of the table for n model devices. */
static char *table(const struct devprops *p, const struct peak *pk, int n)
{
    struct ocl_device d[3];
    memset(d, 0, sizeof d);
    for (int i = 0; i < n; i++) d[i].didx = i;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    devinfo_print_table_of(f, d, p, pk, n, NULL);
    fclose(f);
    return text;
}

/* joined: lines [from, to) of text, each from column col, joined with one space: a wrapped value
 * as one line again. */
static char *joined(const char *from, const char *to, size_t col)
{
    size_t cap = (size_t)(to - from) + 1, n = 0;
    char *out = calloc(cap, 1);
    for (const char *s = from; s < to;) {
        const char *nl = memchr(s, '\n', (size_t)(to - s)), *end = nl ? nl : to;
        if ((size_t)(end - s) > col) {
            if (n) out[n++] = ' ';
            memcpy(out + n, s + col, (size_t)(end - s) - col);
            n += (size_t)(end - s) - col;
        }
        s = end + 1;
    }
    out[n] = '\0';
    return out;
}

/* cell: the value of the row labelled label (its first match at or after start) in the column that
 * starts at col, its wrapped lines joined; "" when there is no such row. */
static char *cell(const char *start, const char *label, size_t col)
{
    const char *s = strstr(start, label);
    if (!s) return calloc(1, 1);
    const char *end = strchr(s, '\n');
    /* Continuation lines are blank up to the column. */
    while (end && end[1] == ' ' && strspn(end + 1, " ") >= col) end = strchr(end + 1, '\n');
    return joined(s, end ? end : s + strlen(s), col);
}

/* widest: the longest line of text. */
static size_t widest(const char *text)
{
    size_t w = 0;
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        if (n > w) w = n;
        s += n + (s[n] != '\0');
    }
    return w;
}

/* One device: its column has room; every value stays in its cell, whole, and there are no notes. */
static void test_one_device_wraps_whole(void)
{
    struct devprops p = model("pthread-skylake-avx512-AMD EPYC");
    struct peak pk = peaks();
    char *t = table(&p, &pk, 1);
    const char *head = strstr(t, "device (--device)");
    size_t col = (size_t)(strstr(head, "0:0") - head);
    char *fp32 = cell(t, "  derived from", col);
    CHECK_STR(fp32, LONG_SRC);
    char *mem = cell(strstr(t, "memory bandwidth"), "  from", col);
    CHECK_STR(mem, OTHER_SRC);
    CHECK(strstr(t, "...") == NULL);
    CHECK(strstr(t, "\nnotes\n") == NULL && strstr(t, "see note") == NULL);
    CHECK(widest(t) <= 100);
    free(fp32);
    free(mem);
    free(t);
}

/* Two devices: a value longer than four lines of its column is a note under the table, one for both
 * devices where their texts are the same; a short value stays in its cell. */
static void test_several_devices_notes(void)
{
    struct devprops p[2] = { model("pthread-skylake-avx512-AMD EPYC"), model("AMD EPYC") };
    struct peak pk[2] = { peaks(), peaks() };
    char *t = table(p, pk, 2);
    CHECK(strstr(t, "...") == NULL);
    CHECK(widest(t) <= 100);
    const char *head = strstr(t, "device (--device)");
    size_t col0 = (size_t)(strstr(head, "0:0") - head), col1 = (size_t)(strstr(head, "0:1") - head);
    /* Both devices point at note 1 for the FP32 derivation, at note 2 for the memory's. */
    const char *fp32 = strstr(t, "  derived from");
    CHECK(fp32 && !strncmp(fp32 + col0, "see note 1", 10) && !strncmp(fp32 + col1, "see note 1", 10));
    const char *mem = strstr(strstr(t, "memory bandwidth"), "  from");
    CHECK(mem && !strncmp(mem + col0, "see note 2", 10) && !strncmp(mem + col1, "see note 2", 10));
    /* The short FP64 derivation stays in its cell. */
    const char *fp64 = strstr(strstr(t, "FP64 peak (derived)"), "  derived from");
    CHECK(fp64 && !strncmp(fp64 + col0, SHORT_SRC, 20));
    /* The notes, each once and whole. */
    const char *notes = strstr(t, "\nnotes\n");
    CHECK(notes != NULL);
    if (notes) {
        const char *n1 = strstr(notes, "\n 1  "), *n2 = strstr(notes, "\n 2  ");
        CHECK(n1 && n2 && !strstr(notes, "\n 3  "));
        if (n1 && n2) {
            char *one = joined(n1 + 1, n2, 4), *two = joined(n2 + 1, n2 + strlen(n2), 4);
            CHECK_STR(one, LONG_SRC);
            CHECK_STR(two, OTHER_SRC);
            free(one);
            free(two);
        }
    }
    free(t);
    /* Texts that differ are notes of their own. */
    snprintf(pk[1].fp32_source, sizeof pk[1].fp32_source, "%s (the other device's)", LONG_SRC);
    t = table(p, pk, 2);
    fp32 = strstr(t, "  derived from");
    CHECK(fp32 && !strncmp(fp32 + col0, "see note 1", 10) && !strncmp(fp32 + col1, "see note 2", 10));
    CHECK(strstr(t, "\n 3  ") != NULL && strstr(t, "\n 4  ") == NULL);
    free(t);
}

/* A platform that reports no device is a line of its own under the devices' lines, before the
 * table: `clx devices` left it out (rusticl without RUSTICL_ENABLE), though --json had it. */
static void test_platform_without_device_named(void)
{
    struct devprops p = model("pthread-skylake-avx512-AMD EPYC");
    struct peak pk = peaks();
    struct ocl_device d;
    memset(&d, 0, sizeof d);
    struct strlist none = {0};
    sl_push(&none, "platform 1 (rusticl) reports no device: RUSTICL_ENABLE is not set");
    char *t = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&t, &len);
    devinfo_print_table_of(f, &d, &p, &pk, 1, &none);
    fclose(f);
    const char *head = "0:0  pthread-skylake-avx512-AMD EPYC (Portable Computing Language)\n"
                       "platform 1 (rusticl) reports no device: RUSTICL_ENABLE is not set\n"
                       "(--device takes P:D, a part of a device's name or of its platform's, or cpu, gpu, accelerator)\n";
    CHECK(!strncmp(t, head, strlen(head)));
    sl_free(&none);
    free(t);
}

/* A timer resolution of 0 (rusticl's: its events time no kernel) is not known: a blank cell and
 * null, not "0 ns", which read as a perfect timer; 1 ns is shown. */
static void test_timer_resolution_zero_blank(void)
{
    struct devprops p = model("llvmpipe");
    struct peak pk = peaks();
    char *t = table(&p, &pk, 1);
    const char *row = strstr(t, "profiling timer resolution");
    CHECK(row != NULL);
    if (row) {
        const char *end = strchr(row, '\n');
        char *line = xasprintf("%.*s", end ? (int)(end - row) : (int)strlen(row), row);
        CHECK(strstr(line + strlen("profiling timer resolution"), "ns") == NULL);
        free(line);
    }
    free(t);
    cJSON *j = devinfo_json(&p, &pk);
    CHECK(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(j, "timer_resolution_ns")));
    cJSON_Delete(j);
    p.timer_res_ns = 1;
    j = devinfo_json(&p, &pk);
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(j, "timer_resolution_ns");
    CHECK(cJSON_IsNumber(x) && x->valuedouble == 1);
    cJSON_Delete(j);
    t = table(&p, &pk, 1);
    CHECK(strstr(t, "profiling timer resolution") && strstr(strstr(t, "profiling timer resolution"), "1 ns"));
    free(t);
}

int main(void)
{
    RUN(test_one_device_wraps_whole);
    RUN(test_several_devices_notes);
    RUN(test_platform_without_device_named);
    RUN(test_timer_resolution_zero_blank);
    CHECK_EXIT();
}
