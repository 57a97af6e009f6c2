/* test_probes_hosttimed.c — latency probes timed by the host clock (probes_hosttimed.c), no device:
 * the rule that sets a trial against an empty launch's cost, and rusticl's curve (every trial a few
 * launches long: "203 ns level 1" before) set aside and kept out of the levels, beside a chase well
 * above the launch kept, and a device timed by its events untouched. */
#include "check.h"
#include "measure/probes_impl.h"
#include <stdlib.h>
#include <string.h>

#define KiB 1024.0

static void run_init(struct probe_run *p, int by_host, double launch_ns)
{
    memset(p, 0, sizeof *p);
    p->rows = calloc(MAX_PROBE_ROWS, sizeof *p->rows);
    p->by_host = by_host;
    p->launch_ns = launch_ns;
}

static void run_free(struct probe_run *p)
{
    for (int i = 0; i < p->nrows; i++) {
        free(p->rows[i].note);
        free(p->rows[i].own);
    }
    free(p->rows);
}

/* row_at: a row of probe at ns a step over steps (its whole trial ns x steps). */
static struct probe_row *row_at(struct probe_run *p, const char *probe, double bytes, double ns, double steps)
{
    struct probe_row *r = probe_add_row(p, probe, "load latency", "ns", bytes);
    r->st.n = 3;
    r->st.median = r->st.min = r->st.max = ns;
    r->whole_ns = ns * steps;
    r->note = strdup("4096 dependent loads");
    return r;
}

static void test_rule(void)
{
    CHECK(probe_host_too_short(6.29e6 - 1, 629e3));       /* under 10 launches of 629 us */
    CHECK(!probe_host_too_short(6.29e6, 629e3));
    CHECK(!probe_host_too_short(1, 0));                   /* the launch's cost unknown: decides nothing */
}

/* rusticl on llvmpipe, 2026-12: 629 us a launch, 4096-load chases of 160-632 ns a load. */
static void test_rusticl(void)
{
    struct probe_run p;
    run_init(&p, 1, 629e3);
    for (double f = 4 * KiB; f <= 64 * KiB; f *= 2) row_at(&p, "latency", f, 203, 4096);
    struct probe_row *chain = row_at(&p, "chain_latency", 0, 42.7, 16384);
    struct probe_row *local = row_at(&p, "local_latency", 8 * KiB, 38, 16384);
    struct probe_row *far = row_at(&p, "latency", 128 * KiB, 2000, 4096);   /* 8.2 ms: 13 launches */
    struct probe_row *bw = probe_add_row(&p, "cachebw", "read", "GB/s", 4 * KiB);
    bw->st.n = 5;
    bw->st.median = 1;
    probe_host_latencies(&p);
    for (int i = 0; i < 5; i++) {
        CHECK(p.rows[i].status == RS_SKIPPED);
        CHECK(p.rows[i].st.n == 0);                      /* no figure written as a latency */
        CHECK_CONTAINS(p.rows[i].note, "not measurable on a host-timed device: a trial took 831.5 us by the host "
                                       "clock, under 10 times an empty launch's 629 us in this run");
    }
    CHECK(chain->status == RS_SKIPPED && local->status == RS_SKIPPED);
    CHECK(far->status == RS_OK && far->st.median == 2000);
    CHECK(bw->status == RS_OK);                          /* not a latency */
    probe_levels(&p);
    const struct probe_row *lv = &p.rows[p.nrows - 1];
    CHECK(!strcmp(lv->probe, "levels") && lv->status == RS_SKIPPED);
    CHECK_CONTAINS(lv->note, "only 1 footprint measured, fewer than the 3 a level needs");
    run_free(&p);
}

/* No launch cost measured: no latency row is kept as one. */
static void test_unknown_launch(void)
{
    struct probe_run p;
    run_init(&p, 1, 0);
    struct probe_row *r = row_at(&p, "latency", 4 * KiB, 1.5, 1e9);
    probe_host_latencies(&p);
    CHECK(r->status == RS_SKIPPED);
    CHECK_CONTAINS(r->note, "an empty launch's cost could not be measured");
    run_free(&p);
}

/* Timed by the events: nothing changes, however short. */
static void test_events(void)
{
    struct probe_run p;
    run_init(&p, 0, 629e3);
    struct probe_row *r = row_at(&p, "latency", 4 * KiB, 1.5, 4096);
    probe_host_latencies(&p);
    CHECK(r->status == RS_OK && r->st.n == 3);
    run_free(&p);
}

int main(void)
{
    RUN(test_rule);
    RUN(test_rusticl);
    RUN(test_unknown_launch);
    RUN(test_events);
    CHECK_EXIT();
}
