/* hostmem.h — host memory for transfers: malloc'd (pageable), or pinned (a mapped
 * CL_MEM_ALLOC_HOST_PTR buffer, which a driver moves by DMA without staging it: on an H200 55 GB/s
 * each way against 5-13 GB/s pageable, docs/experiments/peaks.md). */
#ifndef HOSTMEM_H
#define HOSTMEM_H
#include <CL/cl.h>
#include <stddef.h>

struct hostmem { unsigned char *ptr; cl_mem buf; };

/* hostmem_alloc: bytes of host memory, pinned through ctx and q when asked; CL_SUCCESS, or the
 * error (m is then empty, nothing to free). */
cl_int hostmem_alloc(cl_context ctx, cl_command_queue q, size_t bytes, int pinned, struct hostmem *m);
/* hostmem_free: unmaps and releases (pinned; q must be the one it was mapped on) or frees it. */
void hostmem_free(cl_command_queue q, struct hostmem *m);
#endif
