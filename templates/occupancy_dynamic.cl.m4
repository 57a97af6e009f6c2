m4_include(`clx.m4')m4_dnl
m4_dnl occupancy_dynamic: ILP fma chains per work-item beside a __local buffer whose size is a kernel
m4_dnl argument set at launch (seed 001, "Dynamically allocated shared memory"; Volkov, GTC 2010),
m4_dnl to limit how many work-groups a compute unit can hold. Pairs of work-items swap their input
m4_dnl through the buffer and the swapped value is part of the result.
m4_assert_range(`ILP', 1, 16)m4_dnl
m4_assert_range(`UNROLL', 1, 1024)m4_dnl
// occupancy_dynamic kernel (ILP and UNROLL in the header above). scratch holds nelem floats
// (0 or 1: no swap); work-group sizes must be even: work-items 2p and 2p+1 are partners.
__kernel void occupancy_dynamic(__global const float *restrict in, __global float *restrict out,
                                __local float *scratch, const uint nelem, const uint n,
                                const uint off, const uint iters, const float mul, const float add)
{
    const size_t i = get_global_id(0);
    // No early return for the tail: every work-item of a group must reach the barrier.
    const float x = i < n ? in[i] : 0.0f;
    // Slot (r + off) % nelem; the spec puts the window of used slots across the end of the buffer.
    // Rounds of span work-items cover a group larger than the buffer.
    // Local ids and sizes fit in 32 bits; uint keeps the slot arithmetic cheap.
    const uint lid = (uint)get_local_id(0), lsize = (uint)get_local_size(0);
    const uint span = nelem & ~1u;          // even, so partners are always in the same round
    float y = 0.0f;
    if (span == 0) {
        // No buffer: the same barrier as below, so the kernel keeps its shape.
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint base = 0; span > 0 && base < lsize; base += span) {
        const uint r = lid - base;          // wraps to a huge value for lid < base
        if (r < span)
            scratch[(r + off) % nelem] = x;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (r < span)
            y = scratch[((r ^ 1u) + off) % nelem];
        // The next round reuses the slots: wait until every read of this one is done.
        if (base + span < lsize)
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    m4_ilp_decl(float, acc, ILP, `x + m4_k.0f')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(ILP, `        acc`'m4_k = fma(acc`'m4_k, mul, add);
')')m4_dnl
    }
    // The sum keeps every chain alive and y keeps the local buffer in use.
    if (i < n)
        out[i] = m4_ilp_sum(acc, ILP) + y;
}
