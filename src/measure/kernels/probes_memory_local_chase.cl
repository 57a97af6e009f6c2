/* probes_memory_local_chase.cl - local memory's load latency by pointer chasing (probes_memory.c). */

/* The group copies the cycle into local memory; then one work-item chases it. 2048 uints is
 * LOCAL_CHASE_UINTS in probes_memory.c, which builds the cycle. */
__kernel void clx_local_chase(__global const uint *next, const uint steps, __global uint *out)
{
    __local uint l[2048];
    for (uint k = get_local_id(0); k < 2048; k += get_local_size(0)) l[k] = next[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) != 0) return;
    uint i = 0;
    for (uint s = 0; s < steps; s++) i = l[i];
    out[0] = i;
}
