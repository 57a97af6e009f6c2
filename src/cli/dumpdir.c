/* dumpdir.c — the folder of the files inside one program binary that `clx dump` saves: its name, and
 * a stamp that keeps it one binary's (dumpdir.h). */
#include "dumpdir.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hex digits of the hash of its bytes that name the folder of a binary read with --binary: 48 bits,
 * where a user's binaries of one name number a handful. */
enum { DUMPDIR_HASH_DIGITS = 12 };
/* The stamp, in the folder: the hash and size of the binary whose files it holds. Hidden, so that a
 * listing of the folder is the binary's files. */
#define DUMPDIR_STAMP ".clx-binary"

char *dumpdir_for_file(const char *root, const char *file, const unsigned char *bin, size_t n)
{
    const char *slash = strrchr(file, '/'), *name = slash ? slash + 1 : file, *dot = strrchr(name, '.');
    char *stem = xasprintf("%.*s", (int)(dot && dot != name ? dot - name : (long)strlen(name)), name);
    char *slug = slugify(stem);
    unsigned long long h = fnv1a(FNV1A_START, bin, n) >> (64 - 4 * DUMPDIR_HASH_DIGITS);
    char *folder = xasprintf("%s/dumps/%s-%0*llx", root, slug, DUMPDIR_HASH_DIGITS, h);
    free(slug);
    free(stem);
    return folder;
}

/* stamp_text: what the stamp of bin says, a new string. */
static char *stamp_text(const unsigned char *bin, size_t n)
{
    return xasprintf("fnv1a %016llx, %zu bytes\n", (unsigned long long)fnv1a(FNV1A_START, bin, n), n);
}

void dumpdir_ready(const char *folder, const unsigned char *bin, size_t n)
{
    char *path = path_join(folder, DUMPDIR_STAMP), *want = stamp_text(bin, n);
    size_t len;
    char *had = read_file(path, &len);
    int same = had && len == strlen(want) && !memcmp(had, want, len);
    free(had);
    free(want);
    free(path);
    if (same) return;
    if (remove_tree(folder)) die("cannot empty %s (an earlier binary's files, not this one's): %s", folder, strerror(errno));
}

void dumpdir_stamp(const char *folder, const unsigned char *bin, size_t n)
{
    char *path = path_join(folder, DUMPDIR_STAMP), *text = stamp_text(bin, n);
    (void)write_file_atomic(path, text, strlen(text));
    free(text);
    free(path);
}
