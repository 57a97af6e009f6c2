m4_include(`clx.m4')m4_dnl
m4_dnl volkov_fma: ILP independent fma chains per work-item, the inner loop unrolled UNROLL times by
m4_dnl m4 (seed 001, "maths operation fma, vary ilp", after Volkov, GTC 2010).
m4_assert_range(`ILP', 1, 16)m4_dnl
m4_assert_range(`UNROLL', 1, 4096)m4_dnl
// volkov_fma kernel: ILP chains, UNROLL fmas per chain per loop trip (values in the header).
__kernel void volkov_fma(__global const float *restrict in, __global float *restrict out,
                         const uint iters, const float mul, const float add)
{
    const size_t i = get_global_id(0);
    const float x = in[i];
    m4_ilp_decl(float, acc, ILP, `x + m4_k.0f')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(ILP, `        acc`'m4_k = fma(acc`'m4_k, mul, add);
')')m4_dnl
    }
    // Storing the sum keeps every chain alive: nothing can be optimised away.
    out[i] = m4_ilp_sum(acc, ILP);
}
