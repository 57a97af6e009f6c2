m4_include(`clx.m4')m4_dnl
m4_dnl Fixture for tests/e2e/m4_library.sh: loop macros, one labelled output line each.
m4_define(`m4_i', `saved')m4_dnl
for: m4_forloop(`m4_i', 0, 3, `acc`'m4_i;')
empty: [m4_forloop(`m4_i', 3, 2, `never')]
nest: m4_forloop(`m4_i', 0, 1, `m4_forloop(`m4_j', 0, 2, `(m4_i,m4_j)')')
samevar: m4_forloop(`m4_i', 0, 1, `<m4_forloop(`m4_i', 5, 6, `m4_i')m4_i>')
restore: m4_i m4_ifdef(`m4_j', `j-defined', `j-undefined')
comma: m4_forloop(`m4_i', 1, 2, `f(m4_i, g(1, 2));')
expr: m4_forloop(`m4_i', -1, ILP - 3, `m4_i;')
unroll: m4_unroll(3, `s += a[m4_u];')
unroll0: [m4_unroll(0, `never')]
unrollp: m4_unroll(UNROLL, `m4_u')
