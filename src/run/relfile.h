/* relfile.h — a resumed sweep's rel_time and speedup made anew over the rows its results.tsv holds:
 * by its worker, and from the run's folder alone (run.json's sweep as run) by the supervisor whose
 * worker a stop killed; the plan's variants as run.json lists them, for clx merge too. */
#ifndef RELFILE_H
#define RELFILE_H
#include "spec/plan.h"
#include "spec/spec.h"
#include "relrows.h"
#include "store/results.h"
#include "store/runjson.h"
#include "lib/table.h"

/* relative_vars_as_run: the plan's variants as run.json's as_run lists them (id, keys, values), each
 * named by spec s's variant its id names (NULL where s has none): a new array of a->nvariants, freed
 * by relative_vars_free. */
struct variant *relative_vars_as_run(const struct spec *s, const struct rj_as_run *a);
void relative_vars_free(struct variant *vars, long n);

/* relative_refresh_rows: every row's rel_time and speedup in res's results.tsv made anew against the
 * rows the file holds as it stands (the rule of relative.h, ref the spec's relative variant: NULL,
 * none, nothing done), each row's configuration told by relrows.h over sweep sw, written through res
 * (results_set_columns: a worker's own open file stays its, a reader's is replaced whole): the one
 * way a resumed sweep's rows get them anew, by its worker (run_relfresh.c, its plan's sweep) or, where
 * a stop killed it, its supervisor (relative_refresh_dir). 0 (also where the file has no such columns), or -1 and *why (a new string), the
 * file left as it was. */
int relative_refresh_rows(const struct relrows_sweep *sw, const struct spec_variant *ref, struct results *res, char **why);

/* relative_refresh_dir: every swept row's rel_time and speedup in dir/results.tsv made anew against
 * the rows the file holds as it stands (the rule of relative.h: the spec's relative variant at the
 * same build, launch point and non-own parameters), s the spec as run; rows matched by relrows.h over
 * run.json's sweep as run, not by their place, under the run's lock. 0 (also where s names no relative variant or the file
 * has no such columns), or -1 and *why (a new string) where it could not, the file left as it was. */
int relative_refresh_dir(const struct spec *s, const char *dir, char **why);
#endif
