/* compare_result.c — the rows a comparison takes as results, and the word and count of those it
 * says apart (compare_result.h). */
#include "compare_result.h"
#include "lib/util.h"
#include <stdlib.h>

/* A verified row past its speed of light is kept apart as an IMPOSSIBLE one is: a bound finer than
 * the device's peak (per class, the launch floor, the latency of a chain), so that work the compiler
 * removed shows there first, and a time that is not of its work has no verdict either way. */
int cmp_row_result(const struct rundir *r, int i)
{
    return rundir_row_ok(r, i) && !rundir_sol_over(r, i);
}

/* What keeps a measured row from being a result. */
enum apart { APART_NONE, APART_IMPOSSIBLE, APART_SOL_OVER };

static enum apart apart_of(const struct rundir *r, int i)
{
    if (!row_status_measured(table_cell(&r->t, i, r->c_status)) || !(table_num(&r->t, i, r->c_median) > 0))
        return APART_NONE;
    return rundir_impossible(r, i) ? APART_IMPOSSIBLE : rundir_sol_over(r, i) ? APART_SOL_OVER : APART_NONE;
}

const char *cmp_row_flagged(const struct rundir *r, int i)
{
    static const char *const word[] = { NULL, CMP_IMPOSSIBLE, SOL_OVER_FLAG };
    return word[apart_of(r, i)];
}

int cmp_row_apart(const struct rundir *r, int i)
{
    return row_status_failed(table_cell(&r->t, i, r->c_status)) || apart_of(r, i) != APART_NONE;
}

int cmp_row_skipped(const struct rundir *r, int i)
{
    return row_status_kind(row_status_of(table_cell(&r->t, i, r->c_status))) == ROW_SKIPPED;
}

const char *cmp_row_word(const struct rundir *r, int i)
{
    const char *flag = cmp_row_flagged(r, i);
    return flag ? flag : table_cell(&r->t, i, r->c_status);
}

void cmp_counts_add(struct cmp_counts *c, const struct rundir *r, int i)
{
    switch (apart_of(r, i)) {
    case APART_IMPOSSIBLE: c->impossible++; break;
    case APART_SOL_OVER: c->sol_over++; break;
    default: status_counts_add(&c->status, table_cell(&r->t, i, r->c_status));
    }
    c->rows++;
}

char *cmp_counts_some(const struct cmp_counts *c)
{
    struct sbuf b = {0};
    char *st = status_counts_some(&c->status);
    if (*st) sb_printf(&b, "%s", st);
    free(st);
    if (c->impossible) sb_printf(&b, "%s%d " CMP_IMPOSSIBLE, b.len ? ", " : "", c->impossible);
    if (c->sol_over) sb_printf(&b, "%s%d " SOL_OVER_FLAG, b.len ? ", " : "", c->sol_over);
    return b.s ? b.s : xstrdup("");
}
