/* select.h — picking rows of a results table by their values, as plots and findings write it:
 * a filter "build=default, N=200M, local<=256, variant=naive|float4", and a check, an expression
 * over selectors such as "max(gflops[ILP=4, local=64]) >= 0.95 * max(gflops[ILP=1])". */
#ifndef SELECT_H
#define SELECT_H
#include "lib/table.h"

enum sel_op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

/* One condition: column OP value; with OP_EQ/OP_NE the value may list alternatives "a|b".
 * extreme: COLUMN=max (+1) or COLUMN=min (-1): not a value but the rows where COLUMN is highest or
 * lowest among those the other conditions pick (filter_extremes; filter_match passes every row). */
struct cond { char *col; enum sel_op op; struct strlist alts; int colidx; int extreme; };
struct filter { struct cond *c; int n; };

/* filter_cond_text: "ILP=8", "local<=256": a condition as written (a new string). */
char *filter_cond_text(const struct cond *c);
/* filter_parse: "A=1, B!=x, C<=2" (empty text: no condition). 0, or -1 and *err. */
int filter_parse(const char *text, struct filter *f, char **err);
/* filter_merge: f's conditions plus those of extra on columns f does not name (a selector's own
 * conditions win over its finding's where). */
void filter_merge(struct filter *f, const struct filter *extra);
/* filter_bind: resolves column names in t; -1 and *err ("no column 'lcoal'") when one is missing. */
int filter_bind(struct filter *f, const struct table *t, char **err);
/* filter_names: whether the filter has a condition on col. */
int filter_names(const struct filter *f, const char *col);
/* filter_fixing: the condition of f that gives col one value (col=V, one alternative, no max or
 * min), or NULL: what a plot's where fixes, which the plot then does not vary. */
const struct cond *filter_fixing(const struct filter *f, const char *col);
/* filter_match: whether row satisfies every condition. Values compare as numbers when both read
 * as numbers ("200M" = 200000000), else as text (only = and != apply to text). */
int filter_match(const struct filter *f, const struct table *t, int row);
/* filter_explain: why no row with eligible[row] set matches: the first condition that excludes
 * every row the other conditions leave ("ILP=8 excludes all 4 rows the other conditions leave
 * (ILP there: 1, 4)"; more than eight values as a range that says it is cut: "local there: 64, 128,
 * ..., 1024 (16 values)"); NULL when no single condition does (a new string). */
char *filter_explain(const struct filter *f, const struct table *t, const int *eligible);
/* filter_explain_uncounted: the same without the count ("ILP=8 excludes every row the other
 * conditions leave (ILP there: 1, 4)"), where the rows eligible stands for are not all the rows the
 * other conditions leave (a spec's sweep read before a run: conditions it cannot judge). */
char *filter_explain_uncounted(const struct filter *f, const struct table *t, const int *eligible);
void filter_free(struct filter *f);
/* filter_extremes: of rows[0..n), those where each COLUMN=max or COLUMN=min condition's column is
 * at its highest or lowest (rows without a number in it dropped), kept in rows; returns how many. */
int filter_extremes(const struct filter *f, const struct table *t, int *rows, int n);

/* Aggregates a selector may apply to the rows it picks. */
enum sel_agg { AGG_ONE, AGG_MIN, AGG_MAX, AGG_MEAN, AGG_MEDIAN, AGG_SUM, AGG_COUNT, AGG_GMEAN };

/* A selector: metric[filter], or agg(metric[filter]); the metric a column or an expression in
 * parentheses, "(median_ms * 1e6 / OPS)[...]". Without agg it must pick exactly one row. */
struct selector { char *text, *metric; enum sel_agg agg; struct filter f; };

/* A check: expr is the text with every selector replaced by the variable sel_1, sel_2 ...; sides
 * and ops hold its top-level comparisons ("L >= R", split at top-level && and ||) for showing
 * the numbers. */
struct check {
    char *expr;
    struct selector *sel; int nsel;
    struct strlist sides;        /* left, right of each top-level comparison, in expr's terms */
    struct strlist ops;          /* its operator */
};
/* check_parse: 0, or -1 and *err naming what is wrong ("unknown aggregate 'avg'"). */
int check_parse(const char *text, struct check *c, char **err);
void check_free(struct check *c);
/* check_text: expr, in c's terms (sel_1, sel_2 ...), with each selector as the check wrote it: a
 * new string, "max(gbs[]) / min(gbs[])". */
char *check_text(const struct check *c, const char *expr);
/* sel_agg_name: "max" for AGG_MAX; "" for AGG_ONE. */
const char *sel_agg_name(enum sel_agg a);
#endif
