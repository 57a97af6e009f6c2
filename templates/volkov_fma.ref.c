/* volkov_fma.ref.c — host reference of the fma-chain kernels (volkov_fma, optflags): ILP independent
 * chains acc = fma(acc, MUL, ADD), STEPS long, started at in[i] + k, summed left to right. */
#include <clx/ref.h>
#include <math.h>

CLX_REF_SPLIT(fma_chain, "out[i] = sum over k < ILP of the chain acc = fma(acc, MUL, ADD) run STEPS times from in[i] + k")
{
    size_t nin, nout;
    const float *in = ref_in(c, "in", CT_FLOAT, &nin);
    float *out = ref_out(c, "out", CT_FLOAT, &nout);
    double steps = ref_var(c, "STEPS"), mul = ref_var(c, "MUL"), add = ref_var(c, "ADD");
    double ilp_d = 1;
    ref_var_opt(c, "ILP", &ilp_d);          /* kernels without ILP run one chain */
    if (!in || !out || c->err) return -1;
    if (nin < nout) return ref_fail(c, "in must be at least as long as out");
    int ilp = (int)ilp_d;
    const float m = (float)mul, a = (float)add;
    for (size_t k = 0, n = ref_count(c, nout); k < n; k++) {
        size_t i = ref_index(c, k);
        float sum = 0;
        for (int j = 0; j < ilp; j++) {
            float acc = in[i] + (float)j;
            for (long s = 0; s < (long)steps; s++) acc = fmaf(acc, m, a);
            sum = j == 0 ? acc : sum + acc;
        }
        out[i] = sum;
    }
    return 0;
}
