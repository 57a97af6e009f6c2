/* platforms.h — the OpenCL platforms the ICD loader finds, asked so that its first call is not leak-checked. */
#ifndef PLATFORMS_H
#define PLATFORMS_H
#include <CL/cl.h>

/* ocl_platform_ids: clGetPlatformIDs. The ICD loader's first call opens every vendor's library,
 * whose initialisers keep what they allocate (Mesa's rusticl, a pthread_once in its Gallium
 * screens); their code has no frame pointers, so under LeakSanitizer's fast unwinder those stacks
 * end in the allocator and no suppression by library name can match them: allocations made during
 * the call are not leak-checked. Everything else (every later driver call, all of clx) is. Its own
 * module below ocl.c, so that the diagnosis of an empty list (diagnose.c, nodevice.c), which
 * ocl.c calls, can ask it too. */
cl_int ocl_platform_ids(cl_uint n, cl_platform_id *plats, cl_uint *np);
#endif
