/* test_tune_base.c — a tuning pass's baseline (src/run/tune_base.c), on made-up figures (no device):
 * a pick's gain over the spec's own values, clear only beyond twice the two rows' trials' cv
 * combined, and what the console says for each case: clear, within noise, the baseline won, no
 * spread, the baseline not run. */
#include "check.h"
#include "run/tune_base.h"
#include <math.h>
#include <stdlib.h>

/* One tune axis, local, with the spec's own value 256: the set as tune_base_said reads it. */
static struct spec_tune_set one_axis(struct spec_axis *ax)
{
    memset(ax, 0, sizeof *ax);
    ax->name = (char *)"local";
    return (struct spec_tune_set){ .axes = ax, .naxes = 1 };
}

static struct tune_base base_at(double metric, double cv)
{
    struct tune_base b;
    struct strlist own = {0};
    sl_push(&own, "256");
    tune_base_init(&b, &own, 1);
    sl_free(&own);
    b.metric = metric;
    b.cv = cv;
    return b;
}

static void test_gain_kinds(void)
{
    struct tune_base b = base_at(2.0, 0.02);
    struct tune_gain g = tune_gain(6.0, 0.01, 0, &b, 0);
    CHECK(g.kind == GAIN_CLEAR);
    CHECK_NEAR(g.ratio, 3.0, 1e-12);
    /* 5% better, with 3% and 2% cv: 2 x sqrt(0.03^2 + 0.02^2) = 7.2% > 5%, not clear. */
    b.cv = 0.02;
    g = tune_gain(2.1, 0.03, 0, &b, 0);
    CHECK(g.kind == GAIN_NOISE);
    CHECK_NEAR(g.ratio, 1.05, 1e-12);
    /* The same 5% with 1% cv each: 2.8% < 5%, clear. */
    b.cv = 0.01;
    CHECK(tune_gain(2.1, 0.01, 0, &b, 0).kind == GAIN_CLEAR);
    /* A lower metric (median_ms): the ratio is the baseline's over the pick's. */
    g = tune_gain(1.0, 0.01, 0, &b, 1);
    CHECK(g.kind == GAIN_CLEAR);
    CHECK_NEAR(g.ratio, 2.0, 1e-12);
    CHECK(tune_gain(2.0, 0.01, 1, &b, 0).kind == GAIN_SAME);
    CHECK(tune_gain(6.0, NAN, 0, &b, 0).kind == GAIN_UNKNOWN);
    b.metric = NAN;
    CHECK(tune_gain(6.0, 0.01, 0, &b, 0).kind == GAIN_NONE);
    CHECK_STR(tune_gain_name(GAIN_NOISE), "within noise");
    tune_base_free(&b);
}

static void test_said(void)
{
    struct spec_axis ax;
    struct spec_tune_set set = one_axis(&ax);
    struct tune_base b = base_at(2.17, 0.04);
    char *s = tune_base_said("gbs", 6.31, 0.021, 0, &b, &set, 0);
    CHECK_STR(s, "gbs 6.31, cv 2.1%; 2.91x better than the spec's own local=256: 2.17, cv 4%");
    free(s);
    s = tune_base_said("gbs", 2.2, 0.03, 0, &b, &set, 0);
    CHECK_CONTAINS(s, "1.01x better than the spec's own local=256: 2.17, cv 4%; within their noise: not clearly better");
    free(s);
    s = tune_base_said("gbs", 2.17, 0.04, 1, &b, &set, 0);
    CHECK_STR(s, "gbs 2.17, cv 4%; the spec's own values: no candidate beat them");
    free(s);
    s = tune_base_said("gbs", 6.31, NAN, 0, &b, &set, 0);
    CHECK_STR(s, "gbs 6.31; 2.91x better than the spec's own local=256: 2.17; one trial each: no spread to judge it by");
    free(s);
    b.metric = NAN;
    b.why = xstrdup("skipped: left out by the spec's restrictions[1] 'local < 200' (line 27)");
    s = tune_base_said("gbs", 6.31, 0.021, 0, &b, &set, 0);
    CHECK_STR(s, "gbs 6.31, cv 2.1%; the spec's own local=256 did not run: skipped: left out by the spec's "
                 "restrictions[1] 'local < 200' (line 27)");
    free(s);
    tune_base_free(&b);
}

int main(void)
{
    RUN(test_gain_kinds);
    RUN(test_said);
    CHECK_EXIT();
}
