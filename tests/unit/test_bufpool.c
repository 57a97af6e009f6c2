/* test_bufpool.c — a configuration's buffers on the first OpenCL device: what still serves stays
 * (the same allocation, its contents as uploaded), what differs is made anew and the rest parked;
 * a parked buffer comes back for the same name, type, count and seed only; the pool keeps to its
 * limits and gives everything up when asked, or when the host's memory is short; a set with no room
 * for the reference's probe beside it is made all the same, saying so. */
#include "measure/bench.h"
#include "measure/bufpool.h"
#include "lib/util.h"
#include "testcl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPEC_TEXT \
    "description = \"bufpool test\";\n" \
    "template = \"t.cl.m4\";\n" \
    "variants = ( { name = \"a\"; } );\n" \
    "launch = { N = 1000; M = 10; local = 8; };\n" \
    "global = \"N\";\n" \
    "buffers = ( { name = \"x\"; type = \"float\"; count = \"N\"; init = \"random\"; },\n" \
    "            { name = \"y\"; type = \"float\"; count = \"M\"; init = \"random\"; },\n" \
    "            { name = \"z\"; type = \"float\"; count = \"N\"; init = \"output\"; } );\n" \
    "args = [ \"x\", \"y\", \"z\" ];\n"

/* load: the test's spec into *s; 0, or 1 and the error said. */
static int load(struct spec *s)
{
    char *err = NULL;
    if (spec_load_text("t.spec", "t", SPEC_TEXT, s, &err) == 0) return 0;
    fprintf(stderr, "  %s\n", err);
    free(err);
    spec_free(s);
    return 1;
}

/* make: the set for N and M with these types and seed; bench_buffers' return. */
static int make(struct testcl *d, const struct spec *s, const enum cltype *types, double n, double m, uint64_t seed,
                struct bufpool *pool, struct bufset *bs)
{
    struct vars v = {0};
    vars_set(&v, "N", n);
    vars_set(&v, "M", m);
    vars_set(&v, "GLOBAL", n);
    char *why = NULL;
    struct bench_want want = { .s = s, .types = types, .v = &v, .seed = seed };
    int rc = bench_buffers(d->ctx, d->q, &d->dp, &want, pool, bs, &why);
    if (why) fprintf(stderr, "  %s\n", why);
    free(why);
    vars_free(&v);
    return rc;
}

/* on_device: whether buffer b's device contents equal its host copy of the inputs. */
static int on_device(struct testcl *d, const struct dbuf *b)
{
    void *back = xmalloc(b->bytes);
    clEnqueueReadBuffer(d->q, b->mem, CL_TRUE, 0, b->bytes, back, 0, NULL, NULL);
    int same = !memcmp(back, b->init, b->bytes);
    free(back);
    return same;
}

static void test_keep_park_take(void)
{
    struct testcl d;
    if (testcl_open(&d)) return;
    struct spec s;
    if (load(&s)) { CHECK(!"the test's spec"); testcl_close(&d); return; }
    enum cltype f[3] = { CT_FLOAT, CT_FLOAT, CT_FLOAT }, i[3] = { CT_INT, CT_FLOAT, CT_FLOAT };
    struct bufpool pool;
    bufpool_init(&pool, &d.dp);
    struct bufset bs = {0};
    CHECK(make(&d, &s, f, 1000, 10, 7, &pool, &bs) == 0);
    cl_mem x = bs.b[0].mem, y = bs.b[1].mem, z = bs.b[2].mem;
    CHECK(x && y && z && pool.n == 0);

    /* y's count differs: x and z stay as they are, y is new and the old y parked. */
    CHECK(make(&d, &s, f, 1000, 20, 7, &pool, &bs) == 0);
    CHECK(bs.b[0].mem == x && bs.b[2].mem == z && bs.b[1].mem != y && bs.b[1].count == 20);
    CHECK(pool.n == 1 && pool.dev_bytes > 0 && pool.host_bytes == 10 * sizeof(float));

    /* x as ints: a new x, the float one parked beside the old y. */
    CHECK(make(&d, &s, i, 1000, 20, 7, &pool, &bs) == 0);
    CHECK(bs.b[0].mem != x && bs.b[0].type == CT_INT && bs.b[2].mem == z);
    CHECK(pool.n == 2);

    /* Back to floats and M = 10: x and y come back from the pool, contents as uploaded. */
    CHECK(make(&d, &s, f, 1000, 10, 7, &pool, &bs) == 0);
    CHECK(bs.b[0].mem == x && bs.b[1].mem == y && bs.b[2].mem == z);
    CHECK(on_device(&d, &bs.b[0]) && on_device(&d, &bs.b[1]));
    CHECK(pool.n == 2);                                   /* the int x and the y of 20 */

    /* Another seed: nothing of the inputs is taken (their contents differ). */
    CHECK(make(&d, &s, f, 1000, 10, 8, &pool, &bs) == 0);
    CHECK(bs.b[0].mem != x);
    CHECK(bs.b[1].mem != y);
    CHECK(bs.b[0].seed == 8);

    /* A launch past the end of x wants a wider zone after it than a parked x has. */
    CHECK(make(&d, &s, f, 1000, 10, 7, &pool, &bs) == 0);
    CHECK(bs.b[0].mem == x);
    struct vars v = {0};
    vars_set(&v, "N", 1000);
    vars_set(&v, "M", 10);
    vars_set(&v, "GLOBAL", 1e6);
    char *why = NULL;
    struct bench_want want = { .s = &s, .types = f, .v = &v, .seed = 7 };
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, &pool, &bs, &why) == 0 && !why);
    CHECK(bs.b[0].mem != x && bs.b[0].guard.post >= guard_after(1000, 4, 1e6));
    vars_free(&v);
    free(why);

    bufpool_release(&pool);
    CHECK(pool.n == 0 && pool.dev_bytes == 0 && pool.host_bytes == 0);
    bench_buffers_free(&bs);
    bufpool_free(&pool);
    spec_free(&s);
    testcl_close(&d);
}

/* Limits: a pool with no room frees what would be parked; without a pool the old buffers go. */
static void test_limits(void)
{
    struct testcl d;
    if (testcl_open(&d)) return;
    struct spec s;
    if (load(&s)) { CHECK(!"the test's spec"); testcl_close(&d); return; }
    enum cltype f[3] = { CT_FLOAT, CT_FLOAT, CT_FLOAT };
    struct bufpool pool;
    bufpool_init(&pool, &d.dp);
    CHECK(pool.max_dev > 0 && pool.max_host > 0);
    pool.max_dev = pool.max_host = 1;                     /* room for nothing */
    struct bufset bs = {0};
    CHECK(make(&d, &s, f, 1000, 10, 7, &pool, &bs) == 0);
    CHECK(make(&d, &s, f, 1000, 20, 7, &pool, &bs) == 0);
    CHECK(pool.n == 0 && pool.dev_bytes == 0);
    CHECK(make(&d, &s, f, 1000, 10, 7, NULL, &bs) == 0);
    CHECK(bs.b[1].count == 10);
    bench_buffers_park(&pool, &bs);
    CHECK(bs.n == 0 && bs.b == NULL && pool.n == 0);
    bufpool_free(&pool);
    spec_free(&s);
    testcl_close(&d);
}

/* The host's memory (CLX_MEM_AVAILABLE): a set that does not fit is skipped, saying the bytes, with
 * the set before left as it was; one that fits only once the pool and the set before are given up
 * is made, and they are. A CPU device's buffers (PoCL's) count as the host's too. */
static void test_host_memory(void)
{
    struct testcl d;
    if (testcl_open(&d)) return;
    struct spec s;
    if (load(&s)) { CHECK(!"the test's spec"); testcl_close(&d); return; }
    enum cltype f[3] = { CT_FLOAT, CT_FLOAT, CT_FLOAT }, i[3] = { CT_INT, CT_FLOAT, CT_FLOAT };
    struct bufpool pool;
    bufpool_init(&pool, &d.dp);
    struct bufset bs = {0};
    CHECK(make(&d, &s, f, 1000, 10, 7, &pool, &bs) == 0);
    cl_mem x = bs.b[0].mem;
    struct vars v = {0};
    vars_set(&v, "N", 1e6);
    vars_set(&v, "M", 10);
    vars_set(&v, "GLOBAL", 1e6);
    char *why = NULL;
    struct bench_want want = { .s = &s, .types = f, .v = &v, .seed = 7 };
    setenv("CLX_MEM_AVAILABLE", "1000000", 1);
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, &pool, &bs, &why) == 1);
    CHECK_CONTAINS(why, "of the host's memory, more than the");
    CHECK_CONTAINS(why, "(CLX_MEM_AVAILABLE, ");
    CHECK_CONTAINS(why, " of it held by clx, which would give it up)");
    if (d.dp.type & CL_DEVICE_TYPE_CPU) CHECK_CONTAINS(why, "a device whose memory is the host's (a CPU device)");
    CHECK(bs.n == 3 && bs.b[0].mem == x);           /* nothing made, nothing given up */
    free(why);
    why = NULL;
    /* x as ints: the float x goes to the pool; then a set that fits only with the pool and the
     * set before given up: they are (the float x is not taken back), and it is made. */
    unsetenv("CLX_MEM_AVAILABLE");
    CHECK(make(&d, &s, i, 1000, 10, 7, &pool, &bs) == 0);
    CHECK(pool.n == 1);
    vars_set(&v, "N", 1000);
    vars_set(&v, "M", 20);
    vars_set(&v, "GLOBAL", 1000);
    /* As much as the set needs: it fits only where nothing else is held (a fixed CLX_MEM_AVAILABLE
     * holds what clx holds, memavail.h). */
    struct memneed need;
    CHECK(bench_need(&want, &d.dp, &need, &why) == 0);
    char room[64];
    snprintf(room, sizeof room, "%.0f", memneed_on_host(&need));
    setenv("CLX_MEM_AVAILABLE", room, 1);
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, &pool, &bs, &why) == 0 && !why);
    CHECK(pool.n == 0 && bs.b[0].type == CT_FLOAT && bs.b[1].count == 20);
    unsetenv("CLX_MEM_AVAILABLE");
    free(why);
    vars_free(&v);
    bench_buffers_free(&bs);
    bufpool_free(&pool);
    spec_free(&s);
    testcl_close(&d);
}

/* The reference's probe (bench_want.probe): where the set fits the host's memory but not with the
 * probe's copies beside it, it is made all the same and says the probe had no room (its bytes), kept
 * when it serves again; where it fits with them, 0; where it does not fit even without them, it is
 * skipped and the note names no probe. */
static void test_probe_room(void)
{
    struct testcl d;
    if (testcl_open(&d)) return;
    struct spec s;
    if (load(&s)) { CHECK(!"the test's spec"); testcl_close(&d); return; }
    enum cltype f[3] = { CT_FLOAT, CT_FLOAT, CT_FLOAT };
    struct vars v = {0};
    vars_set(&v, "N", 100000);
    vars_set(&v, "M", 10);
    vars_set(&v, "GLOBAL", 100000);
    struct bench_want want = { .s = &s, .types = f, .v = &v, .seed = 7, .expect = MEMNEED_EXPECT_HOST };
    struct memneed alone, with;
    char *why = NULL;
    CHECK(bench_need(&want, &d.dp, &alone, &why) == 0);
    want.probe = 1;
    CHECK(bench_need(&want, &d.dp, &with, &why) == 0 && with.probe > 0);
    double a = memneed_on_host(&alone), b = memneed_on_host(&with);
    char room[64];
    struct bufset bs = {0};
    snprintf(room, sizeof room, "%.0f", (a + b) / 2);
    setenv("CLX_MEM_AVAILABLE", room, 1);
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, NULL, &bs, &why) == 0 && !why);
    CHECK(bs.n == 3 && bs.probe_no_room == with.probe);
    cl_mem x = bs.b[0].mem;
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, NULL, &bs, &why) == 0 && !why);
    CHECK(bs.b[0].mem == x && bs.probe_no_room == with.probe);    /* served: its making's answer */
    bench_buffers_free(&bs);
    snprintf(room, sizeof room, "%.0f", b + 1);
    setenv("CLX_MEM_AVAILABLE", room, 1);
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, NULL, &bs, &why) == 0 && !why);
    CHECK(bs.n == 3 && bs.probe_no_room == 0);
    bench_buffers_free(&bs);
    snprintf(room, sizeof room, "%.0f", a / 2);
    setenv("CLX_MEM_AVAILABLE", room, 1);
    CHECK(bench_buffers(d.ctx, d.q, &d.dp, &want, NULL, &bs, &why) == 1);
    CHECK_CONTAINS(why, "of the host's memory, more than the");
    CHECK(why && !strstr(why, "probe") && bs.n == 0);
    free(why);
    unsetenv("CLX_MEM_AVAILABLE");
    vars_free(&v);
    spec_free(&s);
    testcl_close(&d);
}

int main(void)
{
    RUN(test_keep_park_take);
    RUN(test_limits);
    RUN(test_host_memory);
    RUN(test_probe_room);
    CHECK_EXIT();
}
