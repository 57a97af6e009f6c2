/* restrictions.h — a spec's `restrictions`: expressions over the template parameters (and launch
 * axes) that every configuration must satisfy (a large tuning space's valid combinations, as Kernel
 * Tuner's `restrictions`): a combination of parameter values for which one of them is 0, or NaN, is
 * not a variant; a configuration for which one reading a launch axis is 0, or NaN, is a skipped row.
 * A restriction whose value is NaN there cannot say that it is valid, so it leaves it out too (and
 * is said: restrictions_nan_warnings, restrictions_none_left). */
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

/* What NaN is, as the messages say it. */
#define RESTRICTION_NAN "NaN (not a number: the square root or log of a negative, 0/0 or x % 0 in it)"

/* Where each restriction over the template parameters was NaN on a combination (restrictions_judge
 * left it out for that): how many, and the first, as the names it reads ("A=-1, B=2"), or NULL. */
struct restrictions_nans {
    int n;                       /* restrictions */
    int *count;                  /* [restriction] */
    char **first;                /* [restriction] */
};
void restrictions_nans_free(struct restrictions_nans *nn);

/* What each restriction over the template parameters makes of the combinations judged one at a
 * time, every restriction on each (not only up to the first that is 0): counted while none was
 * admitted, so that when none is, the error names the restriction that left out every combination
 * on its own, not the one that happened to judge the last (restrictions_none_left). */
struct restrictions_tally {
    int judged;                  /* combinations judged so */
    int *rejects;                /* [restriction]: of them, those it is 0 or NaN on */
    int *undefined;              /* [restriction]: those where a step of it had no finite value (a / 0) */
    struct restrictions_nans *nan; /* those where it was NaN (NULL: none) */
};
void restrictions_tally_free(struct restrictions_tally *t);

/* restrictions_apply: drops p's variants that fail a restriction of s over the template parameters
 * alone, counting them in p->restricted. 0; or -1 with *err (naming the restriction and its line)
 * when one cannot be evaluated, or when none is left: -2 then when `picked` (--set chose the
 * template parameters' values, so the command line is to blame). */
int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err);
/* restrictions_none_left: 0, or when the restrictions left p no variant, -1 with *err: where one
 * is NaN on every combination, that one, as the spec's other errors ("FILE:LINE: restrictions[2]
 * '...' is NaN ... on every combination"); else naming the restrictions that are 0 on every
 * combination (and one whose every value passed through a division by zero), else the one that
 * left out the most, and those NaN on some, from p->tally (-2 when `picked`, as restrictions_apply). */
int restrictions_none_left(const struct spec *s, const struct plan *p, int picked, char **err);
/* restrictions_nan_warnings: a warning ("FILE:LINE: restrictions[1] '...' is NaN ... on 3
 * combinations ...: left out") in w for each restriction that left out combinations of p for being
 * NaN on them; one NaN on all of them was restrictions_none_left's error. */
void restrictions_nan_warnings(const struct spec *s, const struct plan *p, struct strlist *w);
/* restrictions_nan_warn: each of those on stderr (warn), where a plan is made for a run, an
 * expansion or a dump: said once, before anything runs. */
void restrictions_nan_warn(const struct spec *s, const struct plan *p);
/* restrictions_point: for a configuration whose template parameters and launch point are in vv:
 * NULL when it meets every restriction that reads a launch axis, else why not ("left out by the
 * spec's restrictions[2] 'MNK % MWG == 0' (line 31)", "... (line 31), NaN (not a number: ...) here",
 * a new string: the row is skipped); NULL with *err when one cannot be evaluated. */
char *restrictions_point(const struct spec *s, const struct vars *vv, char **err);
/* restrictions_variant: for the template parameters' values in vv, why a restriction over them alone
 * leaves that combination out ("left out by the spec's restrictions[1] 'RY > 1 || UNR == 0' (line
 * 5)", a new string), where one is 0 there; NULL where none is (a name vv lacks makes it NaN: no
 * answer). What clx dump says of a combination it was asked for that is no variant. */
char *restrictions_variant(const struct spec *s, const struct vars *vv);
/* restrictions_point_values: the values every restriction reads set from vv (NaN for a name vv
 * lacks), for restrictions_point and for whatever judges the restrictions that read a launch axis
 * one at a time (restrictpoints.c). */
void restrictions_point_values(const struct spec *s, const struct vars *vv);
void restrictions_free(struct spec_restrictions *r);
#endif
