/* probes_memory_readbw.cl - read bandwidth over a footprint, from the last-level cache or from
 * memory (probes_memory.c sizes it and checks every sum). */

/* Every work-item reads `per` float4, gsz apart (a whole pass over the buffer by the grid), then
 * again from `shift` work-items further on: the data a group reads in one pass was read by another
 * group in the one before, so a pass is not served by the group's own first-level cache (which
 * compute unit runs which group OpenCL does not say: the rotation makes a hit there unlikely, not
 * impossible). Two sums keep two loads in flight per step. */
__kernel void clx_readbw(__global const float4 *a, const uint per, const uint passes, const uint shift,
                         __global float *out)
{
    const uint gsz = get_global_size(0);
    uint base = get_global_id(0);
    float4 s0 = 0, s1 = 0;
    for (uint r = 0; r < passes; r++) {
        uint j = 0;
        for (; j + 1 < per; j += 2) { s0 += a[base + j * gsz]; s1 += a[base + (j + 1) * gsz]; }
        if (j < per) s0 += a[base + j * gsz];
        base += shift;
        if (base >= gsz) base -= gsz;
    }
    const float4 s = s0 + s1;
    out[get_global_id(0)] = s.x + s.y + s.z + s.w;   /* whole numbers below 2^24: exact */
}
