/* test_estimate.c — a sweep's time estimate revised as it goes: visits fed with configurations that
 * finish after the planned rounds leave the planned figure as it was; finished after more (what
 * --target-se adds) the time left grows with them; each configuration begun has its later rounds
 * priced by its own first round, those not begun by the mean; the revision is worth a line only
 * past twice the figure said and 15 s more, with a few configurations finished, and is said once,
 * naming the rounds and --target-se. */
#include "check.h"
#include "lib/util.h"
#include "run/estimate.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* sweep: an estimate of configs configurations of 5 rounds (--target-se 1%, --max-rounds 20) begun
 * and said already (a figure so large no revision is due while visits are fed), without a line. */
static struct estimate sweep(long configs)
{
    struct estimate e = { .configs = configs, .rounds = 5, .target_se = 0.01, .max_rounds = 20, .t0 = now_seconds(),
                          .said = 1, .said_s = 1e12, .experiment = "x" };
    return e;
}

/* feed: n configurations of rounds visits each, s seconds a visit; finished when done. */
static void feed(struct estimate *e, int n, int rounds, double s, int done)
{
    for (int c = 0; c < n; c++) {
        struct estimate_config one = {0};
        for (int v = 0; v < rounds; v++) estimate_visit(e, &one, s);
        if (done) estimate_config_done(e, &one);
    }
}

static void test_planned_rounds(void)
{
    struct estimate e = sweep(100);
    CHECK(estimate_left_s(&e) < 0);               /* nothing timed yet */
    CHECK_NEAR(estimate_rounds_each(&e), 5, 0);
    /* 10 configurations of 5 rounds of 1 s: 90 first rounds and 90 x 4 later ones left, whether
     * they are finished or still in flight. */
    feed(&e, 10, 5, 1.0, 0);
    CHECK_NEAR(estimate_left_s(&e), 450, 1e-9);
    struct estimate f = sweep(100);
    feed(&f, 10, 5, 1.0, 1);
    CHECK_NEAR(estimate_rounds_each(&f), 5, 1e-12);
    CHECK_NEAR(estimate_left_s(&f), 450, 1e-9);
    /* Never begun (a tuning pass, a search): no figure, whatever its visits. */
    struct estimate none = {0};
    struct estimate_config c = {0};
    estimate_visit(&none, &c, 1.0);
    CHECK(estimate_left_s(&none) < 0);
}

static void test_more_rounds_grow_it(void)
{
    /* Configurations that took 20 rounds each (--target-se up to --max-rounds): before they finish,
     * the other 90 take the planned 5 each, 450 s (their 15 rounds past the planned ones make no
     * other configuration cheaper); once finished, the other 90 take 20 too: 1800 s. */
    struct estimate e = sweep(100);
    feed(&e, 10, 20, 1.0, 0);
    CHECK_NEAR(estimate_left_s(&e), 450, 1e-9);
    struct estimate f = sweep(100);
    feed(&f, 10, 20, 1.0, 1);
    CHECK_NEAR(estimate_rounds_each(&f), 20, 1e-12);
    CHECK_NEAR(estimate_left_s(&f), 1800, 1e-9);
    /* Half of them at 5, half at 20: 12.5 on average. The in-flight one's 3 visits count as done. */
    struct estimate g = sweep(100);
    feed(&g, 5, 5, 1.0, 1);
    feed(&g, 5, 20, 1.0, 1);
    feed(&g, 1, 3, 1.0, 0);
    CHECK_NEAR(estimate_rounds_each(&g), 12.5, 1e-12);
    CHECK_NEAR(estimate_left_s(&g), 90 * 12.5 - 3, 1e-9);
    /* The measured pace counts: later rounds of 2 s double what the later ones need. */
    struct estimate h = sweep(100);
    for (int c = 0; c < 10; c++) {
        struct estimate_config one = {0};
        estimate_visit(&h, &one, 1.0);
        for (int v = 1; v < 20; v++) estimate_visit(&h, &one, 2.0);
        estimate_config_done(&h, &one);
    }
    CHECK_NEAR(estimate_left_s(&h), 90 * 1.0 + 90 * 19 * 2.0, 1e-9);
}

static void test_overrun_worth_a_line(void)
{
    struct estimate e = sweep(100);
    feed(&e, 10, 20, 1.0, 1);                     /* 1800 s left */
    e.said_s = 32;
    CHECK_NEAR(estimate_overrun_s(&e, 200), 200 + 1800 - 32, 1e-9);
    e.said_s = 1500;                              /* 2000 s in all: under twice 1500 */
    CHECK(estimate_overrun_s(&e, 200) == 0);
    struct estimate small = sweep(10);
    feed(&small, 2, 20, 0.1, 1);                  /* 8 x 20 x 0.1 = 16 s left */
    small.said_s = 4;                             /* 5x as long, but 14 s more: no news */
    CHECK(estimate_overrun_s(&small, 2) == 0);
    struct estimate one = sweep(100);
    feed(&one, 2, 20, 1.0, 1);                    /* two rows say little of the others' rounds */
    one.said_s = 32;
    CHECK(estimate_overrun_s(&one, 40) == 0);
    CHECK(estimate_overrun_s(&one, 64) > 0);      /* twice the figure gone already: that says enough */
    e.said_s = 32;
    e.revised = 1;                                /* said already */
    CHECK(estimate_overrun_s(&e, 200) == 0);
    e.revised = 0;
    e.said = 0;                                   /* nothing said yet to revise */
    CHECK(estimate_overrun_s(&e, 200) == 0);
}

/* captured: what fn(e) printed on stdout. */
static char *captured(void (*fn)(struct estimate *), struct estimate *e)
{
    char path[] = "/tmp/clx_test_estimate_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return xstrdup("");
    fflush(stdout);
    int keep = dup(STDOUT_FILENO);
    dup2(fd, STDOUT_FILENO);
    fn(e);
    fflush(stdout);
    dup2(keep, STDOUT_FILENO);
    close(keep);
    close(fd);
    char *s = read_file(path, NULL);
    unlink(path);
    return s ? s : xstrdup("");
}

/* lines: how many lines of s begin with what. */
static int lines(const char *s, const char *what)
{
    int n = 0;
    for (const char *l = s; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        n += !strncmp(l, what, strlen(what));
    return n;
}

static void finish_three(struct estimate *e)
{
    struct estimate_config twenty = { .first_s = 0, .visits = 20 };
    for (int i = 0; i < 3; i++) estimate_config_done(e, &twenty);
}

static void test_revision_said_once(void)
{
    struct estimate e = sweep(100);
    feed(&e, 10, 20, 1.0, 1);
    e.said_s = 32;
    e.t0 = now_seconds() - 100;                   /* 100 s in: due, whatever the host's load */
    char *out = captured(finish_three, &e);
    CHECK_CONTAINS(out, "clx: estimate: the sweep will take about ");
    CHECK_CONTAINS(out, "more than estimated");
    CHECK_CONTAINS(out, "rows are taking 20.0 rounds on average, not 5 "
                        "(--target-se 1% adds them, up to --max-rounds 20)");
    CHECK(lines(out, "clx: ") == 1);             /* three configurations done, one line */
    CHECK(e.revised == 1);
    free(out);
    out = captured(finish_three, &e);             /* later ones: nothing more */
    CHECK_STR(out, "");
    free(out);
    /* Without --target-se the rounds came from episodes measured again. */
    struct estimate f = sweep(100);
    f.target_se = 0;
    feed(&f, 10, 20, 1.0, 1);
    f.said_s = 32;
    f.t0 = now_seconds() - 100;
    out = captured(finish_three, &f);
    CHECK_CONTAINS(out, "not 5 (rounds added to measure episodes again)");
    free(out);
}

/* taylor's sweep order on PoCL: its small configurations first (first rounds of 10 ms, later ones a
 * quarter of that), then its large ones (first rounds of 100 ms). Their later rounds are priced at
 * their own first round's pace, not at the small ones' later rounds (old: 40 x 2.5 ms = 0.1 s). */
static void test_own_first_round_prices(void)
{
    struct estimate e = sweep(20);
    for (int c = 0; c < 10; c++) {
        struct estimate_config small = {0};
        estimate_visit(&e, &small, 0.01);
        for (int v = 1; v < 5; v++) estimate_visit(&e, &small, 0.0025);
        estimate_config_done(&e, &small);
    }
    CHECK_NEAR(estimate_later_ratio(&e), 0.25, 1e-12);
    struct estimate_config large[10] = {{0}};
    for (int c = 0; c < 10; c++) estimate_visit(&e, &large[c], 0.1);
    CHECK_NEAR(estimate_left_s(&e), 10 * 4 * 0.25 * 0.1, 1e-9);
    /* One more round of each: three left, still at their own pace. */
    for (int c = 0; c < 10; c++) estimate_visit(&e, &large[c], 0.025);
    CHECK_NEAR(estimate_left_s(&e), 10 * 3 * 0.25 * 0.1, 1e-9);
    /* Finished, they leave nothing. */
    for (int c = 0; c < 10; c++) {
        for (int v = 2; v < 5; v++) estimate_visit(&e, &large[c], 0.025);
        estimate_config_done(&e, &large[c]);
    }
    CHECK_NEAR(estimate_left_s(&e), 0, 1e-9);
    /* A configuration whose first round took 10x longer costs 10x more per later round. */
    struct estimate f = sweep(3);
    struct estimate_config a = {0}, b = {0}, c = {0};
    estimate_visit(&f, &a, 1.0);
    for (int v = 1; v < 5; v++) estimate_visit(&f, &a, 0.5);
    estimate_config_done(&f, &a);
    estimate_visit(&f, &b, 0.1);
    estimate_visit(&f, &c, 1.0);
    CHECK_NEAR(estimate_left_s(&f), 4 * 0.5 * 0.1 + 4 * 0.5 * 1.0, 1e-9);
}

/* A configuration not begun has no first round of its own: the mean first round prices it, and its
 * later rounds at the sweep's later-to-first ratio. */
static void test_not_begun_at_the_mean(void)
{
    struct estimate e = sweep(10);
    struct estimate_config a = {0}, b = {0};
    estimate_visit(&e, &a, 1.0);
    for (int v = 1; v < 5; v++) estimate_visit(&e, &a, 0.5);
    estimate_config_done(&e, &a);
    estimate_visit(&e, &b, 3.0);                  /* mean first round: 2 s */
    CHECK_NEAR(estimate_left_s(&e), 8 * 2.0 * (1 + 4 * 0.5) + 4 * 0.5 * 3.0, 1e-9);
    /* Before any later round: a first round's cost is the bound of a later one's. */
    struct estimate f = sweep(4);
    struct estimate_config c = {0};
    estimate_visit(&f, &c, 2.0);
    CHECK_NEAR(estimate_later_ratio(&f), 1, 0);
    CHECK_NEAR(estimate_left_s(&f), 4 * 2.0 + 3 * 5 * 2.0, 1e-9);
}

/* Short sweeps: one said 20 s that takes 100 s is revised, one said 10 s that takes 35 s too (not
 * before: 25 s more was under 30), one said 2 s that takes 5 s is not. */
static void test_overrun_short_sweeps(void)
{
    struct estimate e = sweep(10);
    feed(&e, 5, 5, 2.0, 1);                       /* 5 x 5 x 2 = 50 s left */
    e.said_s = 20;
    CHECK_NEAR(estimate_overrun_s(&e, 50), 80, 1e-9);
    struct estimate f = sweep(10);
    feed(&f, 5, 5, 1.0, 1);                       /* 25 s left */
    f.said_s = 10;
    CHECK_NEAR(estimate_overrun_s(&f, 10), 25, 1e-9);
    struct estimate g = sweep(10);
    feed(&g, 5, 5, 0.1, 1);                       /* 2.5 s left */
    g.said_s = 2;
    CHECK(estimate_overrun_s(&g, 2.5) == 0);
}

/* The estimate waits for a few later rounds: the first alone was the sweep's first configuration's,
 * whose first round carried the first launch (35 ms, its later rounds 0.2 ms: a ratio of 0.6%
 * where the others' were 25%). t0 ahead of now: 5 s never pass, whatever the host's load. */
static struct estimate_config said_cfg[6];
static void said_firsts(struct estimate *e)
{
    estimate_visit(e, &said_cfg[0], 0.035);
    for (int c = 1; c < 6; c++) estimate_visit(e, &said_cfg[c], 0.01);
    estimate_visit(e, &said_cfg[0], 0.0002);
    for (int c = 1; c < 4; c++) estimate_visit(e, &said_cfg[c], 0.0025);
}
static void said_fifth(struct estimate *e)
{
    estimate_visit(e, &said_cfg[4], 0.0025);
}
static void test_said_after_laters(void)
{
    struct estimate e = sweep(6);
    e.said = 0;
    e.said_s = 0;
    e.t0 = now_seconds() + 1e6;
    char *out = captured(said_firsts, &e);
    CHECK_STR(out, "");                           /* four later rounds: not yet */
    free(out);
    out = captured(said_fifth, &e);
    CHECK_CONTAINS(out, "clx: estimate: about ");
    /* (0.2 + 4 x 2.5) ms of later rounds over (35 + 4 x 10) ms of their first rounds: 14%. */
    CHECK_CONTAINS(out, "for the sweep's 6 configurations (first rounds 0.014 s each so far, "
                        "later ones 14% of their own first;");
    CHECK(lines(out, "clx: ") == 1);
    free(out);
}

/* A later round of a tiny configuration held up by the host's load (0.2 ms first, 20 ms later) adds
 * its seconds, not a ratio of 100, to what prices the others. */
static void test_ratio_of_seconds(void)
{
    struct estimate e = sweep(100);
    feed(&e, 10, 2, 0.01, 1);                     /* later rounds as long as their first */
    struct estimate_config tiny = {0};
    estimate_visit(&e, &tiny, 0.0002);
    estimate_visit(&e, &tiny, 0.02);
    CHECK_NEAR(estimate_later_ratio(&e), (10 * 0.01 + 0.02) / (10 * 0.01 + 0.0002), 1e-12);
    CHECK(estimate_later_ratio(&e) < 1.2);
}

static const struct bench_opts *begin_opts;
static void begin(struct estimate *e)
{
    estimate_begin(e, 2, begin_opts, 0, 0, "x");
}

/* --rounds 5 with --trials 3: a round takes a trial at least, so 3 rounds are taken, as run.json
 * says; the console said "5 rounds each" and nothing of the change. Said once, at the start, and
 * the count is the rounds taken. */
static void test_rounds_clamped_said(void)
{
    struct bench_opts bo = BENCH_OPTS_UNSET;
    bo.trials = 3;
    bo.rounds = 5;
    begin_opts = &bo;
    struct estimate e;
    char *out = captured(begin, &e);
    CHECK_CONTAINS(out, "clx: 5 rounds asked of 3 trials: 3 rounds, a trial each (a round takes one trial at least)\n");
    CHECK_CONTAINS(out, "clx: 2 configurations to time, 3 rounds each;");
    CHECK(e.rounds == 3);
    free(out);
    /* Rounds that fit the trials: nothing more said. */
    bo.trials = 10;
    out = captured(begin, &e);
    CHECK(!strstr(out, "rounds asked"));
    CHECK_CONTAINS(out, "clx: 2 configurations to time, 5 rounds each;");
    free(out);
}

/* one_slow: a first round of 2 s, the sweep 10 s in, a quick one of one round: the estimate is said. */
static void one_slow(struct estimate *e)
{
    struct estimate_config c = {0};
    estimate_visit(e, &c, 2.0);
}

/* On a simulator (Oclgrind: a quick vecsum estimated 6 minutes at 1.7 s a launch) the estimate's line
 * points at the small sizes that suit it, --quick as it is; on a CPU device a quick run gets no hint. */
/* feed_firsts: n first rounds of s seconds each (configurations begun, one visit each). */
static void feed_firsts(struct estimate *e, int n, double s)
{
    for (int c = 0; c < n; c++) {
        struct estimate_config one = {0};
        estimate_visit(e, &one, s);
    }
}

static void one_more_first(struct estimate *e) { feed_firsts(e, 1, 0.01); }

/* memcopy_ilp's order on an H200: its slow low-occupancy configurations first. The figure said from
 * them is lowered once every configuration has begun, not before (the rest were priced at their mean). */
static void test_shorter_said_once_all_begun(void)
{
    struct estimate e = { .configs = 1000, .rounds = 1, .t0 = now_seconds(), .experiment = "x" };
    feed_firsts(&e, 100, 0.1);                    /* 100 x 0.1 s, then 899 of 0.01 s */
    e.said = 1;
    e.said_s = 10 + 900 * 0.1;                    /* 100 s, as said from the first ones */
    e.said_first_s = 0.1;
    CHECK(estimate_underrun_s(&e, 10) == 0);      /* not every configuration begun: not yet */
    feed_firsts(&e, 899, 0.01);
    CHECK(estimate_underrun_s(&e, 19) == 0);      /* one not begun still */
    char *out = captured(one_more_first, &e);
    /* 19 s gone (the clock of the test aside: t0 is now), nothing left: about 100 s less, said once. */
    CHECK_CONTAINS(out, "clx: estimate: the sweep will take about ");
    CHECK_CONTAINS(out, "less than estimated");
    CHECK_CONTAINS(out, "every configuration's first round is timed, 0.019 s each on average, 0.1 s when it was "
                        "estimated from the first ones");
    CHECK(lines(out, "clx: ") == 1);
    CHECK(e.lowered == 1);
    CHECK(e.said_s < 10);                         /* the new figure is the one a revision upward compares with */
    free(out);
    out = captured(one_more_first, &e);
    CHECK_STR(out, "");
    free(out);
    /* A figure a little too long, or a few seconds too long, is no news. */
    struct estimate f = { .configs = 10, .rounds = 1, .t0 = now_seconds(), .said = 1, .experiment = "x" };
    feed_firsts(&f, 10, 1.0);
    f.said_s = 12;                                /* 10 s in all now: 1.2x, 2 s */
    CHECK(estimate_underrun_s(&f, 10) == 0);
    f.said_s = 60;
    CHECK_NEAR(estimate_underrun_s(&f, 10), 50, 1e-9);
    f.revised = 1;                                /* one revision either way */
    CHECK(estimate_underrun_s(&f, 10) == 0);
}

static void test_simulator_pointed_at_small_sizes(void)
{
    struct estimate e = { .configs = 200, .rounds = 1, .quick = 1, .cpu = 1, .t0 = now_seconds() - 10,
                          .experiment = "vecsum", .sim = "Oclgrind" };
    char *out = captured(one_slow, &e);
    CHECK_CONTAINS(out, "clx: estimate: about ");
    CHECK_CONTAINS(out, "clx: on a simulator (Oclgrind) that is long: ");
    CHECK_CONTAINS(out, " run vecsum --quick --trials 1 --warmups 0` with a small --size (tests/oclgrind.sh");
    CHECK(!strstr(out, "on a CPU device"));
    free(out);
    struct estimate f = { .configs = 200, .rounds = 1, .quick = 1, .cpu = 1, .t0 = now_seconds() - 10,
                          .experiment = "vecsum" };
    out = captured(one_slow, &f);
    CHECK_CONTAINS(out, "clx: estimate: about ");
    CHECK(!strstr(out, "simulator"));
    free(out);
}

int main(void)
{
    RUN(test_simulator_pointed_at_small_sizes);
    RUN(test_rounds_clamped_said);
    RUN(test_planned_rounds);
    RUN(test_more_rounds_grow_it);
    RUN(test_overrun_worth_a_line);
    RUN(test_revision_said_once);
    RUN(test_own_first_round_prices);
    RUN(test_not_begun_at_the_mean);
    RUN(test_overrun_short_sweeps);
    RUN(test_said_after_laters);
    RUN(test_ratio_of_seconds);
    RUN(test_shorter_said_once_all_begun);
    CHECK_EXIT();
}
