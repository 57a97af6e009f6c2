/* timercheck.cl - a kernel of known length, timed by its event and by the host to see whether the
 * device's profiling events time kernels (timercheck.c). */

/* A chain of n dependent integer steps per work-item, checked by its result: no compiler folds
 * it, and the work grows with the number of work-items. Every item's chain must run (an item whose
 * chain hits one value stores it), so none is dropped. The host keeps n below 65535: llvmpipe's
 * compiler ends any loop there, which a longer chain would meet with a wrong answer. */
__kernel void clx_timer_check(__global uint *out, uint n)
{
    uint x = (uint)get_global_id(0) + 1u;
    for (uint i = 0; i < n; i++) x = x * 1664525u + 1013904223u + i;
    if (x == 0xfeedbeefu) out[1] = (uint)get_global_id(0);
    if (get_global_id(0) == 0) out[0] = x;
}
