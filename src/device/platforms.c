/* platforms.c — the OpenCL platforms the ICD loader finds, asked so that its first call is not leak-checked. */
#include "platforms.h"

/* Present only in sanitizer builds (weak: NULL otherwise). */
extern void __lsan_disable(void) __attribute__((weak));
extern void __lsan_enable(void) __attribute__((weak));

cl_int ocl_platform_ids(cl_uint n, cl_platform_id *plats, cl_uint *np)
{
    if (__lsan_disable) __lsan_disable();
    cl_int e = clGetPlatformIDs(n, plats, np);
    if (__lsan_enable) __lsan_enable();
    return e;
}
