/* occupancy_static.ref.c — host reference of the occupancy experiments (occupancy_static,
 * occupancy_dynamic): out[i] = (sum over k < ILP of the chain acc = fma(acc, MUL, ADD) run STEPS
 * times from in[i] + k) + y, where y is the partner's input in[i ^ 1] that the kernel passed through
 * local memory (0 when the kernel has no local array: NELEM < 2, or the partner is past the end). */
#include <clx/ref.h>
#include <math.h>

CLX_REF_SPLIT(occupancy, "fma chains under local-memory occupancy control (seed 001)")
{
    size_t nin, nout;
    const float *in = ref_in(c, "in", CT_FLOAT, &nin);
    float *out = ref_out(c, "out", CT_FLOAT, &nout);
    double steps = ref_var(c, "STEPS"), mul = ref_var(c, "MUL"), add = ref_var(c, "ADD");
    double nelem = ref_var(c, "NELEM");
    double ilp_d = 1;
    ref_var_opt(c, "ILP", &ilp_d);          /* a kernel without ILP runs one chain */
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    if (steps < 0 || ilp_d < 1) return ref_fail(c, "STEPS must be >= 0 and ILP >= 1");
    const int ilp = (int)ilp_d, exchange = nelem >= 2;
    const long nsteps = (long)steps;
    const float m = (float)mul, a = (float)add;
    /* The kernel's n argument is the output length: a partner at or past it reads as 0. */
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k), j = i ^ 1;
        float sum = 0;
        for (int q = 0; q < ilp; q++) {
            float acc = in[i] + (float)q;
            for (long s = 0; s < nsteps; s++) acc = fmaf(acc, m, a);
            sum = q == 0 ? acc : sum + acc;      /* left to right, as m4_ilp_sum writes it */
        }
        float y = exchange && j < nout ? in[j] : 0.0f;
        out[i] = sum + y;
    }
    return 0;
}
