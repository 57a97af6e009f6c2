m4_include(`clx.m4')m4_dnl
m4_dnl maths: one dependent chain of a single operation per work-item (seed 001, "maths"): OP 1 add,
m4_dnl 2 sub, 3 mul, 4 div on T (float, uint, int), UNROLL operations per loop trip, unrolled by m4.
m4_assert_in(`T', float, uint, int)m4_dnl
m4_assert_in(`OP', 1, 2, 3, 4)m4_dnl
m4_assert_range(`UNROLL', 2, 1024)m4_dnl
m4_assert(`UNROLL % 2 == 0', `UNROLL must be even (the integer chains alternate between two variables)')m4_dnl
m4_dnl Signed overflow is undefined in OpenCL C, and an undefined chain could legally be rewritten:
m4_dnl wrapping add, sub and mul run on uint (the same add.s32 / sub.s32 / mul.lo.s32 in PTX).
m4_ifelse(T, int, `m4_assert(`OP == 4', `T=int only for OP=4 (div); use T=uint for wrapping add, sub, mul')')m4_dnl
m4_define(`m4_maths_c', m4_ifelse(OP, 1, `+', OP, 2, `-', OP, 3, `*', `/'))m4_dnl
m4_dnl m4_maths_step(U): operation number U of a trip, as one C statement.
m4_dnl Floats: acc = acc OP k. Without -cl-fast-relaxed-math a compiler may not reassociate float
m4_dnl arithmetic, so S steps of acc + k can never become acc + S * k. Integer arithmetic does
m4_dnl reassociate (that is how the seed lost its int add and sub), so the integer chains alternate
m4_dnl a = a OP b; b = b OP a: a Fibonacci-like recurrence that no closed form or strength reduction
m4_dnl replaces. Division in both types is acc = k / acc: it stays within [1, k] for integers (never a
m4_dnl zero divisor, never INT_MIN / -1) and bounded for floats.
m4_define(`m4_maths_step', m4_ifelse(OP, 4, ``acc = k / acc;'',
    T, float, ``acc = acc m4_maths_c k;'',
    ``m4_ifelse(m4_eval($1 % 2), 0, `a = a m4_maths_c b;', `b = b m4_maths_c a;')''))m4_dnl
m4_define(`m4_maths_int2', m4_ifelse(OP, 4, 0, T, float, 0, 1))m4_dnl
// maths kernel: T, OP and UNROLL are in the header above. Each work-item runs trips * UNROLL
// dependent operations starting from its input element and stores the chain's last value, which
// depends on every operation.
__kernel void maths(__global const T *restrict in, __global T *restrict out, const uint n,
                    const uint trips, const T k)
{
    const size_t i = get_global_id(0);
    if (i >= n)
        return;
m4_ifelse(m4_maths_int2, 1, `m4_dnl
m4_ifelse(OP, 3, `m4_dnl
    // Odd factors keep the product odd: an even one would shift zeros in until the chain is 0.
    T a = in[i] | 1u, b = k | 1u;
', `m4_dnl
    T a = in[i], b = k;
')m4_dnl
', `m4_dnl
    T acc = in[i];
')m4_dnl
    for (uint t = 0; t < trips; t++) {
m4_unroll(UNROLL, `        m4_maths_step(m4_u)
')m4_dnl
    }
    out[i] = m4_ifelse(m4_maths_int2, 1, `b', `acc');
}
