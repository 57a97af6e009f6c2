/* probes_chain.cl - the latency of a dependent operation: one work-item's chain of fp32 fmas, and
 * one of int32 multiply-adds, each step needing the one before (probes_chain.c). */

/* 64 steps a trip: the loop's own counting (an add, a compare, a branch) would otherwise sit
 * between two steps of the chain: on an H200 a chain of one step a trip took 2.25 ns a step, of 16
 * a trip 2.10, where maths' chains of 128 a trip ran at 2.06. */
#define F4 x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b);
#define M4 x = x * a + b; x = x * a + b; x = x * a + b; x = x * a + b;
__kernel void clx_fma_chain(__global float *io, const uint steps, const float a, const float b)
{
    float x = io[0];
    for (uint s = 0; s < steps; s += 64) { F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 }
    io[0] = x;
}
__kernel void clx_mad_chain(__global uint *io, const uint steps, const uint a, const uint b)
{
    uint x = io[0];
    for (uint s = 0; s < steps; s += 64) { M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 M4 }
    io[0] = x;
}
