/* modes_refin.c — the inputs a host reference reads under --modes: those moved into pinned memory
 * (the driver's pages, with no guard) copied back into guarded host memory for its call alone. */
#include "modes_impl.h"
#include "lib/hostguard.h"
#include <string.h>

void **modes_ref_inputs(struct slot *sl)
{
    void **pinned = NULL;
    for (int i = 0; sl->pin && i < sl->bs.n; i++) {
        struct dbuf *b = &sl->bs.b[i];
        if (!b->init || b->init != (void *)sl->pin[i].ptr) continue;
        /* A copy for the call alone, not kept beside the pinned one: the host holds both only
         * while the reference runs, as it did while the input was being pinned. */
        if (!pinned) pinned = xcalloc((size_t)sl->bs.n, sizeof *pinned);
        pinned[i] = b->init;
        b->init = hostguard_alloc(b->bytes);
        memcpy(b->init, pinned[i], b->bytes);
    }
    return pinned;
}

void modes_ref_inputs_done(struct slot *sl, void **pinned)
{
    for (int i = 0; pinned && i < sl->bs.n; i++) {
        if (!pinned[i]) continue;
        hostguard_free(sl->bs.b[i].init, sl->bs.b[i].bytes);
        sl->bs.b[i].init = pinned[i];
    }
    free(pinned);
}
