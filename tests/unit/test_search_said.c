/* test_search_said.c — the errors a search's console says beside the race's decisions (search_pick.c,
 * no device): the +/- of each figure is the standard error the race decides by (race_se), not its
 * row's time_se, and each next fastest's decision names the noise floor it was judged against. On
 * PoCL a best of 40 rounds (a few far off) said "+/- 2.4%" (its row's time_se) and the next, 1.107x
 * its time, "+/- 6.3% ... decided SLOWER": by those errors it was within the noise, where the race's
 * own, the medians' (0.2% and 2.0%), put it far beyond. */
#include "check.h"
#include "run/search_impl.h"
#include "lib/pctnear.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NB = 40, NN = 22 };

struct fake {
    struct race ra;
    struct search se;
    struct srow rows[2];
    unsigned char status[2];
    int nrounds[2];
    double best[NB], next[NN], *rounds[2];
};

/* The best: rounds at 1.00 +/- 0.5% with every eighth 1.5x off (a sweep row's standard deviation
 * reads those; the median does not); the next: 1.107 +/- 2%. Their rows' time_se as PoCL's were. */
static void fake_make(struct fake *f, int next_status)
{
    memset(f, 0, sizeof *f);
    for (int k = 0; k < NB; k++) f->best[k] = k % 8 == 7 ? 1.5 : 1 + 0.005 * ((k % 5) - 2) / 2;
    for (int k = 0; k < NN; k++) f->next[k] = 1.107 * (1 + 0.02 * ((k % 5) - 2) / 2);
    f->rounds[0] = f->best;
    f->rounds[1] = f->next;
    f->nrounds[0] = NB;
    f->nrounds[1] = NN;
    f->status[0] = RACE_ALIVE;
    f->status[1] = (unsigned char)next_status;
    f->ra = (struct race){ .n = 2, .status = f->status, .nrounds = f->nrounds, .rounds = f->rounds, .incumbent = 0,
                           .max_rounds = 40, .end = RACE_DECIDED, .rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT },
                           .z = verdict_z(VERDICT_ALPHA), .noise = 0.01 };
    f->rows[0] = (struct srow){ .rounds = NB, .trials = NB, .se = 0.024, .figure = 1 };
    f->rows[1] = (struct srow){ .rounds = NN, .trials = NN, .se = 0.063, .figure = 1 / 1.107 };
    f->se = (struct search){ .n = 2, .race = &f->ra, .rows = f->rows, .unit = "" };
}

/* pm_of: the percentage in " +/- 2.4%". */
static double pm_of(const char *pm)
{
    const char *at = strstr(pm, "+/- ");
    return at ? atof(at + 4) / 100 : NAN;
}

static void test_said_errors_decide(void)
{
    struct fake f;
    fake_make(&f, RACE_SLOWER);
    char pm[48], row[48];
    /* The console's: the median's error as the race reads it; the row's is said apart. */
    double eb = pm_of(search_pick_pm(&f.se, 0, 0, pm, sizeof pm)), en = pm_of(search_pick_pm(&f.se, 1, 0, pm, sizeof pm));
    CHECK(fabs(eb - race_se(&f.ra, 0)) < 0.0005 && fabs(en - race_se(&f.ra, 1)) < 0.0005);
    CHECK(fabs(pm_of(search_pick_pm(&f.se, 0, 1, row, sizeof row)) - 0.024) < 1e-9);
    /* The rows' time_se would put 10.7% within the noise (z x 6.7%: 17%), the race's beyond it. */
    CHECK(!(1.107 - 1 > f.ra.z * sqrt(0.024 * 0.024 + 0.063 * 0.063)));
    /* What is shown decides as the race did: 10.7% beyond z x the two errors shown. */
    CHECK(1.107 - 1 > f.ra.z * sqrt(eb * eb + en * en));
    struct spick pk;
    search_pick_make(&f.se, &pk);
    CHECK(pk.nnext == 1 && pk.next[0] == 1);
    char want[160], fl[32];
    snprintf(want, sizeof want, "decided SLOWER (beyond the race's noise floor against the best, %s)",
             fmt_pct_near(fl, sizeof fl, 100 * race_floor(&f.ra, 0, 1), 100 * VERDICT_MIN_EFFECT));
    CHECK_STR(pk.decided[0], want);
    CHECK(race_floor(&f.ra, 0, 1) < 0.107);
    search_pick_free(&pk);
}

/* Not decided by the race: the verdict of their rounds, said with its own floor. */
static void test_said_verdict_floor(void)
{
    struct fake f;
    fake_make(&f, RACE_ALIVE);
    struct spick pk;
    search_pick_make(&f.se, &pk);
    CHECK(pk.nnext == 1 && pk.vr[0].v == VERDICT_SLOWER);
    char want[160], fl[32];
    snprintf(want, sizeof want, "SLOWER (beyond the verdict's noise floor, %s)",
             fmt_pct_near(fl, sizeof fl, 100 * pk.vr[0].floor, 100 * VERDICT_MIN_EFFECT));
    CHECK_STR(pk.decided[0], want);
    search_pick_free(&pk);
}

int main(void)
{
    RUN(test_said_errors_decide);
    RUN(test_said_verdict_floor);
    CHECK_EXIT();
}
