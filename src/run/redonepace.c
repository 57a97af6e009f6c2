/* redonepace.c — the pace of a resume's rewrites of results.tsv: the decision alone, on times given
 * (redonepace.h), so that a test sets the clock. */
#include "redonepace.h"
#include <math.h>

double redonepace_next(const struct redonepace *p)
{
    if (p->rewrites == 0) return -INFINITY;
    double took = p->took > 0 ? p->took : 0;   /* a clock that read the same twice: no cost measured */
    double gap = REDONE_PACE * took;
    double least = p->gap_s > 0 ? p->gap_s : REDONE_GAP_MIN_S;
    return p->at + took + (gap > least ? gap : least);
}

int redonepace_due(const struct redonepace *p, int pending, int ending, double now)
{
    if (pending <= 0) return 0;
    return ending || now >= redonepace_next(p);
}

void redonepace_done(struct redonepace *p, double at, double took)
{
    p->rewrites++;
    p->at = at;
    p->took = took;
}
