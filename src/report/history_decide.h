/* history_decide.h — `clx history` decided (private to report/history*.c): per configuration in
 * every run a verdict for each step between consecutive runs and one from the first run to the
 * last, each step's floors widened by the run-to-run noise of that step's two runs alone, and how
 * far each step's later run moved as a whole. */
#ifndef HISTORY_DECIDE_H
#define HISTORY_DECIDE_H
#include "compare_join.h"

/* A step (or the span, first to last) over every configuration its two runs share, whatever the
 * other runs lack: another run listed changes none of it. */
struct hist_step {
    int from, to;                /* the runs (sides) compared: to against from */
    int n;                       /* configurations the two runs share */
    double noise;                /* their run-to-run noise beyond their rounds (cmp_run_noise; 1: none) */
    struct run_shift move;       /* how `to` moved against `from` over them as a whole (cmp_shift) */
    int same_setup;              /* cmp_same_setup of the two runs */
};

struct hist {
    int *common, ncommon;        /* the configurations in every run: the verdicts' rows */
    struct cmp_cell *step;       /* [k * n + s], s = 1..n-1: run s+1 against run s */
    struct cmp_cell *span;       /* [k]: the last run against the first */
    /* [k * n + s], s = 1..n-1: run s+1 against the first, decided as the span is (the span at
     * s = n-1): the verdict of the plot's point of run s+1, which shows that speed-up. */
    struct cmp_cell *first;
    struct hist_step *whole;     /* [s], s = 1..n-1: step s; [n]: the span; [0] unused */
};

/* history_decide: the verdicts of join j (runs in date order) under rule; history_free frees them. */
void history_decide(const struct cmp_join *j, const struct verdict_rule *rule, struct hist *h);
void history_free(struct hist *h);
/* history_cut: whether configuration c's row in run a or run b was kept at a stop with only some
 * of its rounds (flag rounds-cut): a verdict between them stands on rounds the runs did not finish,
 * and is said apart, not counted as decided (docs/compare.md, History). */
int history_cut(const struct cmp_join *j, int c, int a, int b);
/* history_verdict_note: what qualifies the k-th configuration's cell x between runs a and b, as
 * history.tsv's verdict_note columns hold it (cmp_cell_note: "clock", "rounds-cut", both, or "";
 * static); its verdict column holds the word alone. */
const char *history_verdict_note(const struct cmp_join *j, const struct hist *h, int k, const struct cmp_cell *x,
                                 int a, int b);
#endif
