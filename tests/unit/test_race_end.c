/* test_race_end.c — how the racing search ends (src/search/race_decide.c, race.c), on scripted rounds:
 * contenders the round cap leaves undecided take more rounds (the cap doubled, within the budget
 * and up to RACE_ROUNDS_LIMIT) and are decided on them; those within min_effect of the best do not
 * (more rounds cannot help); and the best's confirming rounds past the budget are taken only against
 * a rival and within RACE_CONFIRM_SHARE of the budget. */
#include "check.h"
#include "search/race.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Configuration 0 the best, 1.00; configuration 1 `slow` times it; configuration 2 always 3.0. The
 * first two scatter by `spread` in a fixed cycle of five (-1, -0.5, 0, 0.5, 1 of it), shifted
 * between them so that their rounds interleave; a round costs `cost` seconds, a first one `first`. */
struct cycle { double slow, spread, cost, first; int asked[3]; };

static int cycle_measure(void *arg, int i, double *ms, double *cost, double *build)
{
    static const double at[5] = { -1, -0.5, 0, 0.5, 1 };
    struct cycle *s = arg;
    int k = s->asked[i]++;
    *build = 0;
    *cost = k == 0 && s->first > 0 ? s->first : s->cost;
    *ms = i == 2 ? 3.0 : (i == 1 ? s->slow : 1.0) * (1 + s->spread * at[(k * 2 + i * 3) % 5]);
    return 0;
}

static void cycle_run(struct cycle *s, int n, double budget, struct race *r)
{
    static const int coord[3] = { 0, 1, 2 };
    struct race_space sp = { .n = n, .ndims = 1, .coord = coord };
    struct race_opts o = { .seed = 1, .budget_s = budget };
    char *err = NULL;
    CHECK(race_run(&sp, &o, NULL, 0, cycle_measure, s, r, &err) == 0);
    free(err);
}

/* 8% slower in rounds that scatter by 10%: not decided in 10 rounds (the cap that ended PoCL's quick
 * sgemm search with 0.38 of 30 s spent), decided once the cap has doubled; every round in budget. */
static void test_more_rounds(void)
{
    struct cycle s = { .slow = 1.08, .spread = 0.10, .cost = 0.01 };
    struct race r;
    cycle_run(&s, 3, 1000, &r);
    CHECK(r.incumbent == 0 && r.status[1] == RACE_SLOWER && r.end == RACE_DECIDED);
    CHECK(r.max_rounds > RACE_MAX_ROUNDS && r.max_rounds <= RACE_ROUNDS_LIMIT && r.nrounds[1] > RACE_MAX_ROUNDS);
    CHECK(r.open == 0);
    race_free(&r);
}

/* The same with a budget the doubled rounds outrun: the budget ends it (no round past it: the best
 * has its rounds), the contender left open, and the cap raised. */
static void test_more_rounds_budget(void)
{
    struct cycle s = { .slow = 1.08, .spread = 0.10, .cost = 0.01 };
    struct race r;
    cycle_run(&s, 3, 0.3, &r);
    CHECK(r.end == RACE_BUDGET && r.spent_s <= 0.3 + 1e-9 && r.confirm_rounds == 0);
    CHECK(r.max_rounds > RACE_MAX_ROUNDS && r.open == 1 && r.open_close == 0);
    race_free(&r);
}

/* 0.5% slower, within min_effect: no verdict decides it SLOWER, so more rounds cannot help: the race
 * ends at the cap with it open, and says so (open_close). */
static void test_close_not_more(void)
{
    struct cycle s = { .slow = 1.005, .spread = 0.10, .cost = 0.01 };
    struct race r;
    cycle_run(&s, 3, 1000, &r);
    CHECK(r.end == RACE_DECIDED && r.max_rounds == RACE_MAX_ROUNDS && r.nrounds[0] == RACE_MAX_ROUNDS);
    CHECK(r.open == 1 && r.open_close == 1);
    race_free(&r);
}

/* A first round dearer than the budget (PoCL's full-size sgemm: 35 s against 30): the one
 * configuration measured is not confirmed (no rival to confirm it against), and no round is taken
 * past the budget. The old race took two more. */
static void test_confirm_alone(void)
{
    struct cycle s = { .slow = 1.5, .spread = 0.01, .cost = 35, .first = 35 };
    struct race r;
    cycle_run(&s, 3, 30, &r);
    CHECK(r.end == RACE_BUDGET && r.measured == 1 && r.nlog == 1);
    CHECK(r.confirm_alone == 1 && r.confirm_rounds == 0 && r.confirm_s == 0);
    race_free(&r);
}

/* Two configurations measured at 4 s a round against a budget of 10: the third's round refused,
 * the best of one round. A confirming round (4 s) would pass the quarter of the budget allowed:
 * none is taken and that is said (confirm_dear). With rounds of a tenth of the budget, whatever the
 * race ends on, what it spends past the budget stays within the allowance. (test_race's
 * test_builds_within_budget has confirming rounds taken.) */
static void test_confirm_allowance(void)
{
    struct cycle dear = { .slow = 1.5, .spread = 0.01, .cost = 4 };
    struct race r;
    cycle_run(&dear, 3, 10, &r);
    CHECK(r.end == RACE_BUDGET && r.measured == 2 && r.nrounds[r.incumbent] == 1);
    CHECK(r.confirm_rounds == 0 && r.confirm_dear == 4 && r.spent_s <= 10);
    race_free(&r);
    struct cycle cheap = { .slow = 1.5, .spread = 0.01, .cost = 0.25 };
    cycle_run(&cheap, 3, 2.4, &r);
    CHECK(r.end == RACE_BUDGET && r.confirm_s <= RACE_CONFIRM_SHARE * 2.4 + 1e-9);
    CHECK(r.spent_s <= 2.4 * (1 + RACE_CONFIRM_SHARE) + 1e-9);
    race_free(&r);
}

int main(void)
{
    RUN(test_more_rounds);
    RUN(test_more_rounds_budget);
    RUN(test_close_not_more);
    RUN(test_confirm_alone);
    RUN(test_confirm_allowance);
    CHECK_EXIT();
}
