/* verify_device.cl - outputs compared with expected values on the device (verify_device.c): a
 * grid-stride loop that applies verify.c's rule, then a work-group reduction of the counts and the
 * largest errors. One program per element type, built with -DT=type -DIS_FLOAT=0|1 -DIS_SIGNED=0|1
 * (verify_device.c). */
#if !defined(T) || !defined(IS_FLOAT) || !defined(IS_SIGNED)
#error "verify_device.cl is built with -DT=<element type> -DIS_FLOAT=0|1 -DIS_SIGNED=0|1"
#endif

/* The rule is verify.c's, element for element: floats compared as doubles, NaN equal only to NaN
 * and an infinity only to itself; integers by their exact difference. FP_CONTRACT is off so that
 * atol + rtol*|w| rounds as it does on the host. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void clx_check(__global const T *got, __global const T *want, __global const ulong *idx,
                        ulong n, ulong count, int use_idx, int want_at_i, double rtol, double atol,
                        __global double *out, __local double *sc)
{
    double bad = 0, checked = 0, mabs = 0, mrel = 0;
    for (ulong k = get_global_id(0); k < n; k += get_global_size(0)) {
        ulong i = use_idx ? idx[k] : k;
        if (i >= count) continue;
        ulong wi = want_at_i ? i : k;
        double ea, er;
        int ok;
#if IS_FLOAT
        double g = (double)got[i], w = (double)want[wi];
        if (isnan(g) || isnan(w) || isinf(g) || isinf(w)) {
            int same = (isnan(g) && isnan(w)) || g == w;
            ea = er = same ? 0.0 : (double)INFINITY;
            ok = same;
        } else {
            ea = fabs(g - w);
            er = w != 0 ? ea / fabs(w) : -1.0;
            ok = ea <= atol + rtol * fabs(w);
        }
#else
#if IS_SIGNED
        long a = got[i], b = want[wi];
        ulong d = a >= b ? (ulong)a - (ulong)b : (ulong)b - (ulong)a;
        double w = fabs((double)b);
#else
        ulong a = got[i], b = want[wi];
        ulong d = a >= b ? a - b : b - a;
        double w = (double)b;
#endif
        ea = (double)d;
        er = w != 0 ? ea / w : -1.0;
        ok = rtol == 0 && atol == 0 ? d == 0 : ea <= atol + rtol * w;
#endif
        checked += 1;
        if (!ok) bad += 1;
        if (ea > mabs) mabs = ea;
        if (er > mrel) mrel = er;
    }
    size_t l = get_local_id(0), wg = get_local_size(0);
    sc[4 * l] = bad; sc[4 * l + 1] = checked; sc[4 * l + 2] = mabs; sc[4 * l + 3] = mrel;
    for (size_t s = wg / 2; s > 0; s /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < s) {
            sc[4 * l] += sc[4 * (l + s)];
            sc[4 * l + 1] += sc[4 * (l + s) + 1];
            if (sc[4 * (l + s) + 2] > sc[4 * l + 2]) sc[4 * l + 2] = sc[4 * (l + s) + 2];
            if (sc[4 * (l + s) + 3] > sc[4 * l + 3]) sc[4 * l + 3] = sc[4 * (l + s) + 3];
        }
    }
    if (l == 0)
        for (int c = 0; c < 4; c++) out[4 * get_group_id(0) + c] = sc[c];
}
