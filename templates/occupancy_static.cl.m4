m4_include(`clx.m4')m4_dnl
m4_dnl occupancy_static: ILP fma chains per work-item in a kernel that also holds a LMEM_KIB KiB
m4_dnl __local array of fixed (compile-time) size, to limit how many work-groups a compute unit can
m4_dnl hold (seed 001, "Occupancy"). The array is really used: pairs of work-items swap their input
m4_dnl through it and the swapped value is part of the result, so it cannot be optimised away.
m4_assert_range(`ILP', 1, 16)m4_dnl
m4_assert_range(`UNROLL', 1, 1024)m4_dnl
m4_dnl The range only catches typos: a size above the device's local memory is no template error,
m4_dnl clx skips those rows and says why.
m4_assert_range(`LMEM_KIB', 0, 256)m4_dnl
m4_define(`NELEM', m4_eval(LMEM_KIB * 256))m4_dnl
// occupancy_static kernel (ILP, UNROLL and the local array's size in the header above).
// Work-group sizes must be even: work-items 2p and 2p+1 of a group are partners.
__kernel void occupancy_static(__global const float *restrict in, __global float *restrict out,
                               const uint n, const uint off, const uint iters,
                               const float mul, const float add)
{
    const size_t i = get_global_id(0);
    // No early return for the tail: every work-item of a group must reach the barrier.
    const float x = i < n ? in[i] : 0.0f;
m4_ifelse(LMEM_KIB, 0, `m4_dnl
    // No local memory in this variant: the baseline, nothing to swap. The barrier keeps the shape
    // of the other variants (a barrier, then the chains), so only the allocation differs: PoCL,
    // for one, compiles a kernel with a barrier quite differently from one without.
    const float y = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
', `m4_dnl
    __local float scratch[NELEM];
    // Slot (r + off) % NELEM: off is a run-time argument, so the compiler cannot tell which part
    // of the array is touched and must allocate all of it (the spec puts the window across the
    // end of the array). Rounds of span work-items cover a group larger than the array.
    // Local ids and sizes fit in 32 bits; uint keeps the slot arithmetic cheap.
    const uint lid = (uint)get_local_id(0), lsize = (uint)get_local_size(0);
    const uint span = NELEM & ~1u;          // even, so partners are always in the same round
    float y = 0.0f;
    for (uint base = 0; base < lsize; base += span) {
        const uint r = lid - base;          // wraps to a huge value for lid < base
        if (r < span)
            scratch[(r + off) % NELEM] = x;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (r < span)
            y = scratch[((r ^ 1u) + off) % NELEM];
        // The next round reuses the slots: wait until every read of this one is done.
        if (base + span < lsize)
            barrier(CLK_LOCAL_MEM_FENCE);
    }
')m4_dnl
    m4_ilp_decl(float, acc, ILP, `x + m4_k.0f')
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `m4_ilp_each(ILP, `        acc`'m4_k = fma(acc`'m4_k, mul, add);
')')m4_dnl
    }
    // The sum keeps every chain alive and y keeps the local array alive.
    if (i < n)
        out[i] = m4_ilp_sum(acc, ILP) + y;
}
