/* memneed.h — what a configuration's buffers take of the device's memory and of the host's, and
 * whether the host has that now. On a device that shares the host's memory (PoCL's CPU device) its
 * buffers are the host's too, beside clx's own host copies: three buffers that fit a CPU device's
 * reported memory (10.5 GiB of 12.6) took 24 GB of a 23 GiB host with those copies, and the
 * kernel's out-of-memory killer ended the worker (on a shared machine it may pick someone else's
 * process). */
#ifndef MEMNEED_H
#define MEMNEED_H
#include "device/ocl.h"
#include "lib/types.h"
#include "spec/spec.h"

/* The expected outputs kept at once (expected.c), on the host and on the device each: variants run
 * one after another at each launch point, so the newest entry is what is reused. */
#define EXPECT_CACHE_BYTES ((size_t)2 << 30)

/* Which copies of the expected outputs the checks keep beside a configuration's outputs
 * (expected.c): none (outputs not checked), on the host, or on the host and, checked on the device,
 * on the device too where there is room for them there (memneed_expect_room). */
enum memneed_expect { MEMNEED_EXPECT_NONE, MEMNEED_EXPECT_HOST, MEMNEED_EXPECT_DEVICE };

/* The host's page, as a sampled answer's room counts them (expected_probe.c's answer_room fills it
 * whole where the sample has as many elements as it has pages; a guess where pages are larger: a
 * heuristic), and memneed_probe with it. */
#define SAMPLE_PAGE_BYTES 4096

/* What a configuration's buffers take, in bytes. */
struct memneed {
    double device;               /* the buffers in their guard zones */
    double expect_device;        /* the expected outputs' copy on the device, at most */
    double host;                 /* clx's host copies: inputs, read-back room, expected outputs */
    const char *shared;          /* why the device's memory is the host's (ocl_host_memory_shared); NULL: it is not */
    double probe;                /* the reference's probe with this configuration (memneed_probe): copies of the
                                  * inputs and its answers, on the host; 0: no probe with it */
};

/* memneed_of: what buffers of cnt[i] elements of types[i] (the spec's buffers, in order) take, with
 * the zone after each that a launch of items work-items gets (guard_after), with the expected
 * outputs' copies x, on device d. */
void memneed_of(const struct spec *s, const enum cltype *types, const size_t *cnt, double items,
                enum memneed_expect x, const struct devprops *d, struct memneed *n);
/* memneed_probe: into n->probe what the reference's probe (measure/expected_probe.h: its second run,
 * once a worker, over copies of the inputs that start at a page) takes of the host's memory beside
 * what memneed_of counts, for buffers of cnt[i] elements of types[i]: every input again, and room for
 * its answers, whole or, where the spec samples fewer elements than the first output has, the pages
 * of the sampled ones (the rest of that room is never touched). Only where the probe is due: a
 * near-full host's configuration passed the check and then failed in the probe. Where the rest fits
 * and this does not, the configuration runs and the probe waits (bench.h's bufset.probe_no_room). */
void memneed_probe(const struct spec *s, const enum cltype *types, const size_t *cnt, struct memneed *n);
/* memneed_on_host: what n takes of the host's memory: its host copies (and the probe's), and on a
 * device that shares the host's memory the device's part too. */
double memneed_on_host(const struct memneed *n);
/* memneed_host_check: whether n fits the memory the host has available now beside held, the bytes of
 * the host's that clx holds now and reuses or gives up for it (memavail_with_held: MemAvailable plus
 * them, a CLX_MEM_AVAILABLE with them within it): 0 when it fits beside them, 1 when only with them
 * given up (they are to be first), -1 when it does not (*why: the bytes it needs and those
 * available, a new string). 0 where the host does not say. */
int memneed_host_check(const struct memneed *n, double held, char **why);
/* memneed_words: n for a message: "10.5 GiB of buffers on a device whose memory is the host's (a CPU
 * device) and 14.0 GiB of clx's host copies (inputs, read-back room, expected outputs)", with ", and
 * the reference's probe (...) copies the inputs and computes its answers again: 7.0 GiB more" where
 * the probe counts (so that the sum memneed_host_check says adds up; a skip's note has none: the
 * probe is postponed, never the reason a configuration is skipped); a new string. */
char *memneed_words(const struct memneed *n);
/* memneed_expect_room: how many bytes of expected outputs may go on a device of global_mem bytes
 * beside buffers of buffers bytes: what is left under 90% of it, at most EXPECT_CACHE_BYTES. */
double memneed_expect_room(cl_ulong global_mem, double buffers);
#endif
