/* test_poclbin.c — the files found in PoCL program binaries made here in PoCL's layout: paths and
 * contents, truncated records, unsafe paths, record-like bytes inside a file's content. */
#include "check.h"
#include "device/poclbin.h"
#include <stdint.h>

/* A growing buffer in PoCL's layout. */
static unsigned char buf[4096];
static size_t len;

static void put(const void *p, size_t n) { memcpy(buf + len, p, n); len += n; }
static void put32(uint32_t v)
{
    unsigned char b[4] = { v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff, v >> 24 & 0xff };
    put(b, 4);
}
static void put_file(const char *path, const void *data, size_t n)
{
    put32((uint32_t)strlen(path));
    put(path, strlen(path));
    put32((uint32_t)n);
    put(data, n);
}
/* start: the magic and a header like PoCL 3.1's, whose build hash holds a '/' after a length-like 1. */
static void start(void)
{
    len = 0;
    put("poclbin", 8);
    static const unsigned char header[] = { 0x0c, 0x7b, 0x30, 0x5d, 0xe9, 0x5b, 0xee, 0x02, 9, 0, 0, 0, 1, 0, 0, 0,
                                            0, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 'C', 'A', '/', 'I', 'M', 'H', 0 };
    put(header, sizeof header);
}

static void finds_files_in_order(void)
{
    start();
    put_file("/program.bc", "BC\xc0\xde" "1234", 8);
    put("\x06\0\0\0vecsum\x02\0\0\0float*", 20);      /* kernel metadata: strings, not files */
    put_file("/vecsum/0-0-0/vecsum.so", "\x7f" "ELFxyz", 7);
    put_file("/vecsum/64-1-1-goffs0/vecsum.so", "\x7f" "ELF", 4);
    struct poclbin_file *f;
    int n = poclbin_files(buf, len, &f);
    CHECK(n == 3);
    if (n == 3) {
        CHECK_STR(f[0].path, "program.bc");
        CHECK(f[0].size == 8 && !memcmp(f[0].data, "BC\xc0\xde", 4));
        CHECK_STR(f[1].path, "vecsum/0-0-0/vecsum.so");
        CHECK(f[1].size == 7 && f[1].data[0] == 0x7f);
        CHECK_STR(f[2].path, "vecsum/64-1-1-goffs0/vecsum.so");
    }
    poclbin_free(f, n);
}

static void not_pocl(void)
{
    struct poclbin_file *f;
    CHECK(poclbin_files((const unsigned char *)"\x7f" "ELF\2\1\1\0\0\0\0\0", 12, &f) == -1);
    CHECK(poclbin_files((const unsigned char *)"poclbi", 6, &f) == -1);
}

/* A content length past the end is no file (a cut binary must not be read beyond its end). */
static void truncated_record(void)
{
    start();
    put32(11);
    put("/program.bc", 11);
    put32(1000);
    put("BC\xc0\xde", 4);
    struct poclbin_file *f;
    int n = poclbin_files(buf, len, &f);
    CHECK(n == 0);
    poclbin_free(f, n);
}

/* Paths are written below a folder by clx dump: nothing may climb out or be odd. */
static void unsafe_paths(void)
{
    static const char *const bad[] = { "/../x", "/a/../../x", "/a//b", "/a/", "/.", "/a b", "/a\\b", "x/y", "/" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        start();
        put_file(bad[i], "data", 4);
        struct poclbin_file *f;
        int n = poclbin_files(buf, len, &f);
        if (n != 0) fprintf(stderr, "  accepted %s\n", bad[i]);
        CHECK(n == 0);
        poclbin_free(f, n);
    }
    start();                                    /* a NUL inside the path */
    put32(4);
    put("/a\0b", 4);
    put32(4);
    put("data", 4);
    struct poclbin_file *g;
    int m = poclbin_files(buf, len, &g);
    CHECK(m == 0);
    poclbin_free(g, m);
    start();
    put_file("/k_1/64-1-1-goffs0-smallgrid/k.v2+x.so", "data", 4);
    struct poclbin_file *f;
    int n = poclbin_files(buf, len, &f);
    CHECK(n == 1);
    poclbin_free(f, n);
}

/* A file's content is skipped whole: record-like bytes inside it are not files. */
static void records_inside_content(void)
{
    unsigned char inner[64];
    len = 0;
    put_file("/inner.so", "data", 4);
    memcpy(inner, buf, len);
    size_t inner_len = len;
    start();
    put_file("/program.bc", inner, inner_len);
    struct poclbin_file *f;
    int n = poclbin_files(buf, len, &f);
    CHECK(n == 1);
    if (n == 1) CHECK_STR(f[0].path, "program.bc");
    poclbin_free(f, n);
}

int main(void)
{
    RUN(finds_files_in_order);
    RUN(not_pocl);
    RUN(truncated_record);
    RUN(unsafe_paths);
    RUN(records_inside_content);
    CHECK_EXIT();
}
