/* peaks.ref.c — host reference of peaks: a copy (COPY=1) or the 8-chain fma kernel (COPY=0). */
#include <clx/ref.h>

CLX_REF_SPLIT(peaks, "out = in (COPY=1) or the 8-chain fma_chain (COPY=0)")
{
    double copy = ref_var(c, "COPY");
    if (c->err) return -1;
    if (!copy) return ref_call(c, "fma_chain");
    size_t nin, nout;
    const float *in = ref_in(c, "in", CT_FLOAT, &nin);
    float *out = ref_out(c, "out", CT_FLOAT, &nout);
    if (!in || !out) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        out[i] = in[i];
    }
    return 0;
}
