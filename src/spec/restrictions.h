/* restrictions.h — a spec's `restrictions`: expressions over the template parameters (and launch
 * axes) that every configuration must satisfy (a large tuning space's valid combinations, as Kernel
 * Tuner's `restrictions`): a combination of parameter values for which one of them is 0 is not a
 * variant; a configuration for which one reading a launch axis is 0 is a skipped row. */
#ifndef RESTRICTIONS_H
#define RESTRICTIONS_H
#include "lib/expr.h"
#include "lib/util.h"

struct spec;
struct plan;
struct variant;

/* The expressions in spec order, with their lines in the spec file; per_point[i]: it reads a launch
 * axis (a problem size), so it is applied to each configuration, not to the variants. Each compiled
 * once at load over `names` (the template parameters, then the launch axes); `values` is the
 * evaluations' scratch, in the order of `names`. */
struct expr_prog;
struct spec_restrictions {
    struct strlist exprs;
    int *lines;
    int *per_point;
    struct expr_prog **prog;
    struct vars names;
    double *values;
};

/* restrictions_apply: drops p's variants that fail a restriction of s over the template parameters
 * alone, counting them in p->restricted. 0; or -1 with *err (naming the restriction and its line)
 * when one cannot be evaluated, or when none is left: -2 then when `picked` (--set chose the
 * template parameters' values, so the command line is to blame). */
int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err);
/* restrictions_none_left: 0, or when the restrictions left p no variant, -1 with *err naming the one
 * that left out the last (-2 when `picked`, as restrictions_apply). */
int restrictions_none_left(const struct spec *s, const struct plan *p, int picked, char **err);
/* restrictions_point: for a configuration whose template parameters and launch point are in vv:
 * NULL when it meets every restriction that reads a launch axis, else why not ("left out by the
 * spec's restrictions[2] 'MNK % MWG == 0' (line 31)", a new string: the row is skipped); NULL with
 * *err when one cannot be evaluated. */
char *restrictions_point(const struct spec *s, const struct vars *vv, char **err);
void restrictions_free(struct spec_restrictions *r);
#endif
