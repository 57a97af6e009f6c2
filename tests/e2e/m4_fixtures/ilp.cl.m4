m4_include(`clx.m4')m4_dnl
m4_dnl Fixture for tests/e2e/m4_library.sh: ILP helpers and m4_default.
m4_assert_defined(`ILP')m4_dnl
decl: m4_ilp_decl(float, acc, ILP, `x + m4_k')
decl2: m4_ilp_decl(float2, v, 2, `(float2)(0.0f, 1.0f)')
each: m4_ilp_each(ILP, `acc`'m4_k = fma(acc`'m4_k, a, b);')
sum: float s = m4_ilp_sum(acc, ILP);
m4_default(`UNROLL', 2)m4_default(`VEC', 4)m4_dnl
default: UNROLL VEC
