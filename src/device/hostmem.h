/* hostmem.h — host memory for transfers: malloc'd (pageable), pageable on a page boundary, or
 * pinned (a mapped CL_MEM_ALLOC_HOST_PTR buffer, which a driver moves by DMA without staging it: on
 * an H200 55 GB/s each way against 5-17 GB/s pageable, docs/experiments/peaks.md). */
#ifndef HOSTMEM_H
#define HOSTMEM_H
#include <CL/cl.h>
#include <stddef.h>

struct hostmem { unsigned char *ptr; cl_mem buf; };

/* What kind of host memory: malloc's (a large block starts 16 bytes past a page), the same on a
 * 4 KiB boundary (OpenCL-Benchmark's; an H200's pageable copies were up to 1.3x faster from it), or
 * pinned through the OpenCL context. */
enum hostmem_kind { HOSTMEM_PAGEABLE, HOSTMEM_PAGE_ALIGNED, HOSTMEM_PINNED };

/* hostmem_alloc: bytes of host memory of that kind (pinned through ctx and q); CL_SUCCESS, or the
 * error (m is then empty, nothing to free). */
cl_int hostmem_alloc(cl_context ctx, cl_command_queue q, size_t bytes, enum hostmem_kind kind, struct hostmem *m);
/* hostmem_free: unmaps and releases (pinned; q must be the one it was mapped on) or frees it. */
void hostmem_free(cl_command_queue q, struct hostmem *m);
#endif
