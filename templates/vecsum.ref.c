/* vecsum.ref.c — host reference of the vector sum: c = a + b. */
#include <clx/ref.h>

CLX_REF_SPLIT(vecsum, "c[i] = a[i] + b[i]")
{
    size_t na, nb, nc;
    const float *a = ref_in(c, "a", CT_FLOAT, &na), *b = ref_in(c, "b", CT_FLOAT, &nb);
    float *out = ref_out(c, "c", CT_FLOAT, &nc);
    if (!a || !b || !out) return -1;
    if (na < nc || nb < nc) return ref_fail(c, "a and b must be at least as long as c");
    for (size_t k = 0, n = ref_count(c, nc); k < n; k++) {
        size_t i = ref_index(c, k);
        out[i] = a[i] + b[i];
    }
    return 0;
}
