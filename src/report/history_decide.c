/* history_decide.c — `clx history`'s verdicts: each step between consecutive runs, the span from
 * the first run to the last, and each run against the first (the plot's points), decided over what
 * its own two runs share (history_decide.h). */
#include "history_decide.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

/* decide_step: run `to` against run `from` over every configuration both have; the cells of those
 * in every run into cells[k * stride]. The run-to-run noise is that of the step's two runs: over
 * the configurations in every run, another run that lacks some (made with other options) moved
 * this step's floors and flipped its verdicts (UNSURE listed with a third run, SLOWER without). */
static void decide_step(const struct cmp_join *j, const struct verdict_rule *rule, struct hist *h, int from, int to,
                        struct cmp_cell *cells, int stride, struct hist_step *w)
{
    int *pair = xcalloc((size_t)j->nconf + 1, sizeof *pair), np = 0;
    for (int c = 0; c < j->nconf; c++)
        if (j->where[c * j->n + from] >= 0 && j->where[c * j->n + to] >= 0) pair[np++] = c;
    struct cmp_cell *pc = xcalloc((size_t)np + 1, sizeof *pc);
    for (int k = 0; k < np; k++) cmp_decide(j, pair[k], from, to, rule, 0, &pc[k]);
    *w = (struct hist_step){ .from = from, .to = to, .n = np, .same_setup = cmp_same_setup(j, from, to) };
    w->noise = cmp_run_noise(pc, np, 1, w->same_setup);
    for (int k = 0; k < np && w->noise > 1; k++)
        if (!pc[k].paired) cmp_decide(j, pair[k], from, to, rule, pc[k].v.se * sqrt(w->noise * w->noise - 1), &pc[k]);
    w->move = cmp_shift(pc, np, 1);
    /* Both lists in the join's order: the configurations in every run are among the pair's. */
    for (int k = 0, q = 0; k < h->ncommon; k++) {
        while (pair[q] != h->common[k]) q++;
        cells[k * stride] = pc[q];
    }
    free(pc);
    free(pair);
}

void history_decide(const struct cmp_join *j, const struct verdict_rule *rule, struct hist *h)
{
    h->common = xcalloc((size_t)j->ncommon + 1, sizeof *h->common);
    h->step = xcalloc((size_t)(j->ncommon + 1) * (size_t)j->n, sizeof *h->step);
    h->span = xcalloc((size_t)j->ncommon + 1, sizeof *h->span);
    h->first = xcalloc((size_t)(j->ncommon + 1) * (size_t)j->n, sizeof *h->first);
    h->whole = xcalloc((size_t)j->n + 1, sizeof *h->whole);
    h->ncommon = 0;
    for (int c = 0; c < j->nconf; c++)
        if (cmp_in_all(j, c)) h->common[h->ncommon++] = c;
    for (int s = 1; s < j->n; s++) decide_step(j, rule, h, s - 1, s, &h->step[s], j->n, &h->whole[s]);
    decide_step(j, rule, h, 0, j->n - 1, h->span, 1, &h->whole[j->n]);
    for (int s = 1; s < j->n; s++) {
        struct hist_step w;        /* said for the steps and the span only */
        if (s < j->n - 1) decide_step(j, rule, h, 0, s, &h->first[s], j->n, &w);
        else for (int k = 0; k < h->ncommon; k++) h->first[k * j->n + s] = h->span[k];
    }
}

void history_free(struct hist *h)
{
    free(h->common);
    free(h->step);
    free(h->span);
    free(h->first);
    free(h->whole);
}

int history_cut(const struct cmp_join *j, int c, int a, int b)
{
    return rundir_row_cut(j->side[a].r, j->where[c * j->n + a]) || rundir_row_cut(j->side[b].r, j->where[c * j->n + b]);
}

const char *history_verdict_note(const struct cmp_join *j, const struct hist *h, int k, const struct cmp_cell *x,
                                 int a, int b)
{
    return cmp_cell_note(x, history_cut(j, h->common[k], a, b));
}
