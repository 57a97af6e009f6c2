m4_include(`clx.m4')m4_dnl
m4_dnl expint: the exponential integral E_n(x) for n = 1..orders and every sample x (seed 003), in
m4_dnl REAL = float or double, on a 2D NDRange whose second dimension splits the n range.
m4_assert_in(`REAL', float, double)m4_dnl
m4_ifelse(REAL, double, `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
')m4_dnl
// Constants in __constant memory: read by every work-item, the same for all (the seed put its
// loop-invariant values there).
__constant REAL EULER = 0.5772156649015328606;
__constant REAL TINY = m4_ifelse(REAL, double, `1e-300', `1e-30f');
__constant REAL EPS = m4_ifelse(REAL, double, `1e-15', `1.2e-7f');
__constant int MAXIT = 1000;

// E_n(x) for n >= 1, x > 0: continued fraction (modified Lentz) above x = 1, power series below.
REAL expint_n(const int n, const REAL x)
{
    const int nm1 = n - 1;
    if (x > (REAL)1) {
        REAL b = x + (REAL)n, c = (REAL)1 / TINY, d = (REAL)1 / b, h = d;
        for (int i = 1; i <= MAXIT; i++) {
            const REAL a = -(REAL)i * (REAL)(nm1 + i);
            b += (REAL)2;
            d = (REAL)1 / (a * d + b);
            c = b + a / c;
            const REAL del = c * d;
            h *= del;
            if (fabs(del - (REAL)1) <= EPS) break;
        }
        return h * exp(-x);
    }
    REAL ans = nm1 != 0 ? (REAL)1 / (REAL)nm1 : -log(x) - EULER, fact = (REAL)1;
    for (int i = 1; i <= MAXIT; i++) {
        fact *= -x / (REAL)i;
        REAL del;
        if (i != nm1) {
            del = -fact / (REAL)(i - nm1);
        } else {
            REAL psi = -EULER;                 // digamma(n)
            for (int k = 1; k <= nm1; k++) psi += (REAL)1 / (REAL)k;
            del = fact * (-log(x) + psi);
        }
        ans += del;
        if (fabs(del) < fabs(ans) * EPS) break;
    }
    return ans;
}

// Work-item (i, y) computes sample i for n = y+1, y+1+Y, ...: Y = get_global_size(1) groups of
// rows, so a larger Y means more, shorter work-items.
__kernel void expint(__global const REAL *restrict xs, __global REAL *restrict out,
                     const uint orders, const uint samples)
{
    const size_t i = get_global_id(0);
    if (i >= samples) return;
    const REAL x = xs[i];
    const uint step = (uint)get_global_size(1);
    for (uint n = (uint)get_global_id(1) + 1; n <= orders; n += step)
        out[(size_t)(n - 1) * samples + i] = expint_n((int)n, x);
}
