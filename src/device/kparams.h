/* kparams.h — what a built program says of its kernels: each kernel parameter's type and name
 * (clGetKernelArgInfo, kept by a build with -cl-kernel-arg-info) and the kernels it holds. */
#ifndef KPARAMS_H
#define KPARAMS_H
#include "ocl.h"

/* The option that has a build keep its kernels' parameter types and names: metadata only (an
 * H200's PTX gains a .metadata_section, its code the same byte for byte; PoCL's bitcode gains the
 * names), which clx checks the spec's buffers and arguments against. */
#define KPARAMS_BUILD_OPTION "-cl-kernel-arg-info"

/* kparams_query: kernel k's parameters, one "TYPE\tNAME" a line as the driver names them ("float4*\ta",
 * "uint\tn"; a pointer's type ends in '*', whatever its address space), in order; NULL where the
 * driver gives none (CL_KERNEL_ARG_INFO_NOT_AVAILABLE: a build without the option). A new string. */
char *kparams_query(cl_kernel k);
/* kparams_get: parameter i of such a text into type and name (each cut to its size); 0, or -1 when
 * the text has no parameter i. */
int kparams_get(const char *params, int i, char *type, size_t tsize, char *name, size_t nsize);
/* kparams_program_kernels: the kernels program p holds, "a, b" (CL_PROGRAM_KERNEL_NAMES, in the
 * driver's order, ';' made ", "); NULL where the driver does not say. A new string. */
char *kparams_program_kernels(cl_program p);
#endif
