/* relrows.h — which configuration of a sweep (variant, build, launch point) a row of its results.tsv
 * is, told by its ids and cells, not by its place in the file: for relfile.h's rel_time made anew,
 * by the worker that knows its sweep and by a reader that has only the run's folder alike. */
#ifndef RELROWS_H
#define RELROWS_H
#include "spec/plan.h"
#include "lib/table.h"
#include <stddef.h>

/* The sweep as run: its variants (by id), builds (option strings), launch axes ("local" last where it
 * is one: the plan's order, its values varying fastest). A row's local is its place among its
 * variant, build and line's rows (the sweep writes them in order) over the locals swept says that
 * variant and build run there (NULL: every one); where local_cell, its local cell, which then holds
 * its local axis's value (plan_local_is_axis: else it is the shape launched, which local_size may make
 * of a variant's own parameters: float4's 8 at naive's 32). The worker, which knows what it sweeps,
 * gives swept; a reader of the folder alone, which does not (a tuned or sharded sweep runs some of a
 * line's locals only), local_cell where it can. */
struct relrows_sweep {
    const struct variant *vars;
    int nvars;
    const struct strlist *builds;
    const char *const *axes;
    const struct strlist *values;
    int naxes, local_cell;
    int (*swept)(const void *ctx, int v, int b, long pt);
    const void *ctx;
};

struct relrows;
/* relrows_new: the lines of sw (borrowed: it must outlive the result), for relrows_config. */
struct relrows *relrows_new(const struct relrows_sweep *sw);
/* relrows_config: row of t (called once a row, in the file's order) as *v, *b, *pt (the plan's point
 * index); 0, or -1 where it is none of the sweep's swept rows (a build phase's row, with no launch
 * point; a variant, build or point the sweep does not have; a line's row past those it runs). */
int relrows_config(struct relrows *x, const struct table *t, int row, int *v, int *b, size_t *pt);
void relrows_free(struct relrows *x);
#endif
