/* probes_kernels_local.cl - float4 reads from local memory, the local probe's bandwidth
 * (probes_kernels.c checks each work-item's sum). */

/* Filled one float at a time and summed with dot(): Oclgrind 21.10 (--uninitialized) crashed on
 * this kernel written with a float4 literal stored to local memory and the lanes added one by one;
 * these forms run there (which of the two it was is not known). */
__kernel void clx_local(__global float *out, const int iters)
{
    __local float4 l[256];
    __local float *lf = (__local float *)l;
    const int lid = get_local_id(0);
    for (int k = lid; k < 1024; k += get_local_size(0)) lf[k] = (float)k;
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 acc = 0;
    #pragma unroll 8
    for (int i = 0; i < iters; i++) acc += l[(lid + i) & 255];
    out[get_global_id(0)] = dot(acc, (float4)(1.0f));   /* whole numbers: exact in any order */
}
