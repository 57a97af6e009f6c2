/* hostmem.c — pageable or pinned host memory for transfers (hostmem.h). */
#include "hostmem.h"
#include "ocl.h"
#include <stdlib.h>
#include <string.h>

cl_int hostmem_alloc(cl_context ctx, cl_command_queue q, size_t bytes, enum hostmem_kind kind, struct hostmem *m)
{
    memset(m, 0, sizeof *m);
    if (kind == HOSTMEM_PAGEABLE) {
        m->ptr = malloc(bytes ? bytes : 1);
        return m->ptr ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
    }
    if (kind == HOSTMEM_PAGE_ALIGNED) {
        void *p = NULL;
        if (posix_memalign(&p, 4096, bytes ? bytes : 1)) return CL_OUT_OF_HOST_MEMORY;
        m->ptr = p;
        return CL_SUCCESS;
    }
    cl_int e;
    m->buf = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e != CL_SUCCESS) {
        memset(m, 0, sizeof *m);
        return e;
    }
    m->ptr = clEnqueueMapBuffer(q, m->buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &e);
    if (e != CL_SUCCESS) {
        clReleaseMemObject(m->buf);
        memset(m, 0, sizeof *m);
    }
    return e;
}

void hostmem_free(cl_command_queue q, struct hostmem *m)
{
    if (m->buf) {
        if (m->ptr) clEnqueueUnmapMemObject(q, m->buf, m->ptr, 0, NULL, NULL);
        ocl_finish(q);
        clReleaseMemObject(m->buf);
    } else free(m->ptr);
    memset(m, 0, sizeof *m);
}
