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
    /* The scatter of the round medians (their standard deviation: of five rounds a median absolute
     * deviation says too little, and rows it called certain by chance stopped short; simulated in
     * tests/unit/test_rounds.c), never below what the trials predict for one; the median of n of
     * them wanders by 1.2533 x that / sqrt(n). */
    double mean = 0, ss = 0;
    for (int r = 0; r < nr; r++) mean += s->median[r] / nr;
    for (int r = 0; r < nr; r++) ss += (s->median[r] - mean) * (s->median[r] - mean);
    double scatter = sqrt(ss / (nr - 1)) / s->time_ms;
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
