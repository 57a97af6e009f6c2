/* sgemm.ref.c — host reference of the sgemm experiment: C = A x B with A K-major (A[k * M + m]),
 * B K-major (B[k * N + n]) and C column-major (C[n * M + m]), M = N = K = MNK unless the run
 * defines M, N or K. Each element is summed in double: a product of two floats is exact in a
 * double and the sum of K of them is off by K units of 2^-53 at most, so the expected value is the
 * exact product rounded once to float; the kernel's own rounding error is what verify's tolerance
 * allows for. */
#include <clx/ref.h>

CLX_REF_SPLIT(sgemm, "C[n * M + m] = sum over k of A[k * M + m] * B[k * N + n], summed in double")
{
    size_t na, nb, nc;
    const float *a = ref_in(c, "a", CT_FLOAT, &na), *b = ref_in(c, "b", CT_FLOAT, &nb);
    float *out = ref_out(c, "c", CT_FLOAT, &nc);
    double mnk = 0, md, nd, kd;
    ref_var_opt(c, "MNK", &mnk);            /* a rectangular variant would set M, N and K */
    md = nd = kd = mnk;
    ref_var_opt(c, "M", &md);
    ref_var_opt(c, "N", &nd);
    ref_var_opt(c, "K", &kd);
    if (!a || !b || !out || c->err) return -1;
    if (md < 1 || nd < 1 || kd < 1) return ref_fail(c, "M, N and K must be at least 1 (set MNK)");
    const size_t m_ = (size_t)md, n_ = (size_t)nd, k_ = (size_t)kd;
    if (na < m_ * k_ || nb < k_ * n_ || nc < m_ * n_)
        return ref_fail(c, "a needs M * K = %zu, b K * N = %zu and c M * N = %zu elements (have %zu, %zu, %zu)",
                        m_ * k_, k_ * n_, m_ * n_, na, nb, nc);
    for (size_t s = 0, n = ref_count(c, m_ * n_); s < n; s++) {
        const size_t i = ref_index(c, s), col = i / m_, row = i % m_;
        double sum = 0;
        for (size_t k = 0; k < k_; k++)
            sum += (double)a[k * m_ + row] * (double)b[k * n_ + col];
        out[i] = (float)sum;
    }
    return 0;
}
