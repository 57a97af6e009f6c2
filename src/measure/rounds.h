/* rounds.h — a configuration's trials in rounds: how many rounds and how many trials each, the
 * order the configurations of a block take in each round (drawn from the seed, so a run can be
 * repeated), and what the rounds say together: the row's time (the median of the round medians),
 * their spread, and whether one round stands apart beyond what the trials predict (an episode:
 * the device was slower or faster for a while, docs/timing.md). */
#ifndef ROUNDS_H
#define ROUNDS_H
#include <stdint.h>

/* A round farther from the others than this share of the row's time, and than EPISODE_SIGMAS
 * times the noise its trials predict, is an episode. */
#define EPISODE_MIN 0.02
#define EPISODE_SIGMAS 5.0
/* A row whose time has a standard error (se: from the scatter of its round medians) above this
 * share of it is flagged noisy (rounds_noisy): another run may put it about that far elsewhere
 * (1-2% on an H200). Calibrated on three A/A runs of volkov_fma, vecsum, memcopy_ilp and taylor
 * on an H200 (docs/timing.md, "What noisy means"): 65% of the rows it flags differ from another
 * run by more than 1%, against 41% of those the spread rule flagged; memcopy_ilp 1.5% of its rows
 * flagged, against 12.8%. With the farthest round left out of the scatter (2026-12-01): 66% and
 * 1.5%, and the marks held on three more sets of three runs. */
#define NOISY_SE 0.01
/* With two rounds (too few for a standard error) a row is flagged noisy by their spread: lying more
 * than this share of its time apart. */
#define NOISY_SPREAD 0.03

/* rounds_count: the rounds `trials` trials are split into: `rounds` (at least 1), at most one per trial. */
int rounds_count(int rounds, int trials);
/* rounds_trials: the trials of round r (0-based) of n rounds holding `trials` in all: as even as can
 * be, the earlier rounds taking the rest. */
int rounds_trials(int trials, int n, int r);
/* rounds_order: the order of a block's n configurations in round r, into order[0..n-1]: round 0
 * in the sweep's order (a baseline runs before the variants checked against it), every later one
 * a permutation drawn from seed and r alone. */
void rounds_order(int n, int r, uint64_t seed, int *order);

/* What the rounds of one configuration say (rounds_summarize). */
struct round_summary {
    int n;              /* rounds */
    double median[64];  /* each round's median trial, ms (the first 64 rounds) */
    double time_ms;     /* the row's time: the median of the round medians */
    double spread;      /* (largest - smallest round median) / time_ms; 0 with one round */
    double noise;       /* the spread of one round's median the trials predict, as a share of time_ms */
    int odd;            /* the round farthest from time_ms, -1 with fewer than 3 rounds */
    double odd_off;     /* its distance from time_ms, as a share of time_ms */
    int episode;        /* odd_off beyond EPISODE_MIN and EPISODE_SIGMAS x noise */
    double scatter;     /* the scatter of the round medians as a share of time_ms: their standard
                         * deviation, from 5 rounds on with the one farthest from their median left
                         * out (rounds.c's round_scatter), or the noise their trials predict, where
                         * larger; 0 with fewer than 3 rounds */
    double se;          /* the standard error of time_ms as a share of it, from the scatter of the round
                         * medians (or the noise their trials predict, where larger); 0 with fewer than
                         * 3 rounds: too few to tell */
};
/* rounds_summarize: ms[0..n-1] are the trials in the order they ran; round i's begin at
 * first[i] (nrounds rounds, the last running to n). */
void rounds_summarize(const double *ms, int n, const int *first, int nrounds, struct round_summary *s);
/* rounds_noisy: whether the row's standard error is above NOISY_SE (three rounds and more), or its
 * two rounds lie more than NOISY_SPREAD apart. The standard error, not the range of the rounds:
 * the range grows with their count, and a range of 3% in five rounds flagged rows that repeat
 * between runs to well under 1% (memcopy_ilp on the H200). */
int rounds_noisy(const struct round_summary *s);
/* A row under this time (ms) takes no rounds for --target-se: what moves it between runs is the
 * process's level, which rounds inside one run cannot see (on an H200 with the batches behind the
 * blocker, taylor's rows under 50 us agreed between runs no better with 20 rounds than with their
 * first 5: 95th percentiles 2.5-4.0% either way, while the rounds doubled its wall time;
 * docs/timing.md). A row of at least this time takes up to --max-rounds, however far its target:
 * its rounds cost little beside its kernel's own time, and halving its error is what a comparison
 * of it needs (on the H200, memcopy_ilp's 0.14 ms rows whose rounds scatter 3-8% were those two
 * identical runs left UNSURE; taylor's rows of 50 us and more, 1.8% at the 95th percentile between
 * runs with 5 rounds, 1.3% with up to 20). 50 us: the size from which issue 25 holds rows to 1%. */
#define SE_LONG_MS 0.05
/* rounds_needed: n x (se / target)^2 rounded up: the rounds that would bring s's standard error
 * to target; s->n when it is there (or target is 0, or s has fewer than 3 rounds). */
double rounds_needed(const struct round_summary *s, double target);
/* rounds_wanted: the rounds a row takes for target: rounds_needed, at most cap; for a row under
 * SE_LONG_MS that would take more than it has, minus that (the rounds it would take, taking none).
 * The rule behind --target-se (docs/timing.md). */
int rounds_wanted(const struct round_summary *s, double target, int cap);

/* How repeatable a set of rows was, counted from their cells (so a resumed run, a merge and a
 * report count alike): rows timed in rounds; of them rounds more than 1% apart, flagged noisy,
 * re-measured after an episode, given more rounds by --target-se, and with time_se still above it. */
struct rounds_tally { int rows, spread1, noisy, episodes, more, over; };
/* The timing_note words of a row --target-se gave more rounds (what the tally counts it by). */
#define ROUNDS_NOTE_MORE "more rounds taken for --target-se"

/* rounds_tally_row: counts one row from its rounds, spread, time_se, flag and timing_note cells;
 * target_se: the run's --target-se (0: none). */
void rounds_tally_row(struct rounds_tally *t, const char *rounds, const char *spread, const char *time_se, const char *flag,
                      const char *tnote, double target_se);
struct cJSON;
/* rounds_tally_json: the tally as run.json's repeatability object (a new one). */
struct cJSON *rounds_tally_json(const struct rounds_tally *t);
#endif
