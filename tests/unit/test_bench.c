/* test_bench.c — the host-side rules of bench.c: the events/host cross-check and the flush size. */
#include "bench.h"
#include "check.h"
#include <string.h>

static void test_host_agrees(void)
{
    CHECK(bench_host_disagrees(1.0, 1.05, 0.02) == NULL);      /* host a little longer: the usual case */
    CHECK(bench_host_disagrees(1.015, 1.0, 0.02) == NULL);     /* within 2% */
    CHECK(bench_host_disagrees(0.004, 0.001, 0.02) == NULL);   /* within 5 us: clock granularity */
    CHECK(bench_host_disagrees(0.002, 0.9, 0.02) == NULL);     /* tiny kernel, host under 1 ms: overhead */
}

static void test_event_longer(void)
{
    const char *f = bench_host_disagrees(1.5, 1.0, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
    f = bench_host_disagrees(0.02, 0.01, 0.02);
    CHECK(f && !strcmp(f, "event>host"));
}

static void test_event_blind(void)
{
    const char *f = bench_host_disagrees(0.01, 5.0, 0.02);     /* 0.2% of a 5 ms wait */
    CHECK(f && !strcmp(f, "event<<host"));
    CHECK(bench_host_disagrees(0.06, 5.0, 0.02) == NULL);      /* 1.2%: launch overhead can do that */
    /* A host whose every command takes 2 ms (a sanitizer, a loaded machine): 2 ms is overhead. */
    CHECK(bench_host_disagrees(0.0073, 2.03, 2.0) == NULL);
    f = bench_host_disagrees(0.0073, 25.0, 2.0);                 /* ten round trips and more: flagged */
    CHECK(f && !strcmp(f, "event<<host"));
}

static void test_flush_bytes(void)
{
    size_t mib = 1024 * 1024;
    CHECK(bench_flush_bytes(50.0 * mib, (size_t)1 << 40) == 100 * mib);   /* twice the cache */
    CHECK(bench_flush_bytes(0, (size_t)1 << 40) == 64 * mib);             /* unknown: 64 MiB */
    CHECK(bench_flush_bytes(4.0 * mib, (size_t)1 << 40) == 64 * mib);     /* at least 64 MiB */
    CHECK(bench_flush_bytes(512.0 * mib, 256 * mib) == 256 * mib);        /* at most max_alloc */
}

int main(void)
{
    RUN(test_host_agrees);
    RUN(test_event_longer);
    RUN(test_event_blind);
    RUN(test_flush_bytes);
    CHECK_EXIT();
}
