/* test_search_full.c — a search at a smaller size than the spec's own, of one at the spec's (no
 * device): the budget that pays for a race's rounds, rounded up generously; a round's work scaled to
 * the spec's sizes; first rounds (warm-ups and set-up with them) told from later ones, their first
 * launch's one-off (a driver's compile) added unscaled; nothing said
 * of a run at the spec's own sizes, or of one whose work a derived value counts; the end of a search
 * its last round took past its budget. */
#include "check.h"
#include "run/search_impl.h"
#include <math.h>
#include <stdlib.h>

static void test_budget_rounding(void)
{
    CHECK_NEAR(search_budget_for(722.7), 2000, 1e-9);     /* twice is 1445.4: up to 2000 */
    CHECK_NEAR(search_budget_for(19 * 114.6), 5000, 1e-9);
    CHECK_NEAR(search_budget_for(0.1), 0.2, 1e-12);       /* exactly twice, kept */
    CHECK_NEAR(search_budget_for(0.26), 1, 1e-12);        /* 0.52: up to 1 */
    CHECK_NEAR(search_budget_for(2.4), 5, 1e-12);
    CHECK(isnan(search_budget_for(0)) && isnan(search_budget_for(NAN)));
}

static void test_reads_name(void)
{
    CHECK(search_reads_name("2 * MNK * MNK * MNK", "MNK"));
    CHECK(!search_reads_name("2 * MNK2 * XMNK", "MNK"));
    CHECK(!search_reads_name(NULL, "MNK"));
}

/* A fake search over sgemm's work: flops = 2 * MNK^3, the spec's MNK 2048, the run's 256 (512x). */
struct fake { struct spec s; struct spec_axis launch; struct runner r; struct race ra; struct search se;
              char *axis_names[1]; struct strlist axis_values[1]; double scale[4], once[4]; struct race_step log[6]; };

static void fake_make(struct fake *f, const char *run_mnk)
{
    memset(f, 0, sizeof *f);
    f->s.flops = "2 * MNK * MNK * MNK";
    f->launch.name = "MNK";
    sl_push(&f->launch.items, "2048");
    f->s.launch = &f->launch;
    f->s.nlaunch = 1;
    f->r.s = &f->s;
    f->axis_names[0] = "MNK";
    sl_push(&f->axis_values[0], run_mnk);
    f->r.plan.naxes = 1;
    f->r.plan.axis_names = f->axis_names;
    f->r.plan.axis_values = f->axis_values;
    f->se.r = &f->r;
    f->se.unit = "GFLOP/s";
    f->se.n = 4;
    f->se.race = &f->ra;
    f->se.full_scale = f->scale;
    struct vars v = {0};
    vars_set(&v, "MNK", atof(run_mnk));
    for (int i = 0; i < 4; i++) f->scale[i] = search_full_scale(&f->se, &v);
    vars_free(&v);
    /* First rounds of 0.1, 0.2, 0.3 s (builds aside), later rounds of 0.02 s, one that failed. */
    static const struct race_step steps[] = {
        { .config = 0, .median_ms = 1, .cost_s = 0.6, .build_s = 0.5, .ok = 1 },
        { .config = 1, .median_ms = 1, .cost_s = 0.2, .build_s = 0, .ok = 1 },
        { .config = 2, .median_ms = 1, .cost_s = 0.3, .build_s = 0, .ok = 1 },
        { .config = 3, .median_ms = 0, .cost_s = 9, .build_s = 0, .ok = 0 },
        { .config = 0, .median_ms = 1, .cost_s = 0.02, .build_s = 0, .ok = 1 },
        { .config = 1, .median_ms = 1, .cost_s = 0.02, .build_s = 0, .ok = 1 },
    };
    memcpy(f->log, steps, sizeof steps);
    f->ra.log = f->log;
    f->ra.nlog = 6;
}

static void fake_free(struct fake *f)
{
    sl_free(&f->launch.items);
    sl_free(&f->axis_values[0]);
}

static void test_full_estimate(void)
{
    struct fake f;
    fake_make(&f, "256");
    CHECK_NEAR(f.scale[0], 512, 1e-9);
    struct search_full e;
    CHECK(search_full_estimate(&f.se, &e) == 1);
    CHECK_STR(e.at, "MNK=2048");
    CHECK(e.rounds == 3);
    CHECK_NEAR(e.round_s, 0.2, 1e-12);                   /* the median first round, its build aside */
    CHECK_NEAR(e.full_round_s, 0.2 * 512, 1e-9);
    /* 16 first rounds and 3 later ones (0.02 s, 512x) at the spec's size. */
    CHECK_NEAR(e.need_s, 16 * 0.2 * 512 + 3 * 0.02 * 512, 1e-6);
    CHECK_NEAR(e.budget_s, search_budget_for(e.need_s), 1e-9);
    CHECK(e.budget_s >= 2 * e.need_s);
    free(e.at);
    fake_free(&f);
}

/* A first round 20x the later ones, most of it the first launch's one-off (PoCL compiling the kernel
 * there, its cache cold): the one-off is added unscaled, so the budget suggested is the one the same
 * rounds without it suggest (a warm cache), not 20x it. */
static void test_full_once_unscaled(void)
{
    struct fake warm, cold;
    fake_make(&warm, "256");
    fake_make(&cold, "256");
    /* Each configuration's first round 0.03 s of work and set-up; later rounds 0.02 s. */
    for (int k = 0; k < 6; k++) {
        warm.log[k] = (struct race_step){ .config = k % 3, .median_ms = 1, .cost_s = k < 3 ? 0.03 : 0.02, .ok = 1 };
        cold.log[k] = warm.log[k];
    }
    /* Cold: 0.4 s more in each first round, its first launch's: 0.43 s, 21.5x a later round. */
    cold.se.once = cold.once;
    for (int k = 0; k < 3; k++) {
        cold.log[k].cost_s += 0.4;
        cold.once[k] = 0.4;
    }
    struct search_full w, c;
    CHECK(search_full_estimate(&warm.se, &w) == 1 && search_full_estimate(&cold.se, &c) == 1);
    CHECK_NEAR(w.round_s, 0.03, 1e-12);
    CHECK_NEAR(w.once_s, 0, 0);
    CHECK_NEAR(c.round_s, 0.03, 1e-12);                   /* the one-off aside */
    CHECK_NEAR(c.once_s, 0.4, 1e-12);
    CHECK_NEAR(c.full_round_s, 0.03 * 512 + 0.4, 1e-9);   /* added, not scaled */
    CHECK_NEAR(c.need_s, 16 * (0.03 * 512 + 0.4) + 3 * 0.02 * 512, 1e-6);
    CHECK_NEAR(c.budget_s, w.budget_s, 1e-9);
    /* Unknown one-offs (a log of an older clx): the whole first round scaled, as before. */
    cold.se.once = NULL;
    struct search_full old;
    CHECK(search_full_estimate(&cold.se, &old) == 1);
    CHECK_NEAR(old.full_round_s, 0.43 * 512, 1e-9);
    CHECK(old.budget_s >= 10 * w.budget_s);
    free(w.at);
    free(c.at);
    free(old.at);
    fake_free(&warm);
    fake_free(&cold);
}

static void test_full_size_says_nothing(void)
{
    struct fake f;
    fake_make(&f, "2048");
    CHECK_NEAR(f.scale[0], 1, 0);
    struct search_full e;
    CHECK(search_full_estimate(&f.se, &e) == 0 && e.at == NULL);
    fake_free(&f);
    /* The work counted by a derived value: this run's size would stay in it, so nothing is said. */
    fake_make(&f, "256");
    f.s.flops = "2 * M3";
    sl_push(&f.s.derived_names, "M3");
    struct vars v = {0};
    vars_set(&v, "MNK", 256);
    vars_set(&v, "M3", 256.0 * 256 * 256);
    CHECK(isnan(search_full_scale(&f.se, &v)));
    CHECK(search_full_estimate(&f.se, &e) == 0);
    vars_free(&v);
    sl_free(&f.s.derived_names);
    fake_free(&f);
}

/* A search whose last round, started within its budget, took it past (the resumed MNK=256 search:
 * 45.53 of 30 s): its end says by how much, apart from the best's confirming rounds; one within its
 * budget says nothing of it. */
static void test_end_says_overrun(void)
{
    struct fake f;
    fake_make(&f, "256");
    f.ra.end = RACE_BUDGET;
    f.ra.budget_s = 30;
    f.ra.spent_s = 45.53 + 2;
    f.ra.confirm_s = 2;
    f.ra.confirm_rounds = 1;
    f.se.max_rounds = RACE_MAX_ROUNDS;
    f.ra.max_rounds = RACE_MAX_ROUNDS;
    char end[512];
    search_end_said(&f.se, end, sizeof end);
    CHECK_CONTAINS(end, "its budget spent; 15.5 s past it in the last round started within it (a round started is finished");
    CHECK_CONTAINS(end, "; then 1 round (2 s) past it confirming the best");
    f.ra.spent_s = 29 + 2;
    search_end_said(&f.se, end, sizeof end);
    CHECK(!strstr(end, "in the last round started within it"));
    fake_free(&f);
}

int main(void)
{
    RUN(test_budget_rounding);
    RUN(test_reads_name);
    RUN(test_full_estimate);
    RUN(test_full_once_unscaled);
    RUN(test_full_size_says_nothing);
    RUN(test_end_says_overrun);
    CHECK_EXIT();
}
