m4_include(`clx.m4')m4_dnl
// Fixture for tests/e2e/m4_library.sh: #line markers (compiled with PoCL when present).
m4_assert_range(`ILP', 1, 8)m4_dnl
kernel void lines(global float *out, float a, float b)
{
    m4_ilp_decl(float, acc, ILP, `a * m4_k')
    m4_ilp_each(ILP, `acc`'m4_k = fma(acc`'m4_k, a, b);
    ')
    out[get_global_id(0)] = m4_ilp_sum(acc, ILP);
    m4_ifdef(`BROKEN', `undeclared_on_this_line = 1;')
}
