/* expandfail.h — m4's failures over several variants of a template said once each, with the variants
 * each hit (a template mistake gives every variant the same message): what clx expand and clx run
 * say of them. */
#ifndef EXPANDFAIL_H
#define EXPANDFAIL_H
#include <stdio.h>

/* expandfail_say: on f, each message of errs[0..n-1] (NULL where the variant expanded) once, in the
 * order of its first variant: "clx: variant ID: MESSAGE" for one variant, "clx: on K of N variants
 * (ID; ID; ID; ...): MESSAGE" for several (ids: the variants' ids). Returns how many failed. */
int expandfail_say(FILE *f, char *const *errs, const char *const *ids, int n);
#endif
