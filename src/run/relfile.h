/* relfile.h — rel_time and speedup made anew from a run's folder alone (results.tsv and run.json's
 * variants as run), for a reader with no plan: clx merge, and the supervisor of a resumed sweep whose
 * worker a stop killed. */
#ifndef RELFILE_H
#define RELFILE_H
#include "spec/plan.h"
#include "spec/spec.h"
#include "store/runjson.h"

/* relative_vars_as_run: the plan's variants as run.json's as_run lists them (id, keys, values), each
 * named by spec s's variant its id names (NULL where s has none): a new array of a->nvariants, freed
 * by relative_vars_free. */
struct variant *relative_vars_as_run(const struct spec *s, const struct rj_as_run *a);
void relative_vars_free(struct variant *vars, long n);

/* relative_refresh_dir: every swept row's rel_time and speedup in dir/results.tsv made anew against
 * the rows the file holds as it stands (the rule of relative.h: the spec's relative variant at the
 * same build, launch point and non-own parameters), s the spec as run; rows matched by their variant
 * id, build and axis cells, not by their place. 0 (also where s names no relative variant or the file
 * has no such columns), or -1 and *why (a new string) where it could not, the file left as it was. */
int relative_refresh_dir(const struct spec *s, const char *dir, char **why);
#endif
