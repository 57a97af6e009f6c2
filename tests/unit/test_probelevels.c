/* test_probelevels.c — peaks' memory hierarchy rows (probe_levels) from latency and cachebw rows made
 * here, no device: a PoCL VM's curve, whose reported 32 MiB cache the chase takes at memory's
 * latency (its level is memory's, and the cache read over half of it a read of memory), the H200's
 * (memory past its reported cache, the cache read in the cache's level), and a noisy first point. */
#include "check.h"
#include "measure/probes_impl.h"
#include <stdlib.h>
#include <string.h>

#define KiB 1024.0
#define MiB (1024.0 * 1024.0)

/* run_init: p with room for its rows and a last-level cache of llc bytes. */
static void run_init(struct probe_run *p, double llc)
{
    memset(p, 0, sizeof *p);
    p->rows = calloc(MAX_PROBE_ROWS, sizeof *p->rows);
    p->llc = llc;
    p->llc_source = "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (the device's report)";
}

static void run_free(struct probe_run *p)
{
    for (int i = 0; i < p->nrows; i++) {
        free(p->rows[i].note);
        free(p->rows[i].own);
    }
    free(p->rows);
}

/* latency: a chase row of footprint bytes at ns, its trials' CV cv. */
static void latency(struct probe_run *p, double bytes, double ns, double cv)
{
    struct probe_row *r = probe_add_row(p, "latency", "load latency", "ns", bytes);
    r->st.n = 3;
    r->st.median = r->st.min = r->st.max = ns;
    r->st.cv = cv;
}

static void cache_read(struct probe_run *p, const char *what, double bytes, double gbs)
{
    struct probe_row *r = probe_add_row(p, "cachebw", what, "GB/s", bytes);
    r->st.n = 5;
    r->st.median = gbs;
    r->note = strdup("65536 work-items");
}

/* row: the levels row measured what, NULL if none. */
static const struct probe_row *row(const struct probe_run *p, const char *probe, const char *what)
{
    for (int i = 0; i < p->nrows; i++)
        if (!strcmp(p->rows[i].probe, probe) && p->rows[i].measure && !strcmp(p->rows[i].measure, what)) return &p->rows[i];
    return NULL;
}

static void test_pocl_vm(void)
{
    struct probe_run p;
    run_init(&p, 32 * MiB);
    for (double f = 4 * KiB; f <= 128 * MiB; f *= 2) {
        latency(&p, f, f <= 32 * KiB ? 1.45 : f <= 256 * KiB ? 4.5 : f <= 2 * MiB ? 18 : f == 4 * MiB ? 60 : 156, 0.01);
    }
    cache_read(&p, PROBE_CACHE_READ, 16 * MiB, 20);
    cache_read(&p, PROBE_MEMORY_READ, 128 * MiB, 21);
    probe_levels(&p);
    const struct probe_row *l3 = row(&p, "levels", "level 3, latency"), *l4 = row(&p, "levels", "level 4, latency");
    CHECK(l3 && l4 && !row(&p, "levels", "level 5, latency"));
    if (l3 && l4) {
        CHECK(!strstr(l3->note, "memory"));
        CHECK_CONTAINS(l4->note, "8 MiB to 128 MiB");
        CHECK_CONTAINS(l4->note, "; the last-level cache's reported size (32 MiB, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (the "
                                 "device's report)) lies on it, with the footprints past it: the chase shows no cache level "
                                 "of that size, its latency there is memory's: memory");
        CHECK_NEAR(l4->st.median, 156, 0);
    }
    /* The cache's read over 16 MiB: past 4 MiB (60 ns), the largest footprint faster than memory. */
    const struct probe_row *c = row(&p, "cachebw", PROBE_CACHE_READ), *m = row(&p, "cachebw", PROBE_MEMORY_READ);
    CHECK(c && m);
    if (c) CHECK_CONTAINS(c->note, "65536 work-items; past the largest footprint the pointer chase shows faster than "
                                   "memory: a read of memory");
    if (m) CHECK(!strstr(m->note, "past the largest"));
    const struct probe_row *bw = row(&p, "levels", "level 4, bandwidth");
    CHECK(bw != NULL);
    if (bw) CHECK_CONTAINS(bw->note, "cachebw's 'read, last-level cache' over 16 MiB; past the largest footprint");
    run_free(&p);
}

/* The H200's: memory's level past the 50 MiB reported; the cache read over 24.75 MiB in the L2's. */
static void test_h200(void)
{
    struct probe_run p;
    run_init(&p, 50 * MiB);
    p.llc_source = "L2, NVIDIA Hopper Architecture In-Depth";
    for (double f = 4 * KiB; f <= 256 * MiB; f *= 2)
        latency(&p, f, f <= 128 * KiB ? 20 : f == 256 * KiB ? 106 : f <= 16 * MiB ? 145 : f == 32 * MiB ? 220 : 345,
                0.001);
    cache_read(&p, PROBE_CACHE_READ, 24.75 * MiB, 9088);
    probe_levels(&p);
    const struct probe_row *l2 = row(&p, "levels", "level 2, latency"), *l3 = row(&p, "levels", "level 3, latency");
    CHECK(l2 && l3);
    if (l2) CHECK(!strstr(l2->note, "memory"));
    if (l3) CHECK_CONTAINS(l3->note, "; past the last-level cache (50 MiB, L2, NVIDIA Hopper Architecture In-Depth): memory");
    const struct probe_row *c = row(&p, "cachebw", PROBE_CACHE_READ), *bw = row(&p, "levels", "level 2, bandwidth");
    CHECK(c && !strcmp(c->note, "65536 work-items"));
    CHECK(bw && !strcmp(bw->note, "cachebw's 'read, last-level cache' over 24.75 MiB"));
    run_free(&p);
}

/* A noisy 4 KiB point (CV 28%) a little below the next two opens no level: level 1 is the first
 * cache's, as on a run where that point was quiet. */
static void test_noisy_first(void)
{
    struct probe_run p;
    run_init(&p, 1 * MiB);
    static const double ns[] = { 2.0, 2.1, 2.2, 2.6, 2.6, 2.6, 2.7, 5, 5, 5 };
    for (int i = 0; i < 10; i++) latency(&p, 4 * KiB * (1 << i), ns[i], i ? 0.01 : 0.28);
    probe_levels(&p);
    const struct probe_row *l1 = row(&p, "levels", "level 1, latency");
    CHECK(l1 && row(&p, "levels", "level 2, latency") && !row(&p, "levels", "level 3, latency"));
    if (l1) CHECK_CONTAINS(l1->note, "32 KiB to 256 KiB");
    run_free(&p);
}

int main(void)
{
    RUN(test_pocl_vm);
    RUN(test_h200);
    RUN(test_noisy_first);
    CHECK_EXIT();
}
