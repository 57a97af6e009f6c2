/* taylor.ref.c — host reference of the taylor experiment: y[i] = the TERMS-term Taylor series of
 * e^x[i], summed in float term by term exactly as the kernel does (not expf: the kernel computes
 * the truncated series, so only rounding may differ). */
#include <clx/ref.h>
#include <math.h>

CLX_REF_SPLIT(taylor, "y = e^x by an N-term Taylor series (seed 000)")
{
    size_t nx, ny;
    const float *x = ref_in(c, "x", CT_FLOAT, &nx);
    float *y = ref_out(c, "y", CT_FLOAT, &ny);
    double terms_d = ref_var(c, "TERMS");
    if (!x || !y || c->err) return -1;
    if (nx < ny) return ref_fail(c, "x must be at least as long as y");
    if (!(terms_d >= 0 && terms_d <= 4096 && terms_d == floor(terms_d)))
        return ref_fail(c, "TERMS=%g must be a whole number in [0, 4096]", terms_d);
    const unsigned terms = (unsigned)terms_d;
    for (size_t k = 0, n = ref_count(c, ny); k < n; k++) {
        size_t i = ref_index(c, k);
        float sum = 1.0f, term = 1.0f;
        for (unsigned t = 1; t <= terms; t++) {
            term *= x[i] / (float)t;
            sum += term;
        }
        y[i] = sum;
    }
    return 0;
}
