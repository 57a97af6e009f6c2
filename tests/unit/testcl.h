/* testcl.h — the first OpenCL device with its properties, a context and a profiling queue, for unit
 * tests that run a kernel (PoCL in make check). */
#ifndef TESTCL_H
#define TESTCL_H
#include "check.h"
#include "device/devselect.h"
#include "device/ocl.h"

struct testcl { struct ocl_device d; struct devprops dp; cl_context ctx; cl_command_queue q; };

/* testcl_open: 0, or -1 (checked, so the test fails) when the context or queue cannot be made. */
static inline int testcl_open(struct testcl *t)
{
    cl_int e;
    t->d = ocl_select(NULL);
    ocl_query(t->d.platform, t->d.id, &t->dp);
    t->ctx = clCreateContext(NULL, 1, &t->d.id, NULL, NULL, &e);
    CHECK(e == CL_SUCCESS);
    t->q = e == CL_SUCCESS ? clCreateCommandQueue(t->ctx, t->d.id, CL_QUEUE_PROFILING_ENABLE, &e) : NULL;
    CHECK(e == CL_SUCCESS);
    return e == CL_SUCCESS ? 0 : -1;
}

static inline void testcl_close(struct testcl *t)
{
    if (t->q) clReleaseCommandQueue(t->q);
    if (t->ctx) clReleaseContext(t->ctx);
}
#endif
