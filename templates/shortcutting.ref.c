/* shortcutting.ref.c — host reference of the dead-code pruning kernels (shortcutting): each
 * variant's spec says what its kernel leaves behind, SINK in sink[0] (-1: nothing) and SLOT in out
 * (0: nothing, 1: out[i] = i, 2: out[i] = i % LSZ); whatever a kernel leaves alone must still
 * hold the poison pattern clx filled it with, which the expected arrays start out as. */
#include <clx/ref.h>

CLX_REF(shortcutting, "dead-code pruning kernels (seed 001)")
{
    double sink_v = ref_var(c, "SINK"), slot = ref_var(c, "SLOT");
    double lsz = slot == 2 ? ref_var(c, "LSZ") : 1;
    size_t nout;
    int *out = ref_out(c, "out", CT_INT, &nout);
    if (!out || c->err) return -1;
    if (lsz < 1) return ref_fail(c, "LSZ (the work-group size) must be at least 1");

    /* sink is int or float (the variant's T); ref_out checks one type, so look the type up first. */
    struct ref_buf *sink = ref_buffer(c, "sink");
    if (!sink || !sink->expected || sink->count < 1) return ref_fail(c, "the reference needs an output buffer sink");
    if (sink_v >= 0) {
        if (sink->type == CT_INT) ((int *)sink->expected)[0] = (int)sink_v;
        else if (sink->type == CT_FLOAT) ((float *)sink->expected)[0] = (float)sink_v;
        else return ref_fail(c, "sink must be int or float");
    }

    if (slot == 0) return 0;          /* out keeps its poison: no work-item writes it */
    size_t l = (size_t)lsz;
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        out[i] = (int)(slot == 1 ? i : i % l);
    }
    return 0;
}
