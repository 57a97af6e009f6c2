m4_include(`clx.m4')m4_dnl
m4_dnl faults: c = a + b, right on every device, with one fault of each kind Oclgrind must report
m4_dnl (tests/oclgrind.sh runs each variant and expects the report; good expects none).
m4_assert_in(`KIND', good, oob, race, uninit)m4_dnl
__kernel void faults(__global const float *a, __global const float *b, __global float *c, const uint n)
{
    const size_t i = get_global_id(0);
    if (i >= n) return;
m4_ifelse(KIND, `oob', `m4_dnl
    c[i] = a[i] + b[i];
    // The last work-item also writes one element past the end of c.
    if (i == n - 1) c[i + 1] = 0.0f;
', KIND, `race', `m4_dnl
    // Every work-item of a group writes t and reads it back with no barrier between them: the
    // value is its own on a device that runs work-items one by one, a race everywhere (volatile,
    // or the compiler keeps the value in a register and drops the store).
    volatile __local float t;
    t = a[i];
    c[i] = t + b[i];
', KIND, `uninit', `m4_dnl
    // s is never written: the branch depends on whatever local memory held (volatile, or the
    // compiler folds the read of an undefined value away).
    volatile __local float s[1];
    c[i] = a[i] + b[i];
    if (s[0] == 12345.0f) c[i] = 0.0f;
', `m4_dnl
    c[i] = a[i] + b[i];
')m4_dnl
}
