/* guard.c — buffers inside larger allocations whose zones before and after hold GUARD_BYTE, and
 * the check that they still do. */
#include "guard.h"
#include "measure/kernels/guard_scan.cl.h"
#include "lib/util.h"
#include "store/strayrows.h"
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

/* zones_off: CLX_GUARD_ZONES=0, for a simulator that checks every access itself (make
 * check-oclgrind): a zone would take a stray write out of its sight, and Oclgrind 21.10 counts a
 * buffer whose zones the host filled as uninitialised for good (docs/checking.md). */
static int zones_off(void)
{
    const char *e = getenv("CLX_GUARD_ZONES");
    return e && !strcmp(e, "0");
}

cl_int guard_make(cl_context ctx, cl_command_queue q, size_t bytes, size_t post, size_t max_alloc, struct guarded *g)
{
    memset(g, 0, sizeof *g);
    g->pre = zones_off() ? 0 : before(q);
    g->bytes = bytes;
    g->post = zones_off() ? 0 : post;
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

/* changed: the bytes of z[0..n) that are not GUARD_BYTE: the first and the last (-1: none).
 * Compared a chunk at a time with memcmp, bytes only in a chunk that differs: a zone's megabyte,
 * byte by byte, took about 1 ms a configuration on PoCL (a tenth of a taylor sweep's host time). */
static void changed(const unsigned char *z, size_t n, long *first, long *last)
{
    enum { CHUNK = 4096 };
    static unsigned char clean[CHUNK];
    if (!clean[0]) memset(clean, GUARD_BYTE, sizeof clean);
    *first = *last = -1;
    for (size_t at = 0; at < n; at += CHUNK) {
        size_t len = n - at < CHUNK ? n - at : CHUNK;
        if (!memcmp(z + at, clean, len)) continue;
        for (size_t i = at; i < at + len; i++)
            if (z[i] != GUARD_BYTE) {
                if (*first < 0) *first = (long)i;
                *last = (long)i;
            }
    }
}

/* The zone after a buffer is read at its start (a launch that runs past the end writes from there
 * on) up to READ_HEAD, and at its last READ_TAIL (did the writes reach its end?): a large zone
 * (4 MB for taylor's 1Ki-element rows, sized for a whole launch) costs no more than that. */
#define READ_HEAD ((size_t)1 << 20)
#define READ_TAIL ((size_t)64 * 1024)

/* A zone and what was found in it: the bytes looked at are its head (and tail, when it is large),
 * read by the host with reads enqueued without waiting (so that every zone of a configuration's
 * buffers costs one wait, not six: on an H100 the reads after taylor's 4800 first rounds took
 * about 6 s of its 40 s sweep), or looked at on the device (guard_scan). */
struct zone_read {
    size_t off, n, head, tail;        /* the zone's place in its allocation and size; the bytes looked at */
    unsigned char *z;                 /* the host's read: head bytes, then tail bytes (NULL: none) */
    long first, last, tfirst, tlast;  /* the first and last changed byte of the head, of the tail (-1: none) */
};

/* zones_of: the two zones of each of g[0..n) that has them, in r[2i] (before) and r[2i + 1] (after). */
static void zones_of(const struct guarded *const *g, int n, struct zone_read *r)
{
    for (int i = 0; i < n; i++) {
        if (!g[i]->parent) continue;
        for (int z = 0; z < 2; z++) {
            struct zone_read *zr = &r[2 * i + z];
            zr->off = z ? g[i]->pre + g[i]->bytes : 0;
            zr->n = z ? g[i]->post : g[i]->pre;
            zr->head = zr->n > READ_HEAD + READ_TAIL ? READ_HEAD : zr->n;
            zr->tail = zr->n > zr->head ? READ_TAIL : 0;
        }
    }
}

/* zone_enqueue: the host's reads of r's bytes of g's allocation into r->z; CL_SUCCESS or the error. */
static cl_int zone_enqueue(cl_command_queue q, const struct guarded *g, struct zone_read *r)
{
    r->z = xmalloc(r->head + r->tail + 1);
    cl_int e = r->head ? clEnqueueReadBuffer(q, g->parent, CL_FALSE, r->off, r->head, r->z, 0, NULL, NULL) : CL_SUCCESS;
    if (e == CL_SUCCESS && r->tail)
        e = clEnqueueReadBuffer(q, g->parent, CL_FALSE, r->off + r->n - r->tail, r->tail, r->z + r->head, 0, NULL, NULL);
    return e;
}

/* zone_changed: the first and last changed byte of a zone, in zone offsets (-1: none). */
static void zone_changed(const struct zone_read *r, long *first, long *last)
{
    *first = r->first;
    *last = r->last;
    if (r->tfirst >= 0 && *first < 0) *first = (long)(r->n - r->tail) + r->tfirst;
    if (r->tlast >= 0) *last = (long)(r->n - r->tail) + r->tlast;
}

/* what_changed: what a kernel did to g's zones, from their reads before and after; NULL: nothing. */
static char *what_changed(const struct guarded *g, const struct zone_read *pre, const struct zone_read *post,
                          const char *name)
{
    long a, b, c, d;
    zone_changed(pre, &a, &b);
    zone_changed(post, &c, &d);
    (void)b;     /* the last changed byte before it and the first after it say nothing more */
    (void)c;
    if (d >= 0 && a >= 0)
        return xasprintf(STRAY_OUTSIDE "%s: past its end (%ld bytes past it at least) and before its start (%ld bytes)",
                         name, d + 1, (long)g->pre - a);
    if (d >= 0)
        return xasprintf(STRAY_PAST "%s (%ld bytes past it at least%s)", name, d + 1,
                         (size_t)d + 1 == g->post ? ", up to the end of the guard zone: perhaps further" : "");
    if (a >= 0) return xasprintf(STRAY_BEFORE "%s (%ld bytes before it at least)", name, (long)g->pre - a);
    return NULL;
}

/* host_reads: every zone of g[0..n) read by the host (each with one wait for all) and what changed
 * in it found; CL_SUCCESS or the error. */
static cl_int host_reads(cl_command_queue q, const struct guarded *const *g, int n, struct zone_read *r)
{
    cl_int e = CL_SUCCESS;
    for (int i = 0; i < n && e == CL_SUCCESS; i++)
        if (g[i]->parent) {
            e = zone_enqueue(q, g[i], &r[2 * i]);
            if (e == CL_SUCCESS) e = zone_enqueue(q, g[i], &r[2 * i + 1]);
        }
    /* Waited for even after a failed enqueue: the reads in flight write into r. */
    cl_int w = clFinish(q);
    if (e == CL_SUCCESS) e = w;
    for (int i = 0; i < 2 * n && e == CL_SUCCESS; i++)
        if (r[i].z) {
            changed(r[i].z, r[i].head, &r[i].first, &r[i].last);
            changed(r[i].z + r[i].head, r[i].tail, &r[i].tfirst, &r[i].tlast);
        }
    return e;
}

/* scan_ready: the scan's kernel, built at its first use on q's device, and room for the windows
 * of n buffers (four each: head and tail of two zones); 0, or -1 when the host must read. */
static int scan_ready(struct guard_scan *s, cl_command_queue q, int n)
{
    if (!s || s->failed) return -1;
    cl_context ctx;
    cl_device_id dev;
    cl_int e = clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL);
    if (e == CL_SUCCESS) e = clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL);
    if (e == CL_SUCCESS && !s->k) e = ocl_kernel_from_source(ctx, dev, clsrc_guard_scan, "clx_guard_scan", &s->prog, &s->k);
    size_t want = (size_t)(4 * (n ? n : 1));
    if (e == CL_SUCCESS && s->cap < want) {
        if (s->out) clReleaseMemObject(s->out);
        s->out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * want * sizeof(cl_int), NULL, &e);
        s->cap = e == CL_SUCCESS ? want : 0;
        if (e != CL_SUCCESS) s->out = NULL;
    }
    if (e == CL_SUCCESS) return 0;
    s->failed = 1;       /* the host reads every zone from here on, as it always could */
    return -1;
}

/* scan_window: the kernel over [off, off + len) of parent, its answer in window slot. */
static cl_int scan_window(struct guard_scan *s, cl_command_queue q, cl_mem parent, size_t off, size_t len, cl_uint slot)
{
    if (!len) return CL_SUCCESS;
    cl_ulong o = off;
    cl_uint n = (cl_uint)len, pattern = GUARD_BYTE;
    size_t global = (len + 63) / 64;
    global = global > 16384 ? 16384 : global < 64 ? 64 : (global + 63) / 64 * 64;
    cl_int e = clSetKernelArg(s->k, 0, sizeof parent, &parent);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 1, sizeof o, &o);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 2, sizeof n, &n);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 3, sizeof pattern, &pattern);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 4, sizeof slot, &slot);
    if (e == CL_SUCCESS) e = clSetKernelArg(s->k, 5, sizeof s->out, &s->out);
    return e == CL_SUCCESS ? clEnqueueNDRangeKernel(q, s->k, 1, NULL, &global, NULL, 0, NULL, NULL) : e;
}

/* window_changed: a window's first and last changed byte (-1: none) from the kernel's two numbers. */
static void window_changed(const cl_int *w, size_t n, long *first, long *last)
{
    *first = w[0] > 0 ? (long)n - w[0] : -1;
    *last = w[1] > 0 ? (long)w[1] - 1 : -1;
}

/* scan_zones: the zones r of g[0..n) looked at on the device, the same windows the host would read
 * (zone_enqueue): the first and the last changed byte of each. CL_SUCCESS or the error (then the
 * host reads). */
static cl_int scan_zones(struct guard_scan *s, cl_command_queue q, const struct guarded *const *g, int n, struct zone_read *r)
{
    size_t nw = (size_t)(4 * n);
    static const cl_int zero = 0;
    cl_int e = clEnqueueFillBuffer(q, s->out, &zero, sizeof zero, 0, 2 * nw * sizeof(cl_int), 0, NULL, NULL);
    /* Window 2k is zone k's head, 2k + 1 its tail. */
    for (int k = 0; k < 2 * n && e == CL_SUCCESS; k++) {
        if (!g[k / 2]->parent) continue;
        const struct zone_read *zr = &r[k];
        e = scan_window(s, q, g[k / 2]->parent, zr->off, zr->head, (cl_uint)(2 * k));
        if (e == CL_SUCCESS) e = scan_window(s, q, g[k / 2]->parent, zr->off + zr->n - zr->tail, zr->tail, (cl_uint)(2 * k + 1));
    }
    cl_int *w = xcalloc(2 * nw, sizeof *w);
    if (e == CL_SUCCESS) e = clEnqueueReadBuffer(q, s->out, CL_TRUE, 0, 2 * nw * sizeof *w, w, 0, NULL, NULL);
    for (int k = 0; k < 2 * n && e == CL_SUCCESS; k++) {
        window_changed(&w[4 * k], r[k].head, &r[k].first, &r[k].last);
        window_changed(&w[4 * k + 2], r[k].tail, &r[k].tfirst, &r[k].tlast);
    }
    free(w);
    return e;
}

char *guard_check_all(cl_command_queue q, struct guard_scan *scan, const struct guarded *const *g,
                      const char *const *names, int n)
{
    struct zone_read *r = xcalloc((size_t)(2 * (n ? n : 1)), sizeof *r);
    cl_int e = CL_SUCCESS;
    int any = 0;
    for (int i = 0; i < n; i++) any |= g[i]->parent != NULL;
    if (!any) { free(r); return NULL; }
    zones_of(g, n, r);
    if (scan_ready(scan, q, n) || scan_zones(scan, q, g, n, r) != CL_SUCCESS) {
        if (scan && !scan->failed) { ocl_finish(q); scan->failed = 1; }
        e = host_reads(q, g, n, r);
    }
    struct sbuf all = {0};
    for (int i = 0; i < n; i++) {
        if (!g[i]->parent) continue;
        char *why = e == CL_SUCCESS ? what_changed(g[i], &r[2 * i], &r[2 * i + 1], names[i])
                                    : xasprintf("the guard zones of %s could not be read back: %s", names[i], ocl_err_name(e));
        if (why) {
            sb_clause(&all, why);
            if (e == CL_SUCCESS) fill_zones(q, g[i]);   /* the next configuration on these buffers starts clean */
        }
        free(why);
    }
    for (int i = 0; i < 2 * n; i++) free(r[i].z);
    free(r);
    return all.s;
}

void guard_scan_close(struct guard_scan *s)
{
    ocl_kernel_release(&s->prog, &s->k, &s->out);
    memset(s, 0, sizeof *s);
}

void guard_free(struct guarded *g)
{
    if (g->mem) clReleaseMemObject(g->mem);
    if (g->parent) clReleaseMemObject(g->parent);
    memset(g, 0, sizeof *g);
}
