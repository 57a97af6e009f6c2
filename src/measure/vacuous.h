/* vacuous.h — host references whose answer a kernel that writes nothing would match: one that
 * reads its output buffer's starting contents (the poison), and one that is NaN wherever checked. */
#ifndef VACUOUS_H
#define VACUOUS_H
#include "lib/types.h"
#include <stddef.h>

/* vacuous_fill: fills count elements of type t with a second pattern, finite where the poison
 * (verify_poison) is NaN, for a reference's second run over other starting contents. */
void vacuous_fill(enum cltype t, void *data, size_t count);

/* What vacuous_read compares: one output, named name, of reference ref, as its two runs left it:
 * first over the poison, second over vacuous_fill; at idx (nidx of them; NULL: every element of
 * count); values within atol + rtol * |first| are the same. */
struct vacuous_pair {
    const char *ref, *name;
    enum cltype type;
    const void *first, *second;
    size_t count;
    const size_t *idx;
    size_t nidx;
    double rtol, atol;
};
/* vacuous_read: NULL when every element is the same in both runs or is left as each fill (the
 * reference leaves it, as a kernel may); else a new string naming the reference, the buffer and
 * the first element whose expected value depends on the starting contents, and what to do. */
char *vacuous_read(const struct vacuous_pair *p);

/* vacuous_all_nan: 1 when t is floating and every element of data checked (idx, nidx as above;
 * elements at or beyond count are not) is NaN, and there is one; else 0. */
int vacuous_all_nan(enum cltype t, const void *data, size_t count, const size_t *idx, size_t nidx);
#endif
