/* inline.ref.c — host reference of the inline experiment: every form of the helper does
 * a = a + ADD, STEPS times in a row, starting from in[i]; out[i] is the final a. */
#include <clx/ref.h>

CLX_REF_SPLIT(inline, "the same helper as function, static inline and #define (seed 001)")
{
    size_t nin, nout;
    const float *in = ref_in(c, "in", CT_FLOAT, &nin);
    float *out = ref_out(c, "out", CT_FLOAT, &nout);
    double steps = ref_var(c, "STEPS"), add = ref_var(c, "ADD");
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    if (steps < 0) return ref_fail(c, "STEPS must not be negative");
    /* The kernel receives ADD as a float argument: add that rounded value, in float, in order. */
    const float b = (float)add;
    const long n_steps = (long)steps;
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        float a = in[i];
        for (long s = 0; s < n_steps; s++) a = a + b;
        out[i] = a;
    }
    return 0;
}
