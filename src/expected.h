/* expected.h — what a variant's outputs must be, and the check against them. */
#ifndef EXPECTED_H
#define EXPECTED_H
#include "bench.h"
#include "plan.h"
#include "spec.h"
#include <stdint.h>

struct expect;
/* The expected outputs known at the current launch point (a small cache, capped in memory). */
struct expected { struct expect *e; int n; };

/* What checking one configuration's outputs found. */
struct outcome {
    const char *status;      /* "ok", "FAIL", or "error" (no reference answer) */
    char *note;              /* the first differing elements, or why there is no answer (caller frees) */
    double max_rel_err;      /* over the compared elements; NAN when nothing was compared */
    double cpu_ms;           /* the host reference's time when it computed every element, else 0 */
};

/* expected_check: checks the outputs in bs of variant v at the variables vv against the spec's
 * host reference (computed once per point and parameter set) or its baseline variant (whose
 * own output becomes the answer). */
void expected_check(struct expected *x, const struct spec *s, const struct plan *p, int v, const struct bufset *bs,
                    const struct vars *vv, uint64_t seed, struct outcome *o);
/* expected_clear: forgets every answer (at a new launch point). */
void expected_clear(struct expected *x);
#endif
