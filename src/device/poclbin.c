/* poclbin.c — finds the files stored in a PoCL program binary, for `clx dump --ir/--asm`. */
#include "poclbin.h"
#include "lib/util.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What PoCL writes (seen in PoCL 1.x to 3.1; no PoCL code is used here): the magic "poclbin" and a
 * NUL, a header (device hash, format version, kernel count, flags, the build hash; its layout
 * changed between versions), then files, each a little-endian 32-bit length and a path starting
 * with '/' (relative to the program's cache folder), then a 32-bit length and the content: first
 * /program.bc, then for each kernel its metadata (name, arguments) and the objects compiled for it.
 * clx needs only the files, so it finds them by that shape instead of by header offsets, which
 * keeps it working when the header grows. */
static const char *const magics[] = { "poclbin", "POCLBIN" };
enum { MAGIC_LEN = 8, MAX_PATH_LEN = 4096 };

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* safe_path: '/' then parts of letters, digits and "._-+", none empty, none "." or "..". */
static int safe_path(const unsigned char *s, size_t n)
{
    if (n < 2 || s[0] != '/') return 0;
    size_t part = 0, dots = 0;
    for (size_t i = 1; i <= n; i++) {
        if (i == n || s[i] == '/') {
            if (part == 0 || part == dots) return 0;      /* "//", "/./", "/../", trailing '/' */
            part = dots = 0;
            continue;
        }
        unsigned char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || (c && strchr("._-+", c))))
            return 0;
        part++;
        if (c == '.') dots++;
    }
    return 1;
}

/* record_at: the size of the file record at bin[i] (path and content), or 0 when there is none. */
static size_t record_at(const unsigned char *bin, size_t n, size_t i, struct poclbin_file *f)
{
    if (n - i < 8) return 0;
    size_t plen = le32(bin + i);
    if (plen < 2 || plen > MAX_PATH_LEN || n - i - 4 < plen + 4 || !safe_path(bin + i + 4, plen)) return 0;
    size_t clen = le32(bin + i + 4 + plen), head = 4 + plen + 4;
    if (clen == 0 || n - i - head < clen) return 0;
    f->path = xasprintf("%.*s", (int)(plen - 1), (const char *)bin + i + 5);   /* without the '/' */
    f->data = bin + i + head;
    f->size = clen;
    return head + clen;
}

int poclbin_files(const unsigned char *bin, size_t n, struct poclbin_file **files)
{
    *files = NULL;
    int is_pocl = 0;
    for (size_t k = 0; k < sizeof magics / sizeof magics[0]; k++)
        is_pocl |= n >= MAGIC_LEN && !memcmp(bin, magics[k], MAGIC_LEN);
    if (!is_pocl) return -1;
    int count = 0;
    for (size_t i = MAGIC_LEN; i + 8 <= n;) {
        struct poclbin_file f;
        size_t len = record_at(bin, n, i, &f);
        if (!len) { i++; continue; }
        *files = xrealloc(*files, sizeof **files * (size_t)(count + 1));
        (*files)[count++] = f;
        i += len;     /* never look for records inside a file's content */
    }
    return count;
}

void poclbin_free(struct poclbin_file *files, int n)
{
    for (int i = 0; i < n; i++) free(files[i].path);
    free(files);
}
