m4_include(`clx.m4')m4_dnl
m4_dnl vecsum: c = a + b over n floats (seed 004). STRIDE=1 makes a grid-stride loop, VEC the
m4_dnl vector width of each load, ILP the independent vector loads a work-item has in flight.
m4_assert_in(`STRIDE', 0, 1)m4_dnl
m4_assert_in(`VEC', 1, 2, 4, 8, 16)m4_dnl
m4_assert_range(`ILP', 1, 16)m4_dnl
m4_assert(`STRIDE || ILP == 1', `ILP > 1 needs STRIDE=1 (the independent loads are stride apart)')m4_dnl
m4_define(`VT', m4_ifelse(VEC, 1, `float', `float'VEC))m4_dnl
// vecsum kernel: its parameters are listed in the header above.
__kernel void vecsum(__global const float *restrict a, __global const float *restrict b,
                     __global float *restrict c, const uint n)
{
    const size_t gid = get_global_id(0);
    // Whole VT vectors; the n % VEC tail is summed element by element below.
    const size_t nv = n / VEC;
    __global const VT *av = (__global const VT *)a;
    __global const VT *bv = (__global const VT *)b;
    __global VT *cv = (__global VT *)c;
m4_ifelse(STRIDE, 0, `m4_dnl
    if (gid < nv)
        cv[gid] = av[gid] + bv[gid];
', `m4_dnl
    const size_t stride = get_global_size(0);
    size_t i = gid;
    // ILP vectors per trip: all loads first, so ILP requests are in flight at once.
    for (; i + (ILP - 1) * stride < nv; i += ILP * stride) {
m4_ilp_each(ILP, `        const VT x`'m4_k = av[i + m4_k * stride], y`'m4_k = bv[i + m4_k * stride];
')m4_dnl
m4_ilp_each(ILP, `        cv[i + m4_k * stride] = x`'m4_k + y`'m4_k;
')m4_dnl
    }
    for (; i < nv; i += stride)
        cv[i] = av[i] + bv[i];
')m4_dnl
m4_ifelse(VEC, 1, `', `m4_dnl
    const size_t t = nv * VEC + gid;
    if (t < n)
        c[t] = a[t] + b[t];
')m4_dnl
}
