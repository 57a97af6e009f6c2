m4_include(`clx.m4')m4_dnl
m4_dnl Fixture for tests/e2e/m4_library.sh: parameter checks.
m4_assert_defined(`UNROLL')m4_dnl
m4_assert_defined(`VEC', `ILP')m4_dnl LINE-DEFINED
m4_assert_range(`ILP', 1, 16)m4_dnl LINE-RANGE
m4_assert_in(`UNROLL', 1, 2, 4, 8)m4_dnl LINE-IN
m4_assert(`UNROLL % ILP == 0', `UNROLL must be a multiple of ILP')m4_dnl LINE-ASSERT
checked ILP UNROLL VEC
