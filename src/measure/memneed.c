/* memneed.c — a configuration's buffers as bytes of the device's memory and of the host's, against
 * what the host has available now (memneed.h). */
#include "memneed.h"
#include "guard.h"
#include "lib/memavail.h"
#include "spec/bufbytes.h"
#include "lib/util.h"
#include <stdlib.h>
#include <unistd.h>

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

/* answer_pages: the bytes of an answer's room of count elements of es bytes that the probe touches
 * when it computes nsample of them (0: all): a room filled whole where the sample reaches as many
 * elements as it has pages (SAMPLE_PAGE_BYTES, expected_probe.c's answer_room), else a page at most
 * for each sampled element, of the host's own page size. */
static double answer_pages(size_t count, size_t es, double bytes, size_t nsample)
{
    if (!nsample || nsample >= count * es / SAMPLE_PAGE_BYTES) return bytes;
    long pg = sysconf(_SC_PAGESIZE);
    double touched = (double)nsample * (double)(pg > 0 ? pg : SAMPLE_PAGE_BYTES);
    return touched < bytes ? touched : bytes;
}

void memneed_probe(const struct spec *s, const enum cltype *types, const size_t *cnt, struct memneed *n)
{
    /* The sample is sized against the first output, as expected.c's sample_indices has it. */
    size_t nsample = 0;
    for (int i = 0; i < s->nbufs; i++)
        if (s->bufs[i].init == INIT_OUTPUT) {
            nsample = s->sample > 0 && (size_t)s->sample < cnt[i] ? (size_t)s->sample : 0;
            break;
        }
    n->probe = 0;
    for (int i = 0; i < s->nbufs; i++) {
        double bytes = bufbytes_bytes(cnt[i], types[i]);
        if (s->bufs[i].init != INIT_OUTPUT) n->probe += bytes;
        else n->probe += answer_pages(cnt[i], cltype_info(types[i])->size, bytes, nsample);
    }
}

double memneed_on_host(const struct memneed *n)
{
    return n->host + n->probe + (n->shared ? n->device + n->expect_device : 0);
}

char *memneed_words(const struct memneed *n)
{
    char *dev = human_bytes(n->device + n->expect_device), *host = human_bytes(n->host), *t;
    char *probe = n->probe > 0 ? human_bytes(n->probe) : NULL;
    char *more = probe ? xasprintf(", and the reference's probe (its second run, once a worker: does it read its "
                                   "output?) copies the inputs and computes its answers again: %s more", probe)
                       : xstrdup("");
    if (n->shared)
        t = xasprintf("%s of buffers on a device whose memory is the host's (%s) and %s of clx's host copies (inputs, "
                      "read-back room, expected outputs)%s", dev, n->shared, host, more);
    else
        t = xasprintf("%s of buffers on the device and %s of clx's host copies (inputs, read-back room, expected "
                      "outputs)%s", dev, host, more);
    free(dev);
    free(host);
    free(probe);
    free(more);
    return t;
}

int memneed_host_check(const struct memneed *n, double held, char **why)
{
    const char *from = NULL;
    int held_in = 0;
    double all = memavail_with_held(held, &from, &held_in), need = memneed_on_host(n);
    if (all < 0 || need + held <= all) return 0;
    if (need <= all) return 1;
    char *a = human_bytes(need), *b = human_bytes(all), *words = memneed_words(n);
    char *h = held > 0 ? human_bytes(held) : NULL;
    char *src = !h ? xstrdup(from)
                : held_in ? xasprintf("%s, %s of it held by clx, which would give it up", from, h)
                          : xasprintf("%s, and %s clx holds and would give up", from, h);
    *why = xasprintf("the configuration needs %s of the host's memory, more than the %s available (%s): %s", a, b, src,
                     words);
    free(a);
    free(b);
    free(h);
    free(src);
    free(words);
    return -1;
}
