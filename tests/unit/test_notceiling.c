/* test_notceiling.c — a peaks run whose cache and local-memory read probes a stream row of the same
 * run beats (Intel's CPU runtime on a 2-core EPYC: cachebw 11.92 GB/s and local 14.88 beside
 * read_f4_cpu's 70.99 from the cache): the speed of light takes neither as a ceiling below that row
 * (sol/measuredpeaks.c), and the atlas (clx devices --peaks, report.md) says each is not one
 * (report/measured.c); probes no row beats are left as they are. One rule decides both
 * (sol_read_ceiling): where the atlas once compared a probe with the best stream row alone, a cache read
 * below memory's probe and a local read below a stream from memory made the two disagree. */
#include "check.h"
#include "lib/util.h"
#include "report/measured.h"
#include "sol/measuredpeaks.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_notceiling"

/* make_run_of: a peaks run of these results.tsv rows and probes.tsv rows (each line's text). */
static void make_run_of(const char *rows, const char *probe_rows)
{
    char *tsv = xasprintf("experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tgbs\tgflops\tMEM\tPREC\tflag\n%s", rows);
    char *probes = xasprintf("probe\tmeasure\tbytes\tn\tmedian\tunit\tcv\tmin\tmax\tstatus\tnote\tpeak\tmean\n%s", probe_rows);
    const char *json = "{ \"experiment\": \"peaks\", \"started\": \"2026-12-01T10:00:00+0000\", "
                       "\"finished\": \"2026-12-01T10:01:00+0000\", \"device\": { \"name\": \"AMD EPYC\", "
                       "\"platform\": \"Intel(R) OpenCL\" }, \"peak\": { \"cache_bytes\": 33554432 }, "
                       "\"as_run\": { \"launch\": { \"N\": [\"2097149\"], \"local\": [\"64\"] } } }";
    CHECK(mkdir_p(DIR_) == 0);
    CHECK(write_file_atomic(DIR_ "/results.tsv", tsv, strlen(tsv)) == 0);
    CHECK(write_file_atomic(DIR_ "/probes.tsv", probes, strlen(probes)) == 0);
    CHECK(write_file_atomic(DIR_ "/run.json", json, strlen(json)) == 0);
    free(tsv);
    free(probes);
}

/* probe_row: a passing probes.tsv row of measure (cachebw's two reads, local's) at gbs (a new string). */
static char *probe_row(const char *probe, const char *measure, const char *bytes, double gbs)
{
    return xasprintf("%s\t%s\t%s\t5\t%g\tGB/s\t0.01\t%g\t%g\tok\tn\t\t%g\n", probe, measure, bytes, gbs, gbs, gbs, gbs);
}

/* make_run: read_f4_cpu at 70.99 GB/s flagged cache-resident, copy_f4 at 20 from memory; the probes'
 * cache read at cache_gbs, local read at local_gbs. */
static void make_run(double cache_gbs, double local_gbs)
{
    char *c = probe_row("cachebw", "read, last-level cache", "4194304", cache_gbs);
    char *l = probe_row("local", "local memory reads, float4", "", local_gbs);
    char *p = xasprintf("%s%s", c, l);
    make_run_of("peaks\tread_f4_cpu\tdefault\t2097149\t64\tok\t0.118\t70.99\t\t1\t0\tcache-resident\n"
                "peaks\tcopy_f4\tdefault\t2097149\t64\tok\t0.8\t20\t\t1\t0\t\n", p);
    free(c);
    free(l);
    free(p);
}

static const struct atlas_line *line_of(const struct atlas_line *a, int n, const char *what)
{
    for (int k = 0; k < n; k++)
        if (!strcmp(a[k].what, what)) return &a[k];
    return NULL;
}

static void test_beaten(void)
{
    make_run(11.92, 14.88);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    CHECK_NEAR(m.rate[SOL_DRAM], 20, 1e-9);
    CHECK_NEAR(m.rate[SOL_L2], 70.99, 1e-9);
    CHECK_STR(m.what[SOL_L2], "read_f4_cpu (cache-resident)");
    CHECK_NEAR(m.rate[SOL_LOCAL], 70.99, 1e-9);
    CHECK_STR(m.what[SOL_LOCAL], "read_f4_cpu (cache-resident) (the cache's: the local read below it)");
    sol_measured_free(&m);
    struct rundir r;
    CHECK(rundir_open(DIR_, &r, &err) == 0);
    struct atlas_line *a;
    char *curve;
    int n = measured_atlas(&r, DIR_, &a, &curve);
    const struct atlas_line *c = line_of(a, n, "cachebw: read, last-level cache"), *l = line_of(a, n, "local: local memory reads, float4");
    CHECK(c && l);
    if (c) CHECK_STR(c->where, "4 MiB a trial; not a ceiling: read_f4_cpu read 70.99 GB/s in this run");
    if (l) CHECK_STR(l->where, "not a ceiling: read_f4_cpu read 70.99 GB/s in this run (local memory is no slower than the caches)");
    measured_atlas_free(a, n);
    free(curve);
    rundir_free(&r);
}

/* Probes above every row (a GPU's): ceilings, nothing said. */
static void test_not_beaten(void)
{
    make_run(3000, 9000);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    CHECK_NEAR(m.rate[SOL_L2], 3000, 1e-9);
    CHECK_STR(m.what[SOL_L2], "cachebw: read, last-level cache");
    CHECK_NEAR(m.rate[SOL_LOCAL], 9000, 1e-9);
    sol_measured_free(&m);
    struct rundir r;
    CHECK(rundir_open(DIR_, &r, &err) == 0);
    struct atlas_line *a;
    char *curve;
    int n = measured_atlas(&r, DIR_, &a, &curve);
    const struct atlas_line *c = line_of(a, n, "cachebw: read, last-level cache"), *l = line_of(a, n, "local: local memory reads, float4");
    CHECK(c && l);
    if (c) CHECK_STR(c->where, "4 MiB a trial");
    if (l) CHECK(l->where == NULL);
    measured_atlas_free(a, n);
    free(curve);
    rundir_free(&r);
}

/* atlas_where: the atlas's words beside the line what of the run in DIR_ (a new string; "(none)" for
 * no words, "(no line)" for no such line). */
static char *atlas_where(const char *what)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(DIR_, &r, &err)) { free(err); return xstrdup("(no run)"); }
    struct atlas_line *a;
    char *curve;
    int n = measured_atlas(&r, DIR_, &a, &curve);
    const struct atlas_line *l = line_of(a, n, what);
    char *w = xstrdup(!l ? "(no line)" : l->where ? l->where : "(none)");
    measured_atlas_free(a, n);
    free(curve);
    rundir_free(&r);
    return w;
}

/* A cache read below memory's probe, no stream row above it: the speed of light raised the cache's
 * ceiling to memory's read while the atlas, comparing with the best stream row (10 GB/s) alone, called
 * the probe a ceiling. Now both: memory's read bounds the cache, and the probe is said to be none. */
static void test_cache_below_memory_probe(void)
{
    char *c = probe_row("cachebw", "read, last-level cache", "4194304", 20), *d = probe_row("cachebw", "read, memory", "", 30);
    char *l = probe_row("local", "local memory reads, float4", "", 50), *p = xasprintf("%s%s%s", c, d, l);
    make_run_of("peaks\tcopy_f4\tdefault\t2097149\t64\tok\t0.8\t10\t\t1\t0\t\n", p);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    CHECK_NEAR(m.rate[SOL_DRAM], 30, 1e-9);
    CHECK_NEAR(m.rate[SOL_L2], 30, 1e-9);
    CHECK_STR(m.what[SOL_L2], "cachebw: read, memory (memory's: its cache read below it)");
    CHECK_NEAR(m.rate[SOL_LOCAL], 50, 1e-9);
    sol_measured_free(&m);
    char *w = atlas_where("cachebw: read, last-level cache");
    CHECK_STR(w, "4 MiB a trial; not a ceiling: cachebw: read, memory read 30 GB/s in this run (the cache is no slower than memory)");
    free(w);
    w = atlas_where("local: local memory reads, float4");
    CHECK_STR(w, "(none)");
    free(w);
    w = atlas_where("cachebw: read, memory");
    CHECK_STR(w, "(none)");
    free(w);
    free(c); free(d); free(l); free(p);
}

/* A local read below a stream row from memory, no read of the cache at all: the atlas called the probe
 * no ceiling while the speed of light, raising local memory to the cache's ceiling alone (none here),
 * kept it as local memory's. Now both: memory's read bounds local memory too. */
static void test_local_below_memory_stream(void)
{
    char *p = probe_row("local", "local memory reads, float4", "", 14.88);
    make_run_of("peaks\tcopy_f4\tdefault\t2097149\t64\tok\t0.8\t20\t\t1\t0\t\n", p);
    struct sol_measured m;
    char *err = NULL;
    CHECK(sol_measured_read(DIR_, NULL, NULL, &m, &err) == 0);
    CHECK_NEAR(m.rate[SOL_L2], 0, 1e-9);
    CHECK_NEAR(m.rate[SOL_LOCAL], 20, 1e-9);
    CHECK_STR(m.what[SOL_LOCAL], "copy_f4 (memory's: the local read below it)");
    sol_measured_free(&m);
    char *w = atlas_where("local: local memory reads, float4");
    CHECK_STR(w, "not a ceiling: copy_f4 read 20 GB/s in this run (local memory is no slower than memory)");
    free(w);
    free(p);
}

int main(void)
{
    RUN(test_beaten);
    RUN(test_not_beaten);
    RUN(test_cache_below_memory_probe);
    RUN(test_local_below_memory_stream);
    CHECK_EXIT();
}
