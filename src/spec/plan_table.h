/* plan_table.h — a plan's configurations as a table of the columns results.tsv names them by
 * (variant, its template parameters, build, the launch axes), so that a filter picks among the rows
 * a sweep would have before any of it runs. */
#ifndef PLAN_TABLE_H
#define PLAN_TABLE_H
#include "plan.h"
#include "lib/table.h"

/* plan_table: p's configurations (variant x build x launch point), a row each, into t, their cells
 * as run_rows.c writes them (the default build "default"); the cells point into p, which outlives
 * t; table_free frees t. The local column only where it holds the local axis's value (plan_local_is_axis):
 * elsewhere it is the launch's shape ("256x1"), which the run works out. 0, or -1 (t empty) where
 * they are more than most. */
int plan_table(const struct spec *s, const struct plan *p, size_t most, struct table *t);
/* plan_local_is_axis: whether a row's local column holds its local axis's value: a launch of one
 * dimension whose work-group size is the axis (no local_size, or "local"). */
int plan_local_is_axis(const struct spec *s);
/* plan_values: the values column col takes in p (the variants' ids for "variant", the build sets
 * for "build", "" the default one, a launch axis's, a template parameter's), each once, in the
 * plan's order, pushed onto out; 0, or -1 where p has no column of that name. */
int plan_values(const struct plan *p, const char *col, struct strlist *out);
#endif
