/* probes_memory_chase.cl - load latency by pointer chasing: one work-item follows a random cycle
 * through global memory (probes_memory.c). */
__kernel void clx_chase(__global const uint *next, const uint steps, __global uint *out)
{
    uint i = 0;
    for (uint s = 0; s < steps; s++) i = next[i];   /* each load needs the one before */
    out[0] = i;
}

/* clx_chase_on: the same walk from element start, for a sample of a cycle too long to walk whole at
 * a run's set-up (probe_setup.c); where it ended goes to out[0], for the next sample to go on from. */
__kernel void clx_chase_on(__global const uint *next, const uint start, const uint steps, __global uint *out)
{
    uint i = start;
    for (uint s = 0; s < steps; s++) i = next[i];
    out[0] = i;
}
