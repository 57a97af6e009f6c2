m4_include(`clx.m4')m4_dnl
m4_dnl broken: good, uncompilable and wrong variants (core_failures.sh, verify_where.sh).
m4_assert_in(`KIND', good, broken, wrong, hole, nan, tiny)m4_dnl
__kernel void broken(__global const float *a, __global const float *b, __global float *c, const uint n)
{
    const size_t i = get_global_id(0);
    if (i >= n) return;
m4_ifelse(KIND, `broken', `m4_dnl
    c[i] = a[i] + undeclared_name;
', KIND, `wrong', `m4_dnl
    c[i] = a[i] - b[i];
', KIND, `hole', `m4_dnl
    if (i != n / 2) c[i] = a[i] + b[i];
', KIND, `nan', `m4_dnl
    c[i] = i == n / 3 ? NAN : a[i] + b[i];
', KIND, `tiny', `m4_dnl
    c[i] = i == n - 1 ? (a[i] + b[i]) * 1.0001f : a[i] + b[i];
', `m4_dnl
    c[i] = a[i] + b[i];
')m4_dnl
}
