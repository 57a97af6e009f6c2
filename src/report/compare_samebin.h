/* compare_samebin.h — where a comparison sets builds against each other (--by build, or runs joined
 * along build) and a variant's two builds compiled to the same binary (rusticl ignores
 * -cl-opt-disable): its speed-up there is no cost of the option, and a line under the side's table
 * says so (samebin.h). */
#ifndef COMPARE_SAMEBIN_H
#define COMPARE_SAMEBIN_H
#include "compare_outcome.h"
#include <stdio.h>

/* cmp_samebin_line: where the sides are builds and some variant's build on side s compiled to the
 * same binary as its build on A, "Note: the builds 'default' and '-cl-opt-disable' of ILP=1 compiled
 * to the same binary: ...", a line (markdown: a paragraph); 1 where said, else nothing and 0. */
int cmp_samebin_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown);
/* cmp_samebin_sides_line: where runs are compared (not builds against builds) and on side A or side
 * s a no-opt build of a variant in common compiled to the same binary as its default build (rusticl
 * ignores -cl-opt-disable), "Note: on B, the builds 'default' and '-cl-opt-disable' compiled to the
 * same binary for prag, noprag (...): its -cl-opt-disable rows are its optimised code, ...", a line
 * per such side (markdown: a paragraph); 1 where said, else nothing and 0. */
int cmp_samebin_sides_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown);
#endif
