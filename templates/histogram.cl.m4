m4_include(`clx.m4')m4_dnl
m4_dnl histogram: hist[in[i] & (bins - 1)]++ over n uints with 32-bit atomics (seed 002).
m4_dnl CHUNK=1: each work-item counts one contiguous chunk of ept elements (naive); CHUNK=0: a
m4_dnl grid-stride loop (work-item i reads i, i+T, i+2T ...: coalesced). PRIV=1 counts into a
m4_dnl work-group histogram in local memory with local atomics, then adds it to the global one.
m4_dnl WIDE only sets the grid (in the spec): T = n / ept work-items, or as many as the device
m4_dnl holds.
m4_assert_in(`CHUNK', 0, 1)m4_dnl
m4_assert_in(`PRIV', 0, 1)m4_dnl
m4_assert_in(`WIDE', 0, 1)m4_dnl
m4_assert(`!(CHUNK && PRIV)', `CHUNK=1 (naive chunks) has no privatised form')m4_dnl
// bins and the local histogram's size are arguments, not template parameters, so that every bin
// count is one launch point (rel_time matches the naive row by launch point). ept is used only
// by the chunked kernel; lh (4 * bins bytes) only by the privatised one.
__kernel void histogram(__global const uint *restrict in, __global uint *restrict hist,
                        const ulong n, const uint bins, const uint ept, __local uint *lh)
{
    const size_t gid = get_global_id(0);
    // bins is a power of two (the host reference refuses others), so v % bins is one AND.
    const uint mask = bins - 1;
m4_ifelse(CHUNK, 1, `m4_dnl
    // Work-item gid owns [gid * ept, (gid + 1) * ept): neighbours read addresses ept apart.
    const size_t start = gid * ept;
    const size_t end = min(start + ept, (size_t)n);
    for (size_t i = start; i < end; i++)
        atomic_inc(&hist[in[i] & mask]);
', PRIV, 0, `m4_dnl
    // Neighbours read neighbouring elements: a work-group reads whole cache lines.
    const size_t stride = get_global_size(0);
    for (size_t i = gid; i < n; i += stride)
        atomic_inc(&hist[in[i] & mask]);
', `m4_dnl
    const size_t lid = get_local_id(0), lsize = get_local_size(0);
    const size_t stride = get_global_size(0);
    for (size_t b = lid; b < bins; b += lsize)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t i = gid; i < n; i += stride)
        atomic_inc(&lh[in[i] & mask]);
    barrier(CLK_LOCAL_MEM_FENCE);
    // Bins this work-group never hit need no global atomic.
    for (size_t b = lid; b < bins; b += lsize) {
        const uint c = lh[b];
        if (c)
            atomic_add(&hist[b], c);
    }
')m4_dnl
}
