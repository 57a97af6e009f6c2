m4_include(`clx.m4')m4_dnl
m4_dnl peaks: the two ceilings of seed 001's "Theoretical limits", measured: COPY=1 streams a
m4_dnl float4 copy (memory bandwidth), COPY=0 runs 8 independent fma chains (FP32 throughput).
m4_assert_in(`COPY', 0, 1)m4_dnl
m4_ifelse(COPY, 1, `m4_dnl
__kernel void peaks(__global const float4 *restrict in, __global float4 *restrict out,
                    const uint n4, const uint iters, const float mul, const float add)
{
    // A grid-stride float4 copy: bytes move, nothing else happens.
    for (size_t i = get_global_id(0); i < n4; i += get_global_size(0))
        out[i] = in[i];
}
', `m4_dnl
__kernel void peaks(__global const float *restrict in, __global float *restrict out,
                    const uint n4, const uint iters, const float mul, const float add)
{
    const size_t i = get_global_id(0);
    m4_ilp_decl(float, acc, 8, `in[i] + m4_k.0f')
    for (uint it = 0; it < iters; it++) {
m4_unroll(64, `m4_ilp_each(8, `        acc`'m4_k = fma(acc`'m4_k, mul, add);
')')m4_dnl
    }
    out[i] = m4_ilp_sum(acc, 8);
}
')m4_dnl
