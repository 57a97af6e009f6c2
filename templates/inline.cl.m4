m4_include(`clx.m4')m4_dnl
m4_dnl inline: one helper, *a = *a + b, written as a plain function (func), static inline, a #define
m4_dnl macro (define), and, beyond the seed, __attribute__((always_inline)) and ((noinline));
m4_dnl called UNROLL times per loop trip (unrolled by m4, so loop overhead is the same for all
m4_dnl kinds) so the call cost dominates (seed 001, "inlining?").
m4_assert_in(`KIND', func, static_inline, define, always_inline, noinline)m4_dnl
m4_assert_range(`UNROLL', 1, 256)m4_dnl
m4_ifelse(KIND, `define', `m4_dnl
// The macro form: the same statement pasted at each use, so there is never a call.
#define add_step(a, b) ((a) = (a) + (b))
', `m4_dnl
// The function forms differ only in the qualifier in front of the same body; like the seed the
// accumulator is passed by pointer.
m4_ifelse(KIND, `func', `', KIND, `static_inline', `static inline ', KIND, `always_inline',
`__attribute__((always_inline)) ', `__attribute__((noinline)) ')void add_step_fn(__private float *a, const float b)
{
    *a = *a + b;
}
#define add_step(a, b) add_step_fn(&(a), (b))
')m4_dnl
// inline kernel (KIND and UNROLL in the header above): each work-item adds b to its input
// iters * UNROLL times, one dependent chain, and stores the sum, so every call is needed.
__kernel void inline_call(__global const float *restrict in, __global float *restrict out,
                          const uint iters, const float b, const uint n)
{
    const size_t i = get_global_id(0);
    if (i >= n)
        return;
    float a = in[i];
    for (uint it = 0; it < iters; it++) {
m4_unroll(UNROLL, `        add_step(a, b);
')m4_dnl
    }
    out[i] = a;
}
