/* blocker.cl - the spin that holds a device while a batch is queued behind it, and the empty kernel
 * whose launches give the floor (blocker.c). */

/* Dependent fmas on runtime values: no compiler can fold or shorten the chain, and the result is
 * stored, so none can drop it. */
__kernel void clx_block(__global float *out, uint n, float a, float b)
{
    float x = out[0];
    for (uint i = 0; i < n; i++) x = fma(x, a, b);
    out[0] = x;
}
__kernel void clx_empty(void) { }
