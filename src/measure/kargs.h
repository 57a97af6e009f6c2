/* kargs.h — the kernel a build made checked against the spec: its parameters' types against the
 * spec's buffers and arguments, and, where the program has no kernel of the name, where the name
 * came from. */
#ifndef KARGS_H
#define KARGS_H
#include "device/ocl.h"
#include "spec/plan.h"
#include "spec/spec.h"

/* kargs_check: the first of the spec's arguments whose type the kernel's parameter of the same place
 * does not take, said as "SPEC:LINE: buffer in is double, but the kernel's parameter in is float*"
 * (the buffer's line for a buffer, the args' line for a scalar); NULL when every one fits, and where
 * the driver said no types (params NULL: kparams.h) or a type clx cannot judge (a typedef's name,
 * half, a struct). params: kparams_query's text; btypes, atypes: the variant's types of the spec's
 * buffers and arguments. A pointer fits a buffer of its own type or of the scalar type of its vector
 * (float4* reads a buffer of float), and void* any; a scalar fits only its own type. A kernel of
 * more or fewer parameters than the spec's arguments is said as kargs_count_mismatch says it. A new
 * string. */
char *kargs_check(const struct spec *s, const char *kernel, const char *params, const enum cltype *btypes,
                  const enum cltype *atypes);
/* kargs_count_mismatch: "SPEC:LINE: kernel vecsum takes 4 arguments, the spec gives 3 (...)", the
 * kernel's name (NULL: "the kernel") and both counts, or NULL where takes is the spec's count. A new
 * string. */
char *kargs_count_mismatch(const struct spec *s, const char *kernel, unsigned takes);
/* What a build whose kernel kargs_check refuses is, in its row's note, its log and the console, then
 * " (no compile error...)": it built, the compiler refused nothing (its row's status is build-failed
 * all the same: docs/results.md). */
#define KARGS_REFUSED_SAID "built, but its kernel does not take the spec's arguments"
/* kargs_param_vector: the vector width of what parameter i of params (kparams_query's text) points
 * to ("float4*": 4), so that one who reads a buffer by columns knows a work-item takes a vector of
 * it; 1 for a pointer to a scalar, a scalar, a type clx cannot judge, or params NULL (the driver
 * said no types). */
int kargs_param_vector(const char *params, int i);
/* kargs_set_failed: why clSetKernelArg refused argument i (error e) of type t, from the spec's side
 * and, where the driver names them (kernel k's arg info), the kernel's: "SPEC:LINE: argument
 * double:CA (8 bytes): clSetKernelArg(2): CL_INVALID_ARG_SIZE; the kernel's parameter ca is float".
 * A new string. */
char *kargs_set_failed(const struct spec *s, int i, enum cltype t, cl_kernel k, cl_int e);
#endif
