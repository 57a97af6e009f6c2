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
 * and said already (a figure so large no revision is due while visits are fed, and said shorter
 * already: no shorter one either), without a line. */
static struct estimate sweep(long configs)
{
    struct estimate e = { .configs = configs, .rounds = 5, .target_se = 0.01, .max_rounds = 20, .t0 = now_seconds(),
                          .said = 1, .said_s = 1e12, .lowered = 1, .experiment = "x" };
    return e;
}

/* visit: one visit of c, s seconds, by a caller whose configuration takes the planned rounds. */
static void visit(struct estimate *e, struct estimate_config *c, double s)
{
    estimate_visit(e, c, s, e->rounds);
}

/* feed: n configurations of rounds visits each, s seconds a visit, their caller knowing the rounds
 * added to the planned ones once those have run, as run_rounds_more adds them; finished when done. */
static void feed(struct estimate *e, int n, int rounds, double s, int done)
{
    for (int c = 0; c < n; c++) {
        struct estimate_config one = {0};
        for (int v = 0; v < rounds; v++)
            estimate_visit(e, &one, s, done && v == rounds - 1 ? 0 : v + 1 < e->rounds ? e->rounds : rounds);
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
    visit(&none, &c, 1.0);
    CHECK(estimate_left_s(&none) < 0);
}

static void test_more_rounds_grow_it(void)
{
    /* Configurations that took 20 rounds each (--target-se up to --max-rounds): known to take them
     * once their planned 5 have run, finished or not, the other 90 take 20 too: 1800 s. */
    struct estimate e = sweep(100);
    feed(&e, 10, 20, 1.0, 0);
    CHECK_NEAR(estimate_rounds_each(&e), 20, 1e-12);
    CHECK_NEAR(estimate_left_s(&e), 1800, 1e-9);
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
        visit(&h, &one, 1.0);
        for (int v = 1; v < 20; v++) visit(&h, &one, 2.0);
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
        visit(&e, &small, 0.01);
        for (int v = 1; v < 5; v++) visit(&e, &small, 0.0025);
        estimate_config_done(&e, &small);
    }
    CHECK_NEAR(estimate_later_ratio(&e), 0.25, 1e-12);
    struct estimate_config large[10] = {{0}};
    for (int c = 0; c < 10; c++) visit(&e, &large[c], 0.1);
    CHECK_NEAR(estimate_left_s(&e), 10 * 4 * 0.25 * 0.1, 1e-9);
    /* One more round of each: three left, still at their own pace. */
    for (int c = 0; c < 10; c++) visit(&e, &large[c], 0.025);
    CHECK_NEAR(estimate_left_s(&e), 10 * 3 * 0.25 * 0.1, 1e-9);
    /* Finished, they leave nothing. */
    for (int c = 0; c < 10; c++) {
        for (int v = 2; v < 5; v++) visit(&e, &large[c], 0.025);
        estimate_config_done(&e, &large[c]);
    }
    CHECK_NEAR(estimate_left_s(&e), 0, 1e-9);
    /* A configuration whose first round took 10x longer costs 10x more per later round. */
    struct estimate f = sweep(3);
    struct estimate_config a = {0}, b = {0}, c = {0};
    visit(&f, &a, 1.0);
    for (int v = 1; v < 5; v++) visit(&f, &a, 0.5);
    estimate_config_done(&f, &a);
    visit(&f, &b, 0.1);
    visit(&f, &c, 1.0);
    CHECK_NEAR(estimate_left_s(&f), 4 * 0.5 * 0.1 + 4 * 0.5 * 1.0, 1e-9);
}

/* A configuration not begun has no first round of its own: the mean first round prices it, and its
 * later rounds at the sweep's later-to-first ratio. */
static void test_not_begun_at_the_mean(void)
{
    struct estimate e = sweep(10);
    struct estimate_config a = {0}, b = {0};
    visit(&e, &a, 1.0);
    for (int v = 1; v < 5; v++) visit(&e, &a, 0.5);
    estimate_config_done(&e, &a);
    visit(&e, &b, 3.0);                  /* mean first round: 2 s */
    CHECK_NEAR(estimate_left_s(&e), 8 * 2.0 * (1 + 4 * 0.5) + 4 * 0.5 * 3.0, 1e-9);
    /* Before any later round: a first round's cost is the bound of a later one's. */
    struct estimate f = sweep(4);
    struct estimate_config c = {0};
    visit(&f, &c, 2.0);
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
    visit(e, &said_cfg[0], 0.035);
    for (int c = 1; c < 6; c++) visit(e, &said_cfg[c], 0.01);
    visit(e, &said_cfg[0], 0.0002);
    for (int c = 1; c < 4; c++) visit(e, &said_cfg[c], 0.0025);
}
static void said_fifth(struct estimate *e)
{
    visit(e, &said_cfg[4], 0.0025);
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
    visit(&e, &tiny, 0.0002);
    visit(&e, &tiny, 0.02);
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
    visit(e, &c, 2.0);
}

/* On a simulator (Oclgrind: a quick vecsum estimated 6 minutes at 1.7 s a launch) the estimate's line
 * points at the small sizes that suit it, --quick as it is; on a CPU device a quick run gets no hint. */
/* feed_firsts: n first rounds of s seconds each (configurations begun, one visit each). */
static void feed_firsts(struct estimate *e, int n, double s)
{
    for (int c = 0; c < n; c++) {
        struct estimate_config one = {0};
        visit(e, &one, s);
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

/* in_flight: n configurations begun, at visits of planned 5, that their caller knows take rounds
 * (--target-se added them once the planned ones had run): 1 s a visit. */
static void in_flight(struct estimate *e, struct estimate_config *c, int n, int visits, int rounds)
{
    for (int i = 0; i < n; i++)
        for (int v = 0; v < visits; v++) estimate_visit(e, &c[i], 1.0, v + 1 < e->rounds ? e->rounds : rounds);
}

/* memcopy_ilp on an H200 once every configuration had begun: those finished had taken the planned 5
 * rounds (one given more finishes last), those past their planned rounds had been given up to 20 by
 * --target-se (its rows took 12.8 on average). The old figure priced every configuration at the
 * finished ones' 5 and those past them at nothing more: "22 s in all" for a sweep of 30 s. */
static void test_rounds_known_in_flight(void)
{
    struct estimate e = sweep(100);
    static struct estimate_config given[20], early[70];
    feed(&e, 10, 5, 1.0, 1);                      /* finished at the planned 5 */
    in_flight(&e, given, 20, 5, 20);              /* their 5 run, given 20 */
    in_flight(&e, early, 70, 2, 20);              /* 2 of their planned 5 run: what they take is not known */
    /* Known: 10 x 5 and 20 x 20, 15 rounds each on average. Left: the 20 given more, 15 visits each;
     * the 70 others, 15 - 2 each. The finished ones alone said 5 each: 70 x 3 = 210. */
    CHECK_NEAR(estimate_rounds_each(&e), (10 * 5 + 20 * 20) / 30.0, 1e-12);
    CHECK_NEAR(estimate_left_s(&e), 20 * 15 + 70 * (15 - 2), 1e-9);
    /* One more round of those given more: one fewer left each; finished, they stay known. */
    for (int i = 0; i < 20; i++) estimate_visit(&e, &given[i], 1.0, 20);
    CHECK_NEAR(estimate_left_s(&e), 20 * 14 + 70 * 13, 1e-9);
    for (int i = 0; i < 20; i++) {
        for (int v = 6; v < 20; v++) estimate_visit(&e, &given[i], 1.0, v + 1 < 20 ? 20 : 0);
        estimate_config_done(&e, &given[i]);
    }
    CHECK(e.known == 0 && e.finished == 30);
    CHECK_NEAR(estimate_rounds_each(&e), 15, 1e-12);
    CHECK_NEAR(estimate_left_s(&e), 70 * 13, 1e-9);
    /* An episode's rounds (5 more) known at the fifth visit, more for --target-se at the tenth. */
    struct estimate f = sweep(2);
    struct estimate_config c = {0};
    for (int v = 0; v < 5; v++) estimate_visit(&f, &c, 1.0, v < 4 ? 5 : 10);
    CHECK(f.known == 1 && c.known == 10);
    for (int v = 5; v < 10; v++) estimate_visit(&f, &c, 1.0, v < 9 ? 10 : 16);
    CHECK(f.known == 1 && f.known_rounds == 16);
    CHECK_NEAR(estimate_left_s(&f), 6 + 16, 1e-9);  /* its 6 left; the one not begun takes 16 */
}

/* lower_now: the visit that begins the last configuration (the shorter figure's moment), its caller
 * knowing 5 rounds of it. */
static struct estimate_config last_one;
static void lower_now(struct estimate *e)
{
    estimate_visit(e, &last_one, 1.0, 5);
}

/* The shorter figure counts the rounds added to the planned ones, and waits until the rounds of a few
 * configurations are known: before, a figure of the planned rounds alone is low. */
static void test_shorter_counts_added_rounds(void)
{
    struct estimate e = sweep(100);
    static struct estimate_config begun[99];
    in_flight(&e, begun, 99, 4, 5);               /* every one begun but the last, none past 4 of 5 */
    e.lowered = 0;
    e.said_s = 2000;
    e.t0 = now_seconds() + 1e6;                   /* elapsed far below 0 at the visit: no line, whatever the load */
    visit(&e, &last_one, 1.0);
    /* Every configuration begun, none with its rounds known: 99 + 4 x 1 = 103 s left, not said. */
    CHECK(e.firsts == e.configs && e.lowered == 0);
    CHECK_NEAR(estimate_left_s(&e), 99 + 4, 1e-9);
    CHECK(estimate_underrun_s(&e, 100) == 0);
    memset(&last_one, 0, sizeof last_one);
    /* Three past their planned 5, given 20 by --target-se: the figure counts 20 rounds for each. */
    struct estimate f = sweep(100);
    static struct estimate_config more[3], rest[96];
    in_flight(&f, more, 3, 5, 20);
    in_flight(&f, rest, 96, 4, 5);
    f.lowered = 0;
    f.said_s = 5000;
    f.said_first_s = 1.0;
    f.t0 = now_seconds() - 100;                   /* 100 s in, or a little more */
    char *out = captured(lower_now, &f);
    /* Left: the three's 15 each, the 96's 16 each, the last one's 19: 1600 s, not 96 + 4 = 100. */
    CHECK_NEAR(estimate_left_s(&f), 3 * 15 + 96 * 16 + 19, 1e-9);
    CHECK_CONTAINS(out, "less than estimated");
    CHECK_CONTAINS(out, "; rows taking 20.0 rounds on average, not 5, counted in\n");
    CHECK(lines(out, "clx: ") == 1);
    CHECK(f.lowered == 1);
    CHECK(f.said_s >= 100 + 1600);                /* the new figure: elapsed and what is left */
    free(out);
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
    RUN(test_rounds_known_in_flight);
    RUN(test_shorter_counts_added_rounds);
    CHECK_EXIT();
}
