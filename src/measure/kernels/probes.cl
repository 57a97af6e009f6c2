/* probes.cl - the empty kernel whose launches the launch-latency probe times (probes.c). */
__kernel void clx_empty(void) { }
