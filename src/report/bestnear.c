/* bestnear.c — a best work-group size the rounds cannot tell from the next best (bestnear.h). */
#include "bestnear.h"
#include "compare_join.h"
#include "rowrank.h"
#include "lib/util.h"
#include <stdlib.h>

struct best_near *bestnear_find(const struct rundir *r, const int *bests)
{
    struct best_near *near = xmalloc(sizeof *near * (size_t)(r->ngroups + 1));
    int *next = rowrank_next(r, r->group, r->ngroups);
    const struct verdict_rule rule = { VERDICT_ALPHA, VERDICT_MIN_EFFECT };   /* clx compare's defaults */
    for (int g = 0; g < r->ngroups; g++) {
        near[g] = (struct best_near){ -1, VERDICT_UNSURE };
        if (bests[g] < 0 || next[g] < 0) continue;
        struct cmp_cell c;
        cmp_decide_rows(r, bests[g], next[g], &rule, &c);
        /* SLOWER: the runner-up is decided slower, the best a winner. FASTER (its rounds against the
         * trials' median the rank read) is no tie either: not this mark's to say. */
        if (c.v.v == VERDICT_UNSURE || c.v.v == VERDICT_SAME) near[g] = (struct best_near){ next[g], c.v.v };
    }
    free(next);
    return near;
}

const char *bestnear_mark(const struct rundir *r, const struct best_near *n, char *buf, size_t len)
{
    if (n->row < 0 || r->c_local < 0) snprintf(buf, len, "%s", "");
    else snprintf(buf, len, " (or %s: %s)", table_cell(&r->t, n->row, r->c_local), verdict_name(n->v));
    return buf;
}

void bestnear_note(FILE *out, int markdown, int count)
{
    if (!count) return;
    fprintf(out, "\n%s %d of these bests (marked \"or N: UNSURE\" or \"or N: SAME\") cannot be decided here: by clx "
                 "compare's verdict rule on the two rows' rounds, the next-best work-group size N of the same variant, "
                 "build and point is not slower (UNSURE: within the noise; SAME: the same speed), so the best named is "
                 "no winner over it (docs/compare.md, \"Verdicts\").\n",
            markdown ? "**Note:**" : "Note:", count);
}
