/* bufpool.h — a sweep's parked device buffers, each with its seeded contents, for a later
 * configuration that needs that very buffer: a sweep whose launch points cycle through variants
 * of other buffer types (peaks' twelve streams) made and filled every 1-3 GiB set again at every
 * configuration, about 0.5 s each on an H200. */
#ifndef BUFPOOL_H
#define BUFPOOL_H
#include "bench.h"

/* Parked buffers and what they hold of the device's and the host's memory, within limits from
 * the device (bufpool_init). */
struct bufpool {
    struct dbuf *b;
    int n, cap;
    double dev_bytes, host_bytes;    /* held now: allocations with their guard zones; host copies */
    double max_dev, max_host;        /* at most; a CPU device's memory is the host's: max_host for both */
    int shared;                      /* the device's memory is the host's (ocl_host_memory_shared) */
};

/* bufpool_init: an empty pool with room for a quarter of the device's memory and a quarter of the
 * host's (on a device whose memory is the host's, a quarter of the smaller, for both together). */
void bufpool_init(struct bufpool *p, const struct devprops *d);
/* bufpool_take: moves into *out a parked buffer of spec buffer sb with this type, count and seed
 * whose zone after it holds at least post bytes; 1 when one was there, else 0. */
int bufpool_take(struct bufpool *p, const struct spec_buffer *sb, enum cltype type, size_t count, uint64_t seed,
                 size_t post, struct dbuf *out);
/* bufpool_park: takes b (emptied) into the pool when it fits the limits, else frees it. What is
 * parked stays (a sweep that cycles through more than fits keeps hitting those). */
void bufpool_park(struct bufpool *p, struct dbuf *b);
/* bufpool_release: frees every parked buffer (the device's memory is wanted); the pool stays usable. */
void bufpool_release(struct bufpool *p);
void bufpool_free(struct bufpool *p);
/* dbuf_free: one buffer's allocation and host copies, the struct emptied. */
void dbuf_free(struct dbuf *b);
/* dbuf_dev_bytes: what b's allocation takes, its guard zones with it; dbuf_host_bytes: its host
 * copies (inputs, read-back room). */
double dbuf_dev_bytes(const struct dbuf *b);
double dbuf_host_bytes(const struct dbuf *b);
#endif
