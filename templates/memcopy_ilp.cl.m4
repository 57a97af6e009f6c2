m4_include(`clx.m4')m4_dnl
m4_dnl memcopy_ilp: out = in over n floats with a grid-stride loop (seed 001, the Volkov "global mem
m4_dnl copy" note): VEC floats per access (float, float2, float4) and ILP independent loads a
m4_dnl work-item has in flight before its first store.
m4_assert_in(`VEC', 1, 2, 4)m4_dnl
m4_assert_range(`ILP', 1, 16)m4_dnl
m4_define(`VT', m4_ifelse(VEC, 1, `float', `float'VEC))m4_dnl
// memcopy_ilp kernel: VEC and ILP are in the header above.
__kernel void memcopy_ilp(__global const float *restrict in, __global float *restrict out, const uint n)
{
    const size_t gid = get_global_id(0);
    const size_t stride = get_global_size(0);
    // Whole VT vectors; the n % VEC floats after them are copied one by one at the end.
    const size_t nv = n / VEC;
    __global const VT *src = (__global const VT *)in;
    __global VT *dst = (__global VT *)out;
    size_t i = gid;
    // ILP vectors per trip, stride apart so a warp's accesses stay contiguous. All loads come
    // before the first store, so ILP memory requests per work-item are in flight at once; with
    // restrict the compiler need not wait for a store before the next load.
    for (; i + (ILP - 1) * stride < nv; i += ILP * stride) {
m4_ilp_each(ILP, `        const VT v`'m4_k = src[i + m4_k * stride];
')m4_dnl
m4_ilp_each(ILP, `        dst[i + m4_k * stride] = v`'m4_k;
')m4_dnl
    }
    // Fewer than ILP of this work-item's vectors are left.
    for (; i < nv; i += stride)
        dst[i] = src[i];
m4_ifelse(VEC, 1, `', `m4_dnl
    const size_t t = nv * VEC + gid;
    if (t < n)
        out[t] = in[t];
')m4_dnl
}
