/* test_estimate.c — a sweep's time estimate revised as it goes: visits fed with configurations that
 * finish after the planned rounds leave the planned figure as it was; finished after more (what
 * --target-se adds) the time left grows with them; the revision is worth a line only past twice the
 * figure said and 30 s more, with a few configurations finished, and is said once, naming the
 * rounds and --target-se. */
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
        for (int v = 0; v < rounds; v++) estimate_visit(e, v == 0, s);
        if (done) estimate_config_done(e, rounds);
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
    estimate_visit(&none, 1, 1.0);
    CHECK(estimate_left_s(&none) < 0);
}

static void test_more_rounds_grow_it(void)
{
    /* Configurations that took 20 rounds each (--target-se up to --max-rounds): before they finish,
     * the planned 5 each say 300 s left; once finished, the other 90 take 20 too: 1800 s. */
    struct estimate e = sweep(100);
    feed(&e, 10, 20, 1.0, 0);
    CHECK_NEAR(estimate_left_s(&e), 300, 1e-9);
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
        estimate_visit(&h, 1, 1.0);
        for (int v = 1; v < 20; v++) estimate_visit(&h, 0, 2.0);
        estimate_config_done(&h, 20);
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
    for (int i = 0; i < 3; i++) estimate_config_done(e, 20);
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

int main(void)
{
    RUN(test_rounds_clamped_said);
    RUN(test_planned_rounds);
    RUN(test_more_rounds_grow_it);
    RUN(test_overrun_worth_a_line);
    RUN(test_revision_said_once);
    CHECK_EXIT();
}
