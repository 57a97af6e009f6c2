/* restrictions.h — a spec's `restrictions`: expressions over the template parameters that every
 * configuration must satisfy (a large tuning space's valid combinations, as Kernel Tuner's
 * `restrictions`): a combination of values for which one of them is 0 is not a variant. */
#ifndef RESTRICTIONS_H
#define RESTRICTIONS_H
#include "lib/util.h"

struct spec;
struct plan;
struct variant;

/* The expressions in spec order, with their lines in the spec file. */
struct spec_restrictions {
    struct strlist exprs;
    int *lines;
};

/* restrictions_violated: the index of the first restriction var fails (its value 0), or -1 when it
 * meets them all (or there are none); the index with *err (a new string, else left alone) of one
 * that cannot be evaluated for var. */
int restrictions_violated(const struct spec_restrictions *r, const struct variant *var, char **err);
/* restrictions_apply: drops p's variants that fail a restriction of s, counting them in
 * p->restricted. 0; or -1 with *err (naming the restriction and its line) when one cannot be
 * evaluated, or when none is left: -2 then when `picked` (--set chose the template parameters'
 * values, so the command line is to blame). */
int restrictions_apply(const struct spec *s, struct plan *p, int picked, char **err);
void restrictions_free(struct spec_restrictions *r);
#endif
