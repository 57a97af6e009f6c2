/* rowrank.c — how fast a row is, for the console's cuts (rowrank.h). */
#include "rowrank.h"
#include "lib/table.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>

int rowrank_memory_bound(const struct rundir *r, int i)
{
    double g = table_num(&r->t, i, r->c_gflops), b = table_num(&r->t, i, r->c_gbs);
    if (!(g > 0 && b > 0)) return 0;
    double pb = table_num(&r->t, i, table_col(&r->t, "pct_bw_peak")), pf = table_num(&r->t, i, table_col(&r->t, "pct_fp32_peak"));
    if (pb > 0 && pf > 0) return pb > pf;
    return g < b;
}

double rowrank(const struct rundir *r, int i)
{
    double g = table_num(&r->t, i, r->c_gflops), b = table_num(&r->t, i, r->c_gbs), m = table_num(&r->t, i, r->c_median);
    if (b > 0 && rowrank_memory_bound(r, i)) return b;
    return g > 0 ? g : b > 0 ? b : m > 0 ? 1 / m : 0;
}

/* unit_of: the measure row i can be ranked by: 3 GB/s (memory-bound), 2 GFLOP/s, 1 GB/s, 0 its time. */
static int unit_of(const struct rundir *r, int i)
{
    return rowrank_memory_bound(r, i) ? 3 : table_num(&r->t, i, r->c_gflops) > 0 ? 2 : table_num(&r->t, i, r->c_gbs) > 0 ? 1 : 0;
}

/* score_in: row i's speed in unit u (higher is faster), NAN where it has none. */
static double score_in(const struct rundir *r, int i, int u)
{
    double x = u == 2 ? table_num(&r->t, i, r->c_gflops) : u ? table_num(&r->t, i, r->c_gbs) : -table_num(&r->t, i, r->c_median);
    return isfinite(x) ? x : NAN;
}

/* group_scores: each usable row's score by its group's one measure (rowrank_best) in score[], and in
 * has[] whether it has one; the rows of no group, failed, or without the group's measure have none. */
static void group_scores(const struct rundir *r, const int *group, int ng, double *score, char *has)
{
    int n = r->t.nrows, *unit = xcalloc((size_t)ng + 1, sizeof *unit);
    /* unit: the highest any row of the group has. */
    for (int i = 0; i < n; i++) {
        if (group[i] < 0 || !rundir_row_ok(r, i)) continue;
        int u = unit_of(r, i);
        if (u > unit[group[i]]) unit[group[i]] = u;
    }
    for (int i = 0; i < n; i++) {
        has[i] = 0;
        if (group[i] < 0 || !rundir_row_ok(r, i)) continue;
        int g = group[i];
        double x = score_in(r, i, unit[g]);
        if (isnan(x)) continue;                 /* a row of the group without the group's measure */
        score[i] = x;
        has[i] = 1;
    }
    free(unit);
}

/* ranked_two: the best row of each group into best[], and where next is given the next-best into
 * next[] (-1 for none): the first row of the highest score, as rowrank_best has always taken it. */
static void ranked_two(const struct rundir *r, const int *group, int ng, int *best, int *next)
{
    int n = r->t.nrows;
    double *score = xcalloc((size_t)n + 1, sizeof *score);
    char *has = xcalloc((size_t)n + 1, 1);
    group_scores(r, group, ng, score, has);
    for (int g = 0; g < ng; g++) {
        best[g] = -1;
        if (next) next[g] = -1;
    }
    for (int i = 0; i < n; i++) {
        if (!has[i]) continue;
        int g = group[i];
        if (best[g] < 0 || score[i] > score[best[g]]) {
            if (next) next[g] = best[g];
            best[g] = i;
        } else if (next && (next[g] < 0 || score[i] > score[next[g]])) next[g] = i;
    }
    free(has);
    free(score);
}

int *rowrank_best(const struct rundir *r, const int *group, int ng)
{
    int *best = xmalloc(sizeof *best * (size_t)(ng + 1));
    ranked_two(r, group, ng, best, NULL);
    return best;
}

int *rowrank_next(const struct rundir *r, const int *group, int ng)
{
    int *best = xmalloc(sizeof *best * (size_t)(ng + 1)), *next = xmalloc(sizeof *next * (size_t)(ng + 1));
    ranked_two(r, group, ng, best, next);
    free(best);
    return next;
}

int *rowrank_bests(const struct rundir *r) { return rowrank_best(r, r->group, r->ngroups); }

int *rowrank_best_of_bests(const struct rundir *r, const int *bests, const int *group, int ng)
{
    /* A row that is not its own group's best is in no coarser group: the fastest by the coarser
     * group's measure could be a row its launch point's measure ranks second (GB/s across points where
     * one is memory-bound, GFLOP/s within a point where none is). */
    int *in = xmalloc(sizeof *in * (size_t)(r->t.nrows + 1));
    for (int i = 0; i < r->t.nrows; i++) in[i] = bests[r->group[i]] == i ? group[i] : -1;
    int *best = rowrank_best(r, in, ng);
    free(in);
    return best;
}

int rowrank_best_of(const struct rundir *r, const int *rows, int n, enum rowrank_by *by)
{
    int u = 0, b = -1;
    for (int k = 0; k < n; k++)
        if (unit_of(r, rows[k]) > u) u = unit_of(r, rows[k]);
    double top = NAN;
    for (int k = 0; k < n; k++) {
        double x = score_in(r, rows[k], u);
        if (!isnan(x) && (b < 0 || x > top)) { b = k; top = x; }
    }
    if (by) *by = b < 0 ? ROWRANK_NONE : u == 3 ? ROWRANK_GBS_MEMORY : u == 2 ? ROWRANK_GFLOPS : u ? ROWRANK_GBS : ROWRANK_TIME;
    return b;
}

const char *rowrank_by_said(enum rowrank_by by)
{
    static const char *const said[] = { [ROWRANK_NONE] = "", [ROWRANK_GBS_MEMORY] = "the highest GB/s",
                                        [ROWRANK_GFLOPS] = "the highest GFLOP/s", [ROWRANK_GBS] = "the highest GB/s",
                                        [ROWRANK_TIME] = "the lowest median time" };
    return said[by];
}

/* A row, its speed taken once, and its position in the caller's array: the comparator reads only
 * these, no run in a static. */
struct ranked { double rank; int row, at; };

/* by_speed: fastest first, ties to the lower row; then to the earlier position, so that qsort's
 * answer never rests on its own algorithm. */
static int by_speed(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->rank > y->rank) return -1;
    if (x->rank < y->rank) return 1;
    if (x->row != y->row) return x->row < y->row ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

int *rowrank_order(const struct rundir *r, const int *rows, int n)
{
    struct ranked *k = xmalloc(sizeof *k * (size_t)(n + 1));
    for (int i = 0; i < n; i++) k[i] = (struct ranked){rows[i] >= 0 ? rowrank(r, rows[i]) : 0, rows[i], i};
    qsort(k, (size_t)n, sizeof *k, by_speed);
    int *order = xmalloc(sizeof *order * (size_t)(n + 1));
    for (int i = 0; i < n; i++) order[i] = k[i].at;
    free(k);
    return order;
}
