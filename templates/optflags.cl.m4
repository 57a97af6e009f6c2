m4_include(`clx.m4')m4_dnl
m4_dnl optflags: one fma chain written three ways (seed 001, "Effect of optimization on
m4_dnl performance?"): KIND=prag a*b+c under #pragma unroll, noprag the same unrolled by m4,
m4_dnl fma an explicit fma() under #pragma unroll.
m4_assert_in(`KIND', prag, noprag, fma)m4_dnl
m4_assert_range(`UNROLL', 1, 256)m4_dnl
// optflags kernel (KIND and UNROLL in the header above)
__kernel void optflags(__global const float *restrict in, __global float *restrict out,
                       const uint steps, const float mul, const float add)
{
    const size_t i = get_global_id(0);
    float a = in[i];
m4_ifelse(KIND, `noprag', `m4_dnl
    // steps is a multiple of UNROLL (the spec makes it so).
    for (uint s = 0; s < steps; s += UNROLL) {
m4_unroll(UNROLL, `        a = a * mul + add;
')m4_dnl
    }
', KIND, `fma', `m4_dnl
#pragma unroll UNROLL
    for (uint s = 0; s < steps; s++)
        a = fma(a, mul, add);
', `m4_dnl
#pragma unroll UNROLL
    for (uint s = 0; s < steps; s++)
        a = a * mul + add;
')m4_dnl
    out[i] = a;
}
