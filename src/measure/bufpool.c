/* bufpool.c — parked device buffers with their contents, taken back by a configuration that needs
 * the same one (bufpool.h). */
#include "bufpool.h"
#include "lib/hostguard.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double host_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (double)pages * (double)size : 0;
}

void bufpool_init(struct bufpool *p, const struct devprops *d)
{
    memset(p, 0, sizeof *p);
    double host = host_memory();
    p->shared = ocl_host_memory_shared(d) != NULL;
    p->max_dev = (double)d->global_mem / 4;
    p->max_host = host / 4;
    if (p->shared && p->max_dev < p->max_host) p->max_host = p->max_dev;
}

void dbuf_free(struct dbuf *b)
{
    guard_free(&b->guard);
    hostguard_free(b->init, b->bytes);
    free(b->result);
    memset(b, 0, sizeof *b);
}

double dbuf_dev_bytes(const struct dbuf *b) { return (double)(b->guard.pre + b->guard.bytes + b->guard.post); }

double dbuf_host_bytes(const struct dbuf *b) { return (b->init ? (double)b->bytes : 0) + (b->result ? (double)b->bytes : 0); }

int bufpool_take(struct bufpool *p, const struct spec_buffer *sb, enum cltype type, size_t count, uint64_t seed,
                 size_t post, struct dbuf *out)
{
    for (int i = 0; i < p->n; i++) {
        struct dbuf *b = &p->b[i];
        if (b->sb != sb || b->type != type || b->count != count || b->seed != seed || b->guard.post < post) continue;
        p->dev_bytes -= dbuf_dev_bytes(b);
        p->host_bytes -= dbuf_host_bytes(b);
        *out = *b;
        p->b[i] = p->b[--p->n];
        return 1;
    }
    return 0;
}

void bufpool_park(struct bufpool *p, struct dbuf *b)
{
    if (!b->mem) return;
    double dev = p->dev_bytes + dbuf_dev_bytes(b), host = p->host_bytes + dbuf_host_bytes(b);
    int fits = p->shared ? dev + host <= p->max_host : dev <= p->max_dev && host <= p->max_host;
    if (!fits) { dbuf_free(b); return; }
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 16;
        p->b = xrealloc(p->b, sizeof *p->b * (size_t)p->cap);
    }
    p->b[p->n++] = *b;
    p->dev_bytes = dev;
    p->host_bytes = host;
    memset(b, 0, sizeof *b);
}

void bufpool_release(struct bufpool *p)
{
    for (int i = 0; i < p->n; i++) dbuf_free(&p->b[i]);
    p->n = 0;
    p->dev_bytes = p->host_bytes = 0;
}

void bufpool_free(struct bufpool *p)
{
    bufpool_release(p);
    free(p->b);
    memset(p, 0, sizeof *p);
}
