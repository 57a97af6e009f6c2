/* histogram.ref.c — host reference of the histogram experiment: hist[b] = how many in[i] have
 * in[i] & (BINS - 1) == b, over every element of in (exact, uint). */
#include <clx/ref.h>
#include <stdint.h>
#include <string.h>

CLX_REF(histogram, "exact histogram of integer samples (seed 002)")
{
    size_t nin, nbins;
    const uint32_t *in = ref_in(c, "in", CT_UINT, &nin);
    uint32_t *hist = ref_out(c, "hist", CT_UINT, &nbins);
    double bins_d = ref_var(c, "BINS");
    if (!in || !hist || c->err) return -1;
    /* The kernels map a value to its bin with an AND: only a power of two means "value % BINS". */
    const uint64_t bins = bins_d >= 1 && bins_d <= 4294967296.0 ? (uint64_t)bins_d : 0;
    if (!bins || (double)bins != bins_d || (bins & (bins - 1)))
        return ref_fail(c, "BINS=%g must be a power of two (the kernels take value & (BINS - 1))", bins_d);
    if (bins != nbins) return ref_fail(c, "hist has %zu elements, BINS is %g", nbins, bins_d);
    const uint32_t mask = (uint32_t)(nbins - 1);
    /* Every bin is computed (a sample would not save the pass over the input). */
    memset(hist, 0, nbins * sizeof *hist);
    for (size_t i = 0; i < nin; i++) hist[in[i] & mask]++;
    return 0;
}
