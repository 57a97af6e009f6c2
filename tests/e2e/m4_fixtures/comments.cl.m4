m4_include(`clx.m4')m4_dnl
#pragma unroll UNROLL
// ILP stays as written in a comment, m4_dnl too, and so does `this
#define N_ACC ILP
int x = ILP; // ILP again
