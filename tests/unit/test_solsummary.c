/* test_solsummary.c — the speed-of-light table of a run made here: each variant's rows with a
 * bound, what bounds them most, the share the model predicts, and for its latency-bound rows how
 * many times more they would need in flight to reach their throughput bound (the median of
 * sol_lat_ms / sol_tput_ms), said once below the table; a run without latency-bound rows has no
 * such column and says nothing of it. */
#include "check.h"
#include "runfixture.h"
#include "lib/util.h"
#include "report/solsummary.h"
#include <stdlib.h>
#include <string.h>

#define DIR_ "tests/tmp/test_solsummary"

/* One row: its variant, time, bound and the two bounds (ms). */
static const struct { const char *variant, *bound; double ms, lat, tput; } rows[] = {
    {"ilp1", "latency", 1.0, 0.9, 0.45},       /* x2 */
    {"ilp1", "latency", 1.0, 0.9, 0.3},        /* x3 */
    {"ilp1", "latency", 1.0, 0.96, 0.24},      /* x4 */
    {"ilp1", "fp32", 1.0, 0.2, 0.5},           /* throughput-bound: not counted */
    {"ilp4", "fp32", 0.5, 0.12, 0.48},
    {"ilp4", "fp32", 0.5, 0.1, 0.47},
    {"copy", "dram-latency", 2.0, 1.5, 1.0},   /* x1.5: memory's latency counts too */
};

static void make_run(const char *dir, int with_latency)
{
    struct sbuf t = {0};
    sb_printf(&t, "experiment\tvariant\tbuild\tN\tlocal\tstatus\tmedian_ms\tsol_ms\tsol_pct\tbound\tsol_lat_ms\t"
                  "sol_tput_ms\tsol_from\tsol_note\tflag\n");
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *b = with_latency ? rows[i].bound : "fp32";
        double sol = !strcmp(b, "fp32") ? rows[i].tput : rows[i].lat;
        sb_printf(&t, "t\t%s\tdefault\t%zu\t64\tok\t%g\t%g\t%g\t%s\t%g\t%g\tspec\t\t\n", rows[i].variant, 1000 + i,
                  rows[i].ms, sol, 100 * sol / rows[i].ms, b, rows[i].lat, rows[i].tput);
    }
    char *json = xasprintf("{ \"experiment\": \"t\", \"device\": { \"name\": \"Test\" }, "
                           "\"as_run\": { \"launch\": { \"N\": [\"1000\"], \"local\": [\"64\"] } } }");
    write_run(dir, t.s, t.len, json);
    free(json);
    sb_free(&t);
}

/* summary: sol_summary of the run in dir, as Markdown (a new string). */
static char *summary(const char *dir)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return xstrdup(""); }
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    sol_summary(&r, f, 1);
    fclose(f);
    rundir_free(&r);
    return buf;
}

/* row_of: the Markdown table row of variant v ("" when none), its cells as written. */
static const char *row_of(const char *md, const char *v, char *line, size_t size)
{
    char want[64];
    snprintf(want, sizeof want, "\n| %s | ", v);
    const char *p = strstr(md, want);
    line[0] = 0;
    if (!p) return line;
    const char *e = strchr(p + 1, '\n');
    size_t len = e ? (size_t)(e - p - 1) : strlen(p + 1);
    if (len >= size) len = size - 1;
    memcpy(line, p + 1, len);
    line[len] = 0;
    return line;
}

static void test_more_in_flight(void)
{
    make_run(DIR_ "/lat", 1);
    char *md = summary(DIR_ "/lat"), line[512];
    CHECK(strstr(md, "latency-bound: more in flight") != NULL);
    /* ilp1: three latency-bound rows needing 2, 3 and 4 times: the median 3. */
    CHECK(strstr(row_of(md, "ilp1", line, sizeof line), "| 3: x3 |") != NULL);
    /* ilp4: none latency-bound. */
    CHECK(strstr(row_of(md, "ilp4", line, sizeof line), "| - |") != NULL);
    CHECK(strstr(row_of(md, "copy", line, sizeof line), "| 1: x1.5 |") != NULL);
    CHECK(strstr(md, "4 rows are bound by a latency: \"more in flight\" is how many times more") != NULL);
    free(md);
}

static void test_none_latency_bound(void)
{
    make_run(DIR_ "/tput", 0);
    char *md = summary(DIR_ "/tput");
    CHECK(strstr(md, "### Speed of light") != NULL);
    CHECK(strstr(md, "bound by a latency") == NULL);
    /* No latency-bound row: no column of dashes for it (a CPU's runs). */
    CHECK(strstr(md, "more in flight") == NULL);
    CHECK(strstr(md, "| within 15% | sol>100 | work from |") != NULL);
    free(md);
}

int main(void)
{
    RUN(test_more_in_flight);
    RUN(test_none_latency_bound);
    CHECK_EXIT();
}
