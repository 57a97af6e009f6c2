/* probes_memory_chase.cl - load latency by pointer chasing: one work-item follows a random cycle
 * through global memory (probes_memory.c). */
__kernel void clx_chase(__global const uint *next, const uint steps, __global uint *out)
{
    uint i = 0;
    for (uint s = 0; s < steps; s++) i = next[i];   /* each load needs the one before */
    out[0] = i;
}
