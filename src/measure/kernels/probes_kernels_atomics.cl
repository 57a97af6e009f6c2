/* probes_kernels_atomics.cl - atomic adds on one address and on one address per work-item, the
 * atomics probe's two rows (probes_kernels.c). */
__kernel void clx_atomic_one(__global int *c, const int iters)
{
    for (int i = 0; i < iters; i++) atomic_add(c, 1);
}
__kernel void clx_atomic_spread(__global int *c, const int iters)
{
    __global int *mine = c + get_global_id(0);
    for (int i = 0; i < iters; i++) atomic_add(mine, 1);
}
