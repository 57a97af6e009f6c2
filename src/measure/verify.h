/* verify.h — compares a device output with the expected one, with a tolerance fit for the type. */
#ifndef VERIFY_H
#define VERIFY_H
#include "lib/types.h"
#include <stddef.h>

#define VERIFY_SHOW 5   /* how many differing elements a report names */

struct verify_result {
    size_t checked;          /* elements compared */
    size_t mismatches;       /* elements outside the tolerance (NaN counts as a mismatch) */
    double max_abs_err, max_rel_err;
    size_t unwritten;        /* of the mismatches, elements that still hold the poison: never written */
    char *report;            /* "c[3]: got 1.5 expected 2.5; c[7]: ..." for the first VERIFY_SHOW: a new string
                              * of any length (the output's name is in it), verify_result_free's; NULL where
                              * none differs */
};
/* verify_result_free: r's report freed (NULL after). */
void verify_result_free(struct verify_result *r);

/* verify_default_tol: relative tolerance for the type: 0 for integers, ~1e-5 float, ~1e-12 double. */
double verify_default_tol(enum cltype t);
/* A comparison on the host: got with want, both arrays of count elements of type, named name in
 * the report. idx/nidx, when idx is not NULL, limit it to those indices. An element passes when
 * |got-want| <= atol + rtol*|want|. */
struct verify_job {
    const char *name;
    enum cltype type;
    const void *got, *want;
    size_t count;
    const size_t *idx;
    size_t nidx;
    double rtol, atol;
};
/* verify_compare: runs j into r (NULL: not kept; r's earlier contents not read); returns the number of
 * mismatches. */
size_t verify_compare(const struct verify_job *j, struct verify_result *r);
/* verify_poison: fills a buffer of count elements with a pattern no kernel writes by accident
 * (a NaN payload for floats, 0xDEADBEEF-style bytes for integers). */
void verify_poison(enum cltype t, void *data, size_t count);
#endif
