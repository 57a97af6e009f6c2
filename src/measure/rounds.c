/* rounds.c — trials in rounds: their count and split, each round's order of a block's
 * configurations, and the summary of a configuration's rounds (time, spread, episodes). */
#include "rounds.h"
#include "lib/rng.h"
#include "lib/stats.h"
#include "lib/util.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int rounds_count(int rounds, int trials)
{
    int n = rounds < 1 ? 1 : rounds;
    return trials >= 1 && n > trials ? trials : n;
}

int rounds_trials(int trials, int n, int r)
{
    return trials / n + (r < trials % n);
}

void rounds_order(int n, int r, uint64_t seed, int *order)
{
    for (int i = 0; i < n; i++) order[i] = i;
    if (r == 0) return;
    struct rng g;
    rng_seed(&g, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)r));
    rng_shuffle(&g, order, n);
}

/* within_scale: a robust standard deviation of the trials around their own round's median
 * (1.4826 x the median absolute deviation, pooled over rounds of two trials and more, each
 * deviation scaled by sqrt(m / (m - 1)): m trials lie closer to their own centre than to the
 * device's): the noise of trials taken back to back. 0 when no round has two trials. */
static double within_scale(const double *ms, int n, const int *first, int nrounds, const double *med)
{
    double *dev = xmalloc(sizeof *dev * (size_t)(n > 0 ? n : 1));
    int k = 0;
    for (int r = 0; r < nrounds; r++) {
        int lo = first[r], hi = r + 1 < nrounds ? first[r + 1] : n, m = hi - lo;
        if (m < 2) continue;
        for (int i = lo; i < hi; i++) dev[k++] = fabs(ms[i] - med[r]) * sqrt((double)m / (m - 1));
    }
    double s = k ? 1.4826 * stats_median(dev, k) : 0;
    free(dev);
    return s;
}

/* What the standard deviation of n steady rounds less the one farthest from their median reads, on
 * average, as a share of what the standard deviation of all n reads: Gaussian rounds, n = 5..64,
 * simulated by studies/noisy-calibration.py --trim-table (20000 seeded draws each). */
static const double TRIM_RATIO[60] = {
    0.6648, 0.7097, 0.7501, 0.7729, 0.7947, 0.8092, 0.8237, 0.8347, 0.8446, 0.8517,
    0.8595, 0.8646, 0.8718, 0.8766, 0.8819, 0.8855, 0.8900, 0.8939, 0.8968, 0.9000,
    0.9025, 0.9055, 0.9082, 0.9101, 0.9126, 0.9153, 0.9168, 0.9185, 0.9205, 0.9222,
    0.9236, 0.9252, 0.9267, 0.9281, 0.9298, 0.9308, 0.9322, 0.9334, 0.9345, 0.9355,
    0.9368, 0.9375, 0.9386, 0.9397, 0.9406, 0.9417, 0.9423, 0.9435, 0.9440, 0.9445,
    0.9456, 0.9463, 0.9469, 0.9477, 0.9483, 0.9490, 0.9496, 0.9502, 0.9508, 0.9514
};

/* round_scatter: the scatter of the round medians x[0..n-1] (ms): their standard deviation, and
 * from 5 rounds on that of all but the one farthest from their median, over TRIM_RATIO[n - 5]
 * (on steady rounds it reads what the standard deviation reads, on average). One round 100x the
 * others (on Intel's CPU runtime) made the standard deviation, and time_se with it, 1460% of
 * a row whose nine other rounds lay at 0.037-0.042 ms; left out, it carries nothing. Not the
 * median absolute deviation: of five rounds it says too little, and rows it called certain by
 * chance stopped short of --target-se (test_target_se in tests/unit/test_rounds.c: two runs 0.77%
 * apart at the 95th percentile, against 0.60% by the standard deviation and 0.62% by this). The
 * noisy flag scored on it: docs/timing.md, "What noisy means". */
static double round_scatter(const double *x, int n)
{
    int far = -1;
    if (n >= 5) {
        double m = stats_median(x, n);
        for (int i = 0; i < n; i++)
            if (far < 0 || fabs(x[i] - m) > fabs(x[far] - m)) far = i;
    }
    int k = n - (far >= 0);
    double mean = 0, ss = 0;
    for (int i = 0; i < n; i++) if (i != far) mean += x[i] / k;
    for (int i = 0; i < n; i++) if (i != far) ss += (x[i] - mean) * (x[i] - mean);
    return sqrt(ss / (k - 1)) / (far >= 0 ? TRIM_RATIO[n - 5] : 1);
}

void rounds_summarize(const double *ms, int n, const int *first, int nrounds, struct round_summary *s)
{
    memset(s, 0, sizeof *s);
    s->odd = -1;
    int nr = nrounds < 64 ? nrounds : 64;
    if (nr < 1 || n < 1) return;
    s->n = nr;
    int least = n;
    for (int r = 0; r < nr; r++) {
        int lo = first[r], hi = r + 1 < nrounds ? first[r + 1] : n;
        s->median[r] = stats_median(ms + lo, hi - lo);
        if (hi - lo < least) least = hi - lo;
    }
    s->time_ms = stats_median(s->median, nr);
    if (nr < 2 || !(s->time_ms > 0)) return;
    double lo = s->median[0], hi = s->median[0];
    for (int r = 1; r < nr; r++) {
        if (s->median[r] < lo) lo = s->median[r];
        if (s->median[r] > hi) hi = s->median[r];
    }
    s->spread = (hi - lo) / s->time_ms;
    /* A round's median of m trials wanders by about scale / sqrt(m) (x 1.25 for a median of three
     * and more): what rounds of one steady device would show. */
    double scale = within_scale(ms, n, first, nr, s->median);
    s->noise = scale / sqrt(least > 0 ? least : 1) * (least >= 3 ? 1.2533 : 1) / s->time_ms;
    if (nr < 3) return;
    /* The scatter of the round medians (round_scatter), never below what the trials predict for
     * one; the median of n of them wanders by 1.2533 x that / sqrt(n). */
    double scatter = round_scatter(s->median, nr) / s->time_ms;
    if (scatter < s->noise) scatter = s->noise;
    s->scatter = scatter;
    s->se = 1.2533 * scatter / sqrt((double)nr);
    for (int r = 0; r < nr; r++) {
        double off = fabs(s->median[r] - s->time_ms) / s->time_ms;
        if (s->odd < 0 || off > s->odd_off) { s->odd = r; s->odd_off = off; }
    }
    s->episode = s->odd_off > EPISODE_MIN && s->odd_off > EPISODE_SIGMAS * s->noise;
}

double rounds_needed(const struct round_summary *s, double target)
{
    if (!(target > 0) || s->n < 3 || !(s->se > target)) return s->n;
    return ceil(s->n * (s->se / target) * (s->se / target));
}

int rounds_wanted(const struct round_summary *s, double target, int cap)
{
    double need = rounds_needed(s, target);
    if (need > s->n && s->time_ms < SE_LONG_MS) return need > 1e6 ? -1000000 : -(int)need;
    return need > cap ? cap : (int)need;
}

int rounds_noisy(const struct round_summary *s)
{
    if (s->n < 2) return 0;
    return s->n < 3 ? s->spread > NOISY_SPREAD : s->se > NOISY_SE;
}

void rounds_tally_row(struct rounds_tally *t, const char *rounds, const char *spread, const char *time_se, const char *flag,
                      const char *tnote, double target_se)
{
    if (atoi(rounds) < 2 || !*spread) return;
    t->rows++;
    t->spread1 += atof(spread) > 0.01;
    t->noisy += strstr(flag, "noisy") != NULL;
    t->episodes += strstr(tnote, "an episode;") != NULL;
    t->more += strstr(tnote, ROUNDS_NOTE_MORE) != NULL;
    t->over += target_se > 0 && *time_se && atof(time_se) > target_se;
}

struct cJSON *rounds_tally_json(const struct rounds_tally *t)
{
    cJSON *rp = cJSON_CreateObject();
    cJSON_AddNumberToObject(rp, "rows_in_rounds", t->rows);
    cJSON_AddNumberToObject(rp, "spread_over_1pct", t->spread1);
    cJSON_AddNumberToObject(rp, "noisy", t->noisy);
    cJSON_AddNumberToObject(rp, "episodes_remeasured", t->episodes);
    cJSON_AddNumberToObject(rp, "more_rounds_for_target_se", t->more);
    cJSON_AddNumberToObject(rp, "time_se_over_target", t->over);
    return rp;
}
