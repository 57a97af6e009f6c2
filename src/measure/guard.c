/* guard.c — buffers inside larger allocations whose zones before and after hold GUARD_BYTE, and
 * the check that they still do. */
#include "guard.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

#define PAGE ((size_t)4096)

static size_t round_up(size_t x, size_t unit) { return (x + unit - 1) / unit * unit; }

size_t guard_after(size_t count, size_t es, double items)
{
    double over = items > (double)count ? (items - (double)count) * (double)es : 0;
    size_t z = over > (double)GUARD_MAX ? GUARD_MAX : (size_t)over;
    return round_up(z < GUARD_MIN ? GUARD_MIN : z, PAGE);
}

/* before: the zone before a buffer: a multiple of the device's base-address alignment (a
 * sub-buffer must start on one), at least a page. */
static size_t before(cl_command_queue q)
{
    cl_device_id dev;
    cl_uint bits = 0;
    if (clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL) == CL_SUCCESS)
        clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
    size_t align = bits >= 8 ? bits / 8 : 1;
    return round_up(PAGE, align);
}

static cl_int fill_zones(cl_command_queue q, const struct guarded *g)
{
    static const unsigned char pattern = GUARD_BYTE;
    cl_int e = CL_SUCCESS;
    if (g->pre) e = clEnqueueFillBuffer(q, g->parent, &pattern, 1, 0, g->pre, 0, NULL, NULL);
    if (e == CL_SUCCESS && g->post) e = clEnqueueFillBuffer(q, g->parent, &pattern, 1, g->pre + g->bytes, g->post, 0, NULL, NULL);
    return e == CL_SUCCESS ? ocl_finish(q) : e;
}

cl_int guard_make(cl_context ctx, cl_command_queue q, size_t bytes, size_t post, size_t max_alloc, struct guarded *g)
{
    memset(g, 0, sizeof *g);
    g->pre = before(q);
    g->bytes = bytes;
    g->post = post;
    /* A buffer near the device's largest allocation keeps what room is left for its zones. */
    if (max_alloc && g->pre + bytes + g->post > max_alloc) {
        size_t room = max_alloc > bytes ? max_alloc - bytes : 0;
        g->pre = room >= 2 * g->pre ? g->pre : 0;
        g->post = room - g->pre >= PAGE ? (room - g->pre) / PAGE * PAGE : 0;
        if (g->post > post) g->post = post;
    }
    cl_int e;
    g->parent = clCreateBuffer(ctx, CL_MEM_READ_WRITE, g->pre + bytes + g->post, NULL, &e);
    if (e != CL_SUCCESS) { g->parent = NULL; return e; }
    if (!g->pre && !g->post) {                 /* no room: the buffer itself, unguarded */
        g->mem = g->parent;
        g->parent = NULL;
        return CL_SUCCESS;
    }
    cl_buffer_region region = { g->pre, bytes };
    g->mem = clCreateSubBuffer(g->parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &e);
    if (e == CL_SUCCESS) e = fill_zones(q, g);
    if (e != CL_SUCCESS) guard_free(g);
    return e;
}

/* changed: the bytes of z[0..n) that are not GUARD_BYTE: the first and the last (-1: none). */
static void changed(const unsigned char *z, size_t n, long *first, long *last)
{
    *first = *last = -1;
    for (size_t i = 0; i < n; i++)
        if (z[i] != GUARD_BYTE) {
            if (*first < 0) *first = (long)i;
            *last = (long)i;
        }
}

/* The zone after a buffer is read at its start (a launch that runs past the end writes from there
 * on) up to READ_HEAD, and at its last READ_TAIL (did the writes reach its end?): a large zone
 * (4 MB for taylor's 1Ki-element rows, sized for a whole launch) costs no more than that. */
#define READ_HEAD ((size_t)1 << 20)
#define READ_TAIL ((size_t)64 * 1024)

/* zone_changed: the first and last changed byte of the zone [off, off + n) of g's allocation, in
 * zone offsets (-1: none), reading its head and tail only when it is large. CL_SUCCESS or the error. */
static cl_int zone_changed(cl_command_queue q, const struct guarded *g, size_t off, size_t n, long *first, long *last)
{
    *first = *last = -1;
    if (!n) return CL_SUCCESS;
    size_t head = n > READ_HEAD + READ_TAIL ? READ_HEAD : n, tail = n > head ? READ_TAIL : 0;
    unsigned char *z = xmalloc(head + tail);
    cl_int e = clEnqueueReadBuffer(q, g->parent, CL_TRUE, off, head, z, 0, NULL, NULL);
    if (e == CL_SUCCESS && tail) e = clEnqueueReadBuffer(q, g->parent, CL_TRUE, off + n - tail, tail, z + head, 0, NULL, NULL);
    if (e == CL_SUCCESS) {
        long f, l;
        changed(z, head, first, last);
        changed(z + head, tail, &f, &l);
        if (f >= 0 && *first < 0) *first = (long)(n - tail) + f;
        if (l >= 0) *last = (long)(n - tail) + l;
    }
    free(z);
    return e;
}

char *guard_check(cl_command_queue q, const struct guarded *g, const char *name)
{
    if (!g->parent) return NULL;
    long a, b, c, d;
    cl_int e = zone_changed(q, g, 0, g->pre, &a, &b);
    if (e == CL_SUCCESS) e = zone_changed(q, g, g->pre + g->bytes, g->post, &c, &d);
    if (e != CL_SUCCESS)
        return xasprintf("the guard zones of %s could not be read back: %s", name, ocl_err_name(e));
    (void)b;     /* the last changed byte before it and the first after it say nothing more */
    (void)c;
    char *why = NULL;
    if (d >= 0 && a >= 0)
        why = xasprintf("wrote outside %s: past its end (%ld bytes past it at least) and before its start (%ld bytes)",
                        name, d + 1, (long)g->pre - a);
    else if (d >= 0)
        why = xasprintf("wrote past the end of %s (%ld bytes past it at least%s)", name, d + 1,
                        (size_t)d + 1 == g->post ? ", up to the end of the guard zone: perhaps further" : "");
    else if (a >= 0)
        why = xasprintf("wrote before the start of %s (%ld bytes before it at least)", name, (long)g->pre - a);
    if (why) fill_zones(q, g);       /* the next configuration on these buffers starts clean */
    return why;
}

void guard_free(struct guarded *g)
{
    if (g->mem) clReleaseMemObject(g->mem);
    if (g->parent) clReleaseMemObject(g->parent);
    memset(g, 0, sizeof *g);
}
