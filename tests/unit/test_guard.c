/* test_guard.c — guard zones on the first OpenCL device: their sizes, an untouched buffer passes,
 * a byte written past the end or before the start is found with its distance, a large zone is read
 * at its head and its tail, and the zones are clean again after a finding: read by the host, and
 * looked at on the device (guard_scan), which must say the same, for one buffer and for two. */
#include "measure/guard.h"
#include "device/devselect.h"
#include "device/ocl.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static void test_sizes(void)
{
    CHECK(guard_after(1000, 4, 1000) == GUARD_MIN);                 /* one item per element: the least */
    CHECK(guard_after(1000, 4, 2000) == GUARD_MIN);                 /* 4000 bytes over: still the least */
    CHECK(guard_after(500000, 4, 1000000) == 2000000 / 4096 * 4096 + 4096);  /* half the items: 2 MB, in pages */
    CHECK(guard_after(1, 4, 1e12) == GUARD_MAX);                    /* at most 256 MiB */
}

struct dev { cl_context ctx; cl_command_queue q; };

static int open_dev(struct dev *d)
{
    cl_int e;
    /* clx's own first device: platforms without devices (Mesa's, without a GPU) are passed over. */
    cl_device_id dev = ocl_select(NULL).id;
    d->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    d->q = clCreateCommandQueue(d->ctx, dev, 0, &e);
    return e == CL_SUCCESS;
}

/* poke: one byte written at offset off of g's whole allocation. */
static void poke(struct dev *d, const struct guarded *g, size_t off)
{
    unsigned char x = 1;
    clEnqueueWriteBuffer(d->q, g->parent, CL_TRUE, off, 1, &x, 0, NULL, NULL);
}

/* check: guard_check_all of g alone, through scan (NULL: the host's reads). */
static char *check(struct dev *d, struct guard_scan *scan, const struct guarded *g)
{
    const char *name = "c";
    return guard_check_all(d->q, scan, &g, &name, 1);
}

static void zones(struct guard_scan *scan)
{
    struct dev d;
    if (!open_dev(&d)) { CHECK(!"an OpenCL device"); return; }
    struct guarded g;
    CHECK(guard_make(d.ctx, d.q, 4000, GUARD_MIN, 0, &g) == CL_SUCCESS);
    CHECK(g.pre >= 4096 && g.post == GUARD_MIN && g.mem && g.parent);
    static float inside[1000];
    for (int i = 0; i < 1000; i++) inside[i] = (float)i;
    clEnqueueWriteBuffer(d.q, g.mem, CL_TRUE, 0, sizeof inside, inside, 0, NULL, NULL);
    char *why = check(&d, scan, &g);
    CHECK(why == NULL);                                              /* every write inside */
    free(why);
    poke(&d, &g, g.pre + g.bytes + 10);
    why = check(&d, scan, &g);
    CHECK_STR(why, "wrote past the end of c (11 bytes past it at least)");
    free(why);
    why = check(&d, scan, &g);
    CHECK(why == NULL);                                              /* filled again */
    free(why);
    poke(&d, &g, g.pre - 8);
    why = check(&d, scan, &g);
    CHECK_STR(why, "wrote before the start of c (8 bytes before it at least)");
    free(why);
    guard_free(&g);
    /* A 4 MiB zone: its last byte is read too (the tail), and says the writes may go further. */
    CHECK(guard_make(d.ctx, d.q, 4000, (size_t)4 << 20, 0, &g) == CL_SUCCESS);
    poke(&d, &g, g.pre + g.bytes + g.post - 1);
    why = check(&d, scan, &g);
    CHECK_CONTAINS(why, "up to the end of the guard zone: perhaps further");
    free(why);
    guard_free(&g);
    /* No room beside a buffer at the device's largest allocation: no zones, the buffer itself. */
    CHECK(guard_make(d.ctx, d.q, 4000, GUARD_MIN, 4000, &g) == CL_SUCCESS);
    CHECK(g.parent == NULL && g.mem && g.pre == 0 && g.post == 0);
    why = check(&d, scan, &g);
    CHECK(why == NULL);
    guard_free(&g);
    if (scan) {
        /* Two buffers: each one's finding in its own words, in order. */
        struct guarded two[2];
        CHECK(guard_make(d.ctx, d.q, 4000, GUARD_MIN, 0, &two[0]) == CL_SUCCESS);
        CHECK(guard_make(d.ctx, d.q, 8000, GUARD_MIN, 0, &two[1]) == CL_SUCCESS);
        poke(&d, &two[0], two[0].pre - 3);
        poke(&d, &two[1], two[1].pre + two[1].bytes + 99);
        poke(&d, &two[1], two[1].pre + two[1].bytes + 5);
        const struct guarded *gs[2] = { &two[0], &two[1] };
        const char *names[2] = { "a", "b" };
        why = guard_check_all(d.q, scan, gs, names, 2);
        CHECK_STR(why, "wrote before the start of a (3 bytes before it at least); wrote past the end of b (100 bytes past it at least)");
        free(why);
        CHECK(scan->failed == 0);                                    /* on the device, not the host's reads */
        guard_free(&two[0]);
        guard_free(&two[1]);
        guard_scan_close(scan);
    }
    clReleaseCommandQueue(d.q);
    clReleaseContext(d.ctx);
}

static void test_zones_read(void) { zones(NULL); }
static void test_zones_scanned(void)
{
    struct guard_scan scan = {0};
    zones(&scan);
}

int main(void)
{
    RUN(test_sizes);
    RUN(test_zones_read);
    RUN(test_zones_scanned);
    CHECK_EXIT();
}
