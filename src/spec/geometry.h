/* geometry.h — a configuration's derived values and launch sizes from its names, as a run and
 * clx run --dry-run evaluate them, a value that is no number said with its setting, its line and
 * why ("derived ITEMS = 'ceil_div(N, OPW * VEC)' (f.spec:9) is not a number at VEC=0: division by
 * zero"), not found later as an unknown name. */
#ifndef GEOMETRY_H
#define GEOMETRY_H
#include "lib/expr.h"
#include <stddef.h>

struct spec;
struct plan;

/* geometry_derived: s's derived values in order into vv. partial: one that reads a name vv lacks
 * yet (GLOBAL, GROUPS before the launch is known; a device's property in a dry run) is left out,
 * and so are those that read it; without partial that is an error. One whose value is no number
 * is an error either way. 0, or -1 and *err (a new string). */
int geometry_derived(const struct spec *s, struct vars *vv, int partial, char **err);

/* geometry_dim: dimension d's work-group size *lx and work-items *gx with vv (lx: local_size's
 * entry for d, else the 'local' axis's value for dimension 0 and 1 for the others). 0; -1 and *err
 * where a name has no value in vv; -2 and *err where a value is no number; -3 and *err where one
 * is below 1. */
int geometry_dim(const struct spec *s, unsigned d, const struct vars *vv, double *lx, double *gx, char **err);

/* geometry_local_said: a launch's work-group of dims dimensions (local[]) as the spec gives it, for
 * a message: "128x128 (16384 work-items; local_size = [ \"TILE\", \"TILE\" ] (f.spec:10) at
 * TILE=128)"; one dimension of the 'local' axis alone "of 256" (a new string). */
char *geometry_local_said(const struct spec *s, const size_t *local, unsigned dims, const struct vars *vv);

/* geometry_point: planned configuration (variant v, point pt, a build with noopt) without a device,
 * as the run works it out, into vv (empty, or holding a device's values): its values, NOOPT, its derived values (those that read
 * the launch left for after it), its launch sizes (GLOBAL, GROUPS), its derived values again. One
 * home for what a dry run's check of every configuration and the check of the spec's work at them
 * need. 0; 1 where the spec's restrictions leave it out (or cannot tell: their error is the run's);
 * -1 where a launch size reads a name vv lacks (a device's: so do the variant's other points); -2
 * and *err where a value is no number; -3 and *err where a size is below 1. */
int geometry_point(const struct spec *s, const struct plan *p, int v, size_t pt, int noopt, struct vars *vv, char **err);
#endif
