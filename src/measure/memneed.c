/* memneed.c — a configuration's buffers as bytes of the device's memory and of the host's, against
 * what the host has available now (memneed.h). */
#include "memneed.h"
#include "guard.h"
#include "lib/memavail.h"
#include "spec/bufbytes.h"
#include "lib/util.h"
#include <stdlib.h>

double memneed_expect_room(cl_ulong global_mem, double buffers)
{
    double room = (double)global_mem * 0.9 - buffers;
    if (room > (double)EXPECT_CACHE_BYTES) room = (double)EXPECT_CACHE_BYTES;
    return room > 0 ? room : 0;
}

void memneed_of(const struct spec *s, const enum cltype *types, const size_t *cnt, double items,
                enum memneed_expect x, const struct devprops *d, struct memneed *n)
{
    double outputs = 0;
    *n = (struct memneed){ .shared = ocl_host_memory_shared(d) };
    for (int i = 0; i < s->nbufs; i++) {
        size_t es = cltype_info(types[i])->size;
        double bytes = bufbytes_bytes(cnt[i], types[i]);
        n->device += bytes + (double)guard_after(cnt[i], es, items);
        /* An input's initial contents, or an output's room for what is read back (bench.c). */
        n->host += bytes;
        if (s->bufs[i].init == INIT_OUTPUT) outputs += bytes;
    }
    /* The expected outputs, whole: a sampled check computes only the samples, but reads the output
     * back whole where a device check cannot be made or finds a difference. */
    if (x != MEMNEED_EXPECT_NONE) n->host += outputs;
    if (x == MEMNEED_EXPECT_DEVICE) {
        double room = memneed_expect_room(d->global_mem, n->device);
        n->expect_device = outputs < room ? outputs : room;
    }
}

double memneed_on_host(const struct memneed *n)
{
    return n->host + (n->shared ? n->device + n->expect_device : 0);
}

char *memneed_words(const struct memneed *n)
{
    char *dev = human_bytes(n->device + n->expect_device), *host = human_bytes(n->host), *t;
    if (n->shared)
        t = xasprintf("%s of buffers on a device whose memory is the host's (%s) and %s of clx's host copies (inputs, "
                      "read-back room, expected outputs)", dev, n->shared, host);
    else
        t = xasprintf("%s of buffers on the device and %s of clx's host copies (inputs, read-back room, expected "
                      "outputs)", dev, host);
    free(dev);
    free(host);
    return t;
}

int memneed_host_check(const struct memneed *n, double held, char **why)
{
    const char *from = NULL;
    double avail = memavail_now(&from), need = memneed_on_host(n);
    if (avail < 0 || need <= avail) return 0;
    if (need <= avail + held) return 1;
    char *a = human_bytes(need), *b = human_bytes(avail + held), *words = memneed_words(n);
    char *h = held > 0 ? human_bytes(held) : NULL;
    *why = xasprintf("the configuration needs %s of the host's memory, more than the %s available (%s%s%s%s): %s", a, b,
                     from, h ? ", and " : "", h ? h : "", h ? " clx holds and would give up" : "", words);
    free(a);
    free(b);
    free(h);
    free(words);
    return -1;
}
