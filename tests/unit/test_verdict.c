/* test_verdict.c — the verdict rule: the Mann-Whitney test's exact and approximate p, the noise of
 * a median, and SAME / FASTER / SLOWER / UNSURE on synthetic trial sets with fixed seeds: two draws
 * of one device, a shifted one, a noisy one. */
#include "report/compare_join.h"
#include "report/verdict.h"
#include "check.h"
#include "gauss.h"
#include "lib/rng.h"
#include "lib/stats.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void test_mann_whitney(void)
{
    double a[] = {1, 2, 3, 4, 5}, b[] = {6, 7, 8, 9, 10}, c[] = {1, 2, 3, 4, 5};
    CHECK_NEAR(verdict_mann_whitney(a, 5, b, 5), 2.0 / 252, 1e-12);   /* apart: the smallest p of 5 and 5 */
    CHECK_NEAR(verdict_mann_whitney(b, 5, a, 5), 2.0 / 252, 1e-12);
    CHECK(verdict_mann_whitney(a, 5, c, 5) == 1);                       /* the same values */
    double d[] = {1, 2, 3, 4, 6}, e[] = {5, 7, 8, 9, 10};               /* one pair crossed: U = 1 */
    CHECK_NEAR(verdict_mann_whitney(d, 5, e, 5), 4.0 / 252, 1e-12);
    double f[] = {1, 2, 3, 4, 5.5}, g[] = {5.5, 7, 8, 9, 10};           /* a tie: U = 0.5, counted as 1 */
    CHECK_NEAR(verdict_mann_whitney(f, 5, g, 5), 4.0 / 252, 1e-12);
    double x[40], y[40];                                               /* beyond 30 a side: the normal approximation */
    for (int i = 0; i < 40; i++) { x[i] = i; y[i] = i + 40; }
    CHECK(verdict_mann_whitney(x, 40, y, 40) < 1e-12);
    for (int i = 0; i < 40; i++) y[i] = i + 0.5;
    CHECK(verdict_mann_whitney(x, 40, y, 40) > 0.5);
}

static void test_noise(void)
{
    CHECK_NEAR(verdict_z(0.01), 2.5758, 1e-3);
    CHECK_NEAR(verdict_z(0.05), 1.9600, 1e-3);
    double same[] = {2, 2, 2, 2, 2}, one[] = {2};
    CHECK(verdict_median_se(same, 5) == 0);
    CHECK(isinf(verdict_median_se(one, 1)));
    double x[] = {0.99, 1.0, 1.01, 1.0, 1.0};                          /* range 2%: sd 0.86%, se 0.48% */
    CHECK_NEAR(verdict_median_se(x, 5), 1.2533 * 0.02 / 2.326 / sqrt(5), 1e-9);
}

/* rounds_of: 20 trials of a kernel taking `mean`, in 5 rounds of 4, each trial drawn by `draw`
 * (relative noise `noise`: 'g' Gaussian with that standard deviation, 'u' uniform over that
 * width); the 5 round medians into med. */
static void rounds_of(struct rng *g, double mean, char draw, double noise, double *med)
{
    for (int r = 0; r < 5; r++) {
        double t[4];
        for (int i = 0; i < 4; i++)
            t[i] = mean * (1 + (draw == 'g' ? noise * gauss(g) : noise * (rng_uniform(g, 0, 1) - 0.5)));
        med[r] = stats_median(t, 4);
    }
}

/* tally: 1000 comparisons of b against a (b `shift` slower); counts of each verdict. */
static void tally(uint64_t seed, char draw, double noise, double shift, int count[4])
{
    struct rng g;
    rng_seed(&g, seed);
    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    for (int k = 0; k < 4; k++) count[k] = 0;
    for (int i = 0; i < 1000; i++) {
        double a[5], b[5];
        rounds_of(&g, 1.0, draw, noise, a);
        rounds_of(&g, 1.0 + shift, draw, noise, b);
        struct verdict_result v;
        verdict_decide(&rule, a, 5, b, 5, 0, &v);
        count[v.v]++;
    }
    if (getenv("SHOW")) fprintf(stderr, "seed %d %c %.3f %.3f: %d %d %d %d\n", (int)seed, draw, noise, shift, count[0], count[1], count[2], count[3]);
}

/* Two draws of one device are SAME or UNSURE in at least 99% of 1000 comparisons, at every noise
 * (here 1, 2 and 4 of 1000 are FASTER or SLOWER; SHOW=1 prints every count). */
static void test_same_device(void)
{
    int c[4];
    tally(1, 'g', 0.01, 0, c);
    CHECK(c[VERDICT_FASTER] + c[VERDICT_SLOWER] <= 10);
    CHECK(c[VERDICT_SAME] >= 950);                   /* 1% noise: the floor is small, and they are SAME */
    tally(2, 'g', 0.05, 0, c);
    CHECK(c[VERDICT_FASTER] + c[VERDICT_SLOWER] <= 10);
    tally(3, 'u', 0.05, 0, c);
    CHECK(c[VERDICT_FASTER] + c[VERDICT_SLOWER] <= 10);
}

/* A 5% shift with trials spread over 5% (uniform, 20 trials in 5 rounds) is decided SLOWER in at
 * least 95% of 1000 (997 here). With a Gaussian 5% standard deviation per trial instead, 20 trials
 * cannot reach that at alpha 0.01 (no rank test of 5 rounds against 5 can: its smallest p, 0.0079,
 * needs every round apart; 204 here); there the rule says UNSURE rather than guess, and never
 * FASTER. A 2% shift is decided at 0.5% noise per trial (1000), and mostly at 1% (858). */
static void test_shift_found(void)
{
    int c[4];
    tally(4, 'u', 0.05, 0.05, c);
    CHECK(c[VERDICT_SLOWER] >= 950);
    CHECK(c[VERDICT_FASTER] == 0);
    tally(5, 'g', 0.05, 0.05, c);
    CHECK(c[VERDICT_FASTER] == 0);
    CHECK(c[VERDICT_SAME] <= 600);                   /* mostly not called SAME either */
    tally(6, 'g', 0.005, 0.02, c);                   /* 2% at 0.5%: decided */
    CHECK(c[VERDICT_SLOWER] >= 950);
    tally(7, 'g', 0.01, 0.02, c);                    /* 2% at 1%: 858 SLOWER, 89 SAME, 53 UNSURE here */
    CHECK(c[VERDICT_SLOWER] >= 800 && c[VERDICT_FASTER] == 0);
}

/* one_against_ten: 1000 draws of ten round medians of a kernel taking 1 (Gaussian, relative
 * standard deviation `noise` a round) against one round of the same kernel `shift` slower, each
 * side in turn (the one first, then the ten first); counts of each verdict. */
static void one_against_ten(uint64_t seed, double noise, double shift, int count[4])
{
    struct rng g;
    rng_seed(&g, seed);
    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    for (int k = 0; k < 4; k++) count[k] = 0;
    for (int i = 0; i < 1000; i++) {
        double ten[10], one = (1 + shift) * (1 + noise * gauss(&g));
        for (int r = 0; r < 10; r++) ten[r] = 1 + noise * gauss(&g);
        struct verdict_result v, w;
        verdict_decide(&rule, ten, 10, &one, 1, 0, &v);
        verdict_decide(&rule, &one, 1, ten, 10, 0, &w);
        CHECK(v.borrowed && w.borrowed);
        /* each way round the same difference, in the other direction */
        CHECK(v.v == w.v || (v.v == VERDICT_SLOWER && w.v == VERDICT_FASTER) || (v.v == VERDICT_FASTER && w.v == VERDICT_SLOWER));
        count[v.v]++;
    }
    if (getenv("SHOW")) fprintf(stderr, "one against ten, seed %d, %.3f %.3f: %d %d %d %d\n", (int)seed, noise, shift,
                                count[0], count[1], count[2], count[3]);
}

/* One round against ten (a search's configuration dropped after its first, against its best):
 * no rank test can decide it (p >= 2/11), so the one borrows the ten's scatter. Drawn from the
 * same device, at most 1% of 1000 are decided; a tile 2.8x slower (sgemm's staging on an H200) and
 * 5% at 0.5% a round are SLOWER; with fewer than five on the many side, or the one inside the
 * many's range, nothing is decided. */
static void test_one_against_many(void)
{
    int c[4];
    double noise[] = {0.003, 0.01, 0.03};
    for (int k = 0; k < 3; k++) {
        one_against_ten(20 + (uint64_t)k, noise[k], 0, c);
        CHECK(c[VERDICT_FASTER] + c[VERDICT_SLOWER] <= 10);
    }
    one_against_ten(23, 0.003, 0.05, c);
    CHECK(c[VERDICT_SLOWER] >= 990 && c[VERDICT_FASTER] == 0);
    one_against_ten(24, 0.005, 0.05, c);
    CHECK(c[VERDICT_SLOWER] >= 950 && c[VERDICT_FASTER] == 0);
    one_against_ten(25, 0.003, 0.002, c);           /* a difference under min_effect: SAME */
    CHECK(c[VERDICT_SAME] >= 950);

    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    struct verdict_result v;
    double ten[] = {0.4559, 0.4570, 0.4553, 0.4573, 0.4562, 0.4556, 0.4576, 0.4566, 0.4565, 0.4555}, one = 1.2794;
    verdict_decide(&rule, ten, 10, &one, 1, 0, &v);
    CHECK(v.v == VERDICT_SLOWER && v.borrowed);
    CHECK(v.p > VERDICT_ALPHA);                      /* the rank test alone could not have said it */
    CHECK(v.floor < 0.02);
    verdict_decide(&rule, ten, 4, &one, 1, 0, &v);   /* four: too few to borrow from */
    CHECK(v.v == VERDICT_UNSURE && !v.borrowed && isinf(v.floor));
    double wide[] = {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.2}, inside = 1.1;
    verdict_decide(&rule, wide, 10, &inside, 1, 0, &v);   /* beyond twice the floor, but not beyond every round */
    CHECK(v.v != VERDICT_SLOWER && v.borrowed);
    double two[] = {1.0, 1.5};
    verdict_decide(&rule, two, 2, ten, 10, 0, &v);   /* two replicates: the rank test's rule, not borrowed */
    CHECK(!v.borrowed);
}

/* cmp_run_noise: cells whose errors differ 6-fold, each ratio its error's worth of noise about a
 * shift of the whole run (0.7%, as an H100 run of volkov_fma against another): about 1 when the
 * shift may be real (a setup changed), well above when nothing changed (the shift is noise then);
 * three times their errors' worth of noise: about 3 either way. */
/* One round far out: a round of 5.2 ms among rounds of about 0.18 ms (Intel's CPU runtime against
 * PoCL once read "noise floor is 402150%") keeps its floor and its UNSURE (the rule's range is there
 * for rounds in two modes), and is found: its set, its place, and the floor without it. Rounds
 * spread evenly, or in two modes, have no such round; nor has a verdict that is not UNSURE. */
static int far_of(const struct verdict_rule *rule, const double *a, int na, const double *b, int nb, int paired,
                  const struct verdict_result *v, struct verdict_far *far)
{
    struct verdict_sets x = { .a = a, .na = na, .b = b, .nb = nb, .extra_noise = 0, .paired = paired };
    return verdict_far_round(rule, &x, v, far);
}

static void test_far_round(void)
{
    struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };
    double a[10] = { 0.181, 0.179, 0.180, 5.2, 0.182, 0.180, 0.178, 0.181, 0.180, 0.179 };
    double b[10] = { 0.190, 0.188, 0.191, 0.189, 0.190, 0.192, 0.189, 0.190, 0.191, 0.188 };
    struct verdict_result v;
    struct verdict_far far;
    verdict_decide(&rule, a, 10, b, 10, 0, &v);
    CHECK(v.v == VERDICT_UNSURE && v.floor > 100);                      /* the rule: a floor of 100x and more */
    CHECK(far_of(&rule, a, 10, b, 10, 0, &v, &far));
    CHECK(far.set == 0 && far.index == 3);
    CHECK(far.floor_without * VERDICT_FAR_FLOORS <= v.floor && far.floor_without < 0.05);
    /* The same round in b: found there. */
    verdict_decide(&rule, b, 10, a, 10, 0, &v);
    CHECK(far_of(&rule, b, 10, a, 10, 0, &v, &far) && far.set == 1 && far.index == 3);
    /* Two modes (half the rounds 2x the others): no one round makes the floor. */
    double modes[10] = { 0.18, 0.36, 0.18, 0.36, 0.18, 0.36, 0.18, 0.36, 0.18, 0.36 };
    verdict_decide(&rule, modes, 10, b, 10, 0, &v);
    CHECK(v.v == VERDICT_UNSURE && !far_of(&rule, modes, 10, b, 10, 0, &v, &far));
    /* Rounds spread evenly over 20%: UNSURE by their scatter, not one round's. */
    double even[10] = { 0.17, 0.19, 0.18, 0.20, 0.172, 0.185, 0.195, 0.175, 0.19, 0.18 };
    verdict_decide(&rule, even, 10, b, 10, 0, &v);
    CHECK(!(v.v == VERDICT_UNSURE && far_of(&rule, even, 10, b, 10, 0, &v, &far)));
    /* A decided verdict is left as it is. */
    double c[10] = { 0.30, 0.301, 0.299, 0.30, 0.302, 0.298, 0.30, 0.301, 0.299, 0.30 };
    verdict_decide(&rule, b, 10, c, 10, 0, &v);
    CHECK(v.v == VERDICT_SLOWER && !far_of(&rule, b, 10, c, 10, 0, &v, &far));
    /* Paired rounds: the pair of that round left out. */
    verdict_decide_paired(&rule, a, b, 10, &v);
    CHECK(v.v == VERDICT_UNSURE && far_of(&rule, a, 10, b, 10, 1, &v, &far) && far.index == 3);
    /* Paired, with each set's farthest round in the same pair: the round far out is the set's whose
     * round lies farther from its own median, b's 0.45 against its 0.85, not a's 1.03 against its
     * 1.00. clx compare --by build named "A: build default's round of 1.054 ms against 1.035 ms,
     * its other rounds' median (1.018x)" as the one that made a floor of 75%, where -cl-opt-disable's
     * 0.454 ms against 0.86 was it. */
    double pa[5] = { 1.00, 1.01, 1.03, 0.995, 1.00 }, pb[5] = { 0.85, 0.86, 0.45, 0.84, 0.85 };
    verdict_decide_paired(&rule, pa, pb, 5, &v);
    CHECK(v.v == VERDICT_UNSURE && far_of(&rule, pa, 5, pb, 5, 1, &v, &far) && far.index == 2 && far.set == 1);
    verdict_decide_paired(&rule, pb, pa, 5, &v);
    CHECK(v.v == VERDICT_UNSURE && far_of(&rule, pb, 5, pa, 5, 1, &v, &far) && far.index == 2 && far.set == 0);
}

static void test_run_noise(void)
{
    enum { N = 400 };
    static struct cmp_cell c[N];
    double scale[] = {1, 3};
    for (int k = 0; k < 2; k++) {
        struct rng g;
        rng_seed(&g, 11);
        for (int i = 0; i < N; i++) {
            double se = 0.0005 * (1 + 5 * rng_uniform(&g, 0, 1));
            c[i] = (struct cmp_cell){.v = {.ratio = exp(-0.007 + scale[k] * se * gauss(&g)), .se = se}};
        }
        double changed = cmp_run_noise(c, N, 1, 0), same = cmp_run_noise(c, N, 1, 1);
        if (getenv("SHOW")) printf("    noise x%g: setup changed %.2f, same setup %.2f\n", scale[k], changed, same);
        CHECK(fabs(changed - scale[k]) < 0.25 * scale[k]);
        CHECK(same > changed + 1.5);
    }
    CHECK(cmp_run_noise(c, 7, 1, 0) == 1);               /* too few cells to tell */
}

/* cmp_run_noise where a setup changed and the change moved part of the sweep: the runs' noise, not
 * the change (a template edit that made half of an 8-configuration volkov_fma sweep 2x slower widened
 * every floor 8x: identical rows UNSURE, "noise alone moves times by up to 21x"). Eight cells with
 * errors of 2%, their ratios within them: all alike, half 2x slower, one 2x slower (and, past
 * RUN_NOISE_LEAST, nine with four moved) give no widening; between runs of one setup the move still
 * counts as noise (one level moves rows of other kinds by other amounts: docs/compare.md). */
static void test_run_noise_part_moved(void)
{
    static const double z[9] = { 0.5, -0.9, 1.4, -0.3, 1.0, -1.5, 0.2, 0.7, -1.2 };   /* about N(0, 1) */
    struct cmp_cell c[9];
    for (int moved = 0; moved <= 4; moved++) {
        for (int i = 0; i < 8; i++)
            c[i] = (struct cmp_cell){.v = {.ratio = (i < moved ? 2 : 1) * exp(0.02 * z[i]), .se = 0.02}};
        double changed = cmp_run_noise(c, 8, 1, 0), same = cmp_run_noise(c, 8, 1, 1);
        if (getenv("SHOW")) printf("    %d of 8 moved 2x: setup changed %.2f, same setup %.2f\n", moved, changed, same);
        CHECK(changed < 1.5);
        CHECK(moved == 0 ? same < 1.5 : moved >= 4 ? same > 10 : 1);
    }
    for (int i = 0; i < 9; i++) c[i] = (struct cmp_cell){.v = {.ratio = (i % 2 ? 2 : 1) * exp(0.02 * z[i]), .se = 0.02}};
    CHECK(cmp_run_noise(c, 9, 1, 0) < 1.5);
    /* All exactly alike (a run against a copy of itself, some rows' times doubled): 1. */
    for (int i = 0; i < 8; i++) c[i] = (struct cmp_cell){.v = {.ratio = i < 4 ? 0.5 : 1, .se = 0.02}};
    CHECK(cmp_run_noise(c, 8, 1, 0) == 1);
    /* Noise beyond the rounds is still seen: ratios 5 errors apart, half moved 2x, give about 5. */
    for (int i = 0; i < 8; i++) c[i] = (struct cmp_cell){.v = {.ratio = (i < 4 ? 2 : 1) * exp(5 * 0.02 * z[i]), .se = 0.02}};
    double wide = cmp_run_noise(c, 8, 1, 0);
    if (getenv("SHOW")) printf("    half moved 2x, 5 errors apart: %.2f\n", wide);
    CHECK(wide > 3 && wide < 9);
}

int main(void)
{
    RUN(test_mann_whitney);
    RUN(test_noise);
    RUN(test_same_device);
    RUN(test_shift_found);
    RUN(test_one_against_many);
    RUN(test_run_noise);
    RUN(test_run_noise_part_moved);
    RUN(test_far_round);
    CHECK_EXIT();
}
