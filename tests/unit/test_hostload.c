/* test_hostload.c — the host's load over a CPU device's sweep: /proc's text parsed (fixtures of a
 * 2-CPU host ten seconds apart, tests/unit/fixtures/proc/), the share other processes took computed
 * from two marks, what is unknown said so, run.json's record of them; the run's end line (a sweep's,
 * a modes run's) said from 10% of the host up and never below; compare's and history's line said
 * where two runs' shares are 10 points apart and the later moved (FASTER or SLOWER verdicts, or the
 * whole run), and not otherwise; report.md's word on it, at its top and above the findings, on the
 * same rule as the run's end; a merged run's (tests/unit/fixtures/merged_run.json) said as its busiest
 * part's, beside the others', under a line naming the parts it was merged from. */
#include "check.h"
#include "lib/hostload.h"
#include "lib/util.h"
#include "hostsay.h"
#include "report/report_hostload.h"
#include "report/report_merged.h"
#include <cjson/cJSON.h>
#include "run/run_hostload.h"
#include <math.h>
#include <stdlib.h>

#define FIX "tests/unit/fixtures/proc/"

/* mark: a mark from the fixtures NAME_start or NAME_end (stat, self, loadavg), at time t. */
static void mark(struct hostload_mark *m, const char *end, double t)
{
    char *ps = xasprintf(FIX "stat_%s", end), *pp = xasprintf(FIX "self_%s", end), *pl = xasprintf(FIX "loadavg_%s", end);
    char *stat = read_file(ps, NULL), *self = read_file(pp, NULL), *avg = read_file(pl, NULL);
    CHECK(stat && self && avg);
    memset(m, 0, sizeof *m);
    m->have_stat = stat && hostload_parse_stat(stat, &m->busy, &m->total, &m->cpus) == 0;
    m->have_own = self && hostload_parse_pidstat(self, &m->own) == 0;
    m->load = hostload_parse_loadavg(avg);
    m->t = t;
    free(stat); free(self); free(avg); free(ps); free(pp); free(pl);
}

/* /proc/stat's "cpu" line: busy is user, nice, system, irq, softirq and steal; the total adds idle
 * and iowait (guest and guest_nice are in user and nice already); the cpuN lines counted. */
static void test_parse_stat(void)
{
    struct hostload_mark m;
    mark(&m, "start", 0);
    CHECK(m.have_stat && m.cpus == 2);
    CHECK(m.busy == 3172828ULL + 11914 + 733233 + 0 + 3791 + 6136);
    CHECK(m.total == m.busy + 679767 + 17366);
    unsigned long long busy, total;
    int cpus;
    /* An old kernel's four fields; guest fields not counted twice. */
    CHECK(hostload_parse_stat("cpu  10 20 30 40\ncpu0 10 20 30 40\n", &busy, &total, &cpus) == 0);
    CHECK(busy == 60 && total == 100 && cpus == 1);
    CHECK(hostload_parse_stat("cpu  10 0 0 80 0 0 0 0 7 3\n", &busy, &total, &cpus) == 0 && busy == 10 && total == 90);
    CHECK(hostload_parse_stat("intr 1 2 3\n", &busy, &total, &cpus) == -1);
    CHECK(hostload_parse_stat("cpu  x y\n", &busy, &total, &cpus) == -1);
    CHECK(hostload_parse_stat("", &busy, &total, &cpus) == -1);
}

/* /proc/PID/stat: utime, stime, cutime and cstime, counted from the last ')' (a command's name may
 * hold both parentheses and spaces). */
static void test_parse_pidstat(void)
{
    struct hostload_mark m;
    mark(&m, "start", 0);
    CHECK(m.have_own && m.own == 500 + 100 + 20 + 5);
    unsigned long long t = 0;
    CHECK(hostload_parse_pidstat("7 (a) b (c)) S 1 1 1 0 -1 0 0 0 0 0 11 22 33 44 20 0 1\n", &t) == 0 && t == 110);
    CHECK(hostload_parse_pidstat("7 (x) S 1 1 1 0 -1 0 0 0 0 0 11 22 -1 0 20\n", &t) == 0 && t == 33);
    CHECK(hostload_parse_pidstat("7 (x) S 1 1 1 0 -1 0 0 0 0 0 11 22\n", &t) == -1);
    CHECK(hostload_parse_pidstat("no parenthesis", &t) == -1);
    CHECK(hostload_parse_pidstat(NULL, &t) == -1);
}

static void test_parse_loadavg(void)
{
    CHECK(hostload_parse_loadavg("1.75 2.85 2.82 5/111 10309\n") == 1.75);
    CHECK(isnan(hostload_parse_loadavg("")) && isnan(hostload_parse_loadavg(NULL)));
}

/* The fixtures' ten seconds: 2000 ticks of the two CPUs, 1710 busy, 860 of them this process's:
 * others took (1710 - 860) / 2000 = 42.5% of the host, clx 43%. */
static void test_between(void)
{
    struct hostload_mark a, b;
    struct hostload h;
    mark(&a, "start", 100);
    mark(&b, "end", 110);
    hostload_between(&a, &b, &h);
    CHECK(h.cpus == 2);
    CHECK_NEAR(h.seconds, 10, 1e-12);
    CHECK_NEAR(h.others, 0.425, 1e-12);
    CHECK_NEAR(h.own, 0.43, 1e-12);
    CHECK(h.load_start == 1.75 && h.load_end == 2.41);
    /* This process's ticks a little ahead of the CPUs' busy ones (sampled apart): none for others, not
     * a negative share. */
    struct hostload_mark c = b;
    c.own = a.own + 1800;
    hostload_between(&a, &c, &h);
    CHECK(h.others == 0 && h.own == 0.9);
    /* No tick between the marks, or no /proc/stat: the shares unknown; the load averages still said. */
    hostload_between(&a, &a, &h);
    CHECK(isnan(h.others) && isnan(h.own) && h.seconds == 0);
    c = b;
    c.have_stat = 0;
    hostload_between(&a, &c, &h);
    CHECK(isnan(h.others) && h.cpus == 0 && h.load_end == 2.41);
    c = b;
    c.have_own = 0;
    hostload_between(&a, &c, &h);
    CHECK(isnan(h.others) && isnan(h.own));
}

/* run.json's host_load from the fixtures' marks (a sweep's and a modes run's one record): the
 * shares rounded to 1/10000, the seconds to 1/1000. */
static void test_json_record(void)
{
    struct hostload_mark a, b;
    struct rj_host_load j;
    mark(&a, "start", 100);
    mark(&b, "end", 110.00049);
    run_hostload_json(&a, &b, &j);
    CHECK(j.has == 1 && j.cpus == 2);
    CHECK(j.seconds == 10.0 && j.others_share == 0.425 && j.clx_share == 0.43);
    CHECK(j.load_avg_start == 1.75 && j.load_avg_end == 2.41);
}

/* said: what run_hostload_say writes for h (a new string), "" for nothing; said_modes: a modes run's. */
static char *say_of(const struct rj_host_load *h, const char *on, enum hostload_over over, int *rc)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    *rc = run_hostload_say(f, on, over, h);
    fclose(f);
    return buf;
}
static char *said(const struct rj_host_load *h, const char *on, int *rc) { return say_of(h, on, HOSTLOAD_SWEEP, rc); }

/* The run's end: from HOSTLOAD_NOTABLE of the host up, one line with the share, the CPUs and the
 * load averages; below it, or unknown, or a GPU's run (no host_load), nothing. */
static void test_run_end_line(void)
{
    struct rj_host_load h = { .has = 1, .cpus = 2, .seconds = 10, .load_avg_start = 1.75, .load_avg_end = 2.41,
                              .others_share = 0.46, .clx_share = 0.43 };
    int rc;
    char *s = said(&h, NULL, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: host load: other processes took 46% of the host's CPU time during the sweep (2 logical CPUs; "
                 "load average 1.75 at its start, 2.41 at its end): the CPU device ran its kernels on the cores they used, "
                 "so its times are slower than on a quiet host, and a run under another load differs by the load alone "
                 "(run.json host_load; clx compare and clx history name runs that ran under other loads)\n");
    free(s);
    h.load_avg_start = NAN;
    s = said(&h, "1:0 pthread-cpu", &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "clx: host load on 1:0 pthread-cpu: other processes took 46% of the host's CPU time during the "
                      "sweep (2 logical CPUs): ");
    free(s);
    /* A modes run's: its modes, and no clx compare or history, which take a sweep's folder. */
    s = say_of(&h, NULL, HOSTLOAD_MODES, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: host load: other processes took 46% of the host's CPU time during the modes (2 logical CPUs): "
                 "the CPU device ran its kernels on the cores they used, so its times are slower than on a quiet host, "
                 "and a run under another load differs by the load alone (run.json host_load)\n");
    free(s);
    h.others_share = HOSTLOAD_NOTABLE - 0.001;
    s = said(&h, NULL, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    h.others_share = NAN;
    CHECK(!run_hostload_notable(&h));
    h.others_share = 0.9;
    h.has = 0;
    CHECK(!run_hostload_notable(&h));
    /* A search's: during the search (before, "during the sweep", which a search is not). */
    h.has = 1;
    h.others_share = 0.46;
    s = say_of(&h, NULL, HOSTLOAD_SEARCH, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "of the host's CPU time during the search (2 logical CPUs): ");
    CHECK_CONTAINS(s, "clx compare and clx history name runs that ran under other loads");
    free(s);
}

/* compare and history: 10 points apart with verdicts decided, or the median speed-up moved 1.1x or
 * more, the way the load would make them (the side with less of the host slower), said naming both
 * sides and shares and whom the load alone makes slower; a move the other way only, closer, with no
 * move, one run against itself or a run without host_load, nothing. */
static void test_compare_line(void)
{
    struct rundir a, b, c, g;
    rundir_of(&a, 0.03);
    rundir_of(&b, 0.46);
    rundir_of(&c, 0.12);
    rundir_of(&g, NAN);
    CHECK(cmp_hostload_apart(&a.rj, &b.rj) && cmp_hostload_apart(&b.rj, &a.rj));
    CHECK(!cmp_hostload_apart(&a.rj, &c.rj) && !cmp_hostload_apart(&a.rj, &g.rj) && !cmp_hostload_apart(&g.rj, &b.rj));
    struct run_shift slower = { .median = 0.667, .decided = 6, .decided_slower = 6 }, moved = { .median = 0.5 },
                     faster = { .median = 1.21 }, still = { .median = 0.95 }, tenth = { .median = 0.9 },
                     decided_faster = { .median = 1.38, .decided = 1 }, twice = { .median = 2.0 };
    int rc;
    char *s = say_apart(&a, &b, &slower, 0, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: compare: B ran under another host load than A: other processes took 46% of the host's CPU time "
                 "during B's sweep, 3% during A's (run.json host_load): the CPU device ran its kernels on the cores they "
                 "used, so B's speed against A (0.667x in the median configuration, 6 SLOWER) may be the "
                 "load's (B ran while other processes took more of the host, which alone makes B slower) rather than "
                 "the code's: run both again on a quieter host, or compare "
                 "within one run (--by), where both sides share one load\n");
    free(s);
    /* The other way round: A had less of the host, so B faster is the load's way; B slower is not. */
    s = say_apart(&b, &a, &twice, 1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "\n**B ran under another host load than A:** other processes took 3% of the host's CPU time during "
                      "B's sweep, 46% during A's (run.json host_load): the CPU device ran its kernels on the cores they "
                      "used, so B's speed against A (2.000x in the median configuration) may be the load's (A ran while "
                      "other processes took more of the host, which alone makes A slower)");
    free(s);
    s = say_apart(&b, &a, &moved, 1, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    /* B had less of the host and was faster (1.21x; or decided FASTER, 1.38x, as two runs of identical
     * code 14 s apart were): not the load's way, nothing said ("may be the load's (B had less of the
     * host)" beside B FASTER read as B given less CPU and faster for it). */
    s = say_apart(&a, &b, &faster, 0, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    s = say_apart(&a, &b, &decided_faster, 0, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    /* Verdicts both ways, leaning the load's way, the median that side of 1: said, both counts, the
     * load's way first. */
    struct run_shift both = { .median = 0.97, .decided = 3, .decided_slower = 2 };
    s = say_apart(&a, &b, &both, 0, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's speed against A (0.970x in the median configuration, 2 SLOWER, 1 FASTER) may be the "
                      "load's (B ran while other processes took more of the host, which alone makes B slower) rather "
                      "than the code's: run both again");
    free(s);
    /* A history's step over more configurations than those in every run: the set its verdicts count named. */
    {
        char *buf = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&buf, &n);
        struct run_shift of = both;
        of.of = 30;
        rc = cmp_hostload_say(f, "history", &a, "run 1", &b, "run 5", &of, 0);
        fclose(f);
        CHECK(rc == 1);
        CHECK_CONTAINS(buf, "so run 5's speed against run 1 (0.970x in the median configuration, 2 SLOWER, 1 FASTER, of "
                            "the 30 both have) may be the load's");
        free(buf);
    }
    /* No verdict decided and under SHIFT_SAID, but 1.1x or more the way the load would move it: said. */
    s = say_apart(&a, &b, &tenth, 0, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "(0.900x in the median configuration) may be the load's (B ran while other processes took more "
                      "of the host, which alone makes B slower)");
    free(s);
    s = say_apart(&b, &a, &tenth, 0, &rc);       /* the other way: A had less, B faster would be the load's */
    CHECK(rc == 0);
    free(s);
    const struct { int a, b; const struct run_shift *m; } quiet[] = {
        { 0, 2, &slower }, { 0, 3, &slower }, { 3, 1, &slower }, { 0, 1, &still }, { 1, 1, &slower },
    };
    struct rundir *runs[] = { &a, &b, &c, &g };
    for (size_t k = 0; k < sizeof quiet / sizeof *quiet; k++) {
        s = say_apart(runs[quiet[k].a], runs[quiet[k].b], quiet[k].m, 0, &rc);
        CHECK(rc == 0 && (!s || !*s));
        free(s);
    }
    runjson_free(&a.rj);
    runjson_free(&b.rj);
    runjson_free(&c.rj);
    runjson_free(&g.rj);
}

/* A saturated host (this project's 2-core machine): the hog took CPU time from clx, the others' share
 * hardly moved (A: others 68%, clx 31%; B beside a busy loop: 73%, 27%; B 0.85x as fast, nothing
 * decided). The others' shares are 5 points apart, and nothing was said; clx's share fell by 13% of
 * itself: said, with both shares. Not between runs of two devices (clx's share is of other work),
 * nor of one whose compute units differ (the driver's threads, not a load), nor for a drop under a
 * tenth. */
static void test_compare_clx_share(void)
{
    struct rundir a, b;
    rundir_of(&a, 0.68);
    rundir_of(&b, 0.73);
    a.rj.host_load.clx_share = 0.31;
    b.rj.host_load.clx_share = 0.27;
    CHECK(!cmp_hostload_apart(&a.rj, &b.rj) && cmp_hostload_clx_apart(&a, &b));
    struct run_shift m = { .median = 0.85 };
    int rc;
    char *s = say_apart(&a, &b, &m, 0, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: compare: B ran under another host load than A: clx took 27% of the host's CPU time during B's "
                 "sweep, 31% during A's, other processes 73% and 68% (run.json host_load): on a host this busy more load "
                 "takes CPU time from clx rather than raising the others' share, and the CPU device ran its kernels in "
                 "clx's share, so B's speed against A (0.850x in the median configuration) may be the load's (clx had "
                 "less of the host's CPU time during B's sweep, which alone makes B slower) rather than the code's: run "
                 "both again on a quieter host, or compare within one run "
                 "(--by), where both sides share one load\n");
    free(s);
    b.rj.host_load.clx_share = 0.29;                 /* 6% less of itself: not apart */
    s = say_apart(&a, &b, &m, 0, &rc);
    CHECK(rc == 0 && !cmp_hostload_clx_apart(&a, &b));
    free(s);
    b.rj.host_load.clx_share = 0.27;
    a.device = "cpu-one";
    b.device = "cpu-two";                            /* another device: clx's share is of other work */
    CHECK(!cmp_hostload_clx_apart(&a, &b));
    /* One device whose compute units differ (PoCL under POCL_MAX_PTHREAD_COUNT=1: 1 of 2): clx's share
     * fell because the driver ran one thread, not because of a load; B ran otherwise, nothing said. */
    b.device = "cpu-one";
    CHECK(cmp_hostload_clx_apart(&a, &b));
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(a.rj.doc, "device"), "compute_units", 2);
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(b.rj.doc, "device"), "compute_units", 1);
    CHECK(!cmp_hostload_clx_apart(&a, &b));
    runjson_free(&a.rj);
    runjson_free(&b.rj);
}

/* md_of: what report_hostload_top (findings: -1: report_hostload_findings; -2: report_merged_top)
 * writes for j, "" for nothing. */
static char *md_of(const struct runjson *j, int findings, int *rc)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    *rc = findings == -2 ? report_merged_top(f, j) : findings < 0 ? report_hostload_findings(f, j)
          : report_hostload_top(f, j, findings);
    fclose(f);
    return buf;
}

/* md: md_of a run whose host_load is h (and nothing else). */
static char *md(const struct rj_host_load *h, int findings, int *rc)
{
    struct runjson j;
    runjson_init(&j);
    j.host_load = *h;
    char *s = md_of(&j, findings, rc);
    runjson_free(&j);
    return s;
}

/* report.md: the share the run's end said, at the top (pointing to the findings' word where there
 * are findings) and above the findings with what it means for their verdicts; below
 * HOSTLOAD_NOTABLE, unknown or a GPU's run (no host_load), nothing in either place. */
static void test_report_md(void)
{
    struct rj_host_load h = { .has = 1, .cpus = 2, .seconds = 10, .load_avg_start = 1.75, .load_avg_end = 2.41,
                              .others_share = 0.49, .clx_share = 0.43 };
    int rc;
    char *s = md(&h, 1, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "**Host load:** other processes took 49% of the host's CPU time during the sweep (2 logical CPUs; load "
                 "average 1.75 at its start, 2.41 at its end; run.json host_load): the CPU device ran its kernels on the "
                 "cores they used, so every time here is slower than on a quiet host, and a run under another load differs "
                 "by the load alone. The findings' section says what it means for their verdicts.\n\n");
    free(s);
    h.cpus = NAN;
    h.load_avg_end = NAN;
    s = md(&h, 0, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "during the sweep (run.json host_load): ");
    CHECK(!strstr(s, "findings"));
    free(s);
    s = md(&h, -1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "*Under load:* other processes took 49% of the host's CPU time during this sweep (above).");
    CHECK_CONTAINS(s, "one that *does not hold* may hold on a quiet host");
    free(s);
    double below[] = { HOSTLOAD_NOTABLE - 0.001, NAN };
    for (int k = 0; k < 2; k++) {
        h.others_share = below[k];
        for (int f = -1; f <= 1; f++) {
            s = md(&h, f, &rc);
            CHECK(rc == 0 && (!s || !*s));
            free(s);
        }
    }
    h.others_share = 0.9;
    h.has = 0;
    s = md(&h, -1, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    /* A search's report: during the search, in both places. */
    h.has = 1;
    struct runjson js;
    runjson_init(&js);
    js.host_load = h;
    runjson_attach(&js, RJ_SEARCH, cJSON_CreateObject());
    s = md_of(&js, 0, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "of the host's CPU time during the search (run.json host_load): ");
    free(s);
    s = md_of(&js, -1, &rc);
    CHECK_CONTAINS(s, "of the host's CPU time during this search (above).");
    free(s);
    runjson_free(&js);
}

/* Load lowers every rate: a finding that a rate stays below a value holds for free under it (volkov_fma's
 * "ILP 1 stays below 95%" at 0.36% of a CPU's peak, as every row was), and report.md said only that a
 * *does not hold* may hold on a quiet host. The paragraph says both ways; the line of such a size says
 * it of its own *holds*; a compare, a check, a bound the other way, or a quiet host: nothing. */
static void test_free_hold(void)
{
    struct rj_host_load h = { .has = 1, .cpus = 2, .others_share = 0.77 };
    int rc;
    char *s = md(&h, -1, &rc);
    CHECK_CONTAINS(s, "one that a figure *stays below* a value (a rate; for a time, above it) may *hold* only because of "
                      "the load");
    free(s);
    struct runjson j;
    runjson_init(&j);
    j.host_load = h;
    struct spec_finding f = { .claim = "c", .size = "max(pct_fp32_peak[])", .claimed = "< 95" };
    s = report_hostload_free_hold(&j, &f);
    CHECK_STR(s, "under load (above): a rate claimed to stay below a value may hold only because the load slowed the rows");
    free(s);
    f.size = "min(median_ms[])";
    f.claimed = ">= 2";
    s = report_hostload_free_hold(&j, &f);
    CHECK_STR(s, "under load (above): a time claimed to stay above a value may hold only because the load slowed the rows");
    free(s);
    const char *none[][2] = { {"max(gflops[])", ">= 10"}, {"min(median_ms[])", "< 2"}, {"count(gflops[])", "< 3"},
                              {"max(gflops[]) / min(gflops[])", "< 2"}, {"max(regs[])", "< 64"} };
    for (size_t k = 0; k < sizeof none / sizeof *none; k++) {
        f.size = (char *)none[k][0];
        f.claimed = (char *)none[k][1];
        CHECK(report_hostload_free_hold(&j, &f) == NULL);
    }
    struct spec_finding c = { .claim = "c", .compare = "gflops[ILP=8] vs gflops[ILP=1]", .claimed = "< 2" };
    CHECK(report_hostload_free_hold(&j, &c) == NULL);
    f.size = "max(pct_fp32_peak[])";
    f.claimed = "< 95";
    j.host_load.others_share = HOSTLOAD_NOTABLE - 0.001;
    CHECK(report_hostload_free_hold(&j, &f) == NULL);
    runjson_free(&j);
}

/* A merged run (clx merge of 3 shards, part 2 stopped once and run again): report.md names the
 * parts it was merged from (folders, hosts, times; the stopped folder left out), and its host load
 * as the busiest shard's (shard 3's, which run.json's host_load is), with the others' shares; not
 * "during the sweep", which read as the whole sweep's. An unmerged run has no such line. */
static void test_report_md_merged(void)
{
    char *text = read_file("tests/unit/fixtures/merged_run.json", NULL);
    CHECK(text != NULL);
    struct runjson j;
    runjson_parse(&j, cJSON_Parse(text ? text : "{}"));
    free(text);
    int rc;
    char *s = md_of(&j, -2, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "**Merged from 3 shards** (clx merge of clx run --shard parts; run.json merged.from)");
    CHECK_CONTAINS(s, "2026-12-02T11:44:03+00:00 to 2026-12-02T11:46:40+00:00 on host node1, node2:");
    CHECK_CONTAINS(s, " shard 1 in `shards/vecsum-shard1of3-A-114403` on host node1, 2026-12-02T11:44:03+00:00 to "
                      "2026-12-02T11:44:30+00:00;");
    CHECK_CONTAINS(s, " shard 2 in `shards/vecsum-shard2of3-A-114500` on host node2, 2026-12-02T11:45:00+00:00 to "
                      "2026-12-02T11:46:00+00:00 (resumed);");
    CHECK_CONTAINS(s, "; left out: the unfinished run of shard 2 in `shards/vecsum-shard2of3-A-114405`.");
    free(s);
    s = md_of(&j, 1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "**Host load:** other processes took 39% of the host's CPU time in the busiest of its 3 shards, "
                      "shard 3 (2 logical CPUs; load average 4.25 at its start, 4.09 at its end; run.json host_load); in "
                      "the others 18% (shard 1) and 35% (shard 2) (run.json merged.from): ");
    CHECK(!strstr(s, "during the sweep"));
    free(s);
    s = md_of(&j, -1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "*Under load:* other processes took 39% of the host's CPU time in the busiest of its 3 shards, "
                      "shard 3 (above).");
    free(s);
    runjson_free(&j);
    struct rj_host_load h = { .has = 1, .others_share = 0.5 };
    s = md(&h, -2, &rc);
    CHECK(rc == 0 && (!s || !*s));
    free(s);
}

int main(void)
{
    RUN(test_parse_stat);
    RUN(test_parse_pidstat);
    RUN(test_parse_loadavg);
    RUN(test_between);
    RUN(test_json_record);
    RUN(test_run_end_line);
    RUN(test_compare_line);
    RUN(test_compare_clx_share);
    RUN(test_report_md);
    RUN(test_report_md_merged);
    RUN(test_free_hold);
    CHECK_EXIT();
}
