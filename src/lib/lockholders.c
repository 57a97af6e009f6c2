/* lockholders.c — the host's held flocks read from /proc/locks once, asked by file (lockholders.h). */
#include "lockholders.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

static int by_file(const void *pa, const void *pb)
{
    const struct lockheld *a = pa, *b = pb;
    if (a->maj != b->maj) return a->maj < b->maj ? -1 : 1;
    if (a->min != b->min) return a->min < b->min ? -1 : 1;
    return a->ino < b->ino ? -1 : a->ino > b->ino;
}

/* by_file_then_line: by file, then in /proc/locks's order (one file held by several: shared locks). */
static int by_file_then_line(const void *pa, const void *pb)
{
    const struct lockheld *a = pa, *b = pb;
    int c = by_file(a, b);
    return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* read_locks: h->v from /proc/locks, the FLOCKs held (none where it cannot be read), sorted by file,
 * then by line. */
static void read_locks(struct lockholders *h)
{
    h->read = 1;
    FILE *f = fopen("/proc/locks", "r");
    if (!f) return;
    /* "1: FLOCK  ADVISORY  WRITE 12928 fe:00:10953394 0 EOF": the kind, the PID, the file as
     * major:minor:inode (hex, hex, decimal). A blocked waiter's line ("1: -> FLOCK ...") holds nothing. */
    char line[256], kind[16];
    int cap = 0;
    struct lockheld x;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%*d: %15s %*s %*s %ld %x:%x:%llu", kind, &x.pid, &x.maj, &x.min, &x.ino) != 5 ||
            strcmp(kind, "FLOCK"))
            continue;
        if (h->n == cap) h->v = xrealloc(h->v, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *h->v);
        x.line = h->n;
        h->v[h->n++] = x;
    }
    fclose(f);
    if (h->n) qsort(h->v, (size_t)h->n, sizeof *h->v, by_file_then_line);
}

long lockholders_pid(struct lockholders *h, const char *path)
{
    struct stat st;
    if (stat(path, &st)) return 0;
    if (!h->read) read_locks(h);
    struct lockheld key = { .maj = major(st.st_dev), .min = minor(st.st_dev), .ino = (unsigned long long)st.st_ino };
    const struct lockheld *at = h->n ? bsearch(&key, h->v, (size_t)h->n, sizeof *h->v, by_file) : NULL;
    /* A file several hold (shared locks): the first of its lines, as a scan of the file finds it. */
    while (at && at > h->v && !by_file(at - 1, &key)) at--;
    return at ? at->pid : 0;
}

void lockholders_free(struct lockholders *h)
{
    free(h->v);
    memset(h, 0, sizeof *h);
}
