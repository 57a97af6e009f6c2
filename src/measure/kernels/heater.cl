/* heater.cl - a kernel of full arithmetic load, run to bring a device to a steady temperature
 * (heater.c). */

/* Eight independent fma chains per work-item: enough to fill a GPU's pipelines at any occupancy.
 * The sum is stored (one item) or compared (all), so no compiler drops a chain. */
__kernel void clx_heat(__global float *out, uint n, float a, float b)
{
    float x0 = (float)get_global_id(0) * 1e-7f, x1 = x0 + 0.1f, x2 = x0 + 0.2f, x3 = x0 + 0.3f;
    float x4 = x0 + 0.4f, x5 = x0 + 0.5f, x6 = x0 + 0.6f, x7 = x0 + 0.7f;
    for (uint i = 0; i < n; i++) {
        x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
        x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
    }
    float s = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
    if (s == 1234.5f) out[1] = s;
    if (get_global_id(0) == 0) out[0] = s;
}
