/* ocl.cl - the smallest kernel a compiler cannot drop, one store per work-item: the kernel
 * ocl_probe_wg_multiple asks the preferred work-group size multiple of (ocl.c). */
__kernel void clx_probe(__global int *p) { p[get_global_id(0)] = 1; }
