/* compare_pair.c — two runs of a join as a join of their own (compare_pair.h). */
#include "compare_pair.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

void cmp_join_pair(const struct cmp_join *j, int a, int b, const char *la, const char *lb, struct cmp_join *p)
{
    memset(p, 0, sizeof *p);
    /* The runs are j's: a row's key (cmp_row_key) reads every run's parameters, and a pair's keys
     * must be j's to find the same rows. */
    p->runs = j->runs;
    p->nruns = j->nruns;
    p->n = 2;
    p->along = -1;
    p->side = xcalloc(2, sizeof *p->side);
    p->side[0] = (struct cmp_side){ .r = j->side[a].r, .label = xstrdup(la) };
    p->side[1] = (struct cmp_side){ .r = j->side[b].r, .label = xstrdup(lb) };
    p->base = p->side[0].label;
    p->where = xcalloc(2 * (size_t)j->nconf + 2, sizeof *p->where);
    for (int c = 0; c < j->nconf; c++) {
        int ra = j->where[c * j->n + a], rb = j->where[c * j->n + b];
        if (ra < 0 && rb < 0) continue;
        p->where[2 * p->nconf] = ra;
        p->where[2 * p->nconf + 1] = rb;
        p->ncommon += ra >= 0 && rb >= 0;
        p->nconf++;
    }
}

void cmp_join_pair_free(struct cmp_join *p)
{
    for (int s = 0; s < p->n; s++) free(p->side[s].label);
    free(p->side);
    free(p->where);
    memset(p, 0, sizeof *p);
}
