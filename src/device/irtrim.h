/* irtrim.h — LLVM IR as a reader wants it from `clx dump --ir`: the module without the global
 * tables nothing in it uses (PoCL links its whole maths library's tables into every program). */
#ifndef IRTRIM_H
#define IRTRIM_H

/* ir_drop_unused_globals: ll without the global definitions ("@NAME = ...") that no function,
 * and no global a function uses, refers to; *dropped gets how many lines went (a new string). */
char *ir_drop_unused_globals(const char *ll, int *dropped);
#endif
